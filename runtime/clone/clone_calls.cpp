// MPIecho's rules for point-to-point and collective calls (clone_calls.h).
#include "clone/clone_calls.h"

#include "clone/clone_mirror.h"
#include "clone/clone_requests.h"
#include "clone/clone_rma.h"
#include "clone/clone_sendcheck.h"
#include "mpisync_flags.h"

namespace mpisync {
namespace clone {

namespace {

// A request-based RMA operation that the parent's MPI completed inside the
// call (a target on this process: MPICH's MPI_Rget of its own window) may
// get a handle that MPI gives every request it completed so, live at once:
// the layer's table, which is keyed by the parent's handles, cannot tell
// them apart at completion. So the parent says whether the request is
// complete already, and if so its results reach the clones now. Returns
// whether they did.
bool MirroredAtStart(const CallArgs &c) {
  if (!AnyLibraryWrites(c.buffers, c.num_buffers))
    return false;
  int done = 0;
  if (!IsClone() && *c.request != MPI_REQUEST_NULL)
    below.MPI_Request_get_status(*c.request, &done, MPI_STATUS_IGNORE);
  Mirror said(c.name);
  said.Add(&done, 1, MPI_INT);
  said.Run();
  if (!done)
    return false;
  Mirror data(c.name);
  AddReceivedBuffers(&data, c.buffers, c.num_buffers, c.collective, nullptr);
  data.Run();
  return true;
}

} // namespace

int MirrorCall(const CallArgs &c, BelowCall run) {
  if (!InFamily())
    return run();
  // A persistent request sends at MPI_Start, not at its creation; nothing
  // goes to MPI_PROC_NULL.
  if (flags()->clone_sendcheck && c.kind != CallKind::kPersistent &&
      c.dest != MPI_PROC_NULL)
    SendCheck(c.name, c.buffers, c.num_buffers);
  int rc = MPI_SUCCESS;
  if (!IsClone()) {
    rc = run();
    CheckRc(rc, c.name);
  }
  if (c.kind == CallKind::kRma) {
    NoteRmaResults(c);
    return rc;
  }
  if (c.kind != CallKind::kBlocking) {
    if (IsClone())
      *c.request = NewCloneRequest();
    if (c.win != MPI_WIN_NULL && MirroredAtStart(c)) {
      CallArgs mirrored = c; // nothing left to mirror at completion
      mirrored.num_buffers = 0;
      RegisterRequest(*c.request, mirrored);
      return rc;
    }
    RegisterRequest(*c.request, c);
    return rc;
  }
  if (c.collective || !c.status) {
    // The received layout is known: one broadcast (none for a barrier or
    // a send).
    Mirror m(c.name);
    AddReceivedBuffers(&m, c.buffers, c.num_buffers, c.collective, nullptr);
    if (c.collective)
      AddOpenWindows(&m); // e.g. a barrier after a passive-target epoch
    m.Run();
    return rc;
  }
  // A receive: the status says how much arrived, then that much follows.
  if (!AnyLibraryWrites(c.buffers, c.num_buffers))
    return rc;
  Mirror header(c.name);
  header.AddBytes(c.status, sizeof(MPI_Status));
  header.Run();
  Mirror data(c.name);
  AddReceivedBuffers(&data, c.buffers, c.num_buffers, false, c.status);
  data.Run();
  return rc;
}

} // namespace clone
} // namespace mpisync
