// The cloning layer's Cartesian topology calls (clone_topology_calls.cpp).
#ifndef MPISYNC_CLONE_TOPOLOGY_CALLS_H
#define MPISYNC_CLONE_TOPOLOGY_CALLS_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

void InstallTopologyEntries(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_TOPOLOGY_CALLS_H
