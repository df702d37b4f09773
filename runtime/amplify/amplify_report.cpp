// What amplify adds to reports (the "amplified:" line and the JSON field
// "amplified"), and its statistics (stats=1).
#include "amplify.h"
#include "amplify_internal.h"

#include "mpisync_report_json.h"
#include "mpisync_report.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

atomic_uint64_t counters[kNumStats];

// What each stage did, for the report line.
const struct {
  const char *stage, *what;
} kStages[] = {
    {"poison", "the receive buffer holds the poison pattern until the call "
               "that completes the receive"},
    {"late-send", "the send is issued only when the rank next blocks or "
                  "completes it: the data sent is what the buffer holds then"},
    {"completion", "the RMA operation is issued only at the synchronization "
                   "that must complete it; a Get's result holds the poison "
                   "pattern until then"},
    {"ordering", "the RMA operations of this epoch are issued at its "
                 "synchronization, in the order amplify_order asks for"},
};

const char *Explanation(const char *stage) {
  for (const auto &s : kStages)
    if (internal_strcmp(s.stage, stage) == 0)
      return s.what;
  return "";
}

} // namespace

void Count(Stat stat, u64 n) {
  atomic_fetch_add(&counters[stat], n, memory_order_relaxed);
}

const char *ForcedStage(ErrorKind kind) {
  if (!Active())
    return nullptr;
  switch (kind) {
  case ErrorKind::kSendBufferWrite:
    return "late-send";
  case ErrorKind::kRecvBufferAccess:
    return "poison";
  case ErrorKind::kRmaOriginBufferWrite:
  case ErrorKind::kRmaResultBufferAccess:
    return "completion";
  case ErrorKind::kRmaLocalConflict:
  case ErrorKind::kRmaRemoteConflict:
    return options.order == Order::kProgram ? "completion" : "ordering";
  default:
    return nullptr;
  }
}

void AppendAmplified(ErrorKind kind, InternalScopedString *out,
                     ReportRecord *rec) {
  const char *stage = ForcedStage(kind);
  if (!stage)
    return;
  out->AppendF("amplified: %s (%s)\n", stage, Explanation(stage));
  rec->amplified = stage;
}

void PrintStats() {
  static const char *const kNames[kNumStats] = {
      "sends held", "collectives held", "persistent starts held",
      "buffers poisoned", "RMA operations held",
      "RMA origins copied (local completion)", "RMA operations split",
      "pieces issued for split operations",
      "RMA operations not splittable (layout)", "RMA batches reordered",
      "RMA operations in reordered batches", "flushes added to force order",
      "RMA operations issued at an epoch end",
      "RMA operations never synchronized (issued at MPI_Win_free)"};
  InternalScopedString out;
  out.AppendF("MPISync amplify statistics (order=%s, seed=%llu):\n",
              OrderName(options.order), (unsigned long long)options.seed);
  for (int i = 0; i < kNumStats; i++)
    out.AppendF("  %-58s %llu\n", kNames[i],
                (unsigned long long)atomic_load(&counters[i],
                                                memory_order_relaxed));
  Printf("%s", out.data());
}

} // namespace amplify
} // namespace mpisync
