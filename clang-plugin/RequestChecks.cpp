//===- RequestChecks.cpp - Requests lost, never started, out of scope -----===//
//
// -Wmpisync-lost-request (the only handle of a pending operation is
// overwritten or leaves scope), -Wmpisync-unstarted-request (a completion
// call on a request never started on the path) and, where a variable's
// lifetime ends, -Wmpisync-stack-buffer-out-of-scope (BufferRules.h).
//
//===----------------------------------------------------------------------===//
#include "BufferRules.h"
#include "FunctionAnalysis.h"
#include "SourceText.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace mpisync {

void FunctionAnalysis::reportLost(PathState &S, OpId Id,
                                  const std::string &Name, SourceLocation Loc,
                                  bool OutOfScope) {
  auto It = S.Ops.find(Id);
  if (It == S.Ops.end() || It->second.St != Operation::Pending ||
      It->second.Shared || It->second.Unconfirmed || refCount(S, Id) != 1 ||
      Loc.isInvalid())
    return;
  std::string What = calleeName(site(Id));
  std::string Msg = "request '" + Name + "' of a pending " + What +
                    (OutOfScope ? " goes out of scope" : " is overwritten") +
                    " before the request is completed; the operation can no "
                    "longer be waited for";
  Rep.report(Check::LostRequest, Loc, SourceRange(), Msg, startNotes(S, Id, ""),
             site(Id));
}

void FunctionAnalysis::checkStarted(const CallExpr *CE, const MPICall &C,
                                    const std::vector<SlotKey> &Keys,
                                    PathState &S) {
  const Expr *ReqArg = CE->getArg(C.Requests);
  bool Reported = false;
  for (const SlotKey &K : Keys) {
    Content Ct = slot(S, K);
    if (Ct.K == Content::Uninit)
      S.Slots[K] = Content::of(Content::Unknown); // reported once
    if (Reported)
      continue;
    std::string Name =
        C.CountConst == 1 && C.Count < 0 ? sourceText(ReqArg, Ctx) : "";
    if (Name.empty())
      Name = slotName(K);
    if (Name.size() > 1 && Name[0] == '&')
      Name = Name.substr(1);
    if (Ct.K == Content::Uninit) {
      Rep.report(Check::UnstartedRequest, CE->getExprLoc(),
                 ReqArg->getSourceRange(),
                 calleeName(CE) + " on request '" + Name +
                     "', which was never started or initialized on this path",
                 {{K.first.Var->getLocation(),
                   "'" + K.first.Var->getName().str() +
                       "' is declared here; initialize it with "
                       "MPI_REQUEST_NULL if it is not always started"}},
                 K.first.Var);
      Reported = true;
      continue;
    }
    // An inactive persistent request (never started, or completed) is
    // legal to wait on or test (MPI 4.1 3.7.3, 3.9): not reported.
  }
}

void FunctionAnalysis::lifetimeEnds(PathState &S, const VarDecl *V,
                                    const Stmt *Trigger) {
  SourceLocation Loc = V->getLocation();
  if (Trigger) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Trigger))
      Loc = CS->getRBracLoc();
    else
      Loc = Trigger->getBeginLoc();
  }
  MemBase B{V, false};
  // A stack buffer of an operation that may still run.
  if (V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
    for (auto &[Id, Op] : S.Ops) {
      std::optional<Check> C;
      for (const Region &R : Op.Regions)
        if (R.Base == B &&
            (C = pendingBufferCheck(R.Role, BufferAccess::kScopeExit)))
          break;
      if (C && Op.St == Operation::Pending && !Op.Unconfirmed) {
        std::string What = calleeName(site(Id));
        Rep.report(*C, Loc, SourceRange(),
                   "stack buffer '" + V->getName().str() +
                       "' goes out of scope while the " + What +
                       " using it is not completed",
                   startNotes(S, Id, "; it is not completed on this path"),
                   site(Id));
      }
      llvm::erase_if(Op.Regions, [&](const Region &R) { return R.Base == B; });
    }
  }
  // Requests held only here are lost.
  for (auto It = S.Slots.lower_bound({B, NegInf});
       It != S.Slots.end() && It->first.first == B; ++It)
    if (It->second.K == Content::Op)
      reportLost(S, It->second.Id, slotName(It->first), Loc, true);
  auto Sym = S.Symbolic.find(B);
  if (Sym != S.Symbolic.end())
    for (OpId Id : Sym->second)
      reportLost(S, Id, V->getName().str() + "[...]", Loc, true);
  for (auto It = S.Slots.lower_bound({B, NegInf});
       It != S.Slots.end() && It->first.first == B;)
    It = S.Slots.erase(It);
  S.Symbolic.erase(B);
  S.Defaults.erase(B);
  if (isPointerBase(V))
    dropPointerBase(S, V);
  forgetVar(V, S);
}

} // namespace mpisync
