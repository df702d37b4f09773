// Power-of-two blocks of a reserved range, kept warm when freed
// (mpisync_large_blocks.h).
#include "mpisync_large_blocks.h"

#include "mpisync_alloc.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_mutex.h"
#include "sanitizer_common/sanitizer_posix.h"

#include <sys/mman.h>

using namespace __sanitizer;

namespace mpisync {

namespace {

constexpr uptr kMinShift = 13;  // the first size above kMinLargeBlock
constexpr uptr kMaxShift = 34;  // 16 GiB; larger requests are not served
constexpr uptr kHugeShift = 23; // 8 MiB: blocks with transparent huge pages
static_assert((uptr(1) << (kMinShift - 1)) == kMinLargeBlock,
              "the smallest class is the first size above kMinLargeBlock");
// Address space only (pages become resident when used), so that natural
// alignment's gaps cost nothing.
constexpr uptr kRangeBytes = uptr(64) << 30;
constexpr uptr kNumSlots = kRangeBytes >> kMinShift;
// Freed blocks whose pages stay resident, at most (the rest are returned to
// the system): what one synchronization's arrays of about 10^5 operations
// take, so that the next one finds them (a ScratchVector grown to 1 MiB
// freed 256 KiB, 512 KiB and 1 MiB blocks on its way).
constexpr uptr kMaxWarmBytes = uptr(4) << 20;
// A block's first page holds its free-list link, so it stays resident.
constexpr uptr kLinkPage = 4096;

struct FreeBlock {
  FreeBlock *next;
};

StaticSpinMutex mu;
uptr range, range_used; // range == 0: not reserved yet
bool range_failed;
FreeBlock *warm[kMaxShift + 1], *cold[kMaxShift + 1];
uptr warm_bytes;
u8 block_shift[kNumSlots]; // at the slot of each block's first byte

bool Reserve() {
  // Huge pages are advised per block (LargeBlockAlloc).
  return ReserveOnce(&range, &range_failed, kRangeBytes, kRangeBytes);
}

uptr ShiftOf(uptr size) {
  uptr shift = kMinShift;
  while ((uptr(1) << shift) < size)
    shift++;
  return shift;
}

FreeBlock *Pop(FreeBlock **list) {
  FreeBlock *b = *list;
  if (b)
    *list = b->next;
  return b;
}

void Push(FreeBlock **list, void *p) {
  FreeBlock *b = static_cast<FreeBlock *>(p);
  b->next = *list;
  *list = b;
}

} // namespace

void *LargeBlockAlloc(uptr size) {
  uptr shift = ShiftOf(size);
  if (shift > kMaxShift)
    return nullptr;
  uptr bytes = uptr(1) << shift;
  uptr p;
  {
    SpinMutexLock lock(&mu);
    if (FreeBlock *b = Pop(&warm[shift])) {
      warm_bytes -= bytes;
      return b;
    }
    if (FreeBlock *b = Pop(&cold[shift]))
      return b;
    if (!Reserve())
      return nullptr;
    uptr offset = RoundUpTo(range_used, bytes);
    if (offset + bytes > kRangeBytes)
      return nullptr;
    range_used = offset + bytes;
    block_shift[offset >> kMinShift] = static_cast<u8>(shift);
    p = range + offset;
  }
  // Once per block: the advice stays with its addresses.
  if (shift >= kHugeShift)
    internal_madvise(p, bytes, MADV_HUGEPAGE);
  return reinterpret_cast<void *>(p);
}

bool LargeBlockFree(void *p) {
  uptr a = reinterpret_cast<uptr>(p);
  // `range` is set once, before any block of it exists.
  uptr base = __atomic_load_n(&range, __ATOMIC_ACQUIRE);
  if (!base || a < base || a >= base + kRangeBytes)
    return false;
  uptr shift, bytes;
  {
    SpinMutexLock lock(&mu);
    shift = block_shift[(a - base) >> kMinShift];
    bytes = uptr(1) << shift;
    if (warm_bytes + bytes <= kMaxWarmBytes) {
      warm_bytes += bytes;
      Push(&warm[shift], p);
      return true;
    }
  }
  // Outside the lock: the system call takes long.
  internal_madvise(a + kLinkPage, bytes - kLinkPage, MADV_DONTNEED);
  SpinMutexLock lock(&mu);
  Push(&cold[shift], p);
  return true;
}

} // namespace mpisync
