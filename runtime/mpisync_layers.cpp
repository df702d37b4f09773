// Installation of the run-time modes' layers (mpisync_layers.h).
#include "mpisync_layers.h"

#include "amplify/amplify.h"

#include "clone/clone_layer.h"
#include "mpisync_wait_yield.h"
#include "sanitizer_common/sanitizer_common.h"
#include "scaling_guard/guard_layer.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Bottom (closest to MPI) first. A mode adds its row here and nowhere else
// in the dispatch. The yielding waits (not a mode: a way of waiting, on by
// default) turn each wait into the polls that reach MPI, so they sit
// lowest, below every layer that keeps requests of its own; amplify
// reorders what reaches MPI; the scaling guard rewrites collectives above
// it; cloning, which decides whether a call reaches MPI at all, sits on top.
const ModeLayer kLayers[] = {
    {"yield_in_waits", YieldingWaitsEnabled, InstallYieldingWaits},
    {"amplify", amplify::Enabled, amplify::Install},
    {"scaling_guard", ScalingGuardEnabled, InstallScalingGuard},
    {"clones", clone::CloningEnabled, clone::InstallCloningLayer},
    {nullptr, nullptr, nullptr}, // end of the list
};

bool any_layer;

} // namespace

void InstallModeLayers() {
  for (const ModeLayer *layer_row = kLayers; layer_row->name; layer_row++) {
    const ModeLayer &layer = *layer_row;
    if (!layer.enabled())
      continue;
    layer.install(&mpi_next);
    any_layer = true;
    VReport(1, "MPISync: %s layer installed\n", layer.name);
  }
}

bool AnyModeLayer() { return any_layer; }

} // namespace mpisync
