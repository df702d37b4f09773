// Detectors G and X on the regular collectives (Bcast, Gather, Scatter,
// Allgather, Alltoall, Reduce, Allreduce, Reduce_scatter_block,
// Reduce_scatter; blocking, nonblocking, persistent) and their avoidance.
//
// Every process computes the call's sizes (n, s, P) from its own arguments;
// the MPI standard makes them agree across processes when all pass the same
// datatype, so the verdict needs no communication (Li et al.: detection of
// G and X is "checking an inequality"). Only the entries of collectives the
// bounds file names are replaced; the others cost nothing.
#include "guard_regular.h"

#include "guard_bounds.h"
#include "guard_comm.h"
#include "guard_regular_call.h"
#include "guard_report.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

int Guard(RegularCall &c) {
  if (c.comm == MPI_COMM_NULL)
    return CallBelow(c);
  PMPI_Comm_rank(c.comm, &c.rank);
  PMPI_Comm_size(c.comm, &c.size);
  CallSizes z = Sizes(c);
  const Bound *b = CrossedBound(c.name, z);
  // Intercommunicators are not guarded: their sizes are not Table V's.
  if (!b || IsInter(c.comm))
    return CallBelow(c);
  GuardEvent e;
  e.detector = b->cls == 'X' ? Detector::kX : Detector::kG;
  e.collective = c.name;
  e.sizes = z;
  e.bound = b;
  CountGuard(b->cls == 'X' ? kGuardX : kGuardG);
  char how[200];
  Strategy req = RequestedStrategy();
  Strategy st = Strategy::kNone;
  s64 chunk = SafeCount(c.name, z);
  int group = 0;
  bool rooted_split =
      (c.family == Family::kGather || c.family == Family::kScatter) &&
      c.form == Form::kBlocking && b->cls == 'G';
  if (rooted_split)
    group = SplitGroupSize(c, z);
  const char *why = nullptr;
  if (req == Strategy::kNone) {
    why = "scaling_strategy=none";
  } else if (req == Strategy::kAuto) {
    // Table X: W2 where the problem does not depend on s (a G bound on
    // elements) and the type allows, else W1-B, the general one (the only
    // one for class X, whose form is unknown at other s).
    if (BigtypeApplies(c, z) && b->cls == 'G' && !b->bytes)
      st = Strategy::kBigtype;
    else if (RoundsApply(c) && chunk > 0)
      st = Strategy::kRounds;
  } else if (req == Strategy::kBigtype) {
    if (BigtypeApplies(c, z))
      st = Strategy::kBigtype;
    else
      why = "bigtype (W2) does not apply (a reduction, or the big datatype "
            "still crosses a bound)";
  } else if (req == Strategy::kRounds) {
    if (RoundsApply(c) && chunk > 0)
      st = Strategy::kRounds;
  } else if (req == Strategy::kSplit) {
    if (rooted_split && group >= 2)
      st = Strategy::kSplit;
    else
      why = "split (W1-A) applies to blocking MPI_Gather and MPI_Scatter "
            "past a G bound";
  } else if (req == Strategy::kLargeCount) {
    why = "large_count does not change the count a G or X bound is on";
  }
  if (st == Strategy::kNone && !why) {
    if (c.form != Form::kBlocking)
      why = "rounds (W1-B) would make the nonblocking call blocking";
    else if (!RoundsApply(c))
      why = "no strategy applies to this collective";
    else
      why = "even one element per process crosses the bound";
  }
  switch (st) {
  case Strategy::kBigtype:
    internal_snprintf(how, sizeof(how),
                      "%s with one element of a contiguous datatype of %lld "
                      "elements per process",
                      c.name, (long long)z.n);
    break;
  case Strategy::kRounds:
    internal_snprintf(how, sizeof(how),
                      "%lld rounds of %s with at most %lld elements per "
                      "process",
                      (long long)((z.n + chunk - 1) / chunk), c.name,
                      (long long)chunk);
    break;
  case Strategy::kSplit:
    internal_snprintf(how, sizeof(how),
                      "%s on sub-communicators of at most %d processes, each "
                      "holding the root",
                      c.name, group);
    break;
  default:
    internal_snprintf(how, sizeof(how), "%s", why);
  }
  e.strategy = st;
  e.how = how;
  ReportGuardEvent(e);
  CountGuard(st == Strategy::kNone ? kGuardPassed : kGuardAvoided);
  switch (st) {
  case Strategy::kBigtype:
    return Bigtype(c, z.n);
  case Strategy::kRounds:
    return Rounds(c, z.n, chunk);
  case Strategy::kSplit:
    return Split(c, z.n, group);
  default:
    return CallBelow(c);
  }
}

