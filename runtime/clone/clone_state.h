// Rank cloning (MPIecho, docs/cloning.md): who this process is. With
// clones=K the processes MPI started are N parents, world ranks 0..N-1, which
// run the application's MPI_COMM_WORLD, and K clones of each cloned parent
// after them; a parent and its clones form a family, with the parent as rank
// 0 of the family's own communicator (the layer's traffic never mixes with
// the program's).
#ifndef MPISYNC_CLONE_STATE_H
#define MPISYNC_CLONE_STATE_H

#include <mpi.h>

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

struct Family {
  int app_rank = -1;   // the application's rank (a clone's is its parent's)
  int app_size = 0;    // N, the size of the application's MPI_COMM_WORLD
  int clone_index = 0; // 1..K on a clone, 0 on a parent
  int num_clones = 0;  // K
  MPI_Comm comm = MPI_COMM_NULL; // parent and clones; null: not cloned
};
extern Family family;

// The MPI below the cloning layer.
extern MpiNext below;

inline bool IsClone() { return family.clone_index > 0; }
// This process mirrors (a cloned parent, or a clone).
inline bool InFamily() { return family.comm != MPI_COMM_NULL; }

// Launch (clone_launch.cpp): checks the process count, builds the family
// and the application's world. Runs right after MPI_Init* below.
void SetUpFamily();
void TearDownFamily();

// Stops the job with a message: an MPI call failed on a parent or a clone,
// or the layer cannot mirror the call. Never returns.
[[noreturn]] void Fail(const char *call, const char *what);
// A failed MPI call on the parent halts the job (the paper's rule).
void CheckRc(int rc, const char *call);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_STATE_H
