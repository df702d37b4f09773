// Buffer roles of collective operations (MPI 4.1 chapter 6 and 8.6): which
// parts of which buffers this rank sends from or receives into, following
// its part in the operation (root or not, MPI_IN_PLACE, intercommunicator
// roots MPI_ROOT / MPI_PROC_NULL, counts and displacement arrays of the v and
// w forms, datatypes per peer, neighbourhoods of a topology).
#ifndef MPISYNC_COLLECTIVES_H
#define MPISYNC_COLLECTIVES_H

#include <mpi.h>

#include "mpisync_mpi_call.h"
#include "mpisync_scratch.h"
#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {

enum class CollectiveKind {
  kBarrier, kBcast, kGather, kGatherv, kScatter, kScatterv, kAllgather,
  kAllgatherv, kAlltoall, kAlltoallv, kAlltoallw, kReduce, kAllreduce,
  kReduceScatter, kReduceScatterBlock, kScan, kExscan, kNeighborAllgather,
  kNeighborAllgatherv, kNeighborAlltoall, kNeighborAlltoallv,
  kNeighborAlltoallw,
};

// A counts or displacements argument: int[] in the classic bindings,
// MPI_Count[] or MPI_Aint[] in the large-count (_c) ones.
class CountArray {
public:
  CountArray() = default;
  // int, MPI_Count or MPI_Aint elements (the latter two may be one type).
  template <typename T> explicit CountArray(const T *v) {
    static_assert(sizeof(T) == sizeof(int) || sizeof(T) == sizeof(MPI_Count),
                  "counts are int, MPI_Count or MPI_Aint");
    if (sizeof(T) == sizeof(int))
      ints_ = reinterpret_cast<const int *>(v);
    else
      wide_ = reinterpret_cast<const MPI_Count *>(v);
  }
  bool null() const { return !ints_ && !wide_; }
  MPI_Count operator[](int i) const {
    return ints_ ? ints_[i] : wide_ ? wide_[i] : 0;
  }

private:
  const int *ints_ = nullptr;
  const MPI_Count *wide_ = nullptr;
};

// The arguments of any collective, by their names in the MPI bindings; the
// generated wrappers fill in those the function has.
struct CollectiveArgs {
  const void *buffer = nullptr;
  MPI_Count count = 0;
  MPI_Datatype datatype = MPI_DATATYPE_NULL;
  const void *sendbuf = nullptr;
  MPI_Count sendcount = 0;
  MPI_Datatype sendtype = MPI_DATATYPE_NULL;
  const void *recvbuf = nullptr;
  MPI_Count recvcount = 0;
  MPI_Datatype recvtype = MPI_DATATYPE_NULL;
  CountArray sendcounts, recvcounts, displs, sdispls, rdispls;
  const MPI_Datatype *sendtypes = nullptr;
  const MPI_Datatype *recvtypes = nullptr;
  int root = 0;
  MPI_Comm comm = MPI_COMM_NULL;
};

// ScratchVector, not InternalMmapVector: every collective call builds one,
// and an InternalMmapVector maps and unmaps a page for it (two system calls
// and a page fault per MPI_Allreduce).
using BufferList = ScratchVector<BufferArg>;

// The neighbourhood sizes of a topology communicator (false: none).
bool CollectiveNeighbors(MPI_Comm comm, int *in, int *out);

// Appends this rank's buffers of the collective to `out`.
void DescribeCollective(CollectiveKind kind, const CollectiveArgs &args,
                        BufferList *out);

} // namespace mpisync

#endif // MPISYNC_COLLECTIVES_H
