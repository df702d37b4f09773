! MPI_BOTTOM from Fortran: a struct type built from absolute addresses
! (MPI_Get_address) describes two separate arrays; MPI_Isend(MPI_BOTTOM, ...)
! makes both send buffers, MPI_Irecv(MPI_BOTTOM, ...) both receive buffers,
! and memory the type does not name stays the program's. The arrays are
! TARGETs, so the compiler keeps their accesses where the source has them
! (MPI 4.1 19.1.17; ASYNCHRONOUS and VOLATILE actual arguments need explicit
! interfaces, which mpif.h does not give).
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -cpp %s -o %t
! RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
! RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED %s -o %t.ok
! RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
program bottom_struct
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, req, dtype, i
  integer, target :: ids(4), spare(4)
  double precision, target :: vals(3)
  integer(kind=MPI_ADDRESS_KIND) :: disp(2)
  integer :: blens(2), types(2)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Get_address(ids, disp(1), ierr)
  call MPI_Get_address(vals, disp(2), ierr)
  blens = (/4, 3/)
  types = (/MPI_INTEGER, MPI_DOUBLE_PRECISION/)
  call MPI_Type_create_struct(2, blens, disp, types, dtype, ierr)
  call MPI_Type_commit(dtype, ierr)
  spare = 0
  if (rank == 0) then
    ids = (/(i, i = 1, 4)/)
    vals = 0.5d0
    call MPI_Isend(MPI_BOTTOM, 1, dtype, 1, 0, MPI_COMM_WORLD, req, ierr)
    spare(2) = ids(2) + 1 ! not in the type; reading a send buffer is fine
#ifndef FIXED
    vals(2) = -1.0d0
    ! CHECK-DAG: ERROR: MPISync: send-buffer-write on rank 0
    ! CHECK-DAG: #0 {{.*}} in main program {{.*}}bottom_struct.f90:[[@LINE-2]]
    ! CHECK-DAG: is {{[1-9]?[0-9]?[0-9]?[0-9]?[0-9]}} bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x a derived datatype, element 0), started here:
    ! CHECK-DAG: SUMMARY: MPISync: send-buffer-write {{.*}}bottom_struct.f90:[[@LINE-4]]:{{.*}} in main program; MPI_Isend at {{.*}}bottom_struct.f90:[[@LINE-7]]
#endif
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    vals(2) = -1.0d0 ! complete: the program's again
  else
    call MPI_Irecv(MPI_BOTTOM, 1, dtype, 0, 0, MPI_COMM_WORLD, req, ierr)
    spare(1) = 7
#ifndef FIXED
    spare(3) = ids(3)
    ! CHECK-DAG: ERROR: MPISync: recv-buffer-access on rank 1
    ! CHECK-DAG: READ of size 4 {{.*}} by rank 1
    ! CHECK-DAG: is {{[1-9]?[0-9]?[0-9]?[0-9]?[0-9]}} bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (1 x a derived datatype, element 0), started here:
    ! CHECK-DAG: SUMMARY: MPISync: recv-buffer-access {{.*}}bottom_struct.f90:[[@LINE-4]]:{{.*}} in main program; MPI_Irecv at {{.*}}bottom_struct.f90:[[@LINE-7]]
#endif
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    print '(a,i0,a,f4.1,a,i0)', 'ids ', sum(ids), ' vals ', sum(vals), ' spare ', spare(1) + spare(3)
    ! OK: ids 10 vals  1.5 spare 7
  end if
  call MPI_Type_free(dtype, ierr)
  call MPI_Finalize(ierr)
end program
