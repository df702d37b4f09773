//===- FunctionScan.cpp - A function before its paths are walked ----------===//
//
// See FunctionScan.h.
//
//===----------------------------------------------------------------------===//
#include "FunctionScan.h"

#include "MPICallTable.h"
#include "MPITypes.h"
#include "RequestAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace mpisync {

namespace {

// The variable an address or lvalue expression is rooted at: &reqs[i],
// reqs + 1, s.r, *p, p->r.
const VarDecl *rootVar(const Expr *E) {
  for (int Depth = 0; Depth < 16 && E; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E))
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
    else
      return nullptr;
  }
  return nullptr;
}

// One traversal of the body, filling a FunctionFacts.
class FunctionScan : public RecursiveASTVisitor<FunctionScan> {
public:
  FunctionScan(ParentMap &PM, ASTContext &Ctx, FunctionFacts &Out)
      : Escaped(Out.Escaped), Thresholds(Out.Thresholds), Loops(Out.Loops),
        Ctx(&Ctx), PM(PM) {}

  llvm::DenseSet<const VarDecl *> &Escaped;
  llvm::DenseMap<const VarDecl *, std::vector<Int>> &Thresholds;
  llvm::DenseMap<const Stmt *, LoopFacts> &Loops;
  std::vector<const Stmt *> LoopStack;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return true;
    if (DRE->refersToEnclosingVariableOrCapture() ||
        V->getType()->isReferenceType())
      Escaped.insert(V);
    else if (V->hasLocalStorage())
      classifyUse(DRE, V);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isComparisonOp()) {
      addThreshold(BO->getLHS(), BO->getRHS());
      addThreshold(BO->getRHS(), BO->getLHS());
    }
    if (BO->isAssignmentOp()) {
      noteChange(BO->getLHS(), BO->getOpcode(), BO->getRHS());
      if (isRequestType(BO->getLHS()->getType(), *Ctx))
        if (const VarDecl *V = rootVar(BO->getLHS()))
          for (const Stmt *L : LoopStack)
            Loops[L].RequestVars.insert(V);
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      noteChange(UO->getSubExpr(),
                 UO->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const MPICall *C =
        FD && FD->getIdentifier() ? lookupMPICall(FD->getName()) : nullptr;
    if (!C)
      return true;
    const VarDecl *Reqs =
        C->Requests >= 0 && C->Requests < (int)CE->getNumArgs()
            ? rootVar(CE->getArg(C->Requests))
            : nullptr;
    for (const Stmt *L : LoopStack) {
      Loops[L].CallsMPI = true;
      if (Reqs)
        Loops[L].RequestVars.insert(Reqs);
    }
    return true;
  }

  bool TraverseStmt(Stmt *S) {
    bool IsLoop = S && (isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                        isa<DoStmt>(S) || isa<CXXForRangeStmt>(S));
    if (IsLoop) {
      if (!LoopStack.empty())
        Loops[LoopStack.back()].Nested.push_back(S);
      Loops[S];
      LoopStack.push_back(S);
    }
    bool R = RecursiveASTVisitor::TraverseStmt(S);
    if (IsLoop)
      LoopStack.pop_back();
    return R;
  }

private:
  ASTContext *Ctx;
  ParentMap &PM;

  void addThreshold(const Expr *VarSide, const Expr *ConstSide) {
    const auto *DRE = dyn_cast<DeclRefExpr>(VarSide->IgnoreParenImpCasts());
    if (!DRE || !isa<VarDecl>(DRE->getDecl()) || ConstSide->isValueDependent())
      return;
    Expr::EvalResult R;
    if (!ConstSide->EvaluateAsInt(R, *Ctx))
      return;
    const llvm::APSInt &V = R.Val.getInt();
    if (!V.isRepresentableByInt64())
      return;
    Int C = V.getExtValue();
    auto &T = Thresholds[cast<VarDecl>(DRE->getDecl())];
    for (Int D : {Int(-1), Int(0), Int(1)})
      if (!((D < 0 && C == NegInf) || (D > 0 && C == PosInf)))
        T.push_back(C + D);
  }

  void noteChange(const Expr *LHS, BinaryOperatorKind Op, const Expr *RHS) {
    if (LoopStack.empty())
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V)
      return;
    int Dir = 0;
    if (Op == BO_Assign) {
      Expr::EvalResult R;
      if (RHS && !RHS->isValueDependent() && RHS->EvaluateAsInt(R, *Ctx))
        return; // a constant: finitely many values, no widening needed
    } else if (Op == BO_AddAssign || Op == BO_SubAssign) {
      Dir = Op == BO_AddAssign ? 1 : -1;
      if (RHS) {
        Expr::EvalResult R;
        if (RHS->isValueDependent() || !RHS->EvaluateAsInt(R, *Ctx))
          Dir = 0;
        else if (R.Val.getInt().isNegative())
          Dir = -Dir;
      }
    }
    for (const Stmt *L : LoopStack) {
      auto [It, New] = Loops[L].Changed.try_emplace(V, Dir);
      if (!New && It->second != Dir)
        It->second = 0;
    }
  }

  const Stmt *parent(const Stmt *S) const { return PM.getParent(S); }

  // An lvalue naming (part of) a local: is its address kept somewhere?
  void classifyUse(const Expr *E, const VarDecl *V) {
    for (int Depth = 0; Depth < 64; ++Depth) {
      const Stmt *P = parent(E);
      if (!P)
        return;
      if (isa<ParenExpr>(P)) {
        E = cast<Expr>(P);
        continue;
      }
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        switch (IC->getCastKind()) {
        case CK_ArrayToPointerDecay:
          return classifyAddress(IC, V);
        case CK_NoOp:
        case CK_LValueBitCast:
          E = IC;
          continue;
        default:
          return; // a read
        }
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        if (!ME->isArrow() &&
            ME->getBase()->IgnoreParens() == E->IgnoreParens()) {
          E = ME;
          continue;
        }
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        if (UO->getOpcode() == UO_AddrOf)
          return classifyAddress(UO, V);
        return;
      }
      if (isa<BinaryOperator>(P) || isa<CallExpr>(P) ||
          isa<UnaryExprOrTypeTraitExpr>(P) || isa<ArraySubscriptExpr>(P))
        return;
      if (const auto *DS = dyn_cast<DeclStmt>(P)) {
        for (const Decl *D : DS->decls())
          if (const auto *Init = dyn_cast<VarDecl>(D))
            if (Init->getType()->isReferenceType())
              Escaped.insert(V);
        return;
      }
      Escaped.insert(V);
      return;
    }
  }

  // Where the address of V goes: an access through it, a call, or escape.
  void classifyAddress(const Expr *A, const VarDecl *V) {
    for (int Depth = 0; Depth < 64; ++Depth) {
      const Stmt *P = parent(A);
      if (!P) {
        Escaped.insert(V);
        return;
      }
      if (isa<ParenExpr>(P) || isa<CastExpr>(P)) {
        A = cast<Expr>(P);
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->isAdditiveOp()) {
          A = BO;
          continue;
        }
        if (BO->isComparisonOp())
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P)) {
        if (ASE->getBase() == A)
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        if (UO->getOpcode() == UO_Deref)
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        if (ME->isArrow() && ME->getBase() == A)
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *CE = dyn_cast<CallExpr>(P)) {
        if (CE->getCallee() != A)
          return; // the call's own effects handle it
      }
      Escaped.insert(V);
      return;
    }
  }
};

class MPICallFinder : public RecursiveASTVisitor<MPICallFinder> {
public:
  bool Found = false;
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (const MPICall *C =
              FD->getIdentifier() ? lookupMPICall(FD->getName()) : nullptr)
        // A request started, completed or freed: else there is nothing to
        // follow (MPI_Comm_rank alone made every main with RMA or
        // collectives only walk its paths to AnalysisLimits::MaxSteps).
        Found = C->Action != MPICallAction::Blocking &&
                C->Action != MPICallAction::NoEffect;
    return !Found;
  }
};

} // namespace

void scanFunction(Stmt *Body, ParentMap &PM, ASTContext &Ctx,
                  FunctionFacts &Out) {
  FunctionScan Scan(PM, Ctx, Out);
  Scan.TraverseStmt(Body);
  for (auto &[V, T] : Out.Thresholds) {
    llvm::sort(T);
    T.erase(std::unique(T.begin(), T.end()), T.end());
  }
}

bool callsMPI(const Decl *D) {
  MPICallFinder F;
  F.TraverseStmt(D->getBody());
  return F.Found;
}

} // namespace mpisync
