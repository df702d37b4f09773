; atomicrmw and cmpxchg are checked as stores of their operand's size (the
; write rules are the stricter ones); atomic loads and stores as plain ones.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @rmw(
; CHECK:      call void @__mpisync_store4(ptr %p)
; CHECK:      atomicrmw add ptr %p, i32 1
; CHECK:      call void @__mpisync_store1(ptr %p)
; CHECK-NEXT: atomicrmw xchg ptr %p, i8 0
; CHECK-NOT:  @__mpisync_load
define void @rmw(ptr %p) {
  %a = atomicrmw add ptr %p, i32 1 seq_cst
  %b = atomicrmw xchg ptr %p, i8 0 monotonic
  ret void
}

; CHECK-LABEL: define void @cas(
; CHECK:      call void @__mpisync_store8(ptr %p)
; CHECK:      cmpxchg ptr %p, i64 0, i64 1
; CHECK:      call void @__mpisync_store16(ptr %p)
; CHECK:      cmpxchg ptr %p, i128 0, i128 1
; CHECK-NOT:  @__mpisync_load
define void @cas(ptr %p) {
  %a = cmpxchg ptr %p, i64 0, i64 1 seq_cst seq_cst
  %b = cmpxchg ptr %p, i128 0, i128 1 acq_rel monotonic
  ret void
}

; CHECK-LABEL: define void @atomic_load_store(
; CHECK:      call void @__mpisync_load4(ptr %p)
; CHECK-NEXT: load atomic i32, ptr %p acquire
; CHECK:      call void @__mpisync_store4(ptr %p)
; CHECK:      store atomic i32 %v, ptr %p release
define void @atomic_load_store(ptr %p) {
  %v = load atomic i32, ptr %p acquire, align 4
  store atomic i32 %v, ptr %p release, align 4
  ret void
}
