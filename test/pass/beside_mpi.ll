; Accesses outside call-free loops that run only beside an MPI call
; (pass/BesideMpiCalls.h) are checked by a bare call to the runtime's _cold
; entry (no inline test); every other one keeps its inline test in front of
; the _pa call.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-cold-calls-beside-mpi=0 -S %s | FileCheck %s --check-prefix=OFF
; Another target keeps the inline tests (only x86-64's cold entries are the
; two compares they are meant to be):
; RUN: sed 's/x86_64-unknown-linux-gnu/aarch64-unknown-linux-gnu/' %s | %opt -load-pass-plugin=%plugin -passes=mpisync -S | FileCheck %s --check-prefix=OFF
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @MPI_Barrier(i32)
declare void @opaque()

; Straight-line code: after the call (dominated) and before it
; (post-dominated).
; CHECK-LABEL: define void @straight(
; CHECK:      call preserve_allcc void @__mpisync_load4_cold(ptr %p)
; CHECK-NEXT: load i32, ptr %p
; CHECK:      call i32 @MPI_Barrier(
; CHECK:      call preserve_allcc void @__mpisync_store8_cold(ptr %q)
; CHECK-NEXT: store i64 1, ptr %q
; CHECK-NOT:  _pa
; CHECK:      ret void
; OFF-LABEL: define void @straight(
; OFF-NOT:   _cold
; OFF:       call preserve_allcc void @__mpisync_load4_pa(ptr %p)
; OFF:       ret void
define void @straight(ptr %p, ptr %q) {
entry:
  %v = load i32, ptr %p, align 4
  %r = call i32 @MPI_Barrier(i32 %v)
  store i64 1, ptr %q, align 8
  ret void
}

; A branch that skips the MPI call: the access on it keeps the inline test,
; the one after the join too (neither dominated nor post-dominated).
; CHECK-LABEL: define void @skipped(
; CHECK-NOT:  _cold
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %q)
; CHECK:      ret void
define void @skipped(ptr %p, ptr %q, i1 %c) {
entry:
  br i1 %c, label %comm, label %other

comm:
  %r = call i32 @MPI_Barrier(i32 0)
  br label %join

other:
  store i32 2, ptr %p, align 4
  br label %join

join:
  store i32 3, ptr %q, align 4
  ret void
}

; No MPI call in the function: the inline test.
; CHECK-LABEL: define void @no_mpi(
; CHECK-NOT:  _cold
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; CHECK:      ret void
define void @no_mpi(ptr %p) {
entry:
  call void @opaque()
  store i32 5, ptr %p, align 4
  ret void
}

; A loop that makes an MPI call in each iteration: an access in the call's
; block, or in a block it dominates, is beside it; one in a block before it
; is not (post-dominance does not bound the runs of a block per call inside
; a loop), nor one in an inner loop, which may run many times per MPI call.
; CHECK-LABEL: define void @loops(
; CHECK:      loop:
; CHECK-NOT:  _cold
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; CHECK:      body:
; CHECK-NEXT: call preserve_allcc void @__mpisync_store4_cold(ptr %t)
; CHECK-NEXT: store i32 9, ptr %t
; CHECK-NEXT: call i32 @MPI_Barrier(
; CHECK-NEXT: call preserve_allcc void @__mpisync_store4_cold(ptr %q)
; CHECK-NEXT: store i32 7, ptr %q
; CHECK:      inner:
; CHECK-NOT:  _cold
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %s)
; CHECK:      ret void
define void @loops(ptr %p, ptr %q, ptr %s, ptr %t, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 6, ptr %p, align 4
  br label %body

body:
  store i32 9, ptr %t, align 4
  %r = call i32 @MPI_Barrier(i32 %i)
  store i32 7, ptr %q, align 4
  br label %inner

inner:
  %j = phi i32 [ 0, %body ], [ %j.next, %inner ]
  call void @opaque()
  store i32 8, ptr %s, align 4
  %j.next = add i32 %j, 1
  %j.done = icmp eq i32 %j.next, %n
  br i1 %j.done, label %latch, label %inner

latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Sizes without a _cold entry (3 bytes, 32 bytes) keep the inline test.
; CHECK-LABEL: define void @odd_sizes(
; CHECK-NOT:  _cold
; CHECK:      ret void
define void @odd_sizes(ptr %p, ptr %q) {
entry:
  %r = call i32 @MPI_Barrier(i32 0)
  store i24 1, ptr %p, align 1
  store <4 x i64> zeroinitializer, ptr %q, align 8
  ret void
}
