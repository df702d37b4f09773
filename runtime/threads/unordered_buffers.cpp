// The watched buffers of unordered_buffers.h. Each is a copy of the
// completed operation (its buffers keep their data maps), the completion's
// thread event, and its shadow marked with the unordered bits. They are few:
// one per buffer and completing thread (a newer completion replaces an
// older one: whatever is not ordered after the older is not ordered after
// the newer either, and conflicts with the newer operation), at most
// kMaxUnordered, oldest dropped first.
#include "threads/unordered_buffers.h"
#include "mpisync_alloc.h"

#include "mpisync_flags.h"
#include "mpisync_report_desc.h"
#include "mpisync_shadow.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "threads/thread_clocks.h"

using namespace __sanitizer;

namespace mpisync {
namespace threads {

namespace {

constexpr uptr kMaxUnordered = 256;

struct UnorderedOp {
  PendingOp *op; // a copy, inactive and unregistered
  Stamp done;
  int completer; // thread name
  const char *complete_call;
  u32 complete_stack;
  uptr lo, hi; // hull of its buffers
};

InternalMmapVectorNoCtor<UnorderedOp> unordered;

// What an access needs of each watched buffer to see that it is ordered
// after all of them, without StateMutex: the hull and the completion's
// stamp, mirrored from `unordered` under a sequence count (odd while
// StateMutex's holder changes them). Under MPI_THREAD_MULTIPLE every
// access to a buffer a thread completed itself lands here, once per access
// (threads_p2p: 640,000 per rank), and all of them took StateMutex.
struct UnorderedHull {
  uptr lo, hi;
  u64 stamp; // slot << 32 | epoch
};
UnorderedHull hulls[kMaxUnordered];
atomic_uintptr_t num_hulls; // unordered.size(), readable without the lock
atomic_uint32_t hulls_seq;

u64 PackStamp(Stamp s) { return (u64)(u32)s.slot << 32 | s.epoch; }
Stamp UnpackStamp(u64 v) { return {(int)(u32)(v >> 32), (u32)v}; }

// Caller holds StateMutex and has changed `unordered`.
void MirrorHulls() {
  u32 seq = atomic_load_relaxed(&hulls_seq);
  atomic_store_relaxed(&hulls_seq, seq + 1);
  atomic_thread_fence(memory_order_release);
  for (uptr i = 0; i < unordered.size(); i++) {
    __atomic_store_n(&hulls[i].lo, unordered[i].lo, __ATOMIC_RELAXED);
    __atomic_store_n(&hulls[i].hi, unordered[i].hi, __ATOMIC_RELAXED);
    __atomic_store_n(&hulls[i].stamp, PackStamp(unordered[i].done),
                     __ATOMIC_RELAXED);
  }
  atomic_store_relaxed(&num_hulls, unordered.size());
  atomic_store(&hulls_seq, seq + 2, memory_order_release);
  // The shadow bits marked after this: whoever sees them sees these hulls
  // (with the reader's acquire fence).
  atomic_thread_fence(memory_order_release);
}

// True when every watched buffer [begin, end) meets was completed before
// this thread's current event (the common case: the thread touches what
// it completed itself); false when one may not be, or when a change raced
// with the reading: then the caller looks under StateMutex.
bool OrderedAfterAllWithoutLock(uptr begin, uptr end) {
  // After the read of the shadow bit that brought the access here.
  atomic_thread_fence(memory_order_acquire);
  u32 seq = atomic_load(&hulls_seq, memory_order_acquire);
  if (seq & 1)
    return false;
  uptr n = atomic_load_relaxed(&num_hulls);
  for (uptr i = 0; i < n && i < kMaxUnordered; i++) {
    uptr lo = __atomic_load_n(&hulls[i].lo, __ATOMIC_RELAXED);
    uptr hi = __atomic_load_n(&hulls[i].hi, __ATOMIC_RELAXED);
    if (end <= lo || hi <= begin)
      continue;
    u64 stamp = __atomic_load_n(&hulls[i].stamp, __ATOMIC_RELAXED);
    if (!OrderedBefore(UnpackStamp(stamp)))
      return false;
  }
  atomic_thread_fence(memory_order_acquire);
  return atomic_load_relaxed(&hulls_seq) == seq;
}

// One watched range (mpisync_pending.h) covers them all: it grows with
// them and is dropped when none is left, so a completion does not
// recompute the published hull.
uptr watched_lo, watched_hi;

void WatchHull(uptr lo, uptr hi) {
  if (watched_lo < watched_hi && watched_lo <= lo && hi <= watched_hi)
    return;
  if (watched_lo < watched_hi) {
    UnwatchPublished((uptr)&unordered, watched_lo, watched_hi);
    lo = lo < watched_lo ? lo : watched_lo;
    hi = hi > watched_hi ? hi : watched_hi;
  }
  watched_lo = lo;
  watched_hi = hi;
  WatchPublished((uptr)&unordered, lo, hi);
}

void UnwatchIfEmpty() {
  if (!unordered.empty() || watched_lo >= watched_hi)
    return;
  UnwatchPublished((uptr)&unordered, watched_lo, watched_hi);
  watched_lo = watched_hi = 0;
}

// Makes *copy describe `op` (inactive, unregistered) in `buffers`, which
// has room for op.num_buffers; the data maps are not referenced again.
void DescribeInto(PendingOp *copy, const PendingOp &op,
                  PendingBuffer *buffers) {
  internal_memcpy(copy, &op, sizeof(PendingOp));
  copy->request = MPI_REQUEST_NULL;
  copy->next_same_handle = nullptr;
  copy->state = OpState::kInactive;
  copy->shadow_marked = false;
  copy->complete_stack = 0; // the report names the completion itself
  copy->buffers_capacity = op.num_buffers;
  copy->buffers = buffers;
  for (uptr b = 0; b < op.num_buffers; b++) {
    copy->buffers[b] = op.buffers[b];
    copy->buffers[b].index_node = nullptr;
  }
}

PendingOp *CopyOp(const PendingOp &op) {
  PendingOp *copy = NewOp(op.call, op.persistent); // a record DestroyOp takes
  DescribeInto(copy, op,
               static_cast<PendingBuffer *>(
                   RuntimeAlloc(op.num_buffers * sizeof(PendingBuffer) + 1)));
  for (uptr b = 0; b < op.num_buffers; b++)
    if (copy->buffers[b].map)
      copy->buffers[b].map->refs++;
  return copy;
}

template <typename Fn> void ForEachWatchedSegment(const PendingOp &op, Fn fn) {
  for (uptr b = 0; b < op.num_buffers; b++) {
    const PendingBuffer &buf = op.buffers[b];
    if (!buf.map || !buf.armed)
      continue;
    u8 bits = UnorderedBits(ShadowBitsOf(buf.role));
    ForEachSegment(*buf.map, buf.base, buf.count,
                   [&](uptr begin, uptr end) { fn(begin, end, bits); });
  }
}

void Poison(const UnorderedOp &u) {
  ForEachWatchedSegment(*u.op, [](uptr begin, uptr end, u8 bits) {
    PoisonShadow(begin, end, bits);
  });
}

void Remove(uptr i) {
  UnorderedOp u = unordered[i];
  for (uptr j = i + 1; j < unordered.size(); j++)
    unordered[j - 1] = unordered[j];
  unordered.pop_back();
  MirrorHulls();
  ForEachWatchedSegment(*u.op, [](uptr begin, uptr end, u8) {
    ClearShadow(RoundDownTo(begin, kGranule), RoundUpTo(end, kGranule),
                kShadowUnorderedMask);
  });
  // Whole granules were cleared: others sharing them mark them again.
  for (uptr j = 0; j < unordered.size(); j++)
    if (unordered[j].lo < u.hi + kGranule && u.lo < unordered[j].hi + kGranule)
      Poison(unordered[j]);
  UnwatchIfEmpty();
  DestroyOp(u.op);
}

// Whether the two operations mark the same shadow: the same buffers with
// the same roles and layouts.
bool SameShadow(const PendingOp &a, const PendingOp &b) {
  if (a.num_buffers != b.num_buffers)
    return false;
  for (uptr i = 0; i < a.num_buffers; i++) {
    const PendingBuffer &x = a.buffers[i], &y = b.buffers[i];
    if (x.role != y.role || x.base != y.base || x.count != y.count ||
        x.map != y.map || x.armed != y.armed)
      return false;
  }
  return true;
}

void Hull(const PendingOp &op, uptr *lo, uptr *hi) {
  *lo = ~(uptr)0;
  *hi = 0;
  for (uptr b = 0; b < op.num_buffers; b++) {
    const PendingBuffer &buf = op.buffers[b];
    if (!buf.map || !buf.armed)
      continue;
    *lo = buf.lo < *lo ? buf.lo : *lo;
    *hi = buf.hi > *hi ? buf.hi : *hi;
  }
}

// TSan's names: "main thread", "thread T1".
void AppendThread(InternalScopedString *s, int name) {
  if (name == 0)
    s->Append("main thread");
  else
    s->AppendF("thread T%d", name);
}

// One conflict of an access with a watched buffer.
struct Conflict {
  ErrorKind kind;
  const UnorderedOp *u;
  const PendingBuffer *buf;
  uptr at;
  MPI_Count element;
};

void ReportUnorderedAccess(const AccessInfo &access, const Conflict &c,
                           u32 access_stack) {
  ErrorKind kind = c.kind;
  const UnorderedOp &u = *c.u;
  const PendingBuffer &buf = *c.buf;
  uptr at = c.at;
  MPI_Count element = c.element;
  const PendingOp &op = *u.op;
  if (Suppressed(kind, access_stack, op.start_stack))
    return;
  ReportDesc desc(kind);
  desc.verdict = "latent";
  desc.access = {access.is_write ? "write" : "read", at,
                 access.size - (at - access.addr)};
  desc.has_access = true;
  InternalScopedString &title = desc.AddStack("access", access_stack);
  title.AppendF("%s of size %zu at %p by rank %d, ",
                access.is_write ? "WRITE" : "READ", desc.access.size,
                (void *)at, WorldRank());
  AppendThread(&title, CurrentThreadName());
  title.AppendF(" (latent: no synchronization orders it after the completion "
                "by %s in ",
                u.complete_call);
  AppendThread(&title, u.completer);
  title.Append("; it came later in this run by luck)\n");
  DescribeBufferAt(&desc, at, op, buf, element, "completed");
  InternalScopedString &done = desc.AddStack("completion", u.complete_stack);
  done.AppendF("The operation was completed by %s in ", u.complete_call);
  AppendThread(&done, u.completer);
  done.Append(" here, and nothing orders that before the access:\n");
  desc.SetLastStackThread(u.completer);
  desc.SetSummary(access_stack, op.start_call, op.start_stack);
  EmitReport(desc);
}

void ReportUnorderedStart(const PendingOp &op, const PendingBuffer &buf,
                          u32 start_stack, const UnorderedOp &u,
                          const PendingBuffer &other, uptr at) {
  ErrorKind kind = ErrorKind::kOverlappingBuffers;
  if (!NewReport(kind, start_stack, u.op->start_stack))
    return;
  ReportDesc desc(kind);
  InternalScopedString &title = desc.AddStack("start", start_stack);
  title.AppendF("The %s buffer of %s [%p, %p) in ", RoleName(buf.role), op.call,
                (void *)buf.lo, (void *)buf.hi);
  AppendThread(&title, CurrentThreadName());
  title.AppendF(" overlaps, at %p, the %s buffer of %s that ", (void *)at,
                RoleName(other.role), u.op->call);
  AppendThread(&title, u.completer);
  title.AppendF(" completed, and no synchronization orders that completion "
                "before this start; at least one of them receives. %s "
                "started here:\n",
                op.call);
  DescribeBufferAt(&desc, at, *u.op, other, -1, "completed");
  InternalScopedString &done = desc.AddStack("completion", u.complete_stack);
  done.AppendF("The operation was completed by %s in ", u.complete_call);
  AppendThread(&done, u.completer);
  done.Append(" here:\n");
  desc.SetLastStackThread(u.completer);
  desc.SetSummary(start_stack, u.op->start_call, u.op->start_stack);
  EmitReport(desc);
}

} // namespace

void NoteCompleted(const PendingOp &op, const char *call, u32 complete_stack) {
  if (!CurrentThreadTracked())
    return;
  Stamp done = CurrentStamp();
  if (OrderedBeforeAllOthers(done))
    return;
  uptr lo, hi;
  Hull(op, &lo, &hi);
  if (lo >= hi)
    return;
  UnorderedOp u = {nullptr,
                   done,
                   CurrentThreadName(),
                   call,
                   complete_stack ? complete_stack : op.start_stack,
                   lo,
                   hi};
  for (uptr i = 0; i < unordered.size(); i++) {
    UnorderedOp &old = unordered[i];
    if (old.done.slot != done.slot || old.lo != lo || old.hi != hi)
      continue;
    // The same buffers again (a loop's next round): only the stamp and
    // the description change, the shadow stays as it is, and the copy is
    // rewritten where it is (the same data maps, no allocation).
    if (SameShadow(*old.op, op)) {
      u.op = old.op;
      DescribeInto(u.op, op, u.op->buffers);
      old = u;
      MirrorHulls();
      return;
    }
    Remove(i);
    break;
  }
  u.op = CopyOp(op);
  if (unordered.size() >= kMaxUnordered)
    Remove(0);
  unordered.push_back(u);
  MirrorHulls();
  Poison(u);
  WatchHull(lo, hi);
}

namespace {

// The first buffer `access` conflicts with that is not ordered before it.
// Caller holds StateMutex.
bool FindConflict(const AccessInfo &access, Conflict *out) {
  uptr begin = access.addr, end = access.addr + access.size;
  BufferAccess how =
      access.is_write ? BufferAccess::kStore : BufferAccess::kLoad;
  for (uptr i = 0; i < unordered.size(); i++) {
    const UnorderedOp &u = unordered[i];
    if (end <= u.lo || u.hi <= begin || OrderedBefore(u.done))
      continue;
    for (uptr b = 0; b < u.op->num_buffers; b++) {
      const PendingBuffer &buf = u.op->buffers[b];
      BufferRule rule = RuleFor(buf.role, how);
      if (!buf.map || !buf.armed || rule.outcome != RuleOutcome::kError)
        continue;
      bool found = false;
      ForEachSegmentIn(*buf.map, buf.base, buf.count, begin, end,
                       [&](uptr sb, uptr, MPI_Count e) {
                         if (found)
                           return;
                         found = true;
                         *out = {rule.kind, &u, &buf, sb > begin ? sb : begin,
                                 e};
                       });
      if (found)
        return true;
    }
  }
  return false;
}

} // namespace

void CheckUnorderedAccess(const AccessInfo &access) {
  if (OrderedAfterAllWithoutLock(access.addr, access.addr + access.size))
    return;
  {
    StateLock lock(&StateMutex());
    Conflict c;
    if (!FindConflict(access, &c) || !flags()->report_latent ||
        AlreadyReported(c.kind, access.pc, c.u->op->start_stack))
      return;
  }
  // Unwinding may free memory (pthread_getattr_np), and free() checks
  // pending buffers under StateMutex: capture first, then look again.
  u32 access_stack = CaptureStack(access.pc, access.bp, /*fast=*/false);
  StateLock lock(&StateMutex());
  Conflict c;
  if (FindConflict(access, &c))
    ReportUnorderedAccess(access, c, access_stack);
}

void CheckStartUnordered(const PendingOp &op, u32 start_stack) {
  if (unordered.empty() || !CurrentThreadTracked())
    return;
  for (uptr i = 0; i < unordered.size(); i++) {
    const UnorderedOp &u = unordered[i];
    if (OrderedBefore(u.done))
      continue;
    for (uptr b = 0; b < op.num_buffers; b++) {
      const PendingBuffer &mine = op.buffers[b];
      if (!mine.map || mine.hi <= u.lo || u.hi <= mine.lo)
        continue;
      for (uptr o = 0; o < u.op->num_buffers; o++) {
        const PendingBuffer &other = u.op->buffers[o];
        if (!other.map || !other.armed ||
            !(LibraryWrites(mine.role) || LibraryWrites(other.role)))
          continue;
        bool found = false;
        uptr at = 0;
        ForEachSegment(*mine.map, mine.base, mine.count, [&](uptr sb, uptr se) {
          ForEachSegmentIn(*other.map, other.base, other.count, sb, se,
                           [&](uptr ob, uptr, MPI_Count) {
                             if (!found)
                               at = ob > sb ? ob : sb;
                             found = true;
                           });
        });
        if (found) {
          ReportUnorderedStart(op, mine, start_stack, u, other, at);
          return;
        }
      }
    }
  }
}

void ForgetUnorderedIn(uptr begin, uptr end) {
  for (uptr i = unordered.size(); i-- > 0;)
    if (unordered[i].lo < end && begin < unordered[i].hi)
      Remove(i);
}

void RetireOrdered() {
  if (atomic_load_relaxed(&num_hulls) == 0)
    return;
  // Opportunistic: this thread may hold StateMutex already (a report asks
  // MPI for a datatype's name, and MPI takes its own mutex), and a buffer
  // watched longer only costs time.
  if (!StateMutex().TryLock())
    return;
  for (uptr i = unordered.size(); i-- > 0;)
    if (OrderedBeforeAllOthers(unordered[i].done))
      Remove(i);
  StateMutex().Unlock();
}

void ForgetThreadStack() {
  if (atomic_load_relaxed(&num_hulls) == 0)
    return;
  uptr top, bottom;
  GetThreadStackTopAndBottom(/*at_initialization=*/false, &top, &bottom);
  StateLock lock(&StateMutex());
  ForgetUnorderedIn(bottom, top);
}

} // namespace threads
} // namespace mpisync
