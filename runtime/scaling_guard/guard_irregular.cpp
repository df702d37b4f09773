// Detector D on the irregular collectives (Gatherv, Scatterv, Allgatherv,
// Alltoallv, Alltoallw, the neighbourhood v and w forms; blocking,
// nonblocking and persistent) and its avoidance.
//
// Blocking forms: every process scans its own arrays and the verdict is
// agreed with one MPI_Allreduce on the guard's duplicate communicator, so
// all take the same path; then the strategy runs. Nonblocking and
// persistent forms cannot wait for the other processes without becoming
// blocking: each process decides on its own arrays and, if they wrapped,
// calls the large-count form with MPI_Aint displacements (the others call
// the int form; MPICH matches the two, see docs/scaling-guard.md).
#include "guard_irregular.h"

#include "../mpisync_scratch.h"
#include "guard_comm.h"
#include "guard_displs.h"
#include "guard_internal.h"
#include "guard_report.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_procmaps.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

constexpr s64 kIntMax = 2147483647;

enum class Form { kBlocking, kNonblocking, kPersistent };

// One displacement array of a call as this process passed it.
struct DisplArray {
  const char *name = nullptr; // "displs", "sdispls", "rdispls"
  const int *counts = nullptr;
  const int *displs = nullptr;
  int n = 0;
  const void *buf = nullptr;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  const MPI_Datatype *types = nullptr; // w forms: per entry, byte displs
};

// What detector D made of one array.
enum Verdict : s64 { kClean = 0, kWrapped = 1, kBeyondBuffer = 2 };
struct Scan {
  ScratchVector<s64> c; // the recovered displacements
  int first_wrap = -1;
  s64 lo = 0, hi = 0; // the recovered byte range, relative to buf
  Verdict verdict = kClean;
};

// Whether [lo, hi) is mapped memory of this process (the buffer's size as
// far as the guard can know it). Read only when an array wrapped.
bool RangeMapped(uptr lo, uptr hi) {
  MemoryMappingLayout maps(/*cache_enabled=*/false);
  MemoryMappedSegment segment;
  uptr covered = lo;
  while (maps.Next(&segment)) {
    if (segment.start <= covered && covered < segment.end)
      covered = segment.end;
    if (covered >= hi)
      return true;
  }
  return false;
}

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
      !RangeMapped((uptr)a.buf + s->lo, (uptr)a.buf + s->hi))
    s->verdict = kBeyondBuffer;
  return s->verdict;
}

