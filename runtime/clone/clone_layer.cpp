// The cloning layer (MPIecho; docs/cloning.md): on top of the other modes'
// layers it decides what reaches MPI at all. A parent runs the program's
// calls on the application's world; a clone runs none of its
// communication and takes what its parent's calls produced.
#include "clone/clone_layer.h"

#include "clone/clone_calls.h"
#include "clone/clone_comm_calls.h"
#include "clone/clone_completion.h"
#include "clone/clone_probe.h"
#include "clone/clone_rma.h"
#include "clone/clone_state.h"
#include "clone/clone_topology_calls.h"
#include "clone/clone_wtime.h"
#include "mpisync_flags.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

int Init(int *argc, char ***argv) {
  int rc = below.MPI_Init(argc, argv);
  if (rc == MPI_SUCCESS)
    SetUpFamily();
  return rc;
}

// Parent and clones must make their MPI calls in the same order: with
// several threads calling MPI that order is not the program's to fix, so
// the level is capped at MPI_THREAD_FUNNELED (a program must check
// `provided`).
int InitThread(int *argc, char ***argv, int required, int *provided) {
  if (required > MPI_THREAD_FUNNELED)
    required = MPI_THREAD_FUNNELED;
  int rc = below.MPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS)
    SetUpFamily();
  return rc;
}

int Finalize() {
  TearDownFamily();
  return below.MPI_Finalize();
}

} // namespace

// A negative count turns the layer on too, so MPI_Init can say it is wrong.
bool CloningEnabled() { return flags()->clones != 0; }

void InstallCloningLayer(MpiNext *next) {
  internal_memcpy(&below, next, sizeof(below));
  // Everything refused unless mirrored; datatypes stay local.
  InstallGeneratedEntries(next);
  InstallCompletionEntries(next);
  InstallCommEntries(next);
  InstallProbeEntries(next);
  InstallWtimeEntry(next);
  InstallTopologyEntries(next);
  InstallRmaEntries(next);
  next->MPI_Init = Init;
  next->MPI_Init_thread = InitThread;
  next->MPI_Finalize = Finalize;
}

} // namespace clone
} // namespace mpisync
