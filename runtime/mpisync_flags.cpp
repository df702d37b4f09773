// Parsing of MPISYNC_OPTIONS. Keys and values are validated against the
// option table first, so that a typo is a clear one-line error naming the
// key, then handed to sanitizer_common's FlagParser.
#include "mpisync_flags.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_flag_parser.h"
#include "sanitizer_common/sanitizer_flags.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

Flags mpisync_flags;

namespace {

enum class FlagKind { kBool, kInt, kString };

template <typename T> constexpr FlagKind KindOf();
template <> constexpr FlagKind KindOf<bool>() { return FlagKind::kBool; }
template <> constexpr FlagKind KindOf<int>() { return FlagKind::kInt; }
template <> constexpr FlagKind KindOf<const char *>() {
  return FlagKind::kString;
}

struct FlagInfo {
  const char *name;
  FlagKind kind;
  const char *description;
};

const FlagInfo kFlagTable[] = {
#define MPISYNC_FLAG(Type, Name, DefaultValue, Description)                    \
  {#Name, KindOf<Type>(), Description},
#include "mpisync_flags.inc"
#undef MPISYNC_FLAG
};

const char kEnvName[] = "MPISYNC_OPTIONS";

[[noreturn]] void OptionError(const char *fmt, const char *a, const char *b) {
  Printf("==%d==ERROR: MPISync: ", (int)internal_getpid());
  Printf(fmt, a, b);
  Printf(" in %s\n", kEnvName);
  internal__exit(1);
}

bool IsSeparator(char c) {
  return c == ' ' || c == ',' || c == ':' || c == '\n' || c == '\t' ||
         c == '\r';
}

bool ValidBool(const char *v) {
  const char *ok[] = {"0", "1", "true", "false", "yes", "no"};
  for (const char *s : ok)
    if (internal_strcmp(v, s) == 0)
      return true;
  return false;
}

bool ValidInt(const char *v) {
  if (*v == '-' || *v == '+')
    v++;
  if (!*v)
    return false;
  for (; *v; v++)
    if (*v < '0' || *v > '9')
      return false;
  return true;
}

void ValidateOne(const char *name, const char *value) {
  for (const FlagInfo &f : kFlagTable) {
    if (internal_strcmp(f.name, name) != 0)
      continue;
    if (f.kind == FlagKind::kBool && !ValidBool(value))
      OptionError("invalid value '%s' for option '%s' (expected 0 or 1)",
                  value, name);
    if (f.kind == FlagKind::kInt && !ValidInt(value))
      OptionError("invalid value '%s' for option '%s' (expected an integer)",
                  value, name);
    return;
  }
  OptionError("unknown option '%s'%s", name, " (MPISYNC_OPTIONS=help=1 lists them)");
}

// Walks the same grammar as FlagParser: name=value pairs separated by
// spaces, commas or colons; values may be quoted.
void ValidateOptions(const char *s) {
  char name[128], value[4096];
  while (*s) {
    while (*s && IsSeparator(*s))
      s++;
    if (!*s)
      break;
    uptr n = 0;
    while (*s && *s != '=' && !IsSeparator(*s) && n + 1 < sizeof(name))
      name[n++] = *s++;
    name[n] = 0;
    if (*s != '=')
      OptionError("expected 'name=value' at '%s'%s", name, "");
    s++;
    uptr v = 0;
    if (*s == '\'' || *s == '"') {
      char quote = *s++;
      while (*s && *s != quote && v + 1 < sizeof(value))
        value[v++] = *s++;
      if (*s != quote)
        OptionError("unterminated quote in the value of '%s'%s", name, "");
      s++;
    } else {
      while (*s && !IsSeparator(*s) && v + 1 < sizeof(value))
        value[v++] = *s++;
    }
    value[v] = 0;
    ValidateOne(name, value);
  }
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
    ValidateOptions(env);
    parser.ParseString(env, kEnvName);
  }
  OverrideCommonFlagsFromOurs(mpisync_flags);
  if (mpisync_flags.help) {
    Printf("MPISync options (%s=name=value:name=value):\n", kEnvName);
    parser.PrintFlagDescriptions();
    internal__exit(0);
  }
}

} // namespace mpisync