// The report of this process's first wrapped array, if any.
void ReportScan(const char *collective, const DisplArray *arrays,
                const Scan *scans, int n, Strategy strategy,
                const char *how) {
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

// The MPI_Count and MPI_Aint copies of an array for a large-count call:
// scratch memory for a blocking call, retained for the others (MPI reads
// them until the operation completes).
struct Wide {
  MPI_Count *counts = nullptr;
  MPI_Aint *displs = nullptr;
};

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

// The verdict of the call: this process's, or for a blocking call the
// worst over the communicator.
Verdict Decide(Form form, MPI_Comm comm, const DisplArray *arrays,
               Scan *scans, int n) {
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

const char *kBeyondHow =
    "the recovered displacements reach past the mapped memory of the buffer "
    "(the array does not follow the non-descending convention the recovery "
    "assumes)";

// Strategy for a D problem of a collective that only has large_count.
Strategy LargeCountOnly(Form form, const char *name, char *how,
                        uptr how_size) {
  Strategy req = RequestedStrategy();
  if (req == Strategy::kNone) {
    internal_snprintf(how, how_size, "scaling_strategy=none");
    return Strategy::kNone;
  }
  if (req == Strategy::kAuto || req == Strategy::kLargeCount)
    internal_snprintf(how, how_size, "%s_c with MPI_Aint displacements",
                      name);
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

// ---------------------------------------------------------------------------
// Gatherv and Scatterv: the root's array side and every process's block.

struct RootedV {
  bool gather; // MPI_Gatherv (else MPI_Scatterv)
  Form form;
  const char *name;
  void *vbuf; // the root's buffer with counts and displacements
  const int *vcounts, *vdispls;
  MPI_Datatype vtype;
  void *buf; // this process's own block (MPI_IN_PLACE at the root)
  int count;
  MPI_Datatype type;
  int root;
  MPI_Comm comm;
  MPI_Info info;
  MPI_Request *request;
};

int CallRootedV(const RootedV &r, void *vbuf, const int *counts,
                const int *displs, MPI_Datatype vtype, void *buf, int count,
                MPI_Datatype type, int root, MPI_Comm comm) {
  if (r.gather) {
    switch (r.form) {
    case Form::kBlocking:
      return below.MPI_Gatherv(buf, count, type, vbuf, counts, displs, vtype,
                               root, comm);
    case Form::kNonblocking:
      return below.MPI_Igatherv(buf, count, type, vbuf, counts, displs,
                                vtype, root, comm, r.request);
    case Form::kPersistent:
      return below.MPI_Gatherv_init(buf, count, type, vbuf, counts, displs,
                                    vtype, root, comm, r.info, r.request);
    }
  }
  switch (r.form) {
  case Form::kBlocking:
    return below.MPI_Scatterv(vbuf, counts, displs, vtype, buf, count, type,
                              root, comm);
  case Form::kNonblocking:
    return below.MPI_Iscatterv(vbuf, counts, displs, vtype, buf, count, type,
                               root, comm, r.request);
  case Form::kPersistent:
    return below.MPI_Scatterv_init(vbuf, counts, displs, vtype, buf, count,
                                   type, root, comm, r.info, r.request);
  }
  return MPI_ERR_INTERN;
}

int CallRootedVLarge(const RootedV &r, const Wide &w) {
  if (r.gather) {
    switch (r.form) {
    case Form::kBlocking:
      return below.MPI_Gatherv_c(r.buf, r.count, r.type, r.vbuf, w.counts,
                                 w.displs, r.vtype, r.root, r.comm);
    case Form::kNonblocking:
      return below.MPI_Igatherv_c(r.buf, r.count, r.type, r.vbuf, w.counts,
                                  w.displs, r.vtype, r.root, r.comm,
                                  r.request);
    case Form::kPersistent:
      return below.MPI_Gatherv_init_c(r.buf, r.count, r.type, r.vbuf,
                                      w.counts, w.displs, r.vtype, r.root,
                                      r.comm, r.info, r.request);
    }
  }
  switch (r.form) {
  case Form::kBlocking:
    return below.MPI_Scatterv_c(r.vbuf, w.counts, w.displs, r.vtype, r.buf,
                                r.count, r.type, r.root, r.comm);
  case Form::kNonblocking:
    return below.MPI_Iscatterv_c(r.vbuf, w.counts, w.displs, r.vtype, r.buf,
                                 r.count, r.type, r.root, r.comm, r.request);
  case Form::kPersistent:
    return below.MPI_Scatterv_init_c(r.vbuf, w.counts, w.displs, r.vtype,
                                     r.buf, r.count, r.type, r.root, r.comm,
                                     r.info, r.request);
  }
  return MPI_ERR_INTERN;
}

int CallOriginal(const RootedV &r) {
  return CallRootedV(r, r.vbuf, r.vcounts, r.vdispls, r.vtype, r.buf,
                     r.count, r.type, r.root, r.comm);
}

// Segments of the root's recovered array: ranks [starts[j], starts[j+1])
// whose displacements lie within INT_MAX of the segment's first one.
int Segments(const RootedV &r, const Scan &s, int size,
             ScratchVector<int> *starts, ScratchVector<s64> *bases) {
  starts->clear();
  bases->clear();
  bool open = false;
  for (int i = 0; i < size; i++) {
    bool data = r.vcounts[i] > 0;
    if (i == 0 || (data && open && s.c[i] - bases->back() > kIntMax)) {
      starts->push_back(i);
      bases->push_back(0);
      open = false;
    }
    if (data && !open) {
      bases->back() = s.c[i];
      open = true;
    }
  }
  int n = (int)starts->size();
  starts->push_back(size);
  return n;
}

// The root's counts and displacements of segment j, relative to its base;
// entries outside the segment (and the root's own when it sends nothing in
// this segment) are empty.
void SegmentArrays(const RootedV &r, const Scan &s, const int *starts,
                   s64 base, int j, const int *members, int m, int *counts,
                   int *displs) {
  for (int k = 0; k < m; k++) {
    int i = members[k];
    bool inside = i >= starts[j] && i < starts[j + 1];
    counts[k] = inside ? r.vcounts[i] : 0;
    displs[k] = inside && r.vcounts[i] > 0 ? (int)(s.c[i] - base) : 0;
  }
}

int SegmentOf(const int *starts, int nseg, int rank) {
  for (int j = 0; j < nseg; j++)
    if (rank < starts[j + 1])
      return j;
  return nseg - 1;
}

// W1-B for D: one call per segment over the whole communicator, the
// receive (send) buffer moved to the segment's base; processes outside the
// segment move nothing.
int RoundsV(const RootedV &r, const Scan &s, int rank, int size, int nseg) {
  ScratchVector<int> starts(nseg + 1);
  ScratchVector<s64> bases;
  if (rank == r.root) {
    ScratchVector<int> root_starts;
    Segments(r, s, size, &root_starts, &bases);
    internal_memcpy(starts.data(), root_starts.data(),
                    sizeof(int) * (nseg + 1));
  }
  PMPI_Bcast(starts.data(), nseg + 1, MPI_INT, r.root, GuardComm(r.comm));
  ScratchVector<int> all(size), counts(size), displs(size);
  for (int i = 0; i < size; i++)
    all[i] = i;
  MPI_Aint ext = Extent(r.vtype);
  int mine = SegmentOf(starts.data(), nseg, rank);
  int rc = MPI_SUCCESS;
  for (int j = 0; j < nseg && rc == MPI_SUCCESS; j++) {
    void *vbuf = r.vbuf;
    if (rank == r.root) {
      SegmentArrays(r, s, starts.data(), bases[j], j, all.data(), size,
                    counts.data(), displs.data());
      vbuf = Offset(r.vbuf, bases[j], ext);
    }
    int count = j == mine ? r.count : 0;
    rc = CallRootedV(r, vbuf, counts.data(), displs.data(), r.vtype, r.buf,
                     count, r.type, r.root, r.comm);
  }
  return rc;
}

// W1-A for D: one sub-communicator per segment, holding the segment's
// processes and the root; the root takes part in each, every other process
// in its own.
int SplitV(const RootedV &r, const Scan &s, int rank, int size, int nseg) {
  ScratchVector<int> starts(nseg + 1);
  ScratchVector<s64> bases;
  if (rank == r.root) {
    ScratchVector<int> root_starts;
    Segments(r, s, size, &root_starts, &bases);
    internal_memcpy(starts.data(), root_starts.data(),
                    sizeof(int) * (nseg + 1));
  }
  MPI_Comm guard = GuardComm(r.comm);
  PMPI_Bcast(starts.data(), nseg + 1, MPI_INT, r.root, guard);
  MPI_Group group;
  PMPI_Comm_group(guard, &group);
  ScratchVector<int> members(size + 1), counts(size + 1), displs(size + 1);
  MPI_Aint ext = Extent(r.vtype);
  int mine = SegmentOf(starts.data(), nseg, rank);
  int rc = MPI_SUCCESS;
  for (int j = 0; j < nseg && rc == MPI_SUCCESS; j++) {
    if (rank != r.root && j != mine)
      continue;
    int m = 0, sub_root = 0;
    bool root_inside = r.root >= starts[j] && r.root < starts[j + 1];
    if (!root_inside)
      members[m++] = r.root;
    for (int i = starts[j]; i < starts[j + 1]; i++) {
      if (i == r.root)
        sub_root = m;
      members[m++] = i;
    }
    MPI_Group sub_group;
    MPI_Comm sub = MPI_COMM_NULL;
    PMPI_Group_incl(group, m, members.data(), &sub_group);
    PMPI_Comm_create_group(guard, sub_group, j, &sub);
    PMPI_Group_free(&sub_group);
    void *vbuf = r.vbuf;
    if (rank == r.root) {
      SegmentArrays(r, s, starts.data(), bases[j], j, members.data(), m,
                    counts.data(), displs.data());
      vbuf = Offset(r.vbuf, bases[j], ext);
    }
    int count = j == mine ? r.count : 0;
    rc = CallRootedV(r, vbuf, counts.data(), displs.data(), r.vtype, r.buf,
                     count, r.type, sub_root, sub);
    PMPI_Comm_free(&sub);
  }
  PMPI_Group_free(&group);
  return rc;
}

s64 Gcd(s64 a, s64 b) {
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    s64 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// W2 for D: the root's gcd g of counts and recovered displacements; g > 1
// and every displacement / g within int make a big type of g elements work.
s64 BigtypeGcd(const RootedV &r, const Scan &s, int size) {
  s64 g = 0;
  for (int i = 0; i < size; i++)
    if (r.vcounts[i] > 0)
      g = Gcd(Gcd(g, r.vcounts[i]), s.c[i]);
  if (g <= 1)
    return 0;
  for (int i = 0; i < size; i++)
    if (r.vcounts[i] > 0 && (s.c[i] / g > kIntMax || s.c[i] / g < -kIntMax))
      return 0;
  return g;
}

int BigtypeV(const RootedV &r, const Scan &s, int rank, int size, s64 g) {
  MPI_Datatype vbig = MPI_DATATYPE_NULL, big = MPI_DATATYPE_NULL;
  ScratchVector<int> counts, displs;
  if (rank == r.root) {
    counts.resize(size);
    displs.resize(size);
    for (int i = 0; i < size; i++) {
      counts[i] = (int)(r.vcounts[i] / g);
      displs[i] = r.vcounts[i] > 0 ? (int)(s.c[i] / g) : 0;
    }
    vbig = BlockType(g, r.vtype, g * Extent(r.vtype));
  }
  if (r.buf != MPI_IN_PLACE)
    big = BlockType(g, r.type, g * Extent(r.type));
  int rc = CallRootedV(r, r.vbuf, counts.data(), displs.data(),
                       rank == r.root ? vbig : r.vtype, r.buf,
                       (int)(r.count / g), r.buf != MPI_IN_PLACE ? big : r.type,
                       r.root, r.comm);
  FreeType(&vbig);
  FreeType(&big);
  return rc;
}

int GuardRootedV(const RootedV &r) {
  if (r.comm == MPI_COMM_NULL || IsInter(r.comm))
    return CallOriginal(r);
  int rank = 0, size = 0;
  PMPI_Comm_rank(r.comm, &rank);
  PMPI_Comm_size(r.comm, &size);
  DisplArray a;
  if (rank == r.root) {
    a.name = "displs";
    a.counts = r.vcounts;
    a.displs = r.vdispls;
    a.n = size;
    a.buf = r.vbuf;
    a.type = r.vtype;
  }
  Scan s;
  // The agreement carries the verdict and, from the root, the number of
  // segments and the gcd the other strategies need.
  CountGuard(kGuardChecked);
  s64 v[3] = {ScanArray(a, &s), 0, 0};
  if (v[0] != kClean)
    CountGuard(kGuardD);
  Strategy req = RequestedStrategy();
  if (r.form != Form::kBlocking) {
    char how[160];
    Strategy st = LargeCountOnly(r.form, r.name, how, sizeof(how));
    if (v[0] == kBeyondBuffer)
      st = Strategy::kNone;
    ReportScan(r.name, &a, &s, 1, st, v[0] == kBeyondBuffer ? kBeyondHow : how);
    CountOutcome((Verdict)v[0], st);
    if (v[0] != kWrapped || st == Strategy::kNone)
      return CallOriginal(r);
    ScratchVector<char> scratch;
    return CallRootedVLarge(r, Widen(a, s, r.form, &scratch));
  }
  ScratchVector<int> starts;
  ScratchVector<s64> bases;
  if (v[0] == kWrapped) {
    v[1] = Segments(r, s, size, &starts, &bases);
    v[2] = BigtypeGcd(r, s, size);
  }
  AgreeMax(r.comm, v, 3);
  if (v[0] == kClean)
    return CallOriginal(r);
  Strategy st = req == Strategy::kAuto ? Strategy::kLargeCount : req;
  char how[200];
  if (v[0] == kBeyondBuffer)
    st = Strategy::kNone;
  if (st == Strategy::kBigtype) {
    // Every process's own block must divide into big elements too.
    s64 bad = v[2] == 0 || (r.buf != MPI_IN_PLACE && r.count % v[2] != 0);
    AgreeMax(r.comm, &bad, 1);
    if (bad) {
      st = Strategy::kLargeCount;
      internal_snprintf(how, sizeof(how),
                        "%s_c with MPI_Aint displacements (bigtype (W2) does "
                        "not apply: no common divisor > 1 of the counts and "
                        "displacements)",
                        r.name);
    } else {
      internal_snprintf(how, sizeof(how),
                        "%s with a contiguous datatype of %lld elements (the "
                        "gcd of counts and displacements)",
                        r.name, (long long)v[2]);
    }
  } else if (st == Strategy::kRounds) {
    internal_snprintf(how, sizeof(how),
                      "%lld round(s) of %s, one per segment of the buffer "
                      "within INT_MAX elements",
                      (long long)v[1], r.name);
  } else if (st == Strategy::kSplit) {
    internal_snprintf(how, sizeof(how),
                      "%lld sub-communicator(s) holding the root, one %s each",
                      (long long)v[1], r.name);
  } else if (st == Strategy::kLargeCount) {
    internal_snprintf(how, sizeof(how), "%s_c with MPI_Aint displacements",
                      r.name);
  } else {
    internal_snprintf(how, sizeof(how), "%s",
                      v[0] == kBeyondBuffer ? kBeyondHow
                                            : "scaling_strategy=none");
  }
  ReportScan(r.name, &a, &s, 1, st, how);
  CountOutcome((Verdict)v[0], st);
  switch (st) {
  case Strategy::kRounds:
    return RoundsV(r, s, rank, size, (int)v[1]);
  case Strategy::kSplit:
    return SplitV(r, s, rank, size, (int)v[1]);
  case Strategy::kBigtype:
    return BigtypeV(r, s, rank, size, v[2]);
  case Strategy::kLargeCount: {
    ScratchVector<char> scratch;
    return CallRootedVLarge(r, Widen(a, s, r.form, &scratch));
  }
  default:
    return CallOriginal(r);
  }
}

RootedV Gatherv(Form form, const char *name, const void *sendbuf,
                int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int *recvcounts, const int *displs,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                MPI_Request *request) {
  return RootedV{true,      form,     name,      recvbuf, recvcounts,
                 displs,    recvtype, (void *)sendbuf,    sendcount,
                 sendtype,  root,     comm,      info,    request};
}

RootedV Scatterv(Form form, const char *name, const void *sendbuf,
                 const int *sendcounts, const int *displs,
                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Info info, MPI_Request *request) {
  return RootedV{false,     form,     name,    (void *)sendbuf, sendcounts,
                 displs,    sendtype, recvbuf, recvcount,       recvtype,
                 root,      comm,     info,    request};
}

int GuardGatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return GuardRootedV(Gatherv(Form::kBlocking, "MPI_Gatherv", sendbuf,
                              sendcount, sendtype, recvbuf, recvcounts,
                              displs, recvtype, root, comm, MPI_INFO_NULL,
                              nullptr));
}
int GuardIgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, const int recvcounts[], const int displs[],
                  MPI_Datatype recvtype, int root, MPI_Comm comm,
                  MPI_Request *request) {
  return GuardRootedV(Gatherv(Form::kNonblocking, "MPI_Igatherv", sendbuf,
                              sendcount, sendtype, recvbuf, recvcounts,
                              displs, recvtype, root, comm, MPI_INFO_NULL,
                              request));
}
int GuardGathervInit(const void *sendbuf, int sendcount,
                     MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request) {
  return GuardRootedV(Gatherv(Form::kPersistent, "MPI_Gatherv_init", sendbuf,
                              sendcount, sendtype, recvbuf, recvcounts,
                              displs, recvtype, root, comm, info, request));
}
int GuardScatterv(const void *sendbuf, const int sendcounts[],
                  const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root,
                  MPI_Comm comm) {
  return GuardRootedV(Scatterv(Form::kBlocking, "MPI_Scatterv", sendbuf,
                               sendcounts, displs, sendtype, recvbuf,
                               recvcount, recvtype, root, comm,
                               MPI_INFO_NULL, nullptr));
}
int GuardIscatterv(const void *sendbuf, const int sendcounts[],
                   const int displs[], MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root,
                   MPI_Comm comm, MPI_Request *request) {
  return GuardRootedV(Scatterv(Form::kNonblocking, "MPI_Iscatterv", sendbuf,
                               sendcounts, displs, sendtype, recvbuf,
                               recvcount, recvtype, root, comm,
                               MPI_INFO_NULL, request));
}
int GuardScattervInit(const void *sendbuf, const int sendcounts[],
                      const int displs[], MPI_Datatype sendtype,
                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                      int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request) {
  return GuardRootedV(Scatterv(Form::kPersistent, "MPI_Scatterv_init",
                               sendbuf, sendcounts, displs, sendtype, recvbuf,
                               recvcount, recvtype, root, comm, info,
                               request));
}

// ---------------------------------------------------------------------------
// The other irregular collectives: every process has its own arrays, so
// the only strategy that needs no agreement on a layout is the large-count
// form (Li et al.'s W1-A is restricted for the alltoall family, and
// per-process segments differ).

// Runs D on `arrays` and, if they wrapped anywhere, returns true with the
// strategy's report made; `st` says whether to take the large-count call.
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

int GuardAllgathervAny(Form form, const char *name, const void *sendbuf,
                       int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[],
                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request) {
  auto original = [&]() {
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf,
                                  recvcounts, displs, recvtype, comm);
    case Form::kNonblocking:
      return below.MPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf,
                                   recvcounts, displs, recvtype, comm,
                                   request);
    default:
      return below.MPI_Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf,
                                       recvcounts, displs, recvtype, comm,
                                       info, request);
    }
  };
  if (!Guardable(comm))
    return original();
  DisplArray a;
  a.name = "displs";
  a.counts = recvcounts;
  a.displs = displs;
  a.n = CommSize(comm);
  a.buf = recvbuf;
  a.type = recvtype;
  Scan s;
  if (!NeedsLargeCount(form, comm, name, &a, &s, 1))
    return original();
  ScratchVector<char> scratch;
  Wide w = Widen(a, s, form, &scratch);
  switch (form) {
  case Form::kBlocking:
    return below.MPI_Allgatherv_c(sendbuf, sendcount, sendtype, recvbuf,
                                  w.counts, w.displs, recvtype, comm);
  case Form::kNonblocking:
    return below.MPI_Iallgatherv_c(sendbuf, sendcount, sendtype, recvbuf,
                                   w.counts, w.displs, recvtype, comm,
                                   request);
  default:
    return below.MPI_Allgatherv_init_c(sendbuf, sendcount, sendtype, recvbuf,
                                       w.counts, w.displs, recvtype, comm,
                                       info, request);
  }
}

int GuardAllgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, const int recvcounts[], const int displs[],
                    MPI_Datatype recvtype, MPI_Comm comm) {
  return GuardAllgathervAny(Form::kBlocking, "MPI_Allgatherv", sendbuf,
                            sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, comm, MPI_INFO_NULL, nullptr);
}
int GuardIallgatherv(const void *sendbuf, int sendcount,
                     MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request *request) {
  return GuardAllgathervAny(Form::kNonblocking, "MPI_Iallgatherv", sendbuf,
                            sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, comm, MPI_INFO_NULL, request);
}
int GuardAllgathervInit(const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request) {
  return GuardAllgathervAny(Form::kPersistent, "MPI_Allgatherv_init", sendbuf,
                            sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, comm, info, request);
}

// The alltoall v and w forms and the neighbourhood ones: send and receive
// arrays of `nsend` and `nrecv` entries. MPI_IN_PLACE as the send buffer
// makes the send arrays insignificant.
struct Exchange {
  const void *sendbuf;
  const int *sendcounts, *sdispls;
  MPI_Datatype sendtype;
  const MPI_Datatype *sendtypes;
  void *recvbuf;
  const int *recvcounts, *rdispls;
  MPI_Datatype recvtype;
  const MPI_Datatype *recvtypes;
  int nsend, nrecv;
};

