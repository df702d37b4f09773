// MappedEnd and RangeMapped (mpisync_mapped_memory.h), from /proc/self/maps:
// called only for pending buffers larger than kMappedCheckThreshold and for
// the copies of amplify's and the cloning layer's rare deliveries.
#include "mpisync_mapped_memory.h"

#include "mpisync_shadow.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_procmaps.h"

using namespace __sanitizer;

namespace mpisync {

uptr MappedEnd(uptr lo, uptr hi) {
  MemoryMappingLayout layout(/*cache_enabled=*/false);
  MemoryMappedSegment segment;
  uptr end = lo; // the mapped run starting at lo reaches here so far
  // The maps are in address order: extend the run while segments touch it.
  // The shadow reservation (terabytes, often right next to the program's
  // mmap'd heap) and inaccessible reservations are not the program's memory.
  while (layout.Next(&segment) && end < hi) {
    if (segment.end <= end)
      continue;
    if (segment.start > end || !segment.IsReadable() ||
        IsShadowAddress(segment.start))
      break;
    end = segment.end;
  }
  return end < hi ? end : hi;
}

bool RangeMapped(uptr p, uptr size) {
  // sanitizer_common's probe (a pipe write) refuses ranges of ten pages or
  // more with a fatal CHECK: larger ones are looked up in the memory map.
  if (size < 10 * GetPageSizeCached())
    return IsAccessibleMemoryRange(p, size);
  return MappedEnd(p, p + size) == p + size;
}

} // namespace mpisync
