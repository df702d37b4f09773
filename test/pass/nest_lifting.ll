; A range check made for a loop leaves its enclosing loops too when the
; enclosing loop makes no call and its rows meet without gaps (or, for a
; neighbour row that leaves gaps, lie in the rows of one that does not, but
; for the first or last), guarded by the inner loop's own guard if it has
; one inside the outer loop; a run whose rows leave gaps is lifted as rows
; (one check naming each row): AffineNestLifting.cpp. Functions generated from the
; C in the comments by clang -O2 -fno-vectorize -fno-unroll-loops.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; The square sweep (rows and columns both n, so the row loop's guard is the
; sweep's own): c's row run (c[x-1] and c[x+1] -- c[x] stays in a register
; -- joined by the preheader's c[0], c[1] and the exit block's c[n-1]) and
; o's (o[0] before the loop, o[n-1] after it) meet from row to row and are
; checked once for the sweep; up's rows lie in c's rows one row earlier but
; for the first, which is checked alone, and dn's but for the last.
;
;   for (r = 1; r < n - 1; r++) {
;     c = u + r * n; up = c - n; dn = c + n; o = v + r * n;
;     o[0] = c[0];
;     for (x = 1; x < n - 1; x++)
;       o[x] = c[x] + 0.2 * (up[x] + dn[x] + c[x - 1] + c[x + 1] - 4.0 * c[x]);
;     o[n - 1] = c[n - 1];
;   }
; CHECK-LABEL: define void @sweep(
; CHECK-NOT:   mpisync.idle
; up, first row only: u + 8, 8 * (n - 2) bytes.
; CHECK:       %[[UP:.*]] = getelementptr i8, ptr %0, i64 8
; CHECK:       %[[UPLEN:.*]] = add nsw i64 %{{.*}}, -8
; CHECK:       call preserve_allcc void @__mpisync_loadN_cold(ptr %[[UP]], i64 %[[UPLEN]])
; dn, last row only: u + 8 * n * (n - 1) + 8.
; CHECK:       %[[DNROW:.*]] = mul i64 %{{.*}}, %{{.*}}
; CHECK-NEXT:  %[[DNOFF:.*]] = shl i64 %[[DNROW]], 3
; CHECK-NEXT:  %[[DNOFF8:.*]] = add i64 %[[DNOFF]], 8
; CHECK-NEXT:  %[[DN:.*]] = getelementptr i8, ptr %0, i64 %[[DNOFF8]]
; CHECK:       call preserve_allcc void @__mpisync_loadN_cold(ptr %[[DN]], i64
; c and o: whole rows 1 .. n-2.
; CHECK:       call preserve_allcc void @__mpisync_loadN_cold(
; CHECK:       call preserve_allcc void @__mpisync_storeN_cold(
; The loops: no check left.
; CHECK:       phi i64
; CHECK-NOT:   call preserve_allcc
define void @sweep(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2) {
  %4 = icmp sgt i32 %2, 2
  br i1 %4, label %5, label %11

5:                                                ; preds = %3
  %6 = add nsw i32 %2, -1
  %7 = zext nneg i32 %2 to i64
  %8 = sub nsw i64 0, %7
  %9 = zext nneg i32 %6 to i64
  %10 = zext nneg i32 %6 to i64
  br label %12

11:                                               ; preds = %23, %3
  ret void

12:                                               ; preds = %23, %5
  %13 = phi i64 [ 1, %5 ], [ %27, %23 ]
  %14 = mul nuw nsw i64 %13, %7
  %15 = getelementptr inbounds double, ptr %0, i64 %14
  %16 = getelementptr inbounds double, ptr %15, i64 %8
  %17 = getelementptr inbounds double, ptr %15, i64 %7
  %18 = getelementptr inbounds double, ptr %1, i64 %14
  %19 = load double, ptr %15, align 8
  store double %19, ptr %18, align 8
  %20 = getelementptr inbounds i8, ptr %15, i64 8
  %21 = load double, ptr %20, align 8
  %22 = getelementptr i8, ptr %15, i64 -8
  br label %29

23:                                               ; preds = %29
  %24 = getelementptr inbounds double, ptr %15, i64 %9
  %25 = load double, ptr %24, align 8
  %26 = getelementptr inbounds double, ptr %18, i64 %9
  store double %25, ptr %26, align 8
  %27 = add nuw nsw i64 %13, 1
  %28 = icmp eq i64 %27, %10
  br i1 %28, label %11, label %12

29:                                               ; preds = %12, %29
  %30 = phi double [ %21, %12 ], [ %42, %29 ]
  %31 = phi i64 [ 1, %12 ], [ %40, %29 ]
  %32 = getelementptr inbounds double, ptr %16, i64 %31
  %33 = load double, ptr %32, align 8
  %34 = getelementptr inbounds double, ptr %17, i64 %31
  %35 = load double, ptr %34, align 8
  %36 = fadd double %33, %35
  %37 = getelementptr double, ptr %22, i64 %31
  %38 = load double, ptr %37, align 8
  %39 = fadd double %36, %38
  %40 = add nuw nsw i64 %31, 1
  %41 = getelementptr inbounds double, ptr %15, i64 %40
  %42 = load double, ptr %41, align 8
  %43 = fadd double %39, %42
  %44 = tail call double @llvm.fmuladd.f64(double %30, double -4.000000e+00, double %43)
  %45 = tail call double @llvm.fmuladd.f64(double %44, double 2.000000e-01, double %30)
  %46 = getelementptr inbounds double, ptr %18, i64 %31
  store double %45, ptr %46, align 8
  %47 = icmp eq i64 %40, %10
  br i1 %47, label %23, label %29
}

; Interior columns only: o[1 .. n-2] of each row leaves two elements out
; between rows, so the row range is not lifted whole: checking the whole nest
; would take in columns 0 and n-1, which may be pending and are never
; touched. It is lifted as rows: the first at o + 8n + 8 (row 1, column 1),
; 8 (n - 2) bytes each, 8n apart, the last n - 3 rows further (row n - 2);
; their hull is what the inline test sees.
;
;   for (r = 1; r < n - 1; r++)
;     for (x = 1; x < n - 1; x++)
;       o[r * n + x] = 1.0;
; CHECK-LABEL: define void @interior(
; CHECK:       %[[N:.*]] = zext nneg i32 %1 to i64
; CHECK:       %[[NM1:.*]] = zext nneg i32 %5 to i64
; CHECK:       %[[STRIDE:.*]] = shl nuw nsw i64 %[[N]], 3
; CHECK:       %[[OFF:.*]] = add nuw nsw i64 %[[STRIDE]], 8
; CHECK:       %[[FIRST:.*]] = getelementptr i8, ptr %0, i64 %[[OFF]]
; CHECK:       %[[LEN:.*]] = add nsw i64 %{{.*}}, -8
; CHECK:       %[[LAST:.*]] = add nsw i64 %[[NM1]], -2
; CHECK:       %mpisync.rows.span = mul i64 %[[STRIDE]], %[[LAST]]
; CHECK:       call preserve_allcc void @__mpisync_storeRows_cold(ptr %mpisync.rows.lo, i64 %mpisync.rows.len, ptr %[[FIRST]], i64 %[[LEN]], i64 %[[STRIDE]])
; CHECK:       phi i64
; CHECK-NOT:   call preserve_allcc
; CHECK:       ret void
define void @interior(ptr noalias nocapture noundef writeonly %0, i32 noundef %1) {
  %3 = icmp sgt i32 %1, 2
  br i1 %3, label %4, label %12

4:                                                ; preds = %2
  %5 = add nsw i32 %1, -1
  %6 = zext nneg i32 %1 to i64
  %7 = zext nneg i32 %5 to i64
  br label %8

8:                                                ; preds = %13, %4
  %9 = phi i64 [ 1, %4 ], [ %14, %13 ]
  %10 = mul nuw nsw i64 %9, %6
  %11 = getelementptr double, ptr %0, i64 %10
  br label %16

12:                                               ; preds = %13, %2
  ret void

13:                                               ; preds = %16
  %14 = add nuw nsw i64 %9, 1
  %15 = icmp eq i64 %14, %7
  br i1 %15, label %12, label %8

16:                                               ; preds = %8, %16
  %17 = phi i64 [ 1, %8 ], [ %19, %16 ]
  %18 = getelementptr double, ptr %11, i64 %17
  store double 1.000000e+00, ptr %18, align 8
  %19 = add nuw nsw i64 %17, 1
  %20 = icmp eq i64 %19, %7
  br i1 %20, label %13, label %16
}

; A call in the outer loop may start an MPI operation: each row is checked
; after the previous row's call, in the outer loop.
; CHECK-LABEL: define void @with_call(
; CHECK:       phi i64
; CHECK:       call preserve_allcc void @__mpisync_storeN_cold(
; CHECK:       call void @opaque()
define void @with_call(ptr noalias nocapture noundef writeonly %0, i32 noundef %1) {
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %10

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64
  br label %6

6:                                                ; preds = %11, %4
  %7 = phi i64 [ 0, %4 ], [ %12, %11 ]
  %8 = mul nuw nsw i64 %7, %5
  %9 = getelementptr double, ptr %0, i64 %8
  br label %14

10:                                               ; preds = %11, %2
  ret void

11:                                               ; preds = %14
  tail call void @opaque()
  %12 = add nuw nsw i64 %7, 1
  %13 = icmp eq i64 %12, %5
  br i1 %13, label %10, label %6

14:                                               ; preds = %6, %14
  %15 = phi i64 [ 0, %6 ], [ %17, %14 ]
  %16 = getelementptr double, ptr %9, i64 %15
  store double 2.000000e+00, ptr %16, align 8
  %17 = add nuw nsw i64 %15, 1
  %18 = icmp eq i64 %17, %5
  br i1 %18, label %11, label %14
}

; Rows (m) and columns (n) counted apart: the row loop keeps its guard
; (n > 0) inside the outer loop, so it runs on every row or on none. The rows
; are checked once before the nest, for no bytes unless the guard holds.
;
;   for (r = 0; r < m; r++)
;     for (x = 0; x < n; x++)
;       o[r * n + x] = 3.0;
; CHECK-LABEL: define void @guarded(
; CHECK:       %[[GUARD:.*]] = icmp sgt i32 %2, 0
; CHECK:       %[[LEN:.*]] = select i1 %[[GUARD]], i64 %{{.*}}, i64 0
; CHECK:       call preserve_allcc void @__mpisync_storeN_cold(ptr %0, i64 %[[LEN]])
; CHECK:       phi i64
; CHECK-NOT:   call preserve_allcc
define void @guarded(ptr noalias nocapture noundef writeonly %0, i32 noundef %1, i32 noundef %2) {
  %4 = icmp sgt i32 %1, 0
  br i1 %4, label %5, label %15

5:                                                ; preds = %3
  %6 = icmp sgt i32 %2, 0
  %7 = sext i32 %2 to i64
  %8 = zext nneg i32 %1 to i64
  %9 = zext nneg i32 %2 to i64
  br label %10

10:                                               ; preds = %5, %16
  %11 = phi i64 [ 0, %5 ], [ %17, %16 ]
  br i1 %6, label %12, label %16

12:                                               ; preds = %10
  %13 = mul nuw nsw i64 %11, %7
  %14 = getelementptr double, ptr %0, i64 %13
  br label %19

15:                                               ; preds = %16, %3
  ret void

16:                                               ; preds = %19, %10
  %17 = add nuw nsw i64 %11, 1
  %18 = icmp eq i64 %17, %8
  br i1 %18, label %15, label %10

19:                                               ; preds = %12, %19
  %20 = phi i64 [ 0, %12 ], [ %22, %19 ]
  %21 = getelementptr double, ptr %14, i64 %20
  store double 3.000000e+00, ptr %21, align 8
  %22 = add nuw nsw i64 %20, 1
  %23 = icmp eq i64 %22, %9
  br i1 %23, label %16, label %19
}

declare void @opaque()
