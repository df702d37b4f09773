// Report printing, de-duplication, suppressions and the halt policy.
#include "mpisync_report.h"

#include "clone/clone_divide.h"
#include "mpisync_flags.h"
#include "mpisync_report_internal.h"
#include "mpisync_report_json.h"
#include "mpisync_stack.h"
#include "mpisync_suppressions.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

int world_rank = -1;
uptr error_count;

const char kRule[] =
    "=================================================================\n";

struct ReportedPair {
  uptr site;
  u32 request_stack;
  ErrorKind kind;
};
InternalMmapVectorNoCtor<ReportedPair> reported_pairs;

} // namespace

// One report per (access site, request site) pair and kind.
bool AlreadyReported(ErrorKind kind, uptr site, u32 request_stack) {
  for (uptr i = 0; i < reported_pairs.size(); i++)
    if (reported_pairs[i].site == site &&
        reported_pairs[i].request_stack == request_stack &&
        reported_pairs[i].kind == kind)
      return true;
  reported_pairs.push_back({site, request_stack, kind});
  return false;
}

// FNV-1a of a source location, tagged so it never equals a pc.
uptr HashLocation(const char *s) {
  u64 h = 1469598103934665603ull;
  for (; *s; s++)
    h = (h ^ (u8)*s) * 1099511628211ull;
  return (uptr)(h | (1ull << 63));
}

namespace {

const char *RoleName(BufferRole role) {
  return role == BufferRole::kSend ? "send" : "receive";
}

} // namespace

void PrintHeader(ErrorKind kind, InternalScopedString *out,
                 ReportRecord *rec) {
  out->Append(kRule);
  out->AppendF("==%d==ERROR: MPISync: %s ", (int)internal_getpid(),
               ErrorKindName(kind));
  if (world_rank >= 0)
    out->AppendF("on rank %d\n", world_rank);
  else
    out->Append("before MPI_Init\n");
  rec->StartBody(*out);
  clone::AppendReportLine(out); // "cloned: ..." when a clone reports
}

void PrintSummary(ErrorKind kind, u32 first_stack, const char *call,
                  u32 call_stack, InternalScopedString *out,
                  ReportRecord *rec) {
  rec->SetSummary(first_stack, call, call_stack, *out);
  char first[512], mpi[512];
  DescribeTopFrame(first_stack, first, sizeof(first));
  DescribeTopFrame(call_stack, mpi, sizeof(mpi));
  out->AppendF("SUMMARY: MPISync: %s %s; %s at %s\n", ErrorKindName(kind),
               first, call, mpi);
  out->Append(kRule);
}

namespace {

void DescribeDatatype(const PendingBuffer &buf, char *out, uptr size) {
  internal_strncpy(out, "?", size);
  if (buf.datatype == MPI_DATATYPE_NULL)
    return;
  char name[MPI_MAX_OBJECT_NAME];
  int len = 0;
  int finalized = 0;
  PMPI_Finalized(&finalized);
  if (!finalized &&
      PMPI_Type_get_name(buf.datatype, name, &len) == MPI_SUCCESS && len > 0)
    internal_strncpy(out, name, size);
  else
    internal_strncpy(out, "a derived datatype", size);
  out[size - 1] = 0;
}

// "ADDR is N bytes from the start of the send buffer [lo, hi) of a pending
// MPI_Isend (COUNT x TYPE, element E), started here:" and the stack.
void DescribeBufferAt(uptr addr, const PendingOp &op, const PendingBuffer &buf,
                      MPI_Count element, InternalScopedString *out,
                      ReportRecord *rec) {
  rec->op = &op;
  rec->buf = &buf;
  rec->buf_addr = addr;
  rec->element = element;
  char *type_name = rec->datatype;
  DescribeDatatype(buf, type_name, sizeof(rec->datatype));
  // With MPI_BOTTOM (base 0) the datatype holds absolute addresses: the
  // offset is counted from the first byte of the buffer instead.
  uptr start = buf.base ? buf.base : buf.lo;
  out->AppendF("%p is %zd bytes from the start of the %s buffer [%p, %p) of "
               "a pending %s (%lld x %s",
               (void *)addr, (sptr)addr - (sptr)start, RoleName(buf.role),
               (void *)buf.lo, (void *)buf.hi, op.call, (long long)buf.count,
               type_name);
  if (element >= 0)
    out->AppendF(", element %lld", (long long)element);
  if (op.start_call != op.call)
    out->AppendF("), started by %s here:\n", op.start_call);
  else
    out->Append("), started here:\n");
  rec->PrintStack("mpi_call", op.start_stack, out);
  if (op.freed_while_active) {
    out->Append("The request was freed with MPI_Request_free here:\n");
    rec->PrintStack("request_free", op.complete_stack, out);
  } else if (op.complete_stack) {
    out->Append("The request was last completed here:\n");
    rec->PrintStack("completion", op.complete_stack, out);
  }
}

} // namespace

