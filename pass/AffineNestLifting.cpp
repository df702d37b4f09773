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
// An inner loop behind a guard of its own inside P (`if (nx > 2)` around a
// row loop when rows and columns are counted apart) runs on every iteration
// of P or on none, if the guard's condition does not change in P: the run is
// lifted with that condition, and its check names no bytes when it fails.
// A guarded run takes in no access outside the guarded loop (the row's end
// elements that P accesses whether or not the row loop runs).
//
// A run whose rows leave gaps in every way (a tile's rows in a matrix, the
// interior columns of each row) is, once nothing else moves, lifted one loop
// further as rows: the check before P names the first row, the row length,
// the stride between rows and (through the hull it passes for the inline
// test) the number of rows, and the runtime checks each row alone. A
// transpose's tile loop then enters the runtime once per tile instead of once
// per tile row (transpose_rma: 131,000 calls per epoch and rank, ~57 ns
// each, docs/performance.md).
//
// A transposed copy (`t[c * tile + r] = a[r * n + c]`, c inner, r outer)
// writes with a stride of a row: each inner loop's bytes have gaps, which
// the outer loop's iterations fill, one element further each time. That
// run is formed for the nest at once: its bytes over the outer loop form a
// column, and the columns of consecutive inner iterations meet
// (liftTransposed). The stride may be known only at run time. When the
// columns leave gaps (a tile of a matrix, read across its rows), each
// column is one row of a rows check.
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
STATISTIC(NumRowsLiftedRuns,
          "Number of range checks lifted out of an enclosing loop as rows "
          "(one check of every row, gaps left out)");
STATISTIC(NumTransposedRuns,
          "Number of range checks formed for a transposed loop nest (the "
          "inner loop's gaps filled by the outer loop)");
STATISTIC(NumTransposedRows,
          "Number of rows checks formed for a transposed loop nest whose "
          "columns leave gaps (a tile read across its rows)");
STATISTIC(NumEdgeLiftedRuns,
          "Number of range checks lifted out of an enclosing loop as one "
          "iteration (the others covered by a neighbouring run)");

namespace mpisync {

namespace {

// Rewrites zext(X) as sext(X) where X is non-negative whenever block Ctx
// runs (by a guard before it): a row length counted by the inner loop (zext)
// and the row stride (sext) then compare as equals. Ctx is the inner loop's
// preheader; the expressions rewritten do not change in the loop lifted
// out of, so what holds there in one iteration holds in all, and the
// lifted check matters only when the preheader runs (else it is guarded
// off).
class SignedCasts : public SCEVRewriteVisitor<SignedCasts> {
public:
  SignedCasts(ScalarEvolution &SE, const BasicBlock *Ctx)
      : SCEVRewriteVisitor(SE), Ctx(Ctx) {}
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
  // Lo <= X whenever Ctx runs.
  bool guardedNonNegative(const SCEV *Lo, const SCEV *X) {
    return SE.isKnownPredicate(ICmpInst::ICMP_SGE, X, Lo) ||
           SE.isBasicBlockEntryGuardedByCond(Ctx, ICmpInst::ICMP_SGE, X, Lo);
  }
  const BasicBlock *Ctx;
};

// +1 if consecutive iterations' runs [Lo, Lo + Len) meet going up (0 < step
// <= Len, or step 0), -1 if going down, 0 if that cannot be shown. Len is
// known to be at least MinLen.
int meetingDirection(ScalarEvolution &SE, const BasicBlock *Ctx,
                     const SCEV *Step, const SCEV *Len, int64_t MinLen) {
  SignedCasts Signed(SE, Ctx);
  Step = Signed.visit(Step);
  Len = Signed.visit(Len);
  if (std::optional<int64_t> S = smallConstant(Step)) {
    if (*S >= -MinLen && *S <= MinLen)
      return *S >= 0 ? 1 : -1;
    return 0;
  }
  // Step = Len - D with 0 <= D < MinLen: 0 < Step <= Len (a row loop whose
  // range is the row: Step and Len are both 8 * nx).
  if (std::optional<int64_t> D = smallConstant(minusOrNull(SE, Len, Step)))
    if (*D >= 0 && *D < MinLen)
      return 1;
  if (std::optional<int64_t> D = smallConstant(addOrNull(SE, Len, Step)))
    if (*D >= 0 && *D < MinLen)
      return -1;
  // The comparisons below take operands of one type.
  if (Step->getType() != Len->getType())
    return 0;
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
  if (!knownOrNull(Lo) || !knownOrNull(Len))
    return false;
  Instruction *At = P->getLoopPreheader()->getTerminator();
  SCEVExpander Expander(SE, At->getModule()->getDataLayout(), "mpisync.range");
  return Expander.isSafeToExpandAt(Lo, At) && Expander.isSafeToExpandAt(Len, At);
}

} // namespace

// The check of R, in its loop L's preheader, can move to L's parent P's
// preheader: P makes no state-changing call, P's trip count is known, and
// L's preheader is a block of P itself (not of a loop inside it) that runs
// on every iteration -- or, behind a branch on a condition P does not
// change, on every iteration or on none (NewGuard is then that condition).
// R's own guards must be usable before P too.
bool AffineHoister::canLiftOutOf(const Run &R,
                                 std::optional<Guard> &NewGuard) const {
  NewGuard.reset();
  const Loop *L = R.L;
  Loop *P = L->getParentLoop();
  if (!P || !IsCallFree(P))
    return false;
  BasicBlock *Pre = L->getLoopPreheader(), *Latch = P->getLoopLatch();
  BasicBlock *PPre = P->getLoopPreheader();
  if (!Pre || !PPre || !Latch || P->getExitingBlock() != Latch ||
      LI.getLoopFor(Pre) != P ||
      isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(P)))
    return false;
  auto AvailableBeforeP = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || (!P->contains(I) && DT.dominates(I, PPre->getTerminator()));
  };
  for (const Guard &G : R.Guards)
    if (!AvailableBeforeP(G.Cond))
      return false;
  if (DT.dominates(Pre, Latch))
    return true;
  BasicBlock *Branching = Pre->getSinglePredecessor();
  if (!Branching || LI.getLoopFor(Branching) != P ||
      !DT.dominates(Branching, Latch))
    return false;
  auto *BI = dyn_cast<BranchInst>(Branching->getTerminator());
  if (!BI || !BI->isConditional() || BI->getSuccessor(0) == BI->getSuccessor(1) ||
      !AvailableBeforeP(BI->getCondition()))
    return false;
  NewGuard = Guard{BI->getCondition(), BI->getSuccessor(0) == Pre};
  return true;
}

