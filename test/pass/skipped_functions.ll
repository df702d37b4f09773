; Functions named __mpisync* (the runtime's own) and functions with
; disable_sanitizer_instrumentation are left alone; optnone functions (all
; functions at clang -O0) are instrumented.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @__mpisync_helper(
; CHECK-NEXT:  store i32 0, ptr %p
; CHECK-NEXT:  call void @llvm.memset.p0.i64(
; CHECK-NEXT:  ret void
define void @__mpisync_helper(ptr %p) {
  store i32 0, ptr %p
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i1 false)
  ret void
}

; CHECK-LABEL: define void @no_sanitize(
; CHECK-NEXT:  store i32 0, ptr %p
; CHECK-NEXT:  load i32, ptr %p
; CHECK-NEXT:  ret void
define void @no_sanitize(ptr %p) disable_sanitizer_instrumentation {
  store i32 0, ptr %p
  %v = load i32, ptr %p
  ret void
}

; CHECK-LABEL: define void @at_O0(
; CHECK-NEXT:  call void @__mpisync_store4(ptr %p)
; CHECK-NEXT:  store i32 0, ptr %p
; CHECK-NEXT:  ret void
define void @at_O0(ptr %p) noinline optnone {
  store i32 0, ptr %p
  ret void
}
