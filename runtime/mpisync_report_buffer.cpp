// What the reports about pending buffers say: an access to one, a buffer
// started on another's memory, memory released under one, requests left
// pending at MPI_Finalize, a persistent request completed but never
// started. Each fills a ReportDesc; mpisync_report.cpp emits it.
#include "mpisync_flags.h"
#include "mpisync_report.h"
#include "mpisync_report_desc.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#include "threads/thread_clocks.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// FNV-1a of a source location, tagged so it never equals a pc.
uptr HashLocation(const char *s) {
  u64 h = 1469598103934665603ull;
  for (; *s; s++)
    h = (h ^ (u8)*s) * 1099511628211ull;
  return (uptr)(h | (1ull << 63));
}

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

} // namespace

namespace {
// The call that made `buf` MPI's, named by a report: the MPI_Pready of a
// send partition, else the operation's start.
struct HandingCall {
  const char *name;
  u32 stack;
};
HandingCall HandedBy(const PendingOp &op, const PendingBuffer &buf) {
  if (buf.armed_stack)
    return {kPreadyCalls[buf.armed_by], buf.armed_stack};
  return {op.start_call, op.start_stack};
}
} // namespace

namespace {
// RMA operations that continued one another's buffer (ContinueRmaOp) share
// it, each call's `requested_count` elements after the one before: the
// report names the part of the call whose elements hold `addr`, as the
// call's own buffer would have been, and the element in it: false if
// `buf` is one call's.
bool CallsPart(const PendingBuffer &buf, uptr addr, MPI_Count *element,
               PendingBuffer *part) {
  MPI_Count per_call = buf.requested_count;
  if (!buf.map || per_call <= 0 || buf.count <= per_call ||
      buf.map->extent <= 0 || buf.unmapped_at)
    return false;
  uptr call_bytes = (uptr)per_call * (uptr)buf.map->extent;
  MPI_Count calls = buf.count / per_call;
  MPI_Count k =
      addr > buf.base ? (MPI_Count)((addr - buf.base) / call_bytes) : 0;
  if (k >= calls)
    k = calls - 1;
  *part = buf;
  part->base = buf.base + (uptr)k * call_bytes;
  part->count = per_call;
  part->lo = buf.lo + (uptr)k * call_bytes;
  part->hi = part->lo + (buf.hi - buf.lo) - (uptr)(calls - 1) * call_bytes;
  if (*element >= 0)
    *element -= k * per_call;
  return true;
}
} // namespace

// "ADDR is N bytes from the start of the send buffer [lo, hi) of a pending
// MPI_Isend (COUNT x TYPE, element E), started here:" and the stack, then
// where the request was freed or last completed.
void DescribeBufferAt(ReportDesc *desc, uptr addr, const PendingOp &op,
                      const PendingBuffer &whole, MPI_Count element,
                      const char *state) {
  ReportBuffer &b = desc->buffer;
  const PendingBuffer &buf =
      CallsPart(whole, addr, &element, &b.part) ? b.part : whole;
  desc->has_buffer = true;
  b.op = &op;
  b.buf = &buf;
  b.addr = addr;
  b.element = element;
  DescribeDatatype(buf, b.datatype, sizeof(b.datatype));
  // With MPI_BOTTOM (base 0) the datatype holds absolute addresses: the
  // offset is counted from the first byte of the buffer instead.
  uptr start = buf.base ? buf.base : buf.lo;
  HandingCall by = HandedBy(op, buf);
  InternalScopedString &title = desc->AddStack("mpi_call", by.stack);
  title.AppendF("%p is %zd bytes from the start of the %s buffer [%p, %p) of "
                "a %s %s (%lld x %s",
                (void *)addr, (sptr)addr - (sptr)start, RoleName(buf.role),
                (void *)buf.lo, (void *)buf.hi, state, op.call,
                (long long)buf.requested_count, b.datatype);
  if (element >= 0)
    title.AppendF(", element %lld", (long long)element);
  if (buf.armed_stack)
    title.AppendF("), handed to MPI by %s here:\n", by.name);
  else if (op.start_call != op.call)
    title.AppendF("), started by %s here:\n", op.start_call);
  else
    title.Append("), started here:\n");
  if (op.freed_while_active)
    desc->AddStack("request_free", op.complete_stack)
        .Append("The request was freed with MPI_Request_free here:\n");
  else if (op.complete_stack)
    desc->AddStack("completion", op.complete_stack)
        .Append("The request was last completed here:\n");
}

