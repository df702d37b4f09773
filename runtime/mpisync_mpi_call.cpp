// MpiCall and SavedRequests (mpisync_mpi_call.h).
#include "mpisync_mpi_call.h"
#include "mpisync_alloc.h"
#include "mpisync_copy_log.h"
#include "mpisync_pending.h"

#include "mpisync_flags.h"
#include "mpisync_modules.h"
#include "mpisync_rtl.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"

using namespace __sanitizer;

namespace mpisync {

namespace {
THREADLOCAL MpiCall *outermost_call;
THREADLOCAL uptr binding_pc, binding_bp;
} // namespace

MpiCall::MpiCall(const char *name, uptr pc, uptr bp)
    : name_(name), pc_(pc), bp_(bp), outer_(outermost_call) {
  Initialize();
  mpi_call_depth++;
  if (!outer_) {
    outermost_call = this;
    if (binding_pc) {
      pc_ = binding_pc;
      bp_ = binding_bp;
    }
  }
}

MpiCall::~MpiCall() {
  mpi_call_depth--;
  if (outer_)
    return;
  outermost_call = nullptr;
  // The library's copies in this call join the log before the program
  // runs on (mpisync_copy_log.h); most calls already flushed them in a
  // hook that held the lock.
  if (ThreadHasBufferedCopies()) {
    StateLock lock(&StateMutex());
    FlushThreadCopies();
  }
}

MpiCall *CurrentMpiCall() { return outermost_call; }

BindingSite::BindingSite(uptr pc, uptr bp)
    : saved_pc_(binding_pc), saved_bp_(binding_bp) {
  binding_pc = pc;
  binding_bp = bp;
}

BindingSite::~BindingSite() {
  binding_pc = saved_pc_;
  binding_bp = saved_bp_;
}

u32 MpiCall::Stack() {
  // Calls through MPICH's Fortran bindings come from code without frame
  // pointers: only the DWARF unwinder gets through it.
  if (!stack_)
    stack_ = CaptureStack(
        pc_, bp_, flags()->fast_unwind_on_mpi_call && !IsMpiLibraryPc(pc_));
  return stack_;
}

SavedRequests::SavedRequests(const MPI_Request *requests, MPI_Count count)
    : slots_(requests), handles_(inline_),
      count_(count > 0 && requests ? count : 0) {
  if (count_ > kInline)
    handles_ =
        static_cast<MPI_Request *>(RuntimeAlloc(sizeof(MPI_Request) * count_));
  for (MPI_Count i = 0; i < count_; i++)
    handles_[i] = requests[i];
}

SavedRequests::~SavedRequests() {
  if (handles_ != inline_)
    RuntimeFree(handles_);
}

} // namespace mpisync
