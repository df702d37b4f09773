// The mirrored point-to-point and collective calls: the generated shims
// (mpisync_clone_entries.cpp, from mpi_calls.tbl) describe a call's buffers
// and how to run it on the MPI below, and MirrorCall applies MPIecho's
// rules: the parent runs it, a clone runs nothing (clones send nothing and
// receive only from their parent), whatever the call wrote on the parent
// reaches the clones in one broadcast.
#ifndef MPISYNC_CLONE_CALLS_H
#define MPISYNC_CLONE_CALLS_H

#include <mpi.h>

#include "clone/clone_state.h"
#include "mpisync_mpi_hooks.h"

namespace mpisync {
namespace clone {

enum class CallKind {
  kStart,      // nonblocking: a request whose receive buffers are mirrored at
               // completion
  kPersistent, // persistent init: the same, started by MPI_Start(all)
  kBlocking,   // blocking: receive buffers (and status) mirrored now
  kRma,        // an RMA operation: result buffers mirrored at the window
               // synchronization that completes it (clone_rma.h)
};

struct CallArgs {
  const char *name = nullptr;
  CallKind kind = CallKind::kBlocking;
  const BufferArg *buffers = nullptr;
  int num_buffers = 0;
  bool collective = false;
  MPI_Request *request = nullptr;
  int dest = 0; // point-to-point sends: MPI_PROC_NULL sends nothing
  MPI_Status *status = nullptr; // never MPI_STATUS_IGNORE here
  MPI_Win win = MPI_WIN_NULL;   // RMA operations
};

// The call on the MPI below, with the program's arguments.
class BelowCall {
public:
  template <typename F>
  explicit BelowCall(F &f)
      : fn_([](void *f) { return (*static_cast<F *>(f))(); }), f_(&f) {}
  int operator()() const { return fn_(f_); }

private:
  int (*fn_)(void *);
  void *f_;
};

int MirrorCall(const CallArgs &call, BelowCall run);

// A call the layer does not mirror: stops the job with a clear message.
[[noreturn]] void Refuse(const char *call);

// Points the entries of `next` at the generated shims and refusals.
void InstallGeneratedEntries(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_CALLS_H
