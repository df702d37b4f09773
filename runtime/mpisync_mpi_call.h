// One MPI call as the generated wrappers describe it to the hooks and the
// mode layers: its name and call site (MpiCall), the request handles it was
// given (SavedRequests) and its buffer arguments (BufferArg). Below every
// hook header: it knows nothing of what the hooks do.
#ifndef MPISYNC_MPI_CALL_H
#define MPISYNC_MPI_CALL_H

#include <mpi.h>

#include "mpisync/buffer_rules.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::uptr;

struct BufferArg {
  BufferRole role;
  const void *buf;
  MPI_Count count;
  MPI_Datatype datatype;
};

// One MPI call in progress on this thread: its name and where it came from.
// While it lives, the thread is inside the MPI library.
class MpiCall {
public:
  MpiCall(const char *name, uptr pc, uptr bp);
  ~MpiCall();
  const char *name() const { return name_; }
  // The return address into the program's code.
  uptr pc() const { return pc_; }
  // The caller's stack, captured on first use.
  u32 Stack();

private:
  const char *name_;
  uptr pc_, bp_;
  u32 stack_ = 0;
  MpiCall *outer_; // the call this one is nested in, if any
};

// The outermost MPI call in progress on this thread (the program's own
// call), or null: what a mode layer reports as the call site.
MpiCall *CurrentMpiCall();

// The call site of a language binding's entry point (the Fortran bindings
// of the Open MPI build, mpisync_fortran.h), which converts its arguments
// and calls the C wrapper. While it lives, the outermost MpiCall of the
// thread takes this call site instead of its own caller, a return address
// inside the binding: reports and the mode layers then name the program's
// line, and the stack is unwound from the program's frame.
class BindingSite {
public:
  BindingSite(uptr pc, uptr bp);
  ~BindingSite();
  BindingSite(const BindingSite &) = delete;
  BindingSite &operator=(const BindingSite &) = delete;

private:
  uptr saved_pc_, saved_bp_; // an enclosing binding's (a nested entry)
};

// Request handles copied before the MPI call overwrites them.
class SavedRequests {
public:
  SavedRequests(const MPI_Request *requests, MPI_Count count);
  ~SavedRequests();
  MPI_Request operator[](MPI_Count i) const { return handles_[i]; }
  MPI_Count size() const { return count_; }
  // The program's variable that held handle i.
  const MPI_Request *slot(MPI_Count i) const {
    return slots_ ? slots_ + i : nullptr;
  }

private:
  const MPI_Request *slots_;
  static constexpr int kInline = 16;
  MPI_Request inline_[kInline];
  MPI_Request *handles_;
  MPI_Count count_;
};

} // namespace mpisync

#endif // MPISYNC_MPI_CALL_H
