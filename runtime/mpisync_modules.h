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

// A pc as another process can read it: the path of the module whose code
// holds it and its offset from the module's load bias (false: no module's
// code). The name stays valid for the process's life.
bool ModuleOffsetOfPc(uptr pc, const char **module, uptr *offset);
// The reverse, in this process: 0 when no module of that path is loaded.
uptr PcOfModuleOffset(const char *module, uptr offset);

} // namespace mpisync

#endif // MPISYNC_MODULES_H
