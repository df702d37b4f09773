//===- AffineHoisting.cpp - one check per loop for affine accesses -------===//
#include "AffineHoisting.h"

#include "FastPathEmitter.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <algorithm>

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumHoistedAffine,
          "Number of affine loop accesses checked once before their loop");
STATISTIC(NumHoistedRanges,
          "Number of range checks placed before loops for affine accesses");
STATISTIC(NumAbsorbedPreheaderAccesses,
          "Number of accesses in a loop preheader checked by the loop's range");
STATISTIC(NumAbsorbedExitAccesses,
          "Number of accesses in a loop exit block checked by the loop's range");
STATISTIC(NumAffineWithGaps,
          "Number of affine loop accesses not hoisted: their range has gaps");

namespace mpisync {

bool AffineHoister::isEarlier(const Instruction *A,
                              const Instruction *B) const {
  return A->getParent() == B->getParent()
             ? A->comesBefore(B)
             : DT.dominates(A->getParent(), B->getParent());
}

Instruction *AffineHoister::earliestMember(ArrayRef<Member> Sorted, size_t B,
                                           size_t E) const {
  Instruction *Named = Sorted[B].I;
  for (size_t K = B; K < E; ++K)
    if (isEarlier(Sorted[K].I, Named))
      Named = Sorted[K].I;
  return Named;
}

bool AffineHoister::add(unsigned Index, Instruction *I, Value *Ptr,
                        uint64_t Size, bool IsWrite) {
  if (addAffine(Index, I, Ptr, Size, IsWrite))
    return true;
  Singles.push_back({Index, I, Ptr, Size, IsWrite});
  return false;
}

bool AffineHoister::addAffine(unsigned Index, Instruction *I, Value *Ptr,
                              uint64_t Size, bool IsWrite) {
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
  const SCEV *StepS = AR->getStepRecurrence(SE);
  if (Size > (1u << 30))
    return false;
  const SCEV *Start = AR->getStart();
  for (Group &G : Groups) {
    if (G.L != L || G.StepS != StepS || G.IsWrite != IsWrite)
      continue;
    std::optional<int64_t> Diff =
        smallConstant(minusOrNull(SE, Start, G.Start));
    if (!Diff)
      continue;
    G.Members.push_back({Index, I, *Diff, Size});
    return G.Step.has_value();
  }
  const SCEV *End = lastValueOrNull(SE, AR);
  if (!End)
    return false;
  Groups.push_back({L,
                    StepS,
                    smallConstant(StepS),
                    IsWrite,
                    Start,
                    End,
                    {{Index, I, 0, Size}}});
  // A step known only at run time (a row's start in a loop over rows) makes
  // a group only a transposed nest can check: the access stays a candidate
  // for the run of the loop it neighbours too.
  return Groups.back().Step.has_value();
}

void AffineHoister::plan(SmallVectorImpl<bool> &Hoisted) {
  Runs.clear();
  TransposedRows.clear();
  WithGaps = 0;
  for (Group &G : Groups) {
    SmallVector<Member, 4> Sorted(G.Members);
    std::sort(Sorted.begin(), Sorted.end(),
              [](const Member &A, const Member &B) {
                return A.Offset != B.Offset ? A.Offset < B.Offset
                                            : A.Index < B.Index;
              });
    int64_t Step = G.Step.value_or(0);
    bool Descending = Step < 0;
    uint64_t AbsStep = Descending ? -(uint64_t)Step : (uint64_t)Step;
    Type *IntptrTy = SE.getEffectiveSCEVType(G.Start->getType());
    // Bytes from the first to the last iteration's start of the first member.
    const SCEV *Extent = Descending ? minusOrNull(SE, G.Start, G.End)
                                    : minusOrNull(SE, G.End, G.Start);
    const SCEV *Base = Descending ? G.End : G.Start;
    Instruction *At = G.L->getLoopPreheader()->getTerminator();
    SCEVExpander Expander(SE, At->getModule()->getDataLayout(),
                          "mpisync.range");
    for (size_t B = 0; B < Sorted.size();) {
      // One run: members whose bytes meet or overlap.
      int64_t RunLo = Sorted[B].Offset;
      int64_t RunHi = RunLo + (int64_t)Sorted[B].Size;
      size_t E = B + 1;
      while (E < Sorted.size() && Sorted[E].Offset <= RunHi) {
        RunHi = std::max(RunHi, Sorted[E].Offset + (int64_t)Sorted[E].Size);
        ++E;
      }
      // The run repeats every step: without gaps only if it covers a step
      // (a loop of one iteration has no gaps either, but is rare). A step
      // not known at compile time may still be covered by the enclosing
      // loop's iterations.
      if (!G.Step || (uint64_t)(RunHi - RunLo) < AbsStep) {
        if (liftTransposed(G, Sorted, B, E, RunLo, RunHi)) {
          for (size_t K = B; K < E; ++K)
            Hoisted[Sorted[K].Index] = true;
        } else {
          WithGaps += E - B;
        }
        B = E;
        continue;
      }
      const SCEV *Lo =
          addOrNull(SE, Base, SE.getConstant(IntptrTy, RunLo, /*signed=*/true));
      const SCEV *Len =
          addOrNull(SE, Extent, SE.getConstant(IntptrTy, RunHi - RunLo));
      if (!Lo || !Len || !Expander.isSafeToExpandAt(Lo, At) ||
          !Expander.isSafeToExpandAt(Len, At)) {
        B = E;
        continue;
      }
      Instruction *Named = earliestMember(Sorted, B, E);
      Runs.push_back({G.L, G.IsWrite, {}, Lo, Len, Named, unsigned(E - B),
                      RunHi - RunLo});
      for (size_t K = B; K < E; ++K)
        Hoisted[Sorted[K].Index] = true;
      B = E;
    }
  }
  // Neighbours first: a row's first and last elements close the gaps that
  // would keep its run from being lifted.
  absorbPreheaderAccesses(Hoisted);
  absorbExitAccesses(Hoisted);
  mergeOverlappingRuns();
  while (liftRuns()) {
    absorbPreheaderAccesses(Hoisted);
    absorbExitAccesses(Hoisted);
    mergeOverlappingRuns();
  }
  liftRowsOfRuns();
  Runs.append(TransposedRows.begin(), TransposedRows.end());
}

// Two runs of one loop whose bytes overlap or meet are one range: a row
// loop that keeps c[x] in a register from the previous iteration loads
// c[x-1] and c[x+1], two runs one element apart that the preheader's
// c[1] and the exit block's c[nx-1] join.
void AffineHoister::mergeOverlappingRuns() {
  for (bool Merged = true; Merged;) {
    Merged = false;
    for (unsigned A = 0; A < Runs.size() && !Merged; ++A)
      for (unsigned B = 0; B < Runs.size() && !Merged; ++B)
        if (A != B && mergeRun(Runs[A], Runs[B])) {
          Runs.erase(Runs.begin() + B);
          Merged = true;
        }
  }
}

// Extends Into by From if From starts inside Into or where it ends.
bool AffineHoister::mergeRun(Run &Into, const Run &From) {
  if (Into.L != From.L || Into.IsWrite != From.IsWrite ||
      Into.Guards != From.Guards)
    return false;
  // From starts Off bytes into Into, and Into has at least Off bytes.
  std::optional<int64_t> Off = smallConstant(minusOrNull(SE, From.Lo, Into.Lo));
  if (!Off || *Off < 0 || *Off > Into.MinLen)
    return false;
  // The union ends where the later of the two ends.
  const SCEV *FromEnd =
      addOrNull(SE, From.Len, SE.getConstant(From.Len->getType(), *Off));
  std::optional<int64_t> Past =
      smallConstant(minusOrNull(SE, FromEnd, Into.Len));
  if (!Past)
    return false;
  if (*Past >= 0) {
    Into.Len = FromEnd;
    Into.MinLen = std::max(Into.MinLen, *Off + From.MinLen);
  }
  Into.Covered += From.Covered;
  if (isEarlier(From.Named, Into.Named))
    Into.Named = From.Named;
  return true;
}

namespace {
bool isRuntimeOrIntrinsic(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<IntrinsicInst>(CB))
    return true;
  const Function *F = CB->getCalledFunction();
  return F && F->getName().starts_with("__mpisync");
}
} // namespace

