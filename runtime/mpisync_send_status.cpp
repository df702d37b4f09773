// The send status query: at the start, or at the first write that needs
// the verdict (mpisync_send_status.h).
#include "mpisync_send_status.h"

#include "mpisync_comm_info.h"
#include "mpisync_copy_log.h"
#include "mpisync_sampling.h"
#include "mpisync_stats.h"
#include "mpisync_thread_level.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

bool HasSendData(const PendingOp &op) {
  for (uptr b = 0; b < op.num_buffers; b++)
    if (!LibraryWrites(op.buffers[b].role))
      return true;
  return false;
}

atomic_uint64_t asked_at_start, asked_at_write; // stats=1

void Count(atomic_uint64_t *counter) {
  if (UNLIKELY(stats_enabled))
    atomic_fetch_add(counter, 1, memory_order_relaxed);
}

bool RequestComplete(MPI_Request request) {
  int flag = 0;
  return PMPI_Request_get_status(request, &flag, MPI_STATUS_IGNORE) ==
             MPI_SUCCESS &&
         flag;
}

// A write [p, p + size) asks about this many sends at most (a buffer many
// pending sends share: one report names them anyway).
constexpr uptr kMaxAsked = 8;

} // namespace

bool SendCompleteInLibrary(const PendingOp *op, MPI_Request request) {
  if (request == MPI_REQUEST_NULL || stand_in_handles || !HasSendData(*op))
    return false;
  Count(&asked_at_start);
  return RequestComplete(request);
}

bool SendStatusCanWait() { return !SamplingOn() && SingleThreadedMpi(); }

void AskSendsBrokenBy(uptr p, uptr size) {
  if (stand_in_handles || !OnlyThreadCallingMpi())
    return;
  MPI_Request asked[kMaxAsked];
  uptr n = 0;
  {
    StateLock lock(&StateMutex());
    ForEachOverlap(
        p, p + size,
        [&](PendingOp *op, PendingBuffer &buf, uptr, uptr, MPI_Count) {
          RuleVerdict verdict = RuleFor(buf.role, BufferAccess::kStore).verdict;
          if (verdict != RuleVerdict::kDataConsumed || op->rma ||
              op->untracked || op->freed_while_active ||
              op->send_status_asked || op->state != OpState::kActive ||
              op->request == MPI_REQUEST_NULL || n == kMaxAsked)
            return;
          op->send_status_asked = true;
          ApplyLoggedCopies(op);
          if (!op->send_data_consumed)
            asked[n++] = op->request;
        });
  }
  bool complete[kMaxAsked];
  for (uptr i = 0; i < n; i++) {
    Count(&asked_at_write);
    complete[i] = RequestComplete(asked[i]);
  }
  StateLock lock(&StateMutex());
  for (uptr i = 0; i < n; i++) {
    // Found again: another thread may have completed it meanwhile.
    PendingOp *op = complete[i] ? FindOp(asked[i]) : nullptr;
    if (op && op->state == OpState::kActive && !op->rma && HasSendData(*op))
      NoteSendConsumed(op);
  }
}

void PrintSendStatusStats() {
  Printf(
      "  %-40s %llu at a start, %llu at a write\n", "send status queries",
      (unsigned long long)atomic_load(&asked_at_start, memory_order_relaxed),
      (unsigned long long)atomic_load(&asked_at_write, memory_order_relaxed));
}

} // namespace mpisync
