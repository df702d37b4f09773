// Request table and active-buffer set; keeps shadow memory and the published
// lo/span intervals in step with them.
#include "mpisync_pending.h"
#include "mpisync_alloc.h"
#include "mpisync_rtl.h"

#include "mpisync_copy_log.h"
#include "mpisync_interface.h"
#include "mpisync_mapped_memory.h"
#include "mpisync_mpi_family.h"
#include "mpisync_request_map.h"
#include "mpisync_sampling.h"
#include "mpisync_shadow.h"
#include "mpisync_zero.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

StaticSpinMutex state_mutex;

// Active ops, unordered (each knows its position); MPI_Finalize drains it.
InternalMmapVectorNoCtor<PendingOp *> active_ops;
u64 activations;
// Active operations whose shadow is not marked yet (between the start hook
// and the end of the starting call; the first requests of an MPI_Startall
// while the later ones are checked).
uptr active_unmarked;
// Active, armed buffers with data, by role: an access or a copy asks the
// index of the roles it can meet.
IntervalIndex send_index, recv_index;
// Active RMA operations per (window, target) and per window, in the order
// they became active. Arrays, not lists through the records: a fence that
// completes 10^5 operations read them one after the other, where following
// a list waited for each record's cache miss before the next (bfs_rma:
// 523 of 13,500 samples on one load).
struct OpArray {
  PendingOp **ops;
  u32 size, capacity;
};
DenseMap<u64, OpArray> *rma_by_target;
DenseMap<u64, OpArray> *rma_by_window;
struct WatchedRegion {
  uptr key, lo, hi;
};
InternalMmapVectorNoCtor<WatchedRegion> watched;
uptr watched_lo, watched_hi; // hull of `watched`

template <typename T> T &Lazy(T *&p) {
  if (!p)
    p = new (RuntimeAlloc(sizeof(T))) T();
  return *p;
}

// Buffers the library reads (send, collective input, RMA origin) and those
// it writes (receive, collective output, RMA result): buffer_rules.def.
IntervalIndex &IndexFor(BufferRole role) {
  return LibraryWrites(role) ? recv_index : send_index;
}

