// Cartesian topologies under cloning: the parent creates and queries, the
// clones get the new communicator as in clone_comm_calls.cpp and the
// queries' answers (coordinates, neighbours, ranks) in one broadcast each.
// Graph topologies and neighbourhood collectives are refused.
#include "clone/clone_topology_calls.h"

#include "clone/clone_comm_table.h"
#include "clone/clone_mirror.h"
#include "clone/clone_state.h"

namespace mpisync {
namespace clone {

namespace {

// The parent runs the query; its answers (the pieces of `m`) reach the
// clones.
template <typename Run>
int ParentAnswers(const char *call, Mirror *m, Run run) {
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = run(), call);
  m->Run();
  return rc;
}

template <typename Run>
int ParentCreates(const char *call, MPI_Comm *newcomm, Run run) {
  CommFacts facts = {MPI_COMM_NULL, 0, 0, 0, 0};
  int rc = MPI_SUCCESS;
  if (!IsClone()) {
    CheckRc(rc = run(), call);
    facts = FactsOf(*newcomm);
  }
  Mirror m(call);
  m.AddBytes(&facts, sizeof(facts));
  m.Run();
  if (IsClone()) {
    RememberComm(facts);
    *newcomm = facts.handle;
  }
  return rc;
}

int CartCreate(MPI_Comm comm, int ndims, const int dims[], const int periods[],
               int reorder, MPI_Comm *cart) {
  return ParentCreates("MPI_Cart_create", cart, [&] {
    return below.MPI_Cart_create(comm, ndims, dims, periods, reorder, cart);
  });
}

int CartSub(MPI_Comm comm, const int remain[], MPI_Comm *newcomm) {
  return ParentCreates("MPI_Cart_sub", newcomm, [&] {
    return below.MPI_Cart_sub(comm, remain, newcomm);
  });
}

int CartCoords(MPI_Comm comm, int rank, int maxdims, int coords[]) {
  Mirror m("MPI_Cart_coords");
  m.Add(coords, maxdims, MPI_INT);
  return ParentAnswers("MPI_Cart_coords", &m, [&] {
    return below.MPI_Cart_coords(comm, rank, maxdims, coords);
  });
}

int CartShift(MPI_Comm comm, int direction, int disp, int *source, int *dest) {
  Mirror m("MPI_Cart_shift");
  m.Add(source, 1, MPI_INT);
  m.Add(dest, 1, MPI_INT);
  return ParentAnswers("MPI_Cart_shift", &m, [&] {
    return below.MPI_Cart_shift(comm, direction, disp, source, dest);
  });
}

int CartRank(MPI_Comm comm, const int coords[], int *rank) {
  Mirror m("MPI_Cart_rank");
  m.Add(rank, 1, MPI_INT);
  return ParentAnswers("MPI_Cart_rank", &m,
                       [&] { return below.MPI_Cart_rank(comm, coords, rank); });
}

int CartGet(MPI_Comm comm, int maxdims, int dims[], int periods[],
            int coords[]) {
  Mirror m("MPI_Cart_get");
  m.Add(dims, maxdims, MPI_INT);
  m.Add(periods, maxdims, MPI_INT);
  m.Add(coords, maxdims, MPI_INT);
  return ParentAnswers("MPI_Cart_get", &m, [&] {
    return below.MPI_Cart_get(comm, maxdims, dims, periods, coords);
  });
}

int CartdimGet(MPI_Comm comm, int *ndims) {
  Mirror m("MPI_Cartdim_get");
  m.Add(ndims, 1, MPI_INT);
  return ParentAnswers("MPI_Cartdim_get", &m,
                       [&] { return below.MPI_Cartdim_get(comm, ndims); });
}

int TopoTest(MPI_Comm comm, int *status) {
  Mirror m("MPI_Topo_test");
  m.Add(status, 1, MPI_INT);
  return ParentAnswers("MPI_Topo_test", &m,
                       [&] { return below.MPI_Topo_test(comm, status); });
}

} // namespace

void InstallTopologyEntries(MpiNext *next) {
  next->MPI_Cart_create = CartCreate;
  next->MPI_Cart_sub = CartSub;
  next->MPI_Cart_coords = CartCoords;
  next->MPI_Cart_shift = CartShift;
  next->MPI_Cart_rank = CartRank;
  next->MPI_Cart_get = CartGet;
  next->MPI_Cartdim_get = CartdimGet;
  next->MPI_Topo_test = TopoTest;
}

} // namespace clone
} // namespace mpisync
