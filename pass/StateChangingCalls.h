//===- StateChangingCalls.h - calls that may change what MPI has pending -===//
//
// Only MPI calls start and complete operations. Intrinsics, the runtime's
// own entry points and the C library (as TargetLibraryInfo knows it) do not
// reach MPI; any other call might. Another thread's MPI calls become
// ordered before this thread's next accesses at an acquire (an atomic
// load, read-modify-write or cmpxchg of acquire or stronger ordering, or
// such a fence): a request another thread completed and then announced is
// no longer pending after it. So those count too. The checks'
// deduplication, the loops that keep one pending word (and whose checks
// move in front of them), and the fresh-block filter all ask this.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_STATECHANGINGCALLS_H
#define MPISYNC_STATECHANGINGCALLS_H

namespace llvm {
class Instruction;
class TargetLibraryInfo;
} // namespace llvm

namespace mpisync {

bool isStateChangingCall(const llvm::Instruction &I,
                         const llvm::TargetLibraryInfo &TLI);

} // namespace mpisync

#endif // MPISYNC_STATECHANGINGCALLS_H
