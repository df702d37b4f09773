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

#include "../mpisync_scratch.h"
#include "guard_bounds.h"
#include "guard_comm.h"
#include "guard_internal.h"
#include "guard_report.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

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
enum class Form { kBlocking, kNonblocking, kPersistent };

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

bool Reduction(Family f) {
  return f == Family::kReduce || f == Family::kAllreduce ||
         f == Family::kReduceScatterBlock || f == Family::kReduceScatter;
}

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
#define MPISYNC_REGULAR_PAIR(Fam, Name, IName, RootArg)                       \
  case Family::Fam:                                                           \
    switch (c.form) {                                                         \
    case Form::kBlocking:                                                     \
      return below.MPI_##Name(sb, c.sendcount, c.sendtype, rb, c.recvcount,  \
                              c.recvtype RootArg, c.comm);                    \
    case Form::kNonblocking:                                                  \
      return below.MPI_##IName(sb, c.sendcount, c.sendtype, rb, c.recvcount, \
                               c.recvtype RootArg, c.comm, c.request);        \
    case Form::kPersistent:                                                   \
      return below.MPI_##Name##_init(sb, c.sendcount, c.sendtype, rb,         \
                                     c.recvcount, c.recvtype RootArg, c.comm, \
                                     c.info, c.request);                      \
    }                                                                         \
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
      return below.MPI_Allreduce(sb, rb, c.recvcount, c.recvtype, c.op,
                                 c.comm);
    case Form::kNonblocking:
      return below.MPI_Iallreduce(sb, rb, c.recvcount, c.recvtype, c.op,
                                  c.comm, c.request);
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
      return below.MPI_Reduce_scatter_block_init(sb, rb, c.recvcount,
                                                 c.recvtype, c.op, c.comm,
                                                 c.info, c.request);
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

// n and s of the call as this process sees them (Table V of the paper):
// the per-process message, from the side this process has significant.
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

// Whether this process's receive (send) side of a gather (scatter) family
// call is significant.
bool RecvSignificant(const RegularCall &c) {
  return c.family != Family::kGather || c.rank == c.root;
}
bool SendSignificant(const RegularCall &c) {
  if (c.sendbuf == MPI_IN_PLACE)
    return false;
  return c.family != Family::kScatter || c.rank == c.root;
}

// W1-B: rounds of at most `chunk` elements per process, each the same
// collective on a slice of every block (strided blocks through a resized
// datatype whose extent is the whole block).
int Rounds(const RegularCall &c, s64 n, s64 chunk) {
  MPI_Aint sext = Extent(c.sendtype), rext = Extent(c.recvtype);
  int rc = MPI_SUCCESS;
  for (s64 off = 0; off < n && rc == MPI_SUCCESS; off += chunk) {
    s64 k = n - off < chunk ? n - off : chunk;
    RegularCall r = c;
    MPI_Datatype st = MPI_DATATYPE_NULL, rt = MPI_DATATYPE_NULL;
    switch (c.family) {
    case Family::kBcast:
    case Family::kReduce:
    case Family::kAllreduce:
      if (c.family != Family::kBcast)
        r.sendbuf = Offset(c.sendbuf, off, rext);
      r.recvbuf = Offset(c.recvbuf, off, rext);
      r.recvcount = (int)k;
      break;
    case Family::kGather:
    case Family::kAllgather:
    case Family::kAlltoall:
    case Family::kScatter: {
      bool strided_send =
          c.family == Family::kScatter || c.family == Family::kAlltoall;
      bool strided_recv = c.family != Family::kScatter;
      r.sendbuf = Offset(c.sendbuf, off, sext);
      r.recvbuf = Offset(c.recvbuf, off, rext);
      if (SendSignificant(c)) {
        if (strided_send) {
          st = BlockType(k, c.sendtype, n * sext);
          r.sendtype = st;
          r.sendcount = 1;
        } else {
          r.sendcount = (int)k;
        }
      }
      if (RecvSignificant(c) && c.recvbuf != MPI_IN_PLACE) {
        if (strided_recv) {
          rt = BlockType(k, c.recvtype, n * rext);
          r.recvtype = rt;
          r.recvcount = 1;
        } else {
          r.recvcount = (int)k;
        }
      }
      break;
    }
    default:
      return CallBelow(c);
    }
    rc = CallBelow(r);
    FreeType(&st);
    FreeType(&rt);
  }
  return rc;
}

