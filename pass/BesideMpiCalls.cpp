//===- BesideMpiCalls.cpp - accesses that run only next to an MPI call ----===//
#include "BesideMpiCalls.h"
#include "MpiCallArguments.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace mpisync {

BesideMpiCalls::BesideMpiCalls(Function &F, DominatorTree &DT, LoopInfo &LI)
    : F(F), DT(DT), LI(LI) {
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I); Call && isKnownMpiCall(*Call)) {
        MpiBlocks.push_back(&BB);
        break;
      }
}

bool BesideMpiCalls::besideMpiCall(const BasicBlock *BB) {
  if (MpiBlocks.empty())
    return false;
  auto [It, New] = Answers.try_emplace(BB, false);
  if (!New)
    return It->second;
  const Loop *L = LI.getLoopFor(BB);
  bool Beside = false;
  for (const BasicBlock *M : MpiBlocks) {
    if (LI.getLoopFor(M) != L)
      continue;
    if (DT.dominates(M, BB)) { // M == BB too
      Beside = true;
      break;
    }
    if (!L) {
      if (!PDT)
        PDT = std::make_unique<PostDominatorTree>(F);
      if (PDT->dominates(M, BB)) {
        Beside = true;
        break;
      }
    }
  }
  return It->second = Beside;
}

} // namespace mpisync
