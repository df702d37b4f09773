; A load in a loop's preheader that lies just below (or inside) the loop's
; affine range -- the first elements of a stencil row that GVN loads before
; the loop -- is checked by the loop's range check, extended down to it: the
; enclosing loop then keeps no check of its own and gets no idle copy. A load
; further away keeps its own check (and the enclosing loop its copy).
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define double @absorbed(
; CHECK-NOT:   mpisync.idle
; CHECK-NOT:   call preserve_allcc void @__mpisync_load8_pa(
; The range starts at the row (p + 8 * n * j), not one element into it; the
; rows (row j at p + 8 * n * j) are then checked once before the outer loop,
; the first at p.
; CHECK:       call preserve_allcc void @__mpisync_loadRows_cold(ptr %mpisync.rows.lo, i64 %mpisync.rows.len, ptr %p, i64
; CHECK:       outer:
; CHECK-NOT:   call preserve_allcc void @__mpisync_load8_pa(
; CHECK:       ret double
define double @absorbed(ptr %p, i64 %rows, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %total = phi double [ 0.0, %entry ], [ %sum, %latch ]
  %row = mul i64 %j, %n
  %base = getelementptr double, ptr %p, i64 %row
  %first = load double, ptr %base
  br label %inner

inner:
  %k = phi i64 [ 1, %outer ], [ %k.next, %inner ]
  %acc = phi double [ %first, %outer ], [ %sum, %inner ]
  %a = getelementptr double, ptr %base, i64 %k
  %v = load double, ptr %a
  %sum = fadd double %acc, %v
  %k.next = add nuw nsw i64 %k, 1
  %c = icmp ult i64 %k.next, %n
  br i1 %c, label %inner, label %latch

latch:
  %j.next = add nuw i64 %j, 1
  %cj = icmp ult i64 %j.next, %rows
  br i1 %cj, label %outer, label %exit

exit:
  ret double %sum
}

; Three elements below the range: a gap of two, so a check of its own.
; CHECK-LABEL: define double @apart(
; CHECK:       call preserve_allcc void @__mpisync_load8_pa(ptr %below)
; CHECK:       ret double
define double @apart(ptr %p, i64 %rows, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %row = mul i64 %j, %n
  %base = getelementptr double, ptr %p, i64 %row
  %below = getelementptr double, ptr %base, i64 -2
  %first = load double, ptr %below
  br label %inner

inner:
  %k = phi i64 [ 1, %outer ], [ %k.next, %inner ]
  %acc = phi double [ %first, %outer ], [ %sum, %inner ]
  %a = getelementptr double, ptr %base, i64 %k
  %v = load double, ptr %a
  %sum = fadd double %acc, %v
  %k.next = add nuw nsw i64 %k, 1
  %c = icmp ult i64 %k.next, %n
  br i1 %c, label %inner, label %latch

latch:
  %j.next = add nuw i64 %j, 1
  %cj = icmp ult i64 %j.next, %rows
  br i1 %cj, label %outer, label %exit

exit:
  ret double %sum
}

; The enclosing loop calls MPI, but nothing in the preheader after the load
; does: the inner loop's range check still covers it.
; CHECK-LABEL: define double @outer_calls(
; CHECK-NOT:   call preserve_allcc void @__mpisync_load8_pa(
; CHECK:       call preserve_allcc void @__mpisync_loadN_cold(
; CHECK-NOT:   call preserve_allcc void @__mpisync_load8_pa(
; CHECK:       ret double
declare i32 @MPI_Barrier(i32)

define double @outer_calls(ptr %p, i64 %rows, i64 %n) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %row = mul i64 %j, %n
  %base = getelementptr double, ptr %p, i64 %row
  %first = load double, ptr %base
  br label %inner

inner:
  %k = phi i64 [ 1, %outer ], [ %k.next, %inner ]
  %acc = phi double [ %first, %outer ], [ %sum, %inner ]
  %a = getelementptr double, ptr %base, i64 %k
  %v = load double, ptr %a
  %sum = fadd double %acc, %v
  %k.next = add nuw nsw i64 %k, 1
  %c = icmp ult i64 %k.next, %n
  br i1 %c, label %inner, label %latch

latch:
  call i32 @MPI_Barrier(i32 0)
  %j.next = add nuw i64 %j, 1
  %cj = icmp ult i64 %j.next, %rows
  br i1 %cj, label %outer, label %exit

exit:
  ret double %sum
}
