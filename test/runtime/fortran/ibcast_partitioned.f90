! Collective roles and partitions from Fortran: the buffer of a pending
! MPI_Ibcast is the root's send buffer and the other ranks' receive buffer;
! a send partition of MPI_Psend_init is MPI's from its MPI_Pready until the
! request completes, and the program's before. (MPI 4.1 counts partitions'
! elements with INTEGER(KIND=MPI_COUNT_KIND).)
! REQUIRES: flang
! REQUIRES: mpi-4
! RUN: mkdir -p %t.mods && %mpifort -fsanitize=mpisync -cpp -module-dir %t.mods %s -o %t
! RUN: not %mpiexec -n 2 %t > %t.out 2>&1
! RUN: FileCheck %s --check-prefix=R0 < %t.out
! RUN: FileCheck %s --check-prefix=R1 < %t.out
! RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED -module-dir %t.mods %s -o %t.ok
! RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
module roles
  use mpi
  implicit none
contains
  subroutine broadcast(table, rank, seen)
    integer, intent(in) :: rank
    integer, target :: table(6)
    integer, intent(out) :: seen
    integer :: req, ierr
    call MPI_Ibcast(table, 6, MPI_INTEGER, 0, MPI_COMM_WORLD, req, ierr)
    seen = 0
#ifndef FIXED
    if (rank == 1) seen = table(4)
    ! R1: ERROR: MPISync: recv-buffer-access on rank 1
    ! R1-NEXT: READ of size 4
    ! R1-NEXT: #0 {{.*}} in roles::broadcast {{.*}}ibcast_partitioned.f90:[[@LINE-3]]
    ! R1: is 12 bytes from the start of the receive buffer {{.*}} of a pending MPI_Ibcast (6 x MPI_INTEGER, element 3), started here:
    ! R1: SUMMARY: MPISync: recv-buffer-access {{.*}}ibcast_partitioned.f90:[[@LINE-5]]:{{.*}} in roles::broadcast; MPI_Ibcast at {{.*}}ibcast_partitioned.f90:[[@LINE-8]]:{{.*}} in roles::broadcast
#endif
    if (rank == 0) then
      seen = table(4) ! the root's send buffer may be read
      print '(a)', 'root read its send buffer' ! (and keeps the load in this branch)
    end if
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  end subroutine

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
      ! R0-NEXT: #0 {{.*}} in roles::partitioned {{.*}}ibcast_partitioned.f90:[[@LINE-3]]
      ! R0: of a pending MPI_Psend_init (4 x MPI_INTEGER, element 1), started by MPI_Start here:
      ! R0: SUMMARY: MPISync: send-buffer-write {{.*}}ibcast_partitioned.f90:[[@LINE-5]]:{{.*}} in roles::partitioned; MPI_Start at {{.*}}ibcast_partitioned.f90:[[@LINE-10]]:{{.*}} in roles::partitioned
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

program ibcast_partitioned
  use mpi
  use roles
  implicit none
  integer :: ierr, rank, table(6), seen
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  table = 0
  if (rank == 0) table = (/10, 20, 30, 40, 50, 60/)
  call broadcast(table, rank, seen)
  print '(a,i0,a,i0,a,i0)', 'rank ', rank, ' table ', sum(table), ' seen ', seen
  ! OK-DAG: rank 0 table 210 seen 40
  ! OK-DAG: rank 1 table 210 seen 0
  call partitioned(rank)
  call MPI_Finalize(ierr)
end program
