// Detector D on MPI_Allgatherv, MPI_Alltoallv, MPI_Alltoallw and the
// neighbourhood v forms (blocking, nonblocking, persistent).
// The other irregular collectives: every process has its own arrays, so
// the only strategy that needs no agreement on a layout is the large-count
// form (Li et al.'s W1-A is restricted for the alltoall family, and
// per-process segments differ).
#include "guard_irregular.h"

#include "guard_comm.h"
#include "guard_internal.h"
#include "guard_scan.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

int GuardAllgathervAny(Form form, const char *name, const void *sendbuf,
                       int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[],
                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request) {
  auto original = [&]() {
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf,
                                  recvcounts, displs, recvtype, comm);
    case Form::kNonblocking:
      return below.MPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf,
                                   recvcounts, displs, recvtype, comm, request);
    default:
      return below.MPI_Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf,
                                       recvcounts, displs, recvtype, comm, info,
                                       request);
    }
  };
  if (!Guardable(comm))
    return original();
  DisplArray a;
  a.name = "displs";
  a.counts = recvcounts;
  a.displs = displs;
  a.n = CommSize(comm);
  a.buf = recvbuf;
  a.type = recvtype;
  Scan s;
  if (!NeedsLargeCount(form, comm, name, &a, &s, 1))
    return original();
  ScratchVector<char> scratch;
  Wide w = Widen(a, s, form, &scratch);
  switch (form) {
  case Form::kBlocking:
    return below.MPI_Allgatherv_c(sendbuf, sendcount, sendtype, recvbuf,
                                  w.counts, w.displs, recvtype, comm);
  case Form::kNonblocking:
    return below.MPI_Iallgatherv_c(sendbuf, sendcount, sendtype, recvbuf,
                                   w.counts, w.displs, recvtype, comm, request);
  default:
    return below.MPI_Allgatherv_init_c(sendbuf, sendcount, sendtype, recvbuf,
                                       w.counts, w.displs, recvtype, comm, info,
                                       request);
  }
}

int GuardAllgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, const int recvcounts[], const int displs[],
                    MPI_Datatype recvtype, MPI_Comm comm) {
  return GuardAllgathervAny(Form::kBlocking, "MPI_Allgatherv", sendbuf,
                            sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, comm, MPI_INFO_NULL, nullptr);
}
int GuardIallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request *request) {
  return GuardAllgathervAny(Form::kNonblocking, "MPI_Iallgatherv", sendbuf,
                            sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, comm, MPI_INFO_NULL, request);
}
int GuardAllgathervInit(const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request) {
  return GuardAllgathervAny(Form::kPersistent, "MPI_Allgatherv_init", sendbuf,
                            sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, comm, info, request);
}

// The alltoall v and w forms and the neighbourhood ones: send and receive
// arrays of `nsend` and `nrecv` entries. MPI_IN_PLACE as the send buffer
// makes the send arrays insignificant.
struct Exchange {
  const void *sendbuf;
  const int *sendcounts, *sdispls;
  MPI_Datatype sendtype;
  const MPI_Datatype *sendtypes;
  void *recvbuf;
  const int *recvcounts, *rdispls;
  MPI_Datatype recvtype;
  const MPI_Datatype *recvtypes;
  int nsend, nrecv;
};

void ExchangeArrays(const Exchange &x, DisplArray *a) {
  a[0].name = "sdispls";
  if (x.sendbuf != MPI_IN_PLACE) {
    a[0].counts = x.sendcounts;
    a[0].displs = x.sdispls;
    a[0].n = x.nsend;
  }
  a[0].buf = x.sendbuf;
  a[0].type = x.sendtype;
  a[0].types = x.sendtypes;
  a[1].name = "rdispls";
  a[1].counts = x.recvcounts;
  a[1].displs = x.rdispls;
  a[1].n = x.nrecv;
  a[1].buf = x.recvbuf;
  a[1].type = x.recvtype;
  a[1].types = x.recvtypes;
}

