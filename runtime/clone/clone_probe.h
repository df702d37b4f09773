// The cloning layer's probes (clone_probe.cpp).
#ifndef MPISYNC_CLONE_PROBE_H
#define MPISYNC_CLONE_PROBE_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

void InstallProbeEntries(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_PROBE_H
