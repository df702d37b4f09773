// The report policy: one report per (site, other site) pair and kind,
// suppressions, the printer log_format asks for, the error count and
// halt_on_error. What a report says is in mpisync_report_buffer.cpp and
// mpisync_report_rma.cpp; how it looks in the printers.
#include "mpisync_report.h"

#include "mpisync_flags.h"
#include "mpisync_report_desc.h"
#include "mpisync_suppressions.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

int world_rank = -1;
uptr error_count;

struct ReportedPair {
  uptr site;
  u32 other;
  ErrorKind kind;
};
InternalMmapVectorNoCtor<ReportedPair> reported_pairs;

} // namespace

bool AlreadyReported(ErrorKind kind, uptr site, u32 other) {
  for (uptr i = 0; i < reported_pairs.size(); i++)
    if (reported_pairs[i].site == site && reported_pairs[i].other == other &&
        reported_pairs[i].kind == kind)
      return true;
  reported_pairs.push_back({site, other, kind});
  return false;
}

bool Suppressed(ErrorKind kind, u32 a, u32 b) {
  u32 stacks[2] = {a, b};
  return IsSuppressed(ErrorKindName(kind), stacks, 2);
}

bool NewReport(ErrorKind kind, u32 stack, u32 other) {
  return !AlreadyReported(kind, stack, other) && !Suppressed(kind, stack, other);
}

__sanitizer::InternalScopedString &ReportDesc::AddStack(const char *role,
                                                        u32 id) {
  // More stacks than fit: the last slot is reused (none of today's reports
  // has more than four).
  ReportStack &s =
      stacks[num_stacks < kMaxStacks ? num_stacks++ : kMaxStacks - 1];
  s.role = role;
  s.id = id;
  s.title.clear();
  return s.title;
}

// A report is written with one write, so ranks sharing a terminal or a pipe
// do not interleave their lines.
void EmitReport(const ReportDesc &desc) {
  error_count++;
  if (JsonReports()) {
    PrintJsonReport(desc, world_rank, error_count);
  } else {
    InternalScopedString out;
    RenderTextReport(desc, world_rank, &out);
    Printf("%s", out.data());
  }
  if (flags()->halt_on_error) {
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