// A run's check is emitted at the end of its loop's preheader, so an access
// earlier in that block is covered by it if nothing between them can change
// the runtime's state (no call at all, to be simple) and its bytes lie in
// [Lo - 16, Lo + MinLen): below Lo the run is extended down to it.
void AffineHoister::absorbPreheaderAccesses(SmallVectorImpl<bool> &Hoisted) {
  auto NoCallAfter = [](Instruction *I) {
    for (Instruction *N = I->getNextNode(); N; N = N->getNextNode())
      if (!isRuntimeOrIntrinsic(*N))
        return false;
    return true;
  };
  for (const Single &S : Singles) {
    if (Hoisted[S.Index] || !NoCallAfter(S.I))
      continue;
    const SCEV *Addr = SE.getSCEV(S.Ptr);
    for (Run &R : Runs) {
      // A guarded run's check is off when its guard fails; the access is not.
      if (R.L->getLoopPreheader() != S.I->getParent() ||
          R.IsWrite != S.IsWrite || !R.Guards.empty())
        continue;
      std::optional<int64_t> Below = smallConstant(minusOrNull(SE, Addr, R.Lo));
      if (!Below)
        continue;
      int64_t Off = *Below, End = Off + (int64_t)S.Size;
      if (Off < -16 || End > R.MinLen || (Off < 0 && End < 0))
        continue;
      // Moving Lo down by a constant keeps it expandable where it was.
      if (Off < 0) {
        Type *IntptrTy = SE.getEffectiveSCEVType(R.Lo->getType());
        const SCEV *Lo =
            addOrNull(SE, R.Lo, SE.getConstant(IntptrTy, Off, true));
        const SCEV *Len = addOrNull(SE, R.Len, SE.getConstant(IntptrTy, -Off));
        if (!Lo || !Len)
          continue;
        R.Lo = Lo;
        R.Len = Len;
        R.MinLen -= Off;
      }
      // Reports keep naming the loop's access: the preheader's touches one
      // element of the range, the loop's all the others.
      ++R.Covered;
      Hoisted[S.Index] = true;
      ++NumAbsorbedPreheaderAccesses;
      break;
    }
  }
}

