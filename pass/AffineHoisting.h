//===- AffineHoisting.h - one check per loop for affine accesses ---------===//
//
// In a loop that runs only while something is pending and cannot change
// that (an instrumented loop copy), an access whose address is an affine
// function of the iteration (SCEV add recurrence) and that executes on every
// iteration touches [start, end + size) -- but only where consecutive
// iterations' bytes meet. Accesses of one loop with the same step whose
// addresses differ by constants (a[i-1], a[i], a[i+1]; the parts of an
// unrolled or vectorized body) are grouped; every contiguous run of their
// bytes that covers at least one step is a range touched without gaps, and
// is checked once in the preheader instead of on every iteration. A strided
// access that leaves gaps keeps its per-access check: checking the gaps
// could report bytes the program never touches.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_AFFINEHOISTING_H
#define MPISYNC_AFFINEHOISTING_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <utility>

namespace llvm {
class CallInst;
class DominatorTree;
class Instruction;
class Loop;
class LoopInfo;
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace mpisync {

class FastPathEmitter;

class AffineHoister {
public:
  AffineHoister(llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                llvm::ScalarEvolution &SE, FastPathEmitter &Emitter)
      : LI(LI), DT(DT), SE(SE), Emitter(Emitter) {}

  // Records access number `Index` if its loop runs it on every iteration at
  // an affine address; returns whether it was recorded.
  bool add(unsigned Index, llvm::Instruction *I, llvm::Value *Ptr,
           uint64_t Size, bool IsWrite);

  // Emits one range check (a call into the runtime, for
  // FastPathEmitter::guardRangeCheck to put behind the inline interval test
  // once the CFG may change) per gap-free run of each group, in the loop's
  // preheader; sets Hoisted[Index] for every access such a run covers.
  void emit(llvm::SmallVectorImpl<bool> &Hoisted,
            llvm::SmallVectorImpl<std::pair<llvm::CallInst *, bool>> &Checks);

private:
  struct Member {
    unsigned Index;
    llvm::Instruction *I;
    int64_t Offset; // bytes from the group's first start
    uint64_t Size;
  };
  struct Group {
    llvm::Loop *L;
    int64_t Step;
    bool IsWrite;
    const llvm::SCEV *Start, *End; // of the first member, first/last iteration
    llvm::SmallVector<Member, 4> Members;
  };

  llvm::LoopInfo &LI;
  llvm::DominatorTree &DT;
  llvm::ScalarEvolution &SE;
  FastPathEmitter &Emitter;
  llvm::SmallVector<Group, 8> Groups;
};

} // namespace mpisync

#endif // MPISYNC_AFFINEHOISTING_H