void Widen(uptr *lo, uptr *span, uptr begin, uptr end) {
  if (begin >= end)
    return;
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

// Publishes the exact hulls of what is pending: the indices know their
// bounds in O(log n), so the published intervals shrink as soon as
// operations complete (a stale hull would only cost time).
void Republish() {
  uptr send_lo = send_index.Lo(), send_hi = send_index.Hi();
  uptr recv_lo = recv_index.Lo(), recv_hi = recv_index.Hi();
  uptr load_lo = 0, load_span = 0, store_lo = 0, store_span = 0;
  // Each access type's interval covers the buffers the rules check it
  // against.
  constexpr RoleDirection kReads = RoleDirection::kLibraryReads;
  constexpr RoleDirection kWrites = RoleDirection::kLibraryWrites;
  if (CheckedAgainst(BufferAccess::kLoad, kWrites))
    Widen(&load_lo, &load_span, recv_lo, recv_hi);
  if (CheckedAgainst(BufferAccess::kLoad, kReads))
    Widen(&load_lo, &load_span, send_lo, send_hi);
  if (CheckedAgainst(BufferAccess::kStore, kWrites))
    Widen(&store_lo, &store_span, recv_lo, recv_hi);
  if (CheckedAgainst(BufferAccess::kStore, kReads))
    Widen(&store_lo, &store_span, send_lo, send_hi);
  op_hull.load_lo = load_lo;
  op_hull.load_span = load_span;
  op_hull.store_lo = store_lo;
  op_hull.store_span = store_span;
  Widen(&load_lo, &load_span, watched_lo, watched_hi);
  Widen(&store_lo, &store_span, watched_lo, watched_hi);
  uptr near_lo = load_lo, near_span = load_span;
  Widen(&near_lo, &near_span, store_lo, store_lo + store_span);
  if (near_span != 0) {
    uptr below = near_lo < kNearSlack ? near_lo : kNearSlack;
    near_lo -= below;
    near_span += below;
  }
  // Each word is stored only when it changes: every check of every thread
  // reads this cache line, and a store takes it away from their caches.
  MpisyncPublishedState &s = __mpisync_state;
  auto Set = [](uptr &word, uptr value) {
    if (word != value)
      word = value;
  };
  Set(s.load_lo, load_lo);
  Set(s.load_span, load_span);
  Set(s.store_lo, store_lo);
  Set(s.store_span, store_span);
  Set(s.near_lo, near_lo);
  Set(s.near_span, near_span);
  Set(s.pending, active_ops.size() != 0 || watched.size() != 0);
}

void IndexBuffer(PendingOp *op, uptr i) {
  PendingBuffer &b = op->buffers[i];
  if (!b.map || !b.armed || b.lo >= b.hi || b.index_node)
    return;
  bool moved =
      LibraryWrites(b.role) ? op->recv_data_written : op->send_data_consumed;
  b.index_node = IndexFor(b.role).Insert(b.lo, b.hi, op, i, moved);
}

void UnindexBuffer(PendingBuffer &b) {
  if (!b.index_node)
    return;
  IndexFor(b.role).Remove(b.index_node);
  b.index_node = nullptr;
}

void PoisonBuffer(const PendingBuffer &b) {
  if (!b.map || !b.armed)
    return;
  u8 bits = ShadowBitsOf(b.role);
  ForEachSegment(*b.map, b.base, b.count,
                 [&](uptr begin, uptr end) { PoisonShadow(begin, end, bits); });
}

// Marks again the shadow that other marked buffers keep in [gbegin, gend)
// (whole granules). A buffer whose segments cover the range marks all of
// it for its role: the walk of that role's index stops there, so a buffer
// shared by many pending operations costs O(log n), not O(n).
void RemarkOthers(uptr gbegin, uptr gend) {
  IntervalIndex *indices[] = {&send_index, &recv_index};
  for (IntervalIndex *index : indices) {
    index->ForEachMeeting(gbegin, gend, [&](IndexNode *n) {
      if (!n->op->shadow_marked)
        return true;
      const PendingBuffer &other = n->op->buffers[n->buffer];
      u8 bits = ShadowBitsOf(other.role);
      // Granules marked from gbegin up to here. Segments come in address
      // order but for types with negative strides, where this only
      // underestimates (the walk goes on).
      uptr covered_to = gbegin;
      ForEachSegmentIn(*other.map, other.base, other.count, gbegin, gend,
                       [&](uptr sb, uptr se, MPI_Count) {
                         // Only what was cleared: a large neighbour is
                         // not marked all over again.
                         uptr b = Max(sb, gbegin), e = Min(se, gend);
                         PoisonShadow(b, e, bits);
                         if (RoundDownTo(b, kGranule) <= covered_to)
                           covered_to = Max(covered_to, RoundUpTo(e, kGranule));
                       });
      return covered_to < gend;
    });
  }
}

// `b` is out of the index already, so it is not marked again.
void UnpoisonBuffer(const PendingBuffer &b) {
  if (!b.map || !b.armed)
    return;
  ForEachSegment(*b.map, b.base, b.count, [&](uptr begin, uptr end) {
    // Clear whole granules, then re-mark what other buffers keep there:
    // only where a granule was marked for another buffer too, or every
    // completion of one of n pending receives of a matrix's columns (each
    // a strided type over the whole matrix) would walk all of them for
    // each of its elements, O(n^2) per completion.
    uptr gbegin = RoundDownTo(begin, kGranule);
    uptr gend = RoundUpTo(end, kGranule);
    bool shared = ShadowHasAny(gbegin, gend, kShadowShared);
    ClearShadow(gbegin, gend, kShadowSend | kShadowRecv | kShadowShared);
    if (shared)
      RemarkOthers(gbegin, gend);
  });
}

u64 RmaTargetKey(MPI_Win win, int target) {
  return (HandleBits(win) << (64 - kHandleBits)) | (u32)target;
}
u64 RmaWindowKey(MPI_Win win) { return HandleBits(win); }

// `op` joins the array of `key`; its position goes to op->*slot.
void AddToArray(DenseMap<u64, OpArray> &arrays, u64 key, PendingOp *op,
                u32 PendingOp::*slot) {
  OpArray &a = arrays[key];
  if (a.size == a.capacity) {
    u32 capacity = a.capacity ? 2 * a.capacity : 16;
    auto *ops =
        static_cast<PendingOp **>(RuntimeAlloc(sizeof(PendingOp *) * capacity));
    if (a.size)
      internal_memcpy(ops, a.ops, sizeof(PendingOp *) * a.size);
    if (a.ops)
      RuntimeFree(a.ops);
    a.ops = ops;
    a.capacity = capacity;
  }
  op->*slot = a.size;
  a.ops[a.size++] = op;
}

// The last operation takes `op`'s position. An emptied array keeps its
// memory: the next epoch fills it again.
void RemoveFromArray(DenseMap<u64, OpArray> &arrays, u64 key, PendingOp *op,
                     u32 PendingOp::*slot) {
  OpArray *a = &arrays.find(key)->second;
  PendingOp *last = a->ops[--a->size];
  a->ops[op->*slot] = last;
  last->*slot = op->*slot;
}

void EmptyArrays(DenseMap<u64, OpArray> *arrays) {
  if (!arrays)
    return;
  arrays->forEach([](auto &kv) {
    kv.second.size = 0;
    return true;
  });
}

} // namespace