namespace {

// Manifest: the library had not yet consumed (send) or produced (receive)
// the data when the access happened, so this run's data is affected.
// Latent: it had, as observed by the runtime; another MPI breaks it.
bool IsLatent(RuleVerdict verdict, const PendingOp &op) {
  switch (verdict) {
  case RuleVerdict::kDataConsumed:
    return op.send_data_consumed;
  case RuleVerdict::kDataProduced:
    return op.recv_data_written;
  default:
    return false;
  }
}

} // namespace

void ReportBufferAccess(ErrorKind kind, RuleVerdict verdict,
                        const AccessInfo &access, const PendingOp &op,
                        const PendingBuffer &buf, MPI_Count element) {
  bool latent = IsLatent(verdict, op);
  if (latent && !flags()->report_latent)
    return;
  HandingCall by = HandedBy(op, buf);
  if (AlreadyReported(kind, access.pc, by.stack))
    return;
  u32 access_stack = CaptureStack(access.pc, access.bp, /*fast=*/false);
  // Vectorised or unrolled code has several instructions for one source
  // access, and an unrolled loop several for one MPI call: one report per
  // pair of source locations too (the SUMMARY line names just those).
  char where[512], call_where[512];
  DescribeTopFrame(access_stack, where, sizeof(where));
  DescribeTopFrame(by.stack, call_where, sizeof(call_where));
  if (AlreadyReported(kind, HashLocation(where), (u32)HashLocation(call_where)))
    return;
  if (Suppressed(kind, access_stack, by.stack))
    return;
  ReportDesc desc(kind);
  // No verdict (kNone): a freed request's completion cannot be known, and
  // the buffer of buffered sends holds whatever the library placed there.
  bool unknown = verdict == RuleVerdict::kNone;
  const char *verdict_text =
      !unknown ? (latent ? "latent: the library had already moved the data "
                           "in this run"
                         : "manifest: the library had not yet moved the data")
      : kind == ErrorKind::kFreedRequestBufferAccess
          ? "the request was freed with MPI_Request_free before it "
            "completed; its completion cannot be known"
          : "the buffer is MPI's until MPI_Buffer_detach returns";
  desc.verdict = unknown ? "unknown" : latent ? "latent" : "manifest";
  desc.access = {access.is_write ? "write" : "read", access.addr, access.size};
  desc.has_access = true;
  char thread[32];
  desc.AddStack("access", access_stack)
      .AppendF("%s of size %zu at %p by rank %d%s (%s)\n",
               access.is_write ? "WRITE" : "READ", access.size,
               (void *)access.addr, WorldRank(),
               threads::CurrentThreadSuffix(thread, sizeof(thread)),
               verdict_text);
  DescribeBufferAt(&desc, access.addr, op, buf, element);
  desc.SetSummary(access_stack, by.name, by.stack);
  EmitReport(desc);
}

void ReportOverlap(const PendingOp &op, const PendingBuffer &buf,
                   u32 start_stack, const PendingOp &other,
                   const PendingBuffer &other_buf, uptr addr) {
  ErrorKind kind = ErrorKind::kOverlappingBuffers;
  if (!NewReport(kind, start_stack, other.start_stack))
    return;
  ReportDesc desc(kind);
  desc.AddStack("start", start_stack)
      .AppendF("The %s buffer of %s [%p, %p) overlaps, at %p, the %s buffer "
               "of a pending %s; at least one of them receives. %s "
               "started here:\n",
               RoleName(buf.role), op.call, (void *)buf.lo, (void *)buf.hi,
               (void *)addr, RoleName(other_buf.role), other.call, op.call);
  DescribeBufferAt(&desc, addr, other, other_buf, -1);
  desc.SetSummary(start_stack, other.start_call, other.start_stack);
  EmitReport(desc);
}

void ReportReleasedBuffer(ErrorKind kind, const char *how, uptr begin, uptr end,
                          u32 release_stack, const PendingOp &op,
                          const PendingBuffer &buf) {
  if (!NewReport(kind, release_stack, op.start_stack))
    return;
  ReportDesc desc(kind);
  char thread[32];
  desc.access = {how, begin, end - begin};
  desc.has_access = true;
  desc.AddStack("release", release_stack)
      .AppendF("%s [%p, %p) on rank %d%s while MPI still owns part of it:\n",
               how, (void *)begin, (void *)end, WorldRank(),
               threads::CurrentThreadSuffix(thread, sizeof(thread)));
  uptr addr = buf.lo > begin ? buf.lo : begin;
  DescribeBufferAt(&desc, addr, op, buf, -1);
  desc.SetSummary(release_stack, op.start_call, op.start_stack);
  EmitReport(desc);
}