bool AffineHoister::liftGapFree(Run &R, const std::optional<Guard> &NewGuard) {
  Loop *P = R.L->getParentLoop();
  if (!SE.isLoopInvariant(R.Len, P))
    return false;
  const SCEV *NewLo = R.Lo, *Span = SE.getZero(R.Len->getType());
  if (!SE.isLoopInvariant(R.Lo, P)) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(R.Lo);
    if (!AR || AR->getLoop() != P || !AR->isAffine())
      return false;
    int Dir = meetingDirection(SE, R.L->getLoopPreheader(),
                               AR->getStepRecurrence(SE), R.Len, R.MinLen);
    if (Dir == 0)
      return false;
    const SCEV *First = AR->getStart();
    const SCEV *Last = lastValueOrNull(SE, AR);
    if (!Last)
      return false;
    NewLo = Dir > 0 ? First : Last;
    Span =
        Dir > 0 ? minusOrNull(SE, Last, First) : minusOrNull(SE, First, Last);
  }
  const SCEV *NewLen = addOrNull(SE, Span, R.Len);
  if (!expandableAt(SE, P, NewLo, NewLen))
    return false;
  moveOut(R, NewLo, NewLen, NewGuard);
  ++NumLiftedRuns;
  return true;
}

// R's rows have gaps across P's iterations. If, for some run Y lifted whole
// from the same loop, R's bytes in iteration k lie inside Y's bytes in
// iteration k - 1 (or k + 1), only R's first (or last) iteration is left to
// check.
bool AffineHoister::liftEdgeIteration(
    Run &R, const SmallVectorImpl<std::pair<Run, bool>> &Before,
    const std::optional<Guard> &NewGuard) {
  Loop *P = R.L->getParentLoop();
  const auto *AR = dyn_cast<SCEVAddRecExpr>(R.Lo);
  if (!AR || AR->getLoop() != P || !AR->isAffine() ||
      !SE.isLoopInvariant(R.Len, P))
    return false;
  SignedCasts Signed(SE, R.L->getLoopPreheader());
  const SCEV *Step = Signed.visit(AR->getStepRecurrence(SE));
  const SCEV *Len = Signed.visit(R.Len);
  for (unsigned J = 0; J < Runs.size(); ++J) {
    const auto &[Old, LiftedWhole] = Before[J];
    // Y was lifted from the same loop (so under the same new guard, if any).
    if (!LiftedWhole || Old.L != R.L || Old.IsWrite != R.IsWrite ||
        Old.Guards != R.Guards)
      continue;
    // Runs over different objects (a row of `a` beside a row of `b`) have
    // no distance: nothing to compare.
    const SCEV *Delta = minusOrNull(SE, R.Lo, Old.Lo);
    if (!Delta)
      continue;
    Delta = Signed.visit(Delta);
    for (int Shift : {1, -1}) {
      // R_k = Y_(k - Shift) + E: inside it if 0 <= E and E + R.Len <= Y.Len.
      std::optional<int64_t> E =
          smallConstant(Shift > 0 ? addOrNull(SE, Delta, Step)
                                  : minusOrNull(SE, Delta, Step));
      if (!E || *E < 0)
        continue;
      const SCEV *Room =
          minusOrNull(SE, Signed.visit(Old.Len),
                      addOrNull(SE, Len, SE.getConstant(Len->getType(), *E)));
      if (!Room)
        continue;
      std::optional<int64_t> RoomC = smallConstant(Room);
      if (!(RoomC ? *RoomC >= 0 : SE.isKnownNonNegative(Room)))
        continue;
      const SCEV *NewLo = Shift > 0 ? AR->getStart() : lastValueOrNull(SE, AR);
      if (!expandableAt(SE, P, NewLo, R.Len))
        continue;
      moveOut(R, NewLo, R.Len, NewGuard);
      ++NumEdgeLiftedRuns;
      return true;
    }
  }
  return false;
}

