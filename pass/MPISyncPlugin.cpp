//===- MPISyncPlugin.cpp - registration of the MPISync pass --------------===//
//
// Registers the instrumentation at the optimizer's last extension point (it
// runs at -O0 too, like ASan and TSan) and as "mpisync" for opt -passes=.
//
//===----------------------------------------------------------------------===//
#include "MemoryAccessInstrumenter.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "MPISync", LLVM_VERSION_STRING,
          [](PassBuilder &PB) {
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(mpisync::MPISyncPass());
                });
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name != "mpisync")
                    return false;
                  MPM.addPass(mpisync::MPISyncPass());
                  return true;
                });
          }};
}
