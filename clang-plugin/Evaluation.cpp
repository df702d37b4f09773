//===- Evaluation.cpp - Integers and conditions on a path -----------------===//
//
// The value of an integer expression and the truth of a condition on one
// path: constants, arithmetic on known values, and the facts (ranges of
// terms) the path has learned. Comparisons are normalized to "term Op
// constant" on one term, a difference of two terms where both sides vary.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "Ranges.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace mpisync {

std::optional<Int> FunctionAnalysis::evalInt(const Expr *E, const PathState &S,
                                             int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (E->getType()->isIntegralOrEnumerationType() && !E->HasSideEffects(Ctx)) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.isRepresentableByInt64())
        return V.getExtValue();
      return std::nullopt;
    }
  }
  auto Known = [&](const Expr *X) -> std::optional<Int> {
    if (auto T = termOf(X, S)) {
      auto It = S.Facts.find(*T);
      if (It != S.Facts.end())
        return It->second.exact();
    }
    return std::nullopt;
  };
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
      return Known(CE);
    case CK_NoOp:
    case CK_IntegralCast:
      return evalInt(CE->getSubExpr(), S, Depth + 1);
    case CK_IntegralToBoolean:
      if (auto V = evalInt(CE->getSubExpr(), S, Depth + 1))
        return *V != 0;
      return std::nullopt;
    default:
      return Known(CE);
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = evalInt(UO->getSubExpr(), S, Depth + 1);
    if (!V)
      return UO->getOpcode() == UO_LNot ? std::nullopt : Known(UO);
    switch (UO->getOpcode()) {
    case UO_Minus:
      return *V == NegInf ? std::nullopt : std::optional<Int>(-*V);
    case UO_Plus:
      return V;
    case UO_Not:
      return ~*V;
    case UO_LNot:
      return *V == 0;
    default:
      return std::nullopt;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isComparisonOp() || BO->isLogicalOp()) {
      if (auto C = evalCond(BO, S, Depth + 1))
        return *C ? 1 : 0;
      return std::nullopt;
    }
    auto L = evalInt(BO->getLHS(), S, Depth + 1);
    auto R = L ? evalInt(BO->getRHS(), S, Depth + 1) : std::nullopt;
    if (!L || !R)
      return Known(BO);
    return applyArithmetic(BO->getOpcode(), *L, *R);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (auto C = evalCond(CO->getCond(), S, Depth + 1))
      return evalInt(*C ? CO->getTrueExpr() : CO->getFalseExpr(), S, Depth + 1);
    return Known(CO);
  }
  return Known(E);
}

Range FunctionAnalysis::rangeOf(const Expr *E, const PathState &S) {
  Range R;
  if (auto V = evalInt(E, S)) {
    R.Lo = R.Hi = *V;
    return R;
  }
  if (auto T = termOf(E, S)) {
    auto It = S.Facts.find(*T);
    if (It != S.Facts.end())
      return It->second;
  }
  return R;
}

std::optional<FunctionAnalysis::Linear>
FunctionAnalysis::linear(const Expr *E, const PathState &S, int Depth) {
  if (Depth > 8)
    return std::nullopt;
  if (auto V = evalInt(E, S))
    return Linear{std::nullopt, *V};
  const Expr *X = E->IgnoreParens();
  while (const auto *CE = dyn_cast<ImplicitCastExpr>(X)) {
    if (CE->getCastKind() != CK_IntegralCast && CE->getCastKind() != CK_NoOp)
      break;
    X = CE->getSubExpr()->IgnoreParens();
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
    if (BO->isAdditiveOp() && BO->getType()->isIntegralOrEnumerationType()) {
      bool Sub = BO->getOpcode() == BO_Sub;
      auto C = evalInt(BO->getRHS(), S);
      const Expr *Rest = BO->getLHS();
      if (!C && !Sub) {
        C = evalInt(BO->getLHS(), S);
        Rest = BO->getRHS();
      }
      if (C) {
        auto L = linear(Rest, S, Depth + 1);
        Int Out;
        if (L && !(Sub ? __builtin_sub_overflow(L->Offset, *C, &Out)
                       : __builtin_add_overflow(L->Offset, *C, &Out)))
          return Linear{L->Term, Out};
        return std::nullopt;
      }
    }
  }
  if (auto T = termOf(E, S))
    return Linear{T, 0};
  return std::nullopt;
}

std::optional<FunctionAnalysis::NormalCompare>
FunctionAnalysis::normalize(BinaryOperatorKind Op, const Expr *L, const Expr *R,
                            const PathState &S) {
  auto A = linear(L, S), B = linear(R, S);
  if (!A || !B)
    return std::nullopt;
  NormalCompare N;
  Int C;
  if (!A->Term && !B->Term) {
    N.Value = compareValues(A->Offset, Op, B->Offset);
    return N;
  }
  if (A->Term && B->Term && *A->Term == *B->Term) {
    N.Value = compareValues(A->Offset, Op, B->Offset);
    return N;
  }
  // TA + a Op TB + b  <=>  TA - TB Op b - a
  if (!B->Term) {
    if (__builtin_sub_overflow(B->Offset, A->Offset, &C))
      return std::nullopt;
    N.Term = *A->Term;
    N.Op = Op;
  } else if (!A->Term) {
    if (__builtin_sub_overflow(A->Offset, B->Offset, &C))
      return std::nullopt;
    N.Term = *B->Term;
    N.Op = swapComparison(Op);
  } else if (*A->Term < *B->Term) {
    if (__builtin_sub_overflow(B->Offset, A->Offset, &C))
      return std::nullopt;
    N.Term = Terms.diffTerm(*A->Term, *B->Term);
    N.Op = Op;
  } else {
    if (__builtin_sub_overflow(A->Offset, B->Offset, &C))
      return std::nullopt;
    N.Term = Terms.diffTerm(*B->Term, *A->Term);
    N.Op = swapComparison(Op);
  }
  N.C = C;
  return N;
}

std::optional<bool> FunctionAnalysis::evalCompare(BinaryOperatorKind Op,
                                                  const Expr *L, const Expr *R,
                                                  const PathState &S) {
  auto N = normalize(Op, L, R, S);
  if (!N)
    return std::nullopt;
  if (N->Value)
    return N->Value;
  auto It = S.Facts.find(N->Term);
  if (It == S.Facts.end())
    return std::nullopt;
  return decide(It->second, N->Op, N->C);
}

std::optional<bool> FunctionAnalysis::evalCond(const Expr *E,
                                               const PathState &S, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E))
    if (CE->getCastKind() == CK_IntegralToBoolean ||
        CE->getCastKind() == CK_PointerToBoolean ||
        CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_IntegralCast)
      return evalCond(CE->getSubExpr(), S, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot) {
      if (auto C = evalCond(UO->getSubExpr(), S, Depth + 1))
        return !*C;
      return std::nullopt;
    }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      bool IsAnd = BO->getOpcode() == BO_LAnd;
      auto L = evalCond(BO->getLHS(), S, Depth + 1);
      if (L && *L != IsAnd)
        return !IsAnd;
      auto R = evalCond(BO->getRHS(), S, Depth + 1);
      if (R && *R != IsAnd)
        return !IsAnd;
      if (L && R)
        return IsAnd;
      return std::nullopt;
    }
    if (BO->isComparisonOp())
      return evalCompare(BO->getOpcode(), BO->getLHS(), BO->getRHS(), S);
  }
  return decide(rangeOf(E, S), BO_NE, 0);
}

} // namespace mpisync
