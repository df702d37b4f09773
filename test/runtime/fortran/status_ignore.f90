! MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE from Fortran (`use mpi`) in
! MPI_Wait, MPI_Test and MPI_Waitall: the Fortran binding (MPICH's, or
! MPISync's own with Open MPI) passes C's sentinels on, and the requests
! complete as with a status array. Three rounds reuse
! the buffers after completion (no report), and a write to a send buffer
! before its MPI_Waitall is reported.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -cpp %s -o %t
! RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
! RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED %s -o %t.ok
! RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
program status_ignore
  use mpi
  implicit none
  integer, parameter :: n = 16
  integer :: ierr, rank, peer, round, reqs(4), total
  logical :: done
  integer :: a(n), b(n), out1(n), out2(n)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  peer = 1 - rank
  total = 0
  do round = 1, 3
    out1 = rank + round
    out2 = 10 * (rank + round)
    call MPI_Irecv(a, n, MPI_INTEGER, peer, 1, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Irecv(b, n, MPI_INTEGER, peer, 2, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Isend(out1, n, MPI_INTEGER, peer, 1, MPI_COMM_WORLD, reqs(3), ierr)
    call MPI_Isend(out2, n, MPI_INTEGER, peer, 2, MPI_COMM_WORLD, reqs(4), ierr)
    call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
    total = total + sum(a)
    done = .false.
    do while (.not. done)
      call MPI_Test(reqs(2), done, MPI_STATUS_IGNORE, ierr)
    end do
    total = total + sum(b)
#ifndef FIXED
    if (round == 2) out2(5) = -1
    ! CHECK: ERROR: MPISync: send-buffer-write on rank {{[01]}}
    ! CHECK-NEXT: WRITE of size 4
    ! CHECK-NEXT: #0 {{.*}} in main program {{.*}}status_ignore.f90:[[@LINE-3]]
    ! CHECK: is 16 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (16 x MPI_INTEGER, element 4), started here:
    ! CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}status_ignore.f90:[[@LINE-5]]:{{.*}} in main program; MPI_Isend at {{.*}}status_ignore.f90:[[@LINE-14]]
#endif
    call MPI_Waitall(2, reqs(3), MPI_STATUSES_IGNORE, ierr)
    out1(1) = 0 ! complete: the program's again
    out2(1) = 0
  end do
  print '(a,i0,a,i0)', 'rank ', rank, ' total ', total
  ! OK-DAG: rank 0 total 1584
  ! OK-DAG: rank 1 total 1056
  call MPI_Finalize(ierr)
end program
