// libc interceptors: see mpisync_interceptors.cpp.
#ifndef MPISYNC_INTERCEPTORS_H
#define MPISYNC_INTERCEPTORS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::uptr;

void InitializeInterceptors();
// The string, formatted-I/O and sorting functions of libc
// (mpisync_interceptors_libc.cpp); called by InitializeInterceptors.
void InitializeLibcInterceptors();
// Preloaded, a library's constructor may reach an interceptor before the
// runtime's own constructor ran: the first one initializes the runtime.
void InitializeIfNeeded();

// [p, p + size) read or written by libc on the program's behalf: checked
// like an instrumented access at the caller (pc, bp); inside MPI it is the
// library moving data and only observed.
void CheckLibcAccess(uptr p, uptr size, bool is_write, uptr pc, uptr bp);

// A copy made by the MPI library: marks the pending operations whose send
// data it read or whose receive data it wrote.
void ObserveLibraryCopy(uptr dst, uptr src, uptr size);

} // namespace mpisync

#endif // MPISYNC_INTERCEPTORS_H
