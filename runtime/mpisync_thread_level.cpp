// The thread level, noted once: the hooks ask it on paths where an MPI call
// per operation would cost (sampling's stand-ins, the send status query).
#include "mpisync_thread_level.h"

#include <mpi.h>

#include "mpisync_rtl.h"
#include "sanitizer_common/sanitizer_atomic.h"

namespace mpisync {

namespace {

constexpr int kLevelUnknown = -1;
int provided_level = kLevelUnknown;
int main_tid; // the thread that initialized MPI (OnInit runs on it)
bool finalizing;
// Set by pthread_create outside MPI before the new thread exists.
__sanitizer::atomic_uint8_t program_thread_created;

} // namespace

bool OnInitializingThread() {
  return provided_level != kLevelUnknown && CurrentTid() == main_tid;
}

void NoteProgramThreadCreated() {
  __sanitizer::atomic_store(&program_thread_created, 1,
                            __sanitizer::memory_order_release);
}

void NoteThreadLevel(int provided) {
  provided_level = provided;
  main_tid = CurrentTid();
}

void NoteFinalizing() { finalizing = true; }

bool ConcurrentMpiCalls() {
  return provided_level == kLevelUnknown ||
         provided_level >= MPI_THREAD_MULTIPLE;
}

bool SingleThreadedMpi() {
  // A program that asked for MPI_THREAD_FUNNELED or higher has threads, now
  // or later; at MPI_THREAD_SINGLE a second thread breaks the level, and
  // one that exists is seen (one made after the question is not). The
  // thread clocks start tracking only at such a creation, so their
  // Tracking() adds nothing here.
  return provided_level == MPI_THREAD_SINGLE &&
         !__sanitizer::atomic_load(&program_thread_created,
                                   __sanitizer::memory_order_acquire);
}

bool OnlyThreadCallingMpi() {
  if (finalizing || InsideMpi() ||
      (provided_level != MPI_THREAD_SINGLE &&
       provided_level != MPI_THREAD_FUNNELED))
    return false;
  // The thread's cached id, not MPI_Is_thread_main: an MPI call per
  // conflicting write of an erroneous loop.
  return OnInitializingThread();
}

} // namespace mpisync
