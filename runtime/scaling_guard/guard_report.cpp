// Reports of the scaling guard in the sanitizer's format (guard_report.h).
#include "guard_report.h"

#include "../mpisync_flags.h"
#include "../mpisync_mpi_call.h"
#include "../mpisync_pending.h"
#include "../mpisync_report_desc.h"
#include "../mpisync_stack.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

atomic_uint64_t counts[kNumGuardStats];

const char *DetectorName(Detector d) {
  switch (d) {
  case Detector::kD:
    return "D";
  case Detector::kG:
    return "G";
  case Detector::kX:
    return "X";
  }
  return "?";
}

void DescribeProblem(const GuardEvent &e, InternalScopedString *out) {
  const CallSizes &z = e.sizes;
  if (e.detector == Detector::kD) {
    out->AppendF("%s: displacement overflow (detector D): %s[%d] = %d is "
                 "%lld before it wrapped around int; the global buffer "
                 "spans %lld elements (%lld bytes) over %lld processes\n",
                 e.collective, e.array, e.index, e.raw, (long long)e.recovered,
                 (long long)e.global_elements, (long long)e.global_bytes,
                 (long long)z.p);
    return;
  }
  const Bound &b = *e.bound;
  if (e.detector == Detector::kG)
    out->AppendF("%s: global buffer past a bound (detector G): %lld "
                 "elements of %lld bytes x %lld processes, %s = %lld > "
                 "%lld (bounds file line %d)\n",
                 e.collective, (long long)z.n, (long long)z.s, (long long)z.p,
                 b.message ? (b.bytes ? "s*n" : "n")
                           : (b.bytes ? "G_b" : "G_e"),
                 (long long)GValue(b, z), (long long)b.limit, b.line);
  else
    out->AppendF("%s: count past a bound (detector X): n = %lld > %lld at "
                 "s = %lld, P %s %lld (bounds file line %d)\n",
                 e.collective, (long long)z.n, (long long)b.limit,
                 (long long)z.s, b.p_at_least ? ">=" : "=", (long long)b.p,
                 b.line);
}

} // namespace

void CountGuard(GuardStat stat) {
  atomic_fetch_add(&counts[stat], 1, memory_order_relaxed);
}

void ReportGuardEvent(const GuardEvent &e) {
  MpiCall *call = CurrentMpiCall();
  if (!call)
    return;
  ErrorKind kind = ErrorKind::kScalingGuard;
  u32 stack = call->Stack();
  StateLock lock(&StateMutex());
  if (AlreadyReported(kind, call->pc(), (u32)e.detector + 1))
    return;
  if (Suppressed(kind, stack, 0))
    return;
  ReportDesc desc(kind);
  InternalScopedString &title = desc.AddStack("mpi_call", stack);
  DescribeProblem(e, &title);
  if (e.strategy == Strategy::kNone)
    title.AppendF("not avoided: %s; the call went to MPI unchanged, here:\n",
                  e.how);
  else
    title.AppendF("avoided with %s: %s, here:\n", StrategyName(e.strategy),
                  e.how);
  desc.SetSummary(stack, e.collective, stack);
  desc.mode = "scaling-guard";
  desc.AddModeField("detector", DetectorName(e.detector));
  desc.AddModeField("collective", e.collective);
  desc.AddModeField("n", nullptr, e.sizes.n);
  desc.AddModeField("s", nullptr, e.sizes.s);
  desc.AddModeField("P", nullptr, e.sizes.p);
  if (e.detector == Detector::kD) {
    desc.AddModeField("array", e.array);
    desc.AddModeField("index", nullptr, e.index);
    desc.AddModeField("displacement", nullptr, e.raw);
    desc.AddModeField("recovered", nullptr, e.recovered);
    desc.AddModeField("global_elements", nullptr, e.global_elements);
    desc.AddModeField("global_bytes", nullptr, e.global_bytes);
  } else {
    desc.AddModeField("global_elements", nullptr, e.sizes.GlobalElements());
    desc.AddModeField("global_bytes", nullptr, e.sizes.GlobalBytes());
    desc.AddModeField("bound", nullptr, e.bound->limit);
  }
  desc.AddModeField("strategy", e.strategy == Strategy::kNone
                                    ? "none"
                                    : StrategyName(e.strategy));
  // Detector D finds a bug of the program; G and X a limit of the library.
  desc.counts_as_error = e.detector == Detector::kD;
  EmitReport(desc);
}

void PrintGuardStats() {
  static const char *const kNames[kNumGuardStats] = {
      "irregular collectives checked (D)",
      "  with overflowed displacements",
      "calls past a G bound",
      "calls past an X bound",
      "calls rewritten to avoid a problem",
      "problems passed through"};
  InternalScopedString out;
  out.AppendF("MPISync scaling guard, rank %d:\n", WorldRank());
  for (int i = 0; i < kNumGuardStats; i++)
    out.AppendF(
        "  %-40s %llu\n", kNames[i],
        (unsigned long long)atomic_load(&counts[i], memory_order_relaxed));
  Printf("%s", out.data());
}

} // namespace scaling
} // namespace mpisync
