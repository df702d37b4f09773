// libFuzzer target for the interval index of pending buffers (runtime/
// mpisync_pending_index.*), built with AddressSanitizer: the input is a
// program of insertions (ascending, as consecutive receive slots are, or
// anywhere), removals, queries and library-copy observations, run against
// the index and against a plain list. Every query must name exactly the
// intervals the list says meet it, in address order; the hull must be the
// list's; an observation must visit exactly the unobserved intervals it
// meets. test/fuzz/index_fuzz.test runs it for a bounded time.
#include <stddef.h>
#include <stdint.h>

#include "mpisync_pending_index.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

// sanitizer_common leaves unwinding to its tool; the index never unwinds.
void __sanitizer::BufferedStackTrace::UnwindImpl(uptr, uptr, void *, bool,
                                                 u32) {}

namespace {

using mpisync::IndexNode;
using mpisync::IntervalIndex;

constexpr size_t kMax = 512;

struct Entry {
  uintptr_t lo, hi;
  bool unobserved;
  IndexNode *node;
};

struct Program {
  const uint8_t *p, *end;
  bool more() const { return p < end; }
  uint8_t byte() { return p < end ? *p++ : 0; }
  uintptr_t word() { return byte() | (uintptr_t)byte() << 8; }
};

void Check(bool ok) {
  if (!ok)
    __builtin_trap();
}

// Entries meeting [b, e) in the index's order (lo, then node address).
size_t Expected(const Entry *list, size_t n, uintptr_t b, uintptr_t e,
                const Entry **out) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (b < e && list[i].lo < e && list[i].hi > b)
      out[k++] = &list[i];
  for (size_t i = 1; i < k; i++) // insertion sort
    for (size_t j = i; j > 0; j--) {
      const Entry *x = out[j - 1], *y = out[j];
      if (x->lo < y->lo || (x->lo == y->lo && x->node < y->node))
        break;
      out[j - 1] = y;
      out[j] = x;
    }
  return k;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Entry list[kMax];
  static const Entry *expected[kMax];
  size_t n = 0;
  IntervalIndex index;
  Program prog{data, data + size};
  uintptr_t next_lo = 1024; // where ascending insertions continue
  while (prog.more()) {
    uint8_t op = prog.byte();
    switch (op % 5) {
    case 0:   // ascending insertion: right after the last one, or a gap on
    case 1: { // anywhere
      if (n == kMax)
        break;
      uintptr_t len = 1 + prog.byte() % 64;
      uintptr_t lo = op % 5 == 0 ? next_lo + prog.byte() % 4 : prog.word();
      bool observed = op & 0x80;
      IndexNode *node = index.Insert(lo, lo + len, nullptr, n, observed);
      list[n++] = {lo, lo + len, !observed, node};
      if (lo + len > next_lo)
        next_lo = lo + len;
      break;
    }
    case 2: { // removal of any, or of the lowest (completion in order)
      if (n == 0)
        break;
      size_t i = (op & 0x80) ? 0 : prog.byte() % n;
      if (op & 0x80)
        for (size_t j = 1; j < n; j++)
          if (list[j].lo < list[i].lo)
            i = j;
      index.Remove(list[i].node);
      list[i] = list[--n];
      break;
    }
    case 3: { // query
      uintptr_t b = prog.word(), e = b + prog.word() % 512;
      size_t k = Expected(list, n, b, e, expected);
      size_t seen = 0;
      index.ForEachMeeting(b, e, [&](IndexNode *node) {
        Check(seen < k && expected[seen]->node == node);
        seen++;
        return true;
      });
      Check(seen == k);
      break;
    }
    case 4: { // a library copy observing what it meets
      uintptr_t b = prog.word(), e = b + prog.word() % 512;
      size_t k = Expected(list, n, b, e, expected);
      size_t want = 0;
      for (size_t i = 0; i < k; i++)
        want += expected[i]->unobserved;
      size_t seen = 0;
      index.ObserveMeeting(b, e, [&](IndexNode *node) {
        Entry *entry = nullptr;
        for (size_t i = 0; i < n; i++)
          if (list[i].node == node)
            entry = &list[i];
        Check(entry && entry->unobserved && entry->lo < e && entry->hi > b);
        entry->unobserved = false;
        seen++;
        return false;
      });
      Check(seen == want);
      break;
    }
    }
    // The hull is the list's, and the count.
    uintptr_t lo = 0, hi = 0;
    for (size_t i = 0; i < n; i++) {
      lo = (i == 0 || list[i].lo < lo) ? list[i].lo : lo;
      hi = list[i].hi > hi ? list[i].hi : hi;
    }
    Check(index.size() == n && index.Lo() == lo && index.Hi() == hi);
  }
  index.Clear();
  return 0;
}
