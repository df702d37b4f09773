// Entry points called by instrumented code for every load and store, and the
// precise check they lead to. The pass will inline the first test
// (DESIGN.md section 4); here every level runs out of line: pending word,
// hull, shadow, then the pending buffers themselves.
#include "mpisync_access.h"

#include "clone/clone_divide.h"
#include "mpisync_copy_log.h"
#include "mpisync_interface.h"
#include "mpisync_pending.h"
#include "mpisync_report.h"
#include "mpisync_rma.h"
#include "mpisync_rma_window.h"
#include "mpisync_rtl.h"
#include "mpisync_send_status.h"
#include "mpisync_shadow.h"
#include "mpisync_stack.h"
#include "mpisync_stats.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_stacktrace.h"
#include "threads/unordered_buffers.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Accesses larger than this are ranges: see IsRange.
constexpr uptr kRangeAccess = 64;

bool InHull(uptr addr, uptr size, uptr lo, uptr span) {
  return span != 0 && addr < lo + span && addr + size > lo;
}

// The published interval of an access type: what a load (resp. store)
// can break lies in [lo, lo + span).
struct Interval {
  uptr lo, span;
};
Interval PublishedInterval(bool is_write) {
  const MpisyncPublishedState &s = __mpisync_state;
  return is_write ? Interval{s.store_lo, s.store_span}
                  : Interval{s.load_lo, s.load_span};
}

// The tests every check starts with: something of the access's type is
// pending, its hull meets [p, p + size), and (with clones dividing the
// checks by site) this process checks the site.
bool Entered(uptr p, uptr size, bool is_write, uptr pc) {
  const MpisyncPublishedState &s = __mpisync_state;
  // User callbacks run by the library (reduction operations, ...) touch
  // buffers the library owns: they are part of the MPI call.
  if (LIKELY(!s.pending) || size == 0 || InsideMpi())
    return false;
  CountStat(kStatPending);
  Interval in = PublishedInterval(is_write);
  if (in.span == 0)
    return false;
  CountStat(kStatAccessType);
  if (!InHull(p, size, in.lo, in.span))
    return false;
  CountStat(kStatInRange);
  // With clones the precise check is divided among them by access site and
  // the parent stops here (clone/clone_divide.h).
  return !UNLIKELY(clone::dividing) || clone::ChecksSite(pc);
}

// A range (a loop's hoisted check, a memcpy) is recorded as a whole in
// the windows it meets, and their bits stay: clearing them, and re-arming
// them at the next synchronization, would cost O(size / 8) twice per call.
// Away from pending operations the shadow has nothing more to say about it.
bool IsRange(uptr size) { return size > kRangeAccess; }

// The checks after Entered: window records, other threads' buffers, then
// the pending buffers themselves.
void CheckEntered(uptr p, uptr size, bool is_write, uptr pc, uptr bp) {
  bool range = IsRange(size);
  if (range && AnyWindows() && !MayMeetPendingOp(p, size, is_write)) {
    RecordWindowAccess(p, size, is_write, pc, bp, /*clear_shadow=*/false);
    return;
  }
  u8 mask = is_write ? kShadowStoreMask : kShadowLoadMask;
  u8 bits = ShadowOr(p, p + size) & mask;
  // Window memory: the access is recorded for the RMA conflict check.
  if (bits & kShadowWinMask)
    RecordWindowAccess(p, size, is_write, pc, bp, /*clear_shadow=*/!range);
  // A buffer another thread's operation released: is this access ordered
  // after the release?
  if (bits & kShadowUnorderedMask)
    threads::CheckUnorderedAccess({p, size, is_write, pc, bp});
  if (!(bits & ~(kShadowWinMask | kShadowUnorderedMask)))
    return;
  CountStat(kStatShadow);
  // The verdict of a write to a send buffer: has the data left by now?
  if (is_write)
    AskSendsBrokenBy(p, size);
  StateLock lock(&StateMutex());
  AccessInfo access = {p, size, is_write, pc, bp};
  ForEachOverlap(
      p, p + size,
      [&](PendingOp *op, PendingBuffer &buf, uptr sb, uptr, MPI_Count element) {
        BufferRule rule = RuleFor(buf.role, is_write ? BufferAccess::kStore
                                                     : BufferAccess::kLoad);
        if (rule.outcome != RuleOutcome::kError)
          return;
        // A request freed while active: whatever the role, its
        // completion can no longer be known, nor the verdict.
        ErrorKind kind = rule.kind;
        RuleVerdict verdict = rule.verdict;
        if (op->freed_while_active) {
          kind = ErrorKind::kFreedRequestBufferAccess;
          verdict = RuleVerdict::kNone;
        }
        CountStat(kStatConflict);
        AccessInfo at = access;
        if (at.addr < sb) { // report the first byte that conflicts
          at.size -= sb - at.addr;
          at.addr = sb;
        }
        ApplyLoggedCopies(op); // the verdict needs what was copied
        ReportBufferAccess(kind, verdict, at, *op, buf, element);
      });
}

} // namespace

