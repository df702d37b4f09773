// Detectors G and X of the scaling guard: the bounds file (written by
// tools/mpisync-bounds, format in docs/scaling-guard.md) and the test of a
// collective's sizes against it.
#ifndef MPISYNC_GUARD_BOUNDS_H
#define MPISYNC_GUARD_BOUNDS_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace scaling {

using __sanitizer::s64;
using __sanitizer::uptr;

// One line of the bounds file.
struct Bound {
  char collective[40]; // MPI_Igather: one name, one entry point
  char cls;            // 'G' (global buffer size) or 'X' (count at s, P)
  bool bytes;          // G: the bound is in bytes, else in elements ...
  bool message;        // ... of one message (s*n or n), else of G_b, G_e
  s64 s;               // X: the datatype size it holds for
  s64 p;               // X: the process count it holds for ...
  bool p_at_least;     // ... or from (P>=p)
  s64 limit;           // the problem appears past this value
  int line;            // in the file, for reports
};

// The sizes of one collective call, as Table V of the paper defines them:
// n elements of s bytes per message, P processes; the global buffer holds
// n*P elements (gather, scatter, allgather, alltoall families) or n
// (bcast, reduce, allreduce, reduce_scatter).
struct CallSizes {
  s64 n = 0, s = 0, p = 0;
  bool times_p = false;
  s64 GlobalElements() const;
  s64 GlobalBytes() const; // saturates at INT64_MAX
};

// Reads `path`; a line that does not parse stops the program with a
// one-line error naming the file and line.
void LoadBounds(const char *path);

// Stops the program (one line naming the file and line) at the first bound
// whose collective `known` rejects.
void CheckBoundCollectives(bool (*known)(const char *collective));

// Whether the file names `collective` (its entry point is guarded at all).
bool HasBounds(const char *collective);

// The value a G bound is on: G_e, G_b, n or s*n.
s64 GValue(const Bound &b, const CallSizes &sizes);

// The first bound of `collective` that `sizes` crosses, or null.
const Bound *CrossedBound(const char *collective, const CallSizes &sizes);

// The largest message count (elements per process) that stays within
// every bound of `collective` at datatype size s and P processes, for
// sizes.p processes of sizes.s bytes; 0 when even one element crosses.
s64 SafeCount(const char *collective, const CallSizes &sizes);

// Whether `sizes` crosses any bound of `collective` (SafeCount's test).
bool CrossesAny(const char *collective, const CallSizes &sizes);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_BOUNDS_H
