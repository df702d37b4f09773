// The strategies of the scaling guard for the regular collectives
// (guard_regular_call.h): rounds (W1-B), a big datatype (W2) and
// sub-communicators holding the root (W1-A), each built from calls of the
// same collective.
#include "../mpisync_scratch.h"
#include "guard_comm.h"
#include "guard_regular_call.h"

namespace mpisync {
namespace scaling {

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
  MPI_Aint ext =
      c.family == Family::kGather ? Extent(c.recvtype) : Extent(c.sendtype);
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

} // namespace scaling
} // namespace mpisync
