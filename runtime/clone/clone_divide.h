// Divided checking: with clones, the precise check of an access (what
// follows the fast path in CheckRange) is split among the clones by access
// site (its source location), and the parent runs only the fast path. By
// site, not by address range: reports are made once per (access site,
// request site), so one clone sees every access of a site and makes exactly
// the reports the unsplit run makes for it; with ranges, the accesses of
// one site (a loop over a buffer) would reach several clones, each making
// the report once, and ranges move with the heap and the stack.
//
// The detector's reports at MPI calls (overlapping buffers, missing
// completion, ...) are the parent's: clones make only the access reports
// of their own sites.
#ifndef MPISYNC_CLONE_DIVIDE_H
#define MPISYNC_CLONE_DIVIDE_H

#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {
struct ReportDesc;
namespace clone {

// True in a family with clones=K (parent or clone): checks are divided.
extern bool dividing;

// Whether this process runs the precise check of the access at `pc`.
bool ChecksSite(__sanitizer::uptr pc);

// Marks the reports made inside an access check: `mine` when this process
// owns the site. Other reports of a clone, and a parent's reports of sites
// a clone owns, are muted.
class AccessCheckScope {
public:
  explicit AccessCheckScope(bool mine);
  ~AccessCheckScope();

private:
  int saved_;
};

// For the report writer: whether this process leaves the report to another
// member of its family.
bool MutesReport();

// On a clone, the report's mode line ("cloned: made by clone J (of K) of
// rank R (divided checking)") and JSON mode fields, unless another mode
// acted.
void FillReportMode(ReportDesc *desc);

// Decides the split once the family is known.
void SetUpDivision();

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_DIVIDE_H