// The neighbourhood sizes of a communicator with a topology.
void NeighborCounts(MPI_Comm comm, int *in, int *out) {
  int topo = MPI_UNDEFINED;
  *in = *out = 0;
  PMPI_Topo_test(comm, &topo);
  if (topo == MPI_DIST_GRAPH) {
    int weighted = 0;
    PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted);
  } else if (topo == MPI_GRAPH) {
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Graph_neighbors_count(comm, rank, in);
    *out = *in;
  } else if (topo == MPI_CART) {
    int ndims = 0;
    PMPI_Cartdim_get(comm, &ndims);
    *in = *out = 2 * ndims;
  }
}

// MPI_Neighbor_alltoallw takes MPI_Aint displacements already: D has
// nothing to find there.
enum class ExchangeKind { kAlltoallv, kAlltoallw, kNeighborV };

// Calls the program's collective (large == false) or its large-count form
// with the widened arrays.
int CallExchange(ExchangeKind kind, bool neighbor_allgather, Form form,
                 const Exchange &x, MPI_Comm comm, MPI_Info info,
                 MPI_Request *request, const Wide *w) {
  // Neighbor_allgatherv has one receive array and a plain send block.
  if (neighbor_allgather) {
    int sendcount = x.nsend;
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Neighbor_allgatherv(x.sendbuf, sendcount, x.sendtype,
                                             x.recvbuf, x.recvcounts, x.rdispls,
                                             x.recvtype, comm);
      case Form::kNonblocking:
        return below.MPI_Ineighbor_allgatherv(
            x.sendbuf, sendcount, x.sendtype, x.recvbuf, x.recvcounts,
            x.rdispls, x.recvtype, comm, request);
      default:
        return below.MPI_Neighbor_allgatherv_init(
            x.sendbuf, sendcount, x.sendtype, x.recvbuf, x.recvcounts,
            x.rdispls, x.recvtype, comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Neighbor_allgatherv_c(x.sendbuf, sendcount, x.sendtype,
                                             x.recvbuf, w[1].counts,
                                             w[1].displs, x.recvtype, comm);
    case Form::kNonblocking:
      return below.MPI_Ineighbor_allgatherv_c(
          x.sendbuf, sendcount, x.sendtype, x.recvbuf, w[1].counts, w[1].displs,
          x.recvtype, comm, request);
    default:
      return below.MPI_Neighbor_allgatherv_init_c(
          x.sendbuf, sendcount, x.sendtype, x.recvbuf, w[1].counts, w[1].displs,
          x.recvtype, comm, info, request);
    }
  }
  const MPI_Count *sc = w ? w[0].counts : nullptr;
  const MPI_Aint *sd = w ? w[0].displs : nullptr;
  const MPI_Count *rc = w ? w[1].counts : nullptr;
  const MPI_Aint *rd = w ? w[1].displs : nullptr;
  const MPI_Datatype st = x.sendtype, rt = x.recvtype;
  const MPI_Datatype *sts = x.sendtypes, *rts = x.recvtypes;
  switch (kind) {
  case ExchangeKind::kAlltoallv:
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Alltoallv(x.sendbuf, x.sendcounts, x.sdispls, st,
                                   x.recvbuf, x.recvcounts, x.rdispls, rt,
                                   comm);
      case Form::kNonblocking:
        return below.MPI_Ialltoallv(x.sendbuf, x.sendcounts, x.sdispls, st,
                                    x.recvbuf, x.recvcounts, x.rdispls, rt,
                                    comm, request);
      default:
        return below.MPI_Alltoallv_init(x.sendbuf, x.sendcounts, x.sdispls, st,
                                        x.recvbuf, x.recvcounts, x.rdispls, rt,
                                        comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Alltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf, rc, rd, rt,
                                   comm);
    case Form::kNonblocking:
      return below.MPI_Ialltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf, rc, rd,
                                    rt, comm, request);
    default:
      return below.MPI_Alltoallv_init_c(x.sendbuf, sc, sd, st, x.recvbuf, rc,
                                        rd, rt, comm, info, request);
    }
  case ExchangeKind::kAlltoallw:
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Alltoallw(x.sendbuf, x.sendcounts, x.sdispls, sts,
                                   x.recvbuf, x.recvcounts, x.rdispls, rts,
                                   comm);
      case Form::kNonblocking:
        return below.MPI_Ialltoallw(x.sendbuf, x.sendcounts, x.sdispls, sts,
                                    x.recvbuf, x.recvcounts, x.rdispls, rts,
                                    comm, request);
      default:
        return below.MPI_Alltoallw_init(x.sendbuf, x.sendcounts, x.sdispls, sts,
                                        x.recvbuf, x.recvcounts, x.rdispls, rts,
                                        comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Alltoallw_c(x.sendbuf, sc, sd, sts, x.recvbuf, rc, rd,
                                   rts, comm);
    case Form::kNonblocking:
      return below.MPI_Ialltoallw_c(x.sendbuf, sc, sd, sts, x.recvbuf, rc, rd,
                                    rts, comm, request);
    default:
      return below.MPI_Alltoallw_init_c(x.sendbuf, sc, sd, sts, x.recvbuf, rc,
                                        rd, rts, comm, info, request);
    }
  case ExchangeKind::kNeighborV:
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Neighbor_alltoallv(x.sendbuf, x.sendcounts, x.sdispls,
                                            st, x.recvbuf, x.recvcounts,
                                            x.rdispls, rt, comm);
      case Form::kNonblocking:
        return below.MPI_Ineighbor_alltoallv(x.sendbuf, x.sendcounts, x.sdispls,
                                             st, x.recvbuf, x.recvcounts,
                                             x.rdispls, rt, comm, request);
      default:
        return below.MPI_Neighbor_alltoallv_init(
            x.sendbuf, x.sendcounts, x.sdispls, st, x.recvbuf, x.recvcounts,
            x.rdispls, rt, comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Neighbor_alltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf,
                                            rc, rd, rt, comm);
    case Form::kNonblocking:
      return below.MPI_Ineighbor_alltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf,
                                             rc, rd, rt, comm, request);
    default:
      return below.MPI_Neighbor_alltoallv_init_c(
          x.sendbuf, sc, sd, st, x.recvbuf, rc, rd, rt, comm, info, request);
    }
  }
  return MPI_ERR_INTERN;
}

