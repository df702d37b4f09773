// Communicator queries of the runtime (mpisync_comm_info.h).
#include "mpisync_comm_info.h"

namespace mpisync {

MPI_Comm app_world = MPI_COMM_WORLD;
bool stand_in_handles;

namespace {
const CommInfoSource *info_source;
} // namespace

void SetCommInfoSource(const CommInfoSource *source) { info_source = source; }

int CommRank(MPI_Comm comm, int *rank) {
  return info_source ? info_source->rank(comm, rank)
                     : PMPI_Comm_rank(comm, rank);
}

int CommSize(MPI_Comm comm, int *size) {
  return info_source ? info_source->size(comm, size)
                     : PMPI_Comm_size(comm, size);
}

int CommRemoteSize(MPI_Comm comm, int *size) {
  return info_source ? info_source->remote_size(comm, size)
                     : PMPI_Comm_remote_size(comm, size);
}

int CommTestInter(MPI_Comm comm, int *flag) {
  return info_source ? info_source->test_inter(comm, flag)
                     : PMPI_Comm_test_inter(comm, flag);
}

int CommTopoTest(MPI_Comm comm, int *topo) {
  return info_source ? info_source->topo_test(comm, topo)
                     : PMPI_Topo_test(comm, topo);
}

} // namespace mpisync
