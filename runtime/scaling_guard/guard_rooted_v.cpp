// Detector D on MPI_Gatherv and MPI_Scatterv (blocking, nonblocking,
// persistent) and all four strategies for them: the root has the arrays,
// every process its own block. Blocking forms agree on the verdict and the
// root's segments and gcd with one allreduce; the others decide locally
// and take the large-count form (docs/scaling-guard.md).
#include "guard_irregular.h"

#include "guard_comm.h"
#include "guard_internal.h"
#include "guard_report.h"
#include "guard_scan.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace scaling {

namespace {

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
      return below.MPI_Igatherv(buf, count, type, vbuf, counts, displs, vtype,
                                root, comm, r.request);
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
                                  w.displs, r.vtype, r.root, r.comm, r.request);
    case Form::kPersistent:
      return below.MPI_Gatherv_init_c(r.buf, r.count, r.type, r.vbuf, w.counts,
                                      w.displs, r.vtype, r.root, r.comm, r.info,
                                      r.request);
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
    return below.MPI_Scatterv_init_c(r.vbuf, w.counts, w.displs, r.vtype, r.buf,
                                     r.count, r.type, r.root, r.comm, r.info,
                                     r.request);
  }
  return MPI_ERR_INTERN;
}

int CallOriginal(const RootedV &r) {
  return CallRootedV(r, r.vbuf, r.vcounts, r.vdispls, r.vtype, r.buf, r.count,
                     r.type, r.root, r.comm);
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
void SegmentArrays(const RootedV &r, const Scan &s, const int *starts, s64 base,
                   int j, const int *members, int m, int *counts, int *displs) {
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
  if (g <= 0) // no common block size: the caller picks another strategy
    return MPI_ERR_ARG;
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
  int rc =
      CallRootedV(r, r.vbuf, counts.data(), displs.data(),
                  rank == r.root ? vbig : r.vtype, r.buf, (int)(r.count / g),
                  r.buf != MPI_IN_PLACE ? big : r.type, r.root, r.comm);
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

RootedV Gatherv(Form form, const char *name, const void *sendbuf, int sendcount,
                MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                const int *displs, MPI_Datatype recvtype, int root,
                MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  return RootedV{true,       form,     name,     recvbuf,
                 recvcounts, displs,   recvtype, (void *)sendbuf,
                 sendcount,  sendtype, root,     comm,
                 info,       request};
}

RootedV Scatterv(Form form, const char *name, const void *sendbuf,
                 const int *sendcounts, const int *displs,
                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                 MPI_Request *request) {
  return RootedV{false,  form,     name,    (void *)sendbuf, sendcounts,
                 displs, sendtype, recvbuf, recvcount,       recvtype,
                 root,   comm,     info,    request};
}

int GuardGatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return GuardRootedV(Gatherv(Form::kBlocking, "MPI_Gatherv", sendbuf,
                              sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, root, comm, MPI_INFO_NULL, nullptr));
}
int GuardIgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, const int recvcounts[], const int displs[],
                  MPI_Datatype recvtype, int root, MPI_Comm comm,
                  MPI_Request *request) {
  return GuardRootedV(Gatherv(Form::kNonblocking, "MPI_Igatherv", sendbuf,
                              sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, root, comm, MPI_INFO_NULL, request));
}
int GuardGathervInit(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request) {
  return GuardRootedV(Gatherv(Form::kPersistent, "MPI_Gatherv_init", sendbuf,
                              sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, root, comm, info, request));
}
int GuardScatterv(const void *sendbuf, const int sendcounts[],
                  const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root,
                  MPI_Comm comm) {
  return GuardRootedV(Scatterv(Form::kBlocking, "MPI_Scatterv", sendbuf,
                               sendcounts, displs, sendtype, recvbuf, recvcount,
                               recvtype, root, comm, MPI_INFO_NULL, nullptr));
}
int GuardIscatterv(const void *sendbuf, const int sendcounts[],
                   const int displs[], MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root,
                   MPI_Comm comm, MPI_Request *request) {
  return GuardRootedV(Scatterv(Form::kNonblocking, "MPI_Iscatterv", sendbuf,
                               sendcounts, displs, sendtype, recvbuf, recvcount,
                               recvtype, root, comm, MPI_INFO_NULL, request));
}
int GuardScattervInit(const void *sendbuf, const int sendcounts[],
                      const int displs[], MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  return GuardRootedV(Scatterv(Form::kPersistent, "MPI_Scatterv_init", sendbuf,
                               sendcounts, displs, sendtype, recvbuf, recvcount,
                               recvtype, root, comm, info, request));
}

} // namespace

void InstallRootedV(MpiNext *next) {
  next->MPI_Gatherv = GuardGatherv;
  next->MPI_Igatherv = GuardIgatherv;
  next->MPI_Gatherv_init = GuardGathervInit;
  next->MPI_Scatterv = GuardScatterv;
  next->MPI_Iscatterv = GuardIscatterv;
  next->MPI_Scatterv_init = GuardScattervInit;
}

} // namespace scaling
} // namespace mpisync
