// Access records of RMA windows: made by loads, stores and RMA operations,
// sent to the owner of the memory when the operation has completed there,
// and checked pairwise by the owner (MPI 4.1 12.7).
#ifndef MPISYNC_RMA_RECORDS_H
#define MPISYNC_RMA_RECORDS_H

#include "mpisync_rma_window.h"

namespace mpisync {

constexpr u64 kNotCompleted = ~(u64)0;

// The stack of the code that made a load or store: unwound once, when the
// first record needs it (a loop nest's rows, a range over several window
// pieces, share it). `pc` and `bp` as for CaptureStack.
struct AccessStack {
  uptr pc, bp;
  u32 id = 0;
  u32 Get();
};

// A load or store of this process at [lo, hi) of `owner`'s memory (at
// `addr` here). With `clear_shadow`, the granules the record covers whole
// lose their window bits until the clock moves on (Rearm), so later
// accesses to them skip the runtime.
void RecordLoadStore(Window *w, int owner, uptr lo, uptr hi, bool is_write,
                     AccessStack &stack, uptr addr, bool clear_shadow);
// The origin (read) or result (written) buffer of `call`, made at `stack`,
// lies at [lo, hi) of `owner`'s window memory: the library accesses it like
// a load or store of this process (MPI 4.1 12.7).
void RecordBufferInWindow(Window *w, int owner, uptr lo, uptr hi, bool is_write,
                          const char *call, u32 stack);
// The target side of an RMA operation (pending until completed). Under
// RmaMutex and StateMutex (the operation's datatype map).
void RecordOperation(Window *w, const RmaOpArgs &args, const char *call,
                     u32 stack);
// Operations to `target` (-1: all) completed at the target by `call`.
void CompleteOperations(Window *w, int target, const char *call, u32 stack);
// The operation to `target` whose records started at `start` completed at
// the target at lseq `end` (its request, for MPI_Rget and
// MPI_Rget_accumulate).
void CompleteRequestOperation(Window *w, int target, u64 start, u64 end,
                              const char *call, u32 stack);

// The operation issued first among those not completed at their target
// (for MPI_MODE_NOPRECEDE), or null.
const RmaRecord *OldestUncompletedOperation(Window *w);

// Sends the completed records for `target` (-1: all members) to their
// owners with `tag`; this process's own go straight to its list. With
// `always`, members without records get an empty message (PSCW).
void SendRecords(Window *w, int target, int tag, bool always);
void ReceiveRecords(Window *w, int from, int tag);
// Fence: every member sends every other what it has for it.
void ExchangeRecords(Window *w);
// Passive target: takes the records that have arrived; `final` (collective,
// at MPI_Win_free) waits for all that were sent.
void DrainRecords(Window *w, bool final);

// Checks this process's records pairwise and reports conflicts; then
// forgets them (each caller ends the epoch they belong to).
void CheckConflicts(Window *w);
// stats=1: how many records the checks above compared.
void PrintRmaRecordStats();

} // namespace mpisync

#endif // MPISYNC_RMA_RECORDS_H
