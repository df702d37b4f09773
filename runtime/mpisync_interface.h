// The interface between instrumented code (emitted by pass/) and the
// runtime: entry points and the published state the fast path reads.
// The pass and this header must agree; test/pass checks the names.
#ifndef MPISYNC_INTERFACE_H
#define MPISYNC_INTERFACE_H

#include "mpisync/published_state.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

using __sanitizer::u64;
using __sanitizer::uptr;

extern "C" {

// What the inline fast path reads (include/mpisync/published_state.h).
SANITIZER_INTERFACE_ATTRIBUTE extern MpisyncPublishedState __mpisync_state;

SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_init();

// One entry point per access kind and size; the N forms take any size. The
// _pa twins use the preserve_all convention (the fast path's cold calls);
// the _cold ones too, and test the pending word themselves (checks beside
// an MPI call that have no inline test).
#define MPISYNC_ACCESS_ENTRY(Size)                                             \
  SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_load##Size(const void *p);      \
  SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_store##Size(const void *p);     \
  SANITIZER_INTERFACE_ATTRIBUTE __attribute__((                                \
      preserve_all)) void __mpisync_load##Size##_pa(const void *p);            \
  SANITIZER_INTERFACE_ATTRIBUTE __attribute__((                                \
      preserve_all)) void __mpisync_store##Size##_pa(const void *p);           \
  SANITIZER_INTERFACE_ATTRIBUTE __attribute__((                                \
      preserve_all)) void __mpisync_load##Size##_cold(const void *p);          \
  SANITIZER_INTERFACE_ATTRIBUTE __attribute__((                                \
      preserve_all)) void __mpisync_store##Size##_cold(const void *p);
MPISYNC_ACCESS_ENTRY(1)
MPISYNC_ACCESS_ENTRY(2)
MPISYNC_ACCESS_ENTRY(4)
MPISYNC_ACCESS_ENTRY(8)
MPISYNC_ACCESS_ENTRY(16)
#undef MPISYNC_ACCESS_ENTRY
SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_loadN(const void *p, uptr size);
SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_storeN(const void *p, uptr size);
SANITIZER_INTERFACE_ATTRIBUTE __attribute__((preserve_all)) void
__mpisync_loadN_pa(const void *p, uptr size);
SANITIZER_INTERFACE_ATTRIBUTE __attribute__((preserve_all)) void
__mpisync_storeN_pa(const void *p, uptr size);
// The _cold range entries test the pending word and the access type's
// interval themselves (a range checked outside call-free loops).
SANITIZER_INTERFACE_ATTRIBUTE __attribute__((preserve_all)) void
__mpisync_loadN_cold(const void *p, uptr size);
SANITIZER_INTERFACE_ATTRIBUTE __attribute__((preserve_all)) void
__mpisync_storeN_cold(const void *p, uptr size);

// The rows of a loop nest (pass/AffineNestLifting.cpp): [first + k * stride,
// first + k * stride + size) for each k whose row lies in [hull, hull +
// hull_size).
#define MPISYNC_ROWS_ENTRY(Name)                                               \
  SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_##Name(                         \
      const void *hull, uptr hull_size, const void *first, uptr size,          \
      __sanitizer::sptr stride);                                               \
  SANITIZER_INTERFACE_ATTRIBUTE                                                \
  __attribute__((preserve_all)) void __mpisync_##Name##_pa(                    \
      const void *hull, uptr hull_size, const void *first, uptr size,          \
      __sanitizer::sptr stride);                                               \
  SANITIZER_INTERFACE_ATTRIBUTE                                                \
  __attribute__((preserve_all)) void __mpisync_##Name##_cold(                  \
      const void *hull, uptr hull_size, const void *first, uptr size,          \
      __sanitizer::sptr stride);
MPISYNC_ROWS_ENTRY(loadRows)
MPISYNC_ROWS_ENTRY(storeRows)
#undef MPISYNC_ROWS_ENTRY

// A stack object whose address escaped ends its life (scope end or return).
SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_stack_release(const void *p,
                                                           uptr size);

// A memory intrinsic of instrumented code whose source or destination
// range meets a pending interval (or any, without the inline fast path)
// calls these instead: the range is checked once, at the site that wrote
// it, and the data moves through the real function, not the interceptor.
SANITIZER_INTERFACE_ATTRIBUTE void *__mpisync_memcpy(void *dst, const void *src,
                                                     uptr n);
SANITIZER_INTERFACE_ATTRIBUTE void *__mpisync_memmove(void *dst,
                                                      const void *src, uptr n);
SANITIZER_INTERFACE_ATTRIBUTE void *__mpisync_memset(void *dst, int c, uptr n);

} // extern "C"

#endif // MPISYNC_INTERFACE_H
