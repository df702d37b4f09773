//===- MpiCallNoMerge.h - MPI calls keep their own source lines -*- C++ -*-===//
//
// Marks every call to an MPI function `nomerge` at the start of the
// pipeline, before SimplifyCFG can sink or hoist two identical calls from
// different branches into one whose debug location is line 0: a report
// names the MPI call's line, so each call must stay where it was written.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_PASS_MPICALLNOMERGE_H
#define MPISYNC_PASS_MPICALLNOMERGE_H

#include "llvm/IR/PassManager.h"

namespace mpisync {

struct MpiCallNoMergePass : llvm::PassInfoMixin<MpiCallNoMergePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace mpisync

#endif
