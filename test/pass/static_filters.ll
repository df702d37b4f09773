; Static filters: a stack object whose address never escapes (a local, or
; the callee's copy of an argument passed by value) and a constant global
; cannot be MPI buffers, so their accesses are not instrumented; an alloca
; or byval copy passed to an external call (e.g. MPI_Isend) is. Each filter has a
; switch, and switching it off instruments the access.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-dedup-checks=0 -mpisync-skip-nonescaping-allocas=false -S %s \
; RUN:   | FileCheck %s --check-prefix=ALLOCA
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-skip-constant-memory=false -S %s \
; RUN:   | FileCheck %s --check-prefix=CONST
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@counter = global i32 0

declare void @MPI_Isend_like(ptr)

; CHECK-LABEL: define i32 @local(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret i32
; ALLOCA-LABEL: define i32 @local(
; ALLOCA:      call void @__mpisync_store4(ptr %x)
; ALLOCA:      call void @__mpisync_load4(ptr %x)
define i32 @local() {
  %x = alloca i32
  store i32 1, ptr %x
  %v = load i32, ptr %x
  ret i32 %v
}

; CHECK-LABEL: define void @escaping(
; CHECK:       call void @__mpisync_store8(ptr %e)
; CHECK-NEXT:  store i64 0, ptr %e
; CHECK:       call void @MPI_Isend_like(ptr %buf)
define void @escaping() {
  %buf = alloca [4 x i64]
  %e = getelementptr [4 x i64], ptr %buf, i64 0, i64 1
  store i64 0, ptr %e
  call void @MPI_Isend_like(ptr %buf)
  ret void
}

%struct.vec = type { double, double, double }

; CHECK-LABEL: define double @byval_copy(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret double
; ALLOCA-LABEL: define double @byval_copy(
; ALLOCA:      call void @__mpisync_load8(ptr %y)
define double @byval_copy(ptr byval(%struct.vec) align 8 %v) {
  %y = getelementptr inbounds i8, ptr %v, i64 8
  %a = load double, ptr %y
  ret double %a
}

; CHECK-LABEL: define void @byval_escaping(
; CHECK:       call void @__mpisync_store8(ptr %y)
; CHECK-NEXT:  store double 0.0{{.*}}, ptr %y
; CHECK:       call void @MPI_Isend_like(ptr %v)
define void @byval_escaping(ptr byval(%struct.vec) align 8 %v) {
  %y = getelementptr inbounds i8, ptr %v, i64 8
  store double 0.0, ptr %y
  call void @MPI_Isend_like(ptr %v)
  ret void
}

; CHECK-LABEL: define i32 @globals(
; CHECK-NOT:   call void @__mpisync_load4(ptr %t)
; CHECK:       call void @__mpisync_load4(ptr @counter)
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret i32
; CONST-LABEL: define i32 @globals(
; CONST:       call void @__mpisync_load4(ptr %t)
; CONST:       call void @__mpisync_load4(ptr @counter)
define i32 @globals(i64 %i) {
  %t = getelementptr [4 x i32], ptr @table, i64 0, i64 %i
  %a = load i32, ptr %t
  %b = load i32, ptr @counter
  %s = add i32 %a, %b
  ret i32 %s
}
