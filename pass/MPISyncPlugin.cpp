//===- MPISyncPlugin.cpp - registration of the MPISync pass --------------===//
//
// Registers the instrumentation at the start of the optimizer's module
// pipeline (after inlining and the function simplifications, before the loop
// vectorizer and unroller), and as "mpisync" for opt -passes=. Placed there,
// a loop's range checks sit in front of the loop once, before the vectorizer
// splits it into a vector body and a remainder (each of which would
// otherwise get its own checks), and the passes that follow clean up the
// checks' blocks: compiles are about 7% faster than at the optimizer's last
// extension point, and loops with checks run as fast or faster
// (docs/performance.md). The last extension point registers it again for
// pipelines without the early one; the pass leaves an instrumented module
// alone, so it runs once (also at -O0, like ASan and TSan). At the start
// of the pipeline, MPI calls are marked nomerge (MpiCallNoMerge.h) so that
// reports name each call's own line.
//
//===----------------------------------------------------------------------===//
#include "MemoryAccessInstrumenter.h"
#include "MpiCallNoMerge.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "MPISync", LLVM_VERSION_STRING,
          [](PassBuilder &PB) {
            auto Add = [](ModulePassManager &MPM, OptimizationLevel) {
              MPM.addPass(mpisync::MPISyncPass());
            };
            PB.registerPipelineStartEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) {
                  MPM.addPass(mpisync::MpiCallNoMergePass());
                });
            PB.registerOptimizerEarlyEPCallback(Add);
            PB.registerOptimizerLastEPCallback(Add);
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "mpisync-nomerge") {
                    MPM.addPass(mpisync::MpiCallNoMergePass());
                    return true;
                  }
                  if (Name != "mpisync")
                    return false;
                  MPM.addPass(mpisync::MPISyncPass());
                  return true;
                });
          }};
}
