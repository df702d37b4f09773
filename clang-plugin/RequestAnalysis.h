//===- RequestAnalysis.h - Path-sensitive request checks --------*- C++ -*-===//
//
// Walks one function's CFG path by path, with the state of its requests
// (started, completed, never started), the buffers of pending operations,
// and what the branches taken so far say about its integer variables, and
// reports the MPISync checks (MPISyncChecks.def). Intraprocedural: what
// escapes to code it cannot see becomes unknown and is never reported.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_REQUESTANALYSIS_H
#define MPISYNC_CLANG_PLUGIN_REQUESTANALYSIS_H

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Decl;
class Preprocessor;
} // namespace clang

namespace mpisync {

class GlobalEffects;
class Reporter;

struct AnalysisLimits {
  // Times a loop that contains MPI calls is unrolled before its counters
  // are widened (so requests in arrays keep their slots).
  unsigned LoopUnroll = 6;
  // Transfer steps per function before the analysis gives up on the rest
  // of its paths (what was found stays found): about 0.1 s of compile time.
  // The largest function of the test suite needs about 20000; big mains
  // with many loops around MPI calls (bench/'s stencil3d and cg) do not
  // finish within 100000 either, and then cost the compile 20-45%.
  unsigned MaxSteps = 30000;
  // Distinct states a block is walked in; a path reaching it in one more
  // ends there. Independent branches the facts cannot decide (a loop body
  // testing each of 8 received values) double the states at each; without
  // this bound every bench/ main walked until MaxSteps (8-10 ms of a
  // 110 ms compile), and one hot loop took the budget of the code after
  // it. With it the walk costs about the function's size times this bound
  // (docs/performance.md, "Session 50"). The test suite's checks still
  // pass at 8.
  unsigned MaxStatesPerBlock = 16;
};

// The values of MPI's constants the analysis compares with, from the
// macros of the translation unit's mpi.h (absent: not defined, or not a
// plain integer).
struct MPIConstants {
  std::optional<int64_t> Root; // MPI_ROOT
};
MPIConstants readMPIConstants(clang::Preprocessor &PP);

// True if D's body calls an MPI function of the call table.
bool callsMPI(const clang::Decl *D);

void analyzeFunction(const clang::Decl *D, clang::ASTContext &Ctx, Reporter &R,
                     const GlobalEffects &Globals,
                     const AnalysisLimits &Limits, const MPIConstants &Consts);

} // namespace mpisync

#endif
