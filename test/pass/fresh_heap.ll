; A block fresh from malloc is in no pending operation until a call that may
; reach MPI has seen it: accesses through the allocation's own value are not
; checked where no such call (nor a fence or a release store, by which
; another thread could learn the address) lies on any path from the
; allocation to them. Calls the C library knows (sin) are no barrier; a path
; around a loop through an MPI call is; a phi of the allocation (a block an
; earlier iteration allocated) is never fresh. -mpisync-skip-fresh-heap=0
; checks them all (every block here reaches MPI, so no other filter applies).
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-skip-fresh-heap=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@keep = global ptr null

declare noalias ptr @malloc(i64) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc"
declare double @sin(double)
declare i32 @MPI_Irecv(ptr, i32, i32, i32, i32, i32, ptr)
declare void @unknown()

; Filled (across a call to sin), then received into, then read.
; CHECK-LABEL: define double @fill_then_receive(
; CHECK-NOT:   call void @__mpisync_store
; CHECK:       call i32 @MPI_Irecv
; CHECK:       call void @__mpisync_load8(ptr %a)
; CHECK:       ret double
; OFF-LABEL:   define double @fill_then_receive(
; OFF:         call void @__mpisync_storeN(ptr %a,
define double @fill_then_receive(i64 %n) {
entry:
  %a = call ptr @malloc(i64 %n)
  %s = call double @sin(double 1.0)
  store double %s, ptr %a
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %e = getelementptr inbounds double, ptr %a, i64 %i
  store double 0.0, ptr %e
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %recv, label %loop
recv:
  %req = alloca i32
  call i32 @MPI_Irecv(ptr %a, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %x = load double, ptr %a
  ret double %x
}

; The loop's MPI call reaches its store through the back edge.
; CHECK-LABEL: define void @receive_in_loop(
; CHECK:       call void @__mpisync_store8(ptr %e)
define void @receive_in_loop(i64 %n) {
entry:
  %a = call ptr @malloc(i64 %n)
  %req = alloca i32
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = getelementptr inbounds double, ptr %a, i64 %i
  store double 0.0, ptr %e
  call i32 @MPI_Irecv(ptr %a, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A new block per iteration: this iteration's is fresh before its receive,
; the previous one's (a phi) is not.
; CHECK-LABEL: define void @block_per_iteration(
; CHECK-NOT:   call void @__mpisync_store8(ptr %cur)
; CHECK:       call void @__mpisync_store8(ptr %prev)
; CHECK-NOT:   call void @__mpisync_store8(ptr %cur)
; CHECK:       call i32 @MPI_Irecv
; OFF-LABEL:   define void @block_per_iteration(
; OFF:         call void @__mpisync_store8(ptr %cur)
define void @block_per_iteration(i64 %n) {
entry:
  %req = alloca i32
  %first = call ptr @malloc(i64 8)
  call i32 @MPI_Irecv(ptr %first, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prev = phi ptr [ %first, %entry ], [ %cur, %loop ]
  %cur = call ptr @malloc(i64 8)
  store double 1.0, ptr %prev
  store double 2.0, ptr %cur
  call i32 @MPI_Irecv(ptr %cur, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Published to another thread by a release store: that thread may hand it
; to MPI.
; CHECK-LABEL: define void @published(
; CHECK:       call void @__mpisync_store8(ptr %a)
define void @published(i64 %n) {
  %a = call ptr @malloc(i64 %n)
  store atomic ptr %a, ptr @keep release, align 8
  store double 1.0, ptr %a
  ret void
}

; A plain store of the address is no barrier (only a call can hand it to
; MPI, and another thread reading it unsynchronized is a data race); an
; unknown call on one of two paths is.
; CHECK-LABEL: define void @one_path_calls(
; CHECK-NOT:   call void @__mpisync_store8(ptr %a)
; CHECK:       call void @unknown()
; CHECK:       call void @__mpisync_store8(ptr %b)
; OFF-LABEL:   define void @one_path_calls(
; OFF:         call void @__mpisync_store8(ptr %a)
define void @one_path_calls(i64 %n, i1 %c) {
entry:
  %a = call ptr @malloc(i64 %n)
  store ptr %a, ptr @keep
  store double 1.0, ptr %a
  br i1 %c, label %call, label %join
call:
  call void @unknown()
  br label %join
join:
  %b = getelementptr inbounds double, ptr %a, i64 1
  store double 2.0, ptr %b
  ret void
}
