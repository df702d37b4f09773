//===- GlobalEffects.cpp - Which globals a call may change ----------------===//
#include "GlobalEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace mpisync {

namespace {

const VarDecl *globalOf(const Expr *E) {
  // The variable an lvalue belongs to: g, g[i], g.f, g.a[i].f
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return nullptr;
      E = ASE->getBase();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
    } else {
      break;
    }
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasGlobalStorage() ? V : nullptr;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx,
            llvm::DenseMap<const FunctionDecl *, GlobalEffects::Summary> &Fns,
            llvm::DenseSet<const VarDecl *> &AddressTaken,
            llvm::DenseSet<const VarDecl *> &Kept)
      : Ctx(Ctx), Fns(Fns), AddressTaken(AddressTaken), Kept(Kept) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    return skippedAsSystem(D, Ctx.getSourceManager()) ||
           RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    if (FD->doesThisDeclarationHaveABody()) {
      Current = FD->getCanonicalDecl();
      Fns[Current];
      PM = std::make_unique<ParentMap>(FD->getBody());
    }
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      write(globalOf(BO->getLHS()));
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      write(globalOf(UO->getSubExpr()));
    if (UO->getOpcode() == UO_AddrOf)
      address(UO->getSubExpr(), UO);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *IC) {
    if (IC->getCastKind() == CK_ArrayToPointerDecay)
      address(IC->getSubExpr(), IC);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (!Current)
      return true;
    GlobalEffects::Summary &S = Fns[Current];
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD) {
      S.CallsUnknown = true;
      return true;
    }
    StringRef Name = FD->getIdentifier() ? FD->getName() : "";
    // MPI and the C library write only what they are given.
    if (Name.starts_with("MPI_") || Name.starts_with("PMPI_") ||
        FD->getBuiltinID() ||
        Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return true;
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def))
      S.Callees.insert(Def->getCanonicalDecl());
    else
      S.CallsUnknown = true;
    return true;
  }

private:
  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, GlobalEffects::Summary> &Fns;
  llvm::DenseSet<const VarDecl *> &AddressTaken, &Kept;
  const FunctionDecl *Current = nullptr;
  std::unique_ptr<ParentMap> PM;

  void write(const VarDecl *V) {
    if (V && Current)
      Fns[Current].Writes.insert(V);
  }

  // &g or g decayed: a direct call argument is a write by the call (in
  // this function); anything else keeps the address.
  void address(const Expr *LV, const Expr *Addr) {
    const VarDecl *V = globalOf(LV);
    if (!V)
      return;
    AddressTaken.insert(V);
    write(V);
    const Stmt *P =
        PM && Current ? PM->getParentIgnoreParenCasts(Addr) : nullptr;
    if (P && (isa<CallExpr>(P) || isa<ArraySubscriptExpr>(P) ||
              isa<MemberExpr>(P) || isa<UnaryOperator>(P)))
      return;
    Kept.insert(V);
  }
};

} // namespace

void GlobalEffects::compute(ASTContext &Ctx) {
  Collector C(Ctx, Functions, AddressTaken, Kept);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  // Through the calls, to a fixed point.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[F, S] : Functions) {
      for (const FunctionDecl *G : S.Callees) {
        auto It = Functions.find(G);
        if (It == Functions.end() || It->first == F)
          continue;
        const Summary &Callee = It->second;
        if (Callee.CallsUnknown && !S.CallsUnknown)
          S.CallsUnknown = Changed = true;
        for (const VarDecl *V : Callee.Writes)
          Changed |= S.Writes.insert(V).second;
      }
    }
  }
}

bool GlobalEffects::mayWrite(const FunctionDecl *F, const VarDecl *V) const {
  if (Kept.count(V))
    return true;
  auto It = F ? Functions.find(F->getCanonicalDecl()) : Functions.end();
  if (It == Functions.end())
    return V->isExternallyVisible() || AddressTaken.count(V);
  return It->second.Writes.count(V) ||
         (It->second.CallsUnknown && V->isExternallyVisible());
}

} // namespace mpisync