void CheckRange(uptr p, uptr size, bool is_write, uptr pc, uptr bp) {
  if (!Entered(p, size, is_write, pc))
    return;
  clone::AccessCheckScope access_check(/*mine=*/true);
  CheckEntered(p, size, is_write, pc, bp);
}

void CheckRows(uptr hull, uptr hull_size, uptr first, uptr size, sptr stride,
               bool is_write, uptr pc, uptr bp) {
  if (size == 0 || hull_size < size || !Entered(hull, hull_size, is_write, pc))
    return;
  clone::AccessCheckScope access_check(/*mine=*/true);
  uptr step = stride < 0 ? -(uptr)stride : (uptr)stride;
  uptr rows = step == 0 ? 1 : (hull_size - size) / step + 1;
  if (IsRange(size) && AnyWindows() &&
      !MayMeetPendingOp(hull, hull_size, is_write)) {
    RecordWindowRows(first, size, stride, rows, is_write, pc, bp);
    return;
  }
  for (uptr k = 0; k < rows && __mpisync_state.pending; k++) {
    uptr row = first + k * (uptr)stride;
    // Each row against the interval again: a report may have changed it.
    Interval in = PublishedInterval(is_write);
    if (InHull(row, size, in.lo, in.span))
      CheckEntered(row, size, is_write, pc, bp);
  }
}

void CheckRelease(uptr begin, uptr end, bool is_stack, const char *how,
                  uptr pc, uptr bp) {
  const MpisyncPublishedState &s = __mpisync_state;
  if (LIKELY(!s.pending) || begin >= end ||
      !InHull(begin, end - begin, s.store_lo, s.store_span))
    return;
  CheckWindowMemoryRelease(begin, end, is_stack, how, pc, bp);
  // Every member of a family forgets the released operation; the clone
  // that owns the site reports it.
  clone::AccessCheckScope access_check(clone::ChecksSite(pc));
  StateLock lock(&StateMutex());
  threads::ForgetUnorderedIn(begin, end);
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
      if (!buf.map || buf.hi <= begin || end <= buf.lo)
        continue;
      BufferRule rule = RuleFor(buf.role, is_stack ? BufferAccess::kScopeExit
                                                   : BufferAccess::kFree);
      if (rule.outcome == RuleOutcome::kError) {
        ReportReleasedBuffer(rule.kind, how, begin, end, stack, *op, buf);
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
  mpisync::CountStat(mpisync::kStatReachedRuntime);
  if (LIKELY(!__mpisync_state.pending))
    return;
  CheckRange(addr, size, is_write, pc, bp);
}

ALWAYS_INLINE void CheckRowsAccess(uptr hull, uptr hull_size, uptr first,
                                   uptr size, sptr stride, bool is_write,
                                   uptr pc, uptr bp) {
  mpisync::CountStat(mpisync::kStatReachedRuntime);
  if (LIKELY(!__mpisync_state.pending))
    return;
  mpisync::CheckRows(hull, hull_size, first, size, stride, is_write, pc, bp);
}
} // namespace

// Two sets of entries: the C convention, and preserve_all for the cold
// blocks of the inline fast path (the caller keeps its registers live).
#define MPISYNC_ACCESS_ENTRY(Name, Size, IsWrite)                              \
  extern "C" void __mpisync_##Name(const void *p) {                            \
    CheckAccess((uptr)p, Size, IsWrite, GET_CALLER_PC(), GET_CURRENT_FRAME()); \
  }                                                                            \
  extern "C" __attribute__((preserve_all)) void __mpisync_##Name##_pa(         \
      const void *p) {                                                         \
    CheckAccess((uptr)p, Size, IsWrite, GET_CALLER_PC(), GET_CURRENT_FRAME()); \
  }
MPISYNC_ACCESS_ENTRY(load1, 1, false)
MPISYNC_ACCESS_ENTRY(load2, 2, false)
MPISYNC_ACCESS_ENTRY(load4, 4, false)
MPISYNC_ACCESS_ENTRY(load8, 8, false)
MPISYNC_ACCESS_ENTRY(load16, 16, false)
MPISYNC_ACCESS_ENTRY(store1, 1, true)
MPISYNC_ACCESS_ENTRY(store2, 2, true)
MPISYNC_ACCESS_ENTRY(store4, 4, true)
MPISYNC_ACCESS_ENTRY(store8, 8, true)
MPISYNC_ACCESS_ENTRY(store16, 16, true)
#undef MPISYNC_ACCESS_ENTRY

