//===- RequestSlots.cpp - Requests held in variables ----------------------===//
//
// Which operation each request variable or array element holds on a path
// (PathState::Slots, Defaults, Symbolic), the operations started at a call,
// what becomes unknown when a handle is overwritten, escapes or is reached
// through an unknown index, and the operations no handle names any more.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace mpisync {

Content FunctionAnalysis::slot(const PathState &S, const SlotKey &K) const {
  auto It = S.Slots.find(K);
  if (It != S.Slots.end())
    return It->second;
  auto D = S.Defaults.find(K.first);
  if (D != S.Defaults.end())
    return Content::of(D->second);
  return Content::of(Content::Unknown);
}

unsigned FunctionAnalysis::refCount(const PathState &S, OpId Id) const {
  unsigned N = 0;
  for (const auto &[K, C] : S.Slots)
    N += C.K == Content::Op && C.Id == Id;
  for (const auto &[B, Set] : S.Symbolic)
    N += Set.count(Id);
  return N;
}

OpId FunctionAnalysis::newOp(PathState &S, const CallExpr *Site) {
  auto [It, New] = SiteIndex.try_emplace(Site, Sites.size());
  if (New)
    Sites.push_back(Site);
  OpId Base = It->second * InstancesPerSite;
  for (OpId I = 0; I < InstancesPerSite; ++I)
    if (!S.Ops.count(Base + I))
      return Base + I;
  // Too many live operations from one call (a loop): forget them all.
  for (OpId I = 0; I < InstancesPerSite; ++I) {
    for (auto &[K, C] : S.Slots)
      if (C.K == Content::Op && C.Id == Base + I)
        C = Content::of(Content::Unknown);
    for (auto &[B, Set] : S.Symbolic)
      Set.erase(Base + I);
    S.Ops.erase(Base + I);
  }
  return Base;
}

void FunctionAnalysis::makeUnknown(PathState &S, OpId Id) {
  auto It = S.Ops.find(Id);
  if (It != S.Ops.end())
    It->second.St = Operation::Unknown;
}

// Forgets the requests held in B. Ambiguous: they may still be there, but
// which is where is not known (a store at an unknown index).
void FunctionAnalysis::forgetBase(PathState &S, const MemBase &B,
                                  bool Ambiguous) {
  for (auto It = S.Slots.lower_bound({B, NegInf});
       It != S.Slots.end() && It->first.first == B;) {
    if (It->second.K == Content::Op)
      makeUnknown(S, It->second.Id);
    It = S.Slots.erase(It);
  }
  auto D = S.Defaults.find(B);
  if (D != S.Defaults.end())
    D->second = Content::Unknown;
  if (!Ambiguous) {
    auto Sym = S.Symbolic.find(B);
    if (Sym != S.Symbolic.end()) {
      for (OpId Id : Sym->second)
        makeUnknown(S, Id);
      S.Symbolic.erase(Sym);
    }
  }
}

// P now points elsewhere: buffers and requests named through it are lost.
void FunctionAnalysis::dropPointerBase(PathState &S, const VarDecl *P) {
  MemBase B{P, true};
  S.Pointees.erase(P);
  forgetBase(S, B, /*Ambiguous=*/false);
  for (auto &[Id, Op] : S.Ops)
    llvm::erase_if(Op.Regions, [&](const Region &R) { return R.Base == B; });
}

// A completion through a handle the analysis cannot name: any operation
// whose handle is also elsewhere may be the one completed.
void FunctionAnalysis::unidentifiedCompletion(PathState &S) {
  for (auto &[Id, Op] : S.Ops)
    if (Op.Shared)
      Op.St = Operation::Unknown;
}

Content FunctionAnalysis::requestValue(const Expr *RHS, const PathState &S) {
  if (isNullRequest(RHS, Ctx))
    return Content::of(Content::Null);
  const Expr *E = RHS->IgnoreParenImpCasts();
  if (isRequestType(E->getType(), Ctx))
    if (auto L = evalLValue(E, S))
      if (L->Offset && isTrackedRequestBase(L->Base)) {
        Content C = slot(S, {L->Base, *L->Offset});
        if (C.K == Content::Op)
          return C;
      }
  return Content::of(Content::Unknown);
}

