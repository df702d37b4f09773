// A clone's communicator table (clone_comm_table.h).
#include "clone/clone_comm_table.h"
#include "mpisync_alloc.h"

#include "clone/clone_state.h"
#include "mpisync_comm_info.h"
#include "mpisync_mpi_family.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

DenseMap<MPI_Comm, CommFacts> *table;

DenseMap<MPI_Comm, CommFacts> &Table() {
  if (!table)
    table = new (RuntimeAlloc(sizeof(*table))) DenseMap<MPI_Comm, CommFacts>();
  return *table;
}

// The facts of `comm` on this clone, or null.
const CommFacts *Find(MPI_Comm comm) {
  static CommFacts world, self;
  if (comm == MPI_COMM_WORLD) {
    world = {MPI_COMM_WORLD, family.app_rank, family.app_size, 0, 0};
    return &world;
  }
  if (comm == MPI_COMM_SELF) {
    self = {MPI_COMM_SELF, 0, 1, 0, 0};
    return &self;
  }
  auto *found = Table().find(comm);
  return found ? &found->second : nullptr;
}

int Rank(MPI_Comm comm, int *rank) {
  const CommFacts *f = Find(comm);
  if (!f)
    return MPI_ERR_COMM;
  *rank = f->rank;
  return MPI_SUCCESS;
}

int Size(MPI_Comm comm, int *size) {
  const CommFacts *f = Find(comm);
  if (!f)
    return MPI_ERR_COMM;
  *size = f->size;
  return MPI_SUCCESS;
}

int RemoteSize(MPI_Comm comm, int *size) {
  const CommFacts *f = Find(comm);
  if (!f)
    return MPI_ERR_COMM;
  *size = f->remote_size;
  return MPI_SUCCESS;
}

int TestInter(MPI_Comm comm, int *flag) {
  const CommFacts *f = Find(comm);
  if (!f)
    return MPI_ERR_COMM;
  *flag = f->inter;
  return MPI_SUCCESS;
}

// Topologies are not mirrored (neighbourhood collectives are refused).
int TopoTest(MPI_Comm comm, int *topo) {
  *topo = MPI_UNDEFINED;
  return Find(comm) ? MPI_SUCCESS : MPI_ERR_COMM;
}

const CommInfoSource kCloneSource = {Rank, Size, RemoteSize, TestInter,
                                     TopoTest};

} // namespace

CommFacts FactsOf(MPI_Comm comm) {
  CommFacts f = {comm, MPI_UNDEFINED, 0, 0, 0};
  if (comm == MPI_COMM_NULL)
    return f;
  PMPI_Comm_rank(comm, &f.rank);
  PMPI_Comm_size(comm, &f.size);
  PMPI_Comm_test_inter(comm, &f.inter);
  if (f.inter)
    PMPI_Comm_remote_size(comm, &f.remote_size);
  return f;
}

void RememberComm(const CommFacts &facts) {
  if (facts.handle != MPI_COMM_NULL)
    Table()[facts.handle] = facts;
}

void ForgetComm(MPI_Comm comm) { Table().erase(comm); }

void UseCommTableForQueries() {
  SetCommInfoSource(&kCloneSource);
  stand_in_handles = true;
}

} // namespace clone
} // namespace mpisync
