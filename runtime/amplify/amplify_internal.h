// What the files of the amplify layer share: the MPI below the layer, the
// parsed options, the statistics, and the entry points one stage offers the
// others. One concern per file:
//   amplify_layer.cpp      options, installation, MPI_Init/Finalize
//   amplify_bounce.cpp     receive buffers: poison, bounce, delivery
//   amplify_requests.cpp   request records, held queue, Wait/Test family
//   amplify_p2p.cpp        point-to-point starts (held sends, bounced receives)
//   amplify_coll.cpp       nonblocking collectives; blocking calls flush
//   amplify_rma.cpp        RMA operations and synchronization calls
//   amplify_rma_issue.cpp  completion stage: which held operations a
//                          synchronization issues, and issuing them
//   amplify_split.cpp      atomicity stage: one operation per basic element
//   amplify_order.cpp      ordering stage
//   amplify_report.cpp     the "amplified:" line of reports, statistics
#ifndef MPISYNC_AMPLIFY_INTERNAL_H
#define MPISYNC_AMPLIFY_INTERNAL_H

#include "mpisync_mpi_next.h"
#include "sanitizer_common/sanitizer_internal_defs.h"
#include "sanitizer_common/sanitizer_mutex.h"

namespace mpisync {
namespace amplify {

using __sanitizer::u64;
using __sanitizer::u8;
using __sanitizer::uptr;

// The MPI below the layer: what the replaced entries pointed at.
extern MpiNext below;

// Guards the layer's tables (requests, held queue, windows, kept types)
// for MPI_THREAD_MULTIPLE programs; never held across a call into MPI.
__sanitizer::Mutex &TableMutex();

enum class Order { kProgram, kReverse, kRandom, kPutFirst, kGetFirst };

struct Options {
  Order order;
  u64 seed;       // as given; 0: rank 0 draws one at MPI_Init
  int split;      // 0 none, 1 per basic element, 2 bytes where allowed
  u8 poison;      // fill of pending receive and Get result buffers
  int latency_us; // pause after each RMA operation issued
  bool add_flush; // flush between reordered operations (passive target)
};
extern Options options;
const char *OrderName(Order order);

enum Stat {
  kStatHeldSends,
  kStatHeldCollectives,
  kStatHeldStarts,
  kStatPoisoned,
  kStatHeldRma,
  kStatLocalCopies,
  kStatSplitOps,
  kStatSplitPieces,
  kStatUnsplittable,
  kStatReorderedBatches,
  kStatReorderedOps,
  kStatAddedFlushes,
  kStatIssuedAtEpochEnd,
  kStatIssuedAtWinFree,
  kNumStats
};
void Count(Stat stat, u64 n = 1);

// Allocation for copies of user data (large ones are mapped, and a failed
// large mapping returns null instead of dying).
void *AllocData(uptr size);
void FreeData(void *p, uptr size);

// A datatype the layer keeps beyond the call: derived types are duplicated
// (the program may free its handle while the operation is held).
MPI_Datatype KeepType(MPI_Datatype type);
void DropType(MPI_Datatype type);
// Before the layer frees a datatype it built itself: no stale data map.
void ForgetBuiltType(MPI_Datatype type);
// A datatype handle the layer may query: not null, not freed, known to MPI
// (the detector's data maps decide; MPICH crashes on a freed handle). An
// operation with another one goes to MPI at once, which reports it.
bool TypeUsable(MPI_Datatype type);

// amplify_requests.cpp: issues every held send, collective start and
// persistent start in program order. Called before any call that may block
// or poll, so that no process can wait for an operation another process
// holds: this is what keeps amplify deadlock-free.
void IssueHeld();

// amplify_rma.cpp: local completion of the RMA operation behind an R*
// request (MPI_Wait/Test on it).
struct AmpRequest;
void CompleteRmaRequest(AmpRequest *req);
// Forgets the link between an R* request and its operation (which still
// completes at the next synchronization).
void DetachRmaRequest(AmpRequest *req);
// Issues what is still held on every window (MPI_Finalize).
void IssueAllWindows();

// amplify_order.cpp: a random number in [0, n).
u64 RandomBelow(u64 n);
void SeedRandom(u64 seed, int rank);

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_INTERNAL_H
