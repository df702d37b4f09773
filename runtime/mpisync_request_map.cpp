// Request handle -> head of its operations (mpisync_request_map.h).
#include "mpisync_request_map.h"

#include "mpisync_alloc.h"
#include "mpisync_mpi_family.h"
#include "mpisync_zero.h"
#include "sanitizer_common/sanitizer_common.h"

#if MPISYNC_MPI_OPENMPI
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#endif

using namespace __sanitizer;

namespace mpisync {

#if MPISYNC_MPI_MPICH

namespace {

// A handle's low kLeafBits bits pick its slot in a leaf, the others the
// leaf: MPICH's blocks of 1024 indices fill four leaves each. A leaf (2 KiB
// of slots) comes from the runtime's own size classes (at most 4 KiB):
// leaves of 1024 slots went to the internal allocator, whose size class
// for them added about 1 MB to the peak RSS of a short run (`startup`).
constexpr unsigned kLeafBits = 8;
constexpr uptr kLeafSlots = uptr(1) << kLeafBits;
constexpr uptr kNumLeaves = uptr(1) << (32 - kLeafBits);

struct Leaf {
  uptr list_pos; // position in `leaves`
  uptr filled;   // slots holding an operation
  PendingOp *slot[kLeafSlots];
};
static_assert(sizeof(Leaf) <= kMaxRuntimeBlock,
              "a leaf comes from the runtime's own size classes");

// The leaves by their top index: address space only (128 MiB), pages
// become resident where handles are (MPICH's cluster by kind).
Leaf **top;
// Every leaf that exists, for ForEachRequestSlot, and how many of them have
// no slot filled.
InternalMmapVectorNoCtor<Leaf *> leaves;
uptr empty_leaves;

u32 TopIndex(MPI_Request request) { return (u32)request >> kLeafBits; }
uptr SlotIndex(MPI_Request request) { return (u32)request & (kLeafSlots - 1); }

Leaf *LeafOf(MPI_Request request) {
  return top ? top[TopIndex(request)] : nullptr;
}

} // namespace

PendingOp **RequestSlot(MPI_Request request) {
  if (!top)
    top = static_cast<Leaf **>(
        MmapNoReserveOrDie(kNumLeaves * sizeof(Leaf *), "MPISync requests"));
  Leaf *&leaf = top[TopIndex(request)];
  if (!leaf) {
    leaf = static_cast<Leaf *>(RuntimeAlloc(sizeof(Leaf)));
    ZeroRecord(leaf);
    leaf->list_pos = leaves.size();
    leaves.push_back(leaf);
    empty_leaves++;
  }
  return &leaf->slot[SlotIndex(request)];
}

PendingOp **FindRequestSlot(MPI_Request request) {
  Leaf *leaf = LeafOf(request);
  return leaf ? &leaf->slot[SlotIndex(request)] : nullptr;
}

void RequestSlotFilled(MPI_Request request) {
  if (LeafOf(request)->filled++ == 0)
    empty_leaves--;
}

// Empty leaves stay for the handles the library hands out again (a program
// with one request at a time empties and refills the same leaf per
// operation), up to as many as the filled ones and 16 more; beyond that a
// leaf that empties goes, so that handles never reused (the cloning
// layer's stand-ins, mpisync_mpi_family.h) cannot grow the table without
// bound.
void RequestSlotEmptied(MPI_Request request) {
  Leaf *leaf = LeafOf(request);
  if (--leaf->filled > 0)
    return;
  empty_leaves++;
  if (empty_leaves <= leaves.size() - empty_leaves + 16)
    return;
  empty_leaves--;
  Leaf *last = leaves.back();
  leaves[leaf->list_pos] = last;
  last->list_pos = leaf->list_pos;
  leaves.pop_back();
  top[TopIndex(request)] = nullptr;
  RuntimeFree(leaf);
}

void ForEachRequestSlot(void (*f)(PendingOp *head, void *arg), void *arg) {
  for (uptr i = 0; i < leaves.size(); i++)
    for (uptr s = 0; s < kLeafSlots; s++)
      if (PendingOp *head = leaves[i]->slot[s])
        f(head, arg);
}

#else // Open MPI

namespace {

using Table = DenseMap<MPI_Request, PendingOp *>;

// An emptied slot keeps its entry: erasing left a tombstone per completed
// request, and with 10^5 requests started and completed per sweep the
// tombstones made every lookup of a new handle probe far. The library
// reuses its request objects (free lists), whose handles then find their
// entry at once. So that handles never reused cannot grow the table
// without bound, it is rebuilt without the empty entries once they are
// twice the most entries filled since the last rebuild: the table stays
// within a constant factor of that peak, and a rebuild, O(its size),
// follows as many emptyings: O(1) amortized.
Table *table;
uptr filled, peak_filled;

Table &TheTable() {
  if (!table)
    table = new (RuntimeAlloc(sizeof(Table))) Table();
  return *table;
}

void DropEmptySlots() {
  Table *fresh = new (RuntimeAlloc(sizeof(Table))) Table();
  table->forEach([&](detail::DenseMapPair<MPI_Request, PendingOp *> &kv) {
    if (kv.second)
      (*fresh)[kv.first] = kv.second;
    return true;
  });
  table->~Table();
  RuntimeFree(table);
  table = fresh;
  peak_filled = filled;
}

} // namespace

PendingOp **RequestSlot(MPI_Request request) {
  return &TheTable().try_emplace(request, nullptr).first->second;
}

PendingOp **FindRequestSlot(MPI_Request request) {
  auto *entry = table ? table->find(request) : nullptr;
  return entry ? &entry->second : nullptr;
}

void RequestSlotFilled(MPI_Request) {
  filled++;
  peak_filled = Max(peak_filled, filled);
}

void RequestSlotEmptied(MPI_Request) {
  filled--;
  if (table->size() - filled > 2 * Max(peak_filled, (uptr)4096))
    DropEmptySlots();
}

void ForEachRequestSlot(void (*f)(PendingOp *head, void *arg), void *arg) {
  if (!table)
    return;
  table->forEach([&](detail::DenseMapPair<MPI_Request, PendingOp *> &kv) {
    if (kv.second)
      f(kv.second, arg);
    return true;
  });
}

#endif

} // namespace mpisync
