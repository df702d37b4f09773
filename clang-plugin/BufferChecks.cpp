//===- BufferChecks.cpp - Accesses to the buffers of pending operations ---===//
//
// -Wmpisync-send-buffer-write and -Wmpisync-recv-buffer-access: an access
// (a load, a store, a library call, an MPI call's own use of its buffers)
// that certainly overlaps a buffer of an operation pending on this path.
// Whether it is an error, and which, BufferRules.h decides.
//
//===----------------------------------------------------------------------===//
#include "BufferRules.h"
#include "FunctionAnalysis.h"
#include "MPITypes.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace mpisync {

bool FunctionAnalysis::overlaps(const Region &R, const Location &L,
                                Int Size) const {
  if (R.Base != L.Base || R.SureLen <= 0 || !R.Offset)
    return false;
  if (Size <= 0)
    Size = 1;
  if (L.Offset)
    return *L.Offset < *R.Offset + R.SureLen && *R.Offset < *L.Offset + Size;
  // Somewhere in the object: certain only if the buffer is all of it.
  if (R.Base.Deref || *R.Offset != 0)
    return false;
  auto Whole = sizeOf(R.Base.Var->getType(), Ctx);
  return Whole && R.SureLen >= *Whole;
}

std::vector<DiagNote> FunctionAnalysis::startNotes(PathState &S, OpId Id,
                                                   const std::string &Tail) {
  std::vector<DiagNote> Notes;
  const Operation &Op = S.Ops[Id];
  const CallExpr *Site = site(Id);
  const CallExpr *Started = Op.Started ? Op.Started : Site;
  std::string What = calleeName(Site);
  if (Started != Site) {
    Notes.push_back(
        {Started->getExprLoc(),
         calleeName(Started) + " starts the " + What + " request here" + Tail});
    Notes.push_back({Site->getExprLoc(), "the request was created here"});
  } else {
    Notes.push_back({Site->getExprLoc(), What + " started here" + Tail});
  }
  return Notes;
}

// MPI_Isendrecv(buf, ..., buf + 2, ...): one operation receiving into
// memory it also sends from or receives into.
void FunctionAnalysis::checkOwnOverlap(PathState &S, OpId Id) {
  const Operation &Op = S.Ops[Id];
  for (size_t I = 0; I < Op.Regions.size(); ++I)
    for (size_t J = 0; J < Op.Regions.size(); ++J) {
      const Region &W = Op.Regions[I], &O = Op.Regions[J];
      if (I == J || W.Role != ArgRole::Recv || W.SureLen <= 0 ||
          !overlaps(O, Location{W.Base, W.Offset}, W.SureLen))
        continue;
      // W receives into O's memory: a store to O.
      Check C = *pendingBufferCheck(O.Role, BufferAccess::kStore);
      std::string What = calleeName(site(Id));
      Rep.report(C, W.Arg->getExprLoc(), W.Arg->getSourceRange(),
                 "the receive buffer of " + What + " overlaps its " +
                     (O.Role == ArgRole::Recv ? "other receive" : "send") +
                     " buffer; the buffers of one operation must be disjoint",
                 {}, W.Arg);
      return;
    }
}

void FunctionAnalysis::checkAccess(PathState &S, const Location &L, Int Size,
                                   bool Write, const Expr *At,
                                   const std::string &Desc) {
  for (auto &[Id, Op] : S.Ops) {
    // A handle other code can reach (a global, a static, memory behind a
    // pointer, a copy handed on) may be completed there, by another
    // function or thread, at any time: its buffers are not checked.
    if (Op.St != Operation::Pending || Op.Unconfirmed || Op.Shared)
      continue;
    for (const Region &R : Op.Regions) {
      std::optional<Check> C = pendingBufferCheck(
          R.Role, Write ? BufferAccess::kStore : BufferAccess::kLoad);
      if (!C || !overlaps(R, L, Size))
        continue;
      if (!Rep.enabled(*C))
        break;
      std::string Text = sourceText(At, Ctx);
      std::string Buf = sourceText(R.Arg, Ctx);
      std::string What = calleeName(site(Id));
      std::string Msg = Desc;
      if (Msg.empty())
        Msg = std::string(Write ? "write to " : "read of ") +
              (Text.empty() ? std::string("memory") : "'" + Text + "'");
      Msg += std::string(", ") +
             (R.Role == ArgRole::Send   ? "the send buffer"
              : R.Role == ArgRole::Recv ? "the receive buffer"
                                        : "a buffer") +
             (Buf.empty() ? std::string() : " '" + Buf + "'") +
             " of a pending " + What + "; complete the request first";
      Rep.report(*C, At->getExprLoc(), At->getSourceRange(), Msg,
                 startNotes(S, Id, "; it is not completed on this path"),
                 site(Id));
      break;
    }
  }
}

std::string FunctionAnalysis::regionAccess(const std::string &Who,
                                           const Region &R) {
  std::string Text = sourceText(R.Arg, Ctx);
  if (Text.empty())
    Text = "its buffer";
  else
    Text = "'" + Text + "'";
  return Who + (R.Role == ArgRole::Recv ? "receives into " : "sends from ") +
         Text;
}

} // namespace mpisync
