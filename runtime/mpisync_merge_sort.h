// A stable merge sort for large arrays of small keys. sanitizer_common's
// Sort is a heap sort: each of its O(n log n) comparisons jumps across the
// array, a cache miss apiece once the array outgrows the cache (10^5 RMA
// operations per epoch); merging passes over the array in order.
#ifndef MPISYNC_MERGE_SORT_H
#define MPISYNC_MERGE_SORT_H

#include "mpisync_scratch.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// Sorts v[0, n) by less(a, b), equal elements keeping their order.
template <typename T, typename Less>
void MergeSort(T *v, __sanitizer::uptr n, Less less) {
  using __sanitizer::uptr;
  if (n < 2)
    return;
  ScratchVector<T> other(n);
  T *from = v, *to = other.data();
  // Runs of `width` sorted elements merged pairwise, width doubling.
  for (uptr width = 1; width < n; width *= 2) {
    for (uptr lo = 0; lo < n; lo += 2 * width) {
      uptr mid = lo + width < n ? lo + width : n;
      uptr hi = mid + width < n ? mid + width : n;
      uptr i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        to[k++] = less(from[j], from[i]) ? from[j++] : from[i++];
      while (i < mid)
        to[k++] = from[i++];
      while (j < hi)
        to[k++] = from[j++];
    }
    T *t = from;
    from = to;
    to = t;
  }
  if (from != v)
    for (uptr i = 0; i < n; i++)
      v[i] = from[i];
}

} // namespace mpisync

#endif // MPISYNC_MERGE_SORT_H