void FunctionAnalysis::writeRequest(PathState &S,
                                    const std::optional<Location> &L, Content C,
                                    const Expr *At) {
  if (!L || !isTrackedRequestBase(L->Base)) {
    // Stored where the analysis cannot follow it.
    if (C.K == Content::Op)
      S.Ops[C.Id].Shared = true;
    return;
  }
  if (!L->Offset) {
    forgetBase(S, L->Base, /*Ambiguous=*/true);
    if (C.K == Content::Op)
      S.Symbolic[L->Base].insert(C.Id);
    if (!isOwnBase(L->Base) && C.K == Content::Op)
      S.Ops[C.Id].Shared = true;
    return;
  }
  SlotKey K{L->Base, *L->Offset};
  Content Old = slot(S, K);
  if (Old.K == Content::Op && !(C.K == Content::Op && C.Id == Old.Id)) {
    std::string Name = At ? sourceText(At, Ctx) : "";
    if (Name.size() > 1 && Name[0] == '&')
      Name = Name.substr(1);
    if (Name.empty())
      Name = slotName(K);
    reportLost(S, Old.Id, Name, At ? At->getExprLoc() : SourceLocation(),
               /*OutOfScope=*/false);
  }
  S.Slots[K] = C;
  if (!isOwnBase(L->Base) && C.K == Content::Op)
    S.Ops[C.Id].Shared = true;
}

void FunctionAnalysis::collectGarbage(PathState &S) {
  for (auto It = S.Ops.begin(); It != S.Ops.end();) {
    const Operation &Op = It->second;
    bool Live = Op.St == Operation::Pending && !Op.Regions.empty();
    if (!Live && refCount(S, It->first) == 0)
      It = S.Ops.erase(It);
    else
      ++It;
  }
}

// Two operations of one call that no slot names, that are in the same
// arrays at unknown places and agree in everything the analysis knows are
// one operation to it: every transfer treats members of an array's set
// alike, and a report of one is the other's (reported once). Keeping one
// lets the paths of a loop that starts an operation per iteration into
// reqs[n++] meet instead of differing in how many copies they hold: 24
// functions of the test suites and the MPICH corpus walk fewer steps, up
// to half (docs/performance.md, "Session 45").
void FunctionAnalysis::mergeTwinOps(PathState &S) {
  if (S.Ops.size() < 2)
    return;
  llvm::SmallDenseSet<OpId, 8> Named;
  for (const auto &[K, C] : S.Slots)
    if (C.K == Content::Op)
      Named.insert(C.Id);
  // An operation no slot names is started only through one (an unknown
  // index forgets the array's set): if it is not pending it never will
  // be, and its buffers are consulted only while it is (checkAccess,
  // lifetimeEnds, collectGarbage). MPI_Recv_init(image + n * y, ...,
  // &reqs[n++]) in a loop makes operations that differ in nothing else.
  for (auto &[Id, Op] : S.Ops)
    if (Op.St != Operation::Pending && !Named.count(Id))
      Op.Regions.clear();
  auto SameSets = [&](OpId A, OpId B) {
    for (const auto &[Base, Set] : S.Symbolic)
      if (Set.count(A) != Set.count(B))
        return false;
    return true;
  };
  llvm::SmallVector<OpId, 8> Twins;
  for (auto A = S.Ops.begin(); A != S.Ops.end(); ++A) {
    if (Named.count(A->first) || llvm::is_contained(Twins, A->first))
      continue;
    // Ids of one call are consecutive (newOp).
    for (auto B = std::next(A);
         B != S.Ops.end() &&
         B->first / InstancesPerSite == A->first / InstancesPerSite;
         ++B)
      if (!Named.count(B->first) && !llvm::is_contained(Twins, B->first) &&
          A->second == B->second && SameSets(A->first, B->first))
        Twins.push_back(B->first);
  }
  for (OpId Id : Twins) {
    S.Ops.erase(Id);
    for (auto &[Base, Set] : S.Symbolic)
      Set.erase(Id);
  }
}

std::string FunctionAnalysis::slotName(const SlotKey &K) const {
  const VarDecl *V = K.first.Var;
  std::string Name = V->getName().str();
  QualType T = V->getType();
  if (K.first.Deref) {
    T = T->getPointeeType();
    if (K.second == 0)
      return "*" + Name;
    return Name + "[" + std::to_string(K.second / RequestSize) + "]";
  }
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    if (isRequestType(AT->getElementType(), Ctx))
      return Name + "[" + std::to_string(K.second / RequestSize) + "]";
  return Name;
}

} // namespace mpisync
