//===- MpiCallArguments.h - which pointers an MPI call may keep -----------===//
//
// Memory becomes an MPI buffer only by being passed to an MPI call that
// keeps it after returning (a nonblocking, persistent or partitioned
// operation, an RMA operation, a window). A pointer passed anywhere else in
// a known MPI call (a count or status out-parameter, a request handle, the
// buffer of a blocking call) is used inside the call only. The table is
// generated from include/mpisync/mpi_calls.tbl (gen_mpi_arg_table.py).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_MPICALLARGUMENTS_H
#define MPISYNC_MPICALLARGUMENTS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class CallBase;
class Use;
class Value;
} // namespace llvm

namespace mpisync {

// True when `Call` is to an MPI function the table knows (C, PMPI_ or
// Fortran binding).
bool isKnownMpiCall(const llvm::CallBase &Call);

// False when `Call` is to an MPI function the table knows (C, PMPI_ or
// Fortran binding) and argument `ArgNo` is not one MPI may keep.
bool mpiMayKeepArgument(const llvm::CallBase &Call, unsigned ArgNo);

// True when the object `Obj` (a local, a global, a heap block) may be handed
// to MPI as memory it keeps: its address is captured other than as an
// argument that mpiMayKeepArgument says MPI does not keep, by MPISync's own
// checks, or at a use for which `NotAnEscape` says so.
bool mayBecomeMpiBuffer(
    const llvm::Value *Obj,
    llvm::function_ref<bool(const llvm::Use &)> NotAnEscape = nullptr);

} // namespace mpisync

#endif // MPISYNC_MPICALLARGUMENTS_H