bool Suppressed(ErrorKind kind, u32 a, u32 b) {
  u32 stacks[2] = {a, b};
  return IsSuppressed(ErrorKindName(kind), stacks, 2);
}

// A report is written with one write, so ranks sharing a terminal or a pipe
// do not interleave their lines.
void Emit(const InternalScopedString &out, const ReportRecord &rec) {
  // With clones, each report is made by one member of the family.
  if (clone::MutesReport())
    return;
  error_count++;
  if (JsonReports())
    PrintJsonReport(rec, out, world_rank, error_count);
  else
    Printf("%s", out.data());
  if (flags()->halt_on_error) {
    Report("ABORTING (halt_on_error=1)\n");
    Die();
  }
}

namespace {

// Manifest: the library had not yet consumed (send) or produced (receive)
// the data when the access happened, so this run's data is affected.
// Latent: it had, as observed by the runtime; another MPI breaks it.
bool IsLatent(ErrorKind kind, const AccessInfo &access, const PendingOp &op) {
  if (kind == ErrorKind::kSendBufferWrite ||
      kind == ErrorKind::kRmaOriginBufferWrite)
    return op.send_data_consumed;
  if ((kind == ErrorKind::kRecvBufferAccess ||
       kind == ErrorKind::kRmaResultBufferAccess) &&
      !access.is_write)
    return op.recv_data_written;
  return false;
}

} // namespace

const char *ErrorKindName(ErrorKind kind) {
  switch (kind) {
#define MPISYNC_ERROR_KIND(Enum, Name, Description)                                       \
  case ErrorKind::Enum:                                                        \
    return Name;
#include "mpisync/error_kinds.def"
#undef MPISYNC_ERROR_KIND
  }
  return "unknown";
}

void ReportBufferAccess(ErrorKind kind, const AccessInfo &access,
                        const PendingOp &op, const PendingBuffer &buf,
                        MPI_Count element) {
  bool latent = IsLatent(kind, access, op);
  if (latent && !flags()->report_latent)
    return;
  if (AlreadyReported(kind, access.pc, op.start_stack))
    return;
  u32 access_stack = CaptureStack(access.pc, access.bp, /*fast=*/false);
  // Vectorised or unrolled code has several instructions for one source
  // access: one report per source location too.
  char where[512];
  DescribeTopFrame(access_stack, where, sizeof(where));
  if (AlreadyReported(kind, HashLocation(where), op.start_stack))
    return;
  if (Suppressed(kind, access_stack, op.start_stack))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  const char *verdict =
      latent ? "latent: the library had already moved the data in this run"
             : "manifest: the library had not yet moved the data";
  if (kind == ErrorKind::kFreedRequestBufferAccess)
    verdict = "the request was freed with MPI_Request_free before it "
              "completed; its completion cannot be known";
  out.AppendF("%s of size %zu at %p by rank %d (%s)\n",
              access.is_write ? "WRITE" : "READ", access.size,
              (void *)access.addr, world_rank, verdict);
  rec.verdict = kind == ErrorKind::kFreedRequestBufferAccess ? "unknown"
                : latent                                    ? "latent"
                                                            : "manifest";
  rec.access_type = access.is_write ? "write" : "read";
  rec.access_addr = access.addr;
  rec.access_size = access.size;
  rec.PrintStack("access", access_stack, &out);
  DescribeBufferAt(access.addr, op, buf, element, &out, &rec);
  PrintSummary(kind, access_stack, op.start_call, op.start_stack, &out, &rec);
  Emit(out, rec);
}

