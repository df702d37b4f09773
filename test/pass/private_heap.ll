; A heap block fresh from malloc, calloc or operator new whose address the
; function never lets escape cannot become an MPI buffer: nothing else learns
; where it is. Its accesses are not checked, also through the parameter of a
; module-local function when every call passes such memory. A block that
; reaches an argument MPI keeps (MPI_Irecv's buffer), is stored to memory,
; comes from realloc (which may return the block it was given), or reaches a
; parameter of a function that other modules can call keeps its checks.
; -mpisync-skip-private-heap=0 checks them all. The fresh-block filter
; (fresh_heap.ll), which would skip some of them before their first call, is
; off here.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-skip-fresh-heap=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-skip-private-heap=0 -mpisync-skip-fresh-heap=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@keep = global ptr null

declare noalias ptr @malloc(i64) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc"
declare noalias ptr @calloc(i64, i64) allockind("alloc,zeroed") allocsize(0,1) "alloc-family"="malloc"
declare noalias ptr @realloc(ptr allocptr, i64) allockind("realloc") allocsize(1) "alloc-family"="malloc"
declare void @free(ptr allocptr nocapture) allockind("free") "alloc-family"="malloc"
declare i32 @MPI_Irecv(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @MPI_Send(ptr, i32, i32, i32, i32, i32)
declare i32 @MPI_Wait(ptr, ptr)

; Written, read, sent with a blocking MPI_Send (MPI does not keep it) and
; freed: never an MPI buffer.
; CHECK-LABEL: define double @private_block(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret double
; OFF-LABEL:   define double @private_block(
; OFF:         call void @__mpisync_store8(ptr %a)
; OFF:         call void @__mpisync_load8(ptr %b)
define double @private_block(i64 %n) {
  %a = call ptr @malloc(i64 %n)
  store double 1.0, ptr %a
  %b = call ptr @calloc(i64 %n, i64 8)
  %x = load double, ptr %b
  call i32 @MPI_Send(ptr %a, i32 1, i32 0, i32 1, i32 0, i32 0)
  call void @free(ptr %a)
  call void @free(ptr %b)
  ret double %x
}

; A phi of two private blocks (the swap of a stencil's two grids).
; CHECK-LABEL: define void @swapped_blocks(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret void
define void @swapped_blocks(i64 %n, i32 %iters) {
entry:
  %u0 = call ptr @malloc(i64 %n)
  %v0 = call ptr @malloc(i64 %n)
  br label %loop
loop:
  %u = phi ptr [ %u0, %entry ], [ %v, %loop ]
  %v = phi ptr [ %v0, %entry ], [ %u, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %x = load double, ptr %u
  store double %x, ptr %v
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %iters
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The receive buffer itself: checked.
; CHECK-LABEL: define double @received_block(
; CHECK:       call void @__mpisync_load8(ptr %buf)
define double @received_block(i64 %n) {
  %buf = call ptr @malloc(i64 %n)
  %req = alloca i32
  call i32 @MPI_Irecv(ptr %buf, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %x = load double, ptr %buf
  call i32 @MPI_Wait(ptr %req, ptr null)
  ret double %x
}

; Stored to memory: anyone may load it and hand it to MPI.
; CHECK-LABEL: define void @stored_block(
; CHECK:       call void @__mpisync_store8(ptr %a)
define void @stored_block(i64 %n) {
  %a = call ptr @malloc(i64 %n)
  store ptr %a, ptr @keep
  store double 1.0, ptr %a
  ret void
}

; CHECK-LABEL: define void @reallocated_block(
; CHECK:       call void @__mpisync_store8(ptr %b)
define void @reallocated_block(ptr %old, i64 %n) {
  %b = call ptr @realloc(ptr %old, i64 %n)
  store double 1.0, ptr %b
  ret void
}

; Every caller passes a private block: the parameter's accesses are skipped.
; CHECK-LABEL: define internal void @fill_private(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret void
; OFF-LABEL:   define internal void @fill_private(
; OFF:         call void @__mpisync_store8(ptr %p)
define internal void @fill_private(ptr nocapture %p) {
  store double 2.0, ptr %p
  ret void
}

; One caller passes a receive buffer: checked.
; CHECK-LABEL: define internal void @fill_mixed(
; CHECK:       call void @__mpisync_store8(ptr %p)
define internal void @fill_mixed(ptr nocapture %p) {
  store double 3.0, ptr %p
  ret void
}

; A byval parameter is a copy, the callee's own memory: it receives into it.
; CHECK-LABEL: define internal double @by_copy(
; CHECK:       call void @__mpisync_load8(ptr %s)
define internal double @by_copy(ptr nocapture byval(double) %s) {
  %req = alloca i32
  call i32 @MPI_Irecv(ptr %s, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %x = load double, ptr %s
  ret double %x
}

; Other modules may call it with anything: checked.
; CHECK-LABEL: define void @fill_public(
; CHECK:       call void @__mpisync_store8(ptr %p)
define void @fill_public(ptr nocapture %p) {
  store double 4.0, ptr %p
  ret void
}

define void @callers(i64 %n, ptr %recvbuf) {
  %a = call ptr @malloc(i64 %n)
  %b = call ptr @malloc(i64 %n)
  call void @fill_private(ptr %a)
  call void @fill_private(ptr %b)
  call void @fill_mixed(ptr %a)
  call void @fill_mixed(ptr %recvbuf)
  call void @fill_public(ptr %a)
  %c = call ptr @malloc(i64 8)
  %x = call double @by_copy(ptr byval(double) %c)
  ret void
}
