// One broadcast from a parent to its clones: the pieces of memory a call
// wrote on the parent (status fields, flags, indices, received buffers)
// are described once, the same way on both sides, and go in one MPI_Bcast
// over the family communicator through a derived datatype of absolute
// addresses (MPIecho's "vectors" rule).
#ifndef MPISYNC_CLONE_MIRROR_H
#define MPISYNC_CLONE_MIRROR_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {
namespace clone {

class Mirror {
public:
  explicit Mirror(const char *call) : call_(call) {}
  void Add(const void *addr, MPI_Count count, MPI_Datatype type);
  void AddBytes(const void *addr, __sanitizer::uptr size) {
    Add(addr, (MPI_Count)size, MPI_BYTE);
  }
  // Parent: sends the pieces; clone: receives them. Nothing to send, no
  // broadcast.
  void Run();

private:
  struct Piece {
    const void *addr;
    MPI_Count count;
    MPI_Datatype type;
  };
  const char *call_;
  __sanitizer::InternalMmapVector<Piece> pieces_;
};

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_MIRROR_H