void ReportOverlap(const PendingOp &op, const PendingBuffer &buf,
                   u32 start_stack, const PendingOp &other,
                   const PendingBuffer &other_buf, uptr addr) {
  ErrorKind kind = ErrorKind::kOverlappingBuffers;
  if (AlreadyReported(kind, start_stack, other.start_stack))
    return;
  if (Suppressed(kind, start_stack, other.start_stack))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  out.AppendF("The %s buffer of %s [%p, %p) overlaps, at %p, the %s buffer "
              "of a pending %s; at least one of them receives. %s "
              "started here:\n",
              RoleName(buf.role), op.call, (void *)buf.lo, (void *)buf.hi,
              (void *)addr, RoleName(other_buf.role), other.call, op.call);
  rec.PrintStack("start", start_stack, &out);
  DescribeBufferAt(addr, other, other_buf, -1, &out, &rec);
  PrintSummary(kind, start_stack, other.start_call, other.start_stack, &out,
               &rec);
  Emit(out, rec);
}

void ReportReleasedBuffer(ErrorKind kind, const char *how, uptr begin,
                          uptr end, u32 release_stack, const PendingOp &op,
                          const PendingBuffer &buf) {
  if (AlreadyReported(kind, release_stack, op.start_stack))
    return;
  if (Suppressed(kind, release_stack, op.start_stack))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  out.AppendF("%s [%p, %p) on rank %d while MPI still owns part of it:\n",
              how, (void *)begin, (void *)end, world_rank);
  rec.access_type = how;
  rec.access_addr = begin;
  rec.access_size = end - begin;
  rec.PrintStack("release", release_stack, &out);
  uptr addr = buf.lo > begin ? buf.lo : begin;
  DescribeBufferAt(addr, op, buf, -1, &out, &rec);
  PrintSummary(kind, release_stack, op.start_call, op.start_stack, &out, &rec);
  Emit(out, rec);
}

void ReportAtFinalize(ErrorKind kind, const PendingOp &op, u32 finalize_stack) {
  u32 origin = kind == ErrorKind::kRequestNotFreed || !op.start_stack
                   ? op.create_stack
                   : op.start_stack;
  if (Suppressed(kind, origin, 0))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  if (kind == ErrorKind::kMissingCompletion)
    out.AppendF("The request of %s was still pending at MPI_Finalize; it was "
                "started here:\n",
                op.call);
  else
    out.AppendF("The persistent request of %s was never freed "
                "(MPI_Request_free); it was created here:\n",
                op.call);
  rec.PrintStack("mpi_call", origin, &out);
  out.Append("MPI_Finalize was called here:\n");
  rec.PrintStack("finalize", finalize_stack, &out);
  PrintSummary(kind, origin, op.call, origin, &out, &rec);
  Emit(out, rec);
}

void ReportMissingStart(const PendingOp &op, const char *call_name,
                        u32 call_stack) {
  ErrorKind kind = ErrorKind::kMissingStart;
  if (AlreadyReported(kind, call_stack, op.create_stack))
    return;
  if (Suppressed(kind, call_stack, op.create_stack))
    return;
  InternalScopedString out;
  ReportRecord rec(kind);
  PrintHeader(kind, &out, &rec);
  out.AppendF("%s on the persistent request of %s, which was never started "
              "with MPI_Start or MPI_Startall:\n",
              call_name, op.call);
  rec.PrintStack("wait", call_stack, &out);
  out.AppendF("The request was created here:\n");
  rec.PrintStack("mpi_call", op.create_stack, &out);
  PrintSummary(kind, call_stack, op.call, op.create_stack, &out, &rec);
  Emit(out, rec);
}

void SetWorldRank(int rank) {
  world_rank = rank;
  JsonReports(); // a bad log_format stops every rank here
}
int WorldRank() { return world_rank; }
uptr ErrorCount() { return error_count; }

} // namespace mpisync