namespace {

// Where a request left at MPI_Finalize came from, as its report names it.
u32 FinalizeOrigin(ErrorKind kind, const PendingOp &op) {
  return kind == ErrorKind::kRequestNotFreed || !op.start_stack
             ? op.create_stack
             : op.start_stack;
}

void ReportOneAtFinalize(ErrorKind kind, const PendingOp &op,
                         u32 finalize_stack, uptr more) {
  u32 origin = FinalizeOrigin(kind, op);
  if (Suppressed(kind, origin, 0))
    return;
  ReportDesc desc(kind);
  InternalScopedString &title = desc.AddStack("mpi_call", origin);
  if (kind == ErrorKind::kMissingCompletion)
    title.AppendF("The request of %s was still pending at MPI_Finalize; it "
                  "was started here:\n",
                  op.call);
  else
    title.AppendF("The persistent request of %s was never freed "
                  "(MPI_Request_free); it was created here:\n",
                  op.call);
  desc.AddStack("finalize", finalize_stack)
      .Append("MPI_Finalize was called here:\n");
  desc.more_like_it = more;
  desc.SetSummary(origin, op.call, origin);
  EmitReport(desc);
}

} // namespace

void ReportAtFinalize(ErrorKind kind, PendingOp *const *ops, uptr n,
                      u32 finalize_stack) {
  if (flags()->report_all) {
    for (uptr i = 0; i < n; i++)
      ReportOneAtFinalize(kind, *ops[i], finalize_stack, 0);
    return;
  }
  // Requests leaked in a loop share their origin: one report per origin,
  // in the order they were found, costing O(n) however many there are.
  DenseMap<u32, uptr> count_of_origin;
  for (uptr i = 0; i < n; i++)
    count_of_origin[FinalizeOrigin(kind, *ops[i])]++;
  for (uptr i = 0; i < n; i++) {
    u32 origin = FinalizeOrigin(kind, *ops[i]);
    auto *entry = count_of_origin.find(origin);
    if (!entry->second)
      continue; // reported with the first of its origin
    ReportOneAtFinalize(kind, *ops[i], finalize_stack, entry->second - 1);
    entry->second = 0;
  }
}

void ReportBuffersExceedingMemory(const PendingOp &op) {
  for (uptr i = 0; i < op.num_buffers; i++) {
    const PendingBuffer &buf = op.buffers[i];
    ErrorKind kind = ErrorKind::kBufferExceedsMemory;
    if (!buf.unmapped_at || !NewReport(kind, op.start_stack, 0))
      continue;
    ReportDesc desc(kind);
    char type_name[64];
    DescribeDatatype(buf, type_name, sizeof(type_name));
    desc.AddStack("mpi_call", op.start_stack)
        .AppendF("The %s buffer of %s at %p (%lld x %s) runs past the memory "
                 "this process has mapped, at %p: MPI may %s memory that is "
                 "not the program's. Only the %lld elements before it are "
                 "watched. %s was called here:\n",
                 RoleName(buf.role), op.call, (void *)buf.base,
                 (long long)buf.requested_count, type_name,
                 (void *)buf.unmapped_at,
                 LibraryWrites(buf.role) ? "write into" : "read",
                 (long long)buf.count, op.start_call);
    desc.SetSummary(op.start_stack, op.start_call, op.start_stack);
    EmitReport(desc);
  }
}

void ReportActiveReceiveFreed(const PendingOp &op, u32 free_stack) {
  ErrorKind kind = ErrorKind::kActiveReceiveFreed;
  if (!NewReport(kind, free_stack, op.start_stack))
    return;
  ReportDesc desc(kind);
  desc.AddStack("request_free", free_stack)
      .AppendF("MPI_Request_free of the active request of %s: the program "
               "can no longer learn when its receive buffer is filled.\n",
               op.call);
  desc.AddStack("mpi_call", op.start_stack)
      .AppendF("%s was started here:\n", op.start_call);
  desc.SetSummary(free_stack, op.start_call, op.start_stack);
  EmitReport(desc);
}

} // namespace mpisync
