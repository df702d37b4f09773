//===- CheckOptions.cpp - -Wmpisync flags as plugin arguments -------------===//
#include "CheckOptions.h"

namespace mpisync {

namespace {

const char *const Names[] = {
#define MPISYNC_CHECK(Enum, Name) Name,
#include "MPISyncChecks.def"
};

} // namespace

llvm::StringRef checkName(Check C) { return Names[static_cast<unsigned>(C)]; }

CheckOptions::CheckOptions() {
  for (unsigned I = 0; I < NumChecks; ++I) {
    Enabled[I] = true; // loading the plugin turns its warnings on
    AsError[I] = ErrorMode::Default;
  }
}

bool CheckOptions::apply(llvm::StringRef Arg, std::string &Error) {
  llvm::StringRef Flag = Arg;
  Flag.consume_front("-");
  bool Positive = true, ErrorFlag = false;
  if (!Flag.consume_front("W")) {
    Error = "unknown argument '" + Arg.str() + "'";
    return false;
  }
  if (Flag.consume_front("no-error="))
    ErrorFlag = true, Positive = false;
  else if (Flag.consume_front("error="))
    ErrorFlag = true;
  else if (Flag.consume_front("no-"))
    Positive = false;

  bool Matched[NumChecks] = {};
  bool Any = false;
  if (Flag == "mpisync") {
    for (unsigned I = 0; I < NumChecks; ++I)
      Matched[I] = true;
    Any = true;
  } else if (Flag.consume_front("mpisync-")) {
    for (unsigned I = 0; I < NumChecks; ++I)
      if (Flag == Names[I])
        Matched[I] = Any = true;
  }
  if (!Any) {
    Error = "unknown warning option '" + Arg.str() +
            "'; the checks are -Wmpisync-{send-buffer-write,recv-buffer-access,"
            "lost-request,unstarted-request,stack-buffer-out-of-scope}";
    return false;
  }
  for (unsigned I = 0; I < NumChecks; ++I) {
    if (!Matched[I])
      continue;
    if (!ErrorFlag) {
      Enabled[I] = Positive;
    } else if (Positive) { // -Werror=x also enables x, as in clang
      Enabled[I] = true;
      AsError[I] = ErrorMode::Error;
    } else {
      AsError[I] = ErrorMode::NoError;
    }
  }
  return true;
}

clang::DiagnosticsEngine::Level
CheckOptions::level(Check C, const clang::DiagnosticsEngine &D) const {
  unsigned I = static_cast<unsigned>(C);
  if (!Enabled[I])
    return clang::DiagnosticsEngine::Ignored;
  // As in clang, -Werror=x wins over -w; -w wins over a plain warning.
  if (AsError[I] == ErrorMode::Error)
    return clang::DiagnosticsEngine::Error;
  if (D.getIgnoreAllWarnings())
    return clang::DiagnosticsEngine::Ignored;
  if (AsError[I] == ErrorMode::Default && D.getWarningsAsErrors())
    return clang::DiagnosticsEngine::Error;
  return clang::DiagnosticsEngine::Warning;
}

bool CheckOptions::anyEnabled() const {
  for (unsigned I = 0; I < NumChecks; ++I)
    if (Enabled[I])
      return true;
  return false;
}

} // namespace mpisync
