; Memory becomes an MPI buffer only through an argument MPI keeps after the
; call (the buffer of MPI_Irecv, window memory). A stack object or private
; global passed only as another argument of a known MPI call (MPI_Comm_rank's
; out-parameter, a request, the buffer of a blocking MPI_Recv) is never an
; MPI buffer: its accesses are not checked and its scope end is not
; reported. Unknown calls (MPI_Get_address: the address comes back as an
; integer for MPI_BOTTOM) and the buffer arguments keep their checks. PMPI_
; and the Fortran bindings (mpi_comm_rank_) are the same functions. With
; -mpisync-know-mpi-arguments=0 every MPI call may keep every pointer.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync %basic -mpisync-know-mpi-arguments=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@rank_global = internal global i32 0

declare i32 @MPI_Comm_rank(i32, ptr)
declare i32 @PMPI_Comm_size(i32, ptr)
declare void @mpi_comm_rank_(ptr, ptr, ptr)
declare i32 @MPI_Irecv(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @MPI_Recv(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @MPI_Wait(ptr, ptr)
declare i32 @MPI_Get_address(ptr, ptr)

; CHECK-LABEL: define i32 @out_parameters(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret i32
; OFF-LABEL:   define i32 @out_parameters(
; OFF:         call void @__mpisync_load4(ptr %rank)
; OFF:         call void @__mpisync_load4(ptr %size)
; OFF:         call void @__mpisync_load4(ptr %frank)
; OFF:         call void @__mpisync_stack_release(ptr %rank, i64 4)
define i32 @out_parameters() {
  %rank = alloca i32
  %size = alloca i32
  %frank = alloca i32
  %comm = alloca i32
  %ierr = alloca i32
  call i32 @MPI_Comm_rank(i32 0, ptr %rank)
  call i32 @PMPI_Comm_size(i32 0, ptr %size)
  call void @mpi_comm_rank_(ptr %comm, ptr %frank, ptr %ierr)
  %r = load i32, ptr %rank
  %s = load i32, ptr %size
  %f = load i32, ptr %frank
  %a = add i32 %r, %s
  %b = add i32 %a, %f
  ret i32 %b
}

; The request and the status of a nonblocking receive are not its buffer.
; CHECK-LABEL: define i32 @request_not_buffer(
; CHECK:       call void @__mpisync_store4(ptr %buf)
; CHECK-NOT:   call void @__mpisync_{{.*}}(ptr %req)
; CHECK:       call void @__mpisync_load4(ptr %buf)
; CHECK-NOT:   call void @__mpisync_{{.*}}(ptr %req)
; CHECK:       call void @__mpisync_stack_release(ptr %buf, i64 4)
; CHECK-NOT:   call void @__mpisync_stack_release(ptr %req
; CHECK:       ret i32
; OFF-LABEL:   define i32 @request_not_buffer(
; OFF:         call void @__mpisync_load4(ptr %req)
define i32 @request_not_buffer() {
  %buf = alloca i32
  %req = alloca i32
  %status = alloca [6 x i32]
  store i32 0, ptr %buf
  call i32 @MPI_Irecv(ptr %buf, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
  %h = load i32, ptr %req
  call i32 @MPI_Wait(ptr %req, ptr %status)
  %v = load i32, ptr %buf
  %w = add i32 %v, %h
  ret i32 %w
}

; A blocking receive's buffer is free again when the call returns.
; CHECK-LABEL: define i32 @blocking_buffer(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret i32
define i32 @blocking_buffer() {
  %buf = alloca [4 x i32]
  %status = alloca [6 x i32]
  call i32 @MPI_Recv(ptr %buf, i32 4, i32 0, i32 0, i32 0, i32 0, ptr %status)
  %e = getelementptr [4 x i32], ptr %buf, i64 0, i64 2
  %v = load i32, ptr %e
  ret i32 %v
}

; MPI_Get_address is not in the table: its argument stays checked.
; CHECK-LABEL: define i32 @address_taken(
; CHECK:       call void @__mpisync_load4(ptr %x)
; CHECK:       call void @__mpisync_stack_release(ptr %x, i64 4)
define i32 @address_taken() {
  %x = alloca i32
  %disp = alloca i64
  call i32 @MPI_Get_address(ptr %x, ptr %disp)
  %v = load i32, ptr %x
  ret i32 %v
}

; A private global passed only as an out-parameter.
; CHECK-LABEL: define i32 @global_out_parameter(
; CHECK-NOT:   call void @__mpisync_
; CHECK:       ret i32
; OFF-LABEL:   define i32 @global_out_parameter(
; OFF:         call void @__mpisync_load4(ptr @rank_global)
define i32 @global_out_parameter() {
  call i32 @MPI_Comm_rank(i32 0, ptr @rank_global)
  %r = load i32, ptr @rank_global
  ret i32 %r
}
