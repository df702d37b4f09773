//===- AffineNestLifting.cpp - one range check per loop nest --------------===//
//
// A run checked in the preheader of loop L covers the bytes L touches each
// time it is entered. When L's parent P is call-free as well, L's preheader
// runs exactly once per iteration of P, and the run's start is an affine
// function of P's iteration (SCEV add recurrence) while its length is not,
// then over all of P's iterations the run touches
//
//   [min(Lo_0, Lo_N), max(Lo_0, Lo_N) + Len)
//
// -- but only if consecutive iterations' bytes meet: |step| <= Len. The run
// is then checked once in P's preheader. A stencil sweep's rows of `u`
// (c[x-1], c[x], c[x+1] with the row's first and last elements) become one
// check of the whole sweep.
//
// A run whose rows leave gaps (up[x] for x in [1, nx-1): the neighbouring
// row without its two end elements) is often the row of a lifted run one
// iteration earlier or later, shifted by a few bytes: then every iteration
// but the first (or last) is covered by that run, and only that one
// iteration's bytes are checked before P.
//
// Checking early is sound for the same reason as the single-loop case: no
// call between the check and the accesses can change the runtime's state,
// and every byte checked is touched.
//
//===----------------------------------------------------------------------===//
#include "AffineHoisting.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumLiftedRuns,
          "Number of range checks lifted out of an enclosing loop whole");
STATISTIC(NumEdgeLiftedRuns,
          "Number of range checks lifted out of an enclosing loop as one "
          "iteration (the others covered by a neighbouring run)");

namespace mpisync {

namespace {

// A constant that fits comfortably in 32 bits, if S is one.
std::optional<int64_t> constantOf(const SCEV *S) {
  const auto *C = dyn_cast<SCEVConstant>(S);
  if (!C || C->getAPInt().getSignificantBits() > 32)
    return std::nullopt;
  return C->getAPInt().getSExtValue();
}

// Rewrites zext(X) as sext(X) where X is non-negative whenever loop P is
// entered (by a guard before it): a row length counted by the inner loop
// (zext) and the row stride (sext) then compare as equals.
class SignedCasts : public SCEVRewriteVisitor<SignedCasts> {
public:
  SignedCasts(ScalarEvolution &SE, const Loop *P)
      : SCEVRewriteVisitor(SE), P(P) {}
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *Z) {
    const SCEV *Op = visit(Z->getOperand());
    Type *Wide = Z->getType();
    // zext(Y - C) with Y >= C > 0 (nx - 1 under nx > 2): sext(Y) - C.
    if (const auto *Add = dyn_cast<SCEVAddExpr>(Op);
        Add && Add->getNumOperands() == 2)
      if (const auto *C = dyn_cast<SCEVConstant>(Add->getOperand(0));
          C && C->getAPInt().isNegative() && !C->getAPInt().isMinSignedValue() &&
          guardedNonNegative(SE.getNegativeSCEV(C), Add->getOperand(1)))
        return SE.getAddExpr(SE.getSignExtendExpr(Add->getOperand(1), Wide),
                             SE.getSignExtendExpr(C, Wide));
    if (guardedNonNegative(SE.getZero(Op->getType()), Op))
      return SE.getSignExtendExpr(Op, Wide);
    return SE.getZeroExtendExpr(Op, Wide);
  }

private:
  // Lo <= X whenever P is entered.
  bool guardedNonNegative(const SCEV *Lo, const SCEV *X) {
    return SE.isKnownPredicate(ICmpInst::ICMP_SGE, X, Lo) ||
           SE.isLoopEntryGuardedByCond(P, ICmpInst::ICMP_SGE, X, Lo);
  }
  const Loop *P;
};

// +1 if consecutive iterations' runs [Lo, Lo + Len) meet going up (0 < step
// <= Len, or step 0), -1 if going down, 0 if that cannot be shown. Len is
// known to be at least MinLen.
int meetingDirection(ScalarEvolution &SE, const Loop *P, const SCEV *Step,
                     const SCEV *Len, int64_t MinLen) {
  SignedCasts Signed(SE, P);
  Step = Signed.visit(Step);
  Len = Signed.visit(Len);
  if (std::optional<int64_t> S = constantOf(Step)) {
    if (*S >= -MinLen && *S <= MinLen)
      return *S >= 0 ? 1 : -1;
    return 0;
  }
  // Step = Len - D with 0 <= D < MinLen: 0 < Step <= Len (a row loop whose
  // range is the row: Step and Len are both 8 * nx).
  if (std::optional<int64_t> D = constantOf(SE.getMinusSCEV(Len, Step)))
    if (*D >= 0 && *D < MinLen)
      return 1;
  if (std::optional<int64_t> D = constantOf(SE.getAddExpr(Len, Step)))
    if (*D >= 0 && *D < MinLen)
      return -1;
  if (SE.isKnownNonNegative(Step) &&
      SE.isKnownPredicate(ICmpInst::ICMP_SLE, Step, Len))
    return 1;
  if (SE.isKnownNonPositive(Step) &&
      SE.isKnownPredicate(ICmpInst::ICMP_SLE, SE.getNegativeSCEV(Step), Len))
    return -1;
  return 0;
}

bool expandableAt(ScalarEvolution &SE, const Loop *P, const SCEV *Lo,
                  const SCEV *Len) {
  if (isa<SCEVCouldNotCompute>(Lo) || isa<SCEVCouldNotCompute>(Len))
    return false;
  Instruction *At = P->getLoopPreheader()->getTerminator();
  SCEVExpander Expander(SE, At->getModule()->getDataLayout(), "mpisync.range");
  return Expander.isSafeToExpandAt(Lo, At) && Expander.isSafeToExpandAt(Len, At);
}

} // namespace

