// Reports of one-sided communication: conflicts on window memory (both
// sides, with their ranks and stacks) and epoch misuse.
#include "mpisync_report_rma.h"

#include "mpisync_report_internal.h"
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
// issued here:" and its stacks.
void DescribeSide(const char *role, const Window &w, const RmaRecord &r,
                  InternalScopedString *out, ReportRecord *rec) {
  int accessor = w.world_ranks[r.accessor];
  int owner = w.world_ranks[r.owner];
  const char *unit = w.kind == WinKind::kDynamic ? "address" : "offset";
  if (r.is_op)
    out->AppendF("%s of %zu bytes at %s 0x%zx of rank %d's window memory by "
                 "%s on rank %d, issued here:\n",
                 AccessName(r), r.hi - r.lo, unit, r.lo, owner, r.call,
                 accessor);
  else
    out->AppendF("%s of %zu bytes at %s 0x%zx of rank %d's window memory by "
                 "rank %d (a %s), here:\n",
                 AccessName(r), r.hi - r.lo, unit, r.lo, owner, accessor,
                 r.kind == RmaRecord::kWrite ? "store" : "load");
  rec->PrintStack(role, r.stack, out);
  if (r.is_op && r.complete_stack) {
    out->AppendF("and completed at the target by %s on rank %d here:\n",
                 r.complete_call ? r.complete_call : "a synchronization call",
                 accessor);
    rec->PrintStack("completion", r.complete_stack, out);
  }
}

} // namespace

void ReportRmaConflict(ErrorKind kind, const Window &w,
                       const RmaRecord &first, const RmaRecord &second) {
  if (AlreadyReported(kind, first.stack, second.stack))
    return;
  if (Suppressed(kind, first.stack, second.stack))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  out.AppendF("Two accesses to the memory of a window created by %s "
              "overlap, at least one writes, and neither is ordered before "
              "the other by an RMA synchronization (MPI 4.1 section 12.7):\n",
              w.create_call);
  rec.access_type = first.kind == RmaRecord::kRead ? "read" : "write";
  rec.access_addr = first.lo;
  rec.access_size = first.hi - first.lo;
  DescribeSide("access", w, first, &out, &rec);
  DescribeSide("mpi_call", w, second, &out, &rec);
  const char *call = second.is_op ? second.call : "a store";
  PrintSummary(kind, first.stack, call, second.stack, &out, &rec);
  Emit(out, rec);
}

void ReportRmaMisuse(const char *call, u32 stack, const char *what, u32 other,
                     const char *other_title) {
  ErrorKind kind = ErrorKind::kRmaEpochMisuse;
  if (AlreadyReported(kind, stack, other))
    return;
  if (Suppressed(kind, stack, other))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  out.AppendF("%s on rank %d: %s\n", call, WorldRank(), what);
  rec.PrintStack("mpi_call", stack, &out);
  if (other) {
    if (other_title && *other_title)
      out.AppendF("%s\n", other_title);
    rec.PrintStack("related", other, &out);
  }
  PrintSummary(kind, stack, call, stack, &out, &rec);
  Emit(out, rec);
  // MPICH usually aborts on the same misuse right after; mpiexec then
  // kills the job and may drop output still on its way. A moment's pause
  // lets the report through.
  SleepForMillis(200);
}

} // namespace mpisync
