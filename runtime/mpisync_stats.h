// Run-time statistics (MPISYNC_OPTIONS=stats=1): per rank, how many checked
// accesses each filter level let through, as in SyncChecker's "profiled
// memory accesses" figure. Build with every fast-path level off
// (-mllvm -mpisync-inline-pending=0) to count every access at the first level.
#ifndef MPISYNC_STATS_H
#define MPISYNC_STATS_H

#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

enum StatLevel {
  kStatReachedRuntime, // checks that called into the runtime
  kStatPending,        // ... while something was pending (ER)
  kStatAccessType,     // ... of the access's type (AT)
  kStatInRange,        // ... inside the interval of pending regions (MR)
  kStatShadow,         // ... on a granule whose shadow is set
  kStatConflict,       // ... that broke a pending buffer's rule
  kNumStatLevels
};

extern bool stats_enabled;
extern __sanitizer::atomic_uint64_t stat_counters[kNumStatLevels];

inline void CountStat(StatLevel level) {
  if (UNLIKELY(stats_enabled))
    __sanitizer::atomic_fetch_add(&stat_counters[level], 1,
                                  __sanitizer::memory_order_relaxed);
}

// Prints the statistics to the log (to stderr under log_format=json, whose
// log holds only JSON objects).
void PrintStats();

} // namespace mpisync

#endif // MPISYNC_STATS_H
