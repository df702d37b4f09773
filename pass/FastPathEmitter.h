//===- FastPathEmitter.h - the inline check of one access ----------------===//
//
// Emits DESIGN.md section 4's fast path for an access:
//
//   hot:   test of the "anything pending" word (loaded once per call-free
//          region), a not-taken branch
//   cold:  range test against the interval of the access type, then the
//          access's shadow bytes, then a call into the runtime
//
// Each level can be switched off (Options.h); the runtime repeats every test
// it receives, so a missing level only costs time.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_FASTPATHEMITTER_H
#define MPISYNC_FASTPATHEMITTER_H

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace llvm {
class DominatorTree;
class AllocaInst;
} // namespace llvm

namespace mpisync {

class FastPathEmitter {
public:
  explicit FastPathEmitter(llvm::Module &M);

  // The per-function slot holding the pending word; promoted to SSA values
  // by finishFunction, which makes it one load per call-free region.
  void beginFunction(llvm::Function &F);
  // The runtime's state may have changed in `Call`: reload after it.
  void reloadAfter(llvm::Instruction *Call);
  void finishFunction(llvm::Function &F, llvm::DominatorTree &DT);

  // Check before `I` of a `Size`-byte access at `Ptr`. `PendingKnown`: the
  // code runs only while something is pending (the instrumented copy of a
  // cloned loop), so the hot test is skipped.
  void emitAccessCheck(llvm::Instruction *I, llvm::Value *Ptr, uint64_t Size,
                       bool IsWrite, llvm::Align Alignment, bool PendingKnown);
  // Check of a range of dynamic length, through the runtime.
  void emitRangeCheck(llvm::Instruction *I, llvm::Value *Ptr,
                      llvm::Value *Size, bool IsWrite,
                      const llvm::DebugLoc &Loc = llvm::DebugLoc());

  // Loads the pending word (for the loop-cloning dispatch).
  llvm::Value *loadPendingWord(llvm::IRBuilder<> &IRB);

  // Runtime entries for memory intrinsics and stack releases.
  llvm::FunctionCallee MemcpyFn, MemmoveFn, MemsetFn, StackRelease;

private:
  llvm::Value *stateField(llvm::IRBuilder<> &IRB, unsigned Index,
                          const llvm::Twine &Name);
  llvm::Instruction *emitTest(llvm::Instruction *InsertBefore,
                              llvm::Value *Cond);
  void emitRuntimeCall(llvm::Instruction *Before, llvm::Value *Ptr,
                       uint64_t Size, bool IsWrite);

  llvm::Module &M;
  const llvm::DataLayout &DL;
  llvm::Type *IntptrTy;
  llvm::PointerType *PtrTy;
  llvm::GlobalVariable *State;
  llvm::AllocaInst *PendingSlot = nullptr;
  static constexpr unsigned kNumFixedSizes = 5; // 1, 2, 4, 8, 16 bytes
  llvm::FunctionCallee LoadFixed[kNumFixedSizes], StoreFixed[kNumFixedSizes];
  llvm::FunctionCallee LoadN, StoreN;
};

} // namespace mpisync

#endif // MPISYNC_FASTPATHEMITTER_H
