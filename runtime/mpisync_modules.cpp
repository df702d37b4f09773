// Recognising the MPI stack's modules by file name.
#include "mpisync_modules.h"
#include "mpisync_alloc.h"

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
// Each range also names its module (a copy, in the snapshot's own block:
// a module unloaded later leaves no dangling name) and its load bias, so
// that a pc can travel to another rank as (module, offset).
struct CodeRange {
  uptr lo, hi;
  bool mpi;
  uptr bias;
  const char *name;
};
struct CodeMap {
  uptr size;
  unsigned long long adds; // the loader's count of loads it saw
  CodeRange ranges[1];     // `size` of them, then their names
};

struct Collected {
  unsigned long long adds = 0;
  InternalMmapVector<CodeRange> ranges;
  InternalMmapVector<char> names; // NUL-terminated; ranges hold offsets
};

// The main program's dl_iterate_phdr name is empty: its path instead, as
// another rank running another program must not match it.
const char *ModuleName(const char *dlpi_name) {
  if (dlpi_name && dlpi_name[0])
    return dlpi_name;
  static char binary[kMaxPathLength];
  if (!binary[0])
    ReadBinaryNameCached(binary, sizeof(binary));
  return binary;
}

atomic_uintptr_t current_map;
StaticSpinMutex rebuild_mu;

int AddModule(struct dl_phdr_info *info, size_t, void *arg) {
  auto *out = static_cast<Collected *>(arg);
  out->adds = info->dlpi_adds; // in glibc's dl_phdr_info since 2.4
  // The main program (no dlpi_name) is never the MPI library's.
  bool main_program = !info->dlpi_name || !info->dlpi_name[0];
  const char *name = ModuleName(info->dlpi_name);
  bool mpi = !main_program && IsMpiLibraryModule(info->dlpi_name);
  uptr name_at = out->names.size();
  for (const char *c = name; *c; c++)
    out->names.push_back(*c);
  out->names.push_back(0);
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X))
      out->ranges.push_back({info->dlpi_addr + ph.p_vaddr,
                             info->dlpi_addr + ph.p_vaddr + ph.p_memsz, mpi,
                             info->dlpi_addr,
                             reinterpret_cast<const char *>(name_at)});
  }
  return 0;
}

const CodeMap *Snapshot() {
  Collected got;
  dl_iterate_phdr(AddModule, &got);
  InternalMmapVector<CodeRange> &ranges = got.ranges;
  Sort(ranges.data(), ranges.size(),
       [](const CodeRange &a, const CodeRange &b) { return a.lo < b.lo; });
  uptr n = ranges.size();
  uptr head = sizeof(CodeMap) + sizeof(CodeRange) * (n ? n - 1 : 0);
  auto *map = static_cast<CodeMap *>(RuntimeAlloc(head + got.names.size() + 1));
  char *names = reinterpret_cast<char *>(map) + head;
  internal_memcpy(names, got.names.data(), got.names.size());
  map->size = n;
  map->adds = got.adds;
  for (uptr i = 0; i < n; i++) {
    map->ranges[i] = ranges[i];
    map->ranges[i].name = names + reinterpret_cast<uptr>(ranges[i].name);
  }
  return map;
}

// The range of the snapshot that holds pc, or null.
const CodeRange *Find(const CodeMap *map, uptr pc) {
  if (!map)
    return nullptr;
  uptr lo = 0, hi = map->size; // the first range starting after pc
  while (lo < hi) {
    uptr mid = (lo + hi) / 2;
    if (map->ranges[mid].lo <= pc)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0 || pc >= map->ranges[lo - 1].hi)
    return nullptr;
  return &map->ranges[lo - 1];
}

const CodeMap *Current() {
  return reinterpret_cast<const CodeMap *>(
      atomic_load(&current_map, memory_order_acquire));
}

// Takes and publishes a new snapshot; rebuild_mu held.
const CodeMap *Republish() {
  const CodeMap *map = Snapshot();
  atomic_store(&current_map, reinterpret_cast<uptr>(map), memory_order_release);
  return map;
}

int CountAdds(struct dl_phdr_info *info, size_t, void *arg) {
  *static_cast<unsigned long long *>(arg) = info->dlpi_adds;
  return 1; // the first module tells
}

// The current snapshot, replaced first if the loader has loaded something
// since it was taken. Asked when the current one lacks an answer: a pc in
// no module's code (JIT code, anonymous executable memory calling memcpy
// or MPI) or a module this process never loads (another program's) costs
// the loader's count, not a new snapshot each time (the old ones are never
// freed: other threads may be reading them).
const CodeMap *UpToDate() {
  unsigned long long adds = 0;
  dl_iterate_phdr(CountAdds, &adds);
  SpinMutexLock lock(&rebuild_mu);
  const CodeMap *map = Current();
  if (!map || map->adds != adds)
    map = Republish();
  return map;
}

// The range holding pc, or null for a pc in no module's code.
const CodeRange *RangeOf(uptr pc) {
  if (const CodeRange *r = Find(Current(), pc))
    return r;
  return Find(UpToDate(), pc);
}

const CodeRange *Named(const CodeMap *map, const char *module) {
  for (uptr i = 0; map && i < map->size; i++)
    if (!internal_strcmp(map->ranges[i].name, module))
      return &map->ranges[i];
  return nullptr;
}

} // namespace

bool IsMpiLibraryPc(uptr pc) {
  // A binary search of the modules' code ranges. dladdr searched the
  // module's symbols under the dynamic linker's global lock: with more
  // call sites than a per-thread cache of answers held (bench/'s
  // large_source: 480 MPI call sites), it was 23% of the run's samples,
  // and under MPI_THREAD_MULTIPLE the threads queued on that lock.
  const CodeRange *r = RangeOf(pc);
  return r && r->mpi; // no module's code: not MPI's
}

bool ModuleOffsetOfPc(uptr pc, const char **module, uptr *offset) {
  const CodeRange *r = RangeOf(pc);
  if (!r)
    return false;
  *module = r->name;
  *offset = pc - r->bias;
  return true;
}

uptr PcOfModuleOffset(const char *module, uptr offset) {
  const CodeRange *r = Named(Current(), module);
  if (!r)
    r = Named(UpToDate(), module);
  return r ? r->bias + offset : 0;
}

} // namespace mpisync
