// Happens-before between the threads of one process: a vector clock per
// thread, and one per synchronization object (a mutex, a barrier, a thread
// being joined), as in ThreadSanitizer. The pthread interceptors
// (thread_interceptors.cpp) and the OpenMP tool (thread_ompt.cpp) feed it;
// unordered_buffers.cpp asks it whether an access is ordered after the
// completion of an operation by another thread (docs/threads.md).
#ifndef MPISYNC_THREAD_CLOCKS_H
#define MPISYNC_THREAD_CLOCKS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace threads {

using __sanitizer::u32;
using __sanitizer::u64;
using __sanitizer::uptr;

// Threads tracked at once; a thread beyond them is not tracked (its
// accesses and completions are judged by wall-clock time alone).
constexpr int kMaxThreadSlots = 64;

// An event of one thread: its slot and the slot's clock value then.
struct Stamp {
  int slot; // -1: no event (an untracked thread)
  u32 epoch;
};

// Whether happens-before is tracked at all: a second application thread
// exists (or existed). Until then every event is in program order.
bool Tracking();
// Whether this thread has a slot (application threads: the main thread,
// threads the program creates outside MPI calls).
bool CurrentThreadTracked();
// The TSan-style name of this thread: 0 for the main thread ("T0"), then in
// order of creation. -1 when untracked.
int CurrentThreadName();
int ThreadNameOfSlot(int slot);
// ", main thread" / ", thread T3" for the calling thread while threads are
// tracked, else nothing: what a report's access line adds after the rank.
const char *CurrentThreadSuffix(char *buf, uptr size);

// The current event of this thread.
Stamp CurrentStamp();
// Whether the event `s` happens before this thread's current event.
bool OrderedBefore(Stamp s);

// Synchronization objects are named by an address (a mutex, a condition
// variable's mutex, an OpenMP wait id, a cell of the OpenMP tool).
void Release(uptr sync);
void Acquire(uptr sync);
// Drops the clock of an object whose memory is gone.
void ForgetSync(uptr sync);

// Thread creation: the parent's side returns an opaque token the child
// passes to ThreadStarted (its clock starts from the parent's).
struct ForkToken;
ForkToken *BeforeThreadCreate();
void ThreadStarted(ForkToken *token);
// The child gave up its token without starting (creation failed).
void ForgetForkToken(ForkToken *token);
// The thread is done: its clock goes to whoever joins `sync`; its slot is
// free for another thread.
void ThreadFinished(uptr sync);
// An OpenMP worker between parallel regions: it cannot touch program data
// until its next region starts (and acquires the region's clock), so
// operations need not wait for it.
void SetParked(bool parked);

// Whether every running thread other than the event's own has seen `s`.
bool OrderedBeforeAllOthers(Stamp s);

} // namespace threads
} // namespace mpisync

#endif // MPISYNC_THREAD_CLOCKS_H
