// Sampling of operations: per-thread draws, so that threads never share a
// counter (a locked instruction per operation is what sampling saves).
#include "mpisync_sampling.h"

#include "mpisync_flags.h"
#include "mpisync_random.h"
#include "mpisync_report.h"
#include "mpisync_rtl.h"
#include "mpisync_stats.h"
#include "mpisync_thread_level.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

u64 seed_base; // seed, or drawn at start-up

// Per thread: the operations still to let through before the next tracked
// one, and the generator's state.
THREADLOCAL u64 untracked_left;
THREADLOCAL u64 rng;
THREADLOCAL bool seeded;

atomic_uint64_t started_count, tracked_count, stand_in_count; // stats=1

// The number of operations let through before the next tracked one:
// uniform in [0, 2N - 2].
u64 DrawGap() { return SplitMix64(&rng) % (2 * sample_every - 1); }

void SeedThread() {
  // Rank and thread apart: with a given seed a single-threaded run draws
  // the same operations every time.
  static atomic_uint32_t threads_seeded;
  u32 index = atomic_fetch_add(&threads_seeded, 1, memory_order_relaxed);
  u64 key = seed_base ^ (((u64)(u32)WorldRank() << 32) | index);
  rng = SplitMix64(&key); // apart streams for neighbouring keys
  seeded = true;
  untracked_left = DrawGap();
}

} // namespace

u64 sample_every = 1;

void InitializeSampling() {
  sample_every = (u64)flags()->sample_ops;
  seed_base = flags()->seed > 0 ? (u64)flags()->seed
                                : NanoTime() ^ ((u64)internal_getpid() << 32);
}

bool DrawSample() {
  if (UNLIKELY(!seeded))
    SeedThread();
  bool track = untracked_left == 0;
  if (track)
    untracked_left = DrawGap();
  else
    untracked_left--;
  if (UNLIKELY(stats_enabled)) {
    atomic_fetch_add(&started_count, 1, memory_order_relaxed);
    if (track)
      atomic_fetch_add(&tracked_count, 1, memory_order_relaxed);
  }
  return track;
}

bool UntrackedNeedStandIns() { return ConcurrentMpiCalls(); }

void CountStandIn() {
  if (UNLIKELY(stats_enabled))
    atomic_fetch_add(&stand_in_count, 1, memory_order_relaxed);
}

void PrintSamplingStats() {
  if (sample_every <= 1)
    return;
  Printf("  %-40s %llu of %llu (sample_ops=%llu)\n", "operations tracked",
         (unsigned long long)atomic_load(&tracked_count, memory_order_relaxed),
         (unsigned long long)atomic_load(&started_count, memory_order_relaxed),
         (unsigned long long)sample_every);
  Printf(
      "  %-40s %llu\n", "stand-ins of untracked operations",
      (unsigned long long)atomic_load(&stand_in_count, memory_order_relaxed));
}

} // namespace mpisync