RegularCall Make(Family family, Form form, const char *name,
                 const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RegularCall c = {family,      form,    name,      sendbuf,  sendcount,
                   sendtype,    recvbuf, recvcount, recvtype, nullptr,
                   MPI_OP_NULL, root,    comm,      info,     request};
  return c;
}

// The entries. The data-movement families share one signature shape.
#define MPISYNC_GUARD_PAIR(Fam, Name, IName, RootParam, RootArg)               \
  int Guard##Name(const void *sendbuf, int sendcount, MPI_Datatype sendtype,   \
                  void *recvbuf, int recvcount,                                \
                  MPI_Datatype recvtype RootParam, MPI_Comm comm) {            \
    RegularCall c = Make(Family::Fam, Form::kBlocking, "MPI_" #Name, sendbuf,  \
                         sendcount, sendtype, recvbuf, recvcount, recvtype,    \
                         RootArg, comm, MPI_INFO_NULL, nullptr);               \
    return Guard(c);                                                           \
  }                                                                            \
  int Guard##IName(const void *sendbuf, int sendcount, MPI_Datatype sendtype,  \
                   void *recvbuf, int recvcount,                               \
                   MPI_Datatype recvtype RootParam, MPI_Comm comm,             \
                   MPI_Request *request) {                                     \
    RegularCall c = Make(Family::Fam, Form::kNonblocking, "MPI_" #IName,       \
                         sendbuf, sendcount, sendtype, recvbuf, recvcount,     \
                         recvtype, RootArg, comm, MPI_INFO_NULL, request);     \
    return Guard(c);                                                           \
  }                                                                            \
  int Guard##Name##Init(const void *sendbuf, int sendcount,                    \
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,   \
                        MPI_Datatype recvtype RootParam, MPI_Comm comm,        \
                        MPI_Info info, MPI_Request *request) {                 \
    RegularCall c = Make(Family::Fam, Form::kPersistent, "MPI_" #Name "_init", \
                         sendbuf, sendcount, sendtype, recvbuf, recvcount,     \
                         recvtype, RootArg, comm, info, request);              \
    return Guard(c);                                                           \
  }
#define MPISYNC_ROOT_PARAM , int root
#define MPISYNC_NO_PARAM
MPISYNC_GUARD_PAIR(kGather, Gather, Igather, MPISYNC_ROOT_PARAM, root)
MPISYNC_GUARD_PAIR(kScatter, Scatter, Iscatter, MPISYNC_ROOT_PARAM, root)
MPISYNC_GUARD_PAIR(kAllgather, Allgather, Iallgather, MPISYNC_NO_PARAM, 0)
MPISYNC_GUARD_PAIR(kAlltoall, Alltoall, Ialltoall, MPISYNC_NO_PARAM, 0)
#undef MPISYNC_NO_PARAM
#undef MPISYNC_ROOT_PARAM
#undef MPISYNC_GUARD_PAIR

