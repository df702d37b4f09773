// The bounds file and detectors G and X (guard_bounds.h).
#include "guard_bounds.h"

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_file.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

constexpr uptr kMaxBounds = 256;
Bound bounds[kMaxBounds];
uptr num_bounds;
const char *bounds_path;

constexpr s64 kMax = 0x7fffffffffffffffll;

s64 SaturatingMul(s64 a, s64 b) {
  if (a <= 0 || b <= 0)
    return 0;
  if (a > kMax / b)
    return kMax;
  return a * b;
}

[[noreturn]] void BoundsError(const char *path, int line, const char *what,
                              const char *word) {
  Printf("==%d==ERROR: MPISync: %s:%d: %s '%s' in the scaling bounds file "
         "(docs/scaling-guard.md describes the format)\n",
         (int)internal_getpid(), path, line, what, word);
  internal__exit(1);
}

bool ParseNumber(const char *s, s64 *out) {
  if (!*s)
    return false;
  s64 v = 0;
  for (; *s; s++) {
    if (*s < '0' || *s > '9' || v > (kMax - 9) / 10)
      return false;
    v = v * 10 + (*s - '0');
  }
  *out = v;
  return true;
}

// Splits `line` in place into at most `max` blank-separated words.
int SplitWords(char *line, char **words, int max) {
  int n = 0;
  char *p = line;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == '\r')
      *p++ = 0;
    if (!*p)
      break;
    if (n == max)
      return max + 1;
    words[n++] = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r')
      p++;
  }
  return n;
}

void ParseLine(const char *path, int lineno, char *line) {
  if (char *hash = internal_strchr(line, '#'))
    *hash = 0;
  char *w[8];
  int n = SplitWords(line, w, 6);
  if (n == 0)
    return;
  if (n > 6)
    BoundsError(path, lineno, "too many words at", w[0]);
  if (num_bounds == kMaxBounds)
    BoundsError(path, lineno, "more than 256 bounds at", w[0]);
  Bound &b = bounds[num_bounds];
  internal_memset(&b, 0, sizeof(b));
  b.line = lineno;
  if (internal_strncmp(w[0], "MPI_", 4) ||
      internal_strlen(w[0]) >= sizeof(b.collective))
    BoundsError(path, lineno, "expected an MPI collective's name, not", w[0]);
  internal_strncpy(b.collective, w[0], sizeof(b.collective) - 1);
  if (n < 2)
    BoundsError(path, lineno, "missing class (G or X) after", w[0]);
  if (!internal_strcmp(w[1], "G")) {
    b.cls = 'G';
    if (n != 4)
      BoundsError(path, lineno, "expected 'G UNIT BOUND' after", w[0]);
    const char *unit = w[2];
    if (!internal_strncmp(unit, "message-", 8)) {
      b.message = true;
      unit += 8;
    }
    if (!internal_strcmp(unit, "bytes"))
      b.bytes = true;
    else if (internal_strcmp(unit, "elements"))
      BoundsError(path, lineno,
                  "expected elements, bytes, message-elements or "
                  "message-bytes, not",
                  w[2]);
    if (!ParseNumber(w[3], &b.limit))
      BoundsError(path, lineno, "expected a bound (a number), not", w[3]);
  } else if (!internal_strcmp(w[1], "X")) {
    b.cls = 'X';
    if (n != 5)
      BoundsError(path, lineno, "expected 'X s=S P=P|P>=P BOUND' after", w[0]);
    if (internal_strncmp(w[2], "s=", 2) || !ParseNumber(w[2] + 2, &b.s) ||
        b.s == 0)
      BoundsError(path, lineno, "expected s=SIZE, not", w[2]);
    if (!internal_strncmp(w[3], "P>=", 3)) {
      b.p_at_least = true;
      if (!ParseNumber(w[3] + 3, &b.p) || b.p == 0)
        BoundsError(path, lineno, "expected P>=COUNT, not", w[3]);
    } else if (internal_strncmp(w[3], "P=", 2) ||
               !ParseNumber(w[3] + 2, &b.p) || b.p == 0) {
      BoundsError(path, lineno, "expected P=COUNT or P>=COUNT, not", w[3]);
    }
    if (!ParseNumber(w[4], &b.limit))
      BoundsError(path, lineno, "expected a bound (a number), not", w[4]);
  } else {
    BoundsError(path, lineno, "expected class G or X, not", w[1]);
  }
  num_bounds++;
}

} // namespace

