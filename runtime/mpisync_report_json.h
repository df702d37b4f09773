// The structured form of one report, and its JSON Lines writer
// (log_format=json). mpisync_report.cpp fills a ReportRecord while it
// composes the text; the finished record goes to the text writer (which
// prints the text) or to the JSON writer (which prints its fields).
// docs/reports.md describes the JSON object.
#ifndef MPISYNC_REPORT_JSON_H
#define MPISYNC_REPORT_JSON_H

#include "mpisync_report.h"
#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {

struct ReportRecord {
  static constexpr uptr kMaxStacks = 4;
  // A stack of the report, with the text lines that introduce it.
  struct Stack {
    const char *role; // "access", "mpi_call", "completion", ...
    u32 id;
    uptr title_begin, title_end; // offsets into the text
  };

  explicit ReportRecord(ErrorKind kind) : kind(kind) {}

  // The text written so far (the header) introduces nothing.
  void StartBody(const __sanitizer::InternalScopedString &text) {
    text_mark = text.length();
  }
  // Appends stack `id` to `text` and records it; the text written since the
  // previous stack is its title.
  void PrintStack(const char *role, u32 id,
                  __sanitizer::InternalScopedString *text);
  // The SUMMARY line: the place of the error and the MPI call.
  void SetSummary(u32 where, const char *call_name, u32 call_where,
                  const __sanitizer::InternalScopedString &text);

  ErrorKind kind;
  // "manifest", "latent", "unknown" (buffer accesses only).
  const char *verdict = nullptr;
  // The amplify stage that forced the conflict (amplify/amplify.h), or null.
  const char *amplified = nullptr;
  // The access: "read" or "write" (buffer accesses), or what released the
  // memory ("free() releases", ...) with access_size the released length.
  const char *access_type = nullptr;
  uptr access_addr = 0, access_size = 0;
  // The buffer of the pending operation the report is about, and where in
  // it the conflict is.
  const PendingOp *op = nullptr;
  const PendingBuffer *buf = nullptr;
  uptr buf_addr = 0;
  MPI_Count element = -1;
  char datatype[64] = {};
  // The SUMMARY line's two places.
  u32 where_stack = 0;
  const char *call_name = nullptr;
  u32 call_stack = 0;
  uptr summary_begin = 0, summary_end = 0;

  Stack stacks[kMaxStacks];
  uptr num_stacks = 0;
  uptr text_mark = 0;
};

// log_format=json was asked for.
bool JsonReports();
// Writes `rec` as one JSON object on one line; `text` is the report's text,
// whose lines give the stacks' titles.
void PrintJsonReport(const ReportRecord &rec,
                     const __sanitizer::InternalScopedString &text, int rank,
                     uptr seq);

} // namespace mpisync

#endif // MPISYNC_REPORT_JSON_H
