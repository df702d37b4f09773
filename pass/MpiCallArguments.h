//===- MpiCallArguments.h - which pointers an MPI call may keep -----------===//
//
// Memory becomes an MPI buffer only by being passed to an MPI call that
// keeps it after returning (a nonblocking, persistent or partitioned
// operation, an RMA operation, a window). A pointer passed anywhere else in
// a known MPI call (a count or status out-parameter, a request handle, the
// buffer of a blocking call) is used inside the call only. The table is
// generated from runtime/mpi_calls.tbl (gen_mpi_arg_table.py).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_MPICALLARGUMENTS_H
#define MPISYNC_MPICALLARGUMENTS_H

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace mpisync {

// False when `Call` is to an MPI function the table knows (C, PMPI_ or
// Fortran binding) and argument `ArgNo` is not one MPI may keep.
bool mpiMayKeepArgument(const llvm::CallBase &Call, unsigned ArgNo);

// True when the stack object or global `Obj` may be handed to MPI as memory
// it keeps: its address is captured other than as an argument that
// mpiMayKeepArgument says MPI does not keep.
bool mayBecomeMpiBuffer(const llvm::Value *Obj);

} // namespace mpisync

#endif // MPISYNC_MPICALLARGUMENTS_H
