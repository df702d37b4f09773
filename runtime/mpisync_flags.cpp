// Parsing of MPISYNC_OPTIONS. Keys and values are validated against the
// option table first, so that a typo is a clear one-line error naming the
// key, then handed to sanitizer_common's FlagParser.
#include "mpisync_flags.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_file.h"
#include "sanitizer_common/sanitizer_flag_parser.h"
#include "sanitizer_common/sanitizer_flags.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

Flags mpisync_flags;

namespace {

const char kEnvName[] = "MPISYNC_OPTIONS";

// The symbolizers sanitizer_common can drive (it dies at the first report
// on any other name); a path that is not one of them, or is missing, falls
// back to the llvm-symbolizer MPISync was built with, with one warning, so
// reports are never lost to a typo.
bool KnownSymbolizer(const char *path) {
  const char *base = StripModuleName(path);
  return !internal_strncmp(base, "llvm-symbolizer", 15) ||
         !internal_strcmp(base, "addr2line");
}

void CheckSymbolizerPath(Flags *f) {
  const char *path = f->external_symbolizer_path;
  if (!f->symbolize || !path || !*path)
    return;
  const char *why = !FileExists(path)        ? "does not exist"
                    : !KnownSymbolizer(path) ? "is not llvm-symbolizer or "
                                               "addr2line"
                                             : nullptr;
  if (!why)
    return;
  const char *fallback = MPISYNC_DEFAULT_SYMBOLIZER;
  bool usable =
      *fallback && FileExists(fallback) && internal_strcmp(fallback, path) != 0;
  Printf("==%d==WARNING: MPISync: external_symbolizer_path '%s' %s; %s%s\n",
         (int)internal_getpid(), path, why,
         usable ? "using " : "reports show module offsets instead of lines",
         usable ? fallback : "");
  f->external_symbolizer_path = usable ? fallback : "";
}

void SetDefaults(Flags *f) {
#define MPISYNC_FLAG(Type, Name, DefaultValue, Description)                    \
  f->Name = DefaultValue;
#include "mpisync_flags.inc"
#undef MPISYNC_FLAG
}

// sanitizer_common's reporting and symbolization read its CommonFlags; ours
// are the only user-facing table, so the relevant fields are copied over.
void OverrideCommonFlagsFromOurs(const Flags &f) {
  CommonFlags cf;
  cf.CopyFrom(*common_flags());
  cf.verbosity = f.verbosity;
  cf.symbolize = f.symbolize;
  cf.external_symbolizer_path = f.external_symbolizer_path;
  cf.strip_path_prefix = f.strip_path_prefix;
  cf.exitcode = f.exitcode;
  cf.print_summary = true;
  cf.intercept_tls_get_addr = false;
  cf.detect_leaks = false;
  OverrideCommonFlags(cf);
  SetVerbosity(f.verbosity);
}

} // namespace

void InitializeFlags() {
  SetDefaults(&mpisync_flags);
  {
    CommonFlags cf;
    cf.SetDefaults();
    OverrideCommonFlags(cf);
  }
  FlagParser parser;
#define MPISYNC_FLAG(Type, Name, DefaultValue, Description)                    \
  RegisterFlag(&parser, #Name, Description, &mpisync_flags.Name);
#include "mpisync_flags.inc"
#undef MPISYNC_FLAG
  if (const char *env = GetEnv(kEnvName)) {
    InternalScopedString error;
    if (!ValidateOptions(env, &error)) {
      Printf("==%d==ERROR: MPISync: %s in %s\n", (int)internal_getpid(),
             error.data(), kEnvName);
      internal__exit(1);
    }
    parser.ParseString(env, kEnvName);
  }
  CheckSymbolizerPath(&mpisync_flags);
  OverrideCommonFlagsFromOurs(mpisync_flags);
  if (mpisync_flags.help) {
    Printf("MPISync options (%s=name=value:name=value):\n", kEnvName);
    parser.PrintFlagDescriptions();
    internal__exit(0);
  }
}

} // namespace mpisync
