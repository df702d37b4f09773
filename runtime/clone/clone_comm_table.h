// What a clone knows of communicators: it creates none with its parent's
// group (it is not a member), so it holds the handle its parent got, and the
// parent's rank and sizes in it, broadcast when the communicator was made
// (MPIecho's "opaque handles"). MPI_COMM_WORLD is the application's world.
#ifndef MPISYNC_CLONE_COMM_TABLE_H
#define MPISYNC_CLONE_COMM_TABLE_H

#include <mpi.h>

namespace mpisync {
namespace clone {

struct CommFacts {
  MPI_Comm handle;
  int rank, size, inter, remote_size;
};

// The parent's facts about `comm` (MPI_COMM_NULL: none).
CommFacts FactsOf(MPI_Comm comm);
void RememberComm(const CommFacts &facts);
void ForgetComm(MPI_Comm comm);
// Answers the runtime's questions about communicators on a clone
// (mpisync_comm_info.h).
void UseCommTableForQueries();

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_COMM_TABLE_H
