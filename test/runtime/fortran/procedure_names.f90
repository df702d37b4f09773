! Report frames name Fortran procedures as the source does, not by flang's
! internal names: a module procedure `halo::exchange` (_QMhaloPexchange), an
! internal procedure of it `halo::exchange::touch`
! (_QMhaloFexchangePtouch), an internal procedure of the main program
! (_QFPpost, shown as `post`), an external procedure `driver` (flang's `driver_`) and the
! main program (_QQmain). The JSON log carries the same names.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -O0 %s -o %t
! RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
! RUN: rm -rf %t.logs && mkdir %t.logs
! RUN: env MPISYNC_OPTIONS=log_path=\"%t.logs/r\":log_format=json not %mpiexec -n 2 %t
! RUN: cat %t.logs/r.* | FileCheck %s --check-prefix=JSON
module halo
  implicit none
  include 'mpif.h'
contains
  subroutine exchange(buf, n, rank)
    integer, intent(in) :: n, rank
    integer, target :: buf(n)
    integer :: req, ierr
    if (rank == 0) then
      call MPI_Isend(buf, n, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, req, ierr)
      call touch()
      call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    else
      call MPI_Recv(buf, n, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    end if
  contains
    subroutine touch()
      buf(2) = 5
      ! CHECK: ERROR: MPISync: send-buffer-write on rank 0
      ! CHECK-NEXT: WRITE of size 4
      ! CHECK-NEXT: #0 {{.*}} in halo::exchange::touch {{.*}}procedure_names.f90:[[@LINE-3]]
      ! CHECK-NEXT: #1 {{.*}} in halo::exchange {{.*}}procedure_names.f90:[[@LINE-11]]
      ! CHECK-NEXT: #2 {{.*}} in driver {{.*}}procedure_names.f90:[[@LINE+17]]
      ! CHECK-NEXT: #3 {{.*}} in main program {{.*}}procedure_names.f90:[[@LINE+25]]
      ! CHECK: started here:
      ! CHECK: in halo::exchange {{.*}}procedure_names.f90:[[@LINE-16]]
      ! CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}procedure_names.f90:[[@LINE-9]]:{{.*}} in halo::exchange::touch; MPI_Isend at {{.*}}procedure_names.f90:[[@LINE-17]]:{{.*}} in halo::exchange
      ! JSON: "function":"halo::exchange::touch"
      ! JSON-SAME: "function":"halo::exchange"
    end subroutine
  end subroutine
end module

subroutine driver(rank)
  use halo
  implicit none
  integer :: rank
  integer :: b(8)
  b = 1
  call exchange(b, 8, rank)
end subroutine

program names
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, req, got(4)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call driver(rank)
  call post()
  call MPI_Finalize(ierr)
contains
  subroutine post()
    got = 0
    call MPI_Irecv(got, 4, MPI_INTEGER, MPI_PROC_NULL, 0, MPI_COMM_WORLD, req, ierr)
    ! A receive from MPI_PROC_NULL never completes here: reported at
    ! MPI_Finalize with this procedure's name.
    ! CHECK: ERROR: MPISync: missing-completion on rank
    ! CHECK: in post {{.*}}procedure_names.f90:[[@LINE-4]]
  end subroutine
end program
