// Datatypes as data maps: where the bytes of `count` elements of a datatype
// lie relative to a buffer argument.
#ifndef MPISYNC_DATATYPE_H
#define MPISYNC_DATATYPE_H

#include "mpisync_pending.h"

namespace mpisync {

// Fills out's geometry (segments, hull, sizes) for `count` elements of
// `datatype` at `buf`. Returns false (and leaves no segments) for an invalid
// datatype; the MPI call itself then reports the error.
bool DescribeBuffer(const void *buf, MPI_Count count, MPI_Datatype datatype,
                    PendingBuffer *out);

} // namespace mpisync

#endif // MPISYNC_DATATYPE_H
