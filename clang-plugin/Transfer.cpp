//===- Transfer.cpp - Transfer functions of statements --------------------===//
//
// What one CFG element does to a path's state: reads and writes (checked
// against pending buffers), assignments (new facts, where pointers point,
// request handles copied or overwritten), declarations, atomics; calls go to
// CallEffects.cpp.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace mpisync {

void FunctionAnalysis::transfer(const Stmt *St, PathState S,
                                std::vector<PathState> &Out) {
  if (const auto *CE = dyn_cast<CallExpr>(St)) {
    size_t Before = Out.size();
    handleCall(CE, std::move(S), Out);
    for (size_t I = Before; I < Out.size(); ++I)
      collectGarbage(Out[I]);
    return;
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(St)) {
    if (ICE->getCastKind() == CK_LValueToRValue)
      handleRead(ICE, S);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
    if (BO->isAssignmentOp())
      handleAssign(BO, S);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
    if (UO->isIncrementDecrementOp())
      handleIncDec(UO, S);
  } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Dc : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(Dc))
        handleDecl(V, S);
  } else if (const auto *AE = dyn_cast<AtomicExpr>(St)) {
    handleAtomic(AE, S);
  } else if (isa<CXXConstructExpr>(St) || isa<CXXNewExpr>(St) ||
             isa<CXXDeleteExpr>(St)) {
    userCallEffects(S, nullptr);
  }
  collectGarbage(S);
  Out.push_back(std::move(S));
}

void FunctionAnalysis::handleRead(const ImplicitCastExpr *ICE, PathState &S) {
  const Expr *LV = ICE->getSubExpr();
  auto L = evalLValue(LV, S);
  if (L)
    checkAccess(S, *L, sizeOf(LV->getType(), Ctx).value_or(1), false, LV);
  // A flag another thread sets (volatile int done; _Atomic int ready).
  if (LV->getType().isVolatileQualified() || LV->getType()->isAtomicType())
    threadSync(S);
  if (!isRequestType(LV->getType(), Ctx) || !L || !L->Offset ||
      !isTrackedRequestBase(L->Base))
    return;
  Content C = slot(S, {L->Base, *L->Offset});
  if (C.K != Content::Op)
    return;
  // A copy of the handle: where does it go?
  const Stmt *P = PM.getParentIgnoreParenCasts(ICE);
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
    if (BO->isComparisonOp() ||
        (BO->getOpcode() == BO_Assign &&
         BO->getRHS()->IgnoreParenCasts() == ICE->IgnoreParenCasts()))
      return; // compared, or handled by the assignment
  }
  if (P && (isa<DeclStmt>(P) || isa<CallExpr>(P)))
    return; // handled by the declaration or the call
  S.Ops[C.Id].Shared = true;
}

