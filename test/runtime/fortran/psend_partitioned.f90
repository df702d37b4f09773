! Partitions from Fortran, in a module procedure: a send partition of
! MPI_Psend_init is MPI's from its MPI_Pready until the request completes,
! and the program's before. (MPI 4.1 counts partitions' elements with
! INTEGER(KIND=MPI_COUNT_KIND).) MPI_Ibcast's roles: ibcast_roles.f90.
! REQUIRES: flang
! Partitioned communication is MPI 4.0's: not in Open MPI 4.1.
! REQUIRES: mpi-4
! RUN: mkdir -p %t.mods && %mpifort -fsanitize=mpisync -cpp -module-dir %t.mods %s -o %t
! RUN: not %mpiexec -n 2 %t > %t.out 2>&1
! RUN: FileCheck %s --check-prefix=R0 < %t.out
! RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED -module-dir %t.mods %s -o %t.ok
! RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
module parts
  use mpi
  implicit none
contains
  subroutine partitioned(rank)
    integer, intent(in) :: rank
    integer, target :: buf(8)
    integer :: req, ierr, i
    integer(kind=MPI_COUNT_KIND) :: per
    per = 4
    if (rank == 0) then
      call MPI_Psend_init(buf, 2, per, MPI_INTEGER, 1, 7, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
      call MPI_Start(req, ierr)
      buf(1:4) = (/(i, i = 1, 4)/)
      call MPI_Pready(0, req, ierr)
      buf(5:8) = (/(i, i = 5, 8)/) ! partition 1: not ready yet
#ifndef FIXED
      buf(2) = -2
      ! R0: ERROR: MPISync: send-buffer-write on rank 0
      ! R0-NEXT: WRITE of size 4
      ! R0-NEXT: #0 {{.*}} in parts::partitioned {{.*}}psend_partitioned.f90:[[@LINE-3]]
      ! R0: of a pending MPI_Psend_init (4 x MPI_INTEGER, element 1), handed to MPI by MPI_Pready here:
      ! R0: SUMMARY: MPISync: send-buffer-write {{.*}}psend_partitioned.f90:[[@LINE-5]]:{{.*}} in parts::partitioned; MPI_Pready at {{.*}}psend_partitioned.f90:[[@LINE-8]]:{{.*}} in parts::partitioned
      ! R0-NOT: ERROR: MPISync: {{.*}} on rank 0
#endif
      call MPI_Pready(1, req, ierr)
      call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
      buf(2) = 2 ! complete: the program's again
    else
      call MPI_Precv_init(buf, 2, per, MPI_INTEGER, 0, 7, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
      call MPI_Start(req, ierr)
      call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
      print '(a,i0)', 'partitioned sum ', sum(buf)
      ! OK-DAG: partitioned sum 36
    end if
    call MPI_Request_free(req, ierr)
  end subroutine
end module

program psend_partitioned
  use mpi
  use parts
  implicit none
  integer :: ierr, rank
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call partitioned(rank)
  call MPI_Finalize(ierr)
end program
