// MappedEnd (mpisync_mapped_memory.h), from /proc/self/maps: called only
// for pending buffers larger than kMappedCheckThreshold.
#include "mpisync_mapped_memory.h"

#include "sanitizer_common/sanitizer_procmaps.h"

using namespace __sanitizer;

namespace mpisync {

uptr MappedEnd(uptr lo, uptr hi) {
  MemoryMappingLayout layout(/*cache_enabled=*/false);
  MemoryMappedSegment segment;
  uptr end = lo; // the mapped run starting at lo reaches here so far
  // The maps are in address order: extend the run while segments touch it.
  while (layout.Next(&segment) && end < hi) {
    if (segment.end <= end)
      continue;
    if (segment.start > end)
      break;
    end = segment.end;
  }
  return end < hi ? end : hi;
}

} // namespace mpisync
