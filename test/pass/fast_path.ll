; The inline fast path (DESIGN.md section 4). In a call-free loop, and
; everywhere with -mpisync-near-test=0, the hot code tests the pending word,
; loaded once per call-free region (reloaded after a call that may reach
; MPI), and branches to a cold block holding the range test of the access
; type, the shadow test, then a preserve_all call into the runtime.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-near-test=0 -S %s | FileCheck %s
; Switching levels off keeps the runtime call: what is detected is the same.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-near-test=0 -mpisync-inline-range=0 -mpisync-inline-shadow=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=ERAT
; -mpisync-compact-cold-checks: outside call-free loops the cold block is
; the call alone (the runtime repeats the tests); smaller code, same checks.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-near-test=0 -mpisync-compact-cold-checks -S %s \
; RUN:   | FileCheck %s --check-prefix=COMPACT
; By default, outside call-free loops the hot test is the access's address
; against the near interval (fields 6 and 7, loaded at the access): no
; pending word is kept across calls, and an access far from everything
; pending stays on the hot path while something is pending. The cold block
; then tests the access's shadow bytes directly (no interval of its type).
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s --check-prefix=NEAR
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare void @unknown()

; CHECK-LABEL: define void @store(
; CHECK:      %[[P:.*]] = load i64, ptr @__mpisync_state
; CHECK-NEXT: %[[ANY:.*]] = icmp ne i64 %[[P]], 0
; CHECK-NEXT: br i1 %[[ANY]], label %[[COLD:.*]], label %[[HOT:.*]], !prof
; CHECK:      [[COLD]]:
; Stores are tested against the store interval (fields 3 and 4).
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 4)
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 3)
; CHECK:      icmp ult i64
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 5)
; An aligned 4-byte store has one shadow granule; stores test mask 11 (the
; bits of the non-Allow store rules of include/mpisync/buffer_rules.def:
; send 1, receive 2, window store 8, and the unordered send 16 and receive
; 32 of docs/threads.md).
; CHECK:      load i8, ptr
; CHECK-NOT:  load i8
; CHECK:      and i8 %{{.*}}, 59
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; CHECK:      [[HOT]]:
; CHECK-NEXT: store i32 1, ptr %p
; ERAT-LABEL: define void @store(
; ERAT:       icmp ne i64 %span, 0
; ERAT-NOT:   load i8
; ERAT:       call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; COMPACT-LABEL: define void @store(
; COMPACT:      %[[ANY:.*]] = icmp ne i64 %{{.*}}, 0
; COMPACT-NEXT: br i1 %[[ANY]], label %[[COLD:.*]], label %{{.*}}, !prof
; COMPACT:      [[COLD]]:
; COMPACT-NEXT: call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; NEAR-LABEL: define void @store(
; NEAR:      %[[A:.*]] = ptrtoint ptr %p to i64
; NEAR-NEXT: %[[LO:.*]] = load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 6)
; NEAR-NEXT: %[[SPAN:.*]] = load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 7)
; NEAR-NEXT: %[[OFF:.*]] = sub i64 %[[A]], %[[LO]]
; NEAR-NEXT: %[[NEAR:.*]] = icmp ult i64 %[[OFF]], %[[SPAN]]
; NEAR-NEXT: br i1 %[[NEAR]], label %[[COLD:.*]], label %[[HOT:.*]], !prof
; NEAR:      [[COLD]]:
; NEAR-NOT:  i64 0, i64 4)
; NEAR:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 5)
; NEAR:      and i8 %{{.*}}, 59
; NEAR:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; NEAR:      [[HOT]]:
; NEAR-NEXT: store i32 1, ptr %p
; NEAR-NOT:  load i64, ptr @__mpisync_state
; NEAR:      ret void
define void @store(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

; Loads use the load interval (fields 1 and 2) and mask 38 (receive 2, window
; load 4, unordered receive 32: reading a send buffer is allowed); an unaligned access may
; straddle two granules, whose shadow bytes are next to each other: one
; 2-byte load reads both, each byte masked (38 * 257 = 9766).
; CHECK-LABEL: define i64 @unaligned_load(
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 2)
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 1)
; CHECK:      load i16, ptr %{{.*}}, align 1
; CHECK-NOT:  load i8
; CHECK:      and i16 %{{.*}}, 9766
; CHECK:      call preserve_allcc void @__mpisync_load8_pa(ptr %p)
define i64 @unaligned_load(ptr %p) {
  %v = load i64, ptr %p, align 1
  ret i64 %v
}

; The same address checked twice in one call-free stretch is checked once; a
; store check also covers a later load of the same address.
; CHECK-LABEL: define void @twice(
; CHECK-COUNT-1: call preserve_allcc void @__mpisync_store4_pa
; CHECK-NOT:  call preserve_allcc
; CHECK:      ret void
define void @twice(ptr %p) {
  store i32 1, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %p, align 4
  ret void
}

; A call may reach MPI: the word is reloaded after it, and the check before
; the call does not cover the access after it.
; CHECK-LABEL: define void @around_call(
; CHECK:      load i64, ptr @__mpisync_state
; CHECK:      call preserve_allcc void @__mpisync_store4_pa
; CHECK:      call void @unknown()
; CHECK-NEXT: load i64, ptr @__mpisync_state
; CHECK:      call preserve_allcc void @__mpisync_store4_pa
; NEAR-LABEL: define void @around_call(
; NEAR-NOT:  load i64, ptr @__mpisync_state
; NEAR:      call preserve_allcc void @__mpisync_store4_pa
; NEAR:      call void @unknown()
; NEAR-NEXT: ptrtoint
; NEAR-NEXT: load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 6)
; NEAR:      call preserve_allcc void @__mpisync_store4_pa
define void @around_call(ptr %p) {
  store i32 1, ptr %p, align 4
  call void @unknown()
  store i32 2, ptr %p, align 4
  ret void
}

; Calls into the C library do not reach MPI: no reload.
; CHECK-LABEL: define double @libm(
; CHECK:      call double @sqrt(
; CHECK-NOT:  load i64, ptr @__mpisync_state
; CHECK:      ret double
declare double @sqrt(double)
define double @libm(ptr %p) {
  %v = load double, ptr %p, align 8
  %r = call double @sqrt(double %v)
  store double %r, ptr %p, align 8
  ret double %r
}
