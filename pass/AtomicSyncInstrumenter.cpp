//===- AtomicSyncInstrumenter.cpp - atomics that order threads ------------===//
//
// See AtomicSyncInstrumenter.h. Fences are not followed (a relaxed store
// after a release fence orders threads without this pass seeing it):
// docs/threads.md lists it.
//
//===----------------------------------------------------------------------===//
#include "AtomicSyncInstrumenter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

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
      IRBuilder<>(P.I).CreateCall(Release, {Ptr});
    if (P.Acquires)
      IRBuilder<>(P.I->getNextNode()).CreateCall(Acquire, {Ptr});
  }
  return true;
}

} // namespace mpisync
