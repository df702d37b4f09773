// libc interceptors. Data movement by code MPISync did not instrument
// (libraries, libc itself on the program's behalf) is checked like an
// access; data movement by the MPI library is observed, never reported: it
// tells when the library consumed a send buffer or produced a receive buffer.
// The memory-intrinsic entry points of instrumented code live here too.
#include "mpisync_interceptors.h"

#include "interception/interception.h"
#include "mpisync_access.h"
#include "mpisync_copy_log.h"
#include "mpisync_interface.h"
#include "mpisync_modules.h"
#include "mpisync_mpi_hooks.h"
#include "mpisync_pending.h"
#include "mpisync_rtl.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

#include <malloc.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/types.h>

using namespace __sanitizer;

extern "C" void __libc_free(void *p);
extern "C" void *__libc_realloc(void *p, __sanitizer::uptr n);

namespace mpisync {

namespace {

bool interceptors_ready;

bool InHull(uptr addr, uptr size, uptr lo, uptr span) {
  return span != 0 && addr < lo + span && addr + size > lo;
}

void Observe(uptr p, uptr size, bool is_write) {
  if (is_write)
    ObserveLibraryCopy(p, 0, size);
  else
    ObserveLibraryCopy(0, p, size);
}

uptr StrLen(const char *s) { return s ? internal_strlen(s) : 0; }

} // namespace

// A range touched by non-instrumented code on the program's behalf.
void CheckLibcAccess(uptr p, uptr size, bool is_write, uptr pc, uptr bp) {
  const MpisyncPublishedState &s = __mpisync_state;
  if (LIKELY(!s.pending) || size == 0)
    return;
  if (InsideMpi())
    return Observe(p, size, is_write);
  if (!InHull(p, size, is_write ? s.store_lo : s.load_lo,
              is_write ? s.store_span : s.load_span))
    return;
  if (IsMpiLibraryPc(pc))
    return Observe(p, size, is_write); // a progress thread of the library
  CheckRange(p, size, is_write, pc, bp);
}

void ObserveLibraryCopy(uptr dst, uptr src, uptr size) {
  const MpisyncPublishedState &s = __mpisync_state;
  if (!s.pending || size == 0)
    return;
  // Against the operations' buffers alone: the library's copies to and
  // from window memory (an RMA operation's target, here) are no pending
  // buffer's data, and the published intervals, which also hold watched
  // window memory, logged each of them (half of bfs_rma's copies).
  bool src_pending = src && MayMeetPendingOp(src, size, /*is_write=*/true);
  bool dst_pending = dst && MayMeetPendingOp(dst, size, /*is_write=*/false);
  if (!src_pending && !dst_pending)
    return;
  // An eager send copying its own data: no lock, which here would lengthen
  // the library's own critical section under MPI_THREAD_MULTIPLE.
  if (src_pending && !dst_pending && NoteStartingSendCopied(src, size))
    return;
  if (BufferLibraryCopy(src_pending ? src : 0, dst_pending ? dst : 0, size))
    return;
  // This thread is inside MPI and may hold the library's own lock, while
  // another thread holding StateMutex waits for that lock in a datatype
  // query: never wait here. A copy not observed only makes a latent
  // conflict look manifest.
  if (!StateMutex().TryLock())
    return;
  LogLibraryCopy(src_pending ? src : 0, dst_pending ? dst : 0, size);
  StateMutex().Unlock();
}

} // namespace mpisync

using namespace mpisync;

#if MPISYNC_PRELOAD
// Preloaded (LD_PRELOAD), the runtime's constructor runs after those of the
// libraries the program loads (MPICH's libnuma reads files in its own): an
// interceptor reached first initializes the runtime. The static runtime
// initializes from .preinit_array, before any of them.
#define MPISYNC_CALLER                                                         \
  if (UNLIKELY(!interceptors_ready))                                           \
    Initialize();                                                              \
  uptr pc = GET_CALLER_PC(), bp = GET_CURRENT_FRAME()
#else
#define MPISYNC_CALLER uptr pc = GET_CALLER_PC(), bp = GET_CURRENT_FRAME()
#endif
#define READS(p, n) CheckLibcAccess((uptr)(p), (uptr)(n), false, pc, bp)
#define WRITES(p, n) CheckLibcAccess((uptr)(p), (uptr)(n), true, pc, bp)

