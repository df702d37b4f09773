//===- Facts.cpp - What branches add to the facts, and stores take away ---===//
//
// Facts are ranges of terms on one path. A branch taken constrains them
// (assume); a store forgets the facts it may change, a variable's own, those
// read through pointers, globals; a loop widened past its unrolling keeps
// only a bound the function compares with.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "GlobalEffects.h"
#include "MPITypes.h"
#include "Ranges.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace mpisync {

bool FunctionAnalysis::constrainTerm(unsigned T, BinaryOperatorKind Op, Int C,
                                     PathState &S) {
  Range R;
  auto It = S.Facts.find(T);
  if (It != S.Facts.end())
    R = It->second;
  if (!constrainRange(R, Op, C))
    return false;
  if (R.isFull())
    S.Facts.erase(T);
  else
    S.Facts[T] = R;
  return true;
}

bool FunctionAnalysis::assumeCompare(BinaryOperatorKind Op, const Expr *L,
                                     const Expr *R, bool Truth, PathState &S) {
  if (!Truth)
    Op = negateComparison(Op);
  auto N = normalize(Op, L, R, S);
  if (!N)
    return true;
  if (N->Value)
    return *N->Value;
  return constrainTerm(N->Term, N->Op, N->C, S);
}

std::vector<std::pair<unsigned, Range>>
FunctionAnalysis::shiftedDiffs(const VarDecl *V, Int By, const PathState &S) {
  std::vector<std::pair<unsigned, Range>> Out;
  if (!canHaveFacts(V) || !V->getType()->isIntegralOrEnumerationType())
    return Out;
  unsigned Own = *Terms.varTerm(V);
  for (unsigned T : Terms.termsOf(V)) {
    const TermTable::Info &I = Terms.info(T);
    if (I.DiffA < 0)
      continue;
    int Other = I.DiffA == (int)Own   ? I.DiffB
                : I.DiffB == (int)Own ? I.DiffA
                                      : -1;
    if (Other < 0 || llvm::is_contained(Terms.info(Other).Vars, V))
      continue;
    auto F = S.Facts.find(T);
    if (F == S.Facts.end())
      continue;
    Range R = F->second;
    R.shift(I.DiffA == (int)Own ? By : -By);
    if (!R.isFull())
      Out.push_back({T, R});
  }
  return Out;
}

bool FunctionAnalysis::assume(const Expr *E, bool Truth, PathState &S,
                              int Depth) {
  if (Depth > 16)
    return true;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E))
    if (CE->getCastKind() == CK_IntegralToBoolean ||
        CE->getCastKind() == CK_PointerToBoolean ||
        CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_IntegralCast)
      return assume(CE->getSubExpr(), Truth, S, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot)
      return assume(UO->getSubExpr(), !Truth, S, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      bool IsAnd = BO->getOpcode() == BO_LAnd;
      if (Truth == IsAnd) // both sides take the value
        return assume(BO->getLHS(), Truth, S, Depth + 1) &&
               assume(BO->getRHS(), Truth, S, Depth + 1);
      auto L = evalCond(BO->getLHS(), S), R = evalCond(BO->getRHS(), S);
      if (L && *L == IsAnd)
        return assume(BO->getRHS(), Truth, S, Depth + 1);
      if (R && *R == IsAnd)
        return assume(BO->getLHS(), Truth, S, Depth + 1);
      return true;
    }
    if (BO->isComparisonOp())
      return assumeCompare(BO->getOpcode(), BO->getLHS(), BO->getRHS(), Truth,
                           S);
  }
  if (auto V = evalInt(E, S))
    return (*V != 0) == Truth;
  auto T = termOf(E, S);
  return !T || constrainTerm(*T, Truth ? BO_NE : BO_EQ, 0, S);
}

void FunctionAnalysis::forgetTerms(const std::vector<unsigned> &Ts,
                                   PathState &S) {
  if (S.Facts.empty())
    return;
  for (unsigned T : Ts)
    S.Facts.erase(T);
}

