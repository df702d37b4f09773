// The copies of pending data the MPI library makes inside MPI calls, kept
// in order and applied to an operation only when its verdict (manifest or
// latent) is asked for, i.e. when an access breaks one of its buffers'
// rules. Applying every copy as it happened walked the address index once
// per memcpy of the library (12% of bfs_rma's samples); appending one costs
// a few stores, and a correct program never asks. All with StateMutex held.
#ifndef MPISYNC_COPY_LOG_H
#define MPISYNC_COPY_LOG_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u64;
using __sanitizer::uptr;

struct PendingOp;

// The library read [src, src + size) (src != 0), a pending send buffer's
// data, and/or wrote [dst, dst + size) (dst != 0), a receive buffer's.
void LogLibraryCopy(uptr src, uptr dst, uptr size);
// The same, without StateMutex, for a copy the library makes inside this
// thread's MPI call where no other thread can be inside MPI at the same
// time (any thread level below MPI_THREAD_MULTIPLE): kept in the thread's
// own buffer, which joins the log the next time this thread holds
// StateMutex (every function here, and the end of its outermost MPI call:
// FlushThreadCopies). Nobody activates an operation between a copy and
// that moment, so the copy keeps its place before every activation. Taking
// the lock per copy was a locked instruction waiting for the library's own
// stores to drain (5% of bench/'s labelprop_p2p, 2% of bfs_rma). False
// when not buffered (MPI_THREAD_MULTIPLE, outside MPI, the buffer full).
bool BufferLibraryCopy(uptr src, uptr dst, uptr size);
// Whether this thread holds copies not yet in the log.
bool ThreadHasBufferedCopies();
// Appends this thread's buffered copies to the log; StateMutex held.
void FlushThreadCopies();
// The position after the last logged copy: an operation activated now has
// seen every copy before it.
u64 CopyLogEnd();
// Applies to `op` the logged copies it has not seen yet: its
// send_data_consumed and recv_data_written are then what applying each
// copy at once would have made them.
void ApplyLoggedCopies(PendingOp *op);
// No operation is active: nobody will ask about the copies logged so far.
void ForgetLoggedCopies();

} // namespace mpisync

#endif // MPISYNC_COPY_LOG_H
