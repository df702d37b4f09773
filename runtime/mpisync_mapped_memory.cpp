// MappedEnd (mpisync_mapped_memory.h), from /proc/self/maps: called only
// for pending buffers larger than kMappedCheckThreshold.
#include "mpisync_mapped_memory.h"

#include "mpisync_shadow.h"
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

} // namespace mpisync
