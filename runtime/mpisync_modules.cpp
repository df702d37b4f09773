// Recognising the MPI stack's modules by file name.
#include "mpisync_modules.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

#include <dlfcn.h>

using namespace __sanitizer;

namespace mpisync {

bool IsMpiLibraryModule(const char *path) {
  if (!path)
    return false;
  const char *name = StripModuleName(path);
  // MPICH and its network layers; Open MPI's libraries and its MCA
  // components (mca_btl_vader.so, mca_osc_rdma.so, ...).
  static const char *const kPrefixes[] = {
      "libmpi",  "libpmpi",     "libucp",      "libucs",         "libuct",
      "libucm",  "libfabric",   "libhwloc",    "libpmix",        "libyaksa",
      "libpsm",  "libibverbs",  "librdmacm",   "libmlx",         "libxpmem",
      "libknem", "libopen-pal", "libopen-rte", "libmca_common_", "mca_"};
  for (const char *prefix : kPrefixes)
    if (internal_strncmp(name, prefix, internal_strlen(prefix)) == 0)
      return true;
  return internal_strstr(path, "/ucx/") != nullptr;
}

bool IsMpiLibraryPc(uptr pc) {
  // MPI calls come from a handful of sites: remember the answers per thread,
  // direct-mapped by pc. dladdr searches the module's symbols under the
  // dynamic linker's global lock; one remembered site was not enough when a
  // loop alternates between calls (Isend, Irecv, Waitall), and under
  // MPI_THREAD_MULTIPLE the threads then queued on that lock at every call.
  constexpr uptr kSlots = 32;
  static THREADLOCAL uptr cached_pc[kSlots];
  static THREADLOCAL bool cached_answer[kSlots];
  uptr slot = (pc ^ (pc >> 7)) % kSlots;
  if (pc != 0 && cached_pc[slot] == pc)
    return cached_answer[slot];
  Dl_info info;
  bool answer = dladdr(reinterpret_cast<void *>(pc), &info) &&
                IsMpiLibraryModule(info.dli_fname);
  cached_pc[slot] = pc;
  cached_answer[slot] = answer;
  return answer;
}

} // namespace mpisync
