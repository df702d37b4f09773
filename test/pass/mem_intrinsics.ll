; llvm.memcpy/memmove/memset become calls to the runtime's __mpisync_memcpy/
; memmove/memset (which check, then move); the .inline variants must stay
; inline, so they keep the intrinsic with loadN/storeN range checks in front.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @calls(
; CHECK-NOT:  call void @llvm.mem
; CHECK:      call ptr @__mpisync_memcpy(ptr %d, ptr %s, i64 %n)
; CHECK-NEXT: call ptr @__mpisync_memmove(ptr %d, ptr %s, i64 %n)
; CHECK-NEXT: call ptr @__mpisync_memset(ptr %d, i32 7, i64 %n)
; A memset byte is passed as an unsigned char, like memset's int argument.
; CHECK-NEXT: call ptr @__mpisync_memset(ptr %d, i32 255, i64 %n)
; CHECK-NEXT: [[LEN:%.*]] = zext i32 %m to i64
; CHECK-NEXT: call ptr @__mpisync_memcpy(ptr %d, ptr %s, i64 [[LEN]])
; CHECK-NOT:  call void @llvm.mem
; CHECK:      ret void
define void @calls(ptr %d, ptr %s, i64 %n, i32 %m) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 7, i64 %n, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 -1, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i32(ptr %d, ptr %s, i32 %m, i1 false)
  ret void
}

; CHECK-LABEL: define void @inline_variants(
; CHECK:      call void @__mpisync_loadN(ptr %s, i64 32)
; CHECK-NEXT: call void @__mpisync_storeN(ptr %d, i64 32)
; CHECK-NEXT: call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
; CHECK-NEXT: call void @__mpisync_storeN(ptr %d, i64 16)
; CHECK-NEXT: call void @llvm.memset.inline.p0.i64(ptr %d, i8 0, i64 16, i1 false)
; CHECK-NOT:  @__mpisync_mem
; CHECK:      ret void
define void @inline_variants(ptr %d, ptr %s) {
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
  call void @llvm.memset.inline.p0.i64(ptr %d, i8 0, i64 16, i1 false)
  ret void
}
