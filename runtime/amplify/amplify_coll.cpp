// Nonblocking collectives under amplify, and the calls before which held
// operations are issued.
//
// MPI_Ibcast, _Iallreduce, _Ireduce, _Igather, _Iscatter, _Iallgather and
// _Ialltoall (and their _c forms) are held like sends: the send data is
// taken when the layer issues them, and their receive buffer holds the
// poison until the completing call (MPI 4.1 section 6.12: buffers of a
// pending nonblocking collective may not be accessed, the receive buffer
// not even read). Collectives on one communicator must start in the same
// order everywhere: held ones are issued in program order, and every other
// collective start issues them first.
#include "amplify_requests.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

// Collectives whose handles the layer cannot query go to MPI at once.
bool Unusable(MPI_Datatype a, MPI_Datatype b) {
  return !TypeUsable(a) || !TypeUsable(b);
}

bool Intercomm(MPI_Comm comm) {
  int flag = 0;
  return comm == MPI_COMM_NULL ||
         PMPI_Comm_test_inter(comm, &flag) != MPI_SUCCESS || flag;
}

int RankIn(MPI_Comm comm) {
  int rank = -1;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

int SizeOf(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}

// A held collective; `recv` (count x type) gets a bounce buffer and the
// poison when non-null.
AmpRequest *HoldCollective(CollKind kind, const void *sendbuf,
                           MPI_Count sendcount, MPI_Datatype sendtype,
                           void *recvbuf, MPI_Count recvcount,
                           MPI_Datatype recvtype, MPI_Op op, int root,
                           MPI_Comm comm, bool bounce_recv,
                           MPI_Count bounce_count) {
  AmpRequest *req = NewRequest(ReqKind::kColl, /*proxy=*/true);
  CollArgs &a = req->coll;
  a.kind = kind;
  a.sendbuf = sendbuf;
  a.sendcount = sendcount;
  a.sendtype = KeepType(sendtype);
  a.recvbuf = recvbuf;
  a.recvcount = recvcount;
  a.recvtype = KeepType(recvtype);
  a.op = op;
  a.root = root;
  a.comm = comm;
  if (bounce_recv &&
      BounceCreate(&req->bounce, recvbuf, bounce_count, recvtype))
    BouncePoison(&req->bounce);
  HoldRequest(req);
  Count(kStatHeldCollectives);
  return req;
}

template <typename C>
int AmpIbcast(void *buffer, C count, MPI_Datatype datatype, int root,
              MPI_Comm comm, MPI_Request *request) {
  if (!request || count < 0 || Intercomm(comm) ||
      Unusable(datatype, datatype)) {
    IssueHeld();
    return below.MPI_Ibcast_c(buffer, count, datatype, root, comm, request);
  }
  bool at_root = RankIn(comm) == root;
  AmpRequest *req =
      HoldCollective(CollKind::kBcast, at_root ? buffer : nullptr, count,
                     datatype, at_root ? nullptr : buffer, count, datatype,
                     MPI_OP_NULL, root, comm, !at_root, count);
  *request = req->user;
  return MPI_SUCCESS;
}

template <typename C>
int AmpIallreduce(const void *sendbuf, void *recvbuf, C count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                  MPI_Request *request) {
  if (!request || count < 0 || Intercomm(comm) ||
      Unusable(datatype, datatype)) {
    IssueHeld();
    return below.MPI_Iallreduce_c(sendbuf, recvbuf, count, datatype, op, comm,
                                  request);
  }
  // In place, the receive buffer holds the input: taken late, not poisoned.
  bool bounce = sendbuf != MPI_IN_PLACE;
  AmpRequest *req =
      HoldCollective(CollKind::kAllreduce, sendbuf, count, datatype, recvbuf,
                     count, datatype, op, 0, comm, bounce, count);
  *request = req->user;
  return MPI_SUCCESS;
}

template <typename C>
int AmpIreduce(const void *sendbuf, void *recvbuf, C count,
               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
               MPI_Request *request) {
  if (!request || count < 0 || Intercomm(comm) ||
      Unusable(datatype, datatype)) {
    IssueHeld();
    return below.MPI_Ireduce_c(sendbuf, recvbuf, count, datatype, op, root,
                               comm, request);
  }
  bool bounce = RankIn(comm) == root && sendbuf != MPI_IN_PLACE;
  AmpRequest *req =
      HoldCollective(CollKind::kReduce, sendbuf, count, datatype, recvbuf,
                     count, datatype, op, root, comm, bounce, count);
  *request = req->user;
  return MPI_SUCCESS;
}

// Igather, Iscatter, Iallgather, Ialltoall: the same parameters.
template <CollKind kKind, typename C>
int AmpIcollRooted(const void *sendbuf, C sendcount, MPI_Datatype sendtype,
                   void *recvbuf, C recvcount, MPI_Datatype recvtype, int root,
                   MPI_Comm comm, MPI_Request *request);

int IssueRooted(CollArgs &a, void *recv, MPI_Request *real);

template <CollKind kKind, typename C>
int PassRooted(const void *sendbuf, C sendcount, MPI_Datatype sendtype,
               void *recvbuf, C recvcount, MPI_Datatype recvtype, int root,
               MPI_Comm comm, MPI_Request *request) {
  IssueHeld();
  CollArgs a = {kKind,     sendbuf,  sendcount,   sendtype, recvbuf,
                recvcount, recvtype, MPI_OP_NULL, root,     comm};
  return IssueRooted(a, recvbuf, request);
}

template <CollKind kKind, typename C>
int AmpIcollRooted(const void *sendbuf, C sendcount, MPI_Datatype sendtype,
                   void *recvbuf, C recvcount, MPI_Datatype recvtype, int root,
                   MPI_Comm comm, MPI_Request *request) {
  if (!request || sendcount < 0 || recvcount < 0 || Intercomm(comm) ||
      (sendbuf != MPI_IN_PLACE && !TypeUsable(sendtype)) ||
      (recvbuf != MPI_IN_PLACE && !TypeUsable(recvtype)))
    return PassRooted<kKind, C>(sendbuf, sendcount, sendtype, recvbuf,
                                recvcount, recvtype, root, comm, request);
  bool at_root = RankIn(comm) == root;
  MPI_Count whole = (MPI_Count)recvcount * SizeOf(comm);
  bool bounce = false;
  MPI_Count bounce_count = recvcount;
  switch (kKind) {
  case CollKind::kGather:
    bounce = at_root && sendbuf != MPI_IN_PLACE;
    bounce_count = whole;
    break;
  case CollKind::kScatter:
    bounce = recvbuf != MPI_IN_PLACE;
    break;
  default: // allgather, alltoall
    bounce = sendbuf != MPI_IN_PLACE;
    bounce_count = whole;
  }
  AmpRequest *req =
      HoldCollective(kKind, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                     recvtype, MPI_OP_NULL, root, comm, bounce, bounce_count);
  *request = req->user;
  return MPI_SUCCESS;
}

template <CollKind kKind, typename C>
int AmpIcollUnrooted(const void *sendbuf, C sendcount, MPI_Datatype sendtype,
                     void *recvbuf, C recvcount, MPI_Datatype recvtype,
                     MPI_Comm comm, MPI_Request *request) {
  return AmpIcollRooted<kKind, C>(sendbuf, sendcount, sendtype, recvbuf,
                                  recvcount, recvtype, 0, comm, request);
}

int IssueRooted(CollArgs &a, void *recv, MPI_Request *real) {
  switch (a.kind) {
  case CollKind::kGather:
    return below.MPI_Igather_c(a.sendbuf, a.sendcount, a.sendtype, recv,
                               a.recvcount, a.recvtype, a.root, a.comm, real);
  case CollKind::kScatter:
    return below.MPI_Iscatter_c(a.sendbuf, a.sendcount, a.sendtype, recv,
                                a.recvcount, a.recvtype, a.root, a.comm, real);
  case CollKind::kAllgather:
    return below.MPI_Iallgather_c(a.sendbuf, a.sendcount, a.sendtype, recv,
                                  a.recvcount, a.recvtype, a.comm, real);
  default:
    return below.MPI_Ialltoall_c(a.sendbuf, a.sendcount, a.sendtype, recv,
                                 a.recvcount, a.recvtype, a.comm, real);
  }
}

// Issues the held operations, then makes the call: for every call that may
// block or poll, and for collective starts the layer does not hold.
template <typename Fn> struct Flushing;
template <typename... Args> struct Flushing<int (*)(Args...)> {
  using Entry = int (*)(Args...);
  template <Entry MpiNext::*kEntry> static int Call(Args... args) {
    IssueHeld();
    return (below.*kEntry)(args...);
  }
};

} // namespace