// W2: the whole message of a process as one element of a contiguous
// datatype of n elements.
int Bigtype(const RegularCall &c, s64 n) {
  RegularCall r = c;
  MPI_Datatype st = MPI_DATATYPE_NULL, rt = MPI_DATATYPE_NULL;
  if (c.family == Family::kBcast) {
    rt = BlockType(n, c.recvtype, n * Extent(c.recvtype));
    r.recvtype = rt;
    r.recvcount = 1;
  } else {
    if (SendSignificant(c)) {
      st = BlockType(n, c.sendtype, n * Extent(c.sendtype));
      r.sendtype = st;
      r.sendcount = 1;
    }
    bool recv = RecvSignificant(c) && c.recvbuf != MPI_IN_PLACE;
    if (recv || c.sendbuf == MPI_IN_PLACE) {
      rt = BlockType(n, c.recvtype, n * Extent(c.recvtype));
      r.recvtype = rt;
      r.recvcount = 1;
    }
  }
  int rc = CallBelow(r);
  FreeType(&st);
  FreeType(&rt);
  return rc;
}

// W1-A (gather and scatter): groups of consecutive ranks, each with the
// root, one collective per group on a sub-communicator. In a group it is
// not part of, the root moves nothing (MPI_IN_PLACE) and its block's slot
// is placed on memory of the buffer that belongs to a neighbour.
int Split(const RegularCall &c, s64 n, int group_size) {
  MPI_Comm guard = GuardComm(c.comm);
  MPI_Group group;
  PMPI_Comm_group(guard, &group);
  MPI_Aint ext = c.family == Family::kGather ? Extent(c.recvtype)
                                             : Extent(c.sendtype);
  ScratchVector<int> members(group_size + 1);
  int per = group_size - 1; // ranks per group besides a foreign root
  int rc = MPI_SUCCESS;
  for (int a = 0, j = 0; a < c.size && rc == MPI_SUCCESS; a += per, j++) {
    int b = a + per < c.size ? a + per : c.size;
    bool root_inside = c.root >= a && c.root < b;
    bool me_inside = c.rank >= a && c.rank < b;
    if (!me_inside && c.rank != c.root)
      continue;
    int m = 0, sub_root = 0;
    s64 first_slot = a; // the rank whose block starts the sub-buffer
    if (!root_inside && a > 0) {
      members[m++] = c.root; // its slot: block a-1, never written
      first_slot = a - 1;
    }
    for (int i = a; i < b; i++) {
      if (i == c.root)
        sub_root = m;
      members[m++] = i;
    }
    if (!root_inside && a == 0) {
      sub_root = m;
      members[m++] = c.root; // its slot: block b, never written
    }
    MPI_Group sub_group;
    MPI_Comm sub = MPI_COMM_NULL;
    PMPI_Group_incl(group, m, members.data(), &sub_group);
    PMPI_Comm_create_group(guard, sub_group, j, &sub);
    PMPI_Group_free(&sub_group);
    RegularCall r = c;
    r.comm = sub;
    r.root = sub_root;
    if (c.rank == c.root) {
      if (c.family == Family::kGather) {
        r.recvbuf = Offset(c.recvbuf, first_slot * n, ext);
        if (!root_inside)
          r.sendbuf = MPI_IN_PLACE;
      } else {
        r.sendbuf = Offset(c.sendbuf, first_slot * n, ext);
        if (!root_inside)
          r.recvbuf = MPI_IN_PLACE;
      }
    }
    rc = CallBelow(r);
    PMPI_Comm_free(&sub);
  }
  PMPI_Group_free(&group);
  return rc;
}

// The largest group (with the root) whose sizes cross no bound.
int SplitGroupSize(const RegularCall &c, const CallSizes &z) {
  int best = 0;
  for (int m = 2; m <= c.size; m++) {
    CallSizes sub = z;
    sub.p = m;
    if (CrossesAny(c.name, sub))
      break;
    best = m;
  }
  return best;
}

bool BigtypeApplies(const RegularCall &c, const CallSizes &z) {
  if (Reduction(c.family) || z.n <= 1)
    return false;
  CallSizes big = z;
  big.s = z.s * z.n;
  big.n = 1;
  return !CrossesAny(c.name, big);
}

bool RoundsApply(const RegularCall &c) {
  return c.form == Form::kBlocking && c.family != Family::kReduceScatter &&
         c.family != Family::kReduceScatterBlock;
}

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
  bool rooted_split = (c.family == Family::kGather ||
                       c.family == Family::kScatter) &&
                      c.form == Form::kBlocking && b->cls == 'G';
  if (rooted_split)
    group = SplitGroupSize(c, z);
  const char *why = nullptr;
  if (req == Strategy::kNone) {
    why = "scaling_strategy=none";
  } else if (req == Strategy::kAuto) {
    // Table X: W2 where the problem does not depend on s (an element bound)
    // and the type allows, else W1-B, the general one.
    if (BigtypeApplies(c, z) && !(b->cls == 'G' && b->bytes))
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
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm, MPI_Info info,
                 MPI_Request *request) {
  RegularCall c = {family,   form,     name,  sendbuf, sendcount,
                   sendtype, recvbuf,  recvcount, recvtype, nullptr,
                   MPI_OP_NULL, root,  comm,  info,    request};
  return c;
}

