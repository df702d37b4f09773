// Detector D on the irregular collectives and its avoidance
// (guard_irregular.cpp): the layer's entries for the v and w forms.
#ifndef MPISYNC_GUARD_IRREGULAR_H
#define MPISYNC_GUARD_IRREGULAR_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace scaling {

// Points the irregular collectives' entries of `next` at the guard.
void InstallIrregular(MpiNext *next);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_IRREGULAR_H
