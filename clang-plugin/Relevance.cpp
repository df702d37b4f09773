//===- Relevance.cpp - Which variables' values the analysis needs ---------===//
//
// Flow-insensitive: one walk collects the seeds (values read in MPI
// arguments, indices and pointer offsets), the assignments (target <-
// variables read) and the conditions with what their branches contain; then
// to a fixed point, an assignment to a relevant variable makes what it reads
// relevant, and a condition whose branches matter makes what it reads
// relevant.
//
//===----------------------------------------------------------------------===//
#include "Relevance.h"
#include "MPICallTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

using namespace clang;

namespace mpisync {

namespace {

using VarSet = llvm::DenseSet<const VarDecl *>;

bool isMPICall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  return lookupMPICall(N) || N.starts_with("MPI_") || N.starts_with("PMPI_");
}

// The variable an lvalue is part of: v, v[i], v.f, v.a[i].f; null through
// a pointer (p[i], p->f: memory the pointer may share with other variables).
const VarDecl *rootVar(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
        ASE && ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = ASE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

// What a set of statements contains, as far as a condition over them goes.
struct Region {
  bool Matters = false;                  // whatever the relevant set
  std::vector<const VarDecl *> Assigned; // matters once one is relevant
};

class RegionScan : public RecursiveASTVisitor<RegionScan> {
public:
  RegionScan(const SourceManager &SM, const VarSet &BufferVars, Region &R)
      : SM(SM), BufferVars(BufferVars), R(R) {}
  bool shouldVisitLambdaBody() const { return false; }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    // MPI, a call that does not return, code the analysis cannot see.
    if (isMPICall(CE) || !FD || FD->isNoReturn() ||
        (!FD->getBuiltinID() && !SM.isInSystemHeader(FD->getLocation())))
      R.Matters = true;
    return !R.Matters;
  }
  bool VisitStmt(Stmt *S) {
    if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt,
            CXXThrowExpr, CoreturnStmt>(S))
      R.Matters = true;
    return !R.Matters;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && BufferVars.count(V))
      R.Matters = true; // an access to an MPI buffer, or a request
    return !R.Matters;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const VarDecl *V = rootVar(BO->getLHS()))
        R.Assigned.push_back(V);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *V = rootVar(UO->getSubExpr()))
        R.Assigned.push_back(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    R.Assigned.push_back(V);
    return true;
  }

private:
  const SourceManager &SM;
  const VarSet &BufferVars;
  Region &R;
};

struct Control {
  const Expr *Cond;
  std::vector<const Stmt *> Branches;
};

