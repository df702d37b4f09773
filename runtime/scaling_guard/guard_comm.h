// The scaling guard's own communication: the verdict of a blocking
// irregular collective agreed by every process of its communicator, and
// the sub-communicators of W1-A. All of it goes to PMPI directly, on a
// duplicate of the program's communicator (never its own traffic).
#ifndef MPISYNC_GUARD_COMM_H
#define MPISYNC_GUARD_COMM_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace scaling {

using __sanitizer::s64;

// The guard's duplicate of `comm`, made by the first guarded blocking
// collective on it (every process is in that call) and kept as an
// attribute of `comm`, freed with it.
MPI_Comm GuardComm(MPI_Comm comm);

// vals[0..n) becomes the maximum over the processes of `comm`: one
// MPI_Allreduce of n 64-bit integers on GuardComm(comm).
void AgreeMax(MPI_Comm comm, s64 *vals, int n);

// Whether `comm` is an intercommunicator (the guard leaves those alone).
bool IsInter(MPI_Comm comm);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_COMM_H
