// libc interceptors: see mpisync_interceptors.cpp.
#ifndef MPISYNC_INTERCEPTORS_H
#define MPISYNC_INTERCEPTORS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::uptr;

void InitializeInterceptors();

// A copy made by the MPI library: marks the pending operations whose send
// data it read or whose receive data it wrote.
void ObserveLibraryCopy(uptr dst, uptr src, uptr size);

} // namespace mpisync

#endif // MPISYNC_INTERCEPTORS_H
