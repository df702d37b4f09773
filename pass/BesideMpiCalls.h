//===- BesideMpiCalls.h - accesses that run only next to an MPI call ------===//
//
// An access outside call-free loops runs once per visit of its region; in
// communication code that visit also makes an MPI call, which costs far
// more than any check (MPISync's own wrapper included). There the inline
// test in front of the runtime call (the near interval, a group's shadow
// bytes: five to fifteen instructions and two blocks the back end must
// compile) saves nothing worth its compile time, and the check becomes a
// bare call to a _cold entry that tests the pending word itself
// (runtime/mpisync_access.cpp). An access is beside an MPI call when an MPI
// call of the call table runs whenever it does, once per run of it: a
// block holding one dominates the access's block within the same loop, or
// post-dominates it outside every loop (inside a loop the access might
// repeat before the call comes). A loop inside the call's loop, or a
// function without an MPI call, keeps the inline test.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_BESIDEMPICALLS_H
#define MPISYNC_BESIDEMPICALLS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/PostDominators.h"

#include <memory>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace mpisync {

class BesideMpiCalls {
public:
  BesideMpiCalls(llvm::Function &F, llvm::DominatorTree &DT,
                 llvm::LoopInfo &LI);
  // Whether every run of BB comes with a run of an MPI call, as above.
  bool besideMpiCall(const llvm::BasicBlock *BB);

private:
  llvm::Function &F;
  llvm::DominatorTree &DT;
  llvm::LoopInfo &LI;
  llvm::SmallVector<const llvm::BasicBlock *, 8> MpiBlocks;
  std::unique_ptr<llvm::PostDominatorTree> PDT; // built on first need
  llvm::DenseMap<const llvm::BasicBlock *, bool> Answers;
};

} // namespace mpisync

#endif // MPISYNC_BESIDEMPICALLS_H
