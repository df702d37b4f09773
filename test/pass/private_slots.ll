; A pointer kept in a module-local global (`static double *grid`, or a field
; of `static Level lev[4]`) that only ever holds fresh heap blocks going
; nowhere else, and whose loaded values go nowhere but back into it (a swap
; of two fields), points to memory MPI never sees: accesses through it are
; not checked, also in helpers that take the global's address
; (smooth(&lev[l])), and neither are the global's own fields then. A field
; whose pointer reaches MPI_Irecv, a global that other modules see, one with
; a pointer in its initializer, or one whose address escapes keeps its
; checks. -mpisync-skip-private-heap=0 checks them all. The fresh-block
; filter (fresh_heap.ll), which would skip some of them before their first
; call, is off here.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-skip-fresh-heap=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-skip-private-heap=0 -mpisync-skip-fresh-heap=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; n, u, t, rbuf
%Level = type { i32, ptr, ptr, ptr }

@grid = internal global ptr null
@lev = internal global [4 x %Level] zeroinitializer
@public = global ptr null
@other = internal global double 0.0
@preset = internal global ptr @other
@escaped = internal global ptr null

declare noalias ptr @malloc(i64) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc"
declare i32 @MPI_Irecv(ptr, i32, i32, i32, i32, i32, ptr)
declare void @unknown(ptr)

; Used right after malloc: the block goes nowhere but into a private slot.
; CHECK-LABEL: define void @setup(
; CHECK-NOT:   call void @__mpisync_store8(ptr %u)
; CHECK:       call void @__mpisync_store8(ptr %r)
; CHECK:       ret void
; OFF-LABEL:   define void @setup(
; OFF:         call void @__mpisync_store8(ptr %u)
define void @setup(i64 %n, i64 %l) {
  %g = call ptr @malloc(i64 %n)
  store ptr %g, ptr @grid
  %pu = getelementptr inbounds [4 x %Level], ptr @lev, i64 0, i64 %l, i32 1
  %u = call ptr @malloc(i64 %n)
  store ptr %u, ptr %pu
  %pt = getelementptr inbounds [4 x %Level], ptr @lev, i64 0, i64 %l, i32 2
  %t = call ptr @malloc(i64 %n)
  store ptr %t, ptr %pt
  %pr = getelementptr inbounds [4 x %Level], ptr @lev, i64 0, i64 %l, i32 3
  %r = call ptr @malloc(i64 %n)
  store ptr %r, ptr %pr
  store double 0.0, ptr %u
  store double 0.0, ptr %r
  %req = alloca i32
  call i32 @MPI_Irecv(ptr %r, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %p = call ptr @malloc(i64 %n)
  store ptr %p, ptr @public
  %e = call ptr @malloc(i64 %n)
  store ptr %e, ptr @escaped
  call void @unknown(ptr @escaped)
  %lp = getelementptr inbounds [4 x %Level], ptr @lev, i64 0, i64 %l
  call void @smooth(ptr %lp)
  ret void
}

; CHECK-LABEL: define double @use_grid(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret double
; OFF-LABEL:   define double @use_grid(
; OFF:         call void @__mpisync_load8(ptr %g)
define double @use_grid() {
  %g = load ptr, ptr @grid
  %x = load double, ptr %g
  ret double %x
}

; Through the helper's parameter: the level's n, its grids u and t (swapped
; at the end), but not its receive buffer.
; CHECK-LABEL: define internal void @smooth(
; CHECK-NOT:   call void @__mpisync_{{.*}}(ptr %L)
; CHECK-NOT:   call void @__mpisync_{{.*}}(ptr %u)
; CHECK-NOT:   call void @__mpisync_{{.*}}(ptr %t)
; CHECK:       call void @__mpisync_load8(ptr %r)
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret void
; OFF-LABEL:   define internal void @smooth(
; OFF:         call void @__mpisync_load8(ptr %u)
define internal void @smooth(ptr %L) {
  %n = load i32, ptr %L
  %pu = getelementptr inbounds %Level, ptr %L, i64 0, i32 1
  %pt = getelementptr inbounds %Level, ptr %L, i64 0, i32 2
  %pr = getelementptr inbounds %Level, ptr %L, i64 0, i32 3
  %u = load ptr, ptr %pu
  %t = load ptr, ptr %pt
  %r = load ptr, ptr %pr
  %x = load double, ptr %u
  %y = load double, ptr %r
  %s = fadd double %x, %y
  store double %s, ptr %t
  store ptr %t, ptr %pu
  store ptr %u, ptr %pt
  ret void
}

; CHECK-LABEL: define double @use_others(
; CHECK:       call void @__mpisync_load8(ptr %p)
; CHECK:       call void @__mpisync_load8(ptr %q)
; CHECK:       call void @__mpisync_load8(ptr %e)
define double @use_others() {
  %p = load ptr, ptr @public
  %x = load double, ptr %p
  %q = load ptr, ptr @preset
  %y = load double, ptr %q
  %e = load ptr, ptr @escaped
  %z = load double, ptr %e
  %s = fadd double %x, %y
  %t = fadd double %s, %z
  ret double %t
}
