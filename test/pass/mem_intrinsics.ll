; Memory intrinsics of a dynamic or long length are checked as ranges: behind
; the pending word and the interval tests of the source and destination
; ranges they become calls to the runtime's __mpisync_memcpy/memmove/memset
; (which check, then move); otherwise the intrinsic runs. Without the inline
; fast path (%basic) every one is a runtime call. The .inline variants must
; stay inline: they keep the intrinsic with loadN/storeN range checks in
; front. A constant length of at most 16 bytes (a struct assignment) is
; checked as the load and store it stands for and the intrinsic stays; a
; zero length, or a local that never escapes, is not checked at all.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s --check-prefix=FAST
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @ranges(
; CHECK-NOT:  call void @llvm.mem
; CHECK:      call ptr @__mpisync_memcpy(ptr %d, ptr %s, i64 %n)
; CHECK-NEXT: call ptr @__mpisync_memmove(ptr %d, ptr %s, i64 %n)
; A memset byte is passed as an unsigned char, like memset's int argument.
; CHECK-NEXT: call ptr @__mpisync_memset(ptr %d, i32 255, i64 %n)
; CHECK-NEXT: [[LEN:%.*]] = zext i32 %m to i64
; CHECK-NEXT: call ptr @__mpisync_memcpy(ptr %d, ptr %s, i64 [[LEN]])
; CHECK-NEXT: call void @__mpisync_loadN(ptr %s, i64 32)
; CHECK-NEXT: call void @__mpisync_storeN(ptr %d, i64 32)
; CHECK-NEXT: call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
; CHECK-NEXT: ret void
; FAST-LABEL: define void @ranges(
; FAST:       %mpisync.any = icmp ne i64 %mpisync.pending, 0
; FAST-NEXT:  br i1 %mpisync.any, label %[[TEST:.*]], label %[[IDLE:.*]], !prof
; FAST:       [[TEST]]:
; FAST:       %mpisync.rangehit = icmp ult i64
; FAST:       %mpisync.rangehit{{[0-9]+}} = icmp ult i64
; FAST-NEXT:  %[[HIT:.*]] = or i1 %mpisync.rangehit, %mpisync.rangehit
; FAST-NEXT:  br i1 %[[HIT]], label %[[CALL:.*]], label %[[IDLE]], !prof
; FAST:       [[CALL]]:
; FAST-NEXT:  call ptr @__mpisync_memcpy(ptr %d, ptr %s, i64 %n)
; FAST-NEXT:  br label %[[AFTER:.*]]
; FAST:       [[IDLE]]:
; FAST-NEXT:  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
; FAST-NEXT:  br label %[[AFTER]]
; FAST:       [[AFTER]]:
; FAST:       call ptr @__mpisync_memmove(
; FAST:       call void @llvm.memmove.p0.p0.i64(
; FAST:       call ptr @__mpisync_memset(ptr %d, i32 255, i64 %n)
; FAST:       call void @llvm.memset.p0.i64(ptr %d, i8 -1, i64 %n, i1 false)
; FAST:       call ptr @__mpisync_memcpy(
; FAST:       call void @llvm.memcpy.p0.p0.i32(
; FAST:       call preserve_allcc void @__mpisync_loadN_pa(ptr %s, i64 32)
; FAST:       call preserve_allcc void @__mpisync_storeN_pa(ptr %d, i64 32)
; FAST:       call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
define void @ranges(ptr %d, ptr %s, i64 %n, i32 %m) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 -1, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i32(ptr %d, ptr %s, i32 %m, i1 false)
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
  ret void
}

; CHECK-LABEL: define void @short(
; CHECK:      call void @__mpisync_load16(ptr %s)
; CHECK-NEXT: call void @__mpisync_store16(ptr %d)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 16, i1 false)
; CHECK-NEXT: call void @__mpisync_store8(ptr %d)
; CHECK-NEXT: call void @llvm.memset.inline.p0.i64(ptr %d, i8 0, i64 8, i1 false)
; CHECK-NEXT: call void @__mpisync_loadN(ptr %s, i64 12)
; CHECK-NEXT: call void @__mpisync_storeN(ptr %d, i64 12)
; CHECK-NEXT: call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 12, i1 false)
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 0, i1 false)
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr %local, i8 0, i64 %n, i1 false)
; CHECK-NEXT: ret void
; The accesses through %s form one group and those through %d another
; (pass/AccessGroups.h): each group's members are checked at its head.
; FAST-LABEL: define void @short(
; FAST:       call preserve_allcc void @__mpisync_load16_pa(ptr %s)
; FAST:       call preserve_allcc void @__mpisync_loadN_pa(ptr %s, i64 12)
; FAST:       call preserve_allcc void @__mpisync_store16_pa(ptr %d)
; FAST-NOT:   call ptr @__mpisync_mem
define void @short(ptr %d, ptr %s, i64 %n) {
  %local = alloca [4 x i64]
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 16, i1 false)
  call void @llvm.memset.inline.p0.i64(ptr %d, i8 0, i64 8, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 12, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 0, i1 false)
  call void @llvm.memset.p0.i64(ptr %local, i8 0, i64 %n, i1 false)
  ret void
}

; A 16-byte access not aligned to a granule can touch three granules: the
; inline test reads their shadow bytes with one 4-byte load, whose fourth
; byte is masked out (0x262626: the load mask in the three granules).
; FAST-LABEL: define void @unaligned(
; FAST:       %[[A:.*]] = ptrtoint ptr %s to i64
; FAST:       lshr i64 %[[A]], 3
; FAST-NOT:   lshr
; FAST:       load i32, ptr %{{.*}}, align 1
; FAST-NEXT:  and i32 %{{.*}}, 2500134
; FAST-NEXT:  %mpisync.shadow = icmp ne i32
; FAST:       call preserve_allcc void @__mpisync_load16_pa(ptr %s)
define void @unaligned(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 16, i1 false)
  ret void
}

; Aligned to a granule, the same 16 bytes touch two: a 2-byte load.
; FAST-LABEL: define void @aligned16(
; FAST:       %[[A:.*]] = ptrtoint ptr %s to i64
; FAST:       lshr i64 %[[A]], 3
; FAST:       load i16, ptr %{{.*}}, align 1
; FAST-NEXT:  and i16 %{{.*}}, 9766
; FAST:       call preserve_allcc void @__mpisync_load16_pa(ptr %s)
define void @aligned16(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 16, i1 false)
  ret void
}
