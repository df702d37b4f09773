// libFuzzer target for the runtime's allocator (runtime/mpisync_alloc.*),
// built with AddressSanitizer: the input is a program of allocations (of
// any size, those above kMaxRuntimeBlock going to the large blocks) and
// frees. Every live block
// is filled with a pattern of its own when allocated and must still hold it
// when freed: two live blocks that overlap, or a block handed out again while
// live, break a pattern. Blocks must be 16-byte aligned.
// test/fuzz/alloc_fuzz.test runs it for a bounded time.
#include <stddef.h>
#include <stdint.h>

#include "mpisync_alloc.h"
#include "mpisync_large_blocks.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

// sanitizer_common leaves unwinding to its tool; the allocator never
// unwinds.
void __sanitizer::BufferedStackTrace::UnwindImpl(uptr, uptr, void *, bool,
                                                 u32) {}

namespace {

constexpr size_t kMaxLive = 256;

struct Block {
  unsigned char *p;
  size_t size;
  unsigned char tag;
};

void Check(bool ok) {
  if (!ok)
    __builtin_trap();
}

// Bytes of a block that hold its pattern: all of a small one; of a large
// one (up to megabytes) its last byte and one in 4093, which lands on
// every page, so that two live blocks sharing a page still collide.
size_t Step(const Block &b) { return b.size > 65536 ? 4093 : 1; }

void Fill(const Block &b) {
  for (size_t i = 0; i < b.size; i += Step(b))
    b.p[i] = static_cast<unsigned char>(b.tag + i);
  if (b.size)
    b.p[b.size - 1] = static_cast<unsigned char>(b.tag + b.size - 1);
}

void Verify(const Block &b) {
  for (size_t i = 0; i < b.size; i += Step(b))
    Check(b.p[i] == static_cast<unsigned char>(b.tag + i));
  if (b.size)
    Check(b.p[b.size - 1] == static_cast<unsigned char>(b.tag + b.size - 1));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Block live[kMaxLive];
  size_t n = 0;
  unsigned char tag = 0;
  for (size_t at = 0; at + 2 < size; at += 3) {
    uint8_t op = data[at];
    size_t arg = data[at + 1] | size_t(data[at + 2]) << 8;
    if ((op & 3) != 0 && n < kMaxLive) {
      // Sizes up to 8 KiB: the small and mid classes, their edges, and
      // the internal allocator's blocks beyond kMaxRuntimeBlock; one op
      // in eight a large block, up to about 10 MiB (past the huge-page
      // size, and past the warm lists' limit once a few are freed).
      size_t bytes = arg % (2 * mpisync::kMaxRuntimeBlock + 1);
      if ((op & 0x1c) == 0x1c)
        bytes = mpisync::kMinLargeBlock - 64 + arg * 160;
      auto *p = static_cast<unsigned char *>(mpisync::RuntimeAlloc(bytes));
      Check(p != nullptr);
      Check(reinterpret_cast<uintptr_t>(p) % 16 == 0 ||
            bytes > mpisync::kMaxRuntimeBlock);
      live[n] = {p, bytes, tag++};
      Fill(live[n]);
      n++;
    } else if (n > 0) {
      size_t i = arg % n;
      Verify(live[i]);
      mpisync::RuntimeFree(live[i].p);
      live[i] = live[--n];
    }
  }
  for (size_t i = 0; i < n; i++) {
    Verify(live[i]);
    mpisync::RuntimeFree(live[i].p);
  }
  mpisync::RuntimeFree(nullptr);
  return 0;
}
