// The communicator and the lock-clock window MPISync uses for its own
// messages about windows, shared by every window over the same group of
// processes (the same MPI_COMM_WORLD ranks in the same order). A window
// then costs MPICH no context id beyond its own: thousands of live windows
// fit as they do without MPISync (docs/design.md, "Resources").
//
// Windows are created and freed collectively over their group, so every
// member finds, creates and releases the same channel at the same call, and
// numbers its windows alike: a window's messages carry tags of its own
// (WinTag) on the shared communicator.
#ifndef MPISYNC_RMA_CHANNEL_H
#define MPISYNC_RMA_CHANNEL_H

#include <mpi.h>

#include "mpisync_rma_types.h"

namespace mpisync {

struct WinChannel {
  int *world_ranks; // the key: member i is this rank of MPI_COMM_WORLD
  int size;
  MPI_Comm comm;     // a duplicate of the first window's communicator
  MPI_Win clock_win; // dynamic: each window's lock clocks are attached
  int rank;          // this process's position in world_ranks
  u64 *vc;           // this process's vector clock (mpisync_rma_clock.h)
  u64 next_serial;   // windows created over the channel so far
  uptr users;        // live windows
};

// Collective over `comm`, whose members are `world_ranks` (in comm order):
// the channel of that group, created at its first window. `serial` gets the
// window's number within the channel.
WinChannel *AcquireChannel(MPI_Comm comm, const int *world_ranks, int size,
                           u64 *serial);
// Collective over the channel's members: freed with its last window.
void ReleaseChannel(WinChannel *c);

// The first of the kTagsPerWindow tags of window number `serial`. The
// first kTagsPerWindow tags are the channel's own: kChannelClockTag.
int WindowTagBase(u64 serial);
constexpr int kTagsPerWindow = 8;
// Clocks ahead of a program's message, for every window of the channel.
constexpr int kChannelClockTag = 0;

// The channels with live windows.
uptr NumChannels();
WinChannel *ChannelAt(uptr i);

} // namespace mpisync

#endif // MPISYNC_RMA_CHANNEL_H
