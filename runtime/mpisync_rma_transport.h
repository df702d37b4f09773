// MPISync's own messages between the members of a window (access records,
// clocks): sent over the window's channel communicator with PMPI, never
// through a mode layer or a side channel. Records and clocks both use it;
// it uses neither.
#ifndef MPISYNC_RMA_TRANSPORT_H
#define MPISYNC_RMA_TRANSPORT_H

#include "mpisync_rma_window.h"

namespace mpisync {

// Sends a copy of [data, data + size) to member `to` with the window's tag
// of kind `tag` (RmaTag) on the window's communicator; completed by
// WaitSends at the latest. False if MPI refused the send.
bool SendBytes(Window *w, int to, int tag, const void *data, uptr size);
// The same with the MPI tag itself: messages about every window of the
// channel (kChannelClockTag), held by `w` until WaitSends.
bool SendBytesWithMpiTag(Window *w, int to, int mpi_tag, const void *data,
                         uptr size);
// Waits for every send of `w` and frees the copies.
void WaitSends(Window *w);

} // namespace mpisync

#endif // MPISYNC_RMA_TRANSPORT_H
