! OpenMP threads in Fortran (flang -fopenmp) while a halo receive is
! pending: the parallel loop must not read the receive buffer before
! MPI_Wait. The access is reported from the outlined parallel region, named
! after its procedure (`main program..omp_par`). The twin reads it after the
! wait.
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -fopenmp -cpp %s -o %t
! RUN: env OMP_NUM_THREADS=2 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
! RUN: %mpifort -fsanitize=mpisync -fopenmp -cpp -DFIXED %s -o %t.ok
! RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
program openmp_halo
  use mpi
  implicit none
  integer, parameter :: n = 1000
  integer :: ierr, rank, provided, req, i
  double precision :: halo(n), grid(n), edge(n)
  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  edge = rank + 1
  call MPI_Irecv(halo, n, MPI_DOUBLE_PRECISION, 1 - rank, 0, MPI_COMM_WORLD, req, ierr)
  call MPI_Send(edge, n, MPI_DOUBLE_PRECISION, 1 - rank, 0, MPI_COMM_WORLD, ierr)
#ifndef FIXED
!$omp parallel do
  do i = 1, n
    grid(i) = halo(i) * 2
  end do
!$omp end parallel do
  ! CHECK: ERROR: MPISync: recv-buffer-access on rank
  ! CHECK-NEXT: READ of size
  ! CHECK-NEXT: #0 {{.*}} in main program..omp_par {{.*}}openmp_halo.f90:[[@LINE-5]]
  ! CHECK: of a pending MPI_Irecv (1000 x MPI_DOUBLE_PRECISION, element {{[0-9]+}}), started here:
  ! CHECK: in main program {{.*}}openmp_halo.f90:[[@LINE-12]]
  ! CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}openmp_halo.f90:[[@LINE-8]]:{{.*}} in main program..omp_par; MPI_Irecv at {{.*}}openmp_halo.f90:[[@LINE-13]]:{{.*}} in main program
#endif
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
!$omp parallel do
  do i = 1, n
    grid(i) = halo(i) * 2
  end do
!$omp end parallel do
  print '(a,i0,a,f6.1)', 'rank ', rank, ' sum ', sum(grid)
  ! OK-DAG: rank 0 sum 4000.0
  ! OK-DAG: rank 1 sum 2000.0
  call MPI_Finalize(ierr)
end program
