// Reports of one-sided communication (docs/errors/rma-*.md).
#ifndef MPISYNC_REPORT_RMA_H
#define MPISYNC_REPORT_RMA_H

#include "mpisync_report.h"
#include "mpisync_rma_window.h"

namespace mpisync {

// Two accesses of `w`'s memory owned by this process conflict: `first` (a
// load or store when one is, else the later operation) and `second`.
void ReportRmaConflict(ErrorKind kind, const Window &w,
                       const RmaRecord &first, const RmaRecord &second);
// `call` (at `stack`) breaks the epoch rules: `what` says how; `other`
// (when non-zero, introduced by `other_title`) is the call it clashes with.
void ReportRmaMisuse(const char *call, u32 stack, const char *what,
                     u32 other, const char *other_title);

// `how` (at `stack`) released [begin, end), memory of window `w` on this
// process, before MPI_Win_free (or MPI_Win_detach, for memory attached at
// `attach_stack`; 0 for a window's own memory).
void ReportWindowMemoryReleased(ErrorKind kind, const char *how, uptr begin,
                                uptr end, u32 stack, const Window &w,
                                u32 attach_stack);

} // namespace mpisync

#endif // MPISYNC_REPORT_RMA_H