s64 GValue(const Bound &b, const CallSizes &sizes) {
  if (b.message)
    return b.bytes ? SaturatingMul(sizes.n, sizes.s) : sizes.n;
  return b.bytes ? sizes.GlobalBytes() : sizes.GlobalElements();
}

namespace {

bool Crosses(const Bound &b, const CallSizes &sizes) {
  if (b.cls == 'X') {
    bool p_matches = b.p_at_least ? sizes.p >= b.p : sizes.p == b.p;
    return sizes.s == b.s && p_matches && sizes.n > b.limit;
  }
  return GValue(b, sizes) > b.limit;
}

} // namespace

s64 CallSizes::GlobalElements() const {
  return times_p ? SaturatingMul(n, p) : n;
}

s64 CallSizes::GlobalBytes() const {
  return SaturatingMul(GlobalElements(), s);
}

void LoadBounds(const char *path) {
  bounds_path = path;
  char *data = nullptr;
  uptr size = 0, len = 0;
  error_t err;
  if (!ReadFileToBuffer(path, &data, &size, &len, 1 << 24, &err)) {
    Printf("==%d==ERROR: MPISync: cannot read the scaling bounds file '%s' "
           "(errno %d) in MPISYNC_OPTIONS\n",
           (int)internal_getpid(), path, err);
    internal__exit(1);
  }
  int lineno = 1;
  char *line = data;
  for (uptr i = 0; i <= len; i++) {
    if (i == len || data[i] == '\n') {
      if (i < len)
        data[i] = 0;
      else if (len < size)
        data[len] = 0;
      ParseLine(path, lineno++, line);
      line = data + i + 1;
    }
  }
  UnmapOrDie(data, size);
}

void CheckBoundCollectives(bool (*known)(const char *collective)) {
  for (uptr i = 0; i < num_bounds; i++)
    if (!known(bounds[i].collective))
      BoundsError(bounds_path, bounds[i].line,
                  "detectors G and X do not guard (see the list of "
                  "collectives)",
                  bounds[i].collective);
}

bool HasBounds(const char *collective) {
  for (uptr i = 0; i < num_bounds; i++)
    if (!internal_strcmp(bounds[i].collective, collective))
      return true;
  return false;
}

const Bound *CrossedBound(const char *collective, const CallSizes &sizes) {
  for (uptr i = 0; i < num_bounds; i++)
    if (!internal_strcmp(bounds[i].collective, collective) &&
        Crosses(bounds[i], sizes))
      return &bounds[i];
  return nullptr;
}

bool CrossesAny(const char *collective, const CallSizes &sizes) {
  return CrossedBound(collective, sizes) != nullptr;
}

s64 SafeCount(const char *collective, const CallSizes &sizes) {
  s64 safe = sizes.n;
  for (uptr i = 0; i < num_bounds; i++) {
    const Bound &b = bounds[i];
    if (internal_strcmp(b.collective, collective))
      continue;
    CallSizes one = sizes;
    one.n = 1;
    if (!Crosses(b, one) && !Crosses(b, sizes))
      continue; // holds at this s and P, or not here at all (X)
    if (Crosses(b, one))
      return 0;
    s64 per_element = b.cls == 'X' ? 1 : GValue(b, one);
    s64 count = b.limit / per_element;
    if (count < safe)
      safe = count;
  }
  return safe;
}

} // namespace scaling
} // namespace mpisync