StaticSpinMutex &StateMutex() { return state_mutex; }

namespace {
// Records of destroyed operations, kept for the next ones (linked through
// next_same_handle): a start and a completion cost an allocation and a
// free otherwise, each under the allocator's lock. All are kept: the
// allocator would keep their memory too (it never returns memory to the
// system, mpisync_alloc.h), so the list holds no more than the peak
// of live operations already took, and 10^5 sends started after 10^5
// completions (labelprop_p2p's sweeps) reuse them all.
PendingOp *free_ops;
} // namespace

// The layout's point (mpisync_pending.h): with MPICH's int handles an
// operation and its first buffer take the allocator's 224-byte class.
#if MPISYNC_MPI_MPICH
static_assert(sizeof(PendingOp) + sizeof(PendingBuffer) <= 224,
              "PendingOp's fields: keep them grouped by size");
#endif

PendingOp *NewOp(const char *call, bool persistent) {
  void *mem = free_ops;
  if (free_ops) {
    free_ops = free_ops->next_same_handle;
  } else {
    mem = RuntimeAlloc(sizeof(PendingOp) + sizeof(PendingBuffer));
  }
  PendingOp *op = static_cast<PendingOp *>(mem);
  ZeroRecord(op);
  op->call = call;
  op->start_call = call;
  op->request = MPI_REQUEST_NULL;
  op->persistent = persistent;
  op->state = OpState::kInactive;
  return op;
}

namespace {

// The hull of `b`'s data. A hull past the address space (the count times
// the extent overflows) or larger than kMappedCheckThreshold is checked
// against mapped memory; what lies past it is not watched: the count
// shrinks to the elements that start before it, so marking and walking
// the buffer cost what the memory costs, whatever the count.
void ComputeHull(PendingBuffer *b) {
  const DataMap &m = *b->map;
  sptr first = m.first, last = m.last;
  // Elements after the first shift by extent (which may be negative).
  sptr span;
  bool overflow = __builtin_mul_overflow((sptr)(b->count - 1), m.extent, &span);
  if (!overflow && span < 0)
    overflow = __builtin_add_overflow(first, span, &first);
  else if (!overflow)
    overflow = __builtin_add_overflow(last, span, &last);
  uptr lo = b->base + first;
  uptr hi = overflow || last < first || b->base + last < lo ? ~(uptr)0
                                                            : b->base + last;
  if (overflow || hi - lo > kMappedCheckThreshold) {
    uptr end = MappedEnd(lo, hi);
    if (end < hi) {
      b->unmapped_at = end;
      // Watch whole elements that start before `end`; with a negative
      // extent the walk goes downwards: watch none rather than guess.
      MPI_Count fit = 0;
      if (m.extent > 0 && end > b->base + m.first)
        fit = (MPI_Count)((end - (b->base + m.first)) / (uptr)m.extent);
      b->count = fit < b->count ? fit : b->count;
      if (b->count == 0) {
        ReleaseDataMap(b->map);
        b->map = nullptr;
        return;
      }
      return ComputeHull(b);
    }
  }
  b->lo = lo;
  b->hi = hi;
}

// The room for one buffer after the record (NewOp).
PendingBuffer *FirstBuffer(PendingOp *op) {
  return reinterpret_cast<PendingBuffer *>(op + 1);
}

void FreeBuffers(PendingOp *op) {
  if (op->buffers != FirstBuffer(op))
    RuntimeFree(op->buffers);
}
} // namespace

