// One-sided communication (MPI 4.1 chapter 12): what the generated wrappers
// of mpi_calls.tbl call for windows, epochs and RMA operations.
//
//  - mpisync_rma_types.h      the calls' arguments, as the wrappers give them
//  - mpisync_rma_window.cpp   windows, their memory and the epoch state
//  - mpisync_rma_clock.cpp    vector clocks and the lseq counter
//  - mpisync_rma_records.cpp  access records, their exchange, the conflict
//                             check
//  - mpisync_rma_transport.cpp MPISync's own messages between members
//  - mpisync_rma_hooks.cpp    the semantics of each call (this header)
//  - mpisync_report_rma.cpp   the reports
#ifndef MPISYNC_RMA_H
#define MPISYNC_RMA_H

#include <mpi.h>

#include "mpisync_mpi_call.h"
#include "mpisync_rma_types.h"

namespace mpisync {

// MPI_Win_create (base is the memory), MPI_Win_allocate(_shared) (base is
// the baseptr argument: a void ** in disguise), MPI_Win_create_dynamic.
void OnWinCreate(MpiCall &call, int rc, WinKind kind, void *base,
                 MPI_Aint size, MPI_Aint disp_unit, MPI_Comm comm,
                 const MPI_Win *win);
void OnWinAttach(MpiCall &call, int rc, MPI_Win win, void *base,
                 MPI_Aint size);
void BeforeWinDetach(MpiCall &call, MPI_Win win, const void *base);
// Collective: the final conflict check and the exchange it needs run here,
// before the window (and the communicator they use) goes away.
void BeforeWinFree(MpiCall &call, const MPI_Win *win);

// Epoch misuse is reported before the call (MPICH may abort on it); the
// state changes and the clock exchange happen after it succeeded.
void BeforeWinSync(MpiCall &call, const WinSyncArgs &args);
void AfterWinSync(MpiCall &call, int rc, const WinSyncArgs &args);

void BeforeRmaOp(MpiCall &call, const RmaOpArgs &args);
// request: the R* variants' request, else null.
void AfterRmaOp(MpiCall &call, int rc, const MPI_Request *request);

// Which members a blocking collective orders after which: every member
// after every other (barrier, allreduce, alltoall, ...), the root after the
// others (reduce, gather), the others after the root (bcast, scatter), each
// member after the lower ranks (scan, exscan).
enum class CollectiveOrder { kAll, kToRoot, kFromRoot, kPrefix };

// A blocking collective on `comm` (rooted at `root`, a rank of `comm`, for
// kToRoot and kFromRoot) completed: it orders the past of the members its
// data came from before this member's future, for each window whose group
// is inside `comm`.
void AfterCollective(MpiCall &call, int rc, MPI_Comm comm,
                     CollectiveOrder order, int root);

// Point-to-point messages order their sender's past before their
// receiver's future: the sender's clock goes ahead of the message, on a
// communicator of each window both belong to, and a receiver takes in every
// clock that has arrived when one of its receives completes (taking in more
// than the one message's clock only adds order, never a report).
void BeforeSendClock(int dest, MPI_Comm comm);
void AfterReceiveClock();
// A send whose destination is named once and used at later calls (a
// persistent or partitioned send): ClockPeer says where, 1 + the rank in
// MPI_COMM_WORLD (0: nowhere), and SendClocksToPeer sends the clocks there
// ahead of each start or MPI_Pready.
int ClockPeer(int dest, MPI_Comm comm);
void SendClocksToPeer(int peer);

// The request of an MPI_Rget/MPI_Rget_accumulate to `target` completed: its
// records (those started at `start`) are complete at the target. Called
// under StateMutex: applied at the next AfterReceiveClock.
void NoteRmaRequestCompleted(MPI_Win win, int target, u64 start,
                             const char *call, u32 stack);

// free(), munmap() or the end of a scope releases [begin, end): memory of
// a window it belongs to (MPI_Win_create, MPI_Win_attach) must outlive the
// window (MPI 4.1 12.2.1, 12.2.4). Reported by the buffer rules of the
// window role; the memory is no longer watched.
void CheckWindowMemoryRelease(uptr begin, uptr end, bool is_stack,
                              const char *how, uptr pc, uptr bp);

// MPI_Finalize: windows never freed get their final check.
void FinalizeWindows(MpiCall &call);

// The instrumented access [addr, addr + size) hit window memory whose
// shadow asks for a record (mpisync_access.cpp); every piece of it in some
// window is recorded. `clear_shadow`: see RecordLoadStore.
void RecordWindowAccess(uptr addr, uptr size, bool is_write, uptr pc,
                        uptr bp, bool clear_shadow);

// The rows [first + k * stride, first + k * stride + size), k < rows, of a
// loop nest's range check, each recorded as RecordWindowAccess would a range
// (no pending operation meets them).
void RecordWindowRows(uptr first, uptr size, __sanitizer::sptr stride,
                      uptr rows, bool is_write, uptr pc, uptr bp);

} // namespace mpisync

#endif // MPISYNC_RMA_H