int GuardBcast(void *buf, int count, MPI_Datatype type, int root,
               MPI_Comm comm) {
  RegularCall c = Make(Family::kBcast, Form::kBlocking, "MPI_Bcast", nullptr, 0,
                       MPI_DATATYPE_NULL, buf, count, type, root, comm,
                       MPI_INFO_NULL, nullptr);
  return Guard(c);
}
int GuardIbcast(void *buf, int count, MPI_Datatype type, int root,
                MPI_Comm comm, MPI_Request *request) {
  RegularCall c = Make(Family::kBcast, Form::kNonblocking, "MPI_Ibcast",
                       nullptr, 0, MPI_DATATYPE_NULL, buf, count, type, root,
                       comm, MPI_INFO_NULL, request);
  return Guard(c);
}
int GuardBcastInit(void *buf, int count, MPI_Datatype type, int root,
                   MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RegularCall c =
      Make(Family::kBcast, Form::kPersistent, "MPI_Bcast_init", nullptr, 0,
           MPI_DATATYPE_NULL, buf, count, type, root, comm, info, request);
  return Guard(c);
}

RegularCall MakeReduce(Family family, Form form, const char *name,
                       const void *sendbuf, void *recvbuf, int count,
                       const int *recvcounts, MPI_Datatype type, MPI_Op op,
                       int root, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request) {
  RegularCall c = Make(family, form, name, sendbuf, count, type, recvbuf, count,
                       type, root, comm, info, request);
  c.recvcounts = recvcounts;
  c.op = op;
  return c;
}

int GuardReduce(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
  RegularCall c = MakeReduce(Family::kReduce, Form::kBlocking, "MPI_Reduce",
                             sendbuf, recvbuf, count, nullptr, type, op, root,
                             comm, MPI_INFO_NULL, nullptr);
  return Guard(c);
}
int GuardIreduce(const void *sendbuf, void *recvbuf, int count,
                 MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                 MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduce, Form::kNonblocking, "MPI_Ireduce",
                             sendbuf, recvbuf, count, nullptr, type, op, root,
                             comm, MPI_INFO_NULL, request);
  return Guard(c);
}
int GuardReduceInit(const void *sendbuf, void *recvbuf, int count,
                    MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request) {
  RegularCall c =
      MakeReduce(Family::kReduce, Form::kPersistent, "MPI_Reduce_init", sendbuf,
                 recvbuf, count, nullptr, type, op, root, comm, info, request);
  return Guard(c);
}
int GuardAllreduce(const void *sendbuf, void *recvbuf, int count,
                   MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  RegularCall c = MakeReduce(Family::kAllreduce, Form::kBlocking,
                             "MPI_Allreduce", sendbuf, recvbuf, count, nullptr,
                             type, op, 0, comm, MPI_INFO_NULL, nullptr);
  return Guard(c);
}
int GuardIallreduce(const void *sendbuf, void *recvbuf, int count,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                    MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kAllreduce, Form::kNonblocking,
                             "MPI_Iallreduce", sendbuf, recvbuf, count, nullptr,
                             type, op, 0, comm, MPI_INFO_NULL, request);
  return Guard(c);
}
int GuardAllreduceInit(const void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                       MPI_Info info, MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kAllreduce, Form::kPersistent,
                             "MPI_Allreduce_init", sendbuf, recvbuf, count,
                             nullptr, type, op, 0, comm, info, request);
  return Guard(c);
}
int GuardReduceScatterBlock(const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  RegularCall c =
      MakeReduce(Family::kReduceScatterBlock, Form::kBlocking,
                 "MPI_Reduce_scatter_block", sendbuf, recvbuf, count, nullptr,
                 type, op, 0, comm, MPI_INFO_NULL, nullptr);
  return Guard(c);
}
int GuardIreduceScatterBlock(const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                             MPI_Request *request) {
  RegularCall c =
      MakeReduce(Family::kReduceScatterBlock, Form::kNonblocking,
                 "MPI_Ireduce_scatter_block", sendbuf, recvbuf, count, nullptr,
                 type, op, 0, comm, MPI_INFO_NULL, request);
  return Guard(c);
}
int GuardReduceScatterBlockInit(const void *sendbuf, void *recvbuf, int count,
                                MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                MPI_Info info, MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduceScatterBlock, Form::kPersistent,
                             "MPI_Reduce_scatter_block_init", sendbuf, recvbuf,
                             count, nullptr, type, op, 0, comm, info, request);
  return Guard(c);
}
int GuardReduceScatter(const void *sendbuf, void *recvbuf,
                       const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  RegularCall c = MakeReduce(
      Family::kReduceScatter, Form::kBlocking, "MPI_Reduce_scatter", sendbuf,
      recvbuf, 0, recvcounts, type, op, 0, comm, MPI_INFO_NULL, nullptr);
  return Guard(c);
}
int GuardIreduceScatter(const void *sendbuf, void *recvbuf,
                        const int recvcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request) {
  RegularCall c =
      MakeReduce(Family::kReduceScatter, Form::kNonblocking,
                 "MPI_Ireduce_scatter", sendbuf, recvbuf, 0, recvcounts, type,
                 op, 0, comm, MPI_INFO_NULL, request);
  return Guard(c);
}
int GuardReduceScatterInit(const void *sendbuf, void *recvbuf,
                           const int recvcounts[], MPI_Datatype type, MPI_Op op,
                           MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduceScatter, Form::kPersistent,
                             "MPI_Reduce_scatter_init", sendbuf, recvbuf, 0,
                             recvcounts, type, op, 0, comm, info, request);
  return Guard(c);
}

} // namespace

