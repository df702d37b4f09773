//===- AtomicSyncInstrumenter.cpp - atomics that order threads ------------===//
//
// See AtomicSyncInstrumenter.h. Fences are not followed (a relaxed store
// after a release fence orders threads without this pass seeing it):
// docs/threads.md lists it.
//
//===----------------------------------------------------------------------===//
#include "AtomicSyncInstrumenter.h"

#include "FastPathEmitter.h"
#include "mpisync/published_state.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace mpisync {

namespace {

struct SyncPoint {
  Instruction *I;
  Value *Ptr;
  bool Acquires, Releases;
};

SyncPoint classify(Instruction &I) {
  auto acquires = [](AtomicOrdering O) { return isAcquireOrStronger(O); };
  auto releases = [](AtomicOrdering O) { return isReleaseOrStronger(O); };
  if (auto *LI = dyn_cast<LoadInst>(&I))
    if (LI->isAtomic())
      return {&I, LI->getPointerOperand(), acquires(LI->getOrdering()), false};
  if (auto *SI = dyn_cast<StoreInst>(&I))
    if (SI->isAtomic())
      return {&I, SI->getPointerOperand(), false, releases(SI->getOrdering())};
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return {&I, RMW->getPointerOperand(), acquires(RMW->getOrdering()),
            releases(RMW->getOrdering())};
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return {&I, CX->getPointerOperand(),
            acquires(CX->getSuccessOrdering()) ||
                acquires(CX->getFailureOrdering()),
            releases(CX->getSuccessOrdering())};
  return {nullptr, nullptr, false, false};
}

// Calls `Fn(Ptr)` just before `Before` if the runtime tracks threads: a
// single-threaded run (the common case) pays one load and an untaken
// branch per atomic, not a call.
void callIfThreadsTracked(Instruction *Before, FunctionCallee Fn, Value *Ptr,
                          const DebugLoc &Loc) {
  Module &M = *Before->getModule();
  LLVMContext &C = M.getContext();
  Type *IntptrTy = M.getDataLayout().getIntPtrType(C);
  GlobalVariable *State = publishedStateGlobal(M);
  Type *StateTy = State->getValueType();
  IRBuilder<> IRB(Before);
  IRB.SetCurrentDebugLocation(Loc);
  Value *Addr = IRB.CreateConstInBoundsGEP2_64(StateTy, State, 0,
                                               mpisync::kState_threads);
  LoadInst *Word = IRB.CreateAlignedLoad(
      IntptrTy, Addr, M.getDataLayout().getABITypeAlign(IntptrTy),
      "mpisync.threads");
  Word->setAtomic(AtomicOrdering::Monotonic);
  Value *Tracked =
      IRB.CreateICmpNE(Word, ConstantInt::get(IntptrTy, 0), "mpisync.tracked");
  Instruction *Then =
      SplitBlockAndInsertIfThen(Tracked, Before, /*Unreachable=*/false,
                                MDBuilder(C).createUnlikelyBranchWeights());
  IRBuilder<> Call(Then);
  Call.SetCurrentDebugLocation(Loc);
  Call.CreateCall(Fn, {Ptr});
}

} // namespace

bool instrumentAtomicSync(Function &F) {
  SmallVector<SyncPoint, 8> Points;
  for (Instruction &I : instructions(F)) {
    SyncPoint P = classify(I);
    if (P.I && (P.Acquires || P.Releases))
      Points.push_back(P);
  }
  if (Points.empty())
    return false;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *VoidTy = Type::getVoidTy(C);
  Type *PtrTy = PointerType::get(C, 0);
  FunctionCallee Acquire =
      M.getOrInsertFunction("__mpisync_atomic_acquire", VoidTy, PtrTy);
  FunctionCallee Release =
      M.getOrInsertFunction("__mpisync_atomic_release", VoidTy, PtrTy);
  for (const SyncPoint &P : Points) {
    Value *Ptr = P.Ptr;
    if (Ptr->getType()->getPointerAddressSpace() != 0)
      continue;
    if (P.Releases)
      callIfThreadsTracked(P.I, Release, Ptr, P.I->getDebugLoc());
    if (P.Acquires)
      callIfThreadsTracked(P.I->getNextNode(), Acquire, Ptr,
                           P.I->getDebugLoc());
  }
  return true;
}

} // namespace mpisync
