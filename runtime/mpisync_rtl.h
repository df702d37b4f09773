// Runtime start-up and per-thread state shared by the runtime's parts.
#ifndef MPISYNC_RTL_H
#define MPISYNC_RTL_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// Idempotent; runs from .preinit_array and from instrumented modules' ctors.
void Initialize();

// Depth of MPI calls on this thread. Inside the MPI library (depth > 0)
// nothing is reported: the library owns the buffers then.
extern THREADLOCAL int mpi_call_depth;
inline bool InsideMpi() { return mpi_call_depth > 0; }

// The kernel's id of this thread, asked once per thread (GetTid is a
// system call, and every operation start records it).
int CurrentTid();

} // namespace mpisync

#endif // MPISYNC_RTL_H
