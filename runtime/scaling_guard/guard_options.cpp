// The scaling guard's options (guard_options.h).
#include "guard_options.h"

#include "../mpisync_flags.h"
#include "guard_bounds.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

struct StrategyRow {
  const char *option; // the value of scaling_strategy
  const char *name;   // in reports
  Strategy strategy;
};

const StrategyRow kStrategies[] = {
    {"auto", "auto", Strategy::kAuto},
    {"split", "split (W1-A)", Strategy::kSplit},
    {"rounds", "rounds (W1-B)", Strategy::kRounds},
    {"bigtype", "bigtype (W2)", Strategy::kBigtype},
    {"large_count", "large_count", Strategy::kLargeCount},
    {"none", "none", Strategy::kNone},
};

Strategy requested = Strategy::kAuto;

} // namespace

const char *StrategyName(Strategy strategy) {
  for (const StrategyRow &row : kStrategies)
    if (row.strategy == strategy)
      return row.name;
  return "?";
}

Strategy RequestedStrategy() { return requested; }

void LoadOptions() {
  const char *value = flags()->scaling_strategy;
  bool known = false;
  for (const StrategyRow &row : kStrategies)
    if (value && !internal_strcmp(value, row.option)) {
      requested = row.strategy;
      known = true;
    }
  if (!known) {
    Printf("==%d==ERROR: MPISync: invalid value '%s' for option "
           "'scaling_strategy' (expected auto, split, rounds, bigtype, "
           "large_count or none) in MPISYNC_OPTIONS\n",
           (int)internal_getpid(), value ? value : "");
    internal__exit(1);
  }
  const char *bounds = flags()->scaling_bounds;
  if (bounds && *bounds)
    LoadBounds(bounds);
}

} // namespace scaling
} // namespace mpisync
