// The scaling guard's options (scaling_* in mpisync_flags.inc), checked
// once at start-up, and its strategies.
#ifndef MPISYNC_GUARD_OPTIONS_H
#define MPISYNC_GUARD_OPTIONS_H

namespace mpisync {
namespace scaling {

// The avoidance strategies of Li et al., Table X, plus MPI-4's large-count
// calls. kAuto picks per problem (docs/scaling-guard.md).
enum class Strategy { kAuto, kSplit, kRounds, kBigtype, kLargeCount, kNone };

// "split (W1-A)", "rounds (W1-B)", ...
const char *StrategyName(Strategy strategy);

// What scaling_strategy asks for. A bad value stops the program at
// start-up with one line naming it.
Strategy RequestedStrategy();

// Reads the options and the bounds file; called when the layer installs.
void LoadOptions();

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_OPTIONS_H
