// Data maps of datatypes. A contiguous layout is one segment; other layouts
// are covered by their true extent for now (see docs/design.md).
#include "mpisync_datatype.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {

bool DescribeBuffer(const void *buf, MPI_Count count, MPI_Datatype datatype,
                    PendingBuffer *out) {
  out->base = reinterpret_cast<uptr>(buf);
  out->datatype = datatype;
  out->count = count;
  out->segments = nullptr;
  out->num_segments = 0;
  out->lo = out->hi = 0;
  if (datatype == MPI_DATATYPE_NULL || count <= 0)
    return datatype != MPI_DATATYPE_NULL;
  MPI_Count size, lb, extent, true_lb, true_extent;
  if (PMPI_Type_size_c(datatype, &size) != MPI_SUCCESS ||
      PMPI_Type_get_extent_c(datatype, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent_c(datatype, &true_lb, &true_extent) !=
          MPI_SUCCESS)
    return false;
  out->type_size = size;
  out->extent = extent;
  if (size == 0)
    return true;
  MPI_Count first = true_lb, last = true_lb + true_extent;
  // Negative extents (resized types) put later elements below the first.
  MPI_Count span = (count - 1) * extent;
  if (span < 0)
    first += span;
  else
    last += span;
  Segment *seg = static_cast<Segment *>(InternalAlloc(sizeof(Segment)));
  seg->begin = out->base + first;
  seg->end = out->base + last;
  out->segments = seg;
  out->num_segments = 1;
  out->lo = seg->begin;
  out->hi = seg->end;
  return true;
}

} // namespace mpisync