// The entry points G and X can guard: one row each.
#define MPISYNC_REGULAR_ENTRIES(X)                                             \
  X(MPI_Bcast, GuardBcast)                                                     \
  X(MPI_Ibcast, GuardIbcast)                                                   \
  X(MPI_Bcast_init, GuardBcastInit)                                            \
  X(MPI_Gather, GuardGather)                                                   \
  X(MPI_Igather, GuardIgather)                                                 \
  X(MPI_Gather_init, GuardGatherInit)                                          \
  X(MPI_Scatter, GuardScatter)                                                 \
  X(MPI_Iscatter, GuardIscatter)                                               \
  X(MPI_Scatter_init, GuardScatterInit)                                        \
  X(MPI_Allgather, GuardAllgather)                                             \
  X(MPI_Iallgather, GuardIallgather)                                           \
  X(MPI_Allgather_init, GuardAllgatherInit)                                    \
  X(MPI_Alltoall, GuardAlltoall)                                               \
  X(MPI_Ialltoall, GuardIalltoall)                                             \
  X(MPI_Alltoall_init, GuardAlltoallInit)                                      \
  X(MPI_Reduce, GuardReduce)                                                   \
  X(MPI_Ireduce, GuardIreduce)                                                 \
  X(MPI_Reduce_init, GuardReduceInit)                                          \
  X(MPI_Allreduce, GuardAllreduce)                                             \
  X(MPI_Iallreduce, GuardIallreduce)                                           \
  X(MPI_Allreduce_init, GuardAllreduceInit)                                    \
  X(MPI_Reduce_scatter_block, GuardReduceScatterBlock)                         \
  X(MPI_Ireduce_scatter_block, GuardIreduceScatterBlock)                       \
  X(MPI_Reduce_scatter_block_init, GuardReduceScatterBlockInit)                \
  X(MPI_Reduce_scatter, GuardReduceScatter)                                    \
  X(MPI_Ireduce_scatter, GuardIreduceScatter)                                  \
  X(MPI_Reduce_scatter_init, GuardReduceScatterInit)

void InstallRegular(MpiNext *next) {
#define MPISYNC_GUARD_ENTRY(Entry, Fn)                                         \
  if (HasBounds(#Entry))                                                       \
    next->Entry = Fn;
  MPISYNC_REGULAR_ENTRIES(MPISYNC_GUARD_ENTRY)
#undef MPISYNC_GUARD_ENTRY
}

bool IsRegularEntry(const char *name) {
#define MPISYNC_IS_ENTRY(Entry, Fn)                                            \
  if (!internal_strcmp(name, #Entry))                                          \
    return true;
  MPISYNC_REGULAR_ENTRIES(MPISYNC_IS_ENTRY)
#undef MPISYNC_IS_ENTRY
  return false;
}

} // namespace scaling
} // namespace mpisync