// Memory and string copies. Inside MPI a copy is the library moving a
// pending operation's data; elsewhere it is an access like any other.
#define MPISYNC_COPY_INTERCEPTOR(name)                                         \
  INTERCEPTOR(void *, name, void *dst, const void *src, uptr n) {              \
    if (!interceptors_ready)                                                   \
      return internal_##name(dst, src, n);                                     \
    MPISYNC_CALLER;                                                            \
    if (InsideMpi()) {                                                         \
      ObserveLibraryCopy((uptr)dst, (uptr)src, n);                             \
    } else {                                                                   \
      READS(src, n);                                                           \
      WRITES(dst, n);                                                          \
    }                                                                          \
    return REAL(name)(dst, src, n);                                            \
  }
MPISYNC_COPY_INTERCEPTOR(memcpy)
MPISYNC_COPY_INTERCEPTOR(memmove)

INTERCEPTOR(void *, memset, void *dst, int c, uptr n) {
  if (!interceptors_ready)
    return internal_memset(dst, c, n);
  MPISYNC_CALLER;
  WRITES(dst, n);
  return REAL(memset)(dst, c, n);
}

INTERCEPTOR(char *, strcpy, char *dst, const char *src) {
  MPISYNC_CALLER;
  uptr n = StrLen(src) + 1;
  READS(src, n);
  WRITES(dst, n);
  return REAL(strcpy)(dst, src);
}

INTERCEPTOR(char *, stpcpy, char *dst, const char *src) {
  MPISYNC_CALLER;
  uptr n = StrLen(src) + 1;
  READS(src, n);
  WRITES(dst, n);
  return REAL(stpcpy)(dst, src);
}

INTERCEPTOR(char *, strncpy, char *dst, const char *src, uptr n) {
  MPISYNC_CALLER;
  uptr len = internal_strnlen(src, n);
  READS(src, len < n ? len + 1 : n);
  WRITES(dst, n);
  return REAL(strncpy)(dst, src, n);
}

INTERCEPTOR(char *, strcat, char *dst, const char *src) {
  MPISYNC_CALLER;
  uptr dlen = StrLen(dst), slen = StrLen(src) + 1;
  READS(src, slen);
  WRITES(dst + dlen, slen);
  return REAL(strcat)(dst, src);
}

INTERCEPTOR(char *, strncat, char *dst, const char *src, uptr n) {
  MPISYNC_CALLER;
  uptr dlen = StrLen(dst), slen = internal_strnlen(src, n);
  READS(src, slen);
  WRITES(dst + dlen, slen + 1);
  return REAL(strncat)(dst, src, n);
}

// Input: the bytes actually stored are checked, after the call.

INTERCEPTOR(sptr, read, int fd, void *buf, uptr n) {
  MPISYNC_CALLER;
  sptr res = REAL(read)(fd, buf, n);
  if (res > 0)
    WRITES(buf, res);
  return res;
}

INTERCEPTOR(sptr, pread, int fd, void *buf, uptr n, off_t off) {
  MPISYNC_CALLER;
  sptr res = REAL(pread)(fd, buf, n, off);
  if (res > 0)
    WRITES(buf, res);
  return res;
}

INTERCEPTOR(sptr, recv, int fd, void *buf, uptr n, int flags) {
  MPISYNC_CALLER;
  sptr res = REAL(recv)(fd, buf, n, flags);
  if (res > 0)
    WRITES(buf, res);
  return res;
}

INTERCEPTOR(sptr, recvfrom, int fd, void *buf, uptr n, int flags,
            struct sockaddr *addr, socklen_t *addrlen) {
  MPISYNC_CALLER;
  sptr res = REAL(recvfrom)(fd, buf, n, flags, addr, addrlen);
  if (res > 0)
    WRITES(buf, res);
  return res;
}

INTERCEPTOR(uptr, fread, void *ptr, uptr size, uptr nmemb, FILE *f) {
  MPISYNC_CALLER;
  uptr res = REAL(fread)(ptr, size, nmemb, f);
  if (res > 0)
    WRITES(ptr, res * size);
  return res;
}

INTERCEPTOR(char *, fgets, char *s, int size, FILE *f) {
  MPISYNC_CALLER;
  char *res = REAL(fgets)(s, size, f);
  if (res)
    WRITES(s, StrLen(s) + 1);
  return res;
}

// Output reads the buffer: an error for a pending receive buffer only.

INTERCEPTOR(sptr, write, int fd, const void *buf, uptr n) {
  MPISYNC_CALLER;
  READS(buf, n);
  return REAL(write)(fd, buf, n);
}

