// The runtime's large blocks (mpisync_alloc.h), every block above the small
// classes' 4 KiB. Beyond the internal allocator's size classes (128 KiB),
// each block it handed out was a fresh mapping, unmapped when freed; below,
// each size class it served opened a 1 MiB region with its free list
// written across it (bench/'s threads_p2p: 190 KB of copy-log blocks in
// five classes, 1.1 MB resident). The hooks' big arrays are made again at
// every synchronization (the active operations a fence collects, the
// library copies it logs, the conflict check's keys): with 10^5 pending
// operations, bfs_rma mapped and faulted in 256 KiB-1 MiB arrays 100
// times per run, at about 10 us a page fault on a virtual machine.
//
// Here a large block has a power-of-two size, naturally aligned, carved from
// one reserved range, and goes back to a free list of its size when freed,
// its pages still resident (the next array of that size faults nothing),
// as long as the free lists hold at most kMaxWarmBytes (4 MiB: a fence's
// temporaries of 10^5 operations; more would add to the peak RSS what it
// saves in faults); beyond that a freed block's pages are returned to the
// system (its address range stays on a list). Blocks of 8 MiB and more are
// backed by transparent huge pages where the system offers them (madvise
// mode): their first touch costs a fault per 2 MiB instead of 512, and at
// most 2 MiB of the block is resident beyond what was touched.
// docs/performance.md ("Page faults") has the measurements.
#ifndef MPISYNC_LARGE_BLOCKS_H
#define MPISYNC_LARGE_BLOCKS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// Requests above this size are large blocks (kMaxRuntimeBlock).
constexpr __sanitizer::uptr kMinLargeBlock = __sanitizer::uptr(4) << 10;

// A block of at least `size` (> kMinLargeBlock) bytes, uninitialised, or
// null if the range cannot serve it (the caller falls back to the internal
// allocator).
void *LargeBlockAlloc(__sanitizer::uptr size);
// Frees `p` and returns true if it is a large block; false otherwise.
bool LargeBlockFree(void *p);

} // namespace mpisync

#endif // MPISYNC_LARGE_BLOCKS_H
