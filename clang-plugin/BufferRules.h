//===- BufferRules.h - Which buffer accesses are errors ---------*- C++ -*-===//
//
// The one place the plugin decides whether an access to a buffer of a
// pending operation is an error, and which check reports it: the shared
// rule table (include/mpisync/buffer_rules.def, the runtime's and the
// pass's too) by the buffer's role in its MPI call and the kind of access.
// Every check of a buffer (accesses, a call's own overlapping buffers, a
// stack buffer leaving scope) asks here.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_BUFFERRULES_H
#define MPISYNC_CLANG_PLUGIN_BUFFERRULES_H

#include "CheckOptions.h"
#include "MPICallTable.h"
#include "mpisync/buffer_rules.h"

#include <cstring>
#include <optional>

namespace mpisync {

// The plugin's check named like an error kind of the runtime, if it has one.
inline std::optional<Check> checkForKind(ErrorKind Kind) {
#define MPISYNC_CHECK(Enum, Name)                                              \
  if (std::strcmp(Name, ErrorKindName(Kind)) == 0)                             \
    return Check::Enum;
#include "MPISyncChecks.def"
  return std::nullopt;
}

// The check an access to a buffer of a pending operation violates; none if
// the rules allow it. A buffer whose role depends on the rank (Any, e.g.
// MPI_Ibcast) is checked only where both roles forbid the access (a store,
// a scope exit), and reported as its send side: the analysis does not know
// the rank.
inline std::optional<Check> pendingBufferCheck(ArgRole Role,
                                               BufferAccess Access) {
  BufferRule Send = RuleFor(BufferRole::kSend, Access);
  BufferRule Recv = RuleFor(BufferRole::kRecv, Access);
  const BufferRule *Rule = Role == ArgRole::Recv ? &Recv : &Send;
  if (Role == ArgRole::Any && Recv.outcome != RuleOutcome::kError)
    return std::nullopt;
  if (Rule->outcome != RuleOutcome::kError)
    return std::nullopt;
  return checkForKind(Rule->kind);
}

} // namespace mpisync

#endif
