// Request table and active-buffer set; keeps shadow memory and the published
// lo/span intervals in step with them.
#include "mpisync_pending.h"

#include "mpisync_interface.h"
#include "mpisync_shadow.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

Mutex state_mutex;
// Ops reachable through their handle (active or inactive persistent).
DenseMap<int, PendingOp *> *request_table;
// Active ops, unordered; the slow path scans them.
InternalMmapVectorNoCtor<PendingOp *> active_ops;
// Removals since the published intervals were last recomputed.
uptr stale_removals;

DenseMap<int, PendingOp *> &Table() {
  if (!request_table) {
    void *mem = InternalAlloc(sizeof(DenseMap<int, PendingOp *>));
    request_table = new (mem) DenseMap<int, PendingOp *>();
  }
  return *request_table;
}

u8 ShadowBitsFor(BufferRole role) {
  return role == BufferRole::kSend ? kShadowSend : kShadowRecv;
}

void Widen(uptr *lo, uptr *span, uptr begin, uptr end) {
  if (*span == 0) {
    *lo = begin;
    *span = end - begin;
    return;
  }
  uptr hi = *lo + *span;
  if (begin < *lo)
    *lo = begin;
  if (end > hi)
    hi = end;
  *span = hi - *lo;
}

void PublishBuffer(const PendingBuffer &b) {
  if (b.lo >= b.hi)
    return;
  MpisyncPublishedState &s = __mpisync_state;
  Widen(&s.store_lo, &s.store_span, b.lo, b.hi);
  if (b.role == BufferRole::kRecv)
    Widen(&s.load_lo, &s.load_span, b.lo, b.hi);
}

// The intervals only widen as buffers are added; they are recomputed when
// nothing is pending and every so often, so a stale hull costs only time.
void RecomputePublished() {
  MpisyncPublishedState &s = __mpisync_state;
  s.load_lo = s.load_span = s.store_lo = s.store_span = 0;
  for (uptr i = 0; i < active_ops.size(); i++)
    for (uptr b = 0; b < active_ops[i]->num_buffers; b++)
      PublishBuffer(active_ops[i]->buffers[b]);
  s.pending = active_ops.size() != 0;
  stale_removals = 0;
}

void PoisonBuffer(const PendingBuffer &b) {
  u8 bits = ShadowBitsFor(b.role);
  for (uptr s = 0; s < b.num_segments; s++)
    PoisonShadow(b.segments[s].begin, b.segments[s].end, bits);
}

} // namespace

Mutex &StateMutex() { return state_mutex; }

PendingOp *NewOp(const char *call, MPI_Request request, bool persistent) {
  PendingOp *op = static_cast<PendingOp *>(InternalAlloc(sizeof(PendingOp)));
  internal_memset(op, 0, sizeof(*op));
  op->call = call;
  op->request = request;
  op->persistent = persistent;
  op->state = OpState::kInactive;
  return op;
}

void AddBuffer(PendingOp *op, const PendingBuffer &buffer) {
  uptr n = op->num_buffers + 1;
  PendingBuffer *grown =
      static_cast<PendingBuffer *>(InternalAlloc(n * sizeof(PendingBuffer)));
  if (op->num_buffers)
    internal_memcpy(grown, op->buffers,
                    op->num_buffers * sizeof(PendingBuffer));
  grown[n - 1] = buffer;
  InternalFree(op->buffers);
  op->buffers = grown;
  op->num_buffers = n;
}

void RegisterOp(PendingOp *op) {
  if (op->request != MPI_REQUEST_NULL)
    Table()[op->request] = op;
}

PendingOp *FindOp(MPI_Request request) {
  if (request == MPI_REQUEST_NULL)
    return nullptr;
  auto *entry = Table().find(request);
  return entry ? entry->second : nullptr;
}

void ActivateOp(PendingOp *op) {
  if (op->state == OpState::kActive)
    return;
  op->state = OpState::kActive;
  op->send_data_consumed = false;
  op->recv_data_written = false;
  active_ops.push_back(op);
  for (uptr b = 0; b < op->num_buffers; b++) {
    PoisonBuffer(op->buffers[b]);
    PublishBuffer(op->buffers[b]);
  }
  __mpisync_state.pending = 1;
}

void DeactivateOp(PendingOp *op) {
  if (op->state != OpState::kActive)
    return;
  op->state = OpState::kInactive;
  for (uptr i = 0; i < active_ops.size(); i++) {
    if (active_ops[i] == op) {
      active_ops[i] = active_ops.back();
      active_ops.pop_back();
      break;
    }
  }
  // Clear this op's granules, then re-mark the other buffers sharing them.
  for (uptr b = 0; b < op->num_buffers; b++) {
    PendingBuffer &buf = op->buffers[b];
    for (uptr s = 0; s < buf.num_segments; s++) {
      uptr begin = RoundDownTo(buf.segments[s].begin, kGranule);
      uptr end = RoundUpTo(buf.segments[s].end, kGranule);
      ClearShadow(begin, end);
      ForEachOverlap(begin, end,
                     [](PendingOp *, PendingBuffer &other, const Segment &seg) {
                       PoisonShadow(seg.begin, seg.end,
                                    ShadowBitsFor(other.role));
                     });
    }
  }
  if (active_ops.size() == 0 || ++stale_removals >= 64)
    RecomputePublished();
}

void DestroyOp(PendingOp *op) {
  DeactivateOp(op);
  if (op->request != MPI_REQUEST_NULL) {
    auto *entry = Table().find(op->request);
    if (entry && entry->second == op)
      Table().erase(op->request);
  }
  for (uptr b = 0; b < op->num_buffers; b++)
    InternalFree(op->buffers[b].segments);
  InternalFree(op->buffers);
  InternalFree(op);
}

uptr NumActiveOps() { return active_ops.size(); }
PendingOp *ActiveOp(uptr i) { return active_ops[i]; }

} // namespace mpisync
