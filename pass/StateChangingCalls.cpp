//===- StateChangingCalls.cpp - calls that may change what MPI has pending ===//
#include "StateChangingCalls.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace mpisync {

bool isStateChangingCall(const Instruction &I, const TargetLibraryInfo &TLI) {
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
