//===- Relevance.h - Which variables' values the analysis needs -*- C++ -*-===//
//
// A variable's value matters to what the plugin reports only if it reaches
// an MPI call's arguments as a value (a count, a rank, a tag, an index into
// requests), an index or an offset of an access, or a condition that decides
// whether an MPI call, an access to MPI's buffers, a jump or a call the
// analysis cannot see happens; or if it flows into such a variable. The
// values of the others (a count of wrong results, a running sum, the values
// written into a send buffer) only tell paths apart that end in the same
// state: dropping their facts lets those paths merge. Every bench/ main, with
// a verification loop beside its MPI calls, had run into
// AnalysisLimits::MaxSteps, 10-15 ms of a small file's compile.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_RELEVANCE_H
#define MPISYNC_CLANG_PLUGIN_RELEVANCE_H

#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace mpisync {

// The variables of Body whose values matter, as above (the analysis keeps
// the facts of every variable that is not an integer or an array anyway).
llvm::DenseSet<const clang::VarDecl *>
valueRelevantVariables(const clang::Stmt *Body, clang::ASTContext &Ctx);

} // namespace mpisync

#endif
