// MPI writes a status's MPI_ERROR field only where the standard says
// (MPI 4.1 sections 3.2.5 and 3.7.5; MPICH also sets it in some calls that
// complete several requests): amplify completes the program's requests
// through requests of its own, and the fields MPI does not write must keep
// the program's values there too. After MPI_Wait, MPI_Test, MPI_Waitany,
// MPI_Waitall and MPI_Waitsome of receives amplify held, each status's
// field is kept or changed exactly as without amplify, and MPI_Wait's is
// kept (MPICH's pt2pt/mprobe checks that).
// RUN: %mpicc -fsanitize=mpisync -g %s -o %t
// RUN: %mpiexec -n 2 %t > %t.native
// RUN: env MPISYNC_OPTIONS=amplify=1 %mpiexec -n 2 %t > %t.a1
// RUN: diff %t.native %t.a1
// RUN: FileCheck %s < %t.a1
// CHECK: rank 1: 5 completions, error fields kept kept kept {{(kept|changed) (kept|changed)}}, data 0 1 2 3 4
#include <mpi.h>
#include <stdio.h>

#define SENTINEL MPI_ERR_TOPOLOGY

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, data[5] = {-1, -1, -1, -1, -1};
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 5; i++)
      MPI_Send(&i, 1, MPI_INT, 1, i, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Request r[5];
    MPI_Status st[5];
    for (int i = 0; i < 5; i++) {
      MPI_Irecv(&data[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &r[i]);
      st[i].MPI_ERROR = SENTINEL;
    }
    int done = 0, flag = 0, index = -1, outcount = 0, indices[5];
    MPI_Wait(&r[0], &st[0]);
    done++;
    while (!flag)
      MPI_Test(&r[1], &flag, &st[1]);
    done++;
    MPI_Waitany(1, &r[2], &index, &st[2]);
    done++;
    MPI_Waitall(1, &r[3], &st[3]);
    done++;
    MPI_Waitsome(1, &r[4], &outcount, indices, &st[4]);
    done += outcount;
    const char *kept[5];
    for (int i = 0; i < 5; i++)
      kept[i] = st[i].MPI_ERROR == SENTINEL ? "kept" : "changed";
    printf("rank 1: %d completions, error fields %s %s %s %s %s, data %d %d %d "
           "%d %d\n",
           done, kept[0], kept[1], kept[2], kept[3], kept[4], data[0], data[1],
           data[2], data[3], data[4]);
  }
  MPI_Finalize();
  return 0;
}
