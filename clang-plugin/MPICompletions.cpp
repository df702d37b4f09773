//===- MPICompletions.cpp - MPI calls that complete operations ------------===//
//
// Waits, tests, MPI_Request_get_status and MPI_Request_free on the
// requests they name: operations done (a test splits the path on its flag),
// handles set to MPI_REQUEST_NULL, unknown where which requests is not known;
// a completion of a request never started is reported (RequestChecks.cpp).
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "SourceText.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace mpisync {

void FunctionAnalysis::handleCompletion(const CallExpr *CE, const MPICall &C,
                                        PathState S,
                                        std::vector<PathState> &Out) {
  const Expr *ReqArg = CE->getArg(C.Requests);
  std::optional<Location> L =
      requestArgument(ReqArg, C.Action == MPICallAction::GetStatus, S);
  std::optional<Int> N = C.Count >= 0 ? evalInt(CE->getArg(C.Count), S)
                                      : std::optional<Int>(C.CountConst);
  argEffects(CE, CalleeKind::MPI, S, C.Requests);

  std::optional<unsigned> FlagTerm = forgetFlag(CE, C, S);

  if (!L || !isTrackedRequestBase(L->Base)) {
    unidentifiedCompletion(S);
    Out.push_back(std::move(S));
    return;
  }
  if (!L->Offset || !N || *N > 4096 || *N < 0) {
    // Which requests: not known. Whatever the array held is unknown now.
    forgetBase(S, L->Base, false);
    Out.push_back(std::move(S));
    return;
  }
  std::vector<SlotKey> Keys;
  for (Int I = 0; I < *N; ++I)
    Keys.push_back({L->Base, *L->Offset + I * RequestSize});
  // Operations somewhere in the array, at unknown places, may be among them.
  auto Sym = S.Symbolic.find(L->Base);
  if (Sym != S.Symbolic.end()) {
    for (OpId Id : Sym->second)
      makeUnknown(S, Id);
    S.Symbolic.erase(Sym);
  }

  // Completing a request never started (not initialised, or a persistent
  // request never given to MPI_Start).
  if (C.Action != MPICallAction::RequestFree)
    checkStarted(CE, C, Keys, S);

  switch (C.Action) {
  case MPICallAction::Wait:
  case MPICallAction::WaitAll:
    completeRequests(S, Keys);
    break;
  case MPICallAction::WaitSome:
  case MPICallAction::TestSome:
    forgetRequests(S, Keys);
    break;
  case MPICallAction::RequestFree:
    freeRequests(S, Keys);
    break;
  case MPICallAction::Test:
  case MPICallAction::TestAll:
  case MPICallAction::GetStatus:
    if (!testRequests(C, Keys, FlagTerm, S, Out))
      return;
    break;
  default:
    break;
  }
  Out.push_back(std::move(S));
}

// Where the requests a completion call names are: through a pointer, or
// the handle itself (MPI_Request_get_status takes it by value). Which of
// the two is the call's, not the argument type's: Open MPI's MPI_Request
// is a pointer itself.
std::optional<Location> FunctionAnalysis::requestArgument(const Expr *ReqArg,
                                                          bool ByValue,
                                                          const PathState &S) {
  if (!ByValue)
    return ReqArg->getType()->isPointerType() ? evalPointer(ReqArg, S)
                                              : std::nullopt;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(ReqArg->IgnoreParens()))
    if (ICE->getCastKind() == CK_LValueToRValue)
      return evalLValue(ICE->getSubExpr(), S);
  return std::nullopt;
}

// The flag's term of a test, forgotten now that the call writes it.
std::optional<unsigned> FunctionAnalysis::forgetFlag(const CallExpr *CE,
                                                     const MPICall &C,
                                                     PathState &S) {
  std::optional<unsigned> FlagTerm;
  bool HasFlag = C.Flag >= 0 && (C.Action == MPICallAction::Test ||
                                 C.Action == MPICallAction::TestAll ||
                                 C.Action == MPICallAction::GetStatus);
  if (HasFlag) {
    const Expr *F = CE->getArg(C.Flag)->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(F))
      if (UO->getOpcode() == UO_AddrOf)
        FlagTerm = termOf(UO->getSubExpr(), S);
    if (FlagTerm)
      S.Facts.erase(*FlagTerm);
  }
  return FlagTerm;
}

