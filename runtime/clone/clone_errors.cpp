// How the cloning layer stops the job: MPIecho's rule that an error on a
// parent or a clone can only be shown and halted on, and the refusal of
// calls the layer does not mirror (docs/cloning.md lists them).
#include "clone/clone_calls.h"
#include "clone/clone_state.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

void Fail(const char *call, const char *what) {
  if (IsClone())
    Printf("==%d==ERROR: MPISync: clones: %s on rank %d (clone %d): %s; "
           "stopping the job.\n",
           (int)internal_getpid(), call, family.app_rank, family.clone_index,
           what);
  else
    Printf("==%d==ERROR: MPISync: clones: %s on rank %d: %s; stopping the "
           "job.\n",
           (int)internal_getpid(), call, family.app_rank, what);
  // Every process of the family may stop here at once; mpiexec kills the
  // others at the first abort and can drop output still on its way: a
  // moment's pause lets the message through (as for RMA misuse reports).
  SleepForMillis(200);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  internal__exit(1);
}

void CheckRc(int rc, const char *call) {
  if (rc == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING + 64];
  char mpi_text[MPI_MAX_ERROR_STRING];
  // The error class's text is one line; the code's is MPICH's whole stack.
  int error_class = rc, len = 0;
  PMPI_Error_class(rc, &error_class);
  if (PMPI_Error_string(error_class, mpi_text, &len) != MPI_SUCCESS)
    len = 0;
  mpi_text[len] = 0;
  internal_snprintf(text, sizeof(text), "the call failed (%s)", mpi_text);
  Fail(call, text);
}

void Refuse(const char *call) {
  Fail(call, "this call is not mirrored to clones (docs/cloning.md lists what "
             "is)");
}

} // namespace clone
} // namespace mpisync
