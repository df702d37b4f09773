// Bytes of a send's packed data that are not the program's values: the
// padding of x87 long doubles (10 bytes of value in 16 on x86), which
// MPI_Pack copies as they are though the program never writes them. A
// parent and its clone may hold different garbage there; SendCheck clears
// them on both before it hashes, so such garbage is no divergence.
#ifndef MPISYNC_CLONE_PADDING_H
#define MPISYNC_CLONE_PADDING_H

#include <mpi.h>

namespace mpisync {
namespace clone {

// Zeroes the long double padding in `count` elements of `datatype` packed at
// `data` (MPI_Pack's native representation: the type signature's basic
// elements end to end). A type whose signature cannot be read (a
// large-count constructor's struct, a nesting deeper than the runtime
// follows) and that may hold a long double has all its bytes cleared:
// nothing of it is compared rather than garbage.
void ClearPackedPadding(MPI_Datatype datatype, MPI_Count count, char *data);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_PADDING_H
