// The state the inline fast path reads (DESIGN.md section 4): the runtime
// defines `__mpisync_state` with this layout and the pass loads its fields
// by index. The eight words the checks read share one cache line; `threads`,
// read only around atomics, starts the next. Dependency free.
#ifndef MPISYNC_CONTRACT_PUBLISHED_STATE_H
#define MPISYNC_CONTRACT_PUBLISHED_STATE_H

#include <stddef.h>
#include <stdint.h>

// `pending` is non-zero while any request or epoch is pending; for loads
// and for stores, [lo, lo + span) covers every pending region that the
// access type can violate (span == 0: none). [near_lo, near_lo + near_span)
// is the union of both intervals extended kNearSlack bytes down
// (near_span == 0: nothing pending of either type): an access of at most
// that many bytes that starts outside it meets no pending region, so code
// outside loops tests it alone, with no pending word held in a register.
// `threads` is non-zero once the thread clocks track happens-before (a
// second application thread): only then do acquiring and releasing atomics
// call the runtime.
#define MPISYNC_PUBLISHED_STATE_FIELDS(FIELD)                                  \
  FIELD(pending)                                                               \
  FIELD(load_lo)                                                               \
  FIELD(load_span)                                                             \
  FIELD(store_lo)                                                              \
  FIELD(store_span)                                                            \
  FIELD(shadow_offset)                                                         \
  FIELD(near_lo)                                                               \
  FIELD(near_span)                                                             \
  FIELD(threads)

extern "C" {
struct alignas(64) MpisyncPublishedState {
#define MPISYNC_STATE_MEMBER(Name) uintptr_t Name;
  MPISYNC_PUBLISHED_STATE_FIELDS(MPISYNC_STATE_MEMBER)
#undef MPISYNC_STATE_MEMBER
};
}

namespace mpisync {

// Field indexes, as the pass addresses them (an array of pointer-sized
// words).
enum PublishedStateField : unsigned {
#define MPISYNC_STATE_INDEX(Name) kState_##Name,
  MPISYNC_PUBLISHED_STATE_FIELDS(MPISYNC_STATE_INDEX)
#undef MPISYNC_STATE_INDEX
};
// Bytes by which the near interval reaches below the pending regions: the
// longest access (or hull of a group of field accesses, AccessGroups.h)
// tested against it alone.
constexpr uintptr_t kNearSlack = 1024;

constexpr unsigned kPublishedStateWords =
    sizeof(MpisyncPublishedState) / sizeof(uintptr_t);

#define MPISYNC_STATE_OFFSET(Name)                                             \
  static_assert(offsetof(MpisyncPublishedState, Name) ==                       \
                    kState_##Name * sizeof(uintptr_t),                         \
                "published state: field " #Name " is not where the pass "      \
                "loads it");
MPISYNC_PUBLISHED_STATE_FIELDS(MPISYNC_STATE_OFFSET)
#undef MPISYNC_STATE_OFFSET

} // namespace mpisync

#endif // MPISYNC_CONTRACT_PUBLISHED_STATE_H
