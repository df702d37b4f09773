// libc functions that read or write the program's memory on its behalf
// beyond the data-movement ones of mpisync_interceptors.cpp: strings
// (strlen, strcmp, strchr, ...), formatted output (the printf family reads
// its format and every %s argument; sprintf writes its output) and input
// (the scanf family writes every converted argument), puts/fputs, qsort.
// Each is checked like an instrumented access at its caller, so a pending
// receive buffer printed or a pending send buffer sorted is reported at the
// line of the call. The printf/scanf format walk is sanitizer_common's
// (sanitizer_common_interceptors_format.inc), given MPISync's range check.
// Also memccpy, mempcpy, explicit_bzero, getcwd, gethostname.
#include "interception/interception.h"
#include "mpisync_interceptors.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_platform_interceptors.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

#include <stdarg.h>
#include <stdio.h>

using namespace __sanitizer;
using namespace mpisync;

namespace {

// Where the program called the intercepted function: what a report shows.
struct LibcCaller {
  uptr pc, bp;
};

} // namespace

#define COMMON_INTERCEPTOR_READ_RANGE(ctx, p, n)                               \
  CheckLibcAccess((uptr)(p), (uptr)(n), false,                                 \
                  static_cast<LibcCaller *>(ctx)->pc,                          \
                  static_cast<LibcCaller *>(ctx)->bp)
#define COMMON_INTERCEPTOR_WRITE_RANGE(ctx, p, n)                              \
  CheckLibcAccess((uptr)(p), (uptr)(n), true,                                  \
                  static_cast<LibcCaller *>(ctx)->pc,                          \
                  static_cast<LibcCaller *>(ctx)->bp)
#include "sanitizer_common/sanitizer_common_interceptors_format.inc"

#if MPISYNC_PRELOAD
// libucs's constructor calls sscanf before the preloaded runtime's own.
#define MPISYNC_LIBC_INIT InitializeIfNeeded()
#else
#define MPISYNC_LIBC_INIT (void)0
#endif
#define MPISYNC_LIBC_CALLER                                                    \
  MPISYNC_LIBC_INIT;                                                           \
  LibcCaller caller = {GET_CALLER_PC(), GET_CURRENT_FRAME()};                  \
  void *ctx = &caller
#define READS(p, n) COMMON_INTERCEPTOR_READ_RANGE(ctx, p, n)
#define WRITES(p, n) COMMON_INTERCEPTOR_WRITE_RANGE(ctx, p, n)

// --- Strings: reads. Before MPISync resolved them (dlsym itself calls
// some), the sanitizer's own versions answer.

INTERCEPTOR(uptr, strlen, const char *s) {
  if (!REAL(strlen))
    return internal_strlen(s);
  MPISYNC_LIBC_CALLER;
  uptr n = REAL(strlen)(s);
  READS(s, n + 1);
  return n;
}

INTERCEPTOR(uptr, strnlen, const char *s, uptr max) {
  if (!REAL(strnlen))
    return internal_strnlen(s, max);
  MPISYNC_LIBC_CALLER;
  uptr n = REAL(strnlen)(s, max);
  READS(s, n < max ? n + 1 : n);
  return n;
}

// Both strings up to the first difference (or the end), as the comparison
// reads them.
static uptr CompareLength(const char *a, const char *b, uptr max) {
  uptr i = 0;
  while (i < max && a[i] && a[i] == b[i])
    i++;
  return i < max ? i + 1 : max;
}

INTERCEPTOR(int, strcmp, const char *a, const char *b) {
  if (!REAL(strcmp))
    return internal_strcmp(a, b);
  MPISYNC_LIBC_CALLER;
  uptr n = CompareLength(a, b, ~(uptr)0);
  READS(a, n);
  READS(b, n);
  return REAL(strcmp)(a, b);
}

INTERCEPTOR(int, strncmp, const char *a, const char *b, uptr max) {
  if (!REAL(strncmp))
    return internal_strncmp(a, b, max);
  MPISYNC_LIBC_CALLER;
  uptr n = CompareLength(a, b, max);
  READS(a, n);
  READS(b, n);
  return REAL(strncmp)(a, b, max);
}

INTERCEPTOR(int, memcmp, const void *a, const void *b, uptr n) {
  if (!REAL(memcmp))
    return internal_memcmp(a, b, n);
  MPISYNC_LIBC_CALLER;
  READS(a, n);
  READS(b, n);
  return REAL(memcmp)(a, b, n);
}

INTERCEPTOR(char *, strchr, const char *s, int c) {
  if (!REAL(strchr))
    return internal_strchr(s, c);
  MPISYNC_LIBC_CALLER;
  char *res = REAL(strchr)(s, c);
  READS(s, res ? (uptr)(res - s) + 1 : internal_strlen(s) + 1);
  return res;
}

INTERCEPTOR(char *, strrchr, const char *s, int c) {
  if (!REAL(strrchr))
    return internal_strrchr(s, c);
  MPISYNC_LIBC_CALLER;
  READS(s, internal_strlen(s) + 1);
  return REAL(strrchr)(s, c);
}

