// One-sided communication under cloning. Windows are created on the parent
// and on its clones (a clone's MPI_Win_allocate memory is its own, its
// handle the parent's value, never given to MPI); a clone issues no RMA
// operation and takes part in no epoch. What MPI writes on the parent
// reaches the clones at the synchronization that makes it visible there:
//   - the result buffers of MPI_Get, Get_accumulate, Fetch_and_op and
//     Compare_and_swap at the call that completes the operation (fence,
//     complete, unlock, unlock_all, flush*), or at the completion of the
//     request of the R* forms (clone_completion.cpp);
//   - the window's own memory, written by other processes' puts and
//     accumulates without any call of this process returning data, at
//     every synchronization after which the program may read them: fence,
//     wait, test, lock, unlock, lock_all, unlock_all, flush*, win_sync,
//     and every blocking collective while a window is open (a barrier
//     after a passive-target epoch).
// Shared-memory and dynamic windows are refused (docs/cloning.md).
#ifndef MPISYNC_CLONE_RMA_H
#define MPISYNC_CLONE_RMA_H

#include "clone/clone_calls.h"
#include "clone/clone_mirror.h"

namespace mpisync {
namespace clone {

// An RMA operation the parent issued (or a clone skipped): remembers its
// result buffers until the synchronization that completes it.
void NoteRmaResults(const CallArgs &call);
// The memory of every open window, for a blocking collective's broadcast.
void AddOpenWindows(Mirror *m);
// True while the family has a window: divided checking pauses
// (clone_divide.cpp).
bool WindowsOpen();

void InstallRmaEntries(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_RMA_H