void ExchangeArrays(const Exchange &x, DisplArray *a) {
  a[0].name = "sdispls";
  if (x.sendbuf != MPI_IN_PLACE) {
    a[0].counts = x.sendcounts;
    a[0].displs = x.sdispls;
    a[0].n = x.nsend;
  }
  a[0].buf = x.sendbuf;
  a[0].type = x.sendtype;
  a[0].types = x.sendtypes;
  a[1].name = "rdispls";
  a[1].counts = x.recvcounts;
  a[1].displs = x.rdispls;
  a[1].n = x.nrecv;
  a[1].buf = x.recvbuf;
  a[1].type = x.recvtype;
  a[1].types = x.recvtypes;
}

// The neighbourhood sizes of a communicator with a topology.
void NeighborCounts(MPI_Comm comm, int *in, int *out) {
  int topo = MPI_UNDEFINED;
  *in = *out = 0;
  PMPI_Topo_test(comm, &topo);
  if (topo == MPI_DIST_GRAPH) {
    int weighted = 0;
    PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted);
  } else if (topo == MPI_GRAPH) {
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Graph_neighbors_count(comm, rank, in);
    *out = *in;
  } else if (topo == MPI_CART) {
    int ndims = 0;
    PMPI_Cartdim_get(comm, &ndims);
    *in = *out = 2 * ndims;
  }
}

