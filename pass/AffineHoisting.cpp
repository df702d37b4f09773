//===- AffineHoisting.cpp - one check per loop for affine accesses -------===//
#include "AffineHoisting.h"

#include "FastPathEmitter.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumHoistedAffine,
          "Number of affine loop accesses checked once before their loop");

namespace mpisync {

bool hoistAffineAccessCheck(Instruction *I, Value *Ptr, uint64_t Size,
                            bool IsWrite, LoopInfo &LI, DominatorTree &DT,
                            ScalarEvolution &SE, FastPathEmitter &Emitter) {
  Loop *L = LI.getLoopFor(I->getParent());
  if (!L)
    return false;
  BasicBlock *Preheader = L->getLoopPreheader();
  BasicBlock *Latch = L->getLoopLatch();
  // Exactly backedge-taken-count + 1 executions: the latch is the only
  // exit and the access runs on every iteration.
  if (!Preheader || !Latch || L->getExitingBlock() != Latch ||
      !DT.dominates(I->getParent(), Latch))
    return false;
  const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Ptr));
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return false;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  const SCEV *Taken = SE.getBackedgeTakenCount(L);
  if (!Step || isa<SCEVCouldNotCompute>(Taken))
    return false;
  const SCEV *Start = AR->getStart();
  const SCEV *End = AR->evaluateAtIteration(Taken, SE);
  bool Descending = Step->getAPInt().isNegative();
  const SCEV *Lo = Descending ? End : Start;
  const SCEV *Hi = Descending ? Start : End;
  Type *IntptrTy = SE.getEffectiveSCEVType(Ptr->getType());
  const SCEV *Len = SE.getAddExpr(SE.getMinusSCEV(Hi, Lo),
                                  SE.getConstant(IntptrTy, Size));
  if (isa<SCEVCouldNotCompute>(Len))
    return false;
  Instruction *At = Preheader->getTerminator();
  SCEVExpander Expander(SE, I->getModule()->getDataLayout(), "mpisync.range");
  if (!Expander.isSafeToExpandAt(Lo, At) || !Expander.isSafeToExpandAt(Len, At))
    return false;
  Value *LoV = Expander.expandCodeFor(Lo, Ptr->getType(), At);
  Value *LenV = Expander.expandCodeFor(Len, IntptrTy, At);
  // The report names the access's line, not the preheader's.
  IRBuilder<> IRB(At);
  IRB.SetCurrentDebugLocation(I->getDebugLoc());
  Emitter.emitRangeCheck(At, LoV, LenV, IsWrite, I->getDebugLoc());
  ++NumHoistedAffine;
  return true;
}

} // namespace mpisync
