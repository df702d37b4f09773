//===- PendingLoopVersioning.h - idle copies of call-free loops ----------===//
//
// The runtime's state changes only inside MPI calls. A loop without calls
// that could reach MPI therefore sees one value of the pending word from
// entry to exit: it is cloned, the copy left uninstrumented, and the loop's
// preheader picks the copy while nothing is pending. Most of a program's
// time is spent in such loops, so the idle path then costs one load and
// branch per loop entry instead of one per access.
//
// Under MPI_THREAD_MULTIPLE another thread can start a request while a loop
// runs its idle copy; accesses in that window are not checked
// (docs/design.md).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_PENDINGLOOPVERSIONING_H
#define MPISYNC_PENDINGLOOPVERSIONING_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Instruction;
class Loop;
class LoopInfo;
} // namespace llvm

namespace mpisync {

class FastPathEmitter;

// Versions every outermost loop of the function that is call-free (by
// `IsStateChangingCall`), holds at least one access of `CheckedInLoop` (one
// that keeps a check inside its loop: affine accesses checked once before
// their loop need no copy), and is small enough. Adds the blocks of the copies that will be
// instrumented (entered only while something is pending) to `PendingBlocks`,
// each mapped to the preheader of its copy (which holds only a branch).
// Returns the number of loops versioned.
unsigned versionCallFreeLoops(
    llvm::LoopInfo &LI, llvm::DominatorTree &DT, FastPathEmitter &Emitter,
    const llvm::SmallPtrSetImpl<llvm::Instruction *> &CheckedInLoop,
    llvm::function_ref<bool(llvm::Instruction &)> IsStateChangingCall,
    llvm::DenseMap<llvm::BasicBlock *, llvm::BasicBlock *> &PendingBlocks);

} // namespace mpisync

#endif // MPISYNC_PENDINGLOOPVERSIONING_H
