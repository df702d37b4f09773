// Which part of an address range the process has mapped: a pending buffer
// whose count and datatype reach past it (MPI does not check) is reported
// and watched only over its mapped part, so a count of 2^40 costs what the
// memory behind it costs, not 2^40 / 8 bytes of shadow.
#ifndef MPISYNC_MAPPED_MEMORY_H
#define MPISYNC_MAPPED_MEMORY_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::uptr;

// Ranges up to this size are taken as mapped without looking (their
// shadow costs at most this / 8; a bad pointer faults in MPI anyway).
constexpr uptr kMappedCheckThreshold = uptr(16) << 20;

// The end of the mapped memory that starts at `lo` and runs without a gap,
// capped at `hi`: `hi` if all of [lo, hi) is mapped, `lo` if `lo` is not.
uptr MappedEnd(uptr lo, uptr hi);

// Whether all of [p, p + size) is mapped and readable, at any size (memory
// a program may have unmapped before the runtime copies into or out of it).
bool RangeMapped(uptr p, uptr size);

} // namespace mpisync

#endif // MPISYNC_MAPPED_MEMORY_H
