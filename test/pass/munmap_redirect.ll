; munmap releases memory like free: the pass sends instrumented code's
; calls, and its function pointers, to the runtime's __mpisync_munmap (UCX
; patches the code of the `munmap` symbol, bypassing an interceptor).
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s

declare i32 @munmap(ptr, i64)

; CHECK-LABEL: define i32 @release(
; CHECK: call i32 @__mpisync_munmap(ptr %p, i64 4096)
; CHECK-NOT: @munmap(
define i32 @release(ptr %p) {
  %r = call i32 @munmap(ptr %p, i64 4096)
  ret i32 %r
}

; CHECK-LABEL: define ptr @pointer(
; CHECK: ret ptr @__mpisync_munmap
define ptr @pointer() {
  ret ptr @munmap
}
