//===- GlobalEffects.h - Which globals a call may change --------*- C++ -*-===//
//
// Facts about global variables (if (g_rank == 0) ... if (g_rank == 0)) hold
// across a call unless the callee may write them. For each function of the
// translation unit: the globals it writes, through the functions it calls;
// a call outside the unit may write any global visible outside it, or
// whose address was kept.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_GLOBALEFFECTS_H
#define MPISYNC_CLANG_PLUGIN_GLOBALEFFECTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace mpisync {

// A declaration of a system header, whose walk the plugin skips whole: it
// analyzes no function of those headers, and takes them to write only what
// they are given (GlobalEffects' calls). Walking them (every declaration of
// <mpi.h> and the C library's headers, every instantiation of the C++
// library's templates) cost a small file 10-15 ms, more than the analysis.
// Implicit declarations have no location, so they are walked.
// So is a function declaration without a body whose parameters have no
// default arguments (in which an expression could take an address): it
// holds only types, which neither walk looks at. MPI's own header is no
// system header (mpicc names its directory with -I): its 900 prototypes
// and their parameters' types cost each walk about 10 million
// instructions, 2% of a small file's whole compile.
inline bool skippedAsSystem(const clang::Decl *D,
                            const clang::SourceManager &SM) {
  if (const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
      FD && !FD->doesThisDeclarationHaveABody() &&
      llvm::none_of(FD->parameters(), [](const clang::ParmVarDecl *P) {
        return P->hasDefaultArg();
      }))
    return true;
  return D && !llvm::isa<clang::TranslationUnitDecl>(D) &&
         D->getLocation().isValid() && SM.isInSystemHeader(D->getLocation());
}

class GlobalEffects {
public:
  void compute(clang::ASTContext &Ctx);

  // May a call of F (null: an indirect call) change V?
  bool mayWrite(const clang::FunctionDecl *F, const clang::VarDecl *V) const;
  // May a store through some pointer change V?
  bool addressTaken(const clang::VarDecl *V) const {
    return AddressTaken.count(V);
  }

  struct Summary {
    llvm::DenseSet<const clang::VarDecl *> Writes;
    llvm::DenseSet<const clang::FunctionDecl *> Callees;
    bool CallsUnknown = false; // outside the unit, or through a pointer
  };

private:
  llvm::DenseMap<const clang::FunctionDecl *, Summary> Functions;
  llvm::DenseSet<const clang::VarDecl *> AddressTaken;
  llvm::DenseSet<const clang::VarDecl *> Kept; // address stored somewhere
};

} // namespace mpisync

#endif
