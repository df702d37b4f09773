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

bool SingleThreadedMpi() {
  // A program that asked for MPI_THREAD_FUNNELED or higher has threads, now
  // or later; at MPI_THREAD_SINGLE a second thread breaks the level, and
  // one that exists is seen (one made after the question is not).
  return provided_level == MPI_THREAD_SINGLE && !threads::Tracking();
}

bool OnlyThreadCallingMpi() {
  if (finalizing || InsideMpi() ||
      (provided_level != MPI_THREAD_SINGLE &&
       provided_level != MPI_THREAD_FUNNELED))
    return false;
  int main = 0;
  return PMPI_Is_thread_main(&main) == MPI_SUCCESS && main;
}

} // namespace mpisync
