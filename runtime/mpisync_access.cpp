// Entry points called by instrumented code for every load and store, and the
// precise check they lead to. The pass will inline the first test
// (DESIGN.md section 4); here every level runs out of line: pending word,
// hull, shadow, then the pending buffers themselves.
#include "mpisync_access.h"

#include "mpisync_interface.h"
#include "mpisync_pending.h"
#include "mpisync_report.h"
#include "mpisync_rtl.h"
#include "mpisync_shadow.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

bool InHull(uptr addr, uptr size, uptr lo, uptr span) {
  return span != 0 && addr < lo + span && addr + size > lo;
}

ErrorKind KindOf(const PendingOp &op, const PendingBuffer &buf) {
  if (op.freed_while_active)
    return ErrorKind::kFreedRequestBufferAccess;
  return buf.role == BufferRole::kSend ? ErrorKind::kSendBufferWrite
                                       : ErrorKind::kRecvBufferAccess;
}

} // namespace

void CheckRange(uptr p, uptr size, bool is_write, uptr pc, uptr bp) {
  const MpisyncPublishedState &s = __mpisync_state;
  // User callbacks run by the library (reduction operations, ...) touch
  // buffers the library owns: they are part of the MPI call.
  if (LIKELY(!s.pending) || size == 0 || InsideMpi())
    return;
  uptr lo = is_write ? s.store_lo : s.load_lo;
  uptr span = is_write ? s.store_span : s.load_span;
  if (!InHull(p, size, lo, span))
    return;
  if (!ShadowHasAny(p, p + size, is_write ? kShadowStoreMask : kShadowLoadMask))
    return;
  Lock lock(&StateMutex());
  AccessInfo access = {p, size, is_write, pc, bp};
  ForEachOverlap(p, p + size,
                 [&](PendingOp *op, PendingBuffer &buf, uptr sb, uptr,
                     MPI_Count element) {
                   // MPI 3+ allows reading a pending send buffer.
                   if (buf.role == BufferRole::kSend && !is_write)
                     return;
                   AccessInfo at = access;
                   if (at.addr < sb) { // report the first byte that conflicts
                     at.size -= sb - at.addr;
                     at.addr = sb;
                   }
                   ReportBufferAccess(KindOf(*op, buf), at, *op, buf, element);
                 });
}

void CheckRelease(uptr begin, uptr end, bool is_stack, const char *how,
                  uptr pc, uptr bp) {
  const MpisyncPublishedState &s = __mpisync_state;
  if (LIKELY(!s.pending) || begin >= end ||
      !InHull(begin, end - begin, s.store_lo, s.store_span))
    return;
  Lock lock(&StateMutex());
  // Collect first: reporting deactivates, which changes the active set.
  InternalMmapVector<PendingOp *> hit;
  ForEachOverlap(begin, end,
                 [&](PendingOp *op, PendingBuffer &, uptr, uptr, MPI_Count) {
                   if (hit.empty() || hit.back() != op)
                     hit.push_back(op);
                 });
  if (hit.empty())
    return;
  u32 stack = CaptureStack(pc, bp, /*fast=*/false);
  for (uptr i = 0; i < hit.size(); i++) {
    PendingOp *op = hit[i];
    if (op->state != OpState::kActive)
      continue;
    for (uptr b = 0; b < op->num_buffers; b++) {
      const PendingBuffer &buf = op->buffers[b];
      if (buf.map && buf.lo < end && begin < buf.hi) {
        ReportReleasedBuffer(is_stack ? ErrorKind::kStackBufferOutOfScope
                                      : ErrorKind::kPendingBufferFreed,
                             how, begin, end, stack, *op, buf);
        break;
      }
    }
    // The memory is gone: later uses of it are not this operation's.
    DeactivateOp(op);
  }
}

} // namespace mpisync

using mpisync::CheckRange;

namespace {
ALWAYS_INLINE void CheckAccess(uptr addr, uptr size, bool is_write, uptr pc,
                               uptr bp) {
  if (LIKELY(!__mpisync_state.pending))
    return;
  CheckRange(addr, size, is_write, pc, bp);
}
} // namespace

#define MPISYNC_ACCESS_ENTRY(Size)                                             \
  extern "C" void __mpisync_load##Size(const void *p) {                        \
    CheckAccess((uptr)p, Size, false, GET_CALLER_PC(), GET_CURRENT_FRAME());   \
  }                                                                            \
  extern "C" void __mpisync_store##Size(const void *p) {                       \
    CheckAccess((uptr)p, Size, true, GET_CALLER_PC(), GET_CURRENT_FRAME());    \
  }
MPISYNC_ACCESS_ENTRY(1)
MPISYNC_ACCESS_ENTRY(2)
MPISYNC_ACCESS_ENTRY(4)
MPISYNC_ACCESS_ENTRY(8)
MPISYNC_ACCESS_ENTRY(16)
#undef MPISYNC_ACCESS_ENTRY

extern "C" void __mpisync_loadN(const void *p, uptr size) {
  CheckAccess((uptr)p, size, false, GET_CALLER_PC(), GET_CURRENT_FRAME());
}
extern "C" void __mpisync_storeN(const void *p, uptr size) {
  CheckAccess((uptr)p, size, true, GET_CALLER_PC(), GET_CURRENT_FRAME());
}

extern "C" void __mpisync_stack_release(const void *p, uptr size) {
  if (LIKELY(!__mpisync_state.pending))
    return;
  mpisync::CheckRelease((uptr)p, (uptr)p + size, /*is_stack=*/true,
                        "the end of a stack object's scope releases", GET_CALLER_PC(),
                        GET_CURRENT_FRAME());
}
