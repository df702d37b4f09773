//===- CheckOptions.h - -Wmpisync flags as plugin arguments -----*- C++ -*-===//
//
// Clang does not know -Wmpisync-* flags, so they reach the plugin as plugin
// arguments (-fplugin-arg-mpisync-<flag>, which the drivers produce from the
// user's -Wmpisync... flags). This maps them, in order, to a level per
// check, and honours clang's own -w and -Werror.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_CHECKOPTIONS_H
#define MPISYNC_CLANG_PLUGIN_CHECKOPTIONS_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mpisync {

enum class Check {
#define MPISYNC_CHECK(Enum, Name) Enum,
#include "MPISyncChecks.def"
};
constexpr unsigned NumChecks = 0
#define MPISYNC_CHECK(Enum, Name) +1
#include "MPISyncChecks.def"
    ;

// "send-buffer-write" for Check::SendBufferWrite.
llvm::StringRef checkName(Check C);

class CheckOptions {
public:
  CheckOptions();

  // Applies one argument: -Wmpisync, -Wno-mpisync, -Wmpisync-<check>,
  // -Wno-mpisync-<check>, -Werror=mpisync[-<check>],
  // -Wno-error=mpisync[-<check>] (the leading '-' is optional). False, with
  // Error set, for anything else.
  bool apply(llvm::StringRef Arg, std::string &Error);

  // The level of C's diagnostics under the options and clang's -w/-Werror.
  clang::DiagnosticsEngine::Level
  level(Check C, const clang::DiagnosticsEngine &D) const;

  bool anyEnabled() const;

private:
  enum class ErrorMode { Default, Error, NoError };
  bool Enabled[NumChecks];
  ErrorMode AsError[NumChecks];
};

} // namespace mpisync

#endif
