// OpenMP threads compute on a grid while one halo exchange is pending; the
// loops touch only the interior, the halo is read after MPI_Waitall.
// RUN: %mpicc -fsanitize=mpisync -fopenmp %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -fopenmp -DBUG %s -o %t.bug
// RUN: env OMP_NUM_THREADS=2 not %mpiexec -n 2 %t.bug 2>&1 | FileCheck %s --check-prefix=BUG
#include <mpi.h>
#include <stdio.h>

#define N 4096

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  static double grid[N + 2], next[N + 2];
  for (int i = 0; i < N + 2; i++)
    grid[i] = rank * 1000 + i;
  int peer = 1 - rank;
  for (int step = 0; step < 10; step++) {
    MPI_Request reqs[2];
    // rank 0 owns the left of the domain: its halo is grid[N+1]
    double *ghost = rank == 0 ? &grid[N + 1] : &grid[0];
    double *edge = rank == 0 ? &grid[N] : &grid[1];
    MPI_Irecv(ghost, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(edge, 1, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &reqs[1]);
#pragma omp parallel for
    for (int i = 2; i < N; i++)
      next[i] = (grid[i - 1] + grid[i] + grid[i + 1]) / 3.0;
#ifdef BUG
#pragma omp parallel for
    for (int i = 1; i <= N; i++)
      next[i] = (grid[i - 1] + grid[i] + grid[i + 1]) / 3.0;
    // BUG: ERROR: MPISync: recv-buffer-access
    // BUG: #0 {{.*}} in main (in an OpenMP parallel region) {{.*}}openmp_halo_ok.c:[[@LINE-2]]
    // BUG: of a pending MPI_Irecv (1 x MPI_DOUBLE, element 0)
    // BUG: SUMMARY: MPISync: recv-buffer-access {{.*}}openmp_halo_ok.c:[[@LINE-4]]:{{[0-9]+}} in main (in an OpenMP parallel region); MPI_Irecv
#endif
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    next[1] = (grid[0] + grid[1] + grid[2]) / 3.0;
    next[N] = (grid[N - 1] + grid[N] + grid[N + 1]) / 3.0;
    for (int i = 1; i <= N; i++)
      grid[i] = next[i];
  }
  printf("rank %d grid[N/2] %.3f\n", rank, grid[N / 2]);
  // CHECK-DAG: rank 0 grid[N/2] 2048.000
  // CHECK-DAG: rank 1 grid[N/2] 3048.000
  MPI_Finalize();
  return 0;
}
