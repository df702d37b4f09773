// The runtime's own memory: operation records, buffers, index nodes, window
// and channel records, the hooks' scratch arrays.
//
// sanitizer_common's internal allocator opens a 1 MiB region for each size
// class at its first allocation and writes its free list's transfer
// batches across the region, so a class used by a single record can cost
// up to 1 MiB resident: a short run used fifteen classes (startup: 23 MB
// peak against 18 MB natively, 17 KB of it allocated). Here blocks of up
// to kMaxRuntimeBlock bytes are carved from 64 KiB runs of one reserved,
// lazily touched range, one class per run, and recycled through a free
// list per class: only the pages of blocks actually handed out are
// resident. Larger blocks are mpisync_large_blocks.h's; the internal
// allocator serves what neither range can (a range refused by the
// system). Like it, the memory is uninitialised and thread safe.
#ifndef MPISYNC_ALLOC_H
#define MPISYNC_ALLOC_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::uptr;

constexpr uptr kMaxRuntimeBlock = 4096;

void *RuntimeAlloc(uptr size);
// Any block of RuntimeAlloc's, or of InternalAlloc's (told apart by
// address); null is ignored.
void RuntimeFree(void *p);

// Reserves `bytes` of address space (pages resident only once touched)
// into *base once, published with release order; advises transparent huge
// pages from offset `huge_from` on (none if it is `bytes`). False, and
// *failed set, if the system refuses; later calls return at once.
bool ReserveOnce(uptr *base, bool *failed, uptr bytes, uptr huge_from);

} // namespace mpisync

#endif // MPISYNC_ALLOC_H
