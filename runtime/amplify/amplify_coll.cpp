// Nonblocking and persistent collectives under amplify (amplify_coll.h),
// and the calls before which held operations are issued.
#include "amplify_coll.h"
#include "mpisync_alloc.h"

#include "mpisync_comm_info.h"
#include "mpisync_mpi_family.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

// The layer holds and bounces a collective only when it can query all its
// handles; everything else goes to MPI as the program made it.
bool Amplifiable(const CollStart &c) {
  int inter = 0;
  if (!c.request || c.comm == MPI_COMM_NULL ||
      CommTestInter(c.comm, &inter) != MPI_SUCCESS || inter)
    return false;
  for (int i = 0; i < c.num_buffers; i++)
    if (!TypeUsable(c.buffers[i].datatype))
      return false;
  return true;
}

// This rank's receive blocks as one datatype relative to c.recvbuf (one
// element of it), or MPI_DATATYPE_NULL when nothing is to be poisoned: no
// receive blocks, or MPI_IN_PLACE (the receive buffer holds the input).
// `*built` says whether the caller owns the type.
MPI_Datatype ReceiveLayout(const CollStart &c, bool *built) {
  *built = false;
  if (c.sendbuf == MPI_IN_PLACE || !c.recvbuf)
    return MPI_DATATYPE_NULL;
  if (c.kind == CollectiveKind::kExscan) {
    int rank = 0; // rank 0's receive buffer is not written (MPI 4.1 6.11.2)
    if (PMPI_Comm_rank(c.comm, &rank) != MPI_SUCCESS || rank == 0)
      return MPI_DATATYPE_NULL;
  }
  int n = 0;
  for (int i = 0; i < c.num_buffers; i++)
    n += c.buffers[i].role == BufferRole::kCollOut;
  if (n == 0)
    return MPI_DATATYPE_NULL;
  MPI_Count *lens = (MPI_Count *)RuntimeAlloc(2 * n * sizeof(MPI_Count));
  MPI_Count *disps = lens + n;
  MPI_Datatype *types = (MPI_Datatype *)RuntimeAlloc(n * sizeof(MPI_Datatype));
  int k = 0;
  for (int i = 0; i < c.num_buffers; i++) {
    const BufferArg &b = c.buffers[i];
    if (b.role != BufferRole::kCollOut)
      continue;
    lens[k] = b.count;
    disps[k] = (MPI_Count)((uptr)b.buf - (uptr)c.recvbuf);
    types[k++] = b.datatype;
  }
  MPI_Datatype layout = MPI_DATATYPE_NULL;
  if (PMPI_Type_create_struct_c(n, lens, disps, types, &layout) ==
          MPI_SUCCESS &&
      PMPI_Type_commit(&layout) == MPI_SUCCESS)
    *built = true;
  else
    layout = MPI_DATATYPE_NULL;
  RuntimeFree(lens);
  RuntimeFree(types);
  return layout;
}

// Sets up the bounce buffer of `req` for the receive blocks of `c`.
void BounceReceives(AmpRequest *req, const CollStart &c) {
  bool built = false;
  MPI_Datatype layout = ReceiveLayout(c, &built);
  if (layout == MPI_DATATYPE_NULL)
    return;
  BounceCreate(&req->bounce, c.recvbuf, 1, layout); // keeps its own copy
  if (built) {
    ForgetBuiltType(layout);
    PMPI_Type_free(&layout);
  }
}

// How many datatypes a w form's per-peer array holds.
int PeerCount(const HeldCall &h, bool send) {
  int size = 0, in = 0, out = 0;
  if (h.kind == CollectiveKind::kAlltoallw) {
    PMPI_Comm_size(h.comm, &size);
    return size;
  }
  if (!CollectiveNeighbors(h.comm, &in, &out))
    return 0;
  return send ? out : in;
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

AmpRequest *BeginHold(const CollStart &c) {
  if (!Amplifiable(c)) {
    IssueHeld();
    return nullptr;
  }
  AmpRequest *req = NewRequest(ReqKind::kColl, /*proxy=*/true);
  HeldCall &h = req->call;
  h.recvbuf = c.recvbuf;
  h.kind = c.kind;
  h.comm = c.comm;
  h.types[0] = h.types[1] = MPI_DATATYPE_NULL;
  BounceReceives(req, c);
  BouncePoison(&req->bounce);
  return req;
}

MPI_Datatype KeepType(AmpRequest *held, MPI_Datatype type) {
  HeldCall &h = held->call;
  int slot = h.types[0] == MPI_DATATYPE_NULL ? 0 : 1;
  h.types[slot] = KeepType(type);
  return h.types[slot];
}

const MPI_Datatype *KeepTypes(AmpRequest *held, const MPI_Datatype *types,
                              bool send) {
  HeldCall &h = held->call;
  int n = types ? PeerCount(h, send) : 0;
  if (n <= 0)
    return types;
  int slot = h.lists[0] ? 1 : 0;
  h.lists[slot] = (MPI_Datatype *)RuntimeAlloc(n * sizeof(MPI_Datatype));
  h.list_len[slot] = n;
  for (int i = 0; i < n; i++)
    h.lists[slot][i] = KeepType(types[i]);
  return h.lists[slot];
}

int HoldCall(AmpRequest *held, MPI_Request *request) {
  HoldRequest(held);
  Count(kStatHeldCollectives);
  *request = held->user;
  return MPI_SUCCESS;
}

void ReleaseCall(HeldCall *h) {
  if (h->closure)
    h->release(h->closure);
  h->closure = nullptr;
  for (MPI_Datatype &t : h->types) {
    DropType(t);
    t = MPI_DATATYPE_NULL;
  }
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < h->list_len[k]; i++)
      DropType(h->lists[k][i]);
    if (h->lists[k])
      RuntimeFree(h->lists[k]);
    h->lists[k] = nullptr;
    h->list_len[k] = 0;
  }
}

int IssueCollective(AmpRequest *req) {
  HeldCall &h = req->call;
  void *recv = req->bounce.used ? req->bounce.Target() : h.recvbuf;
  int rc = h.issue(h.closure, recv, &req->real);
  // MPI keeps its own references to the datatypes of a pending operation.
  ReleaseCall(&h);
  return rc;
}

AmpRequest *BeginPersistent(const CollStart &c, void **recv) {
  // The initialization is collective and may synchronize (MPI 4.1 6.13).
  IssueHeld();
  if (!Amplifiable(c))
    return nullptr;
  AmpRequest *req = NewRequest(ReqKind::kPersistentColl, /*proxy=*/false);
  BounceReceives(req, c);
  if (req->bounce.used)
    *recv = req->bounce.Target();
  return req;
}

int EndPersistent(AmpRequest *req, int rc, MPI_Request *request) {
  if (!req)
    return rc;
  if (rc != MPI_SUCCESS) {
    DeleteRequest(req);
    return rc;
  }
  req->user = req->real = *request;
  RegisterRequest(req);
  return rc;
}

#define AMPLIFY_FLUSH_FIRST(name)                                              \
  next->name = Flushing<decltype(next->name)>::Call<&MpiNext::name>;
#define AMPLIFY_FLUSH_FIRST_C(name)                                            \
  AMPLIFY_FLUSH_FIRST(name) AMPLIFY_FLUSH_FIRST(name##_c)

void InstallCollectiveCalls(MpiNext *next) {
  InstallGeneratedCollectives(next);

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
  AMPLIFY_FLUSH_FIRST(MPI_Barrier_init)
}

} // namespace amplify
} // namespace mpisync
