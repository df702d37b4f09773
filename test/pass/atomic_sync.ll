; Atomics with acquire/release semantics tell the runtime's thread clocks
; (docs/threads.md): release before a releasing store or RMW, acquire after
; an acquiring load or RMW; relaxed atomics are no synchronization. Each
; call runs only while the published state's `threads` word (index 8) is
; set: a single-threaded run pays a load and an untaken branch.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s

; CHECK-LABEL: define void @publish(
; CHECK:      %mpisync.threads = load atomic i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 8) monotonic
; CHECK-NEXT: %mpisync.tracked = icmp ne i64 %mpisync.threads, 0
; CHECK-NEXT: br i1 %mpisync.tracked, label %[[CALL:.*]], label %[[REST:.*]], !prof
; CHECK:      [[CALL]]:
; CHECK-NEXT: call void @__mpisync_atomic_release(ptr %flag)
; CHECK-NEXT: br label %[[REST]]
; CHECK:      [[REST]]:
; CHECK-NEXT: store atomic i32 1, ptr %flag release
define void @publish(ptr %flag) {
  store atomic i32 1, ptr %flag release, align 4
  ret void
}

; CHECK-LABEL: define i32 @consume(
; CHECK:      load atomic i32, ptr %flag acquire
; CHECK-NEXT: %mpisync.threads = load atomic i64
; CHECK-NEXT: %mpisync.tracked = icmp ne i64 %mpisync.threads, 0
; CHECK-NEXT: br i1 %mpisync.tracked
; CHECK:      call void @__mpisync_atomic_acquire(ptr %flag)
define i32 @consume(ptr %flag) {
  %v = load atomic i32, ptr %flag acquire, align 4
  ret i32 %v
}

; CHECK-LABEL: define i32 @both(
; CHECK:      call void @__mpisync_atomic_release(ptr %flag)
; CHECK:      atomicrmw add ptr %flag, i32 1 seq_cst
; CHECK-NEXT: load atomic i64
; CHECK-NEXT: icmp ne i64
; CHECK-NEXT: br i1
; CHECK:      call void @__mpisync_atomic_acquire(ptr %flag)
define i32 @both(ptr %flag) {
  %v = atomicrmw add ptr %flag, i32 1 seq_cst
  ret i32 %v
}

; CHECK-LABEL: define i32 @relaxed(
; CHECK-NOT:  __mpisync_atomic
; CHECK:      ret i32
define i32 @relaxed(ptr %flag) {
  %v = load atomic i32, ptr %flag monotonic, align 4
  store atomic i32 %v, ptr %flag monotonic, align 4
  ret i32 %v
}
