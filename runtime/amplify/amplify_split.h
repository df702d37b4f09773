// Atomicity stage: MPI 4.1 section 12.7 makes Put and Get not atomic at
// all, and accumulates atomic only per basic element, so one operation of
// count >= 2 may be applied as one operation per basic element (and a
// Put/Get of a window with disp_unit 1 even byte by byte) without changing
// what a correct program computes.
#ifndef MPISYNC_AMPLIFY_SPLIT_H
#define MPISYNC_AMPLIFY_SPLIT_H

#include <mpi.h>

#include "amplify_internal.h"
#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {
namespace amplify {

// One basic (predefined) element of a datatype's type map.
struct BasicElement {
  MPI_Aint offset;
  MPI_Datatype type;
  int size;
};

// Appends the basic elements of `count` x `type`, in type-map order (the
// order that matches origin to target), to `out`; false when the type is
// not one the layer can take apart (subarray, darray, ...) or has more
// than `cap` elements.
bool FlattenType(MPI_Datatype type, MPI_Count count,
                 __sanitizer::InternalMmapVector<BasicElement> *out, uptr cap);

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_SPLIT_H
