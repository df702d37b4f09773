; The pass adds a module constructor that calls __mpisync_init to
; llvm.global_ctors, once; running the pass again changes nothing.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync,mpisync %basic -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s \
; RUN:   | %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 {{[0-9]+}}, ptr @mpisync.module_ctor, ptr null }]

; CHECK-LABEL: define void @f(
; CHECK-NEXT:  call void @__mpisync_store4(ptr %p)
; CHECK-NEXT:  store i32 0, ptr %p
; CHECK-NEXT:  call void @__mpisync_store8(ptr %p)
; CHECK-NEXT:  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i1 false)
; CHECK-NEXT:  ret void
define void @f(ptr %p) {
  store i32 0, ptr %p
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i1 false)
  ret void
}

; CHECK-LABEL: define internal void @mpisync.module_ctor(
; CHECK-NEXT:  call void @__mpisync_init()
; CHECK-NEXT:  ret void
; CHECK-NOT:   define {{.*}}@mpisync.module_ctor
