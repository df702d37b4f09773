// The treap behind IntervalIndex: insertion and removal by split and merge,
// O(log n) expected, keeping the subtree summaries up to date on the way.
#include "mpisync_pending_index.h"
#include "mpisync_alloc.h"
#include "mpisync_zero.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Nodes of removed intervals, linked through `next` (so that Clear hands
// over an index's whole address-order chain at once). Every index lives
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

// Every change of a node's children ends here: it also sets their parent
// links (the root's is set by its owner).
void Update(IndexNode *t) {
  uptr max_hi = t->hi;
  bool any = t->unobserved;
  if (t->left) {
    t->left->parent = t;
    max_hi = Max(max_hi, t->left->max_hi);
    any |= t->left->any_unobserved;
  }
  if (t->right) {
    t->right->parent = t;
    max_hi = Max(max_hi, t->right->max_hi);
    any |= t->right->any_unobserved;
  }
  t->max_hi = max_hi;
  t->any_unobserved = any;
}

// Neighbours of a node being inserted: the last node passed on the way
// down that sorts before it is its predecessor, the last one after it its
// successor (a binary search tree's in-order neighbours lie on that path).
struct Neighbours {
  IndexNode *prev = nullptr, *next = nullptr;
};

// Splits `t` into the nodes before `key` and the others.
void Split(IndexNode *t, const IndexNode *key, IndexNode **before,
           IndexNode **after, Neighbours *nb) {
  if (!t) {
    *before = *after = nullptr;
    return;
  }
  if (Before(t, key)) {
    nb->prev = t;
    Split(t->right, key, &t->right, after, nb);
    *before = t;
  } else {
    nb->next = t;
    Split(t->left, key, before, &t->left, nb);
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

IndexNode *InsertAt(IndexNode *t, IndexNode *n, Neighbours *nb) {
  if (!t)
    return n;
  if (n->priority > t->priority) {
    Split(t, n, &n->left, &n->right, nb);
    Update(n);
    return n;
  }
  if (Before(n, t)) {
    nb->next = t;
    t->left = InsertAt(t->left, n, nb);
  } else {
    nb->prev = t;
    t->right = InsertAt(t->right, n, nb);
  }
  Update(t);
  return t;
}

} // namespace

IndexNode *IntervalIndex::Insert(uptr lo, uptr hi, PendingOp *op, uptr buffer,
                                 bool observed) {
  IndexNode *n = free_nodes;
  if (n)
    free_nodes = n->next;
  else
    n = static_cast<IndexNode *>(RuntimeAlloc(sizeof(IndexNode)));
  ZeroRecord(n);
  n->lo = lo;
  n->hi = hi;
  n->max_hi = hi;
  n->priority = NextPriority();
  n->unobserved = n->any_unobserved = !observed;
  n->op = op;
  n->buffer = buffer;
  size_++;
  if (last_ && Before(last_, n)) {
    Append(n);
    return n;
  }
  Neighbours nb;
  root_ = InsertAt(root_, n, &nb);
  root_->parent = nullptr;
  n->prev = nb.prev;
  n->next = nb.next;
  if (nb.prev)
    nb.prev->next = n;
  else
    first_ = n;
  if (nb.next)
    nb.next->prev = n;
  else
    last_ = n;
  return n;
}

void IntervalIndex::Append(IndexNode *n) {
  // The highest node ends the right spine. `n` becomes the right child of
  // the lowest spine node whose priority is not below its own; the spine
  // below that node becomes n's left subtree (all of it sorts before n).
  IndexNode *below = nullptr, *above = last_;
  while (above && above->priority < n->priority) {
    below = above;
    above = above->parent;
  }
  n->left = below;
  Update(n);
  n->parent = above;
  if (above)
    above->right = n;
  else
    root_ = n;
  // Above, a subtree gained n: its summaries can only grow.
  for (IndexNode *up = above; up; up = up->parent) {
    bool any = up->any_unobserved || n->unobserved;
    if (up->max_hi >= n->hi && up->any_unobserved == any)
      break;
    up->max_hi = Max(up->max_hi, n->hi);
    up->any_unobserved = any;
  }
  n->prev = last_;
  last_->next = n;
  last_ = n;
}

void IntervalIndex::Extend(IndexNode *node, uptr hi) {
  if (hi > node->hi)
    node->hi = hi;
  node->unobserved = true;
  for (IndexNode *up = node; up; up = up->parent) {
    if (up->max_hi >= node->hi && up->any_unobserved)
      break;
    up->max_hi = Max(up->max_hi, node->hi);
    up->any_unobserved = true;
  }
}

void IntervalIndex::Remove(IndexNode *node) {
  IndexNode *up = node->parent;
  IndexNode *sub = Merge(node->left, node->right);
  if (sub)
    sub->parent = up;
  if (!up)
    root_ = sub;
  else if (up->left == node)
    up->left = sub;
  else
    up->right = sub;
  // The summaries above change only up to the first one that does not.
  for (; up; up = up->parent) {
    uptr max_hi = up->max_hi;
    bool any = up->any_unobserved;
    Update(up);
    if (up->max_hi == max_hi && up->any_unobserved == any)
      break;
  }
  if (node->prev)
    node->prev->next = node->next;
  else
    first_ = node->next;
  if (node->next)
    node->next->prev = node->prev;
  else
    last_ = node->prev;
  size_--;
  node->next = free_nodes;
  free_nodes = node;
}

void IntervalIndex::Clear() {
  // The nodes are already a chain in address order: it joins the free list
  // whole (walking it was a cache miss per node, 10^5 per fence in
  // bfs_rma).
  if (last_) {
    last_->next = free_nodes;
    free_nodes = first_;
  }
  root_ = first_ = last_ = nullptr;
  size_ = 0;
}

} // namespace mpisync
