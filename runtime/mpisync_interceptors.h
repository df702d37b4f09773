// libc interceptors: data movement by non-instrumented code is checked like
// an access; data movement by the MPI library is observed (it tells when the
// library consumed a send buffer or produced a receive buffer) and never
// reported.
#ifndef MPISYNC_INTERCEPTORS_H
#define MPISYNC_INTERCEPTORS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::uptr;

void InitializeInterceptors();

// Checks [p, p + size) as an access by the code at return address `pc`.
void CheckRange(uptr p, uptr size, bool is_write, uptr pc, uptr bp);

// A copy made by the MPI library: marks the pending operations whose send
// data it read or whose receive data it wrote.
void ObserveLibraryCopy(uptr dst, uptr src, uptr size);

} // namespace mpisync

#endif // MPISYNC_INTERCEPTORS_H
