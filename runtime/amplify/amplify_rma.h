// One-sided communication under amplify: the Nasty-MPI stages (Kowalewski
// and Fürlinger, Euro-Par 2016). Every RMA operation is held in its
// window's queue until the synchronization that must complete it (MPI 4.1
// section 12.5); there the completion stage picks what that call completes,
// the atomicity stage splits it (amplify_split.h), the ordering stage
// orders it (amplify_order.cpp), and it is issued just before MPI's own
// synchronization call.
#ifndef MPISYNC_AMPLIFY_RMA_H
#define MPISYNC_AMPLIFY_RMA_H

#include <mpi.h>

#include "amplify_internal.h"
#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {
namespace amplify {

enum class RmaOp : u8 { kPut, kGet, kAcc, kGetAcc, kFetchOp, kCas };

// Accumulate-family operations (ordered per target, MPI 4.1 12.7.1).
inline bool IsAccumulate(RmaOp k) {
  return k == RmaOp::kAcc || k == RmaOp::kGetAcc || k == RmaOp::kFetchOp ||
         k == RmaOp::kCas;
}
// Operations that bring data back: their local completion needs the target.
inline bool Fetches(RmaOp k) {
  return k == RmaOp::kGet || k == RmaOp::kGetAcc || k == RmaOp::kFetchOp ||
         k == RmaOp::kCas;
}

struct AmpRequest;

struct HeldRma {
  HeldRma *next;
  RmaOp kind;
  MPI_Win win;
  u64 seq; // program order
  // What the operation reads (Put, accumulates) and writes (Get's buffer,
  // the result of the fetching accumulates). Datatypes are kept.
  const void *origin;
  MPI_Count ocount;
  MPI_Datatype otype;
  const void *compare;
  void *result;
  MPI_Count rcount;
  MPI_Datatype rtype;
  int target;
  MPI_Aint disp;
  MPI_Count tcount;
  MPI_Datatype ttype;
  MPI_Op op;
  // Local completion (flush_local, the R* request) copies the origin data:
  // the operation then reads from the copies.
  char *origin_copy, *compare_copy;
  uptr origin_copy_size, compare_copy_size;
  MPI_Aint origin_copy_lb, compare_copy_lb;
  AmpRequest *req; // Rput/Rget/...: the program's request
};

struct AmpWindow {
  MPI_Win win;
  int size;        // of the window's group
  int *disp_units; // per target rank
  int *locks;      // per target rank: MPI_Win_lock epochs open
  int lock_all;    // MPI_Win_lock_all epochs open
  HeldRma *head, *tail;
  u64 next_seq;
  // Issued operations whose copies live until MPI's synchronization call
  // returns.
  __sanitizer::InternalMmapVectorNoCtor<HeldRma *> issued;
  bool Passive(int target) const {
    return lock_all > 0 || (target >= 0 && target < size && locks[target] > 0);
  }
};

// amplify_rma_issue.cpp
// Which held operations a synchronization completes. `target` -1: all.
enum class Completes { kRemote, kLocal };
// Issues (after splitting and ordering) what a synchronization call
// completing `target` (-1: all) needs: everything for kRemote; for kLocal
// the fetching operations (and accumulates ordered before them), the rest
// getting private copies of their origin data.
void IssueFor(AmpWindow *w, int target, Completes what, bool epoch_end);
// Issues the one operation behind an R* request (and the accumulates to
// its target ordered before it).
void IssueRequestOp(AmpWindow *w, HeldRma *op);
// After MPI's synchronization call returned: frees what the issued
// operations kept, completes their R* requests.
void ReleaseIssued(AmpWindow *w);
// Local completion of a Put-like operation: copies its origin data.
// False when it cannot be copied (MPI_BOTTOM: MPICH's MPI_Pack refuses it);
// the operation must then be issued.
bool CopyOrigin(HeldRma *op);
void IssuePiecesOf(AmpWindow *w, HeldRma **ops, uptr n);

// amplify_order.cpp: orders the pieces of a batch (indices into `pieces`).
struct RmaPiece {
  HeldRma *op;
  u64 sub; // piece index inside its operation
  const void *origin;
  MPI_Count ocount;
  MPI_Datatype otype;
  void *result;
  MPI_Count rcount;
  MPI_Datatype rtype;
  MPI_Aint disp;
  MPI_Count tcount;
  MPI_Datatype ttype;
};
// Returns true when the order differs from program order.
bool OrderPieces(__sanitizer::InternalMmapVector<RmaPiece> *pieces);

// amplify_rma.cpp
AmpWindow *FindWindow(MPI_Win win);

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_RMA_H
