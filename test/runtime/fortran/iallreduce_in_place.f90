! MPI_IN_PLACE from Fortran (`use mpi`, MPISync's module for flang): in an
! in-place MPI_Iallreduce the receive buffer is also the input, and may not
! be accessed until completion (MPI 4.1 6.12); the send buffer of the other,
! not in-place, reduction may be read. The Fortran binding (MPICH's, or
! MPISync's own with Open MPI) turns the Fortran sentinel (a common block)
! into C's MPI_IN_PLACE before the C call.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -cpp %s -o %t
! RUN: not %mpiexec -n 2 %t > %t.out 2>&1
! RUN: FileCheck %s --check-prefixes=CHECK,R0 < %t.out
! RUN: FileCheck %s --check-prefixes=CHECK,R1 < %t.out
! RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED %s -o %t.ok
! RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
program iallreduce_in_place
  use mpi
  implicit none
  integer :: ierr, rank, reqs(2)
  double precision :: v(4), a(4), b(4), peek
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  v = rank + 1
  a = rank
  call MPI_Iallreduce(MPI_IN_PLACE, v, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Iallreduce(a, b, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, reqs(2), ierr)
  peek = a(2)
#ifndef FIXED
  peek = peek + v(3)
  ! R0: ERROR: MPISync: recv-buffer-access on rank 0
  ! R1: ERROR: MPISync: recv-buffer-access on rank 1
  ! CHECK-NEXT: READ of size 8
  ! CHECK-NEXT: #0 {{.*}} in main program {{.*}}iallreduce_in_place.f90:[[@LINE-4]]
  ! CHECK: is 16 bytes from the start of the receive buffer {{.*}} of a pending MPI_Iallreduce (4 x MPI_DOUBLE_PRECISION, element 2), started here:
  ! CHECK: in main program {{.*}}iallreduce_in_place.f90:[[@LINE-10]]
  ! CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}iallreduce_in_place.f90:[[@LINE-7]]:{{.*}} in main program; MPI_Iallreduce at {{.*}}iallreduce_in_place.f90:[[@LINE-11]]:{{.*}} in main program
  ! R0-NOT: on rank 0
  ! R1-NOT: on rank 1
#endif
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
  v(1) = v(1) + 1 ! complete: the program's again
  print '(a,i0,a,f4.1,a,f4.1,a,f4.1)', 'rank ', rank, ' v3 ', v(3), ' b1 ', b(1), ' peek ', peek
  ! OK-DAG: rank 0 v3  3.0 b1  1.0 peek  0.0
  ! OK-DAG: rank 1 v3  3.0 b1  1.0 peek  1.0
  call MPI_Finalize(ierr)
end program
