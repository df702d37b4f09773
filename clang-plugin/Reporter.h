//===- Reporter.h - Emits the plugin's diagnostics --------------*- C++ -*-===//
//
// Plugins cannot add diagnostic groups to clang 19, so the checks are custom
// diagnostics whose level comes from CheckOptions; the flag is shown the way
// clang shows its own ("[-Wmpisync-...]", "[-Werror,-Wmpisync-...]").
// A warning found on several paths is reported once.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_REPORTER_H
#define MPISYNC_CLANG_PLUGIN_REPORTER_H

#include "CheckOptions.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <set>
#include <string>
#include <tuple>

namespace mpisync {

struct DiagNote {
  clang::SourceLocation Loc;
  std::string Message;
};

class Reporter {
public:
  Reporter(clang::DiagnosticsEngine &Diags, const CheckOptions &Options,
           bool ShowOptionNames);

  bool enabled(Check C) const;

  // Warns (or errs) at Loc; Key tells apart warnings at the same place
  // (the MPI call they conflict with).
  void report(Check C, clang::SourceLocation Loc, clang::SourceRange Range,
              const std::string &Message, llvm::ArrayRef<DiagNote> Notes,
              const void *Key);

  // An error or warning about the plugin's own arguments.
  void reportSetup(clang::DiagnosticsEngine::Level Level,
                   const std::string &Message);

private:
  clang::DiagnosticsEngine &Diags;
  const CheckOptions &Options;
  bool ShowOptionNames;
  std::set<std::tuple<unsigned, unsigned, const void *>> Reported;
};

} // namespace mpisync

#endif
