//===- StateChangingCalls.h - calls that may change what MPI has pending -===//
//
// Only MPI calls start and complete operations. Intrinsics, the runtime's
// own entry points and the C library (as TargetLibraryInfo knows it) do not
// reach MPI; any other call might. The checks' deduplication, the loops
// that keep one pending word, and the fresh-block filter all ask this.
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
