// Run-time modes that change what reaches MPI (amplify, scaling guard,
// cloning), and the yielding waits of MPI_THREAD_MULTIPLE
// (mpisync_wait_yield.h), are layers between the generated wrappers and
// PMPI. The wrappers
// run the detector's hooks and then call `mpi_next` (mpisync_mpi_next.h,
// generated from include/mpisync/mpi_calls.tbl), which is PMPI until a mode
// layer replaces some of its entries. A layer keeps the entries it replaced
// and calls them to reach the MPI below, so layers stack: the detector
// always sees the program's own calls, and MPI sees what the layers make
// of them.
//
// Layers are installed once, at start-up, after the options are read and
// before any MPI call, bottom first. With no mode on (and yield_in_waits=0)
// nothing is installed: every wrapper calls PMPI through one indirect call
// and nothing else runs; with the default yield_in_waits=1 the four waits
// make one more call, which reaches PMPI's wait unless the thread level is
// MPI_THREAD_MULTIPLE.
//
// The runtime's own traffic (RMA record exchange, clocks) calls PMPI_*
// directly and never goes through a layer.
#ifndef MPISYNC_LAYERS_H
#define MPISYNC_LAYERS_H

#include "mpisync_mpi_next.h"

namespace mpisync {

// One mode's layer: Install saves the entries of `next` it replaces (the
// MPI below it) and points them at its own functions.
struct ModeLayer {
  const char *name;  // the MPISYNC_OPTIONS switch, for messages
  bool (*enabled)(); // whether the options turn it on
  void (*install)(MpiNext *next);
};

// Installs the enabled layers, bottom (closest to MPI) first.
void InstallModeLayers();

// True once any layer is installed.
bool AnyModeLayer();

} // namespace mpisync

#endif // MPISYNC_LAYERS_H
