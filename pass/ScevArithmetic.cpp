//===- ScevArithmetic.cpp - SCEV arithmetic that may answer "not known" --===//
#include "ScevArithmetic.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

using namespace llvm;

namespace mpisync {

const SCEV *knownOrNull(const SCEV *S) {
  return S && !isa<SCEVCouldNotCompute>(S) ? S : nullptr;
}

namespace {
// Both known, and of one width: ScalarEvolution asserts that operands of
// one expression have the same type (pointers count as their index width).
bool sameWidth(ScalarEvolution &SE, const SCEV *A, const SCEV *B) {
  return knownOrNull(A) && knownOrNull(B) &&
         SE.getEffectiveSCEVType(A->getType()) ==
             SE.getEffectiveSCEVType(B->getType());
}
} // namespace

const SCEV *addOrNull(ScalarEvolution &SE, const SCEV *A, const SCEV *B) {
  if (!sameWidth(SE, A, B) ||
      (A->getType()->isPointerTy() && B->getType()->isPointerTy()))
    return nullptr;
  return knownOrNull(SE.getAddExpr(A, B));
}

const SCEV *minusOrNull(ScalarEvolution &SE, const SCEV *A, const SCEV *B) {
  if (!sameWidth(SE, A, B))
    return nullptr;
  if (B->getType()->isPointerTy() &&
      (!A->getType()->isPointerTy() || A->getType() != B->getType() ||
       SE.getPointerBase(A) != SE.getPointerBase(B)))
    return nullptr;
  return knownOrNull(SE.getMinusSCEV(A, B));
}

const SCEV *lastValueOrNull(ScalarEvolution &SE, const SCEVAddRecExpr *AR) {
  const SCEV *Taken = knownOrNull(SE.getBackedgeTakenCount(AR->getLoop()));
  if (!Taken || !AR->isAffine())
    return nullptr;
  return knownOrNull(AR->evaluateAtIteration(Taken, SE));
}

std::optional<int64_t> smallConstant(const SCEV *S) {
  const auto *C = dyn_cast_or_null<SCEVConstant>(S);
  if (!C || C->getAPInt().getSignificantBits() > 32)
    return std::nullopt;
  return C->getAPInt().getSExtValue();
}

} // namespace mpisync
