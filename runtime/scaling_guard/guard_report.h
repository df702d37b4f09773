// Reports of the scaling guard (kind scaling-guard) and its counts for
// stats=1.
#ifndef MPISYNC_GUARD_REPORT_H
#define MPISYNC_GUARD_REPORT_H

#include "guard_bounds.h"
#include "guard_options.h"

namespace mpisync {
namespace scaling {

enum class Detector { kD, kG, kX };

// One guarded call: what was found and what the guard did about it.
struct GuardEvent {
  Detector detector = Detector::kD;
  const char *collective = nullptr; // the program's call
  CallSizes sizes;                  // n, s, P of the call
  // G and X: the bound crossed.
  const Bound *bound = nullptr;
  // D: the first wrapped entry of which array, and its values.
  const char *array = nullptr;
  int index = -1;
  int raw = 0;
  s64 recovered = 0;
  s64 global_elements = 0; // D: the recovered extent of the global buffer
  s64 global_bytes = 0;
  // The strategy taken (kNone: passed through), and a line on how.
  Strategy strategy = Strategy::kNone;
  const char *how = "";
};

// Reports `e` once per call site and detector (this process's call). A D
// report is an error (the program computed wrong displacements: exit code
// 66); G and X reports are notices (the installed MPI's limit, avoided).
void ReportGuardEvent(const GuardEvent &e);

// Counts for stats=1.
enum GuardStat {
  kGuardChecked, // irregular collectives scanned by detector D
  kGuardD,       // ... with overflowed displacements here
  kGuardG,       // calls past a G bound
  kGuardX,       // calls past an X bound
  kGuardAvoided, // calls this process rewrote
  kGuardPassed,  // calls passed through unchanged despite a problem
  kNumGuardStats
};
void CountGuard(GuardStat stat);
// Appends the counts to the statistics of this process.
void PrintGuardStats();

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_REPORT_H
