; Atomics with acquire/release semantics tell the runtime's thread clocks
; (docs/threads.md): release before a releasing store or RMW, acquire after
; an acquiring load or RMW; relaxed atomics are no synchronization.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s

; CHECK-LABEL: define void @publish(
; CHECK:      call void @__mpisync_atomic_release(ptr %flag)
; CHECK:      store atomic i32 1, ptr %flag release
define void @publish(ptr %flag) {
  store atomic i32 1, ptr %flag release, align 4
  ret void
}

; CHECK-LABEL: define i32 @consume(
; CHECK:      load atomic i32, ptr %flag acquire
; CHECK-NEXT: call void @__mpisync_atomic_acquire(ptr %flag)
define i32 @consume(ptr %flag) {
  %v = load atomic i32, ptr %flag acquire, align 4
  ret i32 %v
}

; CHECK-LABEL: define i32 @both(
; CHECK:      call void @__mpisync_atomic_release(ptr %flag)
; CHECK:      atomicrmw add ptr %flag, i32 1 seq_cst
; CHECK-NEXT: call void @__mpisync_atomic_acquire(ptr %flag)
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
