//===- MPIStarts.cpp - MPI calls that start operations --------------------===//
//
// Blocking calls (their buffers are read and written now), nonblocking
// starts, persistent inits and MPI_Start/MPI_Startall: the operation's
// buffers, checked against what is pending, and a new operation in the
// request variable (only on the success path when the program keeps the
// return code). Completion calls go on to MPICompletions.cpp.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace mpisync {

void FunctionAnalysis::handleMPICall(const CallExpr *CE, const MPICall &C,
                                     PathState S, std::vector<PathState> &Out) {
  if (C.Requests >= (int)CE->getNumArgs() || C.Count >= (int)CE->getNumArgs() ||
      C.Flag >= (int)CE->getNumArgs()) {
    argEffects(CE, CalleeKind::MPI, S);
    Out.push_back(std::move(S));
    return;
  }
  forgetTerms(Terms.termsOfCall(CE), S);
  if (C.Action == MPICallAction::NoEffect) {
    argEffects(CE, CalleeKind::MPI, S, -1, /*TouchesRequests=*/false);
    Out.push_back(std::move(S));
    return;
  }
  switch (C.Action) {
  case MPICallAction::Blocking:
  case MPICallAction::Start:
  case MPICallAction::PersistentInit:
    if (!handleStart(CE, C, S, Out))
      return;
    break;
  case MPICallAction::StartAll:
    handleStartAll(CE, C, S);
    break;
  default:
    return handleCompletion(CE, C, std::move(S), Out);
  }
  Out.push_back(std::move(S));
}

bool FunctionAnalysis::handleStart(const CallExpr *CE, const MPICall &C,
                                   PathState &S, std::vector<PathState> &Out) {
  std::vector<Region> Regions = callRegions(CE, C, S);
  // What the call itself does to the buffers now (or from now on).
  if (C.Action != MPICallAction::PersistentInit)
    for (const Region &R : Regions)
      if (R.SureLen > 0)
        checkAccess(S, Location{R.Base, R.Offset}, R.SureLen,
                    R.Role == ArgRole::Recv, R.Arg,
                    regionAccess(calleeName(CE) + " ", R));
  argEffects(CE, CalleeKind::MPI, S, C.Requests);
  if (C.Action == MPICallAction::Blocking)
    return true;
  const Expr *ReqArg = CE->getArg(C.Requests);
  // A return code the program keeps: the call may fail (with
  // MPI_ERRORS_RETURN), and then no operation exists.
  bool ResultUsed = resultUsed(CE);
  if (ResultUsed) {
    unsigned RT = Terms.callTerm(CE);
    PathState Failed = S;
    if (constrainTerm(RT, BO_NE, 0, Failed)) {
      writeRequest(Failed, evalPointer(ReqArg, Failed),
                   Content::of(Content::Unknown), nullptr);
      collectGarbage(Failed);
      Out.push_back(std::move(Failed));
    }
    if (!constrainTerm(RT, BO_EQ, 0, S))
      return false;
  }
  OpId Id = newOp(S, CE);
  Operation &Op = S.Ops[Id];
  Op = Operation();
  Op.Persistent = C.Action == MPICallAction::PersistentInit;
  Op.St = Op.Persistent ? Operation::Inactive : Operation::Pending;
  Op.EverStarted = !Op.Persistent;
  Op.Started = Op.Persistent ? nullptr : CE;
  Op.Regions = std::move(Regions);
  if (ResultUsed) {
    Op.Unconfirmed = true;
    Op.ResultVar = resultVariable(CE);
  }
  writeRequest(S, evalPointer(ReqArg, S), Content::op(Id), ReqArg);
  if (!S.Ops[Id].Persistent)
    checkOwnOverlap(S, Id);
  return true;
}

