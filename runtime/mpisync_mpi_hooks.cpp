// Semantics of the intercepted MPI calls: which buffers become pending and
// when they stop being pending.
#include "mpisync_mpi_hooks.h"

#include "mpisync_datatype.h"
#include "mpisync_flags.h"
#include "mpisync_report.h"
#include "mpisync_rtl.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_interface_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// The operation being started by this thread's current MPI call, built
// before the call so the library's copies inside it are attributed to it.
THREADLOCAL PendingOp *starting_op;

void SetReportPathForRank(int rank) {
  const char *path = flags()->log_path;
  if (!path || !*path || !internal_strcmp(path, "stderr") ||
      !internal_strcmp(path, "stdout")) {
    __sanitizer_set_report_path(path && *path ? path : "stderr");
    return;
  }
  // PREFIX.<rank> (or %r replaced by the rank); sanitizer_common appends
  // .<pid>.
  InternalScopedString expanded;
  bool had_rank = false;
  for (const char *p = path; *p; p++) {
    if (p[0] == '%' && p[1] == 'r') {
      expanded.AppendF("%d", rank);
      had_rank = true;
      p++;
    } else {
      expanded.AppendF("%c", *p);
    }
  }
  if (!had_rank)
    expanded.AppendF(".%d", rank);
  __sanitizer_set_report_path(expanded.data());
}

} // namespace

MpiCall::MpiCall(const char *name, uptr pc, uptr bp)
    : name_(name), pc_(pc), bp_(bp) {
  Initialize();
  mpi_call_depth++;
}

MpiCall::~MpiCall() { mpi_call_depth--; }

u32 MpiCall::Stack() {
  if (!stack_)
    stack_ = CaptureStack(pc_, bp_, flags()->fast_unwind_on_mpi_call);
  return stack_;
}

SavedRequests::SavedRequests(const MPI_Request *requests, int count)
    : handles_(inline_), count_(count > 0 && requests ? count : 0) {
  if (count_ > kInline)
    handles_ = static_cast<MPI_Request *>(
        InternalAlloc(sizeof(MPI_Request) * count_));
  for (int i = 0; i < count_; i++)
    handles_[i] = requests[i];
}

SavedRequests::~SavedRequests() {
  if (handles_ != inline_)
    InternalFree(handles_);
}

void OnInit(MpiCall &, int rc) {
  if (rc != MPI_SUCCESS)
    return;
  int rank = -1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  SetWorldRank(rank);
  SetReportPathForRank(rank);
}

void BeforeFinalize(MpiCall &call) {
  Lock lock(&StateMutex());
  while (NumActiveOps() > 0) {
    PendingOp *op = ActiveOp(0);
    if (flags()->report_missing_completion)
      ReportMissingCompletion(*op, call.Stack());
    DestroyOp(op);
  }
}

void BeforeStart(MpiCall &call, const BufferArg *buffers, int n) {
  PendingOp *op = NewOp(call.name(), MPI_REQUEST_NULL, /*persistent=*/false);
  for (int i = 0; i < n; i++) {
    PendingBuffer buf;
    internal_memset(&buf, 0, sizeof(buf));
    buf.role = buffers[i].role;
    DescribeBuffer(buffers[i].buf, buffers[i].count, buffers[i].datatype,
                   &buf);
    AddBuffer(op, buf);
  }
  starting_op = op;
  // Activate now: copies the library makes inside the call are observed,
  // and nothing is reported while this thread is inside MPI.
  Lock lock(&StateMutex());
  ActivateOp(op);
}

void AfterStart(MpiCall &call, int rc, const MPI_Request *request) {
  PendingOp *op = starting_op;
  starting_op = nullptr;
  if (!op)
    return;
  Lock lock(&StateMutex());
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL) {
    DestroyOp(op);
    return;
  }
  op->request = *request;
  op->start_stack = call.Stack();
  // A handle the library reuses belongs to a request that completed without
  // our seeing it (e.g. freed): the old record is stale.
  if (PendingOp *old = FindOp(op->request))
    DestroyOp(old);
  RegisterOp(op);
}

void OnCompleted(MpiCall &call, MPI_Request saved) {
  if (saved == MPI_REQUEST_NULL)
    return;
  Lock lock(&StateMutex());
  PendingOp *op = FindOp(saved);
  if (!op)
    return;
  if (op->persistent) {
    op->complete_stack = call.Stack();
    DeactivateOp(op);
  } else {
    DestroyOp(op);
  }
}

void OnAllCompleted(MpiCall &call, const SavedRequests &saved) {
  for (int i = 0; i < saved.size(); i++)
    OnCompleted(call, saved[i]);
}

} // namespace mpisync
