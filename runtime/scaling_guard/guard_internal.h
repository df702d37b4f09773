// What the scaling guard's files share: the MPI below the layer and a few
// helpers on buffers and datatypes.
#ifndef MPISYNC_GUARD_INTERNAL_H
#define MPISYNC_GUARD_INTERNAL_H

#include <mpi.h>

#include "mpisync_mpi_next.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace scaling {

using __sanitizer::s64;
using __sanitizer::uptr;

// The three forms of a collective: MPI_X, MPI_IX, MPI_X_init.
enum class Form { kBlocking, kNonblocking, kPersistent };

// The entries the layer replaced: the MPI below it.
extern MpiNext below;

// `buf` moved by `elements` extents of `type` (MPI_IN_PLACE stays).
inline const void *Offset(const void *buf, s64 elements, MPI_Aint extent) {
  if (buf == MPI_IN_PLACE)
    return buf;
  return (const char *)buf + elements * extent;
}
inline void *Offset(void *buf, s64 elements, MPI_Aint extent) {
  if (buf == MPI_IN_PLACE)
    return buf;
  return (char *)buf + elements * extent;
}

inline MPI_Aint Extent(MPI_Datatype type) {
  MPI_Aint lb = 0, extent = 0;
  if (type != MPI_DATATYPE_NULL)
    PMPI_Type_get_extent(type, &lb, &extent);
  return extent;
}

inline s64 TypeSize(MPI_Datatype type) {
  MPI_Count size = 0;
  if (type != MPI_DATATYPE_NULL)
    PMPI_Type_size_x(type, &size);
  return size;
}

// count elements of `type` as one element of a new committed type whose
// extent is `extent` bytes (a block of a round, or a big datatype).
inline MPI_Datatype BlockType(s64 count, MPI_Datatype type, MPI_Aint extent) {
  MPI_Datatype block = MPI_DATATYPE_NULL, resized = MPI_DATATYPE_NULL;
  PMPI_Type_contiguous((int)count, type, &block);
  PMPI_Type_create_resized(block, 0, extent, &resized);
  PMPI_Type_free(&block);
  PMPI_Type_commit(&resized);
  return resized;
}

inline void FreeType(MPI_Datatype *type) {
  if (*type != MPI_DATATYPE_NULL)
    PMPI_Type_free(type);
}

// Memory kept alive for the MPI library after the call that handed it over
// (the MPI_Aint arrays of a nonblocking or persistent large-count call): it
// lives until the process exits.
void *RetainedAlloc(uptr size);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_INTERNAL_H
