// The treap behind IntervalIndex: insertion and removal by split and merge,
// O(log n) expected, keeping the subtree summaries up to date on the way.
#include "mpisync_pending_index.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Nodes of removed intervals, linked through `right`. Every index lives
// under StateMutex, so one list serves them all.
IndexNode *free_nodes;
u32 priority_state = 0x9e3779b9;

u32 NextPriority() { // xorshift32: any fixed sequence keeps the treap balanced
  u32 x = priority_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return priority_state = x;
}

// Nodes ordered by hull start; equal starts by node address (a total order
// for removal by node).
bool Before(const IndexNode *a, const IndexNode *b) {
  return a->lo < b->lo || (a->lo == b->lo && (uptr)a < (uptr)b);
}

void Update(IndexNode *t) {
  uptr max_hi = t->hi;
  bool any = t->unobserved;
  if (t->left) {
    max_hi = Max(max_hi, t->left->max_hi);
    any |= t->left->any_unobserved;
  }
  if (t->right) {
    max_hi = Max(max_hi, t->right->max_hi);
    any |= t->right->any_unobserved;
  }
  t->max_hi = max_hi;
  t->any_unobserved = any;
}

// Splits `t` into the nodes before `key` and the others.
void Split(IndexNode *t, const IndexNode *key, IndexNode **before,
           IndexNode **after) {
  if (!t) {
    *before = *after = nullptr;
    return;
  }
  if (Before(t, key)) {
    Split(t->right, key, &t->right, after);
    *before = t;
  } else {
    Split(t->left, key, before, &t->left);
    *after = t;
  }
  Update(t);
}

// Every node of `a` is before every node of `b`.
IndexNode *Merge(IndexNode *a, IndexNode *b) {
  if (!a)
    return b;
  if (!b)
    return a;
  if (a->priority > b->priority) {
    a->right = Merge(a->right, b);
    Update(a);
    return a;
  }
  b->left = Merge(a, b->left);
  Update(b);
  return b;
}

IndexNode *InsertAt(IndexNode *t, IndexNode *n) {
  if (!t)
    return n;
  if (n->priority > t->priority) {
    Split(t, n, &n->left, &n->right);
    Update(n);
    return n;
  }
  if (Before(n, t))
    t->left = InsertAt(t->left, n);
  else
    t->right = InsertAt(t->right, n);
  Update(t);
  return t;
}

IndexNode *RemoveAt(IndexNode *t, IndexNode *n) {
  if (!t)
    return nullptr;
  if (t == n)
    return Merge(t->left, t->right);
  if (Before(n, t))
    t->left = RemoveAt(t->left, n);
  else
    t->right = RemoveAt(t->right, n);
  Update(t);
  return t;
}

} // namespace

IndexNode *IntervalIndex::Insert(uptr lo, uptr hi, PendingOp *op, uptr buffer) {
  IndexNode *n = free_nodes;
  if (n)
    free_nodes = n->right;
  else
    n = static_cast<IndexNode *>(InternalAlloc(sizeof(IndexNode)));
  *n = IndexNode(); // not internal_memset: see NewOp
  n->lo = lo;
  n->hi = hi;
  n->max_hi = hi;
  n->priority = NextPriority();
  n->unobserved = n->any_unobserved = true;
  n->op = op;
  n->buffer = buffer;
  root_ = InsertAt(root_, n);
  size_++;
  return n;
}

void IntervalIndex::Remove(IndexNode *node) {
  root_ = RemoveAt(root_, node);
  size_--;
  node->right = free_nodes;
  free_nodes = node;
}

uptr IntervalIndex::Lo() const {
  IndexNode *t = root_;
  if (!t)
    return 0;
  while (t->left)
    t = t->left;
  return t->lo;
}

} // namespace mpisync
