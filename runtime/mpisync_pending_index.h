// Interval index of pending buffers: every query a hook makes about "which
// pending buffers meet [begin, end)" costs O((k + 1) log n) for k answers
// among n pending buffers, never O(n) (issue 20: a scan of every pending
// operation per library memcpy made a BFS with 10^5 pending RMA operations
// per epoch quadratic).
//
// A treap ordered by the start of each buffer's hull, augmented per subtree
// with the largest hull end (a range query skips subtrees that end before
// it) and with whether some buffer in it was not yet seen being moved by
// the MPI library (the library-copy observer skips subtrees already seen).
// Nodes come from the runtime's allocator and are recycled. Removal starts
// at the node (parent links) and stops updating the summaries above it at
// the first one that does not change: no search from the root, whose path
// was a cache miss per level with 10^5 nodes. The nodes are
// also linked in address order, so the lowest start (Republish asks for it
// at every activation and completion) costs O(1), not a walk down the left
// spine: with 10^5 nodes that walk was a cache miss per level. A buffer
// after every other (receives posted into consecutive slots) is inserted
// from the highest node up (Append): its expected O(1) rotations happen at
// the bottom of the right spine, and the summaries above only grow.
#ifndef MPISYNC_PENDING_INDEX_H
#define MPISYNC_PENDING_INDEX_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::uptr;

struct PendingOp;

struct IndexNode {
  uptr lo, hi; // hull of one pending buffer's data, lo < hi
  uptr max_hi; // the largest hi in this subtree
  IndexNode *left, *right, *parent;
  IndexNode *prev, *next; // neighbours in address order (Before())
  PendingOp *op;
  u32 priority; // heap order of the treap (random)
  // Index into op->buffers: below 2^30, as 2^30 buffer records (80 bytes
  // each) would not fit in memory. With the two flags in the same word the
  // node takes the allocator's 80-byte class, not 96: 10^5 pending
  // receives are 1.6 MB less to touch.
  u32 buffer : 30;
  u32 unobserved : 1;     // the library was not yet seen moving its data
  u32 any_unobserved : 1; // ... for some node of this subtree
};
static_assert(sizeof(IndexNode) == 80, "IndexNode: keep it in 80 bytes");

class IntervalIndex {
public:
  // `observed`: the library was already seen moving the buffer's data (an
  // eager send's copy inside its starting call): later copies skip it.
  IndexNode *Insert(uptr lo, uptr hi, PendingOp *op, uptr buffer,
                    bool observed);
  void Remove(IndexNode *node);
  // `node`'s interval now ends at hi (>= its end) and holds data the
  // library was not yet seen moving: O(depth), its place is unchanged
  // (nodes are ordered by their start).
  void Extend(IndexNode *node, uptr hi);
  // Removes every node: O(1), their address-order chain joins the free
  // list whole.
  void Clear();
  uptr size() const { return size_; }
  // The hull of every interval, [Lo(), Hi()); both 0 when empty.
  uptr Lo() const { return first_ ? first_->lo : 0; }
  uptr Hi() const { return root_ ? root_->max_hi : 0; }

  // fn(node) for every node meeting [begin, end), in address order, while
  // fn returns true. The index must not change meanwhile.
  template <typename Fn> void ForEachMeeting(uptr begin, uptr end, Fn fn) {
    if (MayMeet(begin, end))
      Meeting(root_, begin, end, fn);
  }

  // fn(node) for every still unobserved node meeting [begin, end); fn
  // returns whether the node stays unobserved. Subtrees with no unobserved
  // node are skipped, so a buffer the library was already seen moving costs
  // nothing in later copies.
  template <typename Fn> void ObserveMeeting(uptr begin, uptr end, Fn fn) {
    if (MayMeet(begin, end))
      Observe(root_, begin, end, fn);
  }

private:
  // Inside the hull. A range below every start would otherwise walk the
  // whole left spine before finding nothing (a completed receive asks the
  // send index about its granules, and receive buffers often lie below
  // the send buffers).
  bool MayMeet(uptr begin, uptr end) const {
    return begin < end && root_ && begin < root_->max_hi && end > first_->lo;
  }

  template <typename Fn>
  static bool Meeting(IndexNode *t, uptr begin, uptr end, Fn &fn) {
    if (!t || t->max_hi <= begin)
      return true;
    if (!Meeting(t->left, begin, end, fn))
      return false;
    if (t->lo >= end) // every node to the right starts later still
      return true;
    if (t->hi > begin && !fn(t))
      return false;
    return Meeting(t->right, begin, end, fn);
  }

  template <typename Fn>
  static void Observe(IndexNode *t, uptr begin, uptr end, Fn &fn) {
    if (!t || !t->any_unobserved || t->max_hi <= begin)
      return;
    Observe(t->left, begin, end, fn);
    if (t->lo < end) {
      if (t->unobserved && t->hi > begin)
        t->unobserved = fn(t);
      Observe(t->right, begin, end, fn);
    }
    t->any_unobserved = t->unobserved || (t->left && t->left->any_unobserved) ||
                        (t->right && t->right->any_unobserved);
  }

  // Inserts `n`, which sorts after every node, from the highest one up.
  void Append(IndexNode *n);

  IndexNode *root_ = nullptr;
  IndexNode *first_ = nullptr; // the node of the lowest start
  IndexNode *last_ = nullptr;  // ... and of the highest
  uptr size_ = 0;
};

} // namespace mpisync

#endif // MPISYNC_PENDING_INDEX_H