struct Assignment {
  const VarDecl *Target;
  std::vector<const VarDecl *> Reads;
};

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const Stmt *Body) : PM(const_cast<Stmt *>(Body)) {}
  bool shouldVisitLambdaBody() const { return false; }

  VarSet Seeds, BufferVars;
  std::vector<Control> Controls;
  std::vector<Assignment> Assignments;

  // The variables E reads as values: not an address taken (&v), not an
  // array handed to a call whole.
  std::vector<const VarDecl *> reads(const Expr *E) {
    std::vector<const VarDecl *> Out;
    if (!E)
      return Out;
    llvm::SmallVector<const Stmt *, 16> Work{E};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        if (V && !addressOnly(DRE))
          Out.push_back(V);
        continue;
      }
      for (const Stmt *C : S->children())
        Work.push_back(C);
    }
    return Out;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (!isMPICall(CE))
      return true;
    for (const Expr *A : CE->arguments()) {
      for (const VarDecl *V : reads(A))
        Seeds.insert(V);
      collectAll(A, BufferVars);
    }
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    for (const VarDecl *V : reads(ASE->getIdx()))
      Seeds.insert(V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAdditiveOp() && BO->getType()->isPointerType()) {
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
        if (!Side->getType()->isPointerType())
          for (const VarDecl *V : reads(Side))
            Seeds.insert(V);
    }
    if (BO->isAssignmentOp()) {
      if (const VarDecl *T = rootVar(BO->getLHS())) {
        Assignment A{T, reads(BO->getRHS())};
        // The indices on the left too: v[i] = ... keeps i with v.
        for (const VarDecl *V : reads(BO->getLHS()))
          if (V != T)
            A.Reads.push_back(V);
        Assignments.push_back(std::move(A));
      } else {
        // Through a pointer: where it goes is not known here.
        for (const VarDecl *V : reads(BO->getRHS()))
          Seeds.insert(V);
      }
    }
    if (BO->isLogicalOp())
      Controls.push_back({BO->getLHS(), {BO->getRHS()}});
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    // &v kept in a pointer: *p reads v's facts. Handed to a call, v is
    // only written there (the analysis forgets its facts at the call).
    if (UO->getOpcode() == UO_AddrOf &&
        !isa_and_nonnull<CallExpr>(PM.getParentIgnoreParenCasts(UO)))
      if (const VarDecl *V = rootVar(UO->getSubExpr()))
        Seeds.insert(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getInit())
      Assignments.push_back({V, reads(V->getInit())});
    return true;
  }
  bool VisitIfStmt(IfStmt *S) {
    Controls.push_back({S->getCond(), {S->getThen(), S->getElse()}});
    return true;
  }
  bool VisitWhileStmt(WhileStmt *S) {
    Controls.push_back({S->getCond(), {S->getBody()}});
    return true;
  }
  bool VisitDoStmt(DoStmt *S) {
    Controls.push_back({S->getCond(), {S->getBody()}});
    return true;
  }
  bool VisitForStmt(ForStmt *S) {
    Controls.push_back({S->getCond(), {S->getBody(), S->getInc()}});
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    Controls.push_back({S->getCond(), {S->getBody()}});
    return true;
  }
  bool VisitAbstractConditionalOperator(AbstractConditionalOperator *CO) {
    Controls.push_back(
        {CO->getCond(), {CO->getTrueExpr(), CO->getFalseExpr()}});
    return true;
  }

private:
  ParentMap PM;

  bool addressOnly(const DeclRefExpr *DRE) {
    const Stmt *P = PM.getParentIgnoreParens(DRE);
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
      return UO->getOpcode() == UO_AddrOf;
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P))
      if (ICE->getCastKind() == CK_ArrayToPointerDecay)
        return isa_and_nonnull<CallExpr>(PM.getParentIgnoreParenCasts(ICE));
    return false;
  }

  static void collectAll(const Stmt *S, VarSet &Out) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.insert(V);
    for (const Stmt *C : S->children())
      collectAll(C, Out);
  }
};

} // namespace

VarSet valueRelevantVariables(const Stmt *Body, ASTContext &Ctx) {
  Collector C(Body);
  C.TraverseStmt(const_cast<Stmt *>(Body));
  std::vector<Region> Regions(C.Controls.size());
  for (std::size_t I = 0; I < C.Controls.size(); ++I)
    for (const Stmt *B : C.Controls[I].Branches)
      if (B)
        RegionScan(Ctx.getSourceManager(), C.BufferVars, Regions[I])
            .TraverseStmt(const_cast<Stmt *>(B));
  VarSet Relevant = std::move(C.Seeds);
  std::vector<bool> Done(C.Controls.size(), false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    auto add = [&](const std::vector<const VarDecl *> &Vs) {
      for (const VarDecl *V : Vs)
        Changed |= Relevant.insert(V).second;
    };
    for (const Assignment &A : C.Assignments)
      if (Relevant.count(A.Target))
        add(A.Reads);
    for (std::size_t I = 0; I < C.Controls.size(); ++I) {
      if (Done[I])
        continue;
      bool Matters = Regions[I].Matters;
      for (const VarDecl *V : Regions[I].Assigned)
        Matters |= Relevant.count(V) != 0;
      if (!Matters)
        continue;
      Done[I] = true;
      add(C.reads(C.Controls[I].Cond));
    }
  }
  return Relevant;
}

} // namespace mpisync
