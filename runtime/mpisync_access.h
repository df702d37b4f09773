// The checks behind every access: the levels of DESIGN.md section 4 (pending
// word, hull, shadow) and the precise check against the pending buffers.
#ifndef MPISYNC_ACCESS_H
#define MPISYNC_ACCESS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::sptr;
using __sanitizer::uptr;

// Checks [p, p + size) as an access by the code at return address `pc`
// (`bp`: the frame of the runtime function that received the access).
void CheckRange(uptr p, uptr size, bool is_write, uptr pc, uptr bp);

// Checks the rows [first + k * stride, first + k * stride + size) whose hull
// is [hull, hull + hull_size): k = 0 .. (hull_size - size) / |stride| (one
// row if stride is 0), each as CheckRange would.
void CheckRows(uptr hull, uptr hull_size, uptr first, uptr size, sptr stride,
               bool is_write, uptr pc, uptr bp);

// Memory [begin, end) stops existing (free, realloc, a stack frame or
// variable scope ends); `how` names it for the report.
void CheckRelease(uptr begin, uptr end, bool is_stack, const char *how,
                  uptr pc, uptr bp);

} // namespace mpisync

#endif // MPISYNC_ACCESS_H
