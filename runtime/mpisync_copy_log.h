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
