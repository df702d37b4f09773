// Temporaries of the MPI hooks. sanitizer_common's InternalMmapVector maps
// at least a page per instance and unmaps it when done: at every RMA
// synchronization (clock and record exchanges, a few vectors each) that was
// system calls and zero-filled page faults. ScratchVector takes its memory
// from the runtime's allocator instead (mpisync_alloc.h). For trivially
// copyable T only.
#ifndef MPISYNC_SCRATCH_H
#define MPISYNC_SCRATCH_H

#include "mpisync_alloc.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

namespace mpisync {

template <typename T> class ScratchVector {
public:
  ScratchVector() = default;
  explicit ScratchVector(__sanitizer::uptr n) { resize(n); }
  ScratchVector(const ScratchVector &) = delete;
  ScratchVector &operator=(const ScratchVector &) = delete;
  // RuntimeFree takes the allocator's lock for a block: an empty
  // vector (the common case of the hooks' temporaries) frees nothing.
  ~ScratchVector() {
    if (data_)
      RuntimeFree(data_);
  }

  T *data() { return data_; }
  const T *data() const { return data_; }
  __sanitizer::uptr size() const { return size_; }
  __sanitizer::uptr capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  T &operator[](__sanitizer::uptr i) { return data_[i]; }
  const T &operator[](__sanitizer::uptr i) const { return data_[i]; }
  T &back() { return data_[size_ - 1]; }
  void clear() { size_ = 0; }
  void pop_back() { size_--; }
  // Drops the first n elements; the others move to the front.
  void erase_front(__sanitizer::uptr n) {
    if (n >= size_) {
      size_ = 0;
      return;
    }
    __sanitizer::internal_memmove(data_, data_ + n, (size_ - n) * sizeof(T));
    size_ -= n;
  }
  void push_back(const T &v) {
    if (size_ == capacity_)
      reserve(capacity_ ? 2 * capacity_ : 16);
    data_[size_++] = v;
  }
  // New elements are zero. Grows geometrically (appending bytes is O(1)).
  void resize(__sanitizer::uptr n) {
    if (n > capacity_)
      reserve(n > 2 * capacity_ ? n : 2 * capacity_);
    for (__sanitizer::uptr i = size_; i < n; i++)
      data_[i] = T();
    size_ = n;
  }
  // Grows by n elements left as they are, for the caller to write;
  // returns the first.
  T *append_uninitialized(__sanitizer::uptr n) {
    if (size_ + n > capacity_)
      reserve(size_ + n > 2 * capacity_ ? size_ + n : 2 * capacity_);
    T *first = data_ + size_;
    size_ += n;
    return first;
  }
  void reserve(__sanitizer::uptr n) {
    if (n <= capacity_)
      return;
    T *p = static_cast<T *>(RuntimeAlloc(n * sizeof(T)));
    if (size_)
      __sanitizer::internal_memcpy(p, data_, size_ * sizeof(T));
    if (data_)
      RuntimeFree(data_);
    data_ = p;
    capacity_ = n;
  }

private:
  T *data_ = nullptr;
  __sanitizer::uptr size_ = 0, capacity_ = 0;
};

} // namespace mpisync

#endif // MPISYNC_SCRATCH_H