void FunctionAnalysis::forgetPointerTargets(PathState &S) {
  forgetTerms(Terms.memoryTerms(), S);
  for (unsigned T : Terms.globalTerms())
    for (const VarDecl *V : Terms.info(T).Vars)
      if (V->hasGlobalStorage() && Globals.addressTaken(V))
        S.Facts.erase(T);
}

void FunctionAnalysis::forgetVar(const VarDecl *V, PathState &S) {
  forgetTerms(Terms.termsOf(V), S);
}

void FunctionAnalysis::setVar(const VarDecl *V, std::optional<Int> Value,
                              PathState &S) {
  forgetVar(V, S);
  if (Value && canHaveFacts(V))
    if (auto T = Terms.varTerm(V)) {
      Range R;
      R.assign(*Value);
      S.Facts[*T] = R;
    }
}

// A store to LHS (at L if known): what facts and names it invalidates.
void FunctionAnalysis::writeEffects(const Expr *LHS,
                                    const std::optional<Location> &L,
                                    PathState &S) {
  if (L && !L->Base.Deref) {
    const VarDecl *V = L->Base.Var;
    Int Size = sizeOf(LHS->getType(), Ctx).value_or(0);
    if (L->Offset && Size > 0 && !S.Facts.empty()) {
      // An element: facts about the other elements stay.
      for (unsigned T : Terms.termsOf(V)) {
        const TermTable::Info &I = Terms.info(T);
        if (I.LocVar == V && (I.LocOffset + I.LocSize <= *L->Offset ||
                              *L->Offset + Size <= I.LocOffset))
          continue;
        S.Facts.erase(T);
      }
    } else {
      forgetVar(V, S);
    }
    if (isPointerBase(V))
      dropPointerBase(S, V);
    return;
  }
  // Through a pointer, or somewhere unknown: it may be any global or
  // anything read through a pointer.
  QualType T = LHS->getType().getCanonicalType();
  if (T->isRealFloatingType() || T->isAnyComplexType())
    return;
  forgetPointerTargets(S);
}

void FunctionAnalysis::widen(const Stmt *Loop, PathState &S) {
  auto It = Scan.Loops.find(Loop);
  if (It == Scan.Loops.end())
    return;
  for (const VarDecl *V : It->second.RequestVars) {
    forgetBase(S, MemBase{V, false}, /*Ambiguous=*/true);
    forgetBase(S, MemBase{V, true}, /*Ambiguous=*/true);
  }
  for (const auto &[V, Dir] : It->second.Changed) {
    std::optional<unsigned> Own =
        canHaveFacts(V) && !V->getType()->isArrayType() ? Terms.varTerm(V)
                                                        : std::nullopt;
    std::optional<Range> Kept;
    if (Own) {
      auto F = S.Facts.find(*Own);
      if (F != S.Facts.end() && Dir != 0) {
        // Widen to the nearest constant the function compares V with.
        const std::vector<Int> &Th = Scan.Thresholds.lookup(V);
        Range R;
        if (Dir > 0) {
          R.Lo = NegInf;
          for (Int C : Th)
            if (C <= F->second.Lo && C > R.Lo)
              R.Lo = C;
          for (Int C : {Int(-1), Int(0), Int(1)})
            if (C <= F->second.Lo && C > R.Lo)
              R.Lo = C;
        } else {
          R.Hi = PosInf;
          for (Int C : Th)
            if (C >= F->second.Hi && C < R.Hi)
              R.Hi = C;
          for (Int C : {Int(-1), Int(0), Int(1)})
            if (C >= F->second.Hi && C < R.Hi)
              R.Hi = C;
        }
        if (!R.isFull())
          Kept = R;
      }
    }
    forgetVar(V, S);
    if (Kept)
      S.Facts[*Own] = *Kept;
  }
}

} // namespace mpisync