void FunctionAnalysis::handleStartAll(const CallExpr *CE, const MPICall &C,
                                      PathState &S) {
  const Expr *ReqArg = CE->getArg(C.Requests);
  auto L = evalPointer(ReqArg, S);
  std::optional<Int> N = C.Count >= 0 ? evalInt(CE->getArg(C.Count), S)
                                      : std::optional<Int>(C.CountConst);
  argEffects(CE, CalleeKind::MPI, S, C.Requests);
  if (!L || !isTrackedRequestBase(L->Base)) {
    for (auto &[Id, Op] : S.Ops)
      if (Op.Shared && Op.Persistent)
        Op.St = Operation::Unknown;
    return;
  }
  if (!L->Offset || !N || *N > 4096) {
    forgetBase(S, L->Base, false);
    return;
  }
  for (Int I = 0; I < *N; ++I) {
    Content Ct = slot(S, {L->Base, *L->Offset + I * RequestSize});
    if (Ct.K != Content::Op)
      continue;
    Operation &Op = S.Ops[Ct.Id];
    if (Op.Persistent && Op.St != Operation::Pending &&
        Op.St != Operation::Unknown) {
      // Its buffers against what is pending already.
      std::vector<Region> Regions = Op.Regions;
      for (const Region &R : Regions)
        if (R.SureLen > 0)
          checkAccess(S, Location{R.Base, R.Offset}, R.SureLen,
                      R.Role == ArgRole::Recv, CE,
                      regionAccess(calleeName(CE) + " starts the " +
                                       calleeName(site(Ct.Id)) + ", which ",
                                   R));
      Operation &Started = S.Ops[Ct.Id];
      Started.St = Operation::Pending;
      Started.EverStarted = true;
      Started.Started = CE;
      checkOwnOverlap(S, Ct.Id);
    }
  }
}

std::vector<Region> FunctionAnalysis::callRegions(const CallExpr *CE,
                                                  const MPICall &C,
                                                  PathState &S) {
  std::vector<Region> Regions;
  for (const MPIBufferParam &P : C.Buffers)
    if (auto R = bufferRegion(CE, P, S))
      Regions.push_back(*R);
  rootedBuffers(CE, C, S, Regions);
  return Regions;
}

bool FunctionAnalysis::resultUsed(const CallExpr *CE) {
  bool ResultUsed = PM.isConsumedExpr(const_cast<CallExpr *>(CE));
  if (const auto *Cast =
          dyn_cast_or_null<CastExpr>(PM.getParentIgnoreParens(CE)))
    if (Cast->getType()->isVoidType())
      ResultUsed = false; // (void)MPI_Isend(...)
  return ResultUsed;
}

// int rc = MPI_Isend(...), rc = MPI_Isend(...): rc.
const VarDecl *FunctionAnalysis::resultVariable(const CallExpr *CE) {
  const Stmt *P = PM.getParentIgnoreParenCasts(CE);
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
    if (DS->isSingleDecl())
      return dyn_cast<VarDecl>(DS->getSingleDecl());
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
    if (BO->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        return dyn_cast<VarDecl>(DRE->getDecl());
  }
  return nullptr;
}

std::optional<Region> FunctionAnalysis::bufferRegion(const CallExpr *CE,
                                                     const MPIBufferParam &P,
                                                     PathState &S) {
  if (P.Buffer >= (int)CE->getNumArgs() ||
      P.Datatype >= (int)CE->getNumArgs() || P.Count >= (int)CE->getNumArgs())
    return std::nullopt;
  const Expr *Buf = CE->getArg(P.Buffer);
  if (Buf->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return std::nullopt; // MPI_BOTTOM
  auto L = evalPointer(Buf, S);
  if (!L)
    return std::nullopt;
  std::optional<Int> Count;
  if (P.Count >= 0) {
    Count = evalInt(CE->getArg(P.Count), S);
    if (Count && *Count <= 0)
      return std::nullopt;
  }
  const Expr *Type = CE->getArg(P.Datatype);
  std::optional<Int> TypeSize = predefinedTypeSize(Type, evalInt(Type, S), Ctx);
  Int SureLen = 0;
  if (TypeSize && P.Count >= 0) {
    // An unknown count is taken to be at least one element.
    if (!Count || __builtin_mul_overflow(*Count, *TypeSize, &SureLen))
      SureLen = *TypeSize;
  }
  return Region{P.Role, L->Base, L->Offset, SureLen, Buf};
}

// A rooted collective whose root is not a rank on this path (negative):
// the root group of an intercommunicator. MPI_PROC_NULL: this rank's
// buffers are not part of the operation. MPI_ROOT: only the broadcast
// buffer is, as a send buffer (the table's buffers are the non-root ranks'
// or every rank's, which the root group's are not).
void FunctionAnalysis::rootedBuffers(const CallExpr *CE, const MPICall &C,
                                     const PathState &S,
                                     std::vector<Region> &Regions) {
  if (C.Root < 0 || C.Root >= (int)CE->getNumArgs() || Regions.empty())
    return;
  Range R = rangeOf(CE->getArg(C.Root), S);
  if (R.Hi >= 0)
    return; // a rank, or maybe one
  bool AtRoot = Consts.Root && R.exact() == Consts.Root;
  llvm::erase_if(Regions, [&](const Region &Reg) {
    return !AtRoot || Reg.Role != ArgRole::Any;
  });
  for (Region &Reg : Regions)
    Reg.Role = ArgRole::Send;
}

} // namespace mpisync
