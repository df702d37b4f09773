// Zeroing and appending small records without the C library's routines.
// The runtime is built with -fno-builtin, so clang compiles a
// value-initialization (`T()`) or a zeroing loop into a call of memset, and
// a fixed-size copy into a call of memcpy, which sanitizer_common sends to
// internal_memset and internal_memcpy: byte loops (internal_memset uses
// words only when address and size are multiples of 16). Each RMA
// operation zeroed its 200-byte record and its 88-byte buffer that way and
// copied its wire record byte by byte: 8.6% of bfs_rma's rank-0 samples.
#ifndef MPISYNC_ZERO_H
#define MPISYNC_ZERO_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

// The words of a record, which may be accessed as any type.
typedef __sanitizer::u64 __attribute__((may_alias)) RecordWord;

// *p = T() for a trivially copyable record of whole 8-byte words, as
// inline stores.
template <typename T> void ZeroRecord(T *p) {
  static_assert(__is_trivially_copyable(T), "a plain record");
  static_assert(sizeof(T) % sizeof(RecordWord) == 0 &&
                    alignof(T) >= alignof(RecordWord),
                "whole words");
  RecordWord *w = reinterpret_cast<RecordWord *>(p);
  for (__sanitizer::uptr i = 0; i < sizeof(T) / sizeof(RecordWord); i++)
    w[i] = 0;
}

template <typename T> T ZeroedRecord() {
  T r;
  ZeroRecord(&r);
  return r;
}

// Stores and loads a T at an address of any alignment: one instruction,
// where a fixed-size internal_memcpy is a call and a byte loop.
template <typename T> struct __attribute__((packed, may_alias)) Unaligned {
  T value;
};
template <typename T> void StoreUnaligned(void *p, T v) {
  static_cast<Unaligned<T> *>(p)->value = v;
}
template <typename T> T LoadUnaligned(const void *p) {
  return static_cast<const Unaligned<T> *>(p)->value;
}

} // namespace mpisync

#endif // MPISYNC_ZERO_H
