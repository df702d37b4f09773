// Shadow memory reservation and marking. Marking costs O(bytes / 8) and is
// paid inside MPI calls, never on the access fast path.
#include "mpisync_shadow.h"

#include "mpisync_interface.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {
uptr shadow_offset;
}

void InitializeShadow() {
  if (shadow_offset)
    return;
  // A dynamic offset coexists with other sanitizers' fixed layouts. A page
  // more than user space needs: the inline test of an access spanning
  // granules loads up to 4 shadow bytes at once (pass/FastPathEmitter.cpp).
  uptr size = (kMaxAppAddress >> kShadowScale) + GetPageSizeCached();
  void *base = MmapNoReserveOrDie(size, "MPISync shadow");
  shadow_offset = reinterpret_cast<uptr>(base);
  __mpisync_state.shadow_offset = shadow_offset;
}

uptr ShadowOffset() { return shadow_offset; }

bool IsShadowAddress(uptr addr) {
  return addr >= shadow_offset &&
         addr - shadow_offset < (kMaxAppAddress >> kShadowScale);
}

static bool Shadowed(uptr begin, uptr end) {
  return begin < end && end <= kMaxAppAddress;
}

void PoisonShadow(uptr begin, uptr end, u8 bits) {
  if (!Shadowed(begin, end))
    return;
  u8 *s = MemToShadow(begin);
  u8 *e = MemToShadow(end - 1) + 1;
  constexpr u8 kPending = kShadowSend | kShadowRecv;
  if (!(bits & kPending)) {
    for (; s < e; s++)
      *s |= bits;
    return;
  }
  // A granule already marked for a pending buffer becomes shared.
  for (; s < e; s++)
    *s |= bits | ((*s & kPending) ? (u8)kShadowShared : (u8)0);
}

void ClearShadow(uptr begin, uptr end, u8 bits) {
  if (!Shadowed(begin, end))
    return;
  u8 *s = MemToShadow(begin);
  u8 *e = MemToShadow(end - 1) + 1;
  if (bits == 0xff) {
    internal_memset(s, 0, e - s);
    return;
  }
  for (; s < e; s++)
    *s &= ~bits;
}

u8 ShadowOr(uptr begin, uptr end) {
  if (!Shadowed(begin, end))
    return 0;
  const u8 *s = MemToShadow(begin);
  const u8 *e = MemToShadow(end - 1) + 1;
  u8 bits = 0;
  // Hoisted loop checks ask about whole arrays: 8 shadow bytes at a time.
  for (; s < e && ((uptr)s & 7); s++)
    bits |= *s;
  u64 word = 0;
  for (; s + 8 <= e; s += 8)
    word |= *reinterpret_cast<const u64 *>(s);
  for (int k = 0; k < 8; k++)
    bits |= (u8)(word >> (8 * k));
  for (; s < e; s++)
    bits |= *s;
  return bits;
}

bool ShadowHasAny(uptr begin, uptr end, u8 mask) {
  if (!Shadowed(begin, end))
    return false;
  const u8 *s = MemToShadow(begin);
  const u8 *e = MemToShadow(end - 1) + 1;
  for (; s < e && ((uptr)s & 7); s++)
    if (*s & mask)
      return true;
  u64 mask_word = 0x0101010101010101ull * mask;
  for (; s + 8 <= e; s += 8)
    if (*reinterpret_cast<const u64 *>(s) & mask_word)
      return true;
  for (; s < e; s++)
    if (*s & mask)
      return true;
  return false;
}

} // namespace mpisync
