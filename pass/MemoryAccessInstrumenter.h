//===- MemoryAccessInstrumenter.h - MPISync access instrumentation -------===//
//
// Inserts a runtime check before every memory access an MPI buffer rule can
// be broken by: loads, stores, atomics and memory intrinsics.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_MEMORYACCESSINSTRUMENTER_H
#define MPISYNC_MEMORYACCESSINSTRUMENTER_H

#include "llvm/IR/PassManager.h"

namespace mpisync {

class MPISyncPass : public llvm::PassInfoMixin<MPISyncPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  // clang marks -O0 functions optnone; the sanitizer must still run there.
  static bool isRequired() { return true; }
};

} // namespace mpisync

#endif // MPISYNC_MEMORYACCESSINSTRUMENTER_H
