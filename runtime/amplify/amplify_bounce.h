// Receive buffers under amplify: while a receive is pending its buffer holds
// the poison pattern and MPI writes into a private bounce buffer of the same
// layout; the data reaches the program's buffer only in the call that
// completes the receive. MPI 4.1 section 3.7.2: the receive buffer may not
// be accessed until the receive completes, so neither step changes what a
// correct program sees.
#ifndef MPISYNC_AMPLIFY_BOUNCE_H
#define MPISYNC_AMPLIFY_BOUNCE_H

#include <mpi.h>

#include "amplify_internal.h"

namespace mpisync {
namespace amplify {

struct Bounce {
  void *user; // the program's buffer
  MPI_Count count;
  MPI_Datatype type; // kept (KeepType)
  char *mem;         // the bounce buffer's memory
  uptr mem_size;
  MPI_Aint lb;      // true lower bound of the layout: MPI writes at mem - lb
  char *saved;      // the program's data as it was, packed
  MPI_Count packed; // packed size of `count` elements
  bool used;
  void *Target() const { return (void *)(mem - lb); }
};

// Sets up a bounce buffer for `count` x `type` at `user`; false (and nothing
// to undo) when the layer leaves the buffer alone: zero count, MPI_IN_PLACE,
// a negative extent, or memory that cannot be had.
bool BounceCreate(Bounce *b, void *user, MPI_Count count, MPI_Datatype type);
// Saves the program's data and fills the buffer's data (not its gaps) with
// the poison pattern.
void BouncePoison(Bounce *b);
// Restores the saved data, then copies `elements` elements (all with -1)
// from the bounce buffer into the program's buffer.
void BounceDeliver(Bounce *b, MPI_Count elements);
// As BounceDeliver, with what `status` says arrived (nothing if cancelled).
void BounceDeliverStatus(Bounce *b, const MPI_Status *status);
void BounceDestroy(Bounce *b);

// Fills the data of `count` x `type` at `buf` with the poison pattern.
void PoisonLayout(void *buf, MPI_Count count, MPI_Datatype type);

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_BOUNCE_H
