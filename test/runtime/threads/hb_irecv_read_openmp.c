// OpenMP: the master thread receives into `buf` and waits; thread 1 reads
// `buf` 300 ms later, after the wait in wall-clock time, but no barrier
// orders the wait before the read (another schedule reads while MPI still
// writes). Twin (-DFIXED): a barrier between them. The report names the
// threads (T1, main thread) and shows the outlined region as the user's
// function, in text and in JSON.
// RUN: %mpicc -fsanitize=mpisync -fopenmp -g %s -o %t
// RUN: env OMP_NUM_THREADS=2 not %mpiexec -n 2 %t 2>&1 | FileCheck %s
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env OMP_NUM_THREADS=2 MPISYNC_OPTIONS=log_format=json:log_path=\"%t.d/json\" not %mpiexec -n 2 %t
// RUN: cat %t.d/json.0.* | FileCheck %s --check-prefix=JSON
// RUN: %mpicc -fsanitize=mpisync -fopenmp -g -DFIXED %s -o %t.ok
// RUN: env OMP_NUM_THREADS=2 %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static int buf[16];

int main(int argc, char **argv) {
  int rank, provided, seen = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0) {
        MPI_Request req;
        MPI_Irecv(buf, 16, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
      }
#ifdef FIXED
#pragma omp barrier
#else
      if (omp_get_thread_num() == 1)
        usleep(300000);
#endif
      if (omp_get_thread_num() == 1)
        seen = buf[3];
    }
    // CHECK: ERROR: MPISync: recv-buffer-access on rank 0
    // CHECK-NEXT: READ of size 4 at {{.*}} by rank 0, thread T1 (latent: no synchronization orders it after the completion by MPI_Wait in main thread
    // CHECK-NEXT: #0 {{.*}} in main (in an OpenMP parallel region) {{.*}}hb_irecv_read_openmp.c:[[@LINE-4]]
    // CHECK: of a completed MPI_Irecv (16 x MPI_INT, element 3), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}hb_irecv_read_openmp.c:[[@LINE-16]]
    // CHECK: The operation was completed by MPI_Wait in main thread here
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}hb_irecv_read_openmp.c:[[@LINE-17]]
    // CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}hb_irecv_read_openmp.c:[[@LINE-9]]:{{[0-9]+}} in main (in an OpenMP parallel region); MPI_Irecv at
    // JSON: "role":"access",{{.*}}"thread":1}
    // JSON-SAME: "role":"completion",{{.*}}"thread":0}
    // JSON-SAME: "location":{"stack":0,"frame":0,"function":"main (in an OpenMP parallel region)"
    printf("rank 0 saw %d\n", seen);
    // OK: rank 0 saw 103
  } else {
    int out[16];
    for (int i = 0; i < 16; i++)
      out[i] = 100 + i;
    MPI_Send(out, 16, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
