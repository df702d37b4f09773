// A stable least-significant-digit radix sort by an integer key. Sorting
// 10^5 RMA operations per epoch by address with MergeSort cost 17 passes
// of mispredicted comparisons (the largest share of bfs_rma's conflict
// check); the addresses of one epoch span a window or two, so two or three
// passes of counting do.
#ifndef MPISYNC_RADIX_SORT_H
#define MPISYNC_RADIX_SORT_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// Sorts v[0, n) by key(v[i]) (a uptr), equal keys keeping their order;
// tmp has room for n elements. O(n) per 11 bits of the keys' range (largest
// minus smallest).
template <typename T, typename Key>
void RadixSort(T *v, __sanitizer::uptr n, T *tmp, Key key) {
  using __sanitizer::uptr;
  if (n < 2)
    return;
  uptr lo = key(v[0]), hi = lo;
  for (uptr i = 1; i < n; i++) {
    uptr k = key(v[i]);
    lo = k < lo ? k : lo;
    hi = k > hi ? k : hi;
  }
  constexpr unsigned kDigitBits = 11;
  constexpr uptr kBuckets = (uptr)1 << kDigitBits;
  uptr count[kBuckets];
  T *from = v, *to = tmp;
  for (unsigned shift = 0; shift < 64 && ((hi - lo) >> shift) != 0;
       shift += kDigitBits) {
    for (uptr b = 0; b < kBuckets; b++)
      count[b] = 0;
    for (uptr i = 0; i < n; i++)
      count[((key(from[i]) - lo) >> shift) & (kBuckets - 1)]++;
    uptr sum = 0;
    for (uptr b = 0; b < kBuckets; b++) {
      uptr c = count[b];
      count[b] = sum;
      sum += c;
    }
    for (uptr i = 0; i < n; i++)
      to[count[((key(from[i]) - lo) >> shift) & (kBuckets - 1)]++] = from[i];
    T *t = from;
    from = to;
    to = t;
  }
  if (from != v)
    for (uptr i = 0; i < n; i++)
      v[i] = from[i];
}

} // namespace mpisync

#endif // MPISYNC_RADIX_SORT_H
