// Sampling of operations (MPISYNC_OPTIONS=sample_ops=N): the detector tracks
// one nonblocking, persistent or partitioned operation in N, chosen at
// random, and lets the others through untracked. What a user trades
// (docs/options.md#sample_ops): an error is found on the runs and
// iterations where its operation was drawn, not always; no report is made
// that a full run would not make. Default 1: every operation, and the
// hooks pay one compare for it.
#ifndef MPISYNC_SAMPLING_H
#define MPISYNC_SAMPLING_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// Reads the option (at start-up, after the flags).
void InitializeSampling();

// sample_ops (1: sampling is off).
extern __sanitizer::u64 sample_every;

// The thread's next draw (sample_ops > 1).
bool DrawSample();

// Whether the operation being started or created now is tracked: true
// for every operation at sample_ops=1 (one compare); else the thread's
// next draw. The gaps between tracked operations are uniform in
// [1, 2N - 1] (mean N), so no period of the program (a receive and a send
// per iteration) lines up with the choice.
inline bool SampleOperation() { return sample_every <= 1 || DrawSample(); }

// sample_ops > 1.
inline bool SamplingOn() { return sample_every > 1; }

// Whether an untracked operation needs a stand-in that holds its handle
// in the request map (RegisterUntrackedOp, mpisync_pending.h). Only where
// two threads' MPI calls may run at once (MPI_THREAD_MULTIPLE, or a level
// not known: before MPI_Init, or under MPI sessions): there a completion's
// hook may run after the library gave the completed operation's handle to
// another thread's start. At any lower level the program's MPI calls, and
// the hooks inside them, run one at a time, and an untracked operation is
// nothing to the runtime: no lock, no record (a program with 10^5 pending
// receives kept 10^5 stand-ins).
bool UntrackedNeedStandIns();
// stats=1: one more stand-in was made.
void CountStandIn();

// stats=1: how many operations were started and how many were tracked,
// and how many stand-ins the untracked ones took.
void PrintSamplingStats();

} // namespace mpisync

#endif // MPISYNC_SAMPLING_H
