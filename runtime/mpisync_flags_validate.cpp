// Validation of MPISYNC_OPTIONS against the option table before
// sanitizer_common's FlagParser sees it (mpisync_flags.h): unknown keys,
// malformed or out-of-range values and overlong names or values become one
// message naming the option. It never exits or allocates outside
// InternalScopedString, so a fuzzer can drive it (test/fuzz/).
#include "mpisync_flags.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

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

// Writes the message into `error` and returns false, so each check reads
// `return Fail(...)`.
bool Fail(InternalScopedString *error, const char *fmt, const char *a,
          const char *b) {
  error->AppendF(fmt, a, b);
  return false;
}

bool ValueTooLong(InternalScopedString *error, const char *name) {
  char limit[32];
  internal_snprintf(limit, sizeof(limit), "%zu", kMaxValueLength);
  return Fail(error, "the value of '%s' is too long (at most %s characters)",
              name, limit);
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

bool ValidateOne(const char *name, const char *value,
                 InternalScopedString *error) {
  for (const FlagInfo &f : kFlagTable) {
    if (internal_strcmp(f.name, name) != 0)
      continue;
    if (f.kind == FlagKind::kBool && !ValidBool(value))
      return Fail(error, "invalid value '%s' for option '%s' (expected 0 or 1)",
                  value, name);
    s64 n;
    if (f.kind == FlagKind::kInt && !ParseInt(value, &n))
      return Fail(error,
                  "invalid value '%s' for option '%s' (expected an integer)",
                  value, name);
    if (f.kind == FlagKind::kInt) {
      const FlagRange &r = RangeOf(name);
      if (n < r.min || n > r.max) {
        error->AppendF("value '%s' for option '%s' is out of range (expected "
                       "%lld..%lld)",
                       value, name, (long long)r.min, (long long)r.max);
        return false;
      }
    }
    return true;
  }
  return Fail(error, "unknown option '%s'%s", name,
              " (MPISYNC_OPTIONS=help=1 lists them)");
}

} // namespace

bool ValidateOptions(const char *s, InternalScopedString *error) {
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
      return Fail(error, "option name '%s...' is too long%s", name, "");
    }
    if (*s != '=')
      return Fail(error, "expected 'name=value' at '%s'%s", name, "");
    s++;
    uptr v = 0;
    if (*s == '\'' || *s == '"') {
      char quote = *s++;
      while (*s && *s != quote && v + 1 < sizeof(value))
        value[v++] = *s++;
      if (*s && *s != quote)
        return ValueTooLong(error, name);
      if (*s != quote)
        return Fail(error, "unterminated quote in the value of '%s'%s", name,
                    "");
      s++;
    } else {
      while (*s && !IsSeparator(*s) && v + 1 < sizeof(value))
        value[v++] = *s++;
      if (*s && !IsSeparator(*s))
        return ValueTooLong(error, name);
    }
    value[v] = 0;
    if (!ValidateOne(name, value, error))
      return false;
  }
  return true;
}

} // namespace mpisync
