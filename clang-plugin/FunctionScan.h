//===- FunctionScan.h - A function before its paths are walked --*- C++ -*-===//
//
// Before any path is walked, one pass over a function's body: which locals
// escape (their address or a reference to them goes where the analysis cannot
// follow), the constants each variable is compared with (widening stops
// there), and per loop whether it calls MPI, which variables it changes and
// which request variables it stores. Also callsMPI (RequestAnalysis.h).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_FUNCTIONSCAN_H
#define MPISYNC_CLANG_PLUGIN_FUNCTIONSCAN_H

#include "PathState.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace clang {
class ASTContext;
class ParentMap;
class Stmt;
class VarDecl;
} // namespace clang

namespace mpisync {

struct LoopFacts {
  bool CallsMPI = false;
  // Variables a loop changes by arithmetic: widened after unrolling.
  // +1: only increased, -1: only decreased, 0: anything.
  llvm::DenseMap<const clang::VarDecl *, int> Changed;
  // Variables holding requests the loop stores: once the loop is widened,
  // how many iterations stored what is not known.
  llvm::DenseSet<const clang::VarDecl *> RequestVars;
  std::vector<const clang::Stmt *> Nested;
};

struct FunctionFacts {
  // Locals whose address flows where the analysis cannot see.
  llvm::DenseSet<const clang::VarDecl *> Escaped;
  // The constants (and their neighbours) each variable is compared with,
  // sorted and unique.
  llvm::DenseMap<const clang::VarDecl *, std::vector<Int>> Thresholds;
  llvm::DenseMap<const clang::Stmt *, LoopFacts> Loops;
};

// Fills Out from the function body Body, whose parents PM knows.
void scanFunction(clang::Stmt *Body, clang::ParentMap &PM,
                  clang::ASTContext &Ctx, FunctionFacts &Out);

} // namespace mpisync

#endif
