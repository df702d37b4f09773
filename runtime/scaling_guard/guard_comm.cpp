// The scaling guard's agreement and duplicate communicators (guard_comm.h).
#include "guard_comm.h"

#include "sanitizer_common/sanitizer_mutex.h"

namespace mpisync {
namespace scaling {

namespace {

int keyval = MPI_KEYVAL_INVALID;
// Under MPI_THREAD_MULTIPLE two threads may guard their first collectives
// (on different communicators) at once.
__sanitizer::StaticSpinMutex keyval_mutex;

int FreeGuardComm(MPI_Comm, int, void *attribute, void *) {
  MPI_Comm dup = (MPI_Comm)(__sanitizer::uptr)attribute;
  return PMPI_Comm_free(&dup);
}

} // namespace

MPI_Comm GuardComm(MPI_Comm comm) {
  {
    __sanitizer::SpinMutexLock lock(&keyval_mutex);
    if (keyval == MPI_KEYVAL_INVALID)
      PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, FreeGuardComm, &keyval,
                              nullptr);
  }
  void *attribute = nullptr;
  int found = 0;
  PMPI_Comm_get_attr(comm, keyval, &attribute, &found);
  if (found)
    return (MPI_Comm)(__sanitizer::uptr)attribute;
  MPI_Comm dup = MPI_COMM_NULL;
  PMPI_Comm_dup(comm, &dup);
  PMPI_Comm_set_attr(comm, keyval, (void *)(__sanitizer::uptr)dup);
  return dup;
}

void AgreeMax(MPI_Comm comm, s64 *vals, int n) {
  PMPI_Allreduce(MPI_IN_PLACE, vals, n, MPI_INT64_T, MPI_MAX, GuardComm(comm));
}

bool IsInter(MPI_Comm comm) {
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  return inter != 0;
}

} // namespace scaling
} // namespace mpisync
