// What amplify adds to reports (the "amplified:" line and the JSON field
// "amplified"), and its statistics (stats=1).
#include "amplify.h"
#include "amplify_coll.h"
#include "amplify_internal.h"

#include "mpisync_pending.h"
#include "mpisync_report.h"
#include "mpisync_report_desc.h"
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

// The point-to-point calls whose buffers the stages act on (the _c forms
// too); the collectives are kAmplifiedCollectives (amplify_coll.h).
const char *const kPoisoned[] = {"MPI_Irecv", "MPI_Imrecv", "MPI_Recv_init",
                                 nullptr};
const char *const kSentLate[] = {
    "MPI_Isend",      "MPI_Ibsend",     "MPI_Issend",
    "MPI_Irsend",     "MPI_Send_init",  "MPI_Bsend_init",
    "MPI_Ssend_init", "MPI_Rsend_init", nullptr};

bool CallIn(const char *call, const char *const *list) {
  if (!call)
    return false;
  uptr n = internal_strlen(call);
  if (n > 2 && call[n - 2] == '_' && call[n - 1] == 'c')
    n -= 2;
  for (; *list; list++)
    if (internal_strlen(*list) == n && internal_strncmp(*list, call, n) == 0)
      return true;
  return false;
}

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

void AnnotateReport(ReportDesc *desc) {
  ErrorKind kind = desc->kind;
  const char *stage = ForcedStage(kind);
  if (!stage)
    return;
  // Point-to-point and collective buffers: only the calls amplify holds or
  // bounces.
  const char *call = desc->has_buffer ? desc->buffer.op->call : nullptr;
  bool collective = CallIn(call, kAmplifiedCollectives);
  if (kind == ErrorKind::kRecvBufferAccess && !collective &&
      !CallIn(call, kPoisoned))
    return;
  if (kind == ErrorKind::kSendBufferWrite && !collective &&
      !CallIn(call, kSentLate))
    return;
  desc->amplified = stage;
  desc->amplified_why = Explanation(stage);
}

void PrintStats() {
  static const char *const kNames[kNumStats] = {
      "sends held",
      "collectives held",
      "persistent starts held",
      "buffers poisoned",
      "RMA operations held",
      "RMA origins copied (local completion)",
      "RMA operations split",
      "pieces issued for split operations",
      "RMA operations not splittable (layout)",
      "RMA batches reordered",
      "RMA operations in reordered batches",
      "flushes added to force order",
      "RMA operations issued at an epoch end",
      "RMA operations never synchronized (issued at MPI_Win_free)"};
  InternalScopedString out;
  out.AppendF("MPISync amplify statistics (order=%s, seed=%llu):\n",
              OrderName(options.order), (unsigned long long)options.seed);
  for (int i = 0; i < kNumStats; i++)
    out.AppendF(
        "  %-58s %llu\n", kNames[i],
        (unsigned long long)atomic_load(&counters[i], memory_order_relaxed));
  Printf("%s", out.data());
}

} // namespace amplify
} // namespace mpisync