void AffineHoister::moveOut(Run &R, const SCEV *Lo, const SCEV *Len,
                            const std::optional<Guard> &NewGuard) {
  R.L = R.L->getParentLoop();
  R.Lo = Lo;
  R.Len = Len;
  if (NewGuard)
    R.Guards.push_back(*NewGuard);
}

bool AffineHoister::liftRuns() {
  // Each run as it was, and whether it was lifted whole in this round.
  SmallVector<std::pair<Run, bool>, 8> Before;
  for (const Run &R : Runs)
    Before.push_back({R, false});
  bool Changed = false;
  std::optional<Guard> NewGuard;
  for (unsigned K = 0; K < Runs.size(); ++K)
    if (canLiftOutOf(Runs[K], NewGuard) && liftGapFree(Runs[K], NewGuard))
      Before[K].second = Changed = true;
  for (unsigned K = 0; K < Runs.size(); ++K)
    if (Runs[K].L == Before[K].first.L && canLiftOutOf(Runs[K], NewGuard) &&
        liftEdgeIteration(Runs[K], Before, NewGuard))
      Changed = true;
  return Changed;
}

// R's rows as P's iterations place them: one row per iteration, at R.Lo's
// value in that iteration. Only R's own bytes in each row are named, so the
// rows may be any distance apart (or overlap, or run downwards).
bool AffineHoister::liftRows(Run &R, const std::optional<Guard> &NewGuard) {
  Loop *P = R.L->getParentLoop();
  const auto *AR = dyn_cast<SCEVAddRecExpr>(R.Lo);
  if (R.Stride || !AR || AR->getLoop() != P || !AR->isAffine() ||
      !SE.isLoopInvariant(R.Len, P))
    return false;
  // The last row's index: P's backedge-taken count.
  const SCEV *Last = knownOrNull(SE.getBackedgeTakenCount(P));
  Type *IntptrTy = R.Len->getType();
  if (!Last || !Last->getType()->isIntegerTy() ||
      Last->getType()->getIntegerBitWidth() > IntptrTy->getIntegerBitWidth())
    return false;
  Last = SE.getZeroExtendExpr(Last, IntptrTy);
  const SCEV *Stride =
      SE.getTruncateOrSignExtend(AR->getStepRecurrence(SE), IntptrTy);
  if (!expandableAt(SE, P, AR->getStart(), R.Len) ||
      !expandableAt(SE, P, Stride, Last))
    return false;
  moveOut(R, AR->getStart(), R.Len, NewGuard);
  R.Stride = Stride;
  R.LastRow = Last;
  ++NumRowsLiftedRuns;
  return true;
}

