// The thread level, noted once: the hooks ask it on paths where an MPI call
// per operation would cost (sampling's stand-ins, the send status query).
#include "mpisync_thread_level.h"

#include <mpi.h>

#include "mpisync_rtl.h"
#include "threads/thread_clocks.h"

namespace mpisync {

namespace {

constexpr int kLevelUnknown = -1;
int provided_level = kLevelUnknown;
bool finalizing;

} // namespace

void NoteThreadLevel(int provided) { provided_level = provided; }

void NoteFinalizing() { finalizing = true; }

bool ConcurrentMpiCalls() {
  return provided_level == kLevelUnknown ||
         provided_level >= MPI_THREAD_MULTIPLE;
}

bool EveryCheckingThreadMayCallMpi() {
  if (provided_level == kLevelUnknown)
    return false;
  if (provided_level >= MPI_THREAD_MULTIPLE)
    return true;
  // A program that asked for MPI_THREAD_FUNNELED or SERIALIZED has threads
  // that may not call MPI, now or later; at MPI_THREAD_SINGLE a second
  // thread breaks the level, and one that exists is seen (one created after
  // the question was not asked is not).
  return provided_level == MPI_THREAD_SINGLE && !threads::Tracking();
}

bool CurrentThreadMayCallMpi() {
  if (provided_level == kLevelUnknown || finalizing || InsideMpi())
    return false;
  if (provided_level >= MPI_THREAD_MULTIPLE)
    return true;
  if (provided_level == MPI_THREAD_SERIALIZED)
    return false; // another thread may be inside MPI right now
  int main = 0;
  return PMPI_Is_thread_main(&main) == MPI_SUCCESS && main;
}

} // namespace mpisync