void FunctionAnalysis::handleAssign(const BinaryOperator *BO, PathState &S) {
  const Expr *LHS = BO->getLHS();
  auto L = evalLValue(LHS, S);
  Int Size = sizeOf(LHS->getType(), Ctx).value_or(1);
  if (L) {
    if (BO->isCompoundAssignmentOp())
      checkAccess(S, *L, Size, false, LHS);
    checkAccess(S, *L, Size, true, LHS);
  }
  if (isRequestType(LHS->getType(), Ctx)) {
    Content C = BO->getOpcode() == BO_Assign ? requestValue(BO->getRHS(), S)
                                             : Content::of(Content::Unknown);
    writeRequest(S, L, C, LHS);
    writeEffects(LHS, L, S);
    return;
  }
  // The new value, computed before what the store invalidates is forgotten.
  std::optional<unsigned> Target;
  const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  if (!DRE ||
      (!DRE->getType()->isArrayType() && !DRE->getType()->isRecordType()))
    if (!isa<CallExpr>(LHS->IgnoreParenImpCasts()))
      Target = termOf(LHS, S);
  if (Target && Terms.info(*Target).Var == nullptr &&
      Terms.info(*Target).LocVar == nullptr)
    Target.reset(); // only variables and elements are assigned a value
  Range New;
  std::vector<std::pair<unsigned, Range>> Diffs;
  if (Target) {
    if (BO->getOpcode() == BO_Assign) {
      New = rangeOf(BO->getRHS(), S);
    } else if (BO->getOpcode() == BO_AddAssign ||
               BO->getOpcode() == BO_SubAssign) {
      auto By = evalInt(BO->getRHS(), S);
      Range R = rangeOf(LHS, S);
      if (By && *By != NegInf) {
        Int Delta = BO->getOpcode() == BO_AddAssign ? *By : -*By;
        if (!R.isFull()) {
          R.shift(Delta);
          New = R;
        }
        if (Terms.info(*Target).Var)
          Diffs = shiftedDiffs(Terms.info(*Target).Var, Delta, S);
      }
    }
  }
  // p = buf + 2: where a local pointer points.
  std::optional<Location> Pointee;
  const VarDecl *PV = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (PV && isPointerBase(PV)) {
    if (BO->getOpcode() == BO_Assign) {
      Pointee = evalPointer(BO->getRHS(), S);
    } else if (BO->getOpcode() == BO_AddAssign ||
               BO->getOpcode() == BO_SubAssign) {
      auto It = S.Pointees.find(PV);
      auto N = evalInt(BO->getRHS(), S);
      auto Elem = sizeOf(PV->getType()->getPointeeType(), Ctx);
      if (It != S.Pointees.end()) {
        Pointee = It->second;
        Int By;
        if (!N || !Elem || !Pointee->Offset ||
            __builtin_mul_overflow(*N, *Elem, &By) || By == NegInf ||
            __builtin_add_overflow(*Pointee->Offset,
                                   BO->getOpcode() == BO_AddAssign ? By : -By,
                                   &*Pointee->Offset))
          Pointee->Offset.reset();
      }
    }
  }
  writeEffects(LHS, L, S);
  if (Target && !New.isFull())
    S.Facts[*Target] = New;
  for (auto &[T, R] : Diffs)
    S.Facts[T] = R;
  if (Pointee && !(Pointee->Base.Deref && Pointee->Base.Var == PV))
    S.Pointees[PV] = *Pointee;
}

void FunctionAnalysis::handleIncDec(const UnaryOperator *UO, PathState &S) {
  const Expr *Sub = UO->getSubExpr();
  auto L = evalLValue(Sub, S);
  Int Size = sizeOf(Sub->getType(), Ctx).value_or(1);
  if (L) {
    checkAccess(S, *L, Size, false, Sub);
    checkAccess(S, *L, Size, true, Sub);
  }
  const auto *PDRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts());
  const VarDecl *PV = PDRE ? dyn_cast<VarDecl>(PDRE->getDecl()) : nullptr;
  if (PV && isPointerBase(PV)) {
    auto It = S.Pointees.find(PV);
    std::optional<Location> Pointee;
    if (It != S.Pointees.end()) {
      Pointee = It->second;
      auto Elem = sizeOf(PV->getType()->getPointeeType(), Ctx);
      if (Elem && Pointee->Offset)
        *Pointee->Offset += UO->isIncrementOp() ? *Elem : -*Elem;
      else
        Pointee->Offset.reset();
    }
    writeEffects(Sub, L, S);
    if (Pointee)
      S.Pointees[PV] = *Pointee;
    return;
  }
  std::optional<unsigned> Target;
  std::optional<Range> After;
  std::vector<std::pair<unsigned, Range>> Diffs;
  if (PV)
    Diffs = shiftedDiffs(PV, UO->isIncrementOp() ? 1 : -1, S);
  if (Sub->getType()->isIntegralOrEnumerationType()) {
    Target = termOf(Sub, S);
    if (Target && (Terms.info(*Target).Var || Terms.info(*Target).LocVar)) {
      Range R = rangeOf(Sub, S);
      if (!R.isFull()) {
        R.shift(UO->isIncrementOp() ? 1 : -1);
        After = R;
      }
    }
  }
  writeEffects(Sub, L, S);
  if (After)
    S.Facts[*Target] = *After;
  for (auto &[T, R] : Diffs)
    S.Facts[T] = R;
}

