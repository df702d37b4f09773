// Which code belongs to the MPI stack (MPICH, Open MPI and its components,
// their Fortran bindings, UCX, libfabric, ...): its data movement is the
// library's own and is never reported, and its frames are skipped when naming
// where an MPI call was made.
#ifndef MPISYNC_MODULES_H
#define MPISYNC_MODULES_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::uptr;

bool IsMpiLibraryModule(const char *path);
bool IsMpiLibraryPc(uptr pc);

} // namespace mpisync

#endif // MPISYNC_MODULES_H
