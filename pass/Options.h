//===- Options.h - switches of the MPISync pass --------------------------===//
//
// Every filter and fast-path level has a hidden -mpisync-... switch so a
// test can turn it off; turning one off changes the cost, never what is
// detected.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_OPTIONS_H
#define MPISYNC_OPTIONS_H

#include "llvm/Support/CommandLine.h"

namespace mpisync {

// Fast path (DESIGN.md section 4).
extern llvm::cl::opt<bool> ClInlinePending;    // ER: "anything pending" word
extern llvm::cl::opt<bool> ClInlineAccessType; // AT: per access type interval
extern llvm::cl::opt<bool> ClInlineRange;      // MR: lo/span range test
extern llvm::cl::opt<bool> ClInlineShadow;     // shadow byte test
extern llvm::cl::opt<bool> ClCloneLoops;       // idle copies of call-free loops
extern llvm::cl::opt<unsigned> ClCloneLoopMaxInstructions;
extern llvm::cl::opt<unsigned> ClCloneNestMaxInstructions;
extern llvm::cl::opt<bool> ClDedupChecks;      // drop dominated duplicates
extern llvm::cl::opt<bool> ClPreserveAllCC;    // small slow-path entries
extern llvm::cl::opt<bool> ClColdCallsBesideMpi; // bare _cold calls
extern llvm::cl::opt<bool> ClCompactColdChecks; // outside loops: test + call
extern llvm::cl::opt<bool> ClColdRangeChecks; // outside loops: _cold range call
extern llvm::cl::opt<bool> ClGroupChecks; // one range test per field group
extern llvm::cl::opt<bool> ClNearTest;    // outside loops: near interval first

// Static filters.
extern llvm::cl::opt<bool> ClSkipNonEscapingAllocas;
extern llvm::cl::opt<bool> ClKnowMpiArguments;
extern llvm::cl::opt<bool> ClSkipConstantMemory;
extern llvm::cl::opt<bool> ClSkipPrivateGlobals;
extern llvm::cl::opt<bool> ClSkipPrivateHeap;
extern llvm::cl::opt<bool> ClSkipFreshHeap;
extern llvm::cl::opt<bool> ClHoistAffineLoopAccesses;

} // namespace mpisync

#endif // MPISYNC_OPTIONS_H
