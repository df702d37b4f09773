// Installation of the run-time modes' layers (mpisync_layers.h).
#include "mpisync_layers.h"

#include "amplify/amplify.h"

#include "clone/clone_layer.h"
#include "sanitizer_common/sanitizer_common.h"
#include "scaling_guard/guard_layer.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Bottom (closest to MPI) first. A mode adds its row here and nowhere else
// in the dispatch: amplify reorders what reaches MPI, so it sits lowest;
// the scaling guard rewrites collectives above it; cloning, which decides
// whether a call reaches MPI at all, sits on top.
const ModeLayer kLayers[] = {
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