// MPI_Neighbor_alltoallw takes MPI_Aint displacements already: D has
// nothing to find there.
enum class ExchangeKind { kAlltoallv, kAlltoallw, kNeighborV };

// Calls the program's collective (large == false) or its large-count form
// with the widened arrays.
int CallExchange(ExchangeKind kind, bool neighbor_allgather, Form form,
                 const Exchange &x, MPI_Comm comm, MPI_Info info,
                 MPI_Request *request, const Wide *w) {
  // Neighbor_allgatherv has one receive array and a plain send block.
  if (neighbor_allgather) {
    int sendcount = x.nsend;
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Neighbor_allgatherv(x.sendbuf, sendcount, x.sendtype,
                                             x.recvbuf, x.recvcounts,
                                             x.rdispls, x.recvtype, comm);
      case Form::kNonblocking:
        return below.MPI_Ineighbor_allgatherv(
            x.sendbuf, sendcount, x.sendtype, x.recvbuf, x.recvcounts,
            x.rdispls, x.recvtype, comm, request);
      default:
        return below.MPI_Neighbor_allgatherv_init(
            x.sendbuf, sendcount, x.sendtype, x.recvbuf, x.recvcounts,
            x.rdispls, x.recvtype, comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Neighbor_allgatherv_c(x.sendbuf, sendcount, x.sendtype,
                                             x.recvbuf, w[1].counts,
                                             w[1].displs, x.recvtype, comm);
    case Form::kNonblocking:
      return below.MPI_Ineighbor_allgatherv_c(
          x.sendbuf, sendcount, x.sendtype, x.recvbuf, w[1].counts,
          w[1].displs, x.recvtype, comm, request);
    default:
      return below.MPI_Neighbor_allgatherv_init_c(
          x.sendbuf, sendcount, x.sendtype, x.recvbuf, w[1].counts,
          w[1].displs, x.recvtype, comm, info, request);
    }
  }
  const MPI_Count *sc = w ? w[0].counts : nullptr;
  const MPI_Aint *sd = w ? w[0].displs : nullptr;
  const MPI_Count *rc = w ? w[1].counts : nullptr;
  const MPI_Aint *rd = w ? w[1].displs : nullptr;
  const MPI_Datatype st = x.sendtype, rt = x.recvtype;
  const MPI_Datatype *sts = x.sendtypes, *rts = x.recvtypes;
  switch (kind) {
  case ExchangeKind::kAlltoallv:
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Alltoallv(x.sendbuf, x.sendcounts, x.sdispls, st,
                                   x.recvbuf, x.recvcounts, x.rdispls, rt,
                                   comm);
      case Form::kNonblocking:
        return below.MPI_Ialltoallv(x.sendbuf, x.sendcounts, x.sdispls, st,
                                    x.recvbuf, x.recvcounts, x.rdispls, rt,
                                    comm, request);
      default:
        return below.MPI_Alltoallv_init(x.sendbuf, x.sendcounts, x.sdispls,
                                        st, x.recvbuf, x.recvcounts,
                                        x.rdispls, rt, comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Alltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf, rc, rd,
                                   rt, comm);
    case Form::kNonblocking:
      return below.MPI_Ialltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf, rc, rd,
                                    rt, comm, request);
    default:
      return below.MPI_Alltoallv_init_c(x.sendbuf, sc, sd, st, x.recvbuf, rc,
                                        rd, rt, comm, info, request);
    }
  case ExchangeKind::kAlltoallw:
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Alltoallw(x.sendbuf, x.sendcounts, x.sdispls, sts,
                                   x.recvbuf, x.recvcounts, x.rdispls, rts,
                                   comm);
      case Form::kNonblocking:
        return below.MPI_Ialltoallw(x.sendbuf, x.sendcounts, x.sdispls, sts,
                                    x.recvbuf, x.recvcounts, x.rdispls, rts,
                                    comm, request);
      default:
        return below.MPI_Alltoallw_init(x.sendbuf, x.sendcounts, x.sdispls,
                                        sts, x.recvbuf, x.recvcounts,
                                        x.rdispls, rts, comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Alltoallw_c(x.sendbuf, sc, sd, sts, x.recvbuf, rc, rd,
                                   rts, comm);
    case Form::kNonblocking:
      return below.MPI_Ialltoallw_c(x.sendbuf, sc, sd, sts, x.recvbuf, rc, rd,
                                    rts, comm, request);
    default:
      return below.MPI_Alltoallw_init_c(x.sendbuf, sc, sd, sts, x.recvbuf, rc,
                                        rd, rts, comm, info, request);
    }
  case ExchangeKind::kNeighborV:
    if (!w) {
      switch (form) {
      case Form::kBlocking:
        return below.MPI_Neighbor_alltoallv(x.sendbuf, x.sendcounts,
                                            x.sdispls, st, x.recvbuf,
                                            x.recvcounts, x.rdispls, rt, comm);
      case Form::kNonblocking:
        return below.MPI_Ineighbor_alltoallv(
            x.sendbuf, x.sendcounts, x.sdispls, st, x.recvbuf, x.recvcounts,
            x.rdispls, rt, comm, request);
      default:
        return below.MPI_Neighbor_alltoallv_init(
            x.sendbuf, x.sendcounts, x.sdispls, st, x.recvbuf, x.recvcounts,
            x.rdispls, rt, comm, info, request);
      }
    }
    switch (form) {
    case Form::kBlocking:
      return below.MPI_Neighbor_alltoallv_c(x.sendbuf, sc, sd, st, x.recvbuf,
                                            rc, rd, rt, comm);
    case Form::kNonblocking:
      return below.MPI_Ineighbor_alltoallv_c(x.sendbuf, sc, sd, st,
                                             x.recvbuf, rc, rd, rt, comm,
                                             request);
    default:
      return below.MPI_Neighbor_alltoallv_init_c(x.sendbuf, sc, sd, st,
                                                 x.recvbuf, rc, rd, rt, comm,
                                                 info, request);
    }
  }
  return MPI_ERR_INTERN;
}