INTERCEPTOR(sptr, send, int fd, const void *buf, uptr n, int flags) {
  MPISYNC_CALLER;
  READS(buf, n);
  return REAL(send)(fd, buf, n, flags);
}

INTERCEPTOR(uptr, fwrite, const void *ptr, uptr size, uptr nmemb, FILE *f) {
  MPISYNC_CALLER;
  READS(ptr, size * nmemb);
  return REAL(fwrite)(ptr, size, nmemb, f);
}

// Releasing memory that holds a pending buffer.

INTERCEPTOR(void, free, void *p) {
  if (p && interceptors_ready && __mpisync_state.pending && !InsideMpi()) {
    uptr size = malloc_usable_size(p);
    CheckRelease((uptr)p, (uptr)p + size, /*is_stack=*/false,
                 "free() releases", GET_CALLER_PC(), GET_CURRENT_FRAME());
  }
  if (REAL(free))
    REAL(free)(p);
  else
    __libc_free(p);
}

INTERCEPTOR(void *, realloc, void *p, uptr n) {
  if (p && __mpisync_state.pending && !InsideMpi()) {
    uptr size = malloc_usable_size(p);
    CheckRelease((uptr)p, (uptr)p + size, /*is_stack=*/false,
                 "realloc() releases", GET_CALLER_PC(), GET_CURRENT_FRAME());
  }
  if (REAL(realloc))
    return REAL(realloc)(p, n);
  return __libc_realloc(p, n); // before the runtime is initialized
}

namespace mpisync {
void InitializeIfNeeded() {
  if (UNLIKELY(!interceptors_ready))
    Initialize();
}

void InitializeInterceptors() {
  INTERCEPT_FUNCTION(memcpy);
  INTERCEPT_FUNCTION(memmove);
  INTERCEPT_FUNCTION(memset);
  INTERCEPT_FUNCTION(strcpy);
  INTERCEPT_FUNCTION(stpcpy);
  INTERCEPT_FUNCTION(strncpy);
  INTERCEPT_FUNCTION(strcat);
  INTERCEPT_FUNCTION(strncat);
  INTERCEPT_FUNCTION(read);
  INTERCEPT_FUNCTION(pread);
  INTERCEPT_FUNCTION(recv);
  INTERCEPT_FUNCTION(recvfrom);
  INTERCEPT_FUNCTION(fread);
  INTERCEPT_FUNCTION(fgets);
  INTERCEPT_FUNCTION(write);
  INTERCEPT_FUNCTION(send);
  INTERCEPT_FUNCTION(fwrite);
  INTERCEPT_FUNCTION(free);
  INTERCEPT_FUNCTION(realloc);
  InitializeLibcInterceptors();
  interceptors_ready = REAL(memcpy) && REAL(memmove) && REAL(memset);
}
} // namespace mpisync

// Instrumented code's memory intrinsics: checked here, at the caller's site.
extern "C" void *__mpisync_memcpy(void *dst, const void *src, uptr n) {
  MPISYNC_CALLER;
  CheckRange((uptr)src, n, false, pc, bp);
  CheckRange((uptr)dst, n, true, pc, bp);
  return interceptors_ready ? REAL(memcpy)(dst, src, n)
                            : internal_memcpy(dst, src, n);
}

extern "C" void *__mpisync_memmove(void *dst, const void *src, uptr n) {
  MPISYNC_CALLER;
  CheckRange((uptr)src, n, false, pc, bp);
  CheckRange((uptr)dst, n, true, pc, bp);
  return interceptors_ready ? REAL(memmove)(dst, src, n)
                            : internal_memmove(dst, src, n);
}

// munmap() of pages under a pending buffer releases it like free() does.
// Called in place of munmap by instrumented code (the pass redirects the
// calls): an interceptor would not do, UCX patches the first bytes of
// whatever `munmap` the dynamic linker finds (ucm_bistro).
extern "C" int __mpisync_munmap(void *addr, uptr length) {
  if (addr && interceptors_ready && __mpisync_state.pending && !InsideMpi())
    CheckRelease((uptr)addr, (uptr)addr + length, /*is_stack=*/false,
                 "munmap() releases", GET_CALLER_PC(), GET_CURRENT_FRAME());
  return munmap(addr, length); // libc's, as UCX may have patched it
}

extern "C" void *__mpisync_memset(void *dst, int c, uptr n) {
  MPISYNC_CALLER;
  CheckRange((uptr)dst, n, true, pc, bp);
  return interceptors_ready ? REAL(memset)(dst, c, n)
                            : internal_memset(dst, c, n);
}
