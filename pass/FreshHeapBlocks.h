//===- FreshHeapBlocks.h - heap blocks no MPI call has seen yet ----------===//
//
// A block fresh from malloc, calloc, strdup or operator new is in no
// pending operation: MPI learns an address only from a call, and a pending
// buffer whose memory went back to the allocator was reported when it was
// freed. So an access through the allocation's own value (its GEPs and
// casts, not a phi: that may be an earlier execution's block) needs no check
// where every path from the allocation to the access is free of barriers:
// calls that may reach MPI (StateChangingCalls.h), fences, and atomic
// stores with release ordering, by which another thread could learn the
// address and hand it to MPI. Typical: the loop that fills an array right
// after allocating it, before the array's first exchange.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_FRESHHEAPBLOCKS_H
#define MPISYNC_FRESHHEAPBLOCKS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class BasicBlock;
class Instruction;
class TargetLibraryInfo;
} // namespace llvm

namespace mpisync {

class FreshHeapBlocks {
public:
  // Whether `Alloc` (an allocation call) is reached by no barrier on any
  // path from it to `At`, in Alloc's function.
  bool freshAt(const llvm::Instruction *Alloc, const llvm::Instruction *At,
               const llvm::TargetLibraryInfo &TLI);

private:
  // The first barrier of a block, or null.
  const llvm::Instruction *firstBarrier(const llvm::BasicBlock *BB,
                                        const llvm::TargetLibraryInfo &TLI);
  struct Reach {
    // Alloc's own block: the first barrier after Alloc (null: none).
    const llvm::Instruction *OwnBarrier = nullptr;
    // Blocks some barrier-free path from Alloc enters at their top.
    llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Clean;
    // Blocks some path from Alloc through a barrier enters at their top.
    llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Tainted;
  };
  const Reach &reachOf(const llvm::Instruction *Alloc,
                       const llvm::TargetLibraryInfo &TLI);
  llvm::DenseMap<const llvm::BasicBlock *, const llvm::Instruction *> Barriers;
  llvm::DenseMap<const llvm::Instruction *, Reach> Reaches;
};

} // namespace mpisync

#endif // MPISYNC_FRESHHEAPBLOCKS_H
