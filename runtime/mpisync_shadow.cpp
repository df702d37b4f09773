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
  // A dynamic offset coexists with other sanitizers' fixed layouts.
  uptr size = kMaxAppAddress >> kShadowScale;
  void *base = MmapNoReserveOrDie(size, "MPISync shadow");
  shadow_offset = reinterpret_cast<uptr>(base);
  __mpisync_state.shadow_offset = shadow_offset;
}

uptr ShadowOffset() { return shadow_offset; }

static bool Shadowed(uptr begin, uptr end) {
  return begin < end && end <= kMaxAppAddress;
}

void PoisonShadow(uptr begin, uptr end, u8 bits) {
  if (!Shadowed(begin, end))
    return;
  u8 *s = MemToShadow(begin);
  u8 *e = MemToShadow(end - 1) + 1;
  for (; s < e; s++)
    *s |= bits;
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

bool ShadowHasAny(uptr begin, uptr end, u8 mask) {
  if (!Shadowed(begin, end))
    return false;
  const u8 *s = MemToShadow(begin);
  const u8 *e = MemToShadow(end - 1) + 1;
  for (; s < e; s++)
    if (*s & mask)
      return true;
  return false;
}

} // namespace mpisync
