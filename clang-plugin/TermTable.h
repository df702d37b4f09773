//===- TermTable.h - Integer expressions facts are about --------*- C++ -*-===//
//
// The terms of one function: a variable, an element of a local at a known
// place, the value a call returned, an expression of those, or the difference
// of two terms. A path's facts are ranges of terms (PathState::Facts), so the
// table also says which terms a store to a variable, through a pointer or to
// a global invalidates.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_TERMTABLE_H
#define MPISYNC_CLANG_PLUGIN_TERMTABLE_H

#include "PathState.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"

#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace clang {
class CallExpr;
} // namespace clang

namespace mpisync {

class TermTable {
public:
  struct Info {
    std::vector<const clang::VarDecl *> Vars;
    bool ReadsMemory = false; // through a pointer
    bool ReadsGlobal = false;
    const clang::VarDecl *Var = nullptr; // a plain variable's own term
    // An element of a local array or struct at a known place.
    const clang::VarDecl *LocVar = nullptr;
    Int LocOffset = 0, LocSize = 0;
    const clang::CallExpr *Call = nullptr; // the value a call returned
    int DiffA = -1, DiffB = -1;            // the term DiffA - DiffB
  };

  std::optional<unsigned> varTerm(const clang::VarDecl *V) {
    auto It = VarTerms.find(V);
    if (It != VarTerms.end())
      return It->second;
    unsigned T = add(Info{{V}, false, V->hasGlobalStorage(), V});
    VarTerms[V] = T;
    return T;
  }

  unsigned locTerm(const clang::VarDecl *V, Int Offset, Int Size) {
    auto It = LocTerms.find({V, Offset, Size});
    if (It != LocTerms.end())
      return It->second;
    Info I;
    I.Vars = {V};
    I.ReadsGlobal = V->hasGlobalStorage();
    I.LocVar = V;
    I.LocOffset = Offset;
    I.LocSize = Size;
    unsigned T = add(std::move(I));
    LocTerms[{V, Offset, Size}] = T;
    return T;
  }

  unsigned callTerm(const clang::CallExpr *CE) {
    auto It = CallTerms.find(CE);
    if (It != CallTerms.end())
      return It->second;
    Info I;
    I.Call = CE;
    unsigned T = add(std::move(I));
    CallTerms[CE] = T;
    return T;
  }

  std::optional<unsigned> exprTerm(const llvm::FoldingSetNodeID &ID, Info I) {
    for (auto &[Key, T] : ExprTerms[ID.ComputeHash()])
      if (Key == ID)
        return T;
    unsigned T = add(std::move(I));
    ExprTerms[ID.ComputeHash()].push_back({ID, T});
    return T;
  }

  unsigned diffTerm(unsigned A, unsigned B) {
    auto It = DiffTerms.find({A, B});
    if (It != DiffTerms.end())
      return It->second;
    Info I;
    for (unsigned T : {A, B}) {
      I.Vars.insert(I.Vars.end(), Terms[T].Vars.begin(), Terms[T].Vars.end());
      I.ReadsMemory |= Terms[T].ReadsMemory;
      I.ReadsGlobal |= Terms[T].ReadsGlobal;
    }
    I.DiffA = A;
    I.DiffB = B;
    unsigned T = add(std::move(I));
    DiffTerms[{A, B}] = T;
    return T;
  }

  const Info &info(unsigned T) const { return Terms[T]; }
  const std::vector<unsigned> &termsOf(const clang::VarDecl *V) {
    return TermsOfVar[V];
  }
  std::vector<unsigned> termsOfCall(const clang::CallExpr *CE) const {
    auto It = CallTerms.find(CE);
    if (It == CallTerms.end())
      return {};
    return {It->second};
  }
  const std::vector<unsigned> &memoryTerms() const { return Memory; }
  const std::vector<unsigned> &globalTerms() const { return Global; }

private:
  std::vector<Info> Terms;
  llvm::DenseMap<const clang::VarDecl *, unsigned> VarTerms;
  std::map<std::tuple<const clang::VarDecl *, Int, Int>, unsigned> LocTerms;
  llvm::DenseMap<const clang::CallExpr *, unsigned> CallTerms;
  std::map<unsigned, std::vector<std::pair<llvm::FoldingSetNodeID, unsigned>>>
      ExprTerms;
  std::map<std::pair<unsigned, unsigned>, unsigned> DiffTerms;
  llvm::DenseMap<const clang::VarDecl *, std::vector<unsigned>> TermsOfVar;
  std::vector<unsigned> Memory, Global;

  unsigned add(Info I) {
    unsigned T = Terms.size();
    for (const clang::VarDecl *V : I.Vars)
      TermsOfVar[V].push_back(T);
    if (I.ReadsMemory)
      Memory.push_back(T);
    if (I.ReadsGlobal)
      Global.push_back(T);
    Terms.push_back(std::move(I));
    return T;
  }
};

} // namespace mpisync

#endif