// The check in L's preheader can move to L's parent P's preheader: P makes
// no state-changing call, L's preheader is a block of P itself (not of a
// loop inside it) that runs on every iteration, and P's trip count is known.
bool AffineHoister::canLiftOutOf(const Loop *L) const {
  Loop *P = L->getParentLoop();
  if (!P || !IsCallFree(P))
    return false;
  BasicBlock *Pre = L->getLoopPreheader(), *Latch = P->getLoopLatch();
  return Pre && P->getLoopPreheader() && Latch &&
         P->getExitingBlock() == Latch && LI.getLoopFor(Pre) == P &&
         DT.dominates(Pre, Latch) &&
         !isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(P));
}

bool AffineHoister::liftGapFree(Run &R) {
  Loop *P = R.L->getParentLoop();
  if (!SE.isLoopInvariant(R.Len, P))
    return false;
  const SCEV *NewLo = R.Lo, *Span = SE.getZero(R.Len->getType());
  if (!SE.isLoopInvariant(R.Lo, P)) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(R.Lo);
    if (!AR || AR->getLoop() != P || !AR->isAffine())
      return false;
    int Dir =
        meetingDirection(SE, P, AR->getStepRecurrence(SE), R.Len, R.MinLen);
    if (Dir == 0)
      return false;
    const SCEV *First = AR->getStart();
    const SCEV *Last = AR->evaluateAtIteration(SE.getBackedgeTakenCount(P), SE);
    if (isa<SCEVCouldNotCompute>(Last))
      return false;
    NewLo = Dir > 0 ? First : Last;
    Span = Dir > 0 ? SE.getMinusSCEV(Last, First)
                   : SE.getMinusSCEV(First, Last);
  }
  const SCEV *NewLen = SE.getAddExpr(Span, R.Len);
  if (!expandableAt(SE, P, NewLo, NewLen))
    return false;
  R.L = P;
  R.Lo = NewLo;
  R.Len = NewLen;
  ++NumLiftedRuns;
  return true;
}

// R's rows have gaps across P's iterations. If, for some run Y lifted whole
// from the same loop, R's bytes in iteration k lie inside Y's bytes in
// iteration k - 1 (or k + 1), only R's first (or last) iteration is left to
// check.
bool AffineHoister::liftEdgeIteration(
    Run &R, const SmallVectorImpl<std::pair<Run, bool>> &Before) {
  Loop *P = R.L->getParentLoop();
  const auto *AR = dyn_cast<SCEVAddRecExpr>(R.Lo);
  if (!AR || AR->getLoop() != P || !AR->isAffine() ||
      !SE.isLoopInvariant(R.Len, P))
    return false;
  SignedCasts Signed(SE, P);
  const SCEV *Step = Signed.visit(AR->getStepRecurrence(SE));
  const SCEV *Len = Signed.visit(R.Len);
  for (unsigned J = 0; J < Runs.size(); ++J) {
    const auto &[Old, LiftedWhole] = Before[J];
    if (!LiftedWhole || Old.L != R.L || Old.IsWrite != R.IsWrite)
      continue;
    const SCEV *Delta = Signed.visit(SE.getMinusSCEV(R.Lo, Old.Lo));
    for (int Shift : {1, -1}) {
      // R_k = Y_(k - Shift) + E: inside it if 0 <= E and E + R.Len <= Y.Len.
      std::optional<int64_t> E = constantOf(
          Shift > 0 ? SE.getAddExpr(Delta, Step) : SE.getMinusSCEV(Delta, Step));
      if (!E || *E < 0)
        continue;
      const SCEV *Room = SE.getMinusSCEV(
          Signed.visit(Old.Len),
          SE.getAddExpr(Len, SE.getConstant(Len->getType(), *E)));
      std::optional<int64_t> RoomC = constantOf(Room);
      if (!(RoomC ? *RoomC >= 0 : SE.isKnownNonNegative(Room)))
        continue;
      const SCEV *NewLo =
          Shift > 0 ? AR->getStart()
                    : AR->evaluateAtIteration(SE.getBackedgeTakenCount(P), SE);
      if (!expandableAt(SE, P, NewLo, R.Len))
        continue;
      R.L = P;
      R.Lo = NewLo;
      ++NumEdgeLiftedRuns;
      return true;
    }
  }
  return false;
}

bool AffineHoister::liftRuns() {
  // Each run as it was, and whether it was lifted whole in this round.
  SmallVector<std::pair<Run, bool>, 8> Before;
  for (const Run &R : Runs)
    Before.push_back({R, false});
  bool Changed = false;
  for (unsigned K = 0; K < Runs.size(); ++K)
    if (canLiftOutOf(Runs[K].L) && liftGapFree(Runs[K]))
      Before[K].second = Changed = true;
  for (unsigned K = 0; K < Runs.size(); ++K)
    if (Runs[K].L == Before[K].first.L && canLiftOutOf(Runs[K].L) &&
        liftEdgeIteration(Runs[K], Before))
      Changed = true;
  return Changed;
}

} // namespace mpisync
