; A loop's hoisted range check that no call-free loop repeats runs once per
; entry of the loop between MPI calls: it is a bare call to the runtime's
; _cold range entry, which tests the pending word and the interval itself,
; so the back end compiles no inline test blocks for it. Inside a call-free
; loop, where it runs once per outer iteration, it keeps the inline tests.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync \
; RUN:   -mpisync-cold-range-checks=0 -S %s | FileCheck %s --check-prefix=INLINE
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @opaque()

; CHECK-LABEL: define void @fill(
; CHECK:       entry:
; CHECK-NOT:   mpisync.rangehit
; CHECK-NOT:   icmp ne i64 %mpisync
; CHECK:       call preserve_allcc void @__mpisync_storeN_cold(ptr %p, i64 %{{.*}})
; CHECK-NEXT:  br label %body
; CHECK:       body:
; CHECK-NOT:   __mpisync
; CHECK:       ret void
; INLINE-LABEL: define void @fill(
; INLINE:       %mpisync.rangehit = icmp ult i64
; INLINE:       call preserve_allcc void @__mpisync_storeN_pa(ptr %p,
; INLINE-NOT:   __mpisync_storeN_cold
; INLINE:       ret void
define void @fill(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 7, ptr %a, align 4
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; Rows of lengths read from len[]: the rows cannot be checked before the
; outer loop, so each inner loop's range is checked in its preheader, once
; per row. The outer loop is call-free: that check keeps its inline tests
; (behind the pending word and the interval). len[] itself is one range
; before the outer loop, which nothing repeats: a _cold call.
; CHECK-LABEL: define void @fill_rows(
; CHECK:       call preserve_allcc void @__mpisync_loadN_cold(ptr %len,
; CHECK:       outer:
; CHECK:       %mpisync.rangehit = icmp ult i64
; CHECK:       call preserve_allcc void @__mpisync_storeN_pa(
; CHECK-NOT:   __mpisync_storeN_cold
; CHECK:       ret void
define void @fill_rows(ptr %p, ptr %len, i64 %rows, i64 %stride) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %jnext, %latch ]
  %lenj = getelementptr inbounds i64, ptr %len, i64 %j
  %n = load i64, ptr %lenj, align 8
  %row = mul nsw i64 %j, %stride
  %base = getelementptr i32, ptr %p, i64 %row
  %any = icmp sgt i64 %n, 0
  br i1 %any, label %inner.ph, label %latch
inner.ph:
  br label %inner
inner:
  %i = phi i64 [ 0, %inner.ph ], [ %inext, %inner ]
  %a = getelementptr i32, ptr %base, i64 %i
  store i32 7, ptr %a, align 4
  %inext = add nuw nsw i64 %i, 1
  %idone = icmp eq i64 %inext, %n
  br i1 %idone, label %latch, label %inner
latch:
  %jnext = add nuw nsw i64 %j, 1
  %jdone = icmp eq i64 %jnext, %rows
  br i1 %jdone, label %exit, label %outer
exit:
  ret void
}

; The same rows when the outer loop calls unknown code (which may reach
; MPI): the inner loop's check runs once per row beside that call, and is
; a _cold call.
; CHECK-LABEL: define void @fill_rows_calling(
; CHECK:       outer:
; CHECK:       call void @opaque()
; CHECK:       call preserve_allcc void @__mpisync_storeN_cold(
; CHECK-NOT:   mpisync.rangehit
; CHECK:       ret void
define void @fill_rows_calling(ptr %p, ptr %len, i64 %rows, i64 %stride) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %jnext, %latch ]
  call void @opaque()
  %lenj = getelementptr inbounds i64, ptr %len, i64 %j
  %n = load i64, ptr %lenj, align 8
  %row = mul nsw i64 %j, %stride
  %base = getelementptr i32, ptr %p, i64 %row
  %any = icmp sgt i64 %n, 0
  br i1 %any, label %inner.ph, label %latch
inner.ph:
  br label %inner
inner:
  %i = phi i64 [ 0, %inner.ph ], [ %inext, %inner ]
  %a = getelementptr i32, ptr %base, i64 %i
  store i32 7, ptr %a, align 4
  %inext = add nuw nsw i64 %i, 1
  %idone = icmp eq i64 %inext, %n
  br i1 %idone, label %latch, label %inner
latch:
  %jnext = add nuw nsw i64 %j, 1
  %jdone = icmp eq i64 %jnext, %rows
  br i1 %jdone, label %exit, label %outer
exit:
  ret void
}

; A row loop whose inner loop keeps per-access checks (the gather
; x[idx[k]]) and so gets an instrumented copy: the range check of y[] in
; front of the row loop keeps its inline test. A bare call's pointer
; argument there, live on the main path, made the register allocator reload
; a register that the copy's cold calls use on every iteration of the copy
; (csr_kernels' SpMV).
; CHECK-LABEL: define void @rows_gather(
; CHECK:       entry:
; CHECK:       %mpisync.rangehit{{[0-9]*}} = icmp ult i64
; CHECK:       call preserve_allcc void @__mpisync_storeN_pa(ptr %y,
; CHECK-NOT:   __mpisync_storeN_cold
; CHECK:       mpisync.pending.ph:
; CHECK:       call preserve_allcc void @__mpisync_load8_pa(
; CHECK:       ret void
define void @rows_gather(ptr %y, ptr %x, ptr %idx, i64 %rows, i64 %m) {
entry:
  br label %outer
outer:
  %r = phi i64 [ 0, %entry ], [ %rnext, %latch ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %knext, %inner ]
  %s = phi double [ 0.0, %outer ], [ %sum, %inner ]
  %ip = getelementptr inbounds i64, ptr %idx, i64 %k
  %j = load i64, ptr %ip, align 8
  %xp = getelementptr inbounds double, ptr %x, i64 %j
  %v = load double, ptr %xp, align 8
  %sum = fadd double %s, %v
  %knext = add nuw i64 %k, 1
  %kdone = icmp eq i64 %knext, %m
  br i1 %kdone, label %latch, label %inner
latch:
  %yp = getelementptr inbounds double, ptr %y, i64 %r
  store double %sum, ptr %yp, align 8
  %rnext = add nuw i64 %r, 1
  %rdone = icmp eq i64 %rnext, %rows
  br i1 %rdone, label %exit, label %outer
exit:
  ret void
}
