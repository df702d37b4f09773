// Recognising the MPI stack's modules by file name.
#include "mpisync_modules.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_mutex.h"

#include <link.h>

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

namespace {

// The executable segments of the loaded modules, sorted, with the answer
// for each. A snapshot is never changed or freed once published (a reader
// may hold it); a pc outside it makes a new one (a module loaded since).
struct CodeRange {
  uptr lo, hi;
  bool mpi;
};
struct CodeMap {
  uptr size;
  CodeRange ranges[1]; // `size` of them
};

atomic_uintptr_t current_map;
StaticSpinMutex rebuild_mu;

int AddModule(struct dl_phdr_info *info, size_t, void *arg) {
  auto *out = static_cast<InternalMmapVector<CodeRange> *>(arg);
  const char *name =
      info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : nullptr;
  bool mpi = IsMpiLibraryModule(name);
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X))
      out->push_back({info->dlpi_addr + ph.p_vaddr,
                      info->dlpi_addr + ph.p_vaddr + ph.p_memsz, mpi});
  }
  return 0;
}

const CodeMap *Snapshot() {
  InternalMmapVector<CodeRange> ranges;
  dl_iterate_phdr(AddModule, &ranges);
  Sort(ranges.data(), ranges.size(),
       [](const CodeRange &a, const CodeRange &b) { return a.lo < b.lo; });
  uptr n = ranges.size();
  auto *map = static_cast<CodeMap *>(
      InternalAlloc(sizeof(CodeMap) + sizeof(CodeRange) * (n ? n - 1 : 0)));
  map->size = n;
  for (uptr i = 0; i < n; i++)
    map->ranges[i] = ranges[i];
  return map;
}

// Whether the snapshot holds pc; *mpi: its module's answer.
bool LookUp(const CodeMap *map, uptr pc, bool *mpi) {
  if (!map)
    return false;
  uptr lo = 0, hi = map->size; // the first range starting after pc
  while (lo < hi) {
    uptr mid = (lo + hi) / 2;
    if (map->ranges[mid].lo <= pc)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0 || pc >= map->ranges[lo - 1].hi)
    return false;
  *mpi = map->ranges[lo - 1].mpi;
  return true;
}

const CodeMap *Current() {
  return reinterpret_cast<const CodeMap *>(
      atomic_load(&current_map, memory_order_acquire));
}

} // namespace

bool IsMpiLibraryPc(uptr pc) {
  // A binary search of the modules' code ranges. dladdr searched the
  // module's symbols under the dynamic linker's global lock: with more
  // call sites than a per-thread cache of answers held (bench/'s
  // large_source: 480 MPI call sites), it was 23% of the run's samples,
  // and under MPI_THREAD_MULTIPLE the threads queued on that lock.
  bool mpi = false;
  if (LookUp(Current(), pc, &mpi))
    return mpi;
  SpinMutexLock lock(&rebuild_mu);
  if (LookUp(Current(), pc, &mpi))
    return mpi;
  const CodeMap *map = Snapshot();
  atomic_store(&current_map, reinterpret_cast<uptr>(map), memory_order_release);
  return LookUp(map, pc, &mpi) && mpi; // else no module's code: not MPI's
}

} // namespace mpisync
