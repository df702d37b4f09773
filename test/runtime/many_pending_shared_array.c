// 3,000 pending MPI_Isend of one and the same array of 4096 longs (MPI
// allows pending sends to share a buffer). Each completion clears the
// array's shadow and marks it again for the sends still pending; that must
// stop at the first of them that covers the array. It walked every one of
// them, element by element (a contiguous buffer's data was one segment per
// element, none of which covered the array alone): O(pending x elements) per
// completion: 11 s for 2,000 sends of 8 KiB, 80 s for 2,000 of 32 KiB, where
// the program needs 0.2 s. No timing is asserted; the timeout (far above
// what the program needs, far below what the walk took) turns that back
// into a failure. The program must run clean: reading a send buffer is
// allowed.
// Twin (-DBUG_SCRATCH): the peer posts 40,000 MPI_Irecv into one scratch
// long (an error: pending receives may not share a buffer): one
// overlapping-buffers report with both calls' file:line, and no start may
// walk and sort all the receives pending before it (that was O(n^2 log n):
// 24 s for 20,000).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: timeout 60 %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
// RUN: %mpicc -fsanitize=mpisync -g -DBUG_SCRATCH %s -o %t.bug
// RUN: not timeout 60 %mpiexec -n 2 %t.bug > %t.bug.out 2>&1
// RUN: FileCheck %s < %t.bug.out
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef BUG_SCRATCH
enum { kSends = 40000, kLongs = 1 };
#else
enum { kSends = 3000, kLongs = 4096 };
#endif

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long *shared = malloc(sizeof(long) * kLongs);
  MPI_Request *reqs = malloc(sizeof(MPI_Request) * kSends);
  long sum = 0;
  if (rank == 0) {
    for (int i = 0; i < kLongs; i++)
      shared[i] = i;
    for (int k = 0; k < kSends; k++) {
      MPI_Isend(shared, kLongs, MPI_LONG, 1, 0, MPI_COMM_WORLD, &reqs[k]);
      sum += shared[k % kLongs]; // a read of the send buffer: allowed
    }
    MPI_Waitall(kSends, reqs, MPI_STATUSES_IGNORE);
  } else {
#ifdef BUG_SCRATCH
    long scratch;
    for (int k = 0; k < kSends; k++)
      MPI_Irecv(&scratch, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, &reqs[k]); // @irecv
    // CHECK: ERROR: MPISync: overlapping-buffers on rank 1
    // CHECK-NEXT: The receive buffer of MPI_Irecv {{.*}} overlaps, at {{.*}}, the receive buffer of a pending MPI_Irecv; at least one of them receives. MPI_Irecv started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}many_pending_shared_array.c:[[@LINE-3]]
    // CHECK: is 0 bytes from the start of the receive buffer {{.*}} of a pending MPI_Irecv (1 x MPI_LONG), started here:
    // CHECK-NEXT: #0 {{.*}} in main {{.*}}many_pending_shared_array.c:[[@LINE-5]]
    // CHECK: SUMMARY: MPISync: overlapping-buffers {{.*}}many_pending_shared_array.c:[[@LINE-6]]:{{[0-9]+}} in main; MPI_Irecv at {{.*}}many_pending_shared_array.c:[[@LINE-6]]
    // CHECK-NOT: ERROR: MPISync
    // The run finishes (a kill by the timeout would satisfy `not`):
    // CHECK: rank 1 sum 0
    MPI_Waitall(kSends, reqs, MPI_STATUSES_IGNORE);
    sum = scratch;
#else
    long *slots = malloc(sizeof(long) * kLongs * (size_t)kSends);
    for (int k = 0; k < kSends; k++)
      MPI_Irecv(slots + (size_t)k * kLongs, kLongs, MPI_LONG, 0, 0,
                MPI_COMM_WORLD, &reqs[k]);
    MPI_Waitall(kSends, reqs, MPI_STATUSES_IGNORE);
    for (size_t i = 0; i < (size_t)kLongs * kSends; i++)
      sum += slots[i];
    free(slots);
#endif
  }
  printf("rank %d sum %ld\n", rank, sum);
  // OK-DAG: rank 0 sum 4498500
  // OK-DAG: rank 1 sum 25159680000
  free(reqs);
  free(shared);
  MPI_Finalize();
  return 0;
}
