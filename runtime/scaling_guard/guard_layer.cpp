// Installation of the scaling guard's layer (guard_layer.h).
#include "guard_layer.h"
#include "mpisync_alloc.h"

#include "../mpisync_flags.h"
#include "guard_bounds.h"
#include "guard_internal.h"
#include "guard_irregular.h"
#include "guard_options.h"
#include "guard_regular.h"
#include "guard_report.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

namespace mpisync {

namespace scaling {

MpiNext below;

void *RetainedAlloc(uptr size) { return RuntimeAlloc(size); }

} // namespace scaling

bool ScalingGuardEnabled() { return flags()->scaling_guard; }

void InstallScalingGuard(MpiNext *next) {
  scaling::LoadOptions();
  scaling::CheckBoundCollectives(scaling::IsRegularEntry);
  // internal_memcpy: a plain struct copy would call libc memcpy.
  __sanitizer::internal_memcpy(&scaling::below, next, sizeof(MpiNext));
  // Detector D watches every irregular collective; G and X only those the
  // bounds file names.
  scaling::InstallIrregular(next);
  scaling::InstallRegular(next);
}

void PrintScalingGuardStats() {
  if (ScalingGuardEnabled())
    scaling::PrintGuardStats();
}

} // namespace mpisync