INTERCEPTOR(char *, strstr, const char *s, const char *needle) {
  if (!REAL(strstr))
    return internal_strstr(s, needle);
  MPISYNC_LIBC_CALLER;
  READS(s, internal_strlen(s) + 1);
  READS(needle, internal_strlen(needle) + 1);
  return REAL(strstr)(s, needle);
}

INTERCEPTOR(void *, memchr, const void *s, int c, uptr n) {
  if (!REAL(memchr))
    return internal_memchr(s, c, n);
  MPISYNC_LIBC_CALLER;
  void *res = REAL(memchr)(s, c, n);
  READS(s, res ? (uptr)((const char *)res - (const char *)s) + 1 : n);
  return res;
}

INTERCEPTOR(int, puts, const char *s) {
  MPISYNC_LIBC_CALLER;
  READS(s, internal_strlen(s) + 1);
  return REAL(puts)(s);
}

INTERCEPTOR(int, fputs, const char *s, FILE *f) {
  MPISYNC_LIBC_CALLER;
  READS(s, internal_strlen(s) + 1);
  return REAL(fputs)(s, f);
}

// qsort reads and permutes the whole array.
INTERCEPTOR(void, qsort, void *base, uptr n, uptr size,
            int (*cmp)(const void *, const void *)) {
  MPISYNC_LIBC_CALLER;
  WRITES(base, n * size);
  REAL(qsort)(base, n, size, cmp);
}

// --- Copies and clearing the compiler does not turn into its memory
// intrinsics (which reach __mpisync_memcpy/__mpisync_memset): what they
// copy or clear is checked before the call.

// memccpy copies up to and including the first `c` of src's first n bytes.
INTERCEPTOR(void *, memccpy, void *dst, const void *src, int c, uptr n) {
  MPISYNC_LIBC_CALLER;
  const void *stop = internal_memchr(src, c, n);
  uptr copied = stop ? (uptr)((const char *)stop - (const char *)src) + 1 : n;
  READS(src, copied);
  WRITES(dst, copied);
  return REAL(memccpy)(dst, src, c, n);
}

INTERCEPTOR(void *, mempcpy, void *dst, const void *src, uptr n) {
  MPISYNC_LIBC_CALLER;
  READS(src, n);
  WRITES(dst, n);
  return REAL(mempcpy)(dst, src, n);
}

// explicit_bzero exists so that the compiler cannot drop it (bzero itself
// becomes the memset intrinsic, checked at its site).
INTERCEPTOR(void, explicit_bzero, void *s, uptr n) {
  MPISYNC_LIBC_CALLER;
  WRITES(s, n);
  REAL(explicit_bzero)(s, n);
}

// --- Calls that fill a buffer of the caller's with a string: the bytes
// stored are checked after the call.

INTERCEPTOR(char *, getcwd, char *buf, uptr size) {
  MPISYNC_LIBC_CALLER;
  char *res = REAL(getcwd)(buf, size);
  if (res && buf) // buf NULL: glibc allocates the result
    WRITES(buf, internal_strlen(buf) + 1);
  return res;
}

INTERCEPTOR(int, gethostname, char *name, uptr len) {
  MPISYNC_LIBC_CALLER;
  int res = REAL(gethostname)(name, len);
  if (res == 0 && name) {
    uptr n = internal_strnlen(name, len);
    WRITES(name, n < len ? n + 1 : n); // the terminator, if it fit
  }
  return res;
}

// --- Formatted output: the format and %s arguments are read; the sprintf
// family writes what it printed.

#define MPISYNC_VPRINTF(name, ...)                                             \
  {                                                                            \
    va_list aq;                                                                \
    va_copy(aq, ap);                                                           \
    printf_common(ctx, format, aq);                                            \
    va_end(aq);                                                                \
    return REAL(name)(__VA_ARGS__);                                            \
  }

INTERCEPTOR(int, vprintf, const char *format, va_list ap) {
  MPISYNC_LIBC_CALLER;
  MPISYNC_VPRINTF(vprintf, format, ap)
}

INTERCEPTOR(int, vfprintf, FILE *f, const char *format, va_list ap) {
  MPISYNC_LIBC_CALLER;
  MPISYNC_VPRINTF(vfprintf, f, format, ap)
}

static int CheckedVsnprintf(void *ctx, char *str, uptr size, const char *format,
                            va_list ap);

INTERCEPTOR(int, vsnprintf, char *str, uptr size, const char *format,
            va_list ap) {
  MPISYNC_LIBC_CALLER;
  return CheckedVsnprintf(ctx, str, size, format, ap);
}

static int CheckedVsnprintf(void *ctx, char *str, uptr size, const char *format,
                            va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  printf_common(ctx, format, aq);
  va_end(aq);
  int res = REAL(vsnprintf)(str, size, format, ap);
  if (res >= 0 && size > 0)
    WRITES(str, Min(size, (uptr)res + 1));
  return res;
}

