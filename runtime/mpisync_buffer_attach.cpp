// The buffer of buffered sends (MPI 4.1 3.6.1): from MPI_Buffer_attach
// until MPI_Buffer_detach returns it is MPI's, which copies the messages of
// MPI_Bsend into it and sends them from there; only after the detach may
// the program "reuse or deallocate" it. It is watched as an active
// operation of the `Attached` role (buffer_rules.def) with no request: a
// store into it is attached-buffer-write, a free() pending-buffer-freed.
#include "mpisync_mpi_hooks.h"

#include "mpisync_pending.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {

namespace {
// One per process (MPI attaches one buffer at a time). StateMutex.
PendingOp *attached;

void ReleaseAttachedLocked() {
  if (!attached)
    return;
  DestroyOp(attached); // deactivates it first
  attached = nullptr;
}
} // namespace

void OnBufferAttach(MpiCall &call, int rc, void *buffer, MPI_Count size) {
  // MPI refuses a second buffer while one is attached; a size of 0 or a
  // null buffer holds no memory to watch.
  if (rc != MPI_SUCCESS || !buffer || size <= 0)
    return;
  StateLock lock(&StateMutex());
  ReleaseAttachedLocked();
  PendingOp *op = NewOp(call.name(), /*persistent=*/false);
  AddBuffer(op, BufferRole::kAttached, buffer, size, MPI_BYTE);
  op->ever_started = true;
  op->start_stack = call.Stack();
  CheckOverlaps(op, op->start_stack);
  ActivateOp(op);
  MarkShadow(op);
  attached = op;
}

void AfterBufferDetach(int rc) {
  if (rc != MPI_SUCCESS)
    return;
  StateLock lock(&StateMutex());
  ReleaseAttachedLocked();
}

void ForgetAttachedBuffer() { attached = nullptr; }

} // namespace mpisync
