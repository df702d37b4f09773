// SendCheck (MPIecho section 3): every buffer a cloned rank sends is packed
// and hashed on the parent and on each clone. The parent broadcasts its
// hash and goes on; each clone compares and answers with a verdict, and a
// clone whose bytes differ sends them along, so the parent reports where
// they differ (clone-divergence). The parent keeps its packed data until
// every clone has answered: it never waits for its clones at a send (they
// run behind it), only when the data kept passes a bound and at
// MPI_Finalize. Clones of a deterministic rank send the same bytes: a
// difference is nondeterminism, a latent error (a receive buffer read
// before completion, uninitialized memory) or a hardware fault.
#ifndef MPISYNC_CLONE_SENDCHECK_H
#define MPISYNC_CLONE_SENDCHECK_H

#include "mpisync_mpi_hooks.h"

namespace mpisync {
namespace clone {

// Checks the send buffers among `buffers` (roles other than send are
// skipped); `call` names the MPI call in the report.
void SendCheck(const char *call, const BufferArg *buffers, int n);

// At MPI_Finalize: the parent takes every verdict still due, a clone
// completes its answers.
void FinishSendCheck();

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_SENDCHECK_H
