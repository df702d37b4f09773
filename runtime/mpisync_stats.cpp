// Run-time statistics, printed per rank at exit.
#include "mpisync_stats.h"

#include "amplify/amplify.h"

#include "mpisync_pending.h"
#include "mpisync_report.h"
#include "mpisync_report_desc.h"
#include "mpisync_rma_records.h"
#include "mpisync_sampling.h"
#include "mpisync_send_status.h"
#include "mpisync_wait_yield.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_interface_internal.h"
#include "scaling_guard/guard_layer.h"

using namespace __sanitizer;

namespace mpisync {

bool stats_enabled;
atomic_uint64_t stat_counters[kNumStatLevels];

void PrintStats() {
  // A JSON log holds one JSON object per line, for tools; the statistics
  // are lines for people, so they go to stderr instead. This runs at exit,
  // after every report of the run.
  if (JsonReports())
    __sanitizer_set_report_path("stderr");
  static const char *const kNames[kNumStatLevels] = {
      "checks reaching the runtime", "  with something pending (ER)",
      "  of a pending access type (AT)", "  inside the pending interval (MR)",
      "  on a marked shadow granule", "  conflicting (reported or duplicate)"};
  InternalScopedString out;
  out.AppendF("MPISync statistics for rank %d:\n", WorldRank());
  for (int i = 0; i < kNumStatLevels; i++)
    out.AppendF("  %-40s %llu\n", kNames[i],
                (unsigned long long)atomic_load(&stat_counters[i],
                                                memory_order_relaxed));
  Printf("%s", out.data());
  PrintSamplingStats();
  PrintSendStatusStats();
  PrintRmaContinuationStats();
  PrintRmaRecordStats();
  PrintYieldingWaitStats();
  PrintScalingGuardStats();
  if (amplify::Active())
    amplify::PrintStats();
}

} // namespace mpisync
