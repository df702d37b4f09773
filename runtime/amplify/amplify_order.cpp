// Ordering stage: MPI 4.1 section 12.7.1 leaves the order in which RMA
// operations of one epoch are applied unspecified, except that accumulate
// operations of one origin to one target location are applied in program
// order (per basic datatype, by default). The layer issues a batch in the
// order amplify_order asks for, then puts the accumulate-family operations
// of each target back in program order among themselves (a superset of the
// guarantee: it also orders accumulates of different basic types).
#include "amplify_rma.h"

#include "mpisync_random.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

u64 rng_state = 0x853c49e6748fea9bull;

u64 NextRandom() { return SplitMix64(&rng_state); }

// put_first: writes, then read-modify-writes, then reads.
int Class(RmaOp k) {
  if (k == RmaOp::kPut || k == RmaOp::kAcc)
    return 0;
  return k == RmaOp::kGet ? 2 : 1;
}

bool ProgramBefore(const RmaPiece &a, const RmaPiece &b) {
  return a.op->seq != b.op->seq ? a.op->seq < b.op->seq : a.sub < b.sub;
}

struct Slot {
  int target;
  uptr pos;
};
struct Member {
  int target;
  RmaPiece piece;
};

// Accumulates to one target back in program order, in the positions the
// order gave them.
void RestoreAccumulateOrder(InternalMmapVector<RmaPiece> *pieces) {
  InternalMmapVector<Slot> slots;
  InternalMmapVector<Member> members;
  for (uptr i = 0; i < pieces->size(); i++) {
    const RmaPiece &p = (*pieces)[i];
    if (!IsAccumulate(p.op->kind))
      continue;
    slots.push_back({p.op->target, i});
    members.push_back({p.op->target, p});
  }
  if (slots.size() < 2)
    return;
  Sort(slots.data(), slots.size(), [](const Slot &a, const Slot &b) {
    return a.target != b.target ? a.target < b.target : a.pos < b.pos;
  });
  Sort(members.data(), members.size(), [](const Member &a, const Member &b) {
    return a.target != b.target ? a.target < b.target
                                : ProgramBefore(a.piece, b.piece);
  });
  for (uptr i = 0; i < slots.size(); i++)
    (*pieces)[slots[i].pos] = members[i].piece;
}

} // namespace

void SeedRandom(u64 seed, int rank) {
  rng_state = seed ^ ((u64)(rank + 1) * 0xd1b54a32d192ed03ull);
}

u64 RandomBelow(u64 n) { return n ? NextRandom() % n : 0; }

const char *OrderName(Order order) {
  switch (order) {
  case Order::kProgram:
    return "program";
  case Order::kReverse:
    return "reverse";
  case Order::kRandom:
    return "random";
  case Order::kPutFirst:
    return "put_first";
  case Order::kGetFirst:
    return "get_first";
  }
  return "?";
}

bool OrderPieces(InternalMmapVector<RmaPiece> *pieces) {
  uptr n = pieces->size();
  if (n < 2 || options.order == Order::kProgram)
    return false;
  RmaPiece *p = pieces->data();
  switch (options.order) {
  case Order::kReverse:
    for (uptr i = 0, j = n - 1; i < j; i++, j--) {
      RmaPiece t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    break;
  case Order::kRandom:
    for (uptr i = n - 1; i > 0; i--) {
      uptr j = RandomBelow(i + 1);
      RmaPiece t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    break;
  default: { // put_first, get_first: a stable partition into three classes
    InternalMmapVector<RmaPiece> sorted;
    sorted.reserve(n);
    for (int c = 0; c < 3; c++) {
      int want = options.order == Order::kPutFirst ? c : 2 - c;
      for (uptr i = 0; i < n; i++)
        if (Class(p[i].op->kind) == want)
          sorted.push_back(p[i]);
    }
    for (uptr i = 0; i < n; i++)
      p[i] = sorted[i];
  }
  }
  RestoreAccumulateOrder(pieces);
  for (uptr i = 1; i < n; i++)
    if (ProgramBefore(p[i], p[i - 1]))
      return true;
  return false;
}

} // namespace amplify
} // namespace mpisync
