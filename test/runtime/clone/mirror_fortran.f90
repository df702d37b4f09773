! Cloning from Fortran: the Fortran bindings (MPICH's, or MPISync's own with
! Open MPI) call the C functions with MPI_COMM_WORLD's handle, which the
! wrappers translate like C's, so a Fortran program sees the application's
! world and its clones get what their parent receives (point-to-point with a
! status array, a reduction).
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -g %s -o %t
! RUN: %mpiexec -n 2 %t > %t.plain
! RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
! RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
! CHECK: same: {{[0-9]+}} lines
program mirror_fortran
  implicit none
  include 'mpif.h'
  integer :: rank, nranks, ierr, peer, i
  integer :: status(MPI_STATUS_SIZE)
  integer :: out(8), in(8), total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  peer = 1 - rank
  do i = 1, 8
    out(i) = 100 * rank + i
  end do
  in = 0
  call MPI_Sendrecv(out, 8, MPI_INTEGER, peer, 3, in, 8, MPI_INTEGER, &
                    MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
  call MPI_Allreduce(sum(in), total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  print '(A,I0,A,I0,A,I0,A,I0,A,I0)', 'rank ', rank, ' of ', nranks, &
        ' got from ', status(MPI_SOURCE), ' sum ', sum(in), ' total ', total
  call MPI_Finalize(ierr)
end program mirror_fortran