int GuardExchange(ExchangeKind kind, bool neighbor_allgather, Form form,
                  const char *name, const Exchange &given, MPI_Comm comm,
                  MPI_Info info, MPI_Request *request) {
  if (!Guardable(comm))
    return CallExchange(kind, neighbor_allgather, form, given, comm, info,
                        request, nullptr);
  Exchange x = given;
  if (kind == ExchangeKind::kAlltoallv || kind == ExchangeKind::kAlltoallw) {
    x.nsend = x.nrecv = CommSize(comm);
  } else {
    int in = 0, out = 0;
    NeighborCounts(comm, &in, &out);
    x.nsend = neighbor_allgather ? given.nsend : out;
    x.nrecv = in;
  }
  DisplArray a[2];
  ExchangeArrays(x, a);
  if (neighbor_allgather) {
    a[0] = DisplArray(); // a plain send block
    a[1].name = "displs";
  }
  Scan s[2];
  if (!NeedsLargeCount(form, comm, name, a, s, 2))
    return CallExchange(kind, neighbor_allgather, form, x, comm, info, request,
                        nullptr);
  ScratchVector<char> scratch[2];
  Wide w[2] = {Widen(a[0], s[0], form, &scratch[0]),
               Widen(a[1], s[1], form, &scratch[1])};
  return CallExchange(kind, neighbor_allgather, form, x, comm, info, request,
                      w);
}

