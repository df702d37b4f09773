//===- Locations.cpp - Addresses of lvalues and pointers ------------------===//
//
// The memory an lvalue or a pointer expression names: a variable's own
// storage or what a local pointer points to (MemBase), at a byte offset if it
// is known (array indices, struct fields, pointer arithmetic).
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace mpisync {

std::optional<Location>
FunctionAnalysis::evalLValue(const Expr *E, const PathState &S, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || V->getType()->isReferenceType())
      return std::nullopt;
    return Location{MemBase{V, false}, Int(0)};
  }
  auto Add = [](Location L, std::optional<Int> By) {
    if (L.Offset && By && !__builtin_add_overflow(*L.Offset, *By, &*L.Offset))
      return L;
    L.Offset.reset();
    return L;
  };
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    auto P = evalPointer(ASE->getBase(), S, Depth + 1);
    if (!P)
      return std::nullopt;
    auto Idx = evalInt(ASE->getIdx(), S);
    auto Elem = sizeOf(ASE->getType(), Ctx);
    std::optional<Int> By;
    Int Prod;
    if (Idx && Elem && !__builtin_mul_overflow(*Idx, *Elem, &Prod))
      By = Prod;
    return Add(*P, By);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField())
      return std::nullopt;
    auto P = ME->isArrow() ? evalPointer(ME->getBase(), S, Depth + 1)
                           : evalLValue(ME->getBase(), S, Depth + 1);
    if (!P)
      return std::nullopt;
    const RecordDecl *RD = FD->getParent();
    if (RD->isInvalidDecl() || !RD->getDefinition())
      return std::nullopt;
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    return Add(*P, Int(RL.getFieldOffset(FD->getFieldIndex()) / 8));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return evalPointer(UO->getSubExpr(), S, Depth + 1);
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (IC->getCastKind() == CK_NoOp)
      return evalLValue(IC->getSubExpr(), S, Depth + 1);
  return std::nullopt;
}

std::optional<Location>
FunctionAnalysis::evalPointer(const Expr *E, const PathState &S, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return evalLValue(CE->getSubExpr(), S, Depth + 1);
    case CK_NoOp:
    case CK_BitCast:
      return evalPointer(CE->getSubExpr(), S, Depth + 1);
    case CK_LValueToRValue: {
      const auto *DRE = dyn_cast<DeclRefExpr>(CE->getSubExpr()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (V && isPointerBase(V)) {
        auto It = S.Pointees.find(V);
        if (It != S.Pointees.end())
          return It->second;
        return Location{MemBase{V, true}, Int(0)};
      }
      return std::nullopt;
    }
    default:
      return std::nullopt;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      return evalLValue(UO->getSubExpr(), S, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (!BO->isAdditiveOp())
      return std::nullopt;
    const Expr *Ptr = BO->getLHS(), *Num = BO->getRHS();
    if (!Ptr->getType()->isPointerType())
      std::swap(Ptr, Num);
    if (!Ptr->getType()->isPointerType() || Num->getType()->isPointerType())
      return std::nullopt;
    auto P = evalPointer(Ptr, S, Depth + 1);
    if (!P)
      return std::nullopt;
    auto N = evalInt(Num, S);
    auto Elem = sizeOf(Ptr->getType()->getPointeeType(), Ctx);
    Int By;
    if (!N || !Elem || __builtin_mul_overflow(*N, *Elem, &By) ||
        (BO->getOpcode() == BO_Sub && By == NegInf) || !P->Offset ||
        __builtin_add_overflow(*P->Offset, BO->getOpcode() == BO_Sub ? -By : By,
                               &*P->Offset))
      P->Offset.reset();
    return P;
  }
  return std::nullopt;
}

} // namespace mpisync
