// Cloning mirrors one-sided communication: windows are made on parents and
// clones, a clone issues no operation, and what MPI wrote on the parent
// reaches the clone at the synchronization that makes it visible: window
// memory written by other ranks' puts and accumulates (fence, PSCW
// wait, lock/unlock, win_sync, a barrier after passive target) and the
// result buffers of MPI_Get, Get_accumulate, Fetch_and_op,
// Compare_and_swap and MPI_Rget. Every line a clone prints equals its
// parent's, and the parents print what the run without clones prints.
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.plain
// RUN: env MPISYNC_OPTIONS=clones=1 %mpiexec -n 4 %t > %t.k1
// RUN: sh %S/Inputs/same_as_parent.sh 1 %t.plain %t.k1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=clones=2:clone_ranks=0 %mpiexec -n 4 %t > %t.r0
// RUN: grep -v '^varies:' %t.r0 | sort -u > %t.r0.u
// RUN: grep -v '^varies:' %t.plain | sort | diff - %t.r0.u
// RUN: grep '^rank 0 ' %t.r0 | sort | uniq -c | awk '{print "rank 0 x" $1}' | sort -u | FileCheck %s --check-prefix=THRICE
// RUN: grep '^rank 1 ' %t.r0 | sort | uniq -c | awk '{print "rank 1 x" $1}' | sort -u | FileCheck %s --check-prefix=ONCE
// CHECK: same: {{[0-9]+}} lines
// THRICE: rank 0 x3
// THRICE-NOT: x
// ONCE: rank 1 x1
// ONCE-NOT: x
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, size;

static void Show(const char *what, const int *v, int n) {
  unsigned s = 7;
  for (int i = 0; i < n; i++)
    s = s * 31 + (unsigned)v[i];
  printf("rank %d %s: %u\n", rank, what, s);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int other = 1 - rank;
  int mem[16], mine[16], res[16];
  for (int i = 0; i < 16; i++)
    mine[i] = (rank + 1) * 100 + i;
  MPI_Win win;
  memset(mem, 0, sizeof mem);
  MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                 &win);

  // Fence: a put into the other's window, a get of it, an accumulate.
  memset(res, 0, sizeof res);
  MPI_Win_fence(0, win);
  MPI_Put(mine, 4, MPI_INT, other, 0, 4, MPI_INT, win);
  MPI_Win_fence(0, win);
  Show("fence put: window", mem, 16);
  MPI_Win_fence(0, win); // the read above ends before others write again
  MPI_Get(res, 4, MPI_INT, other, 0, 4, MPI_INT, win);
  MPI_Accumulate(mine, 4, MPI_INT, other, 4, 4, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(0, win);
  Show("fence get: result", res, 16);
  Show("fence acc: window", mem, 16);

  // PSCW: each exposes its window to the other and accesses the other's.
  MPI_Group world, peer;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 1, &other, &peer);
  int peer_size;
  MPI_Group_size(peer, &peer_size);
  printf("rank %d group size %d\n", rank, peer_size);
  memset(res, 0, sizeof res);
  MPI_Win_post(peer, 0, win);
  MPI_Win_start(peer, 0, win);
  MPI_Put(mine + 8, 2, MPI_INT, other, 8, 2, MPI_INT, win);
  MPI_Get(res, 8, MPI_INT, other, 0, 8, MPI_INT, win);
  MPI_Win_complete(win);
  Show("pscw get: result", res, 16);
  MPI_Win_wait(win);
  Show("pscw put: window", mem, 16);
  // Win_test: the flag and the window.
  MPI_Win_post(peer, 0, win);
  MPI_Win_start(peer, 0, win);
  MPI_Accumulate(mine, 2, MPI_INT, other, 10, 2, MPI_INT, MPI_SUM, win);
  MPI_Win_complete(win);
  int flag = 0, tests = 0;
  while (!flag) {
    MPI_Win_test(win, &flag);
    tests++;
  }
  printf("rank %d win_test flag %d\n", rank, flag);
  printf("varies: rank %d win_test calls %d\n", rank, tests);
  Show("pscw test: window", mem, 16);
  MPI_Group_free(&peer);
  MPI_Group_free(&world);
  // The reads above end before the next writes of other ranks.
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

  // Lock/unlock: rank 0 fetches and updates rank 1's window; rank 1 sees
  // it under a lock of its own after the barrier that follows.
  int got = -1, old = -1, one = 1, cmp = 0, val = 77;
  int gacc[2] = {-1, -1};
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Fetch_and_op(&one, &got, MPI_INT, 1, 0, MPI_SUM, win);
    MPI_Win_flush(1, win);
    MPI_Compare_and_swap(&val, &cmp, &old, MPI_INT, 1, 15, win);
    MPI_Get_accumulate(mine, 2, MPI_INT, gacc, 2, MPI_INT, 1, 2, 2, MPI_INT,
                       MPI_SUM, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d fetch_and_op %d cas %d get_acc %d %d\n", rank, got, old,
         gacc[0], gacc[1]);
  // The target locks its own window and reads it.
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  Show("lock self: window", mem, 16);
  MPI_Win_unlock(rank, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);

  // Lock_all, Rget, Win_sync.
  memset(res, 0, sizeof res);
  MPI_Win_lock_all(0, win);
  MPI_Request req;
  MPI_Rget(res, 16, MPI_INT, other, 0, 16, MPI_INT, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  Show("rget: result", res, 16);
  MPI_Put(mine, 1, MPI_INT, other, 3, 1, MPI_INT, win);
  MPI_Win_flush_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
  Show("win_sync: window", mem, 16);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);

  // MPI_Win_allocate: the clone's window memory is its own.
  int *amem;
  MPI_Win awin;
  MPI_Win_allocate(8 * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &amem, &awin);
  for (int i = 0; i < 8; i++)
    amem[i] = rank;
  MPI_Win_fence(0, awin);
  MPI_Accumulate(mine, 8, MPI_INT, other, 0, 8, MPI_INT, MPI_SUM, awin);
  MPI_Win_fence(0, awin);
  Show("allocate: window", amem, 8);
  MPI_Win_free(&awin);
  MPI_Finalize();
  return 0;
}
