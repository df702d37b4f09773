// Detector D on the irregular collectives and its avoidance: the layer's
// entries for the v and w forms (guard_rooted_v.cpp: Gatherv, Scatterv;
// guard_exchange.cpp: the others; guard_scan.*: what they share).
#ifndef MPISYNC_GUARD_IRREGULAR_H
#define MPISYNC_GUARD_IRREGULAR_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace scaling {

// Points the irregular collectives' entries of `next` at the guard.
void InstallIrregular(MpiNext *next);
void InstallRootedV(MpiNext *next);
void InstallExchange(MpiNext *next);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_IRREGULAR_H