// The entries. The data-movement families share one signature shape.
#define MPISYNC_GUARD_PAIR(Fam, Name, IName, RootParam, RootArg)              \
  int Guard##Name(const void *sendbuf, int sendcount, MPI_Datatype sendtype,  \
                  void *recvbuf, int recvcount,                               \
                  MPI_Datatype recvtype RootParam, MPI_Comm comm) {           \
    RegularCall c = Make(Family::Fam, Form::kBlocking, "MPI_" #Name, sendbuf, \
                         sendcount, sendtype, recvbuf, recvcount, recvtype,   \
                         RootArg, comm, MPI_INFO_NULL, nullptr);              \
    return Guard(c);                                                          \
  }                                                                           \
  int Guard##IName(const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
                   void *recvbuf, int recvcount,                              \
                   MPI_Datatype recvtype RootParam, MPI_Comm comm,            \
                   MPI_Request *request) {                                    \
    RegularCall c = Make(Family::Fam, Form::kNonblocking, "MPI_" #IName,     \
                         sendbuf, sendcount, sendtype, recvbuf, recvcount,    \
                         recvtype, RootArg, comm, MPI_INFO_NULL, request);    \
    return Guard(c);                                                          \
  }                                                                           \
  int Guard##Name##Init(const void *sendbuf, int sendcount,                   \
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,  \
                        MPI_Datatype recvtype RootParam, MPI_Comm comm,       \
                        MPI_Info info, MPI_Request *request) {                \
    RegularCall c = Make(Family::Fam, Form::kPersistent, "MPI_" #Name "_init",\
                         sendbuf, sendcount, sendtype, recvbuf, recvcount,    \
                         recvtype, RootArg, comm, info, request);             \
    return Guard(c);                                                          \
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
  RegularCall c = Make(Family::kBcast, Form::kBlocking, "MPI_Bcast", nullptr,
                       0, MPI_DATATYPE_NULL, buf, count, type, root, comm,
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
  RegularCall c = Make(Family::kBcast, Form::kPersistent, "MPI_Bcast_init",
                       nullptr, 0, MPI_DATATYPE_NULL, buf, count, type, root,
                       comm, info, request);
  return Guard(c);
}

RegularCall MakeReduce(Family family, Form form, const char *name,
                       const void *sendbuf, void *recvbuf, int count,
                       const int *recvcounts, MPI_Datatype type, MPI_Op op,
                       int root, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request) {
  RegularCall c = Make(family, form, name, sendbuf, count, type, recvbuf,
                       count, type, root, comm, info, request);
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
  RegularCall c =
      MakeReduce(Family::kReduce, Form::kNonblocking, "MPI_Ireduce", sendbuf,
                 recvbuf, count, nullptr, type, op, root, comm, MPI_INFO_NULL,
                 request);
  return Guard(c);
}
int GuardReduceInit(const void *sendbuf, void *recvbuf, int count,
                    MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request) {
  RegularCall c =
      MakeReduce(Family::kReduce, Form::kPersistent, "MPI_Reduce_init",
                 sendbuf, recvbuf, count, nullptr, type, op, root, comm, info,
                 request);
  return Guard(c);
}
int GuardAllreduce(const void *sendbuf, void *recvbuf, int count,
                   MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  RegularCall c =
      MakeReduce(Family::kAllreduce, Form::kBlocking, "MPI_Allreduce",
                 sendbuf, recvbuf, count, nullptr, type, op, 0, comm,
                 MPI_INFO_NULL, nullptr);
  return Guard(c);
}
int GuardIallreduce(const void *sendbuf, void *recvbuf, int count,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                    MPI_Request *request) {
  RegularCall c =
      MakeReduce(Family::kAllreduce, Form::kNonblocking, "MPI_Iallreduce",
                 sendbuf, recvbuf, count, nullptr, type, op, 0, comm,
                 MPI_INFO_NULL, request);
  return Guard(c);
}
int GuardAllreduceInit(const void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                       MPI_Info info, MPI_Request *request) {
  RegularCall c =
      MakeReduce(Family::kAllreduce, Form::kPersistent, "MPI_Allreduce_init",
                 sendbuf, recvbuf, count, nullptr, type, op, 0, comm, info,
                 request);
  return Guard(c);
}
int GuardReduceScatterBlock(const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  RegularCall c = MakeReduce(Family::kReduceScatterBlock, Form::kBlocking,
                             "MPI_Reduce_scatter_block", sendbuf, recvbuf,
                             count, nullptr, type, op, 0, comm, MPI_INFO_NULL,
                             nullptr);
  return Guard(c);
}
int GuardIreduceScatterBlock(const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                             MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduceScatterBlock, Form::kNonblocking,
                             "MPI_Ireduce_scatter_block", sendbuf, recvbuf,
                             count, nullptr, type, op, 0, comm, MPI_INFO_NULL,
                             request);
  return Guard(c);
}
int GuardReduceScatterBlockInit(const void *sendbuf, void *recvbuf,
                                int count, MPI_Datatype type, MPI_Op op,
                                MPI_Comm comm, MPI_Info info,
                                MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduceScatterBlock, Form::kPersistent,
                             "MPI_Reduce_scatter_block_init", sendbuf,
                             recvbuf, count, nullptr, type, op, 0, comm, info,
                             request);
  return Guard(c);
}
int GuardReduceScatter(const void *sendbuf, void *recvbuf,
                       const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
  RegularCall c = MakeReduce(Family::kReduceScatter, Form::kBlocking,
                             "MPI_Reduce_scatter", sendbuf, recvbuf, 0,
                             recvcounts, type, op, 0, comm, MPI_INFO_NULL,
                             nullptr);
  return Guard(c);
}
int GuardIreduceScatter(const void *sendbuf, void *recvbuf,
                        const int recvcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduceScatter, Form::kNonblocking,
                             "MPI_Ireduce_scatter", sendbuf, recvbuf, 0,
                             recvcounts, type, op, 0, comm, MPI_INFO_NULL,
                             request);
  return Guard(c);
}
int GuardReduceScatterInit(const void *sendbuf, void *recvbuf,
                           const int recvcounts[], MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm, MPI_Info info,
                           MPI_Request *request) {
  RegularCall c = MakeReduce(Family::kReduceScatter, Form::kPersistent,
                             "MPI_Reduce_scatter_init", sendbuf, recvbuf, 0,
                             recvcounts, type, op, 0, comm, info, request);
  return Guard(c);
}

} // namespace

