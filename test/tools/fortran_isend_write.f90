! Fortran code is instrumented through %mpifort: a write to the buffer of a
! pending MPI_Isend is reported at the Fortran source line of the write.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync %s -o %t
! RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
program isend_write
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, req, buf(10)
  integer :: status(MPI_STATUS_SIZE)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  buf = 0
  if (rank == 0) then
    call MPI_Isend(buf, 10, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, req, ierr)
    buf(3) = 7
    ! CHECK: ERROR: MPISync: send-buffer-write on rank 0
    ! CHECK: #0 {{.*}} in main program {{.*}}fortran_isend_write.f90:[[@LINE-2]]
    ! CHECK: started here:
    ! CHECK: in main program {{.*}}fortran_isend_write.f90:[[@LINE-5]]
    ! CHECK: SUMMARY: MPISync: send-buffer-write {{.*}}fortran_isend_write.f90:[[@LINE-5]]:{{.*}}; MPI_Isend at {{.*}}fortran_isend_write.f90:[[@LINE-6]]
    call MPI_Wait(req, status, ierr)
  else
    call MPI_Recv(buf, 10, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, status, ierr)
  end if
  call MPI_Finalize(ierr)
end program
