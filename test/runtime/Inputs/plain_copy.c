// Not instrumented: compiled with plain clang by libc_uninstrumented.c.
#include <string.h>

void plain_memcpy(void *dst, const void *src, size_t n) {
  memcpy(dst, src, n);
}

void plain_strcpy(char *dst, const char *src) {
  strcpy(dst, src);
}
