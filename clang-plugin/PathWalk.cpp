//===- PathWalk.cpp - The walk of a function's paths ----------------------===//
//
// Depth first over the CFG, one PathState per path, states deduplicated
// per block by hash; branches split or prune paths by what the facts say,
// loops with MPI calls are unrolled AnalysisLimits::LoopUnroll times and
// then widened; a block takes at most AnalysisLimits::MaxStatesPerBlock
// distinct states, and the walk stops after AnalysisLimits::MaxSteps
// transfers.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"
#include "Relevance.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace mpisync {

FunctionAnalysis::FunctionAnalysis(const Decl *D, ASTContext &Ctx, Reporter &R,
                                   const GlobalEffects &Globals,
                                   const AnalysisLimits &Limits,
                                   const MPIConstants &Consts)
    : D(D), Ctx(Ctx), SM(Ctx.getSourceManager()), Rep(R), Globals(Globals),
      Limits(Limits), Consts(Consts), Body(D->getBody()), PM(Body) {
  if (const TypedefNameDecl *TD = lookupRequestTypedef())
    RequestSize = sizeOf(Ctx.getTypeDeclType(TD), Ctx).value_or(4);
}

const TypedefNameDecl *FunctionAnalysis::lookupRequestTypedef() {
  DeclContextLookupResult R =
      Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("MPI_Request"));
  for (const NamedDecl *ND : R)
    if (const auto *TD = dyn_cast<TypedefNameDecl>(ND))
      return TD;
  return nullptr;
}

void FunctionAnalysis::run() {
  if (!Body)
    return;
  scanFunction(Body, PM, Ctx, Scan);
  Relevant = valueRelevantVariables(Body, Ctx);

  CFG::BuildOptions BO;
  BO.AddLifetime = true;
  BO.AddImplicitDtors = false;
  BO.setAllAlwaysAdd();
  std::unique_ptr<CFG> G = CFG::buildCFG(D, Body, &Ctx, BO);
  if (!G)
    return;
  const CFGBlock &Entry = G->getEntry();
  PathState Init;
  for (const CFGBlock::AdjacentBlock &Succ : Entry.succs())
    enqueue(&Entry, Succ.getReachableBlock(), Init);
  while (!Worklist.empty() && Steps < Limits.MaxSteps) {
    Item It = std::move(Worklist.back());
    Worklist.pop_back();

    processBlock(It.Block, std::move(It.State));
  }
}

void FunctionAnalysis::enqueue(const CFGBlock *From, const CFGBlock *To,
                               PathState S) {
  if (!To)
    return;
  if (const Stmt *Loop = From->getLoopTarget()) {
    auto It = Scan.Loops.find(Loop);
    unsigned Limit =
        It != Scan.Loops.end() && It->second.CallsMPI ? Limits.LoopUnroll : 0;
    unsigned &N = S.LoopVisits[Loop];
    if (N >= Limit) {
      N = Limit + 1;
      widen(Loop, S);
    } else {
      ++N;
    }
    // Loops inside start afresh in the next iteration.
    if (It != Scan.Loops.end())
      for (const Stmt *Inner : It->second.Nested)
        S.LoopVisits.erase(Inner);
  }
  for (auto It = S.Facts.begin(); It != S.Facts.end();)
    It = droppable(It->first) ? S.Facts.erase(It) : std::next(It);
  mergeTwinOps(S);
  std::vector<uint64_t> Code;
  S.encode(Code);
  uint64_t Key = llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Code.data()),
                              Code.size() * sizeof(uint64_t)));
  llvm::DenseSet<uint64_t> &Seen = Visited[To->getBlockID()];
  // A block reached in as many distinct states as it may hold takes no
  // more: the path ends here, as every path does at MaxSteps.
  if (Seen.size() >= Limits.MaxStatesPerBlock && !Seen.count(Key))
    return;
  if (!Seen.insert(Key).second)
    return;
  Worklist.push_back({To, std::move(S)});
}

