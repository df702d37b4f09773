// A regular collective's call to the MPI below and its sizes
// (guard_regular_call.h).
#include "guard_regular_call.h"

namespace mpisync {
namespace scaling {

int CallBelow(const RegularCall &c) {
  const void *sb = c.sendbuf;
  void *rb = c.recvbuf;
  switch (c.family) {
  case Family::kBcast:
    switch (c.form) {
    case Form::kBlocking:
      return below.MPI_Bcast(rb, c.recvcount, c.recvtype, c.root, c.comm);
    case Form::kNonblocking:
      return below.MPI_Ibcast(rb, c.recvcount, c.recvtype, c.root, c.comm,
                              c.request);
    case Form::kPersistent:
      return below.MPI_Bcast_init(rb, c.recvcount, c.recvtype, c.root, c.comm,
                                  c.info, c.request);
    }
    break;
#define MPISYNC_REGULAR_PAIR(Fam, Name, IName, RootArg)                        \
  case Family::Fam:                                                            \
    switch (c.form) {                                                          \
    case Form::kBlocking:                                                      \
      return below.MPI_##Name(sb, c.sendcount, c.sendtype, rb, c.recvcount,    \
                              c.recvtype RootArg, c.comm);                     \
    case Form::kNonblocking:                                                   \
      return below.MPI_##IName(sb, c.sendcount, c.sendtype, rb, c.recvcount,   \
                               c.recvtype RootArg, c.comm, c.request);         \
    case Form::kPersistent:                                                    \
      return below.MPI_##Name##_init(sb, c.sendcount, c.sendtype, rb,          \
                                     c.recvcount, c.recvtype RootArg, c.comm,  \
                                     c.info, c.request);                       \
    }                                                                          \
    break;
#define MPISYNC_WITH_ROOT , c.root
#define MPISYNC_NO_ROOT
    MPISYNC_REGULAR_PAIR(kGather, Gather, Igather, MPISYNC_WITH_ROOT)
    MPISYNC_REGULAR_PAIR(kScatter, Scatter, Iscatter, MPISYNC_WITH_ROOT)
    MPISYNC_REGULAR_PAIR(kAllgather, Allgather, Iallgather, MPISYNC_NO_ROOT)
    MPISYNC_REGULAR_PAIR(kAlltoall, Alltoall, Ialltoall, MPISYNC_NO_ROOT)
#undef MPISYNC_WITH_ROOT
#undef MPISYNC_NO_ROOT
#undef MPISYNC_REGULAR_PAIR
  case Family::kReduce:
    switch (c.form) {
    case Form::kBlocking:
      return below.MPI_Reduce(sb, rb, c.recvcount, c.recvtype, c.op, c.root,
                              c.comm);
    case Form::kNonblocking:
      return below.MPI_Ireduce(sb, rb, c.recvcount, c.recvtype, c.op, c.root,
                               c.comm, c.request);
    case Form::kPersistent:
      return below.MPI_Reduce_init(sb, rb, c.recvcount, c.recvtype, c.op,
                                   c.root, c.comm, c.info, c.request);
    }
    break;
  case Family::kAllreduce:
    switch (c.form) {
    case Form::kBlocking:
      return below.MPI_Allreduce(sb, rb, c.recvcount, c.recvtype, c.op, c.comm);
    case Form::kNonblocking:
      return below.MPI_Iallreduce(sb, rb, c.recvcount, c.recvtype, c.op, c.comm,
                                  c.request);
    case Form::kPersistent:
      return below.MPI_Allreduce_init(sb, rb, c.recvcount, c.recvtype, c.op,
                                      c.comm, c.info, c.request);
    }
    break;
  case Family::kReduceScatterBlock:
    switch (c.form) {
    case Form::kBlocking:
      return below.MPI_Reduce_scatter_block(sb, rb, c.recvcount, c.recvtype,
                                            c.op, c.comm);
    case Form::kNonblocking:
      return below.MPI_Ireduce_scatter_block(sb, rb, c.recvcount, c.recvtype,
                                             c.op, c.comm, c.request);
    case Form::kPersistent:
      return below.MPI_Reduce_scatter_block_init(
          sb, rb, c.recvcount, c.recvtype, c.op, c.comm, c.info, c.request);
    }
    break;
  case Family::kReduceScatter:
    switch (c.form) {
    case Form::kBlocking:
      return below.MPI_Reduce_scatter(sb, rb, c.recvcounts, c.recvtype, c.op,
                                      c.comm);
    case Form::kNonblocking:
      return below.MPI_Ireduce_scatter(sb, rb, c.recvcounts, c.recvtype, c.op,
                                       c.comm, c.request);
    case Form::kPersistent:
      return below.MPI_Reduce_scatter_init(sb, rb, c.recvcounts, c.recvtype,
                                           c.op, c.comm, c.info, c.request);
    }
    break;
  }
  return MPI_ERR_INTERN;
}

CallSizes Sizes(const RegularCall &c) {
  CallSizes z;
  z.p = c.size;
  switch (c.family) {
  case Family::kBcast:
  case Family::kReduce:
  case Family::kAllreduce:
    z.n = c.recvcount;
    z.s = TypeSize(c.recvtype);
    break;
  case Family::kReduceScatterBlock:
    z.n = (s64)c.recvcount * c.size;
    z.s = TypeSize(c.recvtype);
    break;
  case Family::kReduceScatter:
    for (int i = 0; c.recvcounts && i < c.size; i++)
      z.n += c.recvcounts[i];
    z.s = TypeSize(c.recvtype);
    break;
  case Family::kGather:
  case Family::kAllgather:
  case Family::kAlltoall:
    z.times_p = true;
    if (c.sendbuf == MPI_IN_PLACE) {
      z.n = c.recvcount;
      z.s = TypeSize(c.recvtype);
    } else {
      z.n = c.sendcount;
      z.s = TypeSize(c.sendtype);
    }
    break;
  case Family::kScatter:
    z.times_p = true;
    if (c.rank == c.root) {
      z.n = c.sendcount;
      z.s = TypeSize(c.sendtype);
    } else {
      z.n = c.recvcount;
      z.s = TypeSize(c.recvtype);
    }
    break;
  }
  return z;
}

bool RecvSignificant(const RegularCall &c) {
  return c.family != Family::kGather || c.rank == c.root;
}
bool SendSignificant(const RegularCall &c) {
  if (c.sendbuf == MPI_IN_PLACE)
    return false;
  return c.family != Family::kScatter || c.rank == c.root;
}

} // namespace scaling
} // namespace mpisync
