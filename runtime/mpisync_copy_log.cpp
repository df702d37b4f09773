// The copy log: positions grow for the life of the process; the entries
// of positions [base, base + log.size()) are kept. Memory is bounded: at
// kMaxLoggedCopies entries the log is applied through the address index to
// every operation active at the time of each copy (what applying each copy
// at once did, O(log n) per copy) and emptied.
#include "mpisync_copy_log.h"
#include "mpisync_alloc.h"
#include "mpisync_pending.h"
#include "mpisync_scratch.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

struct LoggedCopy {
  uptr begin, end;
  bool write; // into a receive buffer; else out of a send buffer
};

// 6 MiB: more than one fence epoch of bfs_rma (10^5 Gets) or one sweep of
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

void ApplyThroughIndex() {
  ScratchVector<LoggedCopy> &copies = Log();
  for (uptr i = 0; i < copies.size(); i++) {
    const LoggedCopy &c = copies[i];
    if (c.write)
      NoteLibraryWrite(c.begin, c.end, base + i);
    else
      NoteLibraryRead(c.begin, c.end, base + i);
  }
  ForgetLoggedCopies();
}

} // namespace

void LogLibraryCopy(uptr src, uptr dst, uptr size) {
  ScratchVector<LoggedCopy> &copies = Log();
  if (copies.size() + 2 > kMaxLoggedCopies)
    ApplyThroughIndex();
  if (src)
    copies.push_back({src, src + size, false});
  if (dst)
    copies.push_back({dst, dst + size, true});
}

u64 CopyLogEnd() { return base + Log().size(); }

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
  ScratchVector<LoggedCopy> &copies = Log();
  base += copies.size();
  copies.clear();
}

} // namespace mpisync
