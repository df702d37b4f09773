// Detector D: overflowed displacements and their recovery (guard_displs.h).
#include "guard_displs.h"

namespace mpisync {
namespace scaling {

namespace {
constexpr s64 kIntMax = 2147483647;
constexpr s64 kIntRange = s64(1) << 32;
} // namespace

int RecoverDisplacements(const int *a, const int *counts, int n, s64 *c) {
  int first_wrap = -1;
  int prev = -1; // the last entry that carries data
  for (int i = 0; i < n; i++) {
    c[i] = a[i];
    if (counts && counts[i] == 0)
      continue;
    if (prev >= 0) {
      s64 step = (s64)a[i] - (s64)a[prev];
      if (step < 0) {
        if (-step <= kIntMax) {
          // Not a wrap: the program lays its blocks out in another order.
          for (int j = 0; j < n; j++)
            c[j] = a[j];
          return -1;
        }
        step += kIntRange;
        if (first_wrap < 0)
          first_wrap = i;
      }
      c[i] = c[prev] + step;
    }
    prev = i;
  }
  return first_wrap;
}

} // namespace scaling
} // namespace mpisync
