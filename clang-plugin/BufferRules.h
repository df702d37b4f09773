//===- BufferRules.h - Which buffer accesses are errors ---------*- C++ -*-===//
//
// The one place the plugin decides whether an access to a buffer of a
// pending operation is an error, and which check reports it: by the buffer's
// role in its MPI call (send, receive, either) and the kind of access. Every
// check of a buffer (accesses, a call's own overlapping buffers, a stack
// buffer leaving scope) asks here.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_BUFFERRULES_H
#define MPISYNC_CLANG_PLUGIN_BUFFERRULES_H

#include "CheckOptions.h"
#include "MPICallTable.h"

#include <optional>

namespace mpisync {

enum class BufferAccess { Load, Store, ScopeExit };

// The check an access to a buffer of a pending operation violates; none if
// it is allowed. A send buffer may be read while pending, a receive buffer
// not accessed at all; a buffer whose role depends on the rank (Any, e.g.
// MPI_Ibcast) conflicts only with stores. A stack buffer may not leave
// scope whatever its role.
inline std::optional<Check> pendingBufferCheck(BufferRole Role,
                                               BufferAccess Access) {
  switch (Access) {
  case BufferAccess::Load:
    if (Role == BufferRole::Recv)
      return Check::RecvBufferAccess;
    return std::nullopt;
  case BufferAccess::Store:
    return Role == BufferRole::Recv ? Check::RecvBufferAccess
                                    : Check::SendBufferWrite;
  case BufferAccess::ScopeExit:
    return Check::StackBufferOutOfScope;
  }
  return std::nullopt;
}

} // namespace mpisync

#endif
