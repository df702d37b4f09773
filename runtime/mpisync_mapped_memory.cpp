// MappedEnd and RangeMapped (mpisync_mapped_memory.h), from /proc/self/maps:
// called only for pending buffers larger than kMappedCheckThreshold and for
// the copies of amplify's and the cloning layer's rare deliveries.
//
// Reading the maps costs about half a millisecond, and a program may start
// thousands of operations whose extents pass the threshold (the columns of
// a 32 MB matrix, each a vector type over all of it). The readable runs of
// the last reading are kept, and a range they cover is taken as still
// mapped when msync(MS_ASYNC) finds no hole in it now (one system call;
// it fails with ENOMEM where a page is unmapped, and writes nothing back).
// Memory the program or glibc unmapped since is a hole, and a range the
// kept runs do not cover is read afresh. What msync cannot see is a page
// made unreadable in place (mprotect, or a PROT_NONE mapping put over it
// with MAP_FIXED): a pending buffer's extent is then watched over it, which
// costs shadow and no access; RangeMapped, whose answer guards a copy,
// always reads the maps.
#include "mpisync_mapped_memory.h"

#include "mpisync_shadow.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_mutex.h"
#include "sanitizer_common/sanitizer_procmaps.h"

#include <sys/mman.h>

using namespace __sanitizer;

namespace mpisync {

namespace {

struct Span {
  uptr start, end;
};

StaticSpinMutex maps_mu;
// Readable memory of the program at the last reading, in address order,
// touching segments joined. The shadow reservation (terabytes, often right
// next to the program's mmap'd heap) is not the program's memory.
InternalMmapVectorNoCtor<Span> readable;

void ReadMaps() {
  readable.clear();
  MemoryMappingLayout layout(/*cache_enabled=*/false);
  MemoryMappedSegment segment;
  while (layout.Next(&segment)) {
    if (!segment.IsReadable() || IsShadowAddress(segment.start))
      continue;
    if (!readable.empty() && readable.back().end == segment.start)
      readable.back().end = segment.end;
    else
      readable.push_back({segment.start, segment.end});
  }
}

// The end of the readable run holding `lo` at the last reading, capped at
// `hi`; `lo` if none holds it.
uptr KnownEnd(uptr lo, uptr hi) {
  uptr first = 0, past = readable.size();
  while (first < past) { // the first run that ends after lo
    uptr mid = first + (past - first) / 2;
    if (readable[mid].end <= lo)
      first = mid + 1;
    else
      past = mid;
  }
  if (first == readable.size() || readable[first].start > lo)
    return lo;
  return readable[first].end < hi ? readable[first].end : hi;
}

// Whether a page of [lo, hi) is unmapped now.
bool AnyHole(uptr lo, uptr hi) {
  uptr page = GetPageSizeCached();
  uptr begin = RoundDownTo(lo, page);
  return msync(reinterpret_cast<void *>(begin), RoundUpTo(hi, page) - begin,
               MS_ASYNC) != 0;
}

} // namespace

uptr MappedEnd(uptr lo, uptr hi) {
  SpinMutexLock lock(&maps_mu);
  if (KnownEnd(lo, hi) == hi && !AnyHole(lo, hi))
    return hi;
  ReadMaps();
  return KnownEnd(lo, hi);
}

bool RangeMapped(uptr p, uptr size) {
  // sanitizer_common's probe (a pipe write) refuses ranges of ten pages or
  // more with a fatal CHECK: larger ones are looked up in the memory map.
  if (size < 10 * GetPageSizeCached())
    return IsAccessibleMemoryRange(p, size);
  SpinMutexLock lock(&maps_mu);
  ReadMaps();
  return KnownEnd(p, p + size) == p + size;
}

} // namespace mpisync