void InstallRegular(MpiNext *next) {
#define MPISYNC_GUARD_ENTRY(Entry, Fn)                                        \
  if (HasBounds(#Entry))                                                      \
    next->Entry = Fn;
  MPISYNC_GUARD_ENTRY(MPI_Bcast, GuardBcast)
  MPISYNC_GUARD_ENTRY(MPI_Ibcast, GuardIbcast)
  MPISYNC_GUARD_ENTRY(MPI_Bcast_init, GuardBcastInit)
  MPISYNC_GUARD_ENTRY(MPI_Gather, GuardGather)
  MPISYNC_GUARD_ENTRY(MPI_Igather, GuardIgather)
  MPISYNC_GUARD_ENTRY(MPI_Gather_init, GuardGatherInit)
  MPISYNC_GUARD_ENTRY(MPI_Scatter, GuardScatter)
  MPISYNC_GUARD_ENTRY(MPI_Iscatter, GuardIscatter)
  MPISYNC_GUARD_ENTRY(MPI_Scatter_init, GuardScatterInit)
  MPISYNC_GUARD_ENTRY(MPI_Allgather, GuardAllgather)
  MPISYNC_GUARD_ENTRY(MPI_Iallgather, GuardIallgather)
  MPISYNC_GUARD_ENTRY(MPI_Allgather_init, GuardAllgatherInit)
  MPISYNC_GUARD_ENTRY(MPI_Alltoall, GuardAlltoall)
  MPISYNC_GUARD_ENTRY(MPI_Ialltoall, GuardIalltoall)
  MPISYNC_GUARD_ENTRY(MPI_Alltoall_init, GuardAlltoallInit)
  MPISYNC_GUARD_ENTRY(MPI_Reduce, GuardReduce)
  MPISYNC_GUARD_ENTRY(MPI_Ireduce, GuardIreduce)
  MPISYNC_GUARD_ENTRY(MPI_Reduce_init, GuardReduceInit)
  MPISYNC_GUARD_ENTRY(MPI_Allreduce, GuardAllreduce)
  MPISYNC_GUARD_ENTRY(MPI_Iallreduce, GuardIallreduce)
  MPISYNC_GUARD_ENTRY(MPI_Allreduce_init, GuardAllreduceInit)
  MPISYNC_GUARD_ENTRY(MPI_Reduce_scatter_block, GuardReduceScatterBlock)
  MPISYNC_GUARD_ENTRY(MPI_Ireduce_scatter_block, GuardIreduceScatterBlock)
  MPISYNC_GUARD_ENTRY(MPI_Reduce_scatter_block_init,
                      GuardReduceScatterBlockInit)
  MPISYNC_GUARD_ENTRY(MPI_Reduce_scatter, GuardReduceScatter)
  MPISYNC_GUARD_ENTRY(MPI_Ireduce_scatter, GuardIreduceScatter)
  MPISYNC_GUARD_ENTRY(MPI_Reduce_scatter_init, GuardReduceScatterInit)
#undef MPISYNC_GUARD_ENTRY
}

} // namespace scaling
} // namespace mpisync
