// Detectors G and X on the regular collectives and their avoidance
// (guard_regular.cpp): the layer's entries for the collectives the bounds
// file names.
#ifndef MPISYNC_GUARD_REGULAR_H
#define MPISYNC_GUARD_REGULAR_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace scaling {

// Points the entries of `next` of every collective with a bound at the
// guard; collectives without one keep calling MPI directly.
void InstallRegular(MpiNext *next);

// Whether `name` is an entry point G and X can guard (MPI_Gather, ...).
bool IsRegularEntry(const char *name);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_REGULAR_H