int GuardExchange(ExchangeKind kind, bool neighbor_allgather, Form form,
                  const char *name, const Exchange &given, MPI_Comm comm,
                  MPI_Info info, MPI_Request *request) {
  if (!Guardable(comm))
    return CallExchange(kind, neighbor_allgather, form, given, comm, info,
                        request, nullptr);
  Exchange x = given;
  if (kind == ExchangeKind::kAlltoallv || kind == ExchangeKind::kAlltoallw) {
    x.nsend = x.nrecv = CommSize(comm);
  } else {
    int in = 0, out = 0;
    NeighborCounts(comm, &in, &out);
    x.nsend = neighbor_allgather ? given.nsend : out;
    x.nrecv = in;
  }
  DisplArray a[2];
  ExchangeArrays(x, a);
  if (neighbor_allgather) {
    a[0] = DisplArray(); // a plain send block
    a[1].name = "displs";
  }
  Scan s[2];
  if (!NeedsLargeCount(form, comm, name, a, s, 2))
    return CallExchange(kind, neighbor_allgather, form, x, comm, info,
                        request, nullptr);
  ScratchVector<char> scratch[2];
  Wide w[2] = {Widen(a[0], s[0], form, &scratch[0]),
               Widen(a[1], s[1], form, &scratch[1])};
  return CallExchange(kind, neighbor_allgather, form, x, comm, info, request,
                      w);
}