// The loop's exit block runs once after the loop (its latch is its only
// exiting block, which every run's loop has), so an access there before any
// call is covered by the run's check if its bytes start in
// [Lo + Len - MinLen, Lo + Len]: past Lo + Len the run is extended up to
// their end. (The row's last element, written after a loop that stops one
// short.)
void AffineHoister::absorbExitAccesses(SmallVectorImpl<bool> &Hoisted) {
  auto NoCallBefore = [](Instruction *I) {
    for (Instruction *N = I->getPrevNode(); N; N = N->getPrevNode())
      if (!isRuntimeOrIntrinsic(*N))
        return false;
    return true;
  };
  for (const Single &S : Singles) {
    if (Hoisted[S.Index] || !NoCallBefore(S.I))
      continue;
    const SCEV *Addr = SE.getSCEV(S.Ptr);
    for (Run &R : Runs) {
      // Only an exit reached through the loop alone (a dedicated exit, as
      // loop-simplify form has): an exit the loop's guard also branches to
      // runs when the check did not.
      BasicBlock *Exit = R.L->getExitBlock();
      if (Exit != S.I->getParent() || R.IsWrite != S.IsWrite ||
          !R.Guards.empty() || !DT.dominates(R.L->getHeader(), Exit))
        continue;
      const SCEV *Top = addOrNull(SE, R.Lo, R.Len);
      std::optional<int64_t> Above = smallConstant(minusOrNull(SE, Addr, Top));
      if (!Above || *Above > 0 || *Above < -R.MinLen)
        continue;
      int64_t End = *Above + (int64_t)S.Size;
      if (End > 0) {
        const SCEV *Len =
            addOrNull(SE, R.Len, SE.getConstant(R.Len->getType(), End));
        if (!Len)
          continue;
        R.Len = Len;
        R.MinLen += End;
      }
      ++R.Covered;
      Hoisted[S.Index] = true;
      ++NumAbsorbedExitAccesses;
      break;
    }
  }
}

void AffineHoister::emit(
    SmallVectorImpl<std::pair<CallInst *, bool>> &Checks) {
  for (const Run &R : Runs) {
    Instruction *At = R.L->getLoopPreheader()->getTerminator();
    SCEVExpander Expander(SE, At->getModule()->getDataLayout(),
                          "mpisync.range");
    Type *IntptrTy = R.Len->getType();
    Value *LoV = Expander.expandCodeFor(
        R.Lo, PointerType::getUnqual(At->getContext()), At);
    Value *LenV = Expander.expandCodeFor(R.Len, IntptrTy, At);
    // Guarded: no bytes unless every guard holds (a check of 0 bytes is
    // none, and the length computed then may be anything).
    Value *All = nullptr;
    if (!R.Guards.empty()) {
      IRBuilder<> IRB(At);
      for (const Guard &G : R.Guards) {
        Value *Holds = G.WhenTrue ? G.Cond : IRB.CreateNot(G.Cond);
        All = All ? IRB.CreateAnd(All, Holds) : Holds;
      }
    }
    CallInst *Call;
    if (R.Stride) {
      Value *StrideV = Expander.expandCodeFor(R.Stride, IntptrTy, At);
      Value *LastV = Expander.expandCodeFor(R.LastRow, IntptrTy, At);
      Call = Emitter.emitRowsCheck(At, LoV, LenV, StrideV, LastV, All,
                                   R.IsWrite, checkLocation(R.Named));
    } else {
      if (All) {
        IRBuilder<> IRB(At);
        LenV = IRB.CreateSelect(All, LenV, ConstantInt::get(IntptrTy, 0),
                                "mpisync.guarded.len");
      }
      Call = Emitter.emitRangeCheck(At, LoV, LenV, R.IsWrite,
                                    checkLocation(R.Named));
    }
    Checks.push_back({Call, R.IsWrite});
    ++NumHoistedRanges;
    NumHoistedAffine += R.Covered;
  }
  NumAffineWithGaps += WithGaps;
}

} // namespace mpisync