Exchange V(const void *sendbuf, const int *sendcounts, const int *sdispls,
           MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
           const int *rdispls, MPI_Datatype recvtype) {
  return Exchange{sendbuf,    sendcounts, sdispls,  sendtype, nullptr, recvbuf,
                  recvcounts, rdispls,    recvtype, nullptr,  0,       0};
}
Exchange W(const void *sendbuf, const int *sendcounts, const int *sdispls,
           const MPI_Datatype *sendtypes, void *recvbuf, const int *recvcounts,
           const int *rdispls, const MPI_Datatype *recvtypes) {
  return Exchange{sendbuf,           sendcounts, sdispls,    MPI_DATATYPE_NULL,
                  sendtypes,         recvbuf,    recvcounts, rdispls,
                  MPI_DATATYPE_NULL, recvtypes,  0,          0};
}

#define MPISYNC_GUARD_ALLTOALLV(Fn, FormValue, Name, Extra, ExtraArgs)         \
  int Fn(const void *sendbuf, const int sendcounts[], const int sdispls[],     \
         MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],         \
         const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm Extra) {    \
    return GuardExchange(ExchangeKind::kAlltoallv, false, FormValue, Name,     \
                         V(sendbuf, sendcounts, sdispls, sendtype, recvbuf,    \
                           recvcounts, rdispls, recvtype),                     \
                         comm, ExtraArgs);                                     \
  }
#define MPISYNC_COMMA ,
MPISYNC_GUARD_ALLTOALLV(GuardAlltoallv, Form::kBlocking, "MPI_Alltoallv", ,
                        MPI_INFO_NULL MPISYNC_COMMA nullptr)
MPISYNC_GUARD_ALLTOALLV(GuardIalltoallv, Form::kNonblocking, "MPI_Ialltoallv",
                        MPISYNC_COMMA MPI_Request *request,
                        MPI_INFO_NULL MPISYNC_COMMA request)
MPISYNC_GUARD_ALLTOALLV(
    GuardAlltoallvInit, Form::kPersistent, "MPI_Alltoallv_init",
    MPISYNC_COMMA MPI_Info info MPISYNC_COMMA MPI_Request *request,
    info MPISYNC_COMMA request)

int NeighborAlltoallvAny(Form form, const char *name, const void *sendbuf,
                         const int sendcounts[], const int sdispls[],
                         MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int rdispls[],
                         MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                         MPI_Request *request) {
  return GuardExchange(ExchangeKind::kNeighborV, false, form, name,
                       V(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                         recvcounts, rdispls, recvtype),
                       comm, info, request);
}
int GuardNeighborAlltoallv(const void *sendbuf, const int sendcounts[],
                           const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm) {
  return NeighborAlltoallvAny(Form::kBlocking, "MPI_Neighbor_alltoallv",
                              sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                              recvcounts, rdispls, recvtype, comm,
                              MPI_INFO_NULL, nullptr);
}
int GuardIneighborAlltoallv(const void *sendbuf, const int sendcounts[],
                            const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request *request) {
  return NeighborAlltoallvAny(Form::kNonblocking, "MPI_Ineighbor_alltoallv",
                              sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                              recvcounts, rdispls, recvtype, comm,
                              MPI_INFO_NULL, request);
}
int GuardNeighborAlltoallvInit(const void *sendbuf, const int sendcounts[],
                               const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[],
                               const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Info info,
                               MPI_Request *request) {
  return NeighborAlltoallvAny(Form::kPersistent, "MPI_Neighbor_alltoallv_init",
                              sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                              recvcounts, rdispls, recvtype, comm, info,
                              request);
}

