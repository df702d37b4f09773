// The cloning layer's row in kLayers (mpisync_layers.cpp).
#ifndef MPISYNC_CLONE_LAYER_H
#define MPISYNC_CLONE_LAYER_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

bool CloningEnabled();
void InstallCloningLayer(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_LAYER_H
