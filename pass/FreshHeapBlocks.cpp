//===- FreshHeapBlocks.cpp - heap blocks no MPI call has seen yet --------===//
#include "FreshHeapBlocks.h"

#include "StateChangingCalls.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace mpisync {

namespace {
// An instruction after which another thread, or MPI, may know a block's
// address. A plain store does not publish it to another thread: reading it
// there without synchronization would be a data race.
bool isBarrier(const Instruction &I, const TargetLibraryInfo &TLI) {
  if (isa<FenceInst>(I))
    return true;
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    return isReleaseOrStronger(SI->getOrdering());
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return isReleaseOrStronger(RMW->getOrdering());
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return isReleaseOrStronger(CX->getSuccessOrdering()) ||
           isReleaseOrStronger(CX->getFailureOrdering());
  return isStateChangingCall(I, TLI);
}
} // namespace

const Instruction *FreshHeapBlocks::firstBarrier(const BasicBlock *BB,
                                                 const TargetLibraryInfo &TLI) {
  auto [It, New] = Barriers.try_emplace(BB, nullptr);
  if (New)
    for (const Instruction &I : *BB)
      if (isBarrier(I, TLI)) {
        It->second = &I;
        break;
      }
  return It->second;
}

const FreshHeapBlocks::Reach &
FreshHeapBlocks::reachOf(const Instruction *Alloc,
                         const TargetLibraryInfo &TLI) {
  auto [It, New] = Reaches.try_emplace(Alloc);
  Reach &R = It->second;
  if (!New)
    return R;
  const BasicBlock *Home = Alloc->getParent();
  // The allocation call itself may reach MPI only as the allocator (an
  // interposed malloc): the block it returns is new all the same.
  for (auto I = std::next(Alloc->getIterator()); I != Home->end(); ++I)
    if (isBarrier(*I, TLI)) {
      R.OwnBarrier = &*I;
      break;
    }
  // Paths leave the home block clean or tainted; a block with a barrier
  // passes on taint only. A path that enters the home block again reaches
  // the allocation, and what follows belongs to the next block: it stops.
  SmallVector<const BasicBlock *, 16> Clean, Tainted;
  (R.OwnBarrier ? Tainted : Clean).append(succ_begin(Home), succ_end(Home));
  while (!Clean.empty()) {
    const BasicBlock *BB = Clean.pop_back_val();
    if (!R.Clean.insert(BB).second || BB == Home)
      continue;
    (firstBarrier(BB, TLI) ? Tainted : Clean)
        .append(succ_begin(BB), succ_end(BB));
  }
  while (!Tainted.empty()) {
    const BasicBlock *BB = Tainted.pop_back_val();
    if (!R.Tainted.insert(BB).second || BB == Home)
      continue;
    Tainted.append(succ_begin(BB), succ_end(BB));
  }
  return R;
}

bool FreshHeapBlocks::freshAt(const Instruction *Alloc, const Instruction *At,
                              const TargetLibraryInfo &TLI) {
  if (!Alloc || !At || Alloc->getFunction() != At->getFunction())
    return false;
  const Reach &R = reachOf(Alloc, TLI);
  const BasicBlock *BB = At->getParent();
  // After the allocation in its own block: every path to At comes straight
  // from it.
  if (BB == Alloc->getParent() && Alloc->comesBefore(At))
    return !R.OwnBarrier || At->comesBefore(R.OwnBarrier);
  // Elsewhere: entered only by clean paths, and no barrier above At.
  if (!R.Clean.count(BB) || R.Tainted.count(BB))
    return false;
  const Instruction *Barrier = firstBarrier(BB, TLI);
  return !Barrier || At->comesBefore(Barrier);
}

} // namespace mpisync
