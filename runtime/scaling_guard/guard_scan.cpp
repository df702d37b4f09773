// Detector D on one call's displacement arrays (guard_scan.h).
#include "guard_scan.h"

#include "guard_comm.h"
#include "guard_displs.h"
#include "guard_internal.h"
#include "guard_report.h"
#include "mpisync_mapped_memory.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

Verdict ScanArray(const DisplArray &a, Scan *s) {
  // Without counts (an erroneous call) there is nothing to judge: MPI
  // reports it as usual.
  if (!a.displs || !a.counts || a.n <= 0)
    return kClean;
  s->c.resize(a.n);
  s->first_wrap = RecoverDisplacements(a.displs, a.counts, a.n, s->c.data());
  if (s->first_wrap < 0)
    return s->verdict = kClean;
  MPI_Aint unit = a.types ? 1 : Extent(a.type);
  bool any = false;
  for (int i = 0; i < a.n; i++) {
    s64 count = a.counts ? a.counts[i] : 0;
    if (count <= 0)
      continue;
    MPI_Aint ext = a.types ? Extent(a.types[i]) : unit;
    s64 lo = s->c[i] * unit, hi = lo + count * ext;
    if (!any || lo < s->lo)
      s->lo = lo;
    if (!any || hi > s->hi)
      s->hi = hi;
    any = true;
  }
  s->verdict = kWrapped;
  if (any && a.buf && a.buf != MPI_IN_PLACE &&
      !RangeMapped((uptr)a.buf + s->lo, s->hi - s->lo))
    s->verdict = kBeyondBuffer;
  return s->verdict;
}

void ReportScan(const char *collective, const DisplArray *arrays,
                const Scan *scans, int n, Strategy strategy, const char *how) {
  for (int k = 0; k < n; k++) {
    const Scan &s = scans[k];
    if (s.verdict == kClean)
      continue;
    const DisplArray &a = arrays[k];
    GuardEvent e;
    e.detector = Detector::kD;
    e.collective = collective;
    e.array = a.name;
    e.index = s.first_wrap;
    e.raw = a.displs[s.first_wrap];
    e.recovered = s.c[s.first_wrap];
    s64 unit = a.types ? 1 : Extent(a.type);
    e.global_bytes = s.hi - s.lo;
    e.global_elements = unit > 0 ? e.global_bytes / unit : e.global_bytes;
    e.sizes.s = a.types ? 1 : TypeSize(a.type);
    e.sizes.p = a.n;
    for (int i = 0; i < a.n; i++)
      if (a.counts && a.counts[i] > e.sizes.n)
        e.sizes.n = a.counts[i];
    e.strategy = strategy;
    e.how = how;
    ReportGuardEvent(e);
    return;
  }
}

Wide Widen(const DisplArray &a, const Scan &s, Form form,
           ScratchVector<char> *scratch) {
  Wide w;
  if (!a.displs || !a.counts || a.n <= 0)
    return w;
  uptr bytes = (uptr)a.n * (sizeof(MPI_Count) + sizeof(MPI_Aint));
  char *mem;
  if (form == Form::kBlocking) {
    scratch->resize(bytes);
    mem = scratch->data();
  } else {
    mem = (char *)RetainedAlloc(bytes);
  }
  w.counts = (MPI_Count *)mem;
  w.displs = (MPI_Aint *)(mem + (uptr)a.n * sizeof(MPI_Count));
  for (int i = 0; i < a.n; i++) {
    w.counts[i] = a.counts[i];
    w.displs[i] = s.verdict == kClean ? a.displs[i] : s.c[i];
  }
  return w;
}

Verdict Decide(Form form, MPI_Comm comm, const DisplArray *arrays, Scan *scans,
               int n) {
  CountGuard(kGuardChecked);
  s64 v = kClean;
  for (int k = 0; k < n; k++) {
    Verdict one = ScanArray(arrays[k], &scans[k]);
    if (one > v)
      v = one;
  }
  if (v != kClean)
    CountGuard(kGuardD);
  if (form == Form::kBlocking)
    AgreeMax(comm, &v, 1);
  return (Verdict)v;
}

const char *const kBeyondHow =
    "the recovered displacements reach past the mapped memory of the buffer "
    "(the array does not follow the non-descending convention the recovery "
    "assumes)";

Strategy LargeCountOnly(Form form, const char *name, char *how, uptr how_size) {
  Strategy req = RequestedStrategy();
  if (req == Strategy::kNone) {
    internal_snprintf(how, how_size, "scaling_strategy=none");
    return Strategy::kNone;
  }
  if (req == Strategy::kAuto || req == Strategy::kLargeCount)
    internal_snprintf(how, how_size, "%s_c with MPI_Aint displacements", name);
  else
    internal_snprintf(how, how_size,
                      "%s_c with MPI_Aint displacements (%s does not apply "
                      "to %s%s)",
                      name, StrategyName(req), name,
                      form == Form::kBlocking ? ""
                                              : ", which stays nonblocking");
  return Strategy::kLargeCount;
}

void CountOutcome(Verdict v, Strategy strategy) {
  if (v == kClean)
    return;
  CountGuard(strategy == Strategy::kNone || v == kBeyondBuffer ? kGuardPassed
                                                               : kGuardAvoided);
}

bool NeedsLargeCount(Form form, MPI_Comm comm, const char *name,
                     const DisplArray *arrays, Scan *scans, int n) {
  Verdict v = Decide(form, comm, arrays, scans, n);
  if (v == kClean)
    return false;
  char how[200];
  Strategy st = LargeCountOnly(form, name, how, sizeof(how));
  if (v == kBeyondBuffer)
    st = Strategy::kNone;
  ReportScan(name, arrays, scans, n, st, v == kBeyondBuffer ? kBeyondHow : how);
  CountOutcome(v, st);
  return st == Strategy::kLargeCount;
}

int CommSize(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}

bool Guardable(MPI_Comm comm) {
  return comm != MPI_COMM_NULL && !IsInter(comm);
}

} // namespace scaling
} // namespace mpisync