void FunctionAnalysis::handleDecl(const VarDecl *V, PathState &S) {
  if (!V->hasLocalStorage())
    return;
  MemBase B{V, false};
  forgetBase(S, B, false);
  S.Defaults.erase(B);
  if (isPointerBase(V))
    dropPointerBase(S, V);
  forgetVar(V, S);
  const Expr *Init = V->getInit();
  if (Init && isPointerBase(V))
    if (auto L = evalPointer(Init, S))
      S.Pointees[V] = *L;
  if (containsRequest(V->getType(), Ctx) && isLocal(V)) {
    S.Defaults[B] = Init ? Content::Unknown : Content::Uninit;
    if (!Init)
      return;
    if (isRequestType(V->getType(), Ctx)) {
      writeRequest(S, Location{B, Int(0)}, requestValue(Init, S), nullptr);
    } else if (const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParens())) {
      const ArrayType *AT = Ctx.getAsArrayType(V->getType());
      if (AT && isRequestType(AT->getElementType(), Ctx))
        for (unsigned I = 0; I < IL->getNumInits(); ++I)
          writeRequest(S, Location{B, Int(I) * RequestSize},
                       requestValue(IL->getInit(I), S), nullptr);
    }
    return;
  }
  if (!Init || !canHaveFacts(V))
    return;
  if (const ArrayType *AT = Ctx.getAsArrayType(V->getType())) {
    // int done[3] = {0}: facts about each element.
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParens());
    QualType ET = AT->getElementType();
    auto Elem = sizeOf(ET, Ctx);
    if (!CAT || !IL || !ET->isIntegralOrEnumerationType() || !Elem)
      return;
    uint64_t N = std::min<uint64_t>(CAT->getZExtSize(), 64);
    for (uint64_t I = 0; I < N; ++I) {
      std::optional<Int> Value =
          I < IL->getNumInits() ? evalInt(IL->getInit(I), S) : Int(0);
      if (Value) {
        Range R;
        R.assign(*Value);
        S.Facts[Terms.locTerm(V, Int(I) * *Elem, *Elem)] = R;
      }
    }
    return;
  }
  if (!V->getType()->isRecordType()) {
    Range R = rangeOf(Init, S);
    if (!R.isFull())
      if (auto T = Terms.varTerm(V))
        S.Facts[*T] = R;
  }
}

// __atomic_* and __c11_atomic_*: an access through their pointer.
void FunctionAnalysis::handleAtomic(const AtomicExpr *AE, PathState &S) {
  if (auto L = evalPointer(AE->getPtr(), S)) {
    Int Size =
        sizeOf(AE->getPtr()->getType()->getPointeeType(), Ctx).value_or(1);
    std::string Desc =
        "atomic operation on '" + pointeeText(AE->getPtr(), Ctx) + "'";
    switch (AE->getOp()) {
    case AtomicExpr::AO__atomic_load:
    case AtomicExpr::AO__atomic_load_n:
    case AtomicExpr::AO__c11_atomic_load:
      checkAccess(S, *L, Size, false, AE->getPtr(), Desc);
      break;
    case AtomicExpr::AO__atomic_store:
    case AtomicExpr::AO__atomic_store_n:
    case AtomicExpr::AO__c11_atomic_store:
      checkAccess(S, *L, Size, true, AE->getPtr(), Desc);
      break;
    default:
      checkAccess(S, *L, Size, false, AE->getPtr(), Desc);
      checkAccess(S, *L, Size, true, AE->getPtr(), Desc);
      break;
    }
    writeEffects(AE->getPtr(), std::nullopt, S);
  }
  if (AE->getOp() != AtomicExpr::AO__atomic_store &&
      AE->getOp() != AtomicExpr::AO__atomic_store_n &&
      AE->getOp() != AtomicExpr::AO__c11_atomic_store)
    threadSync(S);
}

} // namespace mpisync
