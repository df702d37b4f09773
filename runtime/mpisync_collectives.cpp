// This rank's buffers of a collective, with their roles. Errors in the
// arguments (bad communicator, negative counts) are left to MPI: a query
// that fails describes no buffer, and the MPI call reports the error.
#include "mpisync_collectives.h"
#include "mpisync_comm_info.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

struct Part {
  bool inter = false;
  int rank = 0;
  int size = 0;  // the group the counts arrays cover (remote group if inter)
  bool root = false; // this rank is the root (intra) or MPI_ROOT (inter)
  bool none = false; // MPI_PROC_NULL in an intercommunicator's root group
};

Part PartOf(const CollectiveArgs &a, bool rooted) {
  Part p;
  int inter = 0;
  if (a.comm == MPI_COMM_NULL || CommTestInter(a.comm, &inter) != MPI_SUCCESS)
    return p;
  p.inter = inter;
  CommRank(a.comm, &p.rank);
  if (inter)
    CommRemoteSize(a.comm, &p.size);
  else
    CommSize(a.comm, &p.size);
  if (rooted) {
    p.root = inter ? a.root == MPI_ROOT : a.root == p.rank;
    p.none = inter && a.root == MPI_PROC_NULL;
  }
  return p;
}

class Builder {
public:
  explicit Builder(BufferList *out) : out_(out) {}
  void Add(BufferRole role, const void *buf, MPI_Count count,
           MPI_Datatype type) {
    if (buf == MPI_IN_PLACE || count <= 0 || type == MPI_DATATYPE_NULL)
      return;
    out_->push_back({role, buf, count, type});
  }
  // Blocks i < n at buf + displs[i] * extent(type) (or bytes, for w forms),
  // those with live[i] only when `live` is given.
  void AddBlocks(BufferRole role, const void *buf, int n,
                 const CountArray &counts, const CountArray &displs,
                 MPI_Datatype type, const MPI_Datatype *types, bool byte_displs,
                 const bool *live = nullptr) {
    if (buf == MPI_IN_PLACE || counts.null() || displs.null())
      return;
    for (int i = 0; i < n; i++) {
      if (live && !live[i])
        continue;
      MPI_Datatype t = types ? types[i] : type;
      MPI_Aint lb = 0, extent = 1;
      if (!byte_displs && PMPI_Type_get_extent(t, &lb, &extent) != MPI_SUCCESS)
        continue;
      const char *at = static_cast<const char *>(buf) + displs[i] * extent;
      Add(role, at, counts[i], t);
    }
  }

  // n blocks of `count` elements one after the other; with `live`, only
  // those with live[i].
  void AddUniformBlocks(BufferRole role, const void *buf, int n,
                        MPI_Count count, MPI_Datatype type, const bool *live) {
    MPI_Aint lb = 0, extent = 0;
    if (!live) {
      Add(role, buf, count * n, type);
    } else if (buf != MPI_IN_PLACE &&
               PMPI_Type_get_extent(type, &lb, &extent) == MPI_SUCCESS) {
      for (int i = 0; i < n; i++)
        if (live[i])
          Add(role, static_cast<const char *>(buf) + i * count * extent, count,
              type);
    }
  }

private:
  BufferList *out_;
};

// Which neighbours of a Cartesian communicator exist: at the edge of a
// non-periodic dimension the neighbour is MPI_PROC_NULL, and MPI neither
// reads the send block for it nor writes the receive block from it: they
// stay the program's (MPI 4.1 section 8.6). Neighbours come in the order
// of MPI_Cart_shift(d, 1) for each dimension d: source, then destination.
// Other topologies have no MPI_PROC_NULL neighbours: `live` stays null.
constexpr int kMaxCartNeighbors = 64;
struct CartNeighbors {
  bool live_storage[kMaxCartNeighbors];
  const bool *live = nullptr;
};

