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

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace mpisync {

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
