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

struct FlagRange {
  const char *name;
  s64 min, max;
};

// Every int option is bounded: its own range, else what an int holds.
const FlagRange kFlagRanges[] = {
#define MPISYNC_FLAG(Type, Name, DefaultValue, Description)
#define MPISYNC_FLAG_RANGE(Name, Min, Max) {#Name, Min, Max},
#include "mpisync_flags.inc"
#undef MPISYNC_FLAG
    {nullptr, -2147483647 - 1, 2147483647}, // any other int option
};

const FlagRange &RangeOf(const char *name) {
  const FlagRange *r = kFlagRanges;
  while (r->name && internal_strcmp(r->name, name) != 0)
    r++;
  return *r;
}

// Longest option name and value the parser takes.
constexpr uptr kMaxNameLength = 127;
constexpr uptr kMaxValueLength = 4095;

const char kEnvName[] = "MPISYNC_OPTIONS";

[[noreturn]] void OptionError(const char *fmt, const char *a, const char *b) {
  Printf("==%d==ERROR: MPISync: ", (int)internal_getpid());
  Printf(fmt, a, b);
  Printf(" in %s\n", kEnvName);
  internal__exit(1);
}

[[noreturn]] void ValueTooLong(const char *name) {
  char limit[32];
  internal_snprintf(limit, sizeof(limit), "%zu", kMaxValueLength);
  OptionError("the value of '%s' is too long (at most %s characters)", name,
              limit);
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

// Decimal with an optional sign; false if malformed. Values past 2^62 in
// magnitude saturate there (they are out of every option's range anyway).
bool ParseInt(const char *v, s64 *out) {
  bool negative = *v == '-';
  if (*v == '-' || *v == '+')
    v++;
  if (!*v)
    return false;
  s64 n = 0;
  for (; *v; v++) {
    if (*v < '0' || *v > '9')
      return false;
    if (n < (s64(1) << 62) / 10)
      n = n * 10 + (*v - '0');
    else
      n = s64(1) << 62;
  }
  *out = negative ? -n : n;
  return true;
}

void ValidateOne(const char *name, const char *value) {
  for (const FlagInfo &f : kFlagTable) {
    if (internal_strcmp(f.name, name) != 0)
      continue;
    if (f.kind == FlagKind::kBool && !ValidBool(value))
      OptionError("invalid value '%s' for option '%s' (expected 0 or 1)",
                  value, name);
    s64 n;
    if (f.kind == FlagKind::kInt && !ParseInt(value, &n))
      OptionError("invalid value '%s' for option '%s' (expected an integer)",
                  value, name);
    if (f.kind == FlagKind::kInt) {
      const FlagRange &r = RangeOf(name);
      if (n < r.min || n > r.max) {
        char range[64];
        internal_snprintf(range, sizeof(range), "%lld..%lld", (long long)r.min,
                          (long long)r.max);
        Printf("==%d==ERROR: MPISync: value '%s' for option '%s' is out of "
               "range (expected %s) in %s\n",
               (int)internal_getpid(), value, name, range, kEnvName);
        internal__exit(1);
      }
    }
    return;
  }
  OptionError("unknown option '%s'%s", name, " (MPISYNC_OPTIONS=help=1 lists them)");
}

// Walks the same grammar as FlagParser: name=value pairs separated by
// spaces, commas or colons; values may be quoted.
void ValidateOptions(const char *s) {
  char name[kMaxNameLength + 1], value[kMaxValueLength + 1];
  while (*s) {
    while (*s && IsSeparator(*s))
      s++;
    if (!*s)
      break;
    uptr n = 0;
    while (*s && *s != '=' && !IsSeparator(*s) && n + 1 < sizeof(name))
      name[n++] = *s++;
    name[n] = 0;
    if (*s && *s != '=' && !IsSeparator(*s)) {
      name[40] = 0;
      OptionError("option name '%s...' is too long%s", name, "");
    }
    if (*s != '=')
      OptionError("expected 'name=value' at '%s'%s", name, "");
    s++;
    uptr v = 0;
    if (*s == '\'' || *s == '"') {
      char quote = *s++;
      while (*s && *s != quote && v + 1 < sizeof(value))
        value[v++] = *s++;
      if (*s && *s != quote)
        ValueTooLong(name);
      if (*s != quote)
        OptionError("unterminated quote in the value of '%s'%s", name, "");
      s++;
    } else {
      while (*s && !IsSeparator(*s) && v + 1 < sizeof(value))
        value[v++] = *s++;
      if (*s && !IsSeparator(*s))
        ValueTooLong(name);
    }
    value[v] = 0;
    ValidateOne(name, value);
  }
}

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
  const char *why = !FileExists(path)         ? "does not exist"
                    : !KnownSymbolizer(path) ? "is not llvm-symbolizer or "
                                               "addr2line"
                                             : nullptr;
  if (!why)
    return;
  const char *fallback = MPISYNC_DEFAULT_SYMBOLIZER;
  bool usable = *fallback && FileExists(fallback) &&
                internal_strcmp(fallback, path) != 0;
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
    ValidateOptions(env);
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