bool FunctionAnalysis::droppable(unsigned T) {
  if (T >= Droppable.size())
    Droppable.resize(T + 1, -1);
  if (Droppable[T] < 0) {
    const TermTable::Info &I = Terms.info(T);
    bool Drop = !I.Vars.empty() && !I.Call && !I.ReadsMemory;
    for (const VarDecl *V : I.Vars)
      Drop &=
          !Relevant.count(V) && (V->getType()->isIntegralOrEnumerationType() ||
                                 V->getType()->isArrayType());
    Droppable[T] = Drop;
  }
  return Droppable[T] != 0;
}

// A branch on the return code of a start call: the program looked at it,
// and on this path the operation exists.
void FunctionAnalysis::confirmOps(const Expr *Cond, PathState &S) {
  bool Any = false;
  for (const auto &[Id, Op] : S.Ops)
    Any |= Op.Unconfirmed;
  if (!Any)
    return;
  llvm::SmallPtrSet<const void *, 8> Seen;
  llvm::SmallVector<const Stmt *, 16> Work{Cond};
  while (!Work.empty()) {
    const Stmt *St = Work.pop_back_val();
    if (!St)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
      Seen.insert(DRE->getDecl());
    if (isa<CallExpr>(St))
      Seen.insert(St);
    for (const Stmt *Child : St->children())
      Work.push_back(Child);
  }
  for (auto &[Id, Op] : S.Ops)
    if (Op.Unconfirmed &&
        (Seen.count(site(Id)) || (Op.ResultVar && Seen.count(Op.ResultVar))))
      Op.Unconfirmed = false;
}

void FunctionAnalysis::processBlock(const CFGBlock *B, PathState S) {
  std::vector<PathState> Cur;
  Cur.push_back(std::move(S));
  for (const CFGElement &E : *B) {
    std::vector<PathState> Next;
    for (PathState &P : Cur) {
      ++Steps;
      if (auto CS = E.getAs<CFGStmt>())
        transfer(CS->getStmt(), std::move(P), Next);
      else if (auto LE = E.getAs<CFGLifetimeEnds>()) {
        lifetimeEnds(P, LE->getVarDecl(), LE->getTriggerStmt());
        collectGarbage(P);
        Next.push_back(std::move(P));
      } else {
        Next.push_back(std::move(P));
      }
    }
    Cur = std::move(Next);
    if (Cur.empty())
      return;
  }
  const Stmt *Term = B->getTerminatorStmt();
  for (PathState &P : Cur) {
    if (Term && isa<SwitchStmt>(Term)) {
      const Expr *Cond = cast<SwitchStmt>(Term)->getCond();
      auto V = evalInt(Cond, P);
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        const CFGBlock *To = Succ.getReachableBlock();
        if (!To)
          continue;
        const auto *Case = dyn_cast_or_null<CaseStmt>(To->getLabel());
        if (V && Case && !Case->getRHS()) {
          auto C = evalInt(Case->getLHS(), P);
          if (C && *C != *V)
            continue;
        }
        PathState Q = P;
        if (Case && !Case->getRHS())
          if (auto C = evalInt(Case->getLHS(), P))
            if (auto T = termOf(Cond, P))
              if (!constrainTerm(*T, BO_EQ, *C, Q))
                continue;
        enqueue(B, To, std::move(Q));
      }
      continue;
    }
    const Expr *Cond =
        B->succ_size() == 2
            ? dyn_cast_or_null<Expr>(B->getTerminatorCondition(false))
            : nullptr;
    if (!Cond || isa<CXXForRangeStmt>(Term)) {
      for (const CFGBlock::AdjacentBlock &Succ : B->succs())
        enqueue(B, Succ.getReachableBlock(), P);
      continue;
    }
    auto Known = evalCond(Cond, P);
    unsigned I = 0;
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      bool Truth = I++ == 0;
      const CFGBlock *To = Succ.getReachableBlock();
      if (!To || (Known && *Known != Truth))
        continue;
      PathState Q = P;
      if (!Known && !assume(Cond, Truth, Q))
        continue;
      confirmOps(Cond, Q);
      enqueue(B, To, std::move(Q));
    }
  }
}

} // namespace mpisync
