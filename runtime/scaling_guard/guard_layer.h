// The scaling guard as a mode layer (mpisync_layers.h): between the
// wrappers and MPI, it checks collectives for the scaling problems of Li et
// al. and rewrites the calls that have one. docs/scaling-guard.md.
#ifndef MPISYNC_GUARD_LAYER_H
#define MPISYNC_GUARD_LAYER_H

#include "mpisync_mpi_next.h"

namespace mpisync {

// MPISYNC_OPTIONS=scaling_guard=1.
bool ScalingGuardEnabled();
// Replaces the entries of `next` the guard watches; keeps the MPI below.
void InstallScalingGuard(MpiNext *next);
// stats=1: the guard's counts, when it is on.
void PrintScalingGuardStats();

} // namespace mpisync

#endif // MPISYNC_GUARD_LAYER_H