#define MPISYNC_RANGE_ENTRY(Name, IsWrite)                                     \
  extern "C" void __mpisync_##Name(const void *p, uptr size) {                 \
    CheckAccess((uptr)p, size, IsWrite, GET_CALLER_PC(), GET_CURRENT_FRAME()); \
  }                                                                            \
  extern "C" __attribute__((preserve_all)) void __mpisync_##Name##_pa(         \
      const void *p, uptr size) {                                              \
    CheckAccess((uptr)p, size, IsWrite, GET_CALLER_PC(), GET_CURRENT_FRAME()); \
  }
MPISYNC_RANGE_ENTRY(loadN, false)
MPISYNC_RANGE_ENTRY(storeN, true)
#undef MPISYNC_RANGE_ENTRY

// The cold entries: a check by a bare call, with no inline test in front
// of it (an access beside an MPI call, pass/BesideMpiCalls.h; a loop's
// hoisted range or a nest's rows where no call-free loop repeats them,
// FastPathEmitter::makeColdRangeCheck), so most calls find nothing
// pending. Answering that,
// or that the bytes [p, p + size) (a nest's hull: the rows entries' first
// two arguments) miss the interval of their access type, as the inline test
// would, costs a few compares and a return here; the _pa entry's prologue
// first saves every register its slow path may use, the vector registers
// included (the compiler neither shrink-wraps those saves nor keeps a
// preserve_all tail call from being inlined). Otherwise a jump hands the
// check to the _pa entry, which then sees the instrumented code as its
// caller: the frame a report names. r11 is scratch in preserve_all as in
// the C convention; rax is saved around its use; the published state is
// reached through the GOT, which the static link resolves and the
// preloaded library needs.
static_assert(__builtin_offsetof(MpisyncPublishedState, pending) == 0 &&
                  __builtin_offsetof(MpisyncPublishedState, load_lo) == 8 &&
                  __builtin_offsetof(MpisyncPublishedState, load_span) == 16 &&
                  __builtin_offsetof(MpisyncPublishedState, store_lo) == 24 &&
                  __builtin_offsetof(MpisyncPublishedState, store_span) == 32,
              "the cold entries read the published state at these offsets");
