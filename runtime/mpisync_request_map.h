// Request handle -> the operations registered under it (the head of their
// chain, mpisync_pending.h): one slot per handle, found in O(1).
//
// How the slots are laid out follows the MPI family's handles
// (mpisync_mpi_family.h). MPICH's are ints handed out from a free list
// over blocks of 1024 consecutive indices (kind and pool in the top bits):
// a two-level table indexed by the handle's bits keeps consecutive handles
// in consecutive slots, so a program that starts and completes 10^5
// requests in the order the library hands them out walks memory in order
// (a hash table put each handle in a cache line of its own: bench/'s
// labelprop_p2p missed the cache once per start and once per completion).
// Open MPI's handles are addresses of library objects: a hash table.
//
// Guarded by StateMutex, as the rest of mpisync_pending.h.
#ifndef MPISYNC_REQUEST_MAP_H
#define MPISYNC_REQUEST_MAP_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

struct PendingOp;

// The slot of `request`: null (nothing registered) when it was never
// filled or was emptied. Creates room for it.
PendingOp **RequestSlot(MPI_Request request);
// The slot of `request` if room for it exists (its value may be null);
// null otherwise. Never allocates.
PendingOp **FindRequestSlot(MPI_Request request);
// The caller stored an operation in the null slot of `request`.
void RequestSlotFilled(MPI_Request request);
// The caller stored null in the slot of `request`: the slot (and slots
// returned before) may be gone.
void RequestSlotEmptied(MPI_Request request);
// Calls f(head) for every filled slot.
void ForEachRequestSlot(void (*f)(PendingOp *head, void *arg), void *arg);

} // namespace mpisync

#endif // MPISYNC_REQUEST_MAP_H