Exchange V(const void *sendbuf, const int *sendcounts, const int *sdispls,
           MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
           const int *rdispls, MPI_Datatype recvtype) {
  return Exchange{sendbuf, sendcounts, sdispls,  sendtype, nullptr, recvbuf,
                  recvcounts, rdispls, recvtype, nullptr,  0,       0};
}
Exchange W(const void *sendbuf, const int *sendcounts, const int *sdispls,
           const MPI_Datatype *sendtypes, void *recvbuf,
           const int *recvcounts, const int *rdispls,
           const MPI_Datatype *recvtypes) {
  return Exchange{sendbuf,    sendcounts, sdispls, MPI_DATATYPE_NULL,
                  sendtypes,  recvbuf,    recvcounts, rdispls,
                  MPI_DATATYPE_NULL, recvtypes, 0,   0};
}

#define MPISYNC_GUARD_ALLTOALLV(Fn, FormValue, Name, Extra, ExtraArgs)       \
  int Fn(const void *sendbuf, const int sendcounts[], const int sdispls[],   \
         MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],       \
         const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm Extra) {  \
    return GuardExchange(ExchangeKind::kAlltoallv, false, FormValue, Name,   \
                         V(sendbuf, sendcounts, sdispls, sendtype, recvbuf,  \
                           recvcounts, rdispls, recvtype),                   \
                         comm, ExtraArgs);                                   \
  }
#define MPISYNC_COMMA ,
MPISYNC_GUARD_ALLTOALLV(GuardAlltoallv, Form::kBlocking, "MPI_Alltoallv", ,
                        MPI_INFO_NULL MPISYNC_COMMA nullptr)
MPISYNC_GUARD_ALLTOALLV(GuardIalltoallv, Form::kNonblocking, "MPI_Ialltoallv",
                        MPISYNC_COMMA MPI_Request *request,
                        MPI_INFO_NULL MPISYNC_COMMA request)
MPISYNC_GUARD_ALLTOALLV(GuardAlltoallvInit, Form::kPersistent,
                        "MPI_Alltoallv_init",
                        MPISYNC_COMMA MPI_Info info MPISYNC_COMMA
                            MPI_Request *request,
                        info MPISYNC_COMMA request)

int NeighborAlltoallvAny(Form form, const char *name, const void *sendbuf,
                         const int sendcounts[], const int sdispls[],
                         MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int rdispls[],
                         MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                         MPI_Request *request) {
  return GuardExchange(ExchangeKind::kNeighborV, false, form, name,
                       V(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                         recvcounts, rdispls, recvtype),
                       comm, info, request);
}
int GuardNeighborAlltoallv(const void *sendbuf, const int sendcounts[],
                           const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm) {
  return NeighborAlltoallvAny(Form::kBlocking, "MPI_Neighbor_alltoallv",
                              sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                              recvcounts, rdispls, recvtype, comm,
                              MPI_INFO_NULL, nullptr);
}
int GuardIneighborAlltoallv(const void *sendbuf, const int sendcounts[],
                            const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request *request) {
  return NeighborAlltoallvAny(Form::kNonblocking, "MPI_Ineighbor_alltoallv",
                              sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                              recvcounts, rdispls, recvtype, comm,
                              MPI_INFO_NULL, request);
}
int GuardNeighborAlltoallvInit(const void *sendbuf, const int sendcounts[],
                               const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[],
                               const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Info info,
                               MPI_Request *request) {
  return NeighborAlltoallvAny(Form::kPersistent, "MPI_Neighbor_alltoallv_init",
                              sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                              recvcounts, rdispls, recvtype, comm, info,
                              request);
}

