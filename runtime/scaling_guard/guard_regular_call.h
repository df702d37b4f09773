// One call of a regular collective in one shape for all families, how it
// reaches the MPI below, its sizes (Table V), and the strategies that
// rewrite it (guard_regular_call.cpp, guard_regular_strategies.cpp).
#ifndef MPISYNC_GUARD_REGULAR_CALL_H
#define MPISYNC_GUARD_REGULAR_CALL_H

#include <mpi.h>

#include "guard_bounds.h"
#include "guard_internal.h"

namespace mpisync {
namespace scaling {

enum class Family {
  kBcast,
  kGather,
  kScatter,
  kAllgather,
  kAlltoall,
  kReduce,
  kAllreduce,
  kReduceScatterBlock,
  kReduceScatter
};

// One call of a regular collective, all families in one shape (Bcast's
// buffer is recvbuf/recvcount/recvtype).
struct RegularCall {
  Family family;
  Form form;
  const char *name;
  const void *sendbuf;
  int sendcount;
  MPI_Datatype sendtype;
  void *recvbuf;
  int recvcount;
  MPI_Datatype recvtype;
  const int *recvcounts; // Reduce_scatter
  MPI_Op op;
  int root;
  MPI_Comm comm;
  MPI_Info info;
  MPI_Request *request;
  int rank = 0, size = 0;
};

inline bool Reduction(Family f) {
  return f == Family::kReduce || f == Family::kAllreduce ||
         f == Family::kReduceScatterBlock || f == Family::kReduceScatter;
}

// The call as the program made it, to the MPI below.
int CallBelow(const RegularCall &c);

// n and s of the call as this process sees them (Table V of the paper):
// the per-process message, from the side this process has significant.
CallSizes Sizes(const RegularCall &c);

// Whether this process's receive (send) side of a gather (scatter) family
// call is significant.
bool RecvSignificant(const RegularCall &c);
bool SendSignificant(const RegularCall &c);

// W1-B: rounds of at most `chunk` elements per process.
int Rounds(const RegularCall &c, s64 n, s64 chunk);
bool RoundsApply(const RegularCall &c);
// W2: each process's n elements as one element of a contiguous datatype.
int Bigtype(const RegularCall &c, s64 n);
bool BigtypeApplies(const RegularCall &c, const CallSizes &z);
// W1-A (gather, scatter): sub-communicators of at most `group_size`
// processes, each holding the root.
int Split(const RegularCall &c, s64 n, int group_size);
// The largest such group whose sizes cross no bound (0: none).
int SplitGroupSize(const RegularCall &c, const CallSizes &z);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_REGULAR_CALL_H
