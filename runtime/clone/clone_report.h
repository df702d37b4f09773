// The clone-divergence report (docs/errors/clone-divergence.md): a clone
// sent other bytes than its parent.
#ifndef MPISYNC_CLONE_REPORT_H
#define MPISYNC_CLONE_REPORT_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace clone {

struct Divergence {
  const char *call = nullptr;                // the MPI call that sends
  __sanitizer::u32 stack = 0;                // where it was called
  int clone = 0;                             // which clone of this rank
  MPI_Count parent_size = 0, clone_size = 0; // packed message lengths
  MPI_Count first = -1, last = -1;           // first and last differing byte
  MPI_Count differing = 0; // bytes that differ in the common length
  __sanitizer::u8 parent_byte = 0, clone_byte = 0; // at `first`
};

// On the parent, once the clone's answer is in.
void ReportCloneDivergence(const Divergence &d);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_REPORT_H
