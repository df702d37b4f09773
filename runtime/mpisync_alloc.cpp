// Size classes carved from runs of a reserved range (mpisync_alloc.h).
#include "mpisync_alloc.h"
#include "mpisync_large_blocks.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_mutex.h"
#include "sanitizer_common/sanitizer_posix.h"

#include <sys/mman.h>

using namespace __sanitizer;

namespace mpisync {

namespace {

// Classes: 16-byte steps up to 512 bytes (operation records, buffers,
// index nodes), then 64-byte steps up to kMaxRuntimeBlock. At most 15
// bytes of a small block and 63 of a larger one are unused.
constexpr uptr kSmallStep = 16, kSmallMax = 512, kLargeStep = 64;
constexpr uptr kSmallClasses = kSmallMax / kSmallStep;
constexpr uptr kNumClasses =
    kSmallClasses + (kMaxRuntimeBlock - kSmallMax) / kLargeStep;

uptr ClassOf(uptr size) {
  if (size <= kSmallMax)
    return size ? (size - 1) / kSmallStep : 0;
  return kSmallClasses + (size - kSmallMax - 1) / kLargeStep;
}

uptr ClassSize(uptr c) {
  if (c < kSmallClasses)
    return (c + 1) * kSmallStep;
  return kSmallMax + (c - kSmallClasses + 1) * kLargeStep;
}

constexpr uptr kRunShift = 16; // 64 KiB runs: 16 blocks of the largest class
constexpr uptr kRunBytes = uptr(1) << kRunShift;
// Address space only: pages become resident when a block on them is used.
constexpr uptr kArenaBytes = uptr(16) << 30;
constexpr uptr kNumRuns = kArenaBytes >> kRunShift;
constexpr uptr kSmallPagesBytes = uptr(8) << 20;

struct FreeBlock {
  FreeBlock *next;
};

struct ClassState {
  FreeBlock *free;
  uptr next, end; // the unused rest of the class's current run
};

StaticSpinMutex mu;
uptr arena, arena_used; // arena == 0: not reserved yet
bool arena_failed;
ClassState classes[kNumClasses];
u8 run_class[kNumRuns]; // the class of each run handed out

bool Reserve() {
  // Runs are carved one after the other, so the range fills densely: past
  // its first 8 MiB (a short run's whole use, which stays in small pages),
  // transparent huge pages where the system offers them fault 2 MiB at
  // once instead of 512 pages, at most one of them partly used. Without
  // the range the internal allocator serves everything.
  return ReserveOnce(&arena, &arena_failed, kArenaBytes, kSmallPagesBytes);
}

// A block of class c, or null when the range is used up.
void *Carve(uptr c) {
  ClassState &s = classes[c];
  if (FreeBlock *b = s.free) {
    s.free = b->next;
    return b;
  }
  uptr size = ClassSize(c);
  if (s.next + size > s.end) {
    if (!Reserve() || arena_used + kRunBytes > kArenaBytes)
      return nullptr;
    s.next = arena + arena_used;
    s.end = s.next + kRunBytes;
    run_class[arena_used >> kRunShift] = static_cast<u8>(c);
    arena_used += kRunBytes;
  }
  void *p = reinterpret_cast<void *>(s.next);
  s.next += size;
  return p;
}

static_assert(kNumClasses <= 256, "run_class holds a class in a byte");
static_assert(kMinLargeBlock == kMaxRuntimeBlock,
              "a block is a small class's or a large block");

} // namespace

bool ReserveOnce(uptr *base, bool *failed, uptr bytes, uptr huge_from) {
  if (*base || *failed)
    return *base != 0;
  uptr p = internal_mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (internal_iserror(p)) {
    *failed = true; // e.g. under a small `ulimit -v`
    return false;
  }
  if (huge_from < bytes)
    internal_madvise(p + huge_from, bytes - huge_from, MADV_HUGEPAGE);
  __atomic_store_n(base, p, __ATOMIC_RELEASE);
  return true;
}

void *RuntimeAlloc(uptr size) {
  if (size <= kMaxRuntimeBlock) {
    SpinMutexLock lock(&mu);
    if (void *p = Carve(ClassOf(size)))
      return p;
  } else {
    if (void *p = LargeBlockAlloc(size))
      return p;
  }
  return InternalAlloc(size);
}

void RuntimeFree(void *p) {
  if (!p)
    return;
  uptr a = reinterpret_cast<uptr>(p);
  // `arena` is set once, before any block of it exists.
  uptr base = __atomic_load_n(&arena, __ATOMIC_ACQUIRE);
  if (!base || a < base || a >= base + kArenaBytes) {
    if (!LargeBlockFree(p))
      InternalFree(p);
    return;
  }
  SpinMutexLock lock(&mu);
  ClassState &s = classes[run_class[(a - base) >> kRunShift]];
  FreeBlock *b = static_cast<FreeBlock *>(p);
  b->next = s.free;
  s.free = b;
}

} // namespace mpisync
