// One report, described: what every check fills in, and what the text
// printer (mpisync_report_text.cpp) and the JSON printer
// (mpisync_report_json.cpp) render. tsan's ReportDesc is the model: checks
// say what happened, printers decide how it looks. docs/reports.md shows
// both forms.
#ifndef MPISYNC_REPORT_DESC_H
#define MPISYNC_REPORT_DESC_H

#include "mpisync_report.h"
#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {

// A stack of the report and the text that introduces it (one or more lines,
// each ending in '\n').
struct ReportStack {
  const char *role; // "access", "mpi_call", "completion", "release", ...
  u32 id;           // StackDepot id
  // The thread whose stack it is (0: main thread, N: TN), -1 unknown or
  // a process with one thread.
  int thread;
  __sanitizer::InternalScopedString title;
};

// The pending buffer a report is about, and where in it the conflict is.
struct ReportBuffer {
  const PendingOp *op;
  const PendingBuffer *buf; // `part`, or the operation's own
  // The part of a buffer several RMA calls share that one call gave
  // (ContinueRmaOp, mpisync_report_buffer.cpp).
  PendingBuffer part;
  uptr addr;
  MPI_Count element; // -1: not one element
  char datatype[64];
};

// The access a report is about: a load or store ("read", "write"), or what
// released the memory ("free() releases", ...) with size the length.
struct ReportAccess {
  const char *type;
  uptr addr, size;
};

struct ReportDesc {
  static constexpr uptr kMaxStacks = 6;

  explicit ReportDesc(ErrorKind kind) : kind(kind) {}
  ReportDesc(const ReportDesc &) = delete;
  ReportDesc &operator=(const ReportDesc &) = delete;

  // Appends a stack and returns its (empty) title for the caller to write:
  // desc.AddStack("access", id).AppendF("WRITE of size %zu ...\n", ...).
  // An access, release or start is the reporting thread's; other stacks'
  // threads are unknown unless set (SetLastStackThread).
  __sanitizer::InternalScopedString &AddStack(const char *role, u32 id);
  void SetLastStackThread(int thread) {
    if (num_stacks)
      stacks[num_stacks - 1].thread = thread;
  }
  // The SUMMARY line: the place of the error and the MPI call.
  void SetSummary(u32 where, const char *call, u32 call_where) {
    where_stack = where;
    call_name = call;
    call_stack = call_where;
  }

  ErrorKind kind;
  // "manifest", "latent", "unknown", or null where a report has none.
  const char *verdict = nullptr;
  ReportAccess access = {};
  bool has_access = false;
  ReportBuffer buffer = {};
  bool has_buffer = false;
  // The run-time mode that made or changed the report (amplify, scaling
  // guard, cloning), and its own fields: JSON "mode": {"name": mode,
  // key: value...}. The text says what the mode did in the stacks' titles.
  struct ModeField {
    const char *key;
    const char *text; // null: the value is `number`
    __sanitizer::s64 number;
  };
  static constexpr uptr kMaxModeFields = 12;
  const char *mode = nullptr;
  ModeField mode_fields[kMaxModeFields];
  uptr num_mode_fields = 0;
  void AddModeField(const char *key, const char *text,
                    __sanitizer::s64 number = 0) {
    if (num_mode_fields < kMaxModeFields)
      mode_fields[num_mode_fields++] = {key, text, number};
  }
  // amplify=1 forced the conflict: the stage and what it did (the text's
  // "amplified: <stage> (<why>)" line before SUMMARY, the JSON's
  // "amplified"; docs/amplify.md).
  const char *amplified = nullptr;
  const char *amplified_why = nullptr;
  // A mode's notice of something it handled: printed, but it neither
  // counts for the exit code nor stops the run (halt_on_error).
  bool counts_as_error = true;
  // Occurrences of the same error at the same pair of places that this
  // report stands for ("and N more like it" in the SUMMARY line).
  uptr more_like_it = 0;
  // The SUMMARY line's two places.
  u32 where_stack = 0;
  const char *call_name = nullptr;
  u32 call_stack = 0;

  ReportStack stacks[kMaxStacks];
  uptr num_stacks = 0;
};

// Renders `desc` in the sanitizer's text format into `out`.
void RenderTextReport(const ReportDesc &desc, int rank,
                      __sanitizer::InternalScopedString *out);
// The SUMMARY line without its "SUMMARY: " prefix and newline:
// "MPISync: KIND first-place; CALL at call-place".
void RenderSummary(const ReportDesc &desc,
                   __sanitizer::InternalScopedString *out);
// log_format=json was asked for.
bool JsonReports();
// Writes `desc` as one JSON object on one line (docs/reports.md).
void PrintJsonReport(const ReportDesc &desc, int rank, uptr seq);

// The shared opening of a report about two places: false if this (kind,
// stack, other) triple was reported before, or a suppression matches
// either stack.
bool NewReport(ErrorKind kind, u32 stack, u32 other);
// The buffer part of a report: where `addr` lies in `buf` of `op` (a
// "pending" or "completed" operation, as `state` says) and the stacks of
// its start and of its completion or MPI_Request_free.
void DescribeBufferAt(ReportDesc *desc, uptr addr, const PendingOp &op,
                      const PendingBuffer &buf, MPI_Count element,
                      const char *state = "pending");
// One report per (site, other site) pair and kind: true if seen before.
bool AlreadyReported(ErrorKind kind, uptr site, u32 other);
bool Suppressed(ErrorKind kind, u32 a, u32 b);
// Prints (text or JSON), counts the error and applies halt_on_error.
// A mode may annotate `desc` first (amplify, cloning's mode line), and
// cloning may leave the report to another member of the family.
void EmitReport(ReportDesc &desc);

} // namespace mpisync

#endif // MPISYNC_REPORT_DESC_H
