//===- AffineHoisting.h - one check per loop for affine accesses ---------===//
//
// In a loop that runs only while something is pending and cannot change
// that (an instrumented loop copy), an access whose address is an affine
// function of the iteration (SCEV add recurrence) and that executes on every
// iteration touches exactly [start, end + size): that range is checked once
// in the preheader instead of on every iteration.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_AFFINEHOISTING_H
#define MPISYNC_AFFINEHOISTING_H

#include <cstdint>

namespace llvm {
class DominatorTree;
class Instruction;
class LoopInfo;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace mpisync {

class FastPathEmitter;

// Emits the range check for the access in its loop's preheader and returns
// true, or returns false (nothing emitted) when the range is not known
// before the loop.
bool hoistAffineAccessCheck(llvm::Instruction *I, llvm::Value *Ptr,
                            uint64_t Size, bool IsWrite, llvm::LoopInfo &LI,
                            llvm::DominatorTree &DT, llvm::ScalarEvolution &SE,
                            FastPathEmitter &Emitter);

} // namespace mpisync

#endif // MPISYNC_AFFINEHOISTING_H