int IssueCollective(AmpRequest *req) {
  CollArgs &a = req->coll;
  void *recv = req->bounce.used ? req->bounce.Target() : a.recvbuf;
  int rc;
  switch (a.kind) {
  case CollKind::kBcast:
    rc = below.MPI_Ibcast_c(a.sendbuf ? (void *)a.sendbuf : recv, a.sendcount,
                            a.sendtype, a.root, a.comm, &req->real);
    break;
  case CollKind::kAllreduce:
    rc = below.MPI_Iallreduce_c(a.sendbuf, recv, a.recvcount, a.recvtype, a.op,
                                a.comm, &req->real);
    break;
  case CollKind::kReduce:
    rc = below.MPI_Ireduce_c(a.sendbuf, recv, a.recvcount, a.recvtype, a.op,
                             a.root, a.comm, &req->real);
    break;
  default:
    rc = IssueRooted(a, recv, &req->real);
  }
  DropType(a.sendtype);
  DropType(a.recvtype);
  a.sendtype = a.recvtype = MPI_DATATYPE_NULL;
  return rc;
}

#define AMPLIFY_FLUSH_FIRST(name)                                              \
  next->name = Flushing<decltype(next->name)>::Call<&MpiNext::name>;
#define AMPLIFY_FLUSH_FIRST_C(name)                                            \
  AMPLIFY_FLUSH_FIRST(name) AMPLIFY_FLUSH_FIRST(name##_c)

void InstallCollectiveCalls(MpiNext *next) {
  next->MPI_Ibcast = AmpIbcast<int>;
  next->MPI_Ibcast_c = AmpIbcast<MPI_Count>;
  next->MPI_Iallreduce = AmpIallreduce<int>;
  next->MPI_Iallreduce_c = AmpIallreduce<MPI_Count>;
  next->MPI_Ireduce = AmpIreduce<int>;
  next->MPI_Ireduce_c = AmpIreduce<MPI_Count>;
  next->MPI_Igather = AmpIcollRooted<CollKind::kGather, int>;
  next->MPI_Igather_c = AmpIcollRooted<CollKind::kGather, MPI_Count>;
  next->MPI_Iscatter = AmpIcollRooted<CollKind::kScatter, int>;
  next->MPI_Iscatter_c = AmpIcollRooted<CollKind::kScatter, MPI_Count>;
  next->MPI_Iallgather = AmpIcollUnrooted<CollKind::kAllgather, int>;
  next->MPI_Iallgather_c = AmpIcollUnrooted<CollKind::kAllgather, MPI_Count>;
  next->MPI_Ialltoall = AmpIcollUnrooted<CollKind::kAlltoall, int>;
  next->MPI_Ialltoall_c = AmpIcollUnrooted<CollKind::kAlltoall, MPI_Count>;

  // Blocking point-to-point and collectives, probes, communicator
  // construction: a process may wait in them for another process.
  AMPLIFY_FLUSH_FIRST_C(MPI_Send)
  AMPLIFY_FLUSH_FIRST_C(MPI_Bsend)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ssend)
  AMPLIFY_FLUSH_FIRST_C(MPI_Rsend)
  AMPLIFY_FLUSH_FIRST_C(MPI_Recv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Mrecv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Sendrecv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Sendrecv_replace)
  AMPLIFY_FLUSH_FIRST(MPI_Barrier)
  AMPLIFY_FLUSH_FIRST_C(MPI_Bcast)
  AMPLIFY_FLUSH_FIRST_C(MPI_Gather)
  AMPLIFY_FLUSH_FIRST_C(MPI_Gatherv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Scatter)
  AMPLIFY_FLUSH_FIRST_C(MPI_Scatterv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Allgather)
  AMPLIFY_FLUSH_FIRST_C(MPI_Allgatherv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Alltoall)
  AMPLIFY_FLUSH_FIRST_C(MPI_Alltoallv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Alltoallw)
  AMPLIFY_FLUSH_FIRST_C(MPI_Reduce)
  AMPLIFY_FLUSH_FIRST_C(MPI_Allreduce)
  AMPLIFY_FLUSH_FIRST_C(MPI_Reduce_scatter)
  AMPLIFY_FLUSH_FIRST_C(MPI_Reduce_scatter_block)
  AMPLIFY_FLUSH_FIRST_C(MPI_Scan)
  AMPLIFY_FLUSH_FIRST_C(MPI_Exscan)
  AMPLIFY_FLUSH_FIRST(MPI_Parrived)
  AMPLIFY_FLUSH_FIRST(MPI_Probe)
  AMPLIFY_FLUSH_FIRST(MPI_Iprobe)
  AMPLIFY_FLUSH_FIRST(MPI_Mprobe)
  AMPLIFY_FLUSH_FIRST(MPI_Improbe)
  AMPLIFY_FLUSH_FIRST(MPI_Comm_dup)
  AMPLIFY_FLUSH_FIRST(MPI_Comm_idup)
  AMPLIFY_FLUSH_FIRST(MPI_Comm_split)
  AMPLIFY_FLUSH_FIRST(MPI_Comm_split_type)
  AMPLIFY_FLUSH_FIRST(MPI_Comm_create)
  AMPLIFY_FLUSH_FIRST(MPI_Comm_free)
  AMPLIFY_FLUSH_FIRST(MPI_Cart_create)
  AMPLIFY_FLUSH_FIRST(MPI_Intercomm_create)
  AMPLIFY_FLUSH_FIRST(MPI_Intercomm_merge)
  // Waits until the buffered sends are out: held MPI_Ibsends first.
  AMPLIFY_FLUSH_FIRST_C(MPI_Buffer_detach)

  // Starts the layer does not hold: after what it holds, in program order.
  AMPLIFY_FLUSH_FIRST_C(MPI_Isendrecv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Isendrecv_replace)
  AMPLIFY_FLUSH_FIRST(MPI_Ibarrier)
  AMPLIFY_FLUSH_FIRST_C(MPI_Igatherv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Iscatterv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Iallgatherv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ialltoallv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ialltoallw)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ireduce_scatter)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ireduce_scatter_block)
  AMPLIFY_FLUSH_FIRST_C(MPI_Iscan)
  AMPLIFY_FLUSH_FIRST_C(MPI_Iexscan)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ineighbor_allgather)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ineighbor_allgatherv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ineighbor_alltoall)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ineighbor_alltoallv)
  AMPLIFY_FLUSH_FIRST_C(MPI_Ineighbor_alltoallw)
  AMPLIFY_FLUSH_FIRST(MPI_Barrier_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Bcast_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Gather_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Gatherv_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Scatter_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Scatterv_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Allgather_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Allgatherv_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Alltoall_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Alltoallv_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Alltoallw_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Reduce_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Allreduce_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Reduce_scatter_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Reduce_scatter_block_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Scan_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Exscan_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Neighbor_allgather_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Neighbor_allgatherv_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Neighbor_alltoall_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Neighbor_alltoallv_init)
  AMPLIFY_FLUSH_FIRST_C(MPI_Neighbor_alltoallw_init)
}

} // namespace amplify
} // namespace mpisync
