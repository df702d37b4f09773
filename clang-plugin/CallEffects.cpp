//===- CallEffects.cpp - What a call does to the state --------------------===//
//
// A call's effects on a path: MPI calls of the call table go to
// MPIStarts.cpp and MPICompletions.cpp; other MPI calls, system and library
// functions and the file's own functions change what their pointer
// arguments reach, and the latter may complete requests they can reach.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "GlobalEffects.h"
#include "MPITypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace mpisync {

void FunctionAnalysis::handleCall(const CallExpr *CE, PathState S,
                                  std::vector<PathState> &Out) {
  const FunctionDecl *FD = CE->getDirectCallee();
  StringRef Name;
  if (FD && FD->getIdentifier())
    Name = FD->getName();
  if (Name == "MPI_Abort" || Name == "PMPI_Abort")
    return; // the path ends here
  if (const MPICall *C = Name.empty() ? nullptr : lookupMPICall(Name))
    return handleMPICall(CE, *C, std::move(S), Out);
  if (Name.starts_with("MPI_") || Name.starts_with("PMPI_")) {
    argEffects(CE, CalleeKind::MPI, S);
  } else if (FD &&
             (FD->getBuiltinID() ||
              SM.isInSystemHeader(FD->getCanonicalDecl()->getLocation()))) {
    handleLibcAccess(CE, Name, S);
    argEffects(CE, CalleeKind::System, S);
    if (maySynchronize(FD, Name))
      threadSync(S);
  } else {
    argEffects(CE, CalleeKind::User, S);
    userCallEffects(S, FD);
  }
  Out.push_back(std::move(S));
}

void FunctionAnalysis::userCallEffects(PathState &S,
                                       const FunctionDecl *Callee) {
  for (auto &[Id, Op] : S.Ops)
    if (Op.Shared)
      Op.St = Operation::Unknown;
  for (auto It = S.Slots.begin(); It != S.Slots.end();) {
    if (isOwnBase(It->first.first)) {
      ++It;
      continue;
    }
    if (It->second.K == Content::Op)
      makeUnknown(S, It->second.Id);
    It = S.Slots.erase(It);
  }
  for (auto It = S.Symbolic.begin(); It != S.Symbolic.end();) {
    if (isOwnBase(It->first)) {
      ++It;
      continue;
    }
    for (OpId Id : It->second)
      makeUnknown(S, Id);
    It = S.Symbolic.erase(It);
  }
  forgetTerms(Terms.memoryTerms(), S);
  for (unsigned T : Terms.globalTerms())
    for (const VarDecl *V : Terms.info(T).Vars)
      if (V->hasGlobalStorage() && Globals.mayWrite(Callee, V))
        S.Facts.erase(T);
}

void FunctionAnalysis::argEffects(const CallExpr *CE, CalleeKind Kind,
                                  PathState &S, int Skip,
                                  bool TouchesRequests) {
  const FunctionDecl *FD = CE->getDirectCallee();
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    if ((int)I == Skip)
      continue;
    const Expr *A = CE->getArg(I);
    QualType ParamT;
    if (FD && I < FD->getNumParams())
      ParamT = FD->getParamDecl(I)->getType();
    // A handle passed by value: a user function may wait on its copy.
    if (isRequestType(A->getType(), Ctx)) {
      if (Kind == CalleeKind::User) {
        Content C = requestValue(A, S);
        if (C.K == Content::Op)
          makeUnknown(S, C.Id);
        else
          unidentifiedCompletion(S);
      }
      continue;
    }
    if (isConstantPointer(A, Ctx))
      continue;
    std::optional<Location> L;
    bool ByReference = !ParamT.isNull() && ParamT->isReferenceType();
    if (ByReference)
      L = evalLValue(A, S);
    else if (A->getType()->isPointerType())
      L = evalPointer(A, S);
    else
      continue;
    bool ReadOnly = false;
    if (!ParamT.isNull()) {
      QualType Pointee = ParamT->getPointeeType();
      ReadOnly = !Pointee.isNull() && Pointee.isConstQualified();
    }
    if (!L) {
      // Some pointer: it may reach globals or anything read through
      // pointers, or a request the analysis shares.
      if (!ReadOnly && mayAliasFacts(A))
        forgetPointerTargets(S);
      if (Kind == CalleeKind::User)
        unidentifiedCompletion(S);
      continue;
    }
    const VarDecl *V = L->Base.Var;
    bool HoldsRequests =
        L->Base.Deref ? containsRequest(V->getType()->getPointeeType(), Ctx)
                      : containsRequest(V->getType(), Ctx);
    if (HoldsRequests && TouchesRequests &&
        (Kind == CalleeKind::User || !ReadOnly)) {
      if (isTrackedRequestBase(L->Base))
        forgetBase(S, L->Base, false);
      else
        unidentifiedCompletion(S);
    }
    if (ReadOnly)
      continue;
    if (L->Base.Deref) {
      if (mayAliasFacts(A))
        forgetPointerTargets(S);
    } else {
      forgetVar(V, S);
      if (isPointerBase(V))
        dropPointerBase(S, V); // &p: the callee may change p
    }
  }
}

} // namespace mpisync