#if defined(__x86_64__)
// `End`: the operand that addresses p + size.
#define MPISYNC_COLD_ENTRY_ASM(Name, Lo, Span, End)                            \
  asm(".text\n"                                                                \
      ".globl __mpisync_" #Name "_cold\n"                                      \
      ".type __mpisync_" #Name "_cold, @function\n"                            \
      "__mpisync_" #Name "_cold:\n"                                            \
      "  movq __mpisync_state@GOTPCREL(%rip), %r11\n"                          \
      "  cmpb $0, _ZN7mpisync13stats_enabledE(%rip)\n"                         \
      "  jne __mpisync_" #Name "_pa@PLT\n"                                     \
      "  cmpq $0, (%r11)\n"                                                    \
      "  jne 1f\n"                                                             \
      "  ret\n"                                                                \
      "1:\n"                                                                   \
      "  cmpq $0, " #Span "(%r11)\n"                                           \
      "  je 2f\n"                                                              \
      "  pushq %rax\n"                                                         \
      "  movq " #Lo "(%r11), %rax\n"                                           \
      "  addq " #Span "(%r11), %rax\n"                                         \
      "  cmpq %rax, %rdi\n"                                                    \
      "  jae 3f\n"                                                             \
      "  leaq " End ", %rax\n"                                                 \
      "  cmpq " #Lo "(%r11), %rax\n"                                           \
      "  jbe 3f\n"                                                             \
      "  popq %rax\n"                                                          \
      "  jmp __mpisync_" #Name "_pa@PLT\n"                                     \
      "3:\n"                                                                   \
      "  popq %rax\n"                                                          \
      "2:\n"                                                                   \
      "  ret\n"                                                                \
      ".size __mpisync_" #Name "_cold, . - __mpisync_" #Name "_cold\n");
#define MPISYNC_COLD_ENTRY(Name, Size, Lo, Span)                               \
  MPISYNC_COLD_ENTRY_ASM(Name, Lo, Span, #Size "(%rdi)")
#define MPISYNC_COLD_RANGE_ENTRY(Name, Lo, Span)                               \
  MPISYNC_COLD_ENTRY_ASM(Name, Lo, Span, "(%rdi,%rsi)")
MPISYNC_COLD_ENTRY(load1, 1, 8, 16)
MPISYNC_COLD_ENTRY(load2, 2, 8, 16)
MPISYNC_COLD_ENTRY(load4, 4, 8, 16)
MPISYNC_COLD_ENTRY(load8, 8, 8, 16)
MPISYNC_COLD_ENTRY(load16, 16, 8, 16)
MPISYNC_COLD_ENTRY(store1, 1, 24, 32)
MPISYNC_COLD_ENTRY(store2, 2, 24, 32)
MPISYNC_COLD_ENTRY(store4, 4, 24, 32)
MPISYNC_COLD_ENTRY(store8, 8, 24, 32)
MPISYNC_COLD_ENTRY(store16, 16, 24, 32)
MPISYNC_COLD_RANGE_ENTRY(loadN, 8, 16)
MPISYNC_COLD_RANGE_ENTRY(storeN, 24, 32)
MPISYNC_COLD_RANGE_ENTRY(loadRows, 8, 16)
MPISYNC_COLD_RANGE_ENTRY(storeRows, 24, 32)
#undef MPISYNC_COLD_ENTRY
#undef MPISYNC_COLD_RANGE_ENTRY
#undef MPISYNC_COLD_ENTRY_ASM
#else
// The pass emits no cold call for other targets (FastPathEmitter.cpp); the
// entries exist so that the interface is the same everywhere.
#define MPISYNC_COLD_ENTRY(Name)                                               \
  extern "C" __attribute__((preserve_all)) void __mpisync_##Name##_cold(       \
      const void *p) {                                                         \
    if (LIKELY(!__mpisync_state.pending) && LIKELY(!mpisync::stats_enabled))   \
      return;                                                                  \
    __mpisync_##Name##_pa(p);                                                  \
  }
MPISYNC_COLD_ENTRY(load1)
MPISYNC_COLD_ENTRY(load2)
MPISYNC_COLD_ENTRY(load4)
MPISYNC_COLD_ENTRY(load8)
MPISYNC_COLD_ENTRY(load16)
MPISYNC_COLD_ENTRY(store1)
MPISYNC_COLD_ENTRY(store2)
MPISYNC_COLD_ENTRY(store4)
MPISYNC_COLD_ENTRY(store8)
MPISYNC_COLD_ENTRY(store16)
#undef MPISYNC_COLD_ENTRY
extern "C" __attribute__((preserve_all)) void
__mpisync_loadN_cold(const void *p, uptr size) {
  __mpisync_loadN_pa(p, size);
}
extern "C" __attribute__((preserve_all)) void
__mpisync_storeN_cold(const void *p, uptr size) {
  __mpisync_storeN_pa(p, size);
}
extern "C" __attribute__((preserve_all)) void
__mpisync_loadRows_cold(const void *hull, uptr hull_size, const void *first,
                        uptr size, sptr stride) {
  __mpisync_loadRows_pa(hull, hull_size, first, size, stride);
}
extern "C" __attribute__((preserve_all)) void
__mpisync_storeRows_cold(const void *hull, uptr hull_size, const void *first,
                         uptr size, sptr stride) {
  __mpisync_storeRows_pa(hull, hull_size, first, size, stride);
}
#endif

// A loop nest's rows (pass/AffineNestLifting.cpp): [hull, hull + hull_size)
// holds them all, for the same tests as a range before any row is looked at.
#define MPISYNC_ROWS_ENTRY(Name, IsWrite)                                      \
  extern "C" void __mpisync_##Name(const void *hull, uptr hull_size,           \
                                   const void *first, uptr size,               \
                                   sptr stride) {                              \
    CheckRowsAccess((uptr)hull, hull_size, (uptr)first, size, stride, IsWrite, \
                    GET_CALLER_PC(), GET_CURRENT_FRAME());                     \
  }                                                                            \
  extern "C" __attribute__((preserve_all)) void __mpisync_##Name##_pa(         \
      const void *hull, uptr hull_size, const void *first, uptr size,          \
      sptr stride) {                                                           \
    CheckRowsAccess((uptr)hull, hull_size, (uptr)first, size, stride, IsWrite, \
                    GET_CALLER_PC(), GET_CURRENT_FRAME());                     \
  }
MPISYNC_ROWS_ENTRY(loadRows, false)
MPISYNC_ROWS_ENTRY(storeRows, true)
#undef MPISYNC_ROWS_ENTRY

extern "C" void __mpisync_stack_release(const void *p, uptr size) {
  if (LIKELY(!__mpisync_state.pending))
    return;
  mpisync::CheckRelease((uptr)p, (uptr)p + size, /*is_stack=*/true,
                        "the end of a stack object's scope releases", GET_CALLER_PC(),
                        GET_CURRENT_FRAME());
}
