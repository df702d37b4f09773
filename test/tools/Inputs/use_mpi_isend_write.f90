! `use mpi` and a write to the buffer of a pending MPI_Isend (line 11):
! built by install_fortran.test with an installed mpisync-mpifort.
program use_mpi_isend_write
  use mpi
  implicit none
  integer :: ierr, rank, req, buf(10)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
    call MPI_Isend(buf, 10, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, req, ierr)
    buf(3) = 7
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  else
    call MPI_Recv(buf, 10, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end if
  call MPI_Finalize(ierr)
end program
