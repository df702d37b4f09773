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
struct WatchedRegion {
  uptr key, lo, hi;
};
InternalMmapVectorNoCtor<WatchedRegion> watched;

DenseMap<int, PendingOp *> &Table() {
  if (!request_table)
    request_table = new (InternalAlloc(sizeof(*request_table)))
        DenseMap<int, PendingOp *>();
  return *request_table;
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

// The intervals of pending operations alone (the published ones also hold
// watched window memory): an access outside them can only meet windows.
struct {
  uptr load_lo, load_span, store_lo, store_span;
} op_hull;

void PublishBuffer(const PendingBuffer &b) {
  if (b.lo >= b.hi || !b.armed)
    return;
  MpisyncPublishedState &s = __mpisync_state;
  Widen(&s.store_lo, &s.store_span, b.lo, b.hi);
  Widen(&op_hull.store_lo, &op_hull.store_span, b.lo, b.hi);
  if (RuleFor(b.role, BufferAccess::kLoad).outcome != RuleOutcome::kAllow) {
    Widen(&s.load_lo, &s.load_span, b.lo, b.hi);
    Widen(&op_hull.load_lo, &op_hull.load_span, b.lo, b.hi);
  }
}

// The intervals only widen as buffers are added; they are recomputed when
// nothing is pending and every so often, so a stale hull costs only time.
void RecomputePublished() {
  MpisyncPublishedState &s = __mpisync_state;
  s.load_lo = s.load_span = s.store_lo = s.store_span = 0;
  op_hull.load_lo = op_hull.load_span = op_hull.store_lo = op_hull.store_span = 0;
  for (uptr i = 0; i < active_ops.size(); i++)
    for (uptr b = 0; b < active_ops[i]->num_buffers; b++)
      PublishBuffer(active_ops[i]->buffers[b]);
  for (uptr i = 0; i < watched.size(); i++) {
    Widen(&s.load_lo, &s.load_span, watched[i].lo, watched[i].hi);
    Widen(&s.store_lo, &s.store_span, watched[i].lo, watched[i].hi);
  }
  s.pending = active_ops.size() != 0 || watched.size() != 0;
  stale_removals = 0;
}

void PoisonBuffer(const PendingBuffer &b) {
  if (!b.map || !b.armed)
    return;
  u8 bits = ShadowBitsOf(b.role);
  ForEachSegment(*b.map, b.base, b.count,
                 [&](uptr begin, uptr end) { PoisonShadow(begin, end, bits); });
}

void UnpoisonBuffer(const PendingBuffer &b) {
  if (!b.map || !b.armed)
    return;
  ForEachSegment(*b.map, b.base, b.count, [&](uptr begin, uptr end) {
    // Clear whole granules, then re-mark what other buffers keep there.
    uptr gbegin = RoundDownTo(begin, kGranule);
    uptr gend = RoundUpTo(end, kGranule);
    ClearShadow(gbegin, gend, kShadowSend | kShadowRecv);
    ForEachOverlap(gbegin, gend,
                   [](PendingOp *other_op, PendingBuffer &other, uptr sb,
                      uptr se, MPI_Count) {
                     if (other_op->shadow_marked)
                       PoisonShadow(sb, se, ShadowBitsOf(other.role));
                   });
  });
}

} // namespace

Mutex &StateMutex() { return state_mutex; }

PendingOp *NewOp(const char *call, bool persistent) {
  PendingOp *op = static_cast<PendingOp *>(InternalAlloc(sizeof(PendingOp)));
  internal_memset(op, 0, sizeof(*op));
  op->call = call;
  op->start_call = call;
  op->request = MPI_REQUEST_NULL;
  op->persistent = persistent;
  op->state = OpState::kInactive;
  return op;
}

void AddBuffer(PendingOp *op, BufferRole role, const void *buf,
               MPI_Count count, MPI_Datatype datatype) {
  PendingBuffer b;
  internal_memset(&b, 0, sizeof(b));
  b.role = role;
  b.armed = true;
  b.base = reinterpret_cast<uptr>(buf);
  b.datatype = datatype;
  b.count = count;
  if (count > 0)
    b.map = AcquireDataMap(datatype);
  if (b.map && b.map->num_segments == 0) {
    ReleaseDataMap(b.map);
    b.map = nullptr;
  }
  if (b.map) {
    const DataMap &m = *b.map;
    sptr first = m.first, last = m.last;
    // Elements after the first shift by extent (which may be negative).
    sptr span = (sptr)((count - 1) * m.extent);
    if (span < 0)
      first += span;
    else
      last += span;
    b.lo = b.base + first;
    b.hi = b.base + last;
  }
  uptr n = op->num_buffers + 1;
  PendingBuffer *grown =
      static_cast<PendingBuffer *>(InternalAlloc(n * sizeof(PendingBuffer)));
  if (op->num_buffers)
    internal_memcpy(grown, op->buffers,
                    op->num_buffers * sizeof(PendingBuffer));
  grown[n - 1] = b;
  InternalFree(op->buffers);
  op->buffers = grown;
  op->num_buffers = n;
}

