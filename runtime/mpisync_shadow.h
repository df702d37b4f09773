// Shadow memory: one byte per 8-byte granule of application memory, in a
// region reserved once with MAP_NORESERVE at a dynamic offset. A shadow byte
// holds the OR of the ShadowBits of the pending buffers on its granule.
#ifndef MPISYNC_SHADOW_H
#define MPISYNC_SHADOW_H

#include "mpisync/buffer_rules.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u8;
using __sanitizer::uptr;

// The shadow bits, kShadowScale and the load/store masks are the contract's
// (include/mpisync/buffer_rules.h): the pass tests the same masks inline.
constexpr uptr kGranule = uptr(1) << kShadowScale;
// x86-64 user space is 47 bits; addresses above have no shadow.
constexpr uptr kMaxAppAddress = uptr(1) << 47;

void InitializeShadow();
uptr ShadowOffset();
// Whether `addr` lies in the shadow region itself (reserved, not the
// program's memory).
bool IsShadowAddress(uptr addr);

inline u8 *MemToShadow(uptr addr) {
  return reinterpret_cast<u8 *>(ShadowOffset() + (addr >> kShadowScale));
}

// ORs `bits` into the shadow of every granule overlapping [begin, end).
void PoisonShadow(uptr begin, uptr end, u8 bits);
// Clears `bits` in the shadow of every granule overlapping [begin, end).
void ClearShadow(uptr begin, uptr end, u8 bits = 0xff);
// The OR of the shadow of every granule overlapping [begin, end).
u8 ShadowOr(uptr begin, uptr end);
// True if any granule overlapping [begin, end) has one of `mask` set.
bool ShadowHasAny(uptr begin, uptr end, u8 mask);

} // namespace mpisync

#endif // MPISYNC_SHADOW_H
