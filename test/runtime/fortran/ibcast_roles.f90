! Collective roles from Fortran, in a module procedure: the buffer of a
! pending MPI_Ibcast is the root's send buffer (which it may read) and the
! other ranks' receive buffer (which they may not access until completion).
! REQUIRES: flang
! RUN: mkdir -p %t.mods && %mpifort -fsanitize=mpisync -cpp -module-dir %t.mods %s -o %t
! RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not='on rank 0'
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
    ! CHECK: ERROR: MPISync: recv-buffer-access on rank 1
    ! CHECK-NEXT: READ of size 4
    ! CHECK-NEXT: #0 {{.*}} in roles::broadcast {{.*}}ibcast_roles.f90:[[@LINE-3]]
    ! CHECK: is 12 bytes from the start of the receive buffer {{.*}} of a pending MPI_Ibcast (6 x MPI_INTEGER, element 3), started here:
    ! CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}ibcast_roles.f90:[[@LINE-5]]:{{.*}} in roles::broadcast; MPI_Ibcast at {{.*}}ibcast_roles.f90:[[@LINE-8]]:{{.*}} in roles::broadcast
#endif
    if (rank == 0) then
      seen = table(4) ! the root's send buffer may be read
      print '(a)', 'root read its send buffer' ! (and keeps the load in this branch)
    end if
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  end subroutine
end module

program ibcast_roles
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
  call MPI_Finalize(ierr)
end program
