// Sampling of operations: per-thread draws, so that threads never share a
// counter (a locked instruction per operation is what sampling saves).
#include "mpisync_sampling.h"

#include "mpisync_flags.h"
#include "mpisync_report.h"
#include "mpisync_rtl.h"
#include "mpisync_stats.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

u64 seed_base; // seed, or drawn at start-up

// Per thread: the operations still to let through before the next tracked
// one, and the generator (0: not seeded yet).
THREADLOCAL u64 untracked_left;
THREADLOCAL u64 rng;

atomic_uint64_t started_count, tracked_count; // stats=1 only

u64 Mix(u64 x) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ull;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dull;
  x ^= x >> 33;
  return x;
}

u64 NextRandom() {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

// The number of operations let through before the next tracked one:
// uniform in [0, 2N - 2].
u64 DrawGap() { return NextRandom() % (2 * sample_every - 1); }

void SeedThread() {
  // Rank and thread apart: with a given seed a single-threaded run draws
  // the same operations every time.
  static atomic_uint32_t threads_seeded;
  u32 index = atomic_fetch_add(&threads_seeded, 1, memory_order_relaxed);
  rng = Mix(seed_base ^ Mix(((u64)(u32)WorldRank() << 32) | index)) | 1;
  untracked_left = DrawGap();
}

} // namespace

u64 sample_every = 1;

void InitializeSampling() {
  sample_every = (u64)flags()->sample_ops;
  seed_base = flags()->seed > 0 ? (u64)flags()->seed
                                : Mix(NanoTime() ^ (u64)internal_getpid());
}

bool DrawSample() {
  if (UNLIKELY(!rng))
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

void PrintSamplingStats() {
  if (sample_every <= 1)
    return;
  Printf("  %-40s %llu of %llu (sample_ops=%llu)\n", "operations tracked",
         (unsigned long long)atomic_load(&tracked_count, memory_order_relaxed),
         (unsigned long long)atomic_load(&started_count, memory_order_relaxed),
         (unsigned long long)sample_every);
}

} // namespace mpisync
