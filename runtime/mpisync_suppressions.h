// Suppressions (MPISYNC_OPTIONS=suppressions=FILE): lines 'fun:PATTERN',
// 'src:PATTERN', 'lib:PATTERN' match any frame of the report's stacks by
// function, source file or module; 'kind:PATTERN' matches the error kind.
#ifndef MPISYNC_SUPPRESSIONS_H
#define MPISYNC_SUPPRESSIONS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::uptr;

void InitializeSuppressions();
// True if a report of `kind` with the given stacks (StackDepot ids, 0 for
// none) is suppressed.
bool IsSuppressed(const char *kind, const u32 *stacks, uptr num_stacks);

} // namespace mpisync

#endif // MPISYNC_SUPPRESSIONS_H
