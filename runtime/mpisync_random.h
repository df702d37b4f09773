// The runtime's one generator of pseudo-random numbers: splitmix64 (Steele,
// Lea and Flood, OOPSLA 2014). Each user keeps its own state: amplify's
// random order one per process, sample_ops' draws one per thread.
#ifndef MPISYNC_RANDOM_H
#define MPISYNC_RANDOM_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// The next number of the stream whose state is *state (any value).
inline __sanitizer::u64 SplitMix64(__sanitizer::u64 *state) {
  __sanitizer::u64 z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

} // namespace mpisync

#endif // MPISYNC_RANDOM_H
