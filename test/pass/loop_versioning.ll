; A loop without calls that could reach MPI sees one value of the pending
; word. Its affine accesses are checked once, before the loop, over the
; whole range the loop touches (behind the pending word and the interval
; test); a loop that keeps per-access checks gets an uninstrumented copy,
; entered while nothing is pending. A loop whose checks all went before it
; needs no copy: its body runs unchanged.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-hoist-affine=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=NOHOIST
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-clone-loops=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=NOCLONE
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare void @unknown()

; CHECK-LABEL: define void @fill(
; CHECK:      entry:
; CHECK-NEXT: %[[P:.*]] = load i64, ptr @__mpisync_state
; CHECK-NEXT: %[[LEN:.*]] = shl i64 %n, 2
; CHECK-NEXT: %[[ANY:.*]] = icmp ne i64 %[[P]], 0
; CHECK-NEXT: br i1 %[[ANY]], label %[[RANGE:.*]], label %{{.*}}, !prof
; One check of [p, p + 4n) before the loop, behind the inline test of the
; store interval.
; CHECK:      [[RANGE]]:
; CHECK:      %mpisync.rangehit = icmp ult i64
; CHECK-NEXT: br i1 %mpisync.rangehit, label %[[COLD:.*]], label %[[JOIN:.*]], !prof
; CHECK:      [[COLD]]:
; CHECK-NEXT: call preserve_allcc void @__mpisync_storeN_pa(ptr %p, i64 %[[LEN]])
; No copy: the loop itself is left as it was.
; CHECK-NOT:  mpisync.idle
; CHECK:      body:
; CHECK-NOT:  __mpisync
; CHECK:      exit:
; Without hoisting the loop gets a copy; the instrumented one checks every
; store, with no pending test (it runs only while something is pending).
; NOHOIST-LABEL: define void @fill(
; NOHOIST:      br i1 %{{.*}}, label %mpisync.pending.ph, label %mpisync.pending.ph.mpisync.idle
; NOHOIST:      body:
; NOHOIST-NOT:  icmp ne i64 %mpisync
; NOHOIST:      call preserve_allcc void @__mpisync_store4_pa(
; NOCLONE-LABEL: define void @fill(
; NOCLONE-NOT:  mpisync.idle
; NOCLONE:      call preserve_allcc void @__mpisync_store4_pa(
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

; A loop that calls unknown code is not copied: on every iteration the
; store is tested against the near interval, whose fields are loaded at the
; store (the call may have changed them), and no pending word is kept.
; CHECK-LABEL: define void @with_call(
; CHECK-NOT:  mpisync.idle
; CHECK:      body:
; CHECK-NOT:  phi i64 [ %{{.*}}, %entry ], [ %mpisync.pending
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 6)
; CHECK:      icmp ult i64
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(
; CHECK:      call void @unknown()
; CHECK-NOT:  load i64, ptr @__mpisync_state
; CHECK:      exit:
define void @with_call(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 7, ptr %a, align 4
  call void @unknown()
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; A loop that can leave early does not run its affine range to the end: no
; hoisting, the store is checked where it happens.
; CHECK-LABEL: define void @early_exit(
; CHECK:      mpisync.pending.ph:
; CHECK-NOT:  __mpisync_storeN_pa
; CHECK:      body:
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(
define void @early_exit(ptr %p, i64 %n, ptr %stop) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %s = load i32, ptr %stop, align 4
  %c = icmp eq i32 %s, 0
  br i1 %c, label %exit, label %latch
latch:
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 7, ptr %a, align 4
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; Accesses of one loop at constant distances are checked as one range when
; their bytes meet: a[2i] and a[2i+1] together cover [p, p + 8n). A strided
; access alone would leave gaps (bytes it never touches, which may belong to
; a pending buffer): it keeps its per-access check.
; CHECK-LABEL: define void @pairs(
; CHECK:      %[[LEN:.*]] = shl i64 %n, 3
; CHECK:      call preserve_allcc void @__mpisync_storeN_pa(ptr %p, i64 %[[LEN]])
; CHECK-NOT:  __mpisync_storeN_pa
; CHECK:      body:
; CHECK-NOT:  __mpisync
; CHECK:      exit:
define void @pairs(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %j = shl i64 %i, 1
  %a = getelementptr inbounds i32, ptr %p, i64 %j
  store i32 7, ptr %a, align 4
  %j1 = or disjoint i64 %j, 1
  %b = getelementptr inbounds i32, ptr %p, i64 %j1
  store i32 8, ptr %b, align 4
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; CHECK-LABEL: define void @strided(
; CHECK:      label %mpisync.pending.ph.mpisync.idle
; CHECK:      body.mpisync.idle:
; CHECK-NOT:  __mpisync
; CHECK:      mpisync.pending.ph:
; CHECK-NOT:  __mpisync_storeN_pa
; CHECK:      body:
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(
define void @strided(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %j = shl i64 %i, 1
  %a = getelementptr inbounds i32, ptr %p, i64 %j
  store i32 7, ptr %a, align 4
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; A loop left through a computed goto (indirectbr) is not copied: the
; block addresses it jumps to are the original blocks', so a copy would
; run into the instrumented body with values it never computed. The gather
; keeps its own check, behind the pending test.
; CHECK-LABEL: define double @computed_goto(
; CHECK-NOT:  mpisync.idle
; CHECK:      loop:
; CHECK:      call preserve_allcc void @__mpisync_load8_pa(
; CHECK:      indirectbr ptr %dest, [label %exit, label %loop]
; CHECK-NOT:  mpisync.idle
; CHECK:      ret double
define double @computed_goto(ptr %a, ptr %idx, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc2, %loop ]
  %pi = getelementptr inbounds i64, ptr %idx, i64 %i
  %k = load i64, ptr %pi, align 8
  %p = getelementptr inbounds double, ptr %a, i64 %k
  %v = load double, ptr %p, align 8
  %acc2 = fadd double %acc, %v
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  %dest = select i1 %done, ptr blockaddress(@computed_goto, %exit), ptr blockaddress(@computed_goto, %loop)
  indirectbr ptr %dest, [label %exit, label %loop]
exit:
  ret double %acc2
}

; An acquire inside the loop (a flag another thread sets after it
; completed a request) may end the buffer's pending state while the loop
; runs: the loop is not call-free, so its affine read is neither checked
; once before it nor given a copy; it is checked at each access.
; CHECK-LABEL: define double @acquire_in_loop(
; CHECK-NOT:  __mpisync_loadN_pa
; CHECK-NOT:  mpisync.idle
; CHECK:      loop:
; CHECK:      load atomic i32, ptr %flag acquire
; CHECK:      call preserve_allcc void @__mpisync_load8_pa(ptr %p)
; CHECK-NOT:  mpisync.idle
; CHECK:      ret double
define double @acquire_in_loop(ptr %a, ptr %flag, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc2, %loop ]
  %f = load atomic i32, ptr %flag acquire, align 4
  %fd = sitofp i32 %f to double
  %p = getelementptr inbounds double, ptr %a, i64 %i
  %v = load double, ptr %p, align 8
  %t = fadd double %acc, %v
  %acc2 = fadd double %t, %fd
  %next = add nuw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %acc2
}
