// libc interceptors and the memory-intrinsic entry points of instrumented
// code.
#include "mpisync_interceptors.h"

#include "interception/interception.h"
#include "mpisync_interface.h"
#include "mpisync_pending.h"
#include "mpisync_report.h"
#include "mpisync_rtl.h"
#include "mpisync_shadow.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

#include <dlfcn.h>

using namespace __sanitizer;

namespace mpisync {

namespace {

bool interceptors_ready;

bool InHull(uptr addr, uptr size, uptr lo, uptr span) {
  return span != 0 && addr < lo + span && addr + size > lo;
}

// Modules of the MPI stack: their data movement is the library's own.
bool IsMpiLibraryPc(uptr pc) {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(pc), &info) || !info.dli_fname)
    return false;
  const char *name = StripModuleName(info.dli_fname);
  static const char *const kPrefixes[] = {
      "libmpi", "libpmpi", "libucp", "libucs", "libuct", "libucm",
      "libfabric", "libhwloc", "libpmix", "libyaksa", "libpsm", "libibverbs",
      "librdmacm", "libmlx", "libxpmem", "libknem"};
  for (const char *prefix : kPrefixes)
    if (internal_strncmp(name, prefix, internal_strlen(prefix)) == 0)
      return true;
  return internal_strstr(info.dli_fname, "/ucx/") != nullptr;
}

void CheckNonInstrumented(uptr p, uptr size, bool is_write, uptr pc, uptr bp) {
  if (InsideMpi()) {
    if (is_write)
      ObserveLibraryCopy(p, 0, size);
    else
      ObserveLibraryCopy(0, p, size);
    return;
  }
  const MpisyncPublishedState &s = __mpisync_state;
  if (LIKELY(!s.pending) || size == 0)
    return;
  uptr lo = is_write ? s.store_lo : s.load_lo;
  uptr span = is_write ? s.store_span : s.load_span;
  if (!InHull(p, size, lo, span))
    return;
  if (IsMpiLibraryPc(pc)) {
    // A progress thread of the library.
    if (is_write)
      ObserveLibraryCopy(p, 0, size);
    else
      ObserveLibraryCopy(0, p, size);
    return;
  }
  CheckRange(p, size, is_write, pc, bp);
}

} // namespace

void CheckRange(uptr p, uptr size, bool is_write, uptr pc, uptr bp) {
  const MpisyncPublishedState &s = __mpisync_state;
  // User callbacks run by the library (reduction operations, ...) touch
  // buffers the library owns: they are part of the MPI call.
  if (LIKELY(!s.pending) || size == 0 || InsideMpi())
    return;
  uptr lo = is_write ? s.store_lo : s.load_lo;
  uptr span = is_write ? s.store_span : s.load_span;
  if (!InHull(p, size, lo, span))
    return;
  if (!ShadowHasAny(p, p + size, is_write ? kShadowStoreMask : kShadowLoadMask))
    return;
  // The precise check: which pending buffers does the access break?
  Lock lock(&StateMutex());
  AccessInfo access = {p, size, is_write, pc, bp};
  ForEachOverlap(p, p + size,
                 [&](PendingOp *op, PendingBuffer &buf, const Segment &) {
                   if (buf.role == BufferRole::kSend) {
                     if (is_write)
                       ReportBufferAccess(ErrorKind::kSendBufferWrite, access,
                                          *op, buf);
                   } else {
                     ReportBufferAccess(ErrorKind::kRecvBufferAccess, access,
                                        *op, buf);
                   }
                 });
}

void ObserveLibraryCopy(uptr dst, uptr src, uptr size) {
  const MpisyncPublishedState &s = __mpisync_state;
  if (!s.pending || size == 0)
    return;
  bool src_pending = src && InHull(src, size, s.store_lo, s.store_span);
  bool dst_pending = dst && InHull(dst, size, s.load_lo, s.load_span);
  if (!src_pending && !dst_pending)
    return;
  Lock lock(&StateMutex());
  if (src_pending)
    ForEachOverlap(src, src + size,
                   [](PendingOp *op, PendingBuffer &buf, const Segment &) {
                     if (buf.role == BufferRole::kSend)
                       op->send_data_consumed = true;
                   });
  if (dst_pending)
    ForEachOverlap(dst, dst + size,
                   [](PendingOp *op, PendingBuffer &buf, const Segment &) {
                     if (buf.role == BufferRole::kRecv)
                       op->recv_data_written = true;
                   });
}

} // namespace mpisync

using namespace mpisync;

INTERCEPTOR(void *, memcpy, void *dst, const void *src, uptr n) {
  if (!interceptors_ready)
    return internal_memcpy(dst, src, n);
  uptr pc = GET_CALLER_PC(), bp = GET_CURRENT_FRAME();
  CheckNonInstrumented((uptr)src, n, false, pc, bp);
  CheckNonInstrumented((uptr)dst, n, true, pc, bp);
  return REAL(memcpy)(dst, src, n);
}

INTERCEPTOR(void *, memmove, void *dst, const void *src, uptr n) {
  if (!interceptors_ready)
    return internal_memmove(dst, src, n);
  uptr pc = GET_CALLER_PC(), bp = GET_CURRENT_FRAME();
  CheckNonInstrumented((uptr)src, n, false, pc, bp);
  CheckNonInstrumented((uptr)dst, n, true, pc, bp);
  return REAL(memmove)(dst, src, n);
}

INTERCEPTOR(void *, memset, void *dst, int c, uptr n) {
  if (!interceptors_ready)
    return internal_memset(dst, c, n);
  CheckNonInstrumented((uptr)dst, n, true, GET_CALLER_PC(),
                       GET_CURRENT_FRAME());
  return REAL(memset)(dst, c, n);
}

namespace mpisync {
void InitializeInterceptors() {
  INTERCEPT_FUNCTION(memcpy);
  INTERCEPT_FUNCTION(memmove);
  INTERCEPT_FUNCTION(memset);
  interceptors_ready = REAL(memcpy) && REAL(memmove) && REAL(memset);
}
} // namespace mpisync

// Instrumented code's memory intrinsics: checked here, at the caller's site.
extern "C" void *__mpisync_memcpy(void *dst, const void *src, uptr n) {
  uptr pc = GET_CALLER_PC(), bp = GET_CURRENT_FRAME();
  CheckRange((uptr)src, n, false, pc, bp);
  CheckRange((uptr)dst, n, true, pc, bp);
  return interceptors_ready ? REAL(memcpy)(dst, src, n)
                            : internal_memcpy(dst, src, n);
}

extern "C" void *__mpisync_memmove(void *dst, const void *src, uptr n) {
  uptr pc = GET_CALLER_PC(), bp = GET_CURRENT_FRAME();
  CheckRange((uptr)src, n, false, pc, bp);
  CheckRange((uptr)dst, n, true, pc, bp);
  return interceptors_ready ? REAL(memmove)(dst, src, n)
                            : internal_memmove(dst, src, n);
}

extern "C" void *__mpisync_memset(void *dst, int c, uptr n) {
  CheckRange((uptr)dst, n, true, GET_CALLER_PC(), GET_CURRENT_FRAME());
  return interceptors_ready ? REAL(memset)(dst, c, n)
                            : internal_memset(dst, c, n);
}
