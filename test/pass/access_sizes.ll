; Loads and stores of 1, 2, 4, 8 and 16 bytes call the fixed-size entry points
; with the pointer; any other size calls __mpisync_loadN/storeN(ptr, size).
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.three = type { i8, i8, i8 }

; CHECK-LABEL: define void @loads(
; CHECK:      call void @__mpisync_load1(ptr %p)
; CHECK-NEXT: load i8, ptr %p
; CHECK:      call void @__mpisync_load2(ptr %p)
; CHECK-NEXT: load i16, ptr %p
; CHECK:      call void @__mpisync_load4(ptr %p)
; CHECK-NEXT: load float, ptr %p
; CHECK:      call void @__mpisync_load8(ptr %p)
; CHECK-NEXT: load ptr, ptr %p
; CHECK:      call void @__mpisync_load16(ptr %p)
; CHECK-NEXT: load <2 x double>, ptr %p
define void @loads(ptr %p) {
  %a = load i8, ptr %p
  %b = load i16, ptr %p
  %c = load float, ptr %p
  %d = load ptr, ptr %p
  %e = load <2 x double>, ptr %p
  ret void
}

; CHECK-LABEL: define void @stores(
; CHECK:      call void @__mpisync_store1(ptr %p)
; CHECK-NEXT: store i8 1, ptr %p
; CHECK:      call void @__mpisync_store2(ptr %p)
; CHECK-NEXT: store i16 2, ptr %p
; CHECK:      call void @__mpisync_store4(ptr %p)
; CHECK-NEXT: store i32 4, ptr %p
; CHECK:      call void @__mpisync_store8(ptr %p)
; CHECK-NEXT: store double 8.0{{.*}}, ptr %p
; CHECK:      call void @__mpisync_store16(ptr %p)
; CHECK-NEXT: store i128 16, ptr %p
define void @stores(ptr %p) {
  store i8 1, ptr %p
  store i16 2, ptr %p
  store i32 4, ptr %p
  store double 8.0, ptr %p
  store i128 16, ptr %p
  ret void
}

; The pointer passed is the access's own (a GEP), not the base.
; CHECK-LABEL: define void @odd_sizes(
; CHECK:      call void @__mpisync_loadN(ptr %p, i64 3)
; CHECK-NEXT: load %struct.three, ptr %p
; CHECK:      call void @__mpisync_storeN(ptr %q, i64 12)
; CHECK-NEXT: store <3 x i32> zeroinitializer, ptr %q
; CHECK:      call void @__mpisync_loadN(ptr %p, i64 32)
; CHECK-NEXT: load [8 x i32], ptr %p
; CHECK-NOT:  call void @__mpisync_
; CHECK:      ret void
define void @odd_sizes(ptr %p) {
  %a = load %struct.three, ptr %p
  %q = getelementptr i8, ptr %p, i64 4
  store <3 x i32> zeroinitializer, ptr %q
  %b = load [8 x i32], ptr %p
  ret void
}