INTERCEPTOR(int, vsprintf, char *str, const char *format, va_list ap) {
  MPISYNC_LIBC_CALLER;
  return CheckedVsnprintf(ctx, str, ~(uptr)0 >> 1, format, ap);
}

#define MPISYNC_VARIADIC(call)                                                 \
  va_list ap;                                                                  \
  va_start(ap, format);                                                        \
  int res = call;                                                              \
  va_end(ap);                                                                  \
  return res

INTERCEPTOR(int, printf, const char *format, ...) {
  MPISYNC_LIBC_CALLER;
  va_list aq;
  va_start(aq, format);
  printf_common(ctx, format, aq);
  va_end(aq);
  MPISYNC_VARIADIC(REAL(vprintf)(format, ap));
}

INTERCEPTOR(int, fprintf, FILE *f, const char *format, ...) {
  MPISYNC_LIBC_CALLER;
  va_list aq;
  va_start(aq, format);
  printf_common(ctx, format, aq);
  va_end(aq);
  MPISYNC_VARIADIC(REAL(vfprintf)(f, format, ap));
}

INTERCEPTOR(int, sprintf, char *str, const char *format, ...) {
  MPISYNC_LIBC_CALLER;
  MPISYNC_VARIADIC(CheckedVsnprintf(ctx, str, ~(uptr)0 >> 1, format, ap));
}

INTERCEPTOR(int, snprintf, char *str, uptr size, const char *format, ...) {
  MPISYNC_LIBC_CALLER;
  MPISYNC_VARIADIC(CheckedVsnprintf(ctx, str, size, format, ap));
}

// --- Formatted input: the string read, and every argument converted.
// glibc's headers call the __isoc99_ names in standard C modes.

static int CheckedVsscanf(void *ctx,
                          int (*real)(const char *, const char *, va_list),
                          const char *str, const char *format, va_list ap) {
  READS(str, internal_strlen(str) + 1);
  va_list aq;
  va_copy(aq, ap);
  int res = real(str, format, ap);
  if (res > 0)
    scanf_common(ctx, res, /*allowGnuMalloc=*/false, format, aq);
  va_end(aq);
  return res;
}

INTERCEPTOR(int, vsscanf, const char *str, const char *format, va_list ap) {
  MPISYNC_LIBC_CALLER;
  return CheckedVsscanf(ctx, REAL(vsscanf), str, format, ap);
}

INTERCEPTOR(int, __isoc99_vsscanf, const char *str, const char *format,
            va_list ap) {
  MPISYNC_LIBC_CALLER;
  return CheckedVsscanf(ctx, REAL(__isoc99_vsscanf), str, format, ap);
}

INTERCEPTOR(int, sscanf, const char *str, const char *format, ...) {
  MPISYNC_LIBC_CALLER;
  MPISYNC_VARIADIC(CheckedVsscanf(ctx, REAL(vsscanf), str, format, ap));
}

INTERCEPTOR(int, __isoc99_sscanf, const char *str, const char *format, ...) {
  MPISYNC_LIBC_CALLER;
  MPISYNC_VARIADIC(
      CheckedVsscanf(ctx, REAL(__isoc99_vsscanf), str, format, ap));
}

namespace mpisync {
void InitializeLibcInterceptors() {
  INTERCEPT_FUNCTION(strlen);
  INTERCEPT_FUNCTION(strnlen);
  INTERCEPT_FUNCTION(strcmp);
  INTERCEPT_FUNCTION(strncmp);
  INTERCEPT_FUNCTION(memcmp);
  INTERCEPT_FUNCTION(strchr);
  INTERCEPT_FUNCTION(strrchr);
  INTERCEPT_FUNCTION(strstr);
  INTERCEPT_FUNCTION(memchr);
  INTERCEPT_FUNCTION(puts);
  INTERCEPT_FUNCTION(fputs);
  INTERCEPT_FUNCTION(qsort);
  INTERCEPT_FUNCTION(memccpy);
  INTERCEPT_FUNCTION(mempcpy);
  INTERCEPT_FUNCTION(explicit_bzero);
  INTERCEPT_FUNCTION(getcwd);
  INTERCEPT_FUNCTION(gethostname);
  INTERCEPT_FUNCTION(vprintf);
  INTERCEPT_FUNCTION(vfprintf);
  INTERCEPT_FUNCTION(vsnprintf);
  INTERCEPT_FUNCTION(vsprintf);
  INTERCEPT_FUNCTION(printf);
  INTERCEPT_FUNCTION(fprintf);
  INTERCEPT_FUNCTION(sprintf);
  INTERCEPT_FUNCTION(snprintf);
  INTERCEPT_FUNCTION(vsscanf);
  INTERCEPT_FUNCTION(__isoc99_vsscanf);
  INTERCEPT_FUNCTION(sscanf);
  INTERCEPT_FUNCTION(__isoc99_sscanf);
}
} // namespace mpisync
