! A send buffer written before its request completes, in a Fortran program
! (`include 'mpif.h'`), reported with the Fortran lines of the write and of
! the MPI_Isend. With Open MPI this goes through MPISync's own Fortran entry
! points (mpi_isend_, ...: Open MPI's call PMPI_* directly), which convert
! the handles and call the C wrappers; the program also checks what they
! hand back: a duplicated communicator and a vector datatype as handles,
! MPI_Waitany's 1-based index and status, MPI_Testall's LOGICAL flag,
! completed requests set to MPI_REQUEST_NULL, freed handles set to null.
! The twin writes after completion.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -cpp %s -o %t
! RUN: not %mpiexec -n 2 %t > %t.out 2>&1
! RUN: FileCheck %s --check-prefixes=CHECK,R0 < %t.out
! RUN: FileCheck %s --check-prefixes=CHECK,R1 < %t.out
! RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED %s -o %t.ok
! RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
program isend_write_wait
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, peer, comm, vec, i, idx, source
  integer :: reqs(2), status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2)
  logical :: done, nulls
  integer, target :: out(12), in(12)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, comm, ierr)
  peer = 1 - rank
  ! Elements 1, 4, 7 and 10.
  call MPI_Type_vector(4, 1, 3, MPI_INTEGER, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  out = (/(100 * rank + i, i = 1, 12)/)
  in = 0
  call MPI_Irecv(in, 1, vec, peer, 5, comm, reqs(1), ierr)
  call MPI_Isend(out, 1, vec, peer, 5, comm, reqs(2), ierr)
  out(2) = -2 ! not in the vector: the program's
#ifndef FIXED
  out(7) = -7
  ! R0: ERROR: MPISync: send-buffer-write on rank 0
  ! R1: ERROR: MPISync: send-buffer-write on rank 1
  ! CHECK-NEXT: WRITE of size 4
  ! CHECK-NEXT: #0 {{.*}} in main program {{.*}}isend_write_wait.f90:[[@LINE-4]]
  ! CHECK: is 24 bytes from the start of the send buffer {{.*}} of a pending MPI_Isend (1 x a derived datatype, element 0), started here:
  ! CHECK: in main program {{.*}}isend_write_wait.f90:[[@LINE-9]]
  ! CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}isend_write_wait.f90:[[@LINE-7]]:{{.*}} in main program; MPI_Isend at {{.*}}isend_write_wait.f90:[[@LINE-10]]:{{.*}} in main program
  ! R0-NOT: on rank 0
  ! R1-NOT: on rank 1
#endif
  call MPI_Waitany(2, reqs, idx, status, ierr)
  source = -1
  if (idx == 1) source = status(MPI_SOURCE)
  done = .false.
  do while (.not. done)
    call MPI_Testall(2, reqs, done, statuses, ierr)
  end do
  if (idx == 2) source = statuses(MPI_SOURCE, 1)
  out(7) = -7 ! complete: the program's again
  nulls = reqs(1) == MPI_REQUEST_NULL .and. reqs(2) == MPI_REQUEST_NULL
  call MPI_Type_free(vec, ierr)
  call MPI_Comm_free(comm, ierr)
  nulls = nulls .and. vec == MPI_DATATYPE_NULL .and. comm == MPI_COMM_NULL
  print '(a,i0,a,i0,a,4(1x,i0),a,i0,a,l1)', 'rank ', rank, ' index ', idx, &
        ' got', in(1:10:3), ' from ', source, ' nulls ', nulls
  ! OK-DAG: rank 0 index {{[12]}} got 101 104 107 110 from 1 nulls T
  ! OK-DAG: rank 1 index {{[12]}} got 1 4 7 10 from 0 nulls T
  call MPI_Finalize(ierr)
end program
