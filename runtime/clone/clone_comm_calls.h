// The cloning layer's communicator calls (clone_comm_calls.cpp).
#ifndef MPISYNC_CLONE_COMM_CALLS_H
#define MPISYNC_CLONE_COMM_CALLS_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

void InstallCommEntries(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_COMM_CALLS_H