void FindCartNeighbors(MPI_Comm comm, CartNeighbors *n) {
  int topo = MPI_UNDEFINED, ndims = 0;
  if (CommTopoTest(comm, &topo) != MPI_SUCCESS || topo != MPI_CART ||
      PMPI_Cartdim_get(comm, &ndims) != MPI_SUCCESS ||
      2 * ndims > kMaxCartNeighbors)
    return;
  bool any_null = false;
  for (int k = 0; k < kMaxCartNeighbors; k++) // beyond 2 * ndims: none
    n->live_storage[k] = true;
  for (int d = 0; d < ndims; d++) {
    int source = MPI_PROC_NULL, dest = MPI_PROC_NULL;
    if (PMPI_Cart_shift(comm, d, 1, &source, &dest) != MPI_SUCCESS)
      return;
    n->live_storage[2 * d] = source != MPI_PROC_NULL;
    n->live_storage[2 * d + 1] = dest != MPI_PROC_NULL;
    any_null |= source == MPI_PROC_NULL || dest == MPI_PROC_NULL;
  }
  if (any_null)
    n->live = n->live_storage;
}

constexpr BufferRole kIn = BufferRole::kCollIn;
constexpr BufferRole kOut = BufferRole::kCollOut;

} // namespace

bool CollectiveNeighbors(MPI_Comm comm, int *in, int *out) {
  int topo = MPI_UNDEFINED;
  if (CommTopoTest(comm, &topo) != MPI_SUCCESS)
    return false;
  if (topo == MPI_CART) {
    int ndims = 0;
    PMPI_Cartdim_get(comm, &ndims);
    *in = *out = 2 * ndims;
    return true;
  }
  if (topo == MPI_GRAPH) {
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    return PMPI_Graph_neighbors_count(comm, rank, in) == MPI_SUCCESS &&
           (*out = *in, true);
  }
  if (topo == MPI_DIST_GRAPH) {
    int weighted;
    return PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted) ==
           MPI_SUCCESS;
  }
  return false;
}

