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
  // MPI calls come from a handful of sites: remember the last answer.
  static THREADLOCAL uptr last_pc;
  static THREADLOCAL bool last_answer;
  if (pc == last_pc)
    return last_answer;
  Dl_info info;
  bool answer = dladdr(reinterpret_cast<void *>(pc), &info) &&
                IsMpiLibraryModule(info.dli_fname);
  last_pc = pc;
  last_answer = answer;
  return answer;
}

} // namespace mpisync
