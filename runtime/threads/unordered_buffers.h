// Buffers of completed operations that some running thread has not yet
// synchronized with (docs/threads.md). While an operation is pending, any
// access the rules forbid is an error whichever thread makes it. Once it
// completes in thread A, an access by thread B is still an error unless a
// synchronization orders A's completion before it: in this run B may have
// come later by luck. The buffer stays watched (the unordered shadow bits)
// until every running thread is ordered after the completion.
#ifndef MPISYNC_UNORDERED_BUFFERS_H
#define MPISYNC_UNORDERED_BUFFERS_H

#include "mpisync_pending.h"
#include "mpisync_report.h"

namespace mpisync {
namespace threads {

// `op` completes in this thread by `call` at `complete_stack` (a blocking
// call: starts and completes). Caller holds StateMutex; `op` may be
// destroyed after.
void NoteCompleted(const PendingOp &op, const char *call, u32 complete_stack);
// An access met an unordered shadow bit. Takes StateMutex.
void CheckUnorderedAccess(const AccessInfo &access);
// `op` starts in this thread at `start_stack`: its buffers against the
// unordered ones it conflicts with (one of them receives). Caller holds
// StateMutex.
void CheckStartUnordered(const PendingOp &op, u32 start_stack);
// [begin, end) is released (free, scope end): its memory may be handed to
// another thread without synchronization MPISync sees. Caller holds
// StateMutex.
void ForgetUnorderedIn(uptr begin, uptr end);
// The thread ends: its stack may become another thread's. Takes
// StateMutex.
void ForgetThreadStack();
// After this thread acquired: stops watching what every running thread is
// now ordered after. Takes StateMutex when something is watched.
void RetireOrdered();

} // namespace threads
} // namespace mpisync

#endif // MPISYNC_UNORDERED_BUFFERS_H
