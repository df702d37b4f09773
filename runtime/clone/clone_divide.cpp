// Divided checking among clones (clone_divide.h).
#include "clone/clone_divide.h"

#include "clone/clone_state.h"
#include "mpisync_flags.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

bool dividing;

namespace {

enum : int { kNoCheck, kMine, kNotMine };
THREADLOCAL int access_check_state;

// The runtime is linked into the executable: an access site's distance
// from it is the same in every process of the job, whatever ASLR did.
// Sites in shared libraries lie far away; their offset in a page is kept,
// which ASLR does not change either.
void Anchor() {}

uptr SiteKey(uptr pc) {
  uptr anchor = (uptr)&Anchor;
  uptr distance = pc > anchor ? pc - anchor : anchor - pc;
  if (distance < (1ull << 30))
    return (pc - anchor) * 2 + 1;
  return pc & 0xfff;
}

} // namespace

bool ChecksSite(uptr pc) {
  if (!dividing)
    return true;
  if (!flags()->clone_divide)
    return !IsClone();
  if (!IsClone())
    return false;
  u64 h = (u64)SiteKey(pc) * 0x9e3779b97f4a7c15ull;
  return (int)((h >> 32) % (u64)family.num_clones) == family.clone_index - 1;
}

AccessCheckScope::AccessCheckScope(bool mine) : saved_(access_check_state) {
  access_check_state = mine ? kMine : kNotMine;
}

AccessCheckScope::~AccessCheckScope() { access_check_state = saved_; }

bool MutesReport() {
  if (!dividing)
    return false;
  if (IsClone())
    return access_check_state != kMine;
  return access_check_state == kNotMine;
}

void SetUpDivision() { dividing = InFamily(); }

} // namespace clone
} // namespace mpisync
