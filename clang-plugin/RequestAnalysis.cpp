//===- RequestAnalysis.cpp - Path-sensitive request checks ----------------===//
//
// One function at a time: its CFG is walked path by path (depth first,
// states deduplicated per block) with a PathState. MPI calls of the call
// table start, complete and free operations; reads and writes of a pending
// operation's buffer, lost request handles, waits on requests never
// started, and stack buffers leaving scope while pending are reported.
//
// Precision comes first. Whatever the analysis cannot name (a request
// reached through an alias, an operation handed to another function, the
// element of an array at an unknown index) becomes Unknown and is never
// reported. A request whose handle other code can reach (a global, a
// static, memory behind a pointer) escapes: another thread or function may
// complete it at any time, so its buffers are not checked. Branches refine
// integer facts (x == 0, rank < size - 1, flag after MPI_Test), so correlated
// branches (`if (rank == 0)` twice) do not make up paths. Loops with MPI calls
// are unrolled a few times, then their counters are widened.
//
// This file holds the entry points of RequestAnalysis.h; the analysis
// itself is FunctionAnalysis (FunctionAnalysis.h), one file per concern.
//
//===----------------------------------------------------------------------===//
#include "RequestAnalysis.h"

#include "FunctionAnalysis.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace mpisync {

void analyzeFunction(const Decl *D, ASTContext &Ctx, Reporter &R,
                     const GlobalEffects &Globals, const AnalysisLimits &Limits,
                     const MPIConstants &Consts) {
  FunctionAnalysis(D, Ctx, R, Globals, Limits, Consts).run();
}

// A macro defined as an integer: 3, -3, (-3), ((int)-3) is not one.
static std::optional<int64_t> macroInt(Preprocessor &PP, StringRef Name) {
  const IdentifierInfo *II = PP.getIdentifierInfo(Name);
  const MacroInfo *MI = II ? PP.getMacroInfo(II) : nullptr;
  if (!MI || MI->isFunctionLike())
    return std::nullopt;
  bool Negative = false;
  std::optional<int64_t> Value;
  unsigned Open = 0, Close = 0;
  for (const Token &T : MI->tokens()) {
    if (T.is(tok::l_paren) && !Value && !Negative) {
      ++Open;
    } else if (T.is(tok::r_paren) && Value) {
      ++Close;
    } else if (T.is(tok::minus) && !Value && !Negative) {
      Negative = true;
    } else if (T.is(tok::numeric_constant) && !Value) {
      StringRef Text(T.getLiteralData(), T.getLength());
      uint64_t V;
      if (Text.getAsInteger(0, V) || V > (uint64_t)PosInf)
        return std::nullopt;
      Value = Negative ? -(int64_t)V : (int64_t)V;
    } else {
      return std::nullopt;
    }
  }
  if (!Value || Open != Close)
    return std::nullopt;
  return Value;
}

MPIConstants readMPIConstants(Preprocessor &PP) {
  MPIConstants C;
  C.Root = macroInt(PP, "MPI_ROOT");
  return C;
}

} // namespace mpisync
