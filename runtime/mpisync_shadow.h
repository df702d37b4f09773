// Shadow memory: one byte per 8-byte granule of application memory, in a
// region reserved once with MAP_NORESERVE at a dynamic offset. A shadow byte
// holds the OR of the ShadowBits of the pending buffers on its granule.
#ifndef MPISYNC_SHADOW_H
#define MPISYNC_SHADOW_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u8;
using __sanitizer::uptr;

constexpr uptr kShadowScale = 3; // 8-byte granules
constexpr uptr kGranule = uptr(1) << kShadowScale;
// x86-64 user space is 47 bits; addresses above have no shadow.
constexpr uptr kMaxAppAddress = uptr(1) << 47;

enum ShadowBits : u8 {
  kShadowSend = 1, // stores are errors
  kShadowRecv = 2, // loads and stores are errors
  // Window memory in an exposure epoch: the first load (store) of a granule
  // per clock interval is recorded for the RMA conflict check, then the bit
  // is cleared until this process's clock next leaves it.
  kShadowWinLoad = 4,
  kShadowWinStore = 8,
};
constexpr u8 kShadowLoadMask = kShadowRecv | kShadowWinLoad;
constexpr u8 kShadowStoreMask = kShadowSend | kShadowRecv | kShadowWinStore;
constexpr u8 kShadowWinMask = kShadowWinLoad | kShadowWinStore;

void InitializeShadow();
uptr ShadowOffset();

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