void RegisterOp(PendingOp *op, MPI_Request request) {
  op->request = request;
  op->next_same_handle = nullptr;
  if (request == MPI_REQUEST_NULL)
    return;
  auto *entry = Table().find(request);
  if (!entry) {
    Table()[request] = op;
    return;
  }
  PendingOp *tail = entry->second;
  while (tail->next_same_handle)
    tail = tail->next_same_handle;
  tail->next_same_handle = op;
}

PendingOp *FindOp(MPI_Request request, const MPI_Request *slot) {
  if (request == MPI_REQUEST_NULL)
    return nullptr;
  auto *entry = Table().find(request);
  if (!entry)
    return nullptr;
  PendingOp *head = entry->second;
  if (!head->next_same_handle)
    return head;
  for (PendingOp *op = head; op; op = op->next_same_handle)
    if (slot && op->request_slot == (uptr)slot)
      return op;
  int tid = (int)GetTid();
  for (PendingOp *op = head; op; op = op->next_same_handle)
    if (op->start_tid == tid)
      return op;
  return head;
}

void UnregisterOp(PendingOp *op) {
  if (op->request == MPI_REQUEST_NULL)
    return;
  if (auto *entry = Table().find(op->request)) {
    if (entry->second == op) {
      if (op->next_same_handle)
        entry->second = op->next_same_handle;
      else
        Table().erase(op->request);
    } else {
      for (PendingOp *p = entry->second; p; p = p->next_same_handle)
        if (p->next_same_handle == op) {
          p->next_same_handle = op->next_same_handle;
          break;
        }
    }
  }
  op->request = MPI_REQUEST_NULL;
  op->next_same_handle = nullptr;
}

void ActivateOp(PendingOp *op) {
  if (op->state == OpState::kActive)
    return;
  op->state = OpState::kActive;
  active_ops.push_back(op);
  for (uptr b = 0; b < op->num_buffers; b++)
    PublishBuffer(op->buffers[b]);
  __mpisync_state.pending = 1;
}

void MarkShadow(PendingOp *op) {
  if (op->state != OpState::kActive || op->shadow_marked)
    return;
  op->shadow_marked = true;
  for (uptr b = 0; b < op->num_buffers; b++)
    PoisonBuffer(op->buffers[b]);
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
  if (op->shadow_marked)
    for (uptr b = 0; b < op->num_buffers; b++)
      UnpoisonBuffer(op->buffers[b]);
  op->shadow_marked = false;
  if (active_ops.size() == 0 || ++stale_removals >= 64)
    RecomputePublished();
}

void ArmBuffer(PendingOp *op, uptr i) {
  if (i >= op->num_buffers || op->buffers[i].armed)
    return;
  PendingBuffer &b = op->buffers[i];
  b.armed = true;
  if (op->state != OpState::kActive)
    return;
  PublishBuffer(b);
  if (op->shadow_marked)
    PoisonBuffer(b);
}

void DisarmBuffer(PendingOp *op, uptr i) {
  if (i >= op->num_buffers || !op->buffers[i].armed)
    return;
  PendingBuffer &b = op->buffers[i];
  PendingBuffer walk = b; // armed, so UnpoisonBuffer walks its segments...
  b.armed = false;        // ...while re-marking the others skips it
  if (op->state == OpState::kActive && op->shadow_marked)
    UnpoisonBuffer(walk);
}

void DestroyOp(PendingOp *op) {
  DeactivateOp(op);
  UnregisterOp(op);
  for (uptr b = 0; b < op->num_buffers; b++)
    ReleaseDataMap(op->buffers[b].map);
  InternalFree(op->buffers);
  InternalFree(op);
}

bool MayMeetPendingOp(uptr addr, uptr size, bool is_write) {
  uptr lo = is_write ? op_hull.store_lo : op_hull.load_lo;
  uptr span = is_write ? op_hull.store_span : op_hull.load_span;
  return span != 0 && addr < lo + span && addr + size > lo;
}

void WatchPublished(uptr key, uptr lo, uptr hi) {
  if (lo >= hi)
    return;
  watched.push_back({key, lo, hi});
  RecomputePublished();
}

void UnwatchPublished(uptr key, uptr lo, uptr hi) {
  for (uptr i = 0; i < watched.size(); i++) {
    if (watched[i].key == key && watched[i].lo == lo && watched[i].hi == hi) {
      watched[i] = watched.back();
      watched.pop_back();
      break;
    }
  }
  RecomputePublished();
}

uptr NumActiveOps() { return active_ops.size(); }
PendingOp *ActiveOp(uptr i) { return active_ops[i]; }

void CollectRegisteredOps(PendingOp ***ops, uptr *n) {
  DenseMap<int, PendingOp *> &table = Table();
  *n = 0;
  uptr total = 0;
  table.forEach([&](detail::DenseMapPair<int, PendingOp *> &kv) {
    for (PendingOp *op = kv.second; op; op = op->next_same_handle)
      total++;
    return true;
  });
  *ops = static_cast<PendingOp **>(
      InternalAlloc(sizeof(PendingOp *) * (total + 1)));
  table.forEach([&](detail::DenseMapPair<int, PendingOp *> &kv) {
    for (PendingOp *op = kv.second; op; op = op->next_same_handle)
      (*ops)[(*n)++] = op;
    return true;
  });
}

} // namespace mpisync
