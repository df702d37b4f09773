; A stack object whose address escapes may become an MPI buffer: its scope
; end (lifetime.end) and every return report it to the runtime, so a pending
; request on it is caught (stack-buffer-out-of-scope). Non-escaping objects
; and returns after a musttail call are left alone.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s

declare void @escape(ptr)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

; CHECK-LABEL: define void @returns
; CHECK: call void @escape(ptr %buf)
; CHECK-NEXT: call void @__mpisync_stack_release(ptr %buf, i64 40)
; CHECK-NEXT: ret void
define void @returns() {
  %buf = alloca [10 x i32]
  %local = alloca i32
  store i32 1, ptr %local
  call void @escape(ptr %buf)
  ret void
}

; CHECK-LABEL: define void @scoped
; CHECK: call void @__mpisync_stack_release(ptr %buf, i64 16)
; CHECK-NEXT: call void @llvm.lifetime.end.p0(i64 16, ptr %buf)
; CHECK: call void @__mpisync_stack_release(ptr %buf, i64 16)
; CHECK-NEXT: ret void
define void @scoped() {
  %buf = alloca [4 x i32]
  call void @llvm.lifetime.start.p0(i64 16, ptr %buf)
  call void @escape(ptr %buf)
  call void @llvm.lifetime.end.p0(i64 16, ptr %buf)
  ret void
}

; CHECK-LABEL: define void @private_only
; CHECK-NOT: __mpisync_stack_release
; CHECK: ret void
define void @private_only() {
  %local = alloca i32
  store i32 1, ptr %local
  ret void
}