void AddBuffer(PendingOp *op, BufferRole role, const void *buf, MPI_Count count,
               MPI_Datatype datatype) {
  PendingBuffer b = ZeroedRecord<PendingBuffer>();
  b.role = role;
  b.armed = true;
  b.base = reinterpret_cast<uptr>(buf);
  b.datatype = datatype;
  b.count = count;
  b.requested_count = count;
  if (count > 0)
    b.map = AcquireDataMap(datatype);
  if (b.map && b.map->num_segments == 0) {
    ReleaseDataMap(b.map);
    b.map = nullptr;
  }
  if (b.map)
    ComputeHull(&b);
  // Geometric growth: a v-collective's blocks cost O(blocks) in all.
  if (op->num_buffers == op->buffers_capacity) {
    if (op->buffers_capacity == 0) {
      op->buffers = FirstBuffer(op);
      op->buffers_capacity = 1;
    } else {
      uptr cap = 2 * op->buffers_capacity;
      PendingBuffer *grown = static_cast<PendingBuffer *>(
          RuntimeAlloc(cap * sizeof(PendingBuffer)));
      internal_memcpy(grown, op->buffers,
                      op->num_buffers * sizeof(PendingBuffer));
      FreeBuffers(op);
      op->buffers = grown;
      op->buffers_capacity = cap;
    }
  }
  op->buffers[op->num_buffers++] = b;
}

void RegisterOp(PendingOp *op, MPI_Request request) {
  op->request = request;
  op->next_same_handle = nullptr;
  if (request == MPI_REQUEST_NULL)
    return;
  PendingOp **head = RequestSlot(request);
  if (!*head) {
    *head = op;
    RequestSlotFilled(request);
    return;
  }
  PendingOp *tail = *head;
  while (tail->next_same_handle)
    tail = tail->next_same_handle;
  tail->next_same_handle = op;
}

PendingOp *FindOp(MPI_Request request, const MPI_Request *slot) {
  if (request == MPI_REQUEST_NULL)
    return nullptr;
  PendingOp **entry = FindRequestSlot(request);
  if (!entry || !*entry)
    return nullptr;
  PendingOp *head = *entry;
  if (!head->next_same_handle)
    return head;
  for (PendingOp *op = head; op; op = op->next_same_handle)
    if (slot && op->request_slot == (uptr)slot)
      return op;
  int tid = CurrentTid();
  for (PendingOp *op = head; op; op = op->next_same_handle)
    if (op->start_tid == tid)
      return op;
  return head;
}

void RegisterUntrackedOp(const MPI_Request *request, const char *call,
                         bool persistent) {
  if (*request == MPI_REQUEST_NULL || !UntrackedNeedStandIns())
    return;
  StateLock lock(&StateMutex());
  int tid = CurrentTid();
  if (PendingOp **entry = FindRequestSlot(*request))
    for (PendingOp *op = *entry; op; op = op->next_same_handle)
      if (op->untracked && op->persistent == persistent &&
          op->start_tid == tid) {
        op->untracked_count++;
        if (op->request_slot != (uptr)request)
          op->request_slot = 0; // several variables: none names them all
        return;
      }
  CountStandIn();
  PendingOp *op = NewOp(call, persistent);
  op->untracked = true;
  op->untracked_count = 1;
  op->request_slot = (uptr)request;
  op->start_tid = tid;
  RegisterOp(op, *request);
}

void ReleaseUntrackedOp(PendingOp *op) {
  if (--op->untracked_count == 0)
    DestroyOp(op);
}

