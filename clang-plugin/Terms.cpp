//===- Terms.cpp - Expressions as terms -----------------------------------===//
//
// Which term (TermTable) an expression's value is: the same term however it
// is written (casts that keep the value, done[0] and done[i] with i == 0,
// equal expressions), so facts learned about one spelling apply to all.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace mpisync {

bool FunctionAnalysis::termShape(const Expr *E, TermTable::Info &I, int Depth) {
  if (Depth > 12)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !canHaveFacts(V))
      return false;
    I.Vars.push_back(V);
    I.ReadsGlobal |= V->hasGlobalStorage();
    return true;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_PointerToBoolean:
    case CK_ArrayToPointerDecay:
    case CK_BitCast:
    case CK_NullToPointer:
    case CK_IntegralToPointer:
    case CK_PointerToIntegral:
      return termShape(CE->getSubExpr(), I, Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Minus:
    case UO_Plus:
    case UO_Not:
    case UO_LNot:
      return termShape(UO->getSubExpr(), I, Depth + 1);
    case UO_Deref:
      I.ReadsMemory = true;
      return termShape(UO->getSubExpr(), I, Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)
      return false;
    return termShape(BO->getLHS(), I, Depth + 1) &&
           termShape(BO->getRHS(), I, Depth + 1);
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      I.ReadsMemory = true;
    return termShape(ASE->getBase(), I, Depth + 1) &&
           termShape(ASE->getIdx(), I, Depth + 1);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      I.ReadsMemory = true;
    return isa<FieldDecl>(ME->getMemberDecl()) &&
           termShape(ME->getBase(), I, Depth + 1);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return termShape(CO->getCond(), I, Depth + 1) &&
           termShape(CO->getTrueExpr(), I, Depth + 1) &&
           termShape(CO->getFalseExpr(), I, Depth + 1);
  return false;
}

std::optional<unsigned> FunctionAnalysis::termOf(const Expr *E,
                                                 const PathState &S) {
  // Value-preserving wrappers do not make a different term.
  for (;;) {
    E = E->IgnoreParens();
    const auto *CE = dyn_cast<CastExpr>(E);
    if (!CE ||
        !(CE->getCastKind() == CK_LValueToRValue ||
          CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_IntegralCast))
      break;
    E = CE->getSubExpr();
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && canHaveFacts(V) && !V->getType()->isArrayType() &&
        !V->getType()->isRecordType())
      return Terms.varTerm(V);
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (CE->getDirectCallee() && E->getType()->isIntegralOrEnumerationType())
      return Terms.callTerm(CE);
    return std::nullopt;
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    // An element of a local at a known place: the same term however it is
    // written (done[0], done[i] with i == 0).
    QualType T = E->getType();
    if (T->isIntegralOrEnumerationType() || T->isPointerType())
      if (auto L = evalLValue(E, S))
        if (L->Offset && !L->Base.Deref && canHaveFacts(L->Base.Var))
          if (auto Size = sizeOf(T, Ctx))
            return Terms.locTerm(L->Base.Var, *L->Offset, *Size);
  }
  TermTable::Info I;
  if (!termShape(E, I, 0) || I.Vars.empty())
    return std::nullopt;
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  return Terms.exprTerm(ID, std::move(I));
}

} // namespace mpisync
