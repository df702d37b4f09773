// Entry points called by instrumented code for every load and store. The
// pass will inline the first test (DESIGN.md section 4); here every level
// runs out of line: pending word, hull, shadow, then the precise check.
#include "mpisync_interceptors.h"
#include "mpisync_interface.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

using namespace __sanitizer;

namespace {
ALWAYS_INLINE void CheckAccess(uptr addr, uptr size, bool is_write, uptr pc,
                               uptr bp) {
  if (LIKELY(!__mpisync_state.pending))
    return;
  mpisync::CheckRange(addr, size, is_write, pc, bp);
}
} // namespace

#define MPISYNC_ACCESS_ENTRY(Size)                                             \
  extern "C" void __mpisync_load##Size(const void *p) {                        \
    CheckAccess((uptr)p, Size, false, GET_CALLER_PC(), GET_CURRENT_FRAME());   \
  }                                                                            \
  extern "C" void __mpisync_store##Size(const void *p) {                       \
    CheckAccess((uptr)p, Size, true, GET_CALLER_PC(), GET_CURRENT_FRAME());    \
  }
MPISYNC_ACCESS_ENTRY(1)
MPISYNC_ACCESS_ENTRY(2)
MPISYNC_ACCESS_ENTRY(4)
MPISYNC_ACCESS_ENTRY(8)
MPISYNC_ACCESS_ENTRY(16)
#undef MPISYNC_ACCESS_ENTRY

extern "C" void __mpisync_loadN(const void *p, uptr size) {
  CheckAccess((uptr)p, size, false, GET_CALLER_PC(), GET_CURRENT_FRAME());
}
extern "C" void __mpisync_storeN(const void *p, uptr size) {
  CheckAccess((uptr)p, size, true, GET_CALLER_PC(), GET_CURRENT_FRAME());
}
