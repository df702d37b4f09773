// The copy log: positions grow for the life of the process; the entries
// of positions [base, base + log.size()) are kept. Memory is bounded: before
// the log grows, the copies every active operation has seen are dropped
// (TrimSeen); at kMaxLoggedCopies entries the log is applied through the
// address index to every operation active at the time of each copy (what
// applying each copy at once did, O(log n) per copy) and emptied.
#include "mpisync_copy_log.h"
#include "mpisync_alloc.h"
#include "mpisync_pending.h"
#include "mpisync_rtl.h"
#include "mpisync_scratch.h"
#include "mpisync_thread_level.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// 16 bytes, not 24: user addresses take 47 bits, so the direction fits in
// the end's word (bfs_rma logs 10^5 copies per fence epoch).
struct LoggedCopy {
  uptr begin;
  uptr end : 63;
  uptr write : 1; // into a receive buffer; else out of a send buffer
};
static_assert(sizeof(LoggedCopy) == 16, "LoggedCopy: keep it in 16 bytes");

// 4 MiB: more than one fence epoch of bfs_rma (10^5 Gets) or one sweep of
// labelprop_p2p (10^5 receives) logs before the operations all complete.
constexpr uptr kMaxLoggedCopies = 1 << 18;

// Not InternalMmapVector: its push_back copies through internal_memcpy, a
// call and a byte loop per logged copy. Allocated, never destroyed: the
// library copies memory in its own exit handlers too.
ScratchVector<LoggedCopy> &Log() {
  static ScratchVector<LoggedCopy> *log;
  if (!log)
    log = new (RuntimeAlloc(sizeof(*log))) ScratchVector<LoggedCopy>();
  return *log;
}
u64 base;
// The log's end as last handed out (CopyLogEnd): an operation activated
// or brought up to date then has seen every copy before it, so a copy
// logged after may not be merged into one before it.
u64 sealed_end;

// Extends `last` by `c` when `c` continues it: same direction, its begin
// the last one's end (a Get per consecutive slot of a result array,
// receives into consecutive rows).
bool ExtendIfContinued(LoggedCopy &last, const LoggedCopy &c) {
  if (last.write != c.write || last.end != c.begin)
    return false;
  last.end = c.end;
  return true;
}

// Appends `c`, or extends the last copy by it when nobody has seen the
// log's end since: the two count for exactly the operations the pair
// would (every one active at both), and move the same bytes.
void PushCopy(const LoggedCopy &c) {
  ScratchVector<LoggedCopy> &copies = Log();
  uptr n = copies.size();
  if (n && base + n > sealed_end && ExtendIfContinued(copies[n - 1], c))
    return;
  copies.push_back(c);
}

// Drops the copies older than every active operation (each was activated
// after them, or applied them when asked): nobody will ask about those.
// Only while few operations are active against the log's length, so the
// scan costs less than one step per copy logged since the last. Threads
// that keep a few operations active at every moment never empty the
// active set, which is when the log is otherwise forgotten: without this,
// bench/'s threads_p2p grew its log to kMaxLoggedCopies (then 24-byte
// entries: 6 MiB, 12 MiB resident with the block it outgrew), most of its
// added peak memory.
void TrimSeen() {
  ScratchVector<LoggedCopy> &copies = Log();
  uptr active = NumActiveOps();
  if (active > copies.size() / 4)
    return;
  u64 oldest = base + copies.size();
  for (uptr i = 0; i < active; i++)
    oldest = Min(oldest, ActiveOp(i)->copies_seen);
  if (oldest <= base)
    return;
  copies.erase_front(oldest - base);
  base = oldest;
}

void ClearLog() {
  ScratchVector<LoggedCopy> &copies = Log();
  base += copies.size();
  copies.clear();
}

void ApplyThroughIndex() {
  ScratchVector<LoggedCopy> &copies = Log();
  for (uptr i = 0; i < copies.size(); i++) {
    const LoggedCopy &c = copies[i];
    if (c.write)
      NoteLibraryWrite(c.begin, c.end, base + i);
    else
      NoteLibraryRead(c.begin, c.end, base + i);
  }
  ClearLog();
}

// Room for `n` more copies.
void MakeRoom(uptr n) {
  ScratchVector<LoggedCopy> &copies = Log();
  if (copies.size() + n <= copies.capacity())
    return;
  TrimSeen();
  if (copies.size() + n > kMaxLoggedCopies)
    ApplyThroughIndex();
  else if (2 * copies.size() > copies.capacity())
    // Half the log free: the next trim is that many copies away.
    copies.reserve(2 * copies.capacity());
}

// The copies of this thread's MPI call not yet in the log (a few: one per
// message the call moves, joined at the call's end).
constexpr uptr kThreadCopies = 64;
struct ThreadCopies {
  uptr n;
  LoggedCopy copy[kThreadCopies];
};
THREADLOCAL ThreadCopies thread_copies;

void Append(uptr src, uptr dst, uptr size) {
  MakeRoom(2);
  if (src)
    PushCopy({src, src + size, false});
  if (dst)
    PushCopy({dst, dst + size, true});
}

// Into the thread's buffer, which nobody reads before it joins the log:
// a copy that continues the buffer's last one extends it.
void BufferCopy(ThreadCopies &t, const LoggedCopy &c) {
  if (t.n && ExtendIfContinued(t.copy[t.n - 1], c))
    return;
  t.copy[t.n++] = c;
}

} // namespace

bool BufferLibraryCopy(uptr src, uptr dst, uptr size) {
  ThreadCopies &t = thread_copies;
  if (t.n + 2 > kThreadCopies || !InsideMpi() || ConcurrentMpiCalls())
    return false;
  if (src)
    BufferCopy(t, {src, src + size, false});
  if (dst)
    BufferCopy(t, {dst, dst + size, true});
  return true;
}

bool ThreadHasBufferedCopies() { return thread_copies.n != 0; }

void FlushThreadCopies() {
  ThreadCopies &t = thread_copies;
  if (t.n == 0)
    return;
  MakeRoom(t.n);
  for (uptr i = 0; i < t.n; i++)
    PushCopy(t.copy[i]);
  t.n = 0;
}

void LogLibraryCopy(uptr src, uptr dst, uptr size) {
  FlushThreadCopies();
  Append(src, dst, size);
}

u64 CopyLogEnd() {
  FlushThreadCopies();
  sealed_end = base + Log().size();
  return sealed_end;
}

void ApplyLoggedCopies(PendingOp *op) {
  u64 end = CopyLogEnd();
  ScratchVector<LoggedCopy> &copies = Log();
  for (u64 pos = Max(op->copies_seen, base); pos < end; pos++) {
    const LoggedCopy &c = copies[pos - base];
    bool *done = c.write ? &op->recv_data_written : &op->send_data_consumed;
    u64 *moved = c.write ? &op->recv_bytes_moved : &op->send_bytes_moved;
    // As the index walk does: the buffers in the index (active, armed,
    // with data) of the copy's direction, until all their data moved.
    for (uptr b = 0; b < op->num_buffers && !*done; b++) {
      const PendingBuffer &buf = op->buffers[b];
      if (buf.index_node && LibraryWrites(buf.role) == c.write &&
          buf.lo < c.end && c.begin < buf.hi &&
          CountMovedBytes(op, b, c.begin, c.end, moved))
        *done = true;
    }
  }
  op->copies_seen = end;
}

void ForgetLoggedCopies() {
  thread_copies.n = 0; // older still than the log's end
  ClearLog();
}

} // namespace mpisync
