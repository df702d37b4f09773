// The parts of report composition shared by the report files
// (mpisync_report.cpp, mpisync_report_rma.cpp).
#ifndef MPISYNC_REPORT_INTERNAL_H
#define MPISYNC_REPORT_INTERNAL_H

#include "mpisync_report.h"
#include "mpisync_report_json.h"

namespace mpisync {

// One report per (site, other site) pair and kind: true if seen before.
bool AlreadyReported(ErrorKind kind, uptr site, u32 request_stack);
bool Suppressed(ErrorKind kind, u32 a, u32 b);
void PrintHeader(ErrorKind kind, __sanitizer::InternalScopedString *out,
                 ReportRecord *rec);
void PrintSummary(ErrorKind kind, u32 first_stack, const char *call,
                  u32 call_stack, __sanitizer::InternalScopedString *out,
                  ReportRecord *rec);
// Prints (or writes as JSON) and applies halt_on_error. A report that does
// not count as an error (a mode's notice of something it handled) leaves the
// exit code alone and does not halt.
void Emit(const __sanitizer::InternalScopedString &out,
          const ReportRecord &rec, bool counts_as_error = true);

} // namespace mpisync

#endif // MPISYNC_REPORT_INTERNAL_H
