//===- PendingLoopVersioning.cpp - idle copies of call-free loops --------===//
#include "PendingLoopVersioning.h"

#include "FastPathEmitter.h"
#include "Options.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumLoopsVersioned, "Number of call-free loops given an idle copy");
STATISTIC(NumLoopsTooLarge, "Number of call-free loops too large to clone");

namespace mpisync {

namespace {

struct LoopFacts {
  bool CallFree = true;
  bool HasCheckedAccess = false;
  unsigned Size = 0;
};

LoopFacts inspect(Loop &L,
                  const SmallPtrSetImpl<Instruction *> &CheckedInLoop,
                  function_ref<bool(Instruction &)> IsStateChangingCall) {
  LoopFacts Facts;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      ++Facts.Size;
      if (CheckedInLoop.count(&I))
        Facts.HasCheckedAccess = true;
      if (IsStateChangingCall(I))
        Facts.CallFree = false;
    }
  return Facts;
}

// Whether an access that needs a check inside the loop is in `L`'s own
// blocks (not in a subloop).
bool ownsCheckedAccess(Loop &L, LoopInfo &LI,
                       const SmallPtrSetImpl<Instruction *> &CheckedInLoop) {
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L)
      for (Instruction &I : *BB)
        if (CheckedInLoop.count(&I))
          return true;
  return false;
}

bool version(Loop &L, LoopInfo &LI, DominatorTree &DT,
             FastPathEmitter &Emitter,
             DenseMap<BasicBlock *, BasicBlock *> &PendingBlocks) {
  // A copy's blocks are new blocks: an indirectbr (computed goto) or a
  // stored block address would still lead into the original, and the
  // copy would run the instrumented body with values it never computed.
  if (!L.isSafeToClone() ||
      any_of(L.blocks(), [](BasicBlock *BB) { return BB->hasAddressTaken(); }))
    return false;
  if (!L.isLoopSimplifyForm())
    simplifyLoop(&L, &DT, &LI, nullptr, nullptr, nullptr,
                 /*PreserveLCSSA=*/false);
  if (!L.isLoopSimplifyForm())
    return false;
  // Values leaving the loop do so through exit-block PHIs, which then get
  // an incoming value from the copy.
  formLCSSARecursively(L, DT, &LI, nullptr);
  BasicBlock *Dispatch = L.getLoopPreheader();
  // The copied preheader must hold nothing but the branch.
  BasicBlock *Preheader = SplitBlock(Dispatch, Dispatch->getTerminator(), &DT,
                                     &LI, nullptr, "mpisync.pending.ph");
  SmallVector<BasicBlock *, 16> ExitBlocks;
  L.getUniqueExitBlocks(ExitBlocks);

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> CloneBlocks;
  cloneLoopWithPreheader(Preheader, Dispatch, &L, VMap, ".mpisync.idle", &LI,
                         &DT, CloneBlocks);
  remapInstructionsInBlocks(CloneBlocks, VMap);

  for (BasicBlock *Exit : ExitBlocks)
    for (PHINode &PN : Exit->phis()) {
      SmallVector<std::pair<Value *, BasicBlock *>, 4> Incoming;
      for (unsigned I = 0; I < PN.getNumIncomingValues(); ++I)
        if (L.contains(PN.getIncomingBlock(I)))
          Incoming.push_back({PN.getIncomingValue(I), PN.getIncomingBlock(I)});
      for (auto &[V, BB] : Incoming) {
        Value *Mapped = V;
        if (VMap.count(V))
          Mapped = VMap[V];
        PN.addIncoming(Mapped, cast<BasicBlock>(VMap[BB]));
      }
    }

  auto *IdlePreheader = cast<BasicBlock>(VMap[Preheader]);
  Instruction *OldBranch = Dispatch->getTerminator();
  IRBuilder<> IRB(OldBranch);
  Value *Pending = Emitter.loadPendingWord(IRB);
  Value *Any = IRB.CreateICmpNE(Pending, ConstantInt::get(Pending->getType(), 0),
                                "mpisync.any");
  MDBuilder MDB(IRB.getContext());
  IRB.CreateCondBr(Any, Preheader, IdlePreheader,
                   MDB.createUnlikelyBranchWeights());
  OldBranch->eraseFromParent();

  Emitter.preparePendingPreheader(Preheader);
  PendingBlocks[Preheader] = Preheader;
  for (BasicBlock *BB : L.blocks())
    PendingBlocks[BB] = Preheader;
  DT.recalculate(*Dispatch->getParent());
  ++NumLoopsVersioned;
  return true;
}

void visit(Loop &L, LoopInfo &LI, DominatorTree &DT, FastPathEmitter &Emitter,
           const SmallPtrSetImpl<Instruction *> &CheckedInLoop,
           function_ref<bool(Instruction &)> IsStateChangingCall,
           DenseMap<BasicBlock *, BasicBlock *> &PendingBlocks, unsigned &Count) {
  LoopFacts Facts = inspect(L, CheckedInLoop, IsStateChangingCall);
  if (!Facts.HasCheckedAccess)
    return;
  if (Facts.CallFree) {
    // A loop nest is copied whole only if it is small or its outer bodies
    // hold checks themselves; otherwise only its inner loops that need it
    // are, and checks in the outer bodies (once per inner loop run) keep
    // their inline test: the copies are code the back end compiles twice.
    bool Whole;
    if (L.isInnermost()) {
      Whole = Facts.Size <= ClCloneLoopMaxInstructions;
      if (!Whole)
        ++NumLoopsTooLarge;
    } else {
      Whole = Facts.Size <= ClCloneNestMaxInstructions &&
              ownsCheckedAccess(L, LI, CheckedInLoop);
    }
    if (Whole && version(L, LI, DT, Emitter, PendingBlocks)) {
      ++Count;
      return;
    }
  }
  SmallVector<Loop *, 4> Subs(L.getSubLoops().begin(), L.getSubLoops().end());
  for (Loop *Sub : Subs)
    visit(*Sub, LI, DT, Emitter, CheckedInLoop, IsStateChangingCall,
          PendingBlocks, Count);
}

} // namespace

unsigned versionCallFreeLoops(
    LoopInfo &LI, DominatorTree &DT, FastPathEmitter &Emitter,
    const SmallPtrSetImpl<Instruction *> &CheckedInLoop,
    function_ref<bool(Instruction &)> IsStateChangingCall,
    DenseMap<BasicBlock *, BasicBlock *> &PendingBlocks) {
  unsigned Count = 0;
  SmallVector<Loop *, 8> TopLevel(LI.begin(), LI.end());
  for (Loop *L : TopLevel)
    visit(*L, LI, DT, Emitter, CheckedInLoop, IsStateChangingCall,
          PendingBlocks, Count);
  return Count;
}

} // namespace mpisync
