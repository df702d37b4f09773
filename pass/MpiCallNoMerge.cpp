//===- MpiCallNoMerge.cpp - MPI calls keep their own source lines ---------===//
#include "MpiCallNoMerge.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace mpisync {

namespace {
// MPI_*, PMPI_* (C) and mpi_*_ (MPICH's Fortran bindings).
bool isMpiFunction(StringRef Name) {
  return Name.starts_with("MPI_") || Name.starts_with("PMPI_") ||
         (Name.starts_with("mpi_") && Name.ends_with("_"));
}
} // namespace

PreservedAnalyses MpiCallNoMergePass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (!isMpiFunction(F.getName()))
      continue;
    for (User *U : F.users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != &F ||
          CB->hasFnAttr(Attribute::NoMerge))
        continue;
      CB->addFnAttr(Attribute::NoMerge);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace mpisync