int AlltoallwAny(Form form, const char *name, const void *sendbuf,
                 const int sendcounts[], const int sdispls[],
                 const MPI_Datatype sendtypes[], void *recvbuf,
                 const int recvcounts[], const int rdispls[],
                 const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                 MPI_Request *request) {
  return GuardExchange(ExchangeKind::kAlltoallw, false, form, name,
                       W(sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                         recvcounts, rdispls, recvtypes),
                       comm, info, request);
}
int GuardAlltoallw(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[], const int rdispls[],
                   const MPI_Datatype recvtypes[], MPI_Comm comm) {
  return AlltoallwAny(Form::kBlocking, "MPI_Alltoallw", sendbuf, sendcounts,
                      sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                      recvtypes, comm, MPI_INFO_NULL, nullptr);
}
int GuardIalltoallw(const void *sendbuf, const int sendcounts[],
                    const int sdispls[], const MPI_Datatype sendtypes[],
                    void *recvbuf, const int recvcounts[], const int rdispls[],
                    const MPI_Datatype recvtypes[], MPI_Comm comm,
                    MPI_Request *request) {
  return AlltoallwAny(Form::kNonblocking, "MPI_Ialltoallw", sendbuf, sendcounts,
                      sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                      recvtypes, comm, MPI_INFO_NULL, request);
}
int GuardAlltoallwInit(const void *sendbuf, const int sendcounts[],
                       const int sdispls[], const MPI_Datatype sendtypes[],
                       void *recvbuf, const int recvcounts[],
                       const int rdispls[], const MPI_Datatype recvtypes[],
                       MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  return AlltoallwAny(Form::kPersistent, "MPI_Alltoallw_init", sendbuf,
                      sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                      rdispls, recvtypes, comm, info, request);
}

int NeighborAllgathervAny(Form form, const char *name, const void *sendbuf,
                          int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                          MPI_Request *request) {
  Exchange x = V(sendbuf, nullptr, nullptr, sendtype, recvbuf, recvcounts,
                 displs, recvtype);
  x.nsend = sendcount;
  return GuardExchange(ExchangeKind::kNeighborV, true, form, name, x, comm,
                       info, request);
}
int GuardNeighborAllgatherv(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm) {
  return NeighborAllgathervAny(
      Form::kBlocking, "MPI_Neighbor_allgatherv", sendbuf, sendcount, sendtype,
      recvbuf, recvcounts, displs, recvtype, comm, MPI_INFO_NULL, nullptr);
}
int GuardIneighborAllgatherv(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request) {
  return NeighborAllgathervAny(Form::kNonblocking, "MPI_Ineighbor_allgatherv",
                               sendbuf, sendcount, sendtype, recvbuf,
                               recvcounts, displs, recvtype, comm,
                               MPI_INFO_NULL, request);
}
int GuardNeighborAllgathervInit(const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[],
                                MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, MPI_Request *request) {
  return NeighborAllgathervAny(
      Form::kPersistent, "MPI_Neighbor_allgatherv_init", sendbuf, sendcount,
      sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

} // namespace

void InstallExchange(MpiNext *next) {
  next->MPI_Allgatherv = GuardAllgatherv;
  next->MPI_Iallgatherv = GuardIallgatherv;
  next->MPI_Allgatherv_init = GuardAllgathervInit;
  next->MPI_Alltoallv = GuardAlltoallv;
  next->MPI_Ialltoallv = GuardIalltoallv;
  next->MPI_Alltoallv_init = GuardAlltoallvInit;
  next->MPI_Alltoallw = GuardAlltoallw;
  next->MPI_Ialltoallw = GuardIalltoallw;
  next->MPI_Alltoallw_init = GuardAlltoallwInit;
  next->MPI_Neighbor_allgatherv = GuardNeighborAllgatherv;
  next->MPI_Ineighbor_allgatherv = GuardIneighborAllgatherv;
  next->MPI_Neighbor_allgatherv_init = GuardNeighborAllgathervInit;
  next->MPI_Neighbor_alltoallv = GuardNeighborAlltoallv;
  next->MPI_Ineighbor_alltoallv = GuardIneighborAlltoallv;
  next->MPI_Neighbor_alltoallv_init = GuardNeighborAlltoallvInit;
}

} // namespace scaling
} // namespace mpisync
