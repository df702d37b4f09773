// Report printing, de-duplication and the halt/exit policy.
#include "mpisync_report.h"

#include "mpisync_flags.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

int world_rank = -1;
uptr error_count;

struct ReportedPair {
  uptr access_pc;
  u32 request_stack;
};
InternalMmapVectorNoCtor<ReportedPair> reported_pairs;

// One report per (access site, request site) pair.
bool AlreadyReported(uptr pc, u32 request_stack) {
  for (uptr i = 0; i < reported_pairs.size(); i++)
    if (reported_pairs[i].access_pc == pc &&
        reported_pairs[i].request_stack == request_stack)
      return true;
  reported_pairs.push_back({pc, request_stack});
  return false;
}

const char *RoleName(BufferRole role) {
  return role == BufferRole::kSend ? "send" : "receive";
}

const char kRule[] =
    "=================================================================\n";

void PrintHeader(ErrorKind kind, InternalScopedString *out) {
  out->Append(kRule);
  out->AppendF("==%d==ERROR: MPISync: %s ", (int)internal_getpid(),
               ErrorKindName(kind));
  if (world_rank >= 0)
    out->AppendF("on rank %d\n", world_rank);
  else
    out->Append("before MPI_Init\n");
}

void PrintSummary(ErrorKind kind, u32 first_stack, const char *call,
                  u32 call_stack, InternalScopedString *out) {
  char first[512], mpi[512];
  DescribeTopFrame(first_stack, first, sizeof(first));
  DescribeTopFrame(call_stack, mpi, sizeof(mpi));
  out->AppendF("SUMMARY: MPISync: %s %s; %s at %s\n", ErrorKindName(kind),
               first, call, mpi);
  out->Append(kRule);
}

// A report is written with one write, so ranks sharing a terminal or a pipe
// do not interleave their lines.
void Emit(const InternalScopedString &out) { Printf("%s", out.data()); }

void DescribeDatatype(const PendingBuffer &buf, char *out, uptr size) {
  internal_strncpy(out, "?", size);
  if (buf.datatype == MPI_DATATYPE_NULL)
    return;
  char name[MPI_MAX_OBJECT_NAME];
  int len = 0;
  if (PMPI_Type_get_name(buf.datatype, name, &len) == MPI_SUCCESS && len > 0)
    internal_strncpy(out, name, size);
  else
    internal_strncpy(out, "a derived datatype", size);
  out[size - 1] = 0;
}

// Manifest: the library had not yet consumed (send) or produced (receive)
// the data when the access happened, so this run's data is affected.
// Latent: it had, as observed by the runtime; another MPI breaks it.
bool IsLatent(ErrorKind kind, const AccessInfo &access, const PendingOp &op) {
  if (kind == ErrorKind::kSendBufferWrite)
    return op.send_data_consumed;
  if (kind == ErrorKind::kRecvBufferAccess && !access.is_write)
    return op.recv_data_written;
  return false;
}

void FinishReport() {
  error_count++;
  if (flags()->halt_on_error) {
    Report("ABORTING (halt_on_error=1)\n");
    Die();
  }
}

} // namespace

const char *ErrorKindName(ErrorKind kind) {
  switch (kind) {
#define MPISYNC_ERROR_KIND(Enum, Name)                                         \
  case ErrorKind::Enum:                                                        \
    return Name;
#include "mpisync_error_kinds.inc"
#undef MPISYNC_ERROR_KIND
  }
  return "unknown";
}

void ReportBufferAccess(ErrorKind kind, const AccessInfo &access,
                        const PendingOp &op, const PendingBuffer &buf) {
  bool latent = IsLatent(kind, access, op);
  if (latent && !flags()->report_latent)
    return;
  if (AlreadyReported(access.pc, op.start_stack))
    return;
  u32 access_stack = CaptureStack(access.pc, access.bp, /*fast=*/false);
  ScopedErrorReportLock lock;
  InternalScopedString out;
  PrintHeader(kind, &out);
  out.AppendF("%s of size %zu at %p by rank %d (%s)\n",
              access.is_write ? "WRITE" : "READ", access.size,
              (void *)access.addr, world_rank,
              latent
                  ? "latent: the library had already moved the data in this run"
                  : "manifest: the library had not yet moved the data");
  PrintStack(access_stack, &out);

  char type_name[MPI_MAX_OBJECT_NAME];
  DescribeDatatype(buf, type_name, sizeof(type_name));
  sptr offset = (sptr)access.addr - (sptr)buf.base;
  out.AppendF("%p is %zd bytes from the start of the %s buffer [%p, %p) of "
              "a pending %s (%lld x %s",
              (void *)access.addr, offset, RoleName(buf.role), (void *)buf.lo,
              (void *)buf.hi, op.call, (long long)buf.count, type_name);
  if (buf.extent > 0 && offset >= 0)
    out.AppendF(", element %zd", offset / (sptr)buf.extent);
  out.Append("), started here:\n");
  PrintStack(op.start_stack, &out);
  if (op.complete_stack) {
    out.Append("The request was last completed here:\n");
    PrintStack(op.complete_stack, &out);
  }
  PrintSummary(kind, access_stack, op.call, op.start_stack, &out);
  Emit(out);
  FinishReport();
}

void ReportMissingCompletion(const PendingOp &op, u32 finalize_stack) {
  ScopedErrorReportLock lock;
  InternalScopedString out;
  PrintHeader(ErrorKind::kMissingCompletion, &out);
  out.AppendF("The request of %s was still pending at MPI_Finalize; it was "
              "started here:\n",
              op.call);
  PrintStack(op.start_stack, &out);
  out.Append("MPI_Finalize was called here:\n");
  PrintStack(finalize_stack, &out);
  PrintSummary(ErrorKind::kMissingCompletion, op.start_stack, op.call,
               op.start_stack, &out);
  Emit(out);
  FinishReport();
}

void SetWorldRank(int rank) { world_rank = rank; }
int WorldRank() { return world_rank; }
uptr ErrorCount() { return error_count; }

} // namespace mpisync
