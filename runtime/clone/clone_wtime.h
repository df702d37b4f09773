// The cloning layer's clock (clone_wtime.cpp).
#ifndef MPISYNC_CLONE_WTIME_H
#define MPISYNC_CLONE_WTIME_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

void InstallWtimeEntry(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_WTIME_H