int AlltoallwAny(Form form, const char *name, const void *sendbuf,
                 const int sendcounts[], const int sdispls[],
                 const MPI_Datatype sendtypes[], void *recvbuf,
                 const int recvcounts[], const int rdispls[],
                 const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                 MPI_Request *request) {
  return GuardExchange(ExchangeKind::kAlltoallw, false, form, name,
                       W(sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                         recvcounts, rdispls, recvtypes),
                       comm, info, request);
}
int GuardAlltoallw(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[], const int rdispls[],
                   const MPI_Datatype recvtypes[], MPI_Comm comm) {
  return AlltoallwAny(Form::kBlocking, "MPI_Alltoallw", sendbuf, sendcounts,
                      sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                      recvtypes, comm, MPI_INFO_NULL, nullptr);
}
int GuardIalltoallw(const void *sendbuf, const int sendcounts[],
                    const int sdispls[], const MPI_Datatype sendtypes[],
                    void *recvbuf, const int recvcounts[], const int rdispls[],
                    const MPI_Datatype recvtypes[], MPI_Comm comm,
                    MPI_Request *request) {
  return AlltoallwAny(Form::kNonblocking, "MPI_Ialltoallw", sendbuf,
                      sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                      rdispls, recvtypes, comm, MPI_INFO_NULL, request);
}
int GuardAlltoallwInit(const void *sendbuf, const int sendcounts[],
                       const int sdispls[], const MPI_Datatype sendtypes[],
                       void *recvbuf, const int recvcounts[],
                       const int rdispls[], const MPI_Datatype recvtypes[],
                       MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  return AlltoallwAny(Form::kPersistent, "MPI_Alltoallw_init", sendbuf,
                      sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                      rdispls, recvtypes, comm, info, request);
}

int NeighborAllgathervAny(Form form, const char *name, const void *sendbuf,
                          int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                          MPI_Request *request) {
  Exchange x = V(sendbuf, nullptr, nullptr, sendtype, recvbuf, recvcounts,
                 displs, recvtype);
  x.nsend = sendcount;
  return GuardExchange(ExchangeKind::kNeighborV, true, form, name, x, comm,
                       info, request);
}
int GuardNeighborAllgatherv(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm) {
  return NeighborAllgathervAny(Form::kBlocking, "MPI_Neighbor_allgatherv",
                               sendbuf, sendcount, sendtype, recvbuf,
                               recvcounts, displs, recvtype, comm,
                               MPI_INFO_NULL, nullptr);
}
int GuardIneighborAllgatherv(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request) {
  return NeighborAllgathervAny(Form::kNonblocking, "MPI_Ineighbor_allgatherv",
                               sendbuf, sendcount, sendtype, recvbuf,
                               recvcounts, displs, recvtype, comm,
                               MPI_INFO_NULL, request);
}
int GuardNeighborAllgathervInit(const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[],
                                MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, MPI_Request *request) {
  return NeighborAllgathervAny(Form::kPersistent,
                               "MPI_Neighbor_allgatherv_init", sendbuf,
                               sendcount, sendtype, recvbuf, recvcounts,
                               displs, recvtype, comm, info, request);
}

} // namespace

void InstallIrregular(MpiNext *next) {
  next->MPI_Gatherv = GuardGatherv;
  next->MPI_Igatherv = GuardIgatherv;
  next->MPI_Gatherv_init = GuardGathervInit;
  next->MPI_Scatterv = GuardScatterv;
  next->MPI_Iscatterv = GuardIscatterv;
  next->MPI_Scatterv_init = GuardScattervInit;
  next->MPI_Allgatherv = GuardAllgatherv;
  next->MPI_Iallgatherv = GuardIallgatherv;
  next->MPI_Allgatherv_init = GuardAllgathervInit;
  next->MPI_Alltoallv = GuardAlltoallv;
  next->MPI_Ialltoallv = GuardIalltoallv;
  next->MPI_Alltoallv_init = GuardAlltoallvInit;
  next->MPI_Alltoallw = GuardAlltoallw;
  next->MPI_Ialltoallw = GuardIalltoallw;
  next->MPI_Alltoallw_init = GuardAlltoallwInit;
  next->MPI_Neighbor_allgatherv = GuardNeighborAllgatherv;
  next->MPI_Ineighbor_allgatherv = GuardIneighborAllgatherv;
  next->MPI_Neighbor_allgatherv_init = GuardNeighborAllgathervInit;
  next->MPI_Neighbor_alltoallv = GuardNeighborAlltoallv;
  next->MPI_Ineighbor_alltoallv = GuardIneighborAlltoallv;
  next->MPI_Neighbor_alltoallv_init = GuardNeighborAlltoallvInit;
}

} // namespace scaling
} // namespace mpisync
