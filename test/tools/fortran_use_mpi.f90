! `use mpi` with flang: MPICH's mpi.mod is gfortran's, so %mpifort puts
! MPISync's own module (built from mpif.h, lib/fortran/mpi.mod) first in the
! search path, with or without the sanitizer. `use mpi_f08` has no flang
! module (MPICH's f08 bindings are gfortran code): flang cannot read
! MPICH's file and says so.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -cpp %s -o %t
! RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
! RUN: %mpifort -cpp %s -o %t.plain
! RUN: %mpiexec -n 2 %t.plain 2>&1 | FileCheck %s
! CHECK: rank 1 received 45 sentinel ok
! RUN: not %mpifort -cpp -DF08 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=F08
! F08: Cannot read module file for module 'mpi_f08'
program use_mpi
#ifdef F08
  use mpi_f08
#else
  use mpi
#endif
  implicit none
  integer :: ierr, rank, req, i, buf(10), total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  buf = (/(i - 1, i = 1, 10)/)
  if (rank == 0) then
    call MPI_Isend(buf, 10, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, req, ierr)
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  else
    buf = 0
    call MPI_Irecv(buf, 10, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, req, ierr)
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    total = sum(buf)
    call MPI_Allreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_SELF, ierr)
    if (total == 45) print '(a,i0,a)', 'rank 1 received ', total, ' sentinel ok'
  end if
  call MPI_Finalize(ierr)
end program
