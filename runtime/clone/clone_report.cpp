// The clone-divergence report, in the sanitizer's shape: header with the
// parent's rank, what differs, the stack of the MPI call, SUMMARY with its
// file:line. One report per call site.
#include "clone/clone_report.h"

#include "clone/clone_state.h"
#include "mpisync_mpi_hooks.h"
#include "mpisync_report_desc.h"
#include "mpisync_stack.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

void ReportCloneDivergence(const Divergence &d) {
  u32 stack = d.stack;
  ErrorKind kind = ErrorKind::kCloneDivergence;
  if (!NewReport(kind, stack, 0))
    return;
  ReportDesc desc(kind);
  InternalScopedString &out = desc.AddStack("mpi_call", stack);
  out.AppendF("The data sent by %s differs between rank %d and its clone %d "
              "(of %d): ",
              d.call, family.app_rank, d.clone, family.num_clones);
  if (d.parent_size != d.clone_size)
    out.AppendF("the parent sends %lld bytes, the clone %lld",
                (long long)d.parent_size, (long long)d.clone_size);
  if (d.differing) {
    if (d.parent_size != d.clone_size)
      out.Append("; ");
    out.AppendF("%lld of %lld bytes differ, the first at byte %lld of the "
                "message (0x%02x on the parent, 0x%02x on the clone), the "
                "last at byte %lld",
                (long long)d.differing,
                (long long)(d.parent_size < d.clone_size ? d.parent_size
                                                         : d.clone_size),
                (long long)d.first, d.parent_byte, d.clone_byte,
                (long long)d.last);
  }
  out.Append(".\nThe rank computed differently from its clone: "
             "nondeterminism (a receive buffer read before completion, "
             "uninitialized memory, timing) or a hardware fault.\n");
  out.AppendF("%s was called here:\n", d.call);
  desc.SetSummary(stack, d.call, stack);
  EmitReport(desc);
}

} // namespace clone
} // namespace mpisync
