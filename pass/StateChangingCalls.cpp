//===- StateChangingCalls.cpp - calls that may change what MPI has pending ===//
#include "StateChangingCalls.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace mpisync {

static bool isAcquire(const Instruction &I) {
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return isAcquireOrStronger(LI->getOrdering());
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return isAcquireOrStronger(RMW->getOrdering());
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return isAcquireOrStronger(CX->getSuccessOrdering()) ||
           isAcquireOrStronger(CX->getFailureOrdering());
  if (const auto *FI = dyn_cast<FenceInst>(&I))
    return isAcquireOrStronger(FI->getOrdering());
  return false;
}

bool isStateChangingCall(const Instruction &I, const TargetLibraryInfo &TLI) {
  if (isAcquire(I))
    return true;
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<IntrinsicInst>(CB))
    return false;
  const Function *Callee = CB->getCalledFunction();
  if (!Callee)
    return true;
  if (Callee->getName().starts_with("__mpisync"))
    return false;
  LibFunc LF;
  if (Callee->isDeclaration() && TLI.getLibFunc(*Callee, LF) && TLI.has(LF))
    return false;
  return true;
}

} // namespace mpisync
