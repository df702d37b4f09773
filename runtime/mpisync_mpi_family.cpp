// The parts of mpisync_mpi_family.h that need more than a line.
#include "mpisync_mpi_family.h"

#include "mpisync_scratch.h"
#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {

#if MPISYNC_MPI_OPENMPI
char stand_in_requests[kStandInRequests];
#endif

int MpiLacks(const char *call) {
  __sanitizer::Report("MPISync: %s is not provided by %s; the call fails\n",
                      call, kMpiFamily);
  return MPI_ERR_OTHER;
}

} // namespace mpisync

#if !MPISYNC_MPI_HAS_MPI4
int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count blocklengths[],
                              const MPI_Count displacements[],
                              const MPI_Datatype types[],
                              MPI_Datatype *newtype) {
  if (!mpisync::FitsInt(count))
    return MPI_ERR_COUNT;
  mpisync::ScratchVector<int> lens((__sanitizer::uptr)count);
  mpisync::ScratchVector<MPI_Aint> displs((__sanitizer::uptr)count);
  for (MPI_Count i = 0; i < count; i++) {
    if (!mpisync::FitsInt(blocklengths[i]))
      return MPI_ERR_COUNT;
    lens[i] = (int)blocklengths[i];
    displs[i] = (MPI_Aint)displacements[i];
  }
  return PMPI_Type_create_struct((int)count, lens.data(), displs.data(), types,
                                 newtype);
}
#endif
