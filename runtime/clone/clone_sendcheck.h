// SendCheck (MPIecho section 3): every buffer a cloned rank sends is hashed
// on the parent and on each clone, the hashes are gathered in the family,
// and a clone whose hash differs sends its packed data to the parent, which
// reports where the bytes differ (clone-divergence). Clones of a
// deterministic rank send the same bytes: a difference is nondeterminism,
// a latent error (a receive buffer read before completion, uninitialized
// memory) or a hardware fault.
#ifndef MPISYNC_CLONE_SENDCHECK_H
#define MPISYNC_CLONE_SENDCHECK_H

#include "mpisync_mpi_hooks.h"

namespace mpisync {
namespace clone {

// Checks the send buffers among `buffers` (roles other than send are
// skipped); `call` names the MPI call in the report.
void SendCheck(const char *call, const BufferArg *buffers, int n);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_SENDCHECK_H