// In G's loop L the run [RunLo, RunHi), W bytes, repeats every S_i bytes
// and leaves gaps (or S_i is not known). L runs once in every iteration of
// its parent P, where the run starts S_o bytes further each time: with
// 0 < S_o <= W, P's iterations cover a column [start, start + C), C =
// (P's backedge-taken count) * S_o + W, for each of L's iterations, and
// the columns of consecutive iterations meet going up when 0 <= S_i <= C.
// The nest then touches [Lo, Lo + Extent + C) without gaps, Extent being
// the distance between L's first and last iteration's starts (the same in
// every iteration of P).
bool AffineHoister::liftTransposed(const Group &G, ArrayRef<Member> Sorted,
                                   size_t B, size_t E, int64_t RunLo,
                                   int64_t RunHi) {
  int64_t W = RunHi - RunLo;
  Run R{G.L,
        G.IsWrite,
        {},
        nullptr,
        nullptr,
        earliestMember(Sorted, B, E),
        unsigned(E - B),
        W};
  std::optional<Guard> NewGuard;
  if (!canLiftOutOf(R, NewGuard))
    return false;
  Loop *P = G.L->getParentLoop();
  Type *IntptrTy = SE.getEffectiveSCEVType(G.Start->getType());
  const auto *AR = dyn_cast_or_null<SCEVAddRecExpr>(
      addOrNull(SE, G.Start, SE.getConstant(IntptrTy, RunLo, true)));
  if (!AR || AR->getLoop() != P || !AR->isAffine())
    return false;
  std::optional<int64_t> So = smallConstant(AR->getStepRecurrence(SE));
  if (!So || *So <= 0 || *So > W)
    return false;
  const SCEV *Extent = minusOrNull(SE, G.End, G.Start);
  const SCEV *Rows = knownOrNull(SE.getBackedgeTakenCount(P));
  if (!Extent || !Rows || !SE.isLoopInvariant(Extent, P) ||
      !Rows->getType()->isIntegerTy() ||
      Rows->getType()->getIntegerBitWidth() > IntptrTy->getIntegerBitWidth())
    return false;
  Rows = SE.getNoopOrZeroExtend(Rows, IntptrTy);
  const SCEV *Column =
      addOrNull(SE, SE.getMulExpr(Rows, SE.getConstant(IntptrTy, *So)),
                SE.getConstant(IntptrTy, W));
  const SCEV *Si = SE.getTruncateOrSignExtend(G.StepS, IntptrTy);
  if (!Column)
    return false;
  // Columns meet: 0 <= S_i <= C (C >= W always).
  bool Meet;
  if (std::optional<int64_t> SiC = smallConstant(Si)) {
    std::optional<int64_t> CC = smallConstant(Column);
    Meet = *SiC >= 0 &&
           (*SiC <= W ||
            (CC ? *SiC <= *CC
                : SE.isKnownPredicate(ICmpInst::ICMP_SLE, Si, Column)));
  } else {
    Meet = meetingDirection(SE, G.L->getLoopPreheader(), Si, Column, W) > 0;
  }
  const SCEV *Len = addOrNull(SE, Extent, Column);
  if (Meet && Len && expandableAt(SE, P, AR->getStart(), Len)) {
    moveOut(R, AR->getStart(), Len, NewGuard);
    Runs.push_back(R);
    ++NumTransposedRuns;
    return true;
  }
  // The columns leave gaps (a tile of a matrix read across its rows): each
  // column is a row of a rows check, one per iteration of L, S_i apart.
  const SCEV *Last = knownOrNull(SE.getBackedgeTakenCount(G.L));
  if (!Last || !SE.isLoopInvariant(Last, P) || !SE.isLoopInvariant(Si, P) ||
      !Last->getType()->isIntegerTy() ||
      Last->getType()->getIntegerBitWidth() > IntptrTy->getIntegerBitWidth())
    return false;
  Last = SE.getNoopOrZeroExtend(Last, IntptrTy);
  if (!expandableAt(SE, P, AR->getStart(), Column) ||
      !expandableAt(SE, P, Si, Last))
    return false;
  moveOut(R, AR->getStart(), Column, NewGuard);
  R.Stride = Si;
  R.LastRow = Last;
  TransposedRows.push_back(R);
  ++NumTransposedRows;
  return true;
}

void AffineHoister::liftRowsOfRuns() {
  std::optional<Guard> NewGuard;
  for (Run &R : Runs)
    if (canLiftOutOf(R, NewGuard))
      liftRows(R, NewGuard);
}

} // namespace mpisync
