// Detector D of the scaling guard: an int displacement array of an
// irregular collective that overflowed in the program's arithmetic, and
// the true displacements recovered from it (Li et al., section IV-A).
#ifndef MPISYNC_GUARD_DISPLS_H
#define MPISYNC_GUARD_DISPLS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace scaling {

using __sanitizer::s64;

// Under the paper's assumptions (the true displacements do not descend,
// two's complement), recovers the true displacements c[0..n) of the int
// array a[0..n): c0 = a0, c_i = c_{i-1} + a_i - a_{i-1}, plus 2^32 where
// a_i wrapped below a_{i-1}. Entries whose count is 0 carry no data and
// keep their value (they are skipped in the chain). A descent is a wrap
// only if it drops by more than INT_MAX (an entry near the top followed by
// one near the bottom); a smaller descent is a layout that does not follow
// the convention, which D cannot judge: nothing is recovered then.
// Returns the index of the first wrapped entry, or -1 when there is none
// (c then equals a). `counts` may be null (every entry carries data).
int RecoverDisplacements(const int *a, const int *counts, int n, s64 *c);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_DISPLS_H