void UnregisterOp(PendingOp *op) {
  if (op->request == MPI_REQUEST_NULL)
    return;
  if (PendingOp **entry = FindRequestSlot(op->request)) {
    if (*entry == op) {
      *entry = op->next_same_handle;
      if (!*entry)
        RequestSlotEmptied(op->request);
    } else {
      for (PendingOp *p = *entry; p; p = p->next_same_handle)
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
  active_unmarked += !op->shadow_marked;
  op->active_index = active_ops.size();
  op->active_seq = ++activations;
  op->copies_seen = CopyLogEnd();
  active_ops.push_back(op);
  for (uptr b = 0; b < op->num_buffers; b++)
    IndexBuffer(op, b);
  if (op->rma) {
    AddToArray(Lazy(rma_by_target), RmaTargetKey(op->rma_win, op->rma_target),
               op, &PendingOp::rma_target_slot);
    AddToArray(Lazy(rma_by_window), RmaWindowKey(op->rma_win), op,
               &PendingOp::rma_win_slot);
  }
  Republish();
}

void MarkShadow(PendingOp *op) {
  if (op->state != OpState::kActive || op->shadow_marked)
    return;
  op->shadow_marked = true;
  active_unmarked--;
  for (uptr b = 0; b < op->num_buffers; b++)
    PoisonBuffer(op->buffers[b]);
}

bool AllActiveMarked() { return active_unmarked == 0; }

namespace {
// Ends `op`'s activity but for republishing the fast path's intervals.
// `all_ending`: every active operation ends in this call, and the caller
// has emptied the indices, the active set and the RMA arrays.
bool EndActivity(PendingOp *op, bool all_ending) {
  if (op->state != OpState::kActive)
    return false;
  op->state = OpState::kInactive;
  if (!all_ending) {
    PendingOp *last = active_ops.back();
    active_ops[op->active_index] = last;
    last->active_index = op->active_index;
    active_ops.pop_back();
    if (active_ops.size() == 0)
      ForgetLoggedCopies();
  }
  if (op->rma && !all_ending) {
    RemoveFromArray(*rma_by_target, RmaTargetKey(op->rma_win, op->rma_target),
                    op, &PendingOp::rma_target_slot);
    RemoveFromArray(*rma_by_window, RmaWindowKey(op->rma_win), op,
                    &PendingOp::rma_win_slot);
  }
  for (uptr b = 0; b < op->num_buffers; b++)
    UnindexBuffer(op->buffers[b]);
  if (op->shadow_marked)
    for (uptr b = 0; b < op->num_buffers; b++)
      UnpoisonBuffer(op->buffers[b]);
  else
    active_unmarked--;
  op->shadow_marked = false;
  return true;
}
} // namespace

void DeactivateOp(PendingOp *op) {
  if (EndActivity(op, /*all_ending=*/false))
    Republish();
}

void DeactivateOps(PendingOp *const *ops, uptr n) {
  uptr active = 0;
  for (uptr i = 0; i < n; i++)
    active += ops[i]->state == OpState::kActive;
  bool all_ending = active != 0 && active == active_ops.size();
  if (all_ending) {
    // Every active operation ends (a fence that completes all pending RMA
    // operations): the indices, the active set and the RMA arrays are
    // emptied at once, clearing each buffer's shadow finds no neighbour
    // left to re-mark, and the intervals are republished once. 10^5
    // removals from the treap, each with its walk for neighbours, were 11%
    // of bfs_rma's samples; each removal from the active set wrote into
    // the record moved into its place, another record's cache miss.
    send_index.Clear();
    recv_index.Clear();
    active_ops.clear();
    ForgetLoggedCopies();
    for (uptr i = 0; i < n; i++)
      for (uptr b = 0; b < ops[i]->num_buffers; b++)
        ops[i]->buffers[b].index_node = nullptr;
    EmptyArrays(rma_by_target);
    EmptyArrays(rma_by_window);
  }
  bool any = false;
  for (uptr i = 0; i < n; i++)
    any |= EndActivity(ops[i], all_ending);
  if (any)
    Republish();
}

void NoteSendConsumed(PendingOp *op) {
  op->send_data_consumed = true;
  // Later copies skip these nodes. The summaries above them stay set until
  // the next copy walks there: a stale summary only costs that walk.
  for (uptr b = 0; b < op->num_buffers; b++) {
    IndexNode *n = op->buffers[b].index_node;
    if (n && !LibraryWrites(op->buffers[b].role))
      n->unobserved = false;
  }
}

void ArmBuffer(PendingOp *op, uptr i) {
  if (i >= op->num_buffers || op->buffers[i].armed)
    return;
  PendingBuffer &b = op->buffers[i];
  b.armed = true;
  if (op->state != OpState::kActive)
    return;
  IndexBuffer(op, i);
  Republish();
  if (op->shadow_marked)
    PoisonBuffer(b);
}

void DisarmBuffer(PendingOp *op, uptr i) {
  if (i >= op->num_buffers || !op->buffers[i].armed)
    return;
  PendingBuffer &b = op->buffers[i];
  UnindexBuffer(b); // so that re-marking the others skips it
  if (op->state == OpState::kActive && op->shadow_marked)
    UnpoisonBuffer(b);
  b.armed = false;
  if (op->state == OpState::kActive)
    Republish();
}

void DestroyOp(PendingOp *op) {
  DeactivateOp(op);
  UnregisterOp(op);
  for (uptr b = 0; b < op->num_buffers; b++)
    ReleaseDataMap(op->buffers[b].map);
  FreeBuffers(op);
  op->next_same_handle = free_ops;
  free_ops = op;
}

bool MayMeetPendingOp(uptr addr, uptr size, bool is_write) {
  uptr lo = is_write ? op_hull.store_lo : op_hull.load_lo;
  uptr span = is_write ? op_hull.store_span : op_hull.load_span;
  return span != 0 && addr < lo + span && addr + size > lo;
}

namespace {
// Windows are few (their regions are created and freed collectively):
// the hull of the watched regions is recomputed on each change.
void RewidenWatched() {
  uptr lo = 0, span = 0;
  for (uptr i = 0; i < watched.size(); i++)
    Widen(&lo, &span, watched[i].lo, watched[i].hi);
  watched_lo = lo;
  watched_hi = lo + span;
  Republish();
}
} // namespace

void WatchPublished(uptr key, uptr lo, uptr hi) {
  if (lo >= hi)
    return;
  watched.push_back({key, lo, hi});
  RewidenWatched();
}

void UnwatchPublished(uptr key, uptr lo, uptr hi) {
  for (uptr i = 0; i < watched.size(); i++) {
    if (watched[i].key == key && watched[i].lo == lo && watched[i].hi == hi) {
      watched[i] = watched.back();
      watched.pop_back();
      break;
    }
  }
  RewidenWatched();
}

uptr NumActiveOps() { return active_ops.size(); }
PendingOp *ActiveOp(uptr i) { return active_ops[i]; }

void CollectRegisteredOps(PendingOp ***ops, uptr *n) {
  *n = 0;
  *ops = nullptr;
  uptr total = 0;
  ForEachRequestSlot(
      [](PendingOp *head, void *arg) {
        for (PendingOp *op = head; op; op = op->next_same_handle)
          ++*static_cast<uptr *>(arg);
      },
      &total);
  // No operation registered: nothing to allocate (the finalize of a clean
  // run allocates nothing).
  if (total == 0)
    return;
  *ops = static_cast<PendingOp **>(RuntimeAlloc(sizeof(PendingOp *) * total));
  struct Fill {
    PendingOp **ops;
    uptr *n;
  } fill = {*ops, n};
  ForEachRequestSlot(
      [](PendingOp *head, void *arg) {
        auto *fill = static_cast<Fill *>(arg);
        for (PendingOp *op = head; op; op = op->next_same_handle)
          fill->ops[(*fill->n)++] = op;
      },
      &fill);
}

void CollectActiveRmaOps(MPI_Win win, int target,
                         ScratchVector<PendingOp *> *ops) {
  // Newest first, as the lists through the records gave them.
  DenseMap<u64, OpArray> *arrays = target < 0 ? rma_by_window : rma_by_target;
  if (!arrays)
    return;
  u64 key = target < 0 ? RmaWindowKey(win) : RmaTargetKey(win, target);
  auto *kv = arrays->find(key);
  if (!kv)
    return;
  // One block of the final size: doubling from 16 copied and faulted in a
  // new block at each step (10^5 operations per fence in bfs_rma).
  const OpArray &a = kv->second;
  PendingOp **out = ops->append_uninitialized(a.size);
  for (u32 i = 0; i < a.size; i++)
    out[i] = a.ops[a.size - 1 - i];
}

namespace {
u64 rma_ops_continued; // under StateMutex
} // namespace

bool ContinueRmaOp(const PendingOp &op, bool same_target, RmaContinuation *c) {
  if (!rma_by_window || op.num_buffers != 1)
    return false;
  auto *kv = rma_by_window->find(RmaWindowKey(op.rma_win));
  if (!kv || kv->second.size == 0)
    return false;
  PendingOp *prev = kv->second.ops[kv->second.size - 1];
  const PendingBuffer &next = op.buffers[0];
  if (prev->state != OpState::kActive || !prev->shadow_marked ||
      prev->num_buffers != 1 || prev->request != MPI_REQUEST_NULL ||
      prev->freed_while_active || prev->call != op.call ||
      prev->start_stack != op.start_stack || prev->rma_win != op.rma_win ||
      (same_target && prev->rma_target != op.rma_target))
    return false;
  PendingBuffer &b = prev->buffers[0];
  // Element for element: `next` starts where b's elements would go on,
  // with the count of each call, so that a report can name the call's own
  // elements (DescribeBufferAt).
  if (!next.map || next.map != b.map || !b.index_node || !b.armed ||
      !next.armed || b.role != next.role || b.datatype != next.datatype ||
      b.unmapped_at || next.unmapped_at || b.map->extent <= 0 ||
      next.count != next.requested_count ||
      b.requested_count != next.requested_count || next.count <= 0)
    return false;
  uptr end_of_b;
  if (__builtin_mul_overflow((uptr)b.count, (uptr)b.map->extent, &end_of_b) ||
      __builtin_add_overflow(end_of_b, b.base, &end_of_b) ||
      end_of_b != next.base || next.lo < b.lo || next.hi < b.hi)
    return false;
  // Copies the library made so far count for the elements b had; the new
  // ones have seen none.
  ApplyLoggedCopies(prev);
  bool *moved = LibraryWrites(b.role) ? &prev->recv_data_written
                                      : &prev->send_data_consumed;
  c->op = prev;
  c->part = next;
  c->old_hi = b.hi;
  c->old_moved = *moved;
  *moved = false;
  b.count += next.count;
  b.hi = next.hi;
  IndexFor(b.role).Extend(b.index_node, b.hi);
  PoisonBuffer(next);
  Republish();
  rma_ops_continued++;
  return true;
}

void PrintRmaContinuationStats() {
  StateLock lock(&StateMutex());
  Printf("  %-40s %llu\n", "RMA operations continuing the one before",
         (unsigned long long)rma_ops_continued);
}

void UndoRmaContinuation(const RmaContinuation &c) {
  PendingOp *prev = c.op;
  if (!prev || prev->state != OpState::kActive || prev->num_buffers != 1)
    return;
  PendingBuffer &b = prev->buffers[0];
  b.count -= c.part.count;
  b.hi = c.old_hi; // the index node keeps the longer hull: only a hint
  (LibraryWrites(b.role) ? prev->recv_data_written : prev->send_data_consumed) =
      c.old_moved;
  UnpoisonBuffer(c.part);
  rma_ops_continued--;
}

namespace {

// Bytes of `op`'s data in its buffers of `role`.
u64 DataBytes(const PendingOp &op, BufferRole role) {
  u64 bytes = 0;
  for (uptr i = 0; i < op.num_buffers; i++) {
    const PendingBuffer &b = op.buffers[i];
    if (b.role == role && b.map && b.count > 0)
      bytes += (u64)b.count * (u64)b.map->size;
  }
  return bytes;
}

// The library copied [begin, end) at log position `pos`: adds what of it
// is `op`'s data (node n's buffer) to *moved, unless the operation was
// activated after the copy or already counted it. Returns whether the
// node stays unobserved.
bool NoteMoved(IndexNode *n, uptr begin, uptr end, u64 pos, u64 *moved,
               bool *done) {
  if (*done)
    return false;
  if (n->op->copies_seen > pos)
    return true;
  if (CountMovedBytes(n->op, n->buffer, begin, end, moved))
    *done = true;
  return !*done;
}

} // namespace

bool CountMovedBytes(const PendingOp *op, uptr buffer, uptr begin, uptr end,
                     u64 *moved) {
  const PendingBuffer &b = op->buffers[buffer];
  u64 met = 0;
  if (b.map->Contiguous()) {
    // One run of bytes (the hull): not a walk of its elements, which for
    // 64 doubles cost a send's copy 64 callbacks.
    uptr lo = Max(b.lo, begin), hi = Min(b.hi, end);
    *moved += lo < hi ? hi - lo : 0;
    return lo < hi && *moved >= DataBytes(*op, b.role);
  }
  ForEachSegmentIn(*b.map, b.base, b.count, begin, end,
                   [&](uptr sb, uptr se, MPI_Count) {
                     uptr lo = sb > begin ? sb : begin;
                     uptr hi = se < end ? se : end;
                     if (lo < hi)
                       met += hi - lo;
                   });
  *moved += met;
  return met && *moved >= DataBytes(*op, b.role);
}

namespace {

// The node the last copy of one direction was counted for. The library's
// copies come in runs for one operation (a strided receive unpacked element
// by element). Where the copy's granules hold no two pending buffers' data
// (no kShadowShared) and this node's data meets the copy, the index walk,
// which visits every unobserved buffer whose extent meets the copy (the n
// receives of a matrix's columns, each over the whole matrix: O(n) per
// element copied, O(n^3) in all), would count it for this node alone.
// Nodes and records are recycled, never unmapped: the fields tell whether
// the node still stands for the same activation.
struct LastObserved {
  IndexNode *node = nullptr;
  PendingOp *op = nullptr;
  uptr buffer = 0;
  u64 seq = 0;

  bool Valid() const {
    return node && node->op == op && node->buffer == buffer &&
           buffer < op->num_buffers && op->buffers[buffer].index_node == node &&
           op->state == OpState::kActive && op->active_seq == seq;
  }
  void Set(IndexNode *n) {
    node = n;
    op = n->op;
    buffer = n->buffer;
    seq = n->op->active_seq;
  }
};
LastObserved last_read, last_write;

bool DataMeets(const PendingOp &op, uptr buffer, uptr begin, uptr end) {
  const PendingBuffer &b = op.buffers[buffer];
  bool meets = false;
  ForEachSegmentIn(*b.map, b.base, b.count, begin, end,
                   [&](uptr sb, uptr se, MPI_Count) {
                     meets = meets || (sb < end && begin < se);
                   });
  return meets;
}

// Counts the copy [begin, end) at log position `pos` for the buffers of
// `index` whose data it meets (`moved`, `done`: the op's fields of that
// direction).
template <typename Fields>
void NoteLibraryCopy(IntervalIndex &index, LastObserved &last, uptr begin,
                     uptr end, u64 pos, Fields fields) {
  if (last.Valid() && !ShadowHasAny(begin, end, kShadowShared) &&
      DataMeets(*last.op, last.buffer, begin, end)) {
    IndexNode *n = last.node;
    if (n->unobserved) {
      auto f = fields(n->op);
      n->unobserved = NoteMoved(n, begin, end, pos, f.moved, f.done);
    }
    return;
  }
  index.ObserveMeeting(begin, end, [&](IndexNode *n) {
    auto f = fields(n->op);
    bool stays = NoteMoved(n, begin, end, pos, f.moved, f.done);
    if (DataMeets(*n->op, n->buffer, begin, end))
      last.Set(n);
    return stays;
  });
}

struct MovedFields {
  u64 *moved;
  bool *done;
};

} // namespace

void NoteLibraryRead(uptr begin, uptr end, u64 pos) {
  NoteLibraryCopy(send_index, last_read, begin, end, pos, [](PendingOp *op) {
    return MovedFields{&op->send_bytes_moved, &op->send_data_consumed};
  });
}

void NoteLibraryWrite(uptr begin, uptr end, u64 pos) {
  NoteLibraryCopy(recv_index, last_write, begin, end, pos, [](PendingOp *op) {
    return MovedFields{&op->recv_bytes_moved, &op->recv_data_written};
  });
}

void CollectOverlaps(uptr begin, uptr end, bool sends, bool recvs,
                     ScratchVector<PendingRef> *out, uptr limit) {
  auto add = [&](IndexNode *n) {
    out->push_back({n->op, n->buffer});
    return out->size() < limit;
  };
  if (limit == 0)
    return;
  if (sends)
    send_index.ForEachMeeting(begin, end, add);
  if (recvs && out->size() < limit)
    recv_index.ForEachMeeting(begin, end, add);
  if (out->size() > 1)
    Sort(out->data(), out->size(),
         [](const PendingRef &a, const PendingRef &b) {
           return a.op->active_seq < b.op->active_seq ||
                  (a.op == b.op && a.buffer < b.buffer);
         });
}

} // namespace mpisync
