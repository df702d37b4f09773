// The report policy: one report per (site, other site) pair and kind,
// suppressions, the printer log_format asks for, the error count and
// halt_on_error. What a report says is in mpisync_report_buffer.cpp and
// mpisync_report_rma.cpp; how it looks in the printers.
#include "mpisync_report.h"
#include "mpisync_alloc.h"

#include "amplify/amplify.h"
#include "clone/clone_divide.h"
#include "mpisync_flags.h"
#include "mpisync_report_desc.h"
#include "mpisync_suppressions.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#include "threads/thread_clocks.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

int world_rank = -1;
uptr error_count;

// (site, other << 8 | kind) of every report made: a hash set, so a bug
// repeated in a loop costs a lookup, not a scan of every report so far.
using ReportKey = detail::DenseMapPair<u64, u64>;
DenseMap<ReportKey, char> *reported;

} // namespace

bool AlreadyReported(ErrorKind kind, uptr site, u32 other) {
  if (flags()->report_all)
    return false;
  if (!reported)
    reported =
        new (RuntimeAlloc(sizeof(*reported))) DenseMap<ReportKey, char>();
  ReportKey key((u64)site, (u64)other << 8 | (u64)kind);
  if (reported->count(key))
    return true;
  (*reported)[key] = 1;
  return false;
}

bool Suppressed(ErrorKind kind, u32 a, u32 b) {
  u32 stacks[2] = {a, b};
  return IsSuppressed(ErrorKindName(kind), stacks, 2);
}

bool NewReport(ErrorKind kind, u32 stack, u32 other) {
  return !AlreadyReported(kind, stack, other) &&
         !Suppressed(kind, stack, other);
}

__sanitizer::InternalScopedString &ReportDesc::AddStack(const char *role,
                                                        u32 id) {
  // More stacks than fit: the last slot is reused (none of today's reports
  // has more than four).
  ReportStack &s =
      stacks[num_stacks < kMaxStacks ? num_stacks++ : kMaxStacks - 1];
  s.role = role;
  s.id = id;
  bool own = !internal_strcmp(role, "access") ||
             !internal_strcmp(role, "release") ||
             !internal_strcmp(role, "start");
  s.thread = own && threads::Tracking() ? threads::CurrentThreadName() : -1;
  s.title.clear();
  return s.title;
}

// A report is written with one write, so ranks sharing a terminal or a pipe
// do not interleave their lines.
void EmitReport(ReportDesc &desc) {
  // With clones, each report is made by one member of the family, and a
  // clone's report says it is one.
  if (clone::MutesReport())
    return;
  clone::FillReportMode(&desc);
  if (amplify::Active())
    amplify::AnnotateReport(&desc);
  static uptr report_count;
  report_count++;
  if (desc.counts_as_error)
    error_count++;
  if (JsonReports()) {
    PrintJsonReport(desc, world_rank, report_count);
  } else {
    InternalScopedString out;
    RenderTextReport(desc, world_rank, &out);
    Printf("%s", out.data());
  }
  if (desc.counts_as_error && flags()->halt_on_error) {
    Report("ABORTING (halt_on_error=1)\n");
    Die();
  }
}

void SetWorldRank(int rank) {
  world_rank = rank;
  JsonReports(); // a bad log_format stops every rank here
}
int WorldRank() { return world_rank; }
uptr ErrorCount() { return error_count; }

} // namespace mpisync
