; A stack object whose address escapes may become an MPI buffer: its scope
; end (lifetime.end) and every return report it to the runtime, so a pending
; request on it is caught (stack-buffer-out-of-scope). Non-escaping objects
; and returns after a musttail call are left alone. The call is made only
; when the object meets the store interval (fields 3 and 4), which covers
; every pending buffer and watched window: the runtime would do nothing
; otherwise. Without the inline fast path (%basic) it is made every time.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s --check-prefix=BASIC

declare void @escape(ptr)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

; CHECK-LABEL: define void @returns
; CHECK: call void @escape(ptr %buf)
; CHECK-NEXT: %[[A:.*]] = ptrtoint ptr %buf to i64
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 4)
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 3)
; CHECK:      %[[HIT:.*]] = icmp ult i64
; CHECK-NEXT: br i1 %[[HIT]], label %[[CALL:.*]], label %[[RET:.*]], !prof
; CHECK:      [[CALL]]:
; CHECK-NEXT: call void @__mpisync_stack_release(ptr %buf, i64 40)
; CHECK:      [[RET]]:
; CHECK-NEXT: ret void
; BASIC-LABEL: define void @returns
; BASIC:      call void @escape(ptr %buf)
; BASIC-NEXT: call void @__mpisync_stack_release(ptr %buf, i64 40)
; BASIC-NEXT: ret void
define void @returns() {
  %buf = alloca [10 x i32]
  %local = alloca i32
  store i32 1, ptr %local
  call void @escape(ptr %buf)
  ret void
}

; The callee's copy of an argument passed by value ends at its return.
; CHECK-LABEL: define void @byval_copy
; CHECK: call void @escape(ptr %v)
; CHECK: call void @__mpisync_stack_release(ptr %v, i64 24)
; CHECK-NEXT: br label
; CHECK: ret void
define void @byval_copy(ptr byval({ double, double, double }) align 8 %v) {
  call void @escape(ptr %v)
  ret void
}

; Several objects end at a return: one test of their hull (the lowest start
; and the highest end), and behind it each object's own release, so the
; runtime sees (and a report names) each object's bytes.
; CHECK-LABEL: define void @frame_hull
; CHECK:      %[[B:.*]] = ptrtoint ptr %a to i64
; CHECK:      umin.i64
; CHECK:      umax.i64
; CHECK:      %[[HIT:.*]] = icmp ult i64
; CHECK-NEXT: br i1 %[[HIT]], label %[[CALLS:.*]], label %[[RET:.*]], !prof
; CHECK:      [[CALLS]]:
; CHECK-NEXT: call void @__mpisync_stack_release(ptr %a, i64 16)
; CHECK-NEXT: call void @__mpisync_stack_release(ptr %b, i64 8)
; CHECK-NEXT: br label %[[RET]]
; CHECK:      [[RET]]:
; CHECK-NEXT: ret void
; BASIC-LABEL: define void @frame_hull
; BASIC:      call void @__mpisync_stack_release(ptr %a, i64 16)
; BASIC-NEXT: call void @__mpisync_stack_release(ptr %b, i64 8)
; BASIC-NEXT: ret void
define void @frame_hull() {
  %a = alloca [4 x i32]
  %b = alloca double
  call void @escape(ptr %a)
  call void @escape(ptr %b)
  ret void
}

; CHECK-LABEL: define void @scoped
; CHECK: call void @__mpisync_stack_release(ptr %buf, i64 16)
; CHECK: call void @llvm.lifetime.end.p0(i64 16, ptr %buf)
; CHECK: call void @__mpisync_stack_release(ptr %buf, i64 16)
; CHECK: ret void
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