// A wait, or a test that succeeded: the operations are done (a persistent
// one inactive) and MPI sets the handles to MPI_REQUEST_NULL.
void FunctionAnalysis::completeRequests(PathState &S,
                                        const std::vector<SlotKey> &Keys) {
  for (const SlotKey &K : Keys) {
    Content Ct = slot(S, K);
    if (Ct.K == Content::Unknown) {
      unidentifiedCompletion(S);
      continue;
    }
    if (Ct.K == Content::Uninit) {
      S.Slots[K] = Content::of(Content::Unknown);
      continue;
    }
    if (Ct.K != Content::Op)
      continue;
    Operation &Op = S.Ops[Ct.Id];
    if (Op.St == Operation::Pending || Op.St == Operation::Done)
      Op.St = Op.Persistent ? Operation::Inactive : Operation::Done;
    if (!Op.Persistent) {
      // MPI sets this handle to MPI_REQUEST_NULL; copies go stale.
      for (auto &[OK, OC] : S.Slots)
        if (OC.K == Content::Op && OC.Id == Ct.Id)
          OC = Content::of(Content::Unknown);
      S.Slots[K] = Content::of(Content::Null);
    }
  }
}

// Some of the requests completed, which is not known.
void FunctionAnalysis::forgetRequests(PathState &S,
                                      const std::vector<SlotKey> &Keys) {
  for (const SlotKey &K : Keys) {
    Content Ct = slot(S, K);
    if (Ct.K == Content::Op)
      makeUnknown(S, Ct.Id);
    else if (Ct.K == Content::Unknown)
      unidentifiedCompletion(S);
    S.Slots[K] = Content::of(Content::Unknown);
  }
}

// MPI_Request_free: an active operation goes on unseen; the handle is
// MPI_REQUEST_NULL.
void FunctionAnalysis::freeRequests(PathState &S,
                                    const std::vector<SlotKey> &Keys) {
  for (const SlotKey &K : Keys) {
    Content Ct = slot(S, K);
    if (Ct.K == Content::Op) {
      Operation &Op = S.Ops[Ct.Id];
      if (Op.St == Operation::Pending)
        Op.St = Operation::Unknown; // it completes unseen
      else if (Op.St != Operation::Unknown)
        Op.St = Operation::Done;
      for (auto &[OK, OC] : S.Slots)
        if (OC.K == Content::Op && OC.Id == Ct.Id)
          OC = Content::of(Content::Unknown);
    } else if (Ct.K == Content::Unknown) {
      unidentifiedCompletion(S);
    }
    S.Slots[K] = Content::of(Content::Null);
  }
}

// A test: one successor where the flag is set (pushed to Out), S where it
// is not. False if the flag cannot be 0 on this path.
bool FunctionAnalysis::testRequests(const MPICall &C,
                                    const std::vector<SlotKey> &Keys,
                                    std::optional<unsigned> FlagTerm,
                                    PathState &S, std::vector<PathState> &Out) {
  if (!FlagTerm) {
    forgetRequests(S, Keys);
    return true;
  }
  PathState Done = S;
  if (constrainTerm(*FlagTerm, BO_NE, 0, Done)) {
    if (C.Action == MPICallAction::GetStatus) {
      for (const SlotKey &K : Keys) {
        Content Ct = slot(Done, K);
        if (Ct.K == Content::Op && Done.Ops[Ct.Id].St == Operation::Pending)
          Done.Ops[Ct.Id].St =
              Done.Ops[Ct.Id].Persistent ? Operation::Unknown : Operation::Done;
        else if (Ct.K == Content::Unknown)
          unidentifiedCompletion(Done);
      }
    } else {
      completeRequests(Done, Keys);
    }
    collectGarbage(Done);
    Out.push_back(std::move(Done));
  }
  return constrainTerm(*FlagTerm, BO_EQ, 0, S);
}

} // namespace mpisync
