// Reports of one-sided communication: conflicts on window memory (both
// sides, with their ranks and stacks) and epoch misuse.
#include "mpisync_report_rma.h"
#include "mpisync_rma_call_names.h"

#include "mpisync_report_desc.h"
#include "mpisync_stack.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

const char *AccessName(const RmaRecord &r) {
  switch (r.kind) {
  case RmaRecord::kRead:
    return "READ";
  case RmaRecord::kWrite:
    return "WRITE";
  case RmaRecord::kAtomic:
    return r.atomic_read ? "atomic READ" : "atomic UPDATE";
  }
  return "ACCESS";
}

// "WRITE of [0x10, 0x18) of rank 1's window memory by rank 0 (MPI_Put),
// issued here:" and its stacks; `intro` goes before the first line.
void DescribeSide(ReportDesc *desc, const char *role, const char *intro,
                  const Window &w, const RmaRecord &r) {
  int accessor = w.world_ranks[r.accessor];
  int owner = w.world_ranks[r.owner];
  const char *unit = w.kind == WinKind::kDynamic ? "address" : "offset";
  const char *call = CallName(r.call_id);
  InternalScopedString &title = desc->AddStack(role, r.stack);
  title.Append(intro);
  if (r.is_op)
    title.AppendF("%s of %zu bytes at %s 0x%zx of rank %d's window memory by "
                  "%s on rank %d, issued here:\n",
                  AccessName(r), r.hi - r.lo, unit, r.lo, owner, call,
                  accessor);
  else if (call) // an operation's origin or result buffer
    title.AppendF("%s of %zu bytes at %s 0x%zx of rank %d's window memory by "
                  "rank %d (the %s buffer of its %s), here:\n",
                  AccessName(r), r.hi - r.lo, unit, r.lo, owner, accessor,
                  r.kind == RmaRecord::kWrite ? "result" : "origin", call);
  else
    title.AppendF("%s of %zu bytes at %s 0x%zx of rank %d's window memory by "
                  "rank %d (a %s), here:\n",
                  AccessName(r), r.hi - r.lo, unit, r.lo, owner, accessor,
                  r.kind == RmaRecord::kWrite ? "store" : "load");
  const char *complete_call = CallName(r.complete_call_id);
  if (r.is_op && r.complete_stack)
    desc->AddStack("completion", r.complete_stack)
        .AppendF("and completed at the target by %s on rank %d here:\n",
                 complete_call ? complete_call : "a synchronization call",
                 accessor);
}

} // namespace

void ReportRmaConflict(ErrorKind kind, const Window &w,
                       const RmaRecord &first, const RmaRecord &second) {
  if (!NewReport(kind, first.stack, second.stack))
    return;
  ReportDesc desc(kind);
  desc.access = {first.kind == RmaRecord::kRead ? "read" : "write", first.lo,
                 first.hi - first.lo};
  desc.has_access = true;
  InternalScopedString intro;
  intro.AppendF("Two accesses to the memory of a window created by %s "
                "overlap, at least one writes, and neither is ordered before "
                "the other by an RMA synchronization (MPI 4.1 section 12.7):\n",
                w.create_call);
  DescribeSide(&desc, "access", intro.data(), w, first);
  DescribeSide(&desc, "mpi_call", "", w, second);
  const char *call = CallName(second.call_id);
  if (!call)
    call = "a store";
  desc.SetSummary(first.stack, call, second.stack);
  EmitReport(desc);
}

void ReportWindowMemoryReleased(ErrorKind kind, const char *how, uptr begin,
                                uptr end, u32 stack, const Window &w,
                                u32 attach_stack) {
  // Attached memory names the MPI_Win_attach that gave it to the window.
  const char *call = attach_stack ? "MPI_Win_attach" : w.create_call;
  u32 call_stack = attach_stack ? attach_stack : w.create_stack;
  if (!NewReport(kind, stack, call_stack))
    return;
  ReportDesc desc(kind);
  desc.access = {how, begin, end - begin};
  desc.has_access = true;
  desc.AddStack("release", stack)
      .AppendF("%s [%p, %p) on rank %d, memory of a window that is still "
               "alive (MPI_Win_free, or MPI_Win_detach, must come first):\n",
               how, (void *)begin, (void *)end, WorldRank());
  InternalScopedString &title = desc.AddStack("mpi_call", call_stack);
  if (attach_stack)
    title.AppendF("It was attached to a window created by %s, here:\n",
                  w.create_call);
  else
    title.AppendF("The window was created by %s here:\n", w.create_call);
  desc.SetSummary(stack, call, call_stack);
  EmitReport(desc);
}

void ReportRmaMisuse(const char *call, u32 stack, const char *what, u32 other,
                     const char *other_title) {
  ErrorKind kind = ErrorKind::kRmaEpochMisuse;
  if (!NewReport(kind, stack, other))
    return;
  ReportDesc desc(kind);
  desc.AddStack("mpi_call", stack)
      .AppendF("%s on rank %d: %s\n", call, WorldRank(), what);
  if (other) {
    InternalScopedString &title = desc.AddStack("related", other);
    if (other_title && *other_title)
      title.AppendF("%s\n", other_title);
  }
  desc.SetSummary(stack, call, stack);
  EmitReport(desc);
  // MPICH usually aborts on the same misuse right after; mpiexec then
  // kills the job and may drop output still on its way. A moment's pause
  // lets the report through.
  SleepForMillis(200);
}

} // namespace mpisync
