// Happens-before for RMA conflicts: a per-process counter (lseq) orders a
// process's own events, and one vector clock per channel (the windows of
// one group share it: order is between processes, whatever window's
// synchronization taught it) carries the order other members learned
// through MPI: fences, PSCW, passive-target locks, blocking collectives and
// messages. The clocks travel over the window's duplicated
// communicator (and a clock window for locks), never a side channel.
//
// Event X of member a happens before event Y of member b if
//   a == b: X.end <= Y.start (lseq order), else
//   a != b: b's clock at Y.start has entry a >= X.end.
// Every call that sends this process's clock first ticks the lseq, so what
// came before the send is covered and what comes after is not.
#ifndef MPISYNC_RMA_CLOCK_H
#define MPISYNC_RMA_CLOCK_H

#include "mpisync_rma_window.h"

namespace mpisync {

// The current position and a fresh one (entry and exit of RMA calls).
u64 Lseq();
u64 LseqTick();

// The offset in w->clock_pool of this process's current clock.
uptr CurrentClock(Window *w);
// This process's clock as it leaves: its own entry is a new lseq, the
// accesses that follow get a later one (they are not ordered before the
// receiver), and the window bits cleared since the last departure are set
// again, so those accesses are recorded with their new position.
u64 *Departing(Window *w);
void JoinClock(Window *w, const u64 *other);
// The same for the clock the windows of a channel share.
u64 *DepartingChannel(WinChannel *c);
void JoinChannelClock(WinChannel *c, const u64 *other);

// Collective over the window's members: everyone leaves with the max.
void ClockAllreduce(Window *w);
// Point-to-point on the window's communicator (PSCW).
void ClockSend(Window *w, int to, int tag);
void ClockRecv(Window *w, int from, int tag);
// Passive target: the clock left by the last unlocker of `target`, read
// once this process holds the lock; and this process's clock, left for the
// next locker before it unlocks.
void ReadLockClock(Window *w, int target, bool exclusive);
void PublishLockClock(Window *w, int target, bool exclusive);

// The window's first clock and its lock clocks in the channel's clock
// window (collective); their release.
void SetUpClocks(Window *w);
void TearDownClocks(Window *w);

// Tags of MPISync's messages on a window's communicator, relative to the
// window's own (WinTag; fewer than kTagsPerWindow).
enum RmaTag : int {
  kTagPostClock = 1,
  kTagCompleteClock = 2,
  kTagCompleteRecords = 3,
  kTagPassiveRecords = 4,
  kTagFinalCount = 5,
};

} // namespace mpisync

#endif // MPISYNC_RMA_CLOCK_H