void DescribeCollective(CollectiveKind kind, const CollectiveArgs &a,
                        BufferList *out) {
  Builder b(out);
  bool in_place = a.sendbuf == MPI_IN_PLACE;
  switch (kind) {
  case CollectiveKind::kBarrier:
    return;
  case CollectiveKind::kBcast: {
    Part p = PartOf(a, true);
    if (!p.none)
      b.Add(p.root ? kIn : kOut, a.buffer, a.count, a.datatype);
    return;
  }
  case CollectiveKind::kGather:
  case CollectiveKind::kGatherv: {
    Part p = PartOf(a, true);
    if (p.none)
      return;
    // The root of an intercommunicator only receives; in place, the root's
    // block is already in recvbuf.
    if (!(p.root && (p.inter || in_place)))
      b.Add(kIn, a.sendbuf, a.sendcount, a.sendtype);
    if (!p.root)
      return;
    if (kind == CollectiveKind::kGather)
      b.Add(kOut, a.recvbuf, a.recvcount * p.size, a.recvtype);
    else
      b.AddBlocks(kOut, a.recvbuf, p.size, a.recvcounts, a.displs, a.recvtype,
                  nullptr, false);
    return;
  }
  case CollectiveKind::kScatter:
  case CollectiveKind::kScatterv: {
    Part p = PartOf(a, true);
    if (p.none)
      return;
    if (p.root) {
      if (kind == CollectiveKind::kScatter)
        b.Add(kIn, a.sendbuf, a.sendcount * p.size, a.sendtype);
      else
        b.AddBlocks(kIn, a.sendbuf, p.size, a.sendcounts, a.displs, a.sendtype,
                    nullptr, false);
    }
    if (!(p.root && (p.inter || a.recvbuf == MPI_IN_PLACE)))
      b.Add(kOut, a.recvbuf, a.recvcount, a.recvtype);
    return;
  }
  case CollectiveKind::kAllgather:
  case CollectiveKind::kAllgatherv: {
    Part p = PartOf(a, false);
    b.Add(kIn, a.sendbuf, a.sendcount, a.sendtype);
    if (kind == CollectiveKind::kAllgather)
      b.Add(kOut, a.recvbuf, a.recvcount * p.size, a.recvtype);
    else
      b.AddBlocks(kOut, a.recvbuf, p.size, a.recvcounts, a.displs, a.recvtype,
                  nullptr, false);
    return;
  }
  case CollectiveKind::kAlltoall: {
    Part p = PartOf(a, false);
    b.Add(kIn, a.sendbuf, a.sendcount * p.size, a.sendtype);
    b.Add(kOut, a.recvbuf, a.recvcount * p.size, a.recvtype);
    return;
  }
  case CollectiveKind::kAlltoallv:
  case CollectiveKind::kAlltoallw: {
    Part p = PartOf(a, false);
    bool w = kind == CollectiveKind::kAlltoallw;
    if (!in_place)
      b.AddBlocks(kIn, a.sendbuf, p.size, a.sendcounts, a.sdispls, a.sendtype,
                  w ? a.sendtypes : nullptr, w);
    b.AddBlocks(kOut, a.recvbuf, p.size, a.recvcounts, a.rdispls, a.recvtype,
                w ? a.recvtypes : nullptr, w);
    return;
  }
  case CollectiveKind::kReduce: {
    Part p = PartOf(a, true);
    if (p.none)
      return;
    if (!(p.root && p.inter))
      b.Add(kIn, a.sendbuf, a.count, a.datatype);
    if (p.root) // in place, recvbuf is the root's input and its result
      b.Add(kOut, a.recvbuf, a.count, a.datatype);
    return;
  }
  case CollectiveKind::kExscan: {
    // Rank 0's recvbuf is not significant (MPI 4.1 6.11.2): MPI writes
    // nothing there, but in place it is rank 0's input.
    Part p = PartOf(a, false);
    if (p.rank == 0 && !p.inter) {
      b.Add(kIn, in_place ? a.recvbuf : a.sendbuf, a.count, a.datatype);
      return;
    }
    b.Add(kIn, a.sendbuf, a.count, a.datatype);
    b.Add(kOut, a.recvbuf, a.count, a.datatype);
    return;
  }
  case CollectiveKind::kAllreduce:
  case CollectiveKind::kScan:
    b.Add(kIn, a.sendbuf, a.count, a.datatype);
    b.Add(kOut, a.recvbuf, a.count, a.datatype);
    return;
  case CollectiveKind::kReduceScatter:
  case CollectiveKind::kReduceScatterBlock: {
    Part p = PartOf(a, false);
    int local_size = p.size;
    if (p.inter)
      CommSize(a.comm, &local_size);
    MPI_Count total = 0, mine = 0;
    if (kind == CollectiveKind::kReduceScatterBlock) {
      total = a.recvcount * local_size;
      mine = a.recvcount;
    } else if (!a.recvcounts.null()) {
      for (int i = 0; i < local_size; i++)
        total += a.recvcounts[i];
      mine = a.recvcounts[p.rank];
    }
    if (in_place) {
      b.Add(kOut, a.recvbuf, total, a.datatype);
    } else {
      b.Add(kIn, a.sendbuf, total, a.datatype);
      b.Add(kOut, a.recvbuf, mine, a.datatype);
    }
    return;
  }
  case CollectiveKind::kNeighborAllgather:
  case CollectiveKind::kNeighborAllgatherv:
  case CollectiveKind::kNeighborAlltoall:
  case CollectiveKind::kNeighborAlltoallv:
  case CollectiveKind::kNeighborAlltoallw: {
    int in = 0, outd = 0;
    if (!CollectiveNeighbors(a.comm, &in, &outd))
      return;
    CartNeighbors cart;
    FindCartNeighbors(a.comm, &cart);
    const bool *live = cart.live; // for in- and out-neighbours alike
    switch (kind) {
    case CollectiveKind::kNeighborAllgather:
      b.Add(kIn, a.sendbuf, a.sendcount, a.sendtype);
      b.AddUniformBlocks(kOut, a.recvbuf, in, a.recvcount, a.recvtype, live);
      break;
    case CollectiveKind::kNeighborAllgatherv:
      b.Add(kIn, a.sendbuf, a.sendcount, a.sendtype);
      b.AddBlocks(kOut, a.recvbuf, in, a.recvcounts, a.displs, a.recvtype,
                  nullptr, false, live);
      break;
    case CollectiveKind::kNeighborAlltoall:
      b.AddUniformBlocks(kIn, a.sendbuf, outd, a.sendcount, a.sendtype, live);
      b.AddUniformBlocks(kOut, a.recvbuf, in, a.recvcount, a.recvtype, live);
      break;
    default: {
      bool w = kind == CollectiveKind::kNeighborAlltoallw;
      b.AddBlocks(kIn, a.sendbuf, outd, a.sendcounts, a.sdispls, a.sendtype,
                  w ? a.sendtypes : nullptr, w, live);
      b.AddBlocks(kOut, a.recvbuf, in, a.recvcounts, a.rdispls, a.recvtype,
                  w ? a.recvtypes : nullptr, w, live);
      break;
    }
    }
    return;
  }
  }
}

} // namespace mpisync
