// The application's view of communicators. With cloning on (runtime/clone/)
// the program's MPI_COMM_WORLD is a part of the processes MPI started, and a
// clone holds the communicators its parent created only as handles, which
// its own MPI library does not know. So the wrappers translate
// MPI_COMM_WORLD with AppComm, and the runtime asks about a communicator
// through the functions below, never PMPI directly.
#ifndef MPISYNC_COMM_INFO_H
#define MPISYNC_COMM_INFO_H

#include <mpi.h>

namespace mpisync {

// The application's world: MPI_COMM_WORLD unless a parent of cloning runs.
extern MPI_Comm app_world;

inline MPI_Comm AppComm(MPI_Comm comm) {
  return comm == MPI_COMM_WORLD ? app_world : comm;
}

// True on a clone: its requests and communicators are stand-ins for its
// parent's, unknown to its own MPI library, which must never be asked
// about them.
extern bool stand_in_handles;

// What a clone knows of a communicator (its parent's rank and sizes).
struct CommInfoSource {
  int (*rank)(MPI_Comm comm, int *rank);
  int (*size)(MPI_Comm comm, int *size);
  int (*remote_size)(MPI_Comm comm, int *size);
  int (*test_inter)(MPI_Comm comm, int *flag);
  int (*topo_test)(MPI_Comm comm, int *topo);
};
// Set by the cloning layer on a clone; null: ask MPI.
void SetCommInfoSource(const CommInfoSource *source);

int CommRank(MPI_Comm comm, int *rank);
int CommSize(MPI_Comm comm, int *size);
int CommRemoteSize(MPI_Comm comm, int *size);
int CommTestInter(MPI_Comm comm, int *flag);
int CommTopoTest(MPI_Comm comm, int *topo);

} // namespace mpisync

#endif // MPISYNC_COMM_INFO_H
