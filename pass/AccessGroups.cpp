//===- AccessGroups.cpp - one range test for a block's field accesses ----===//
#include "AccessGroups.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace mpisync {

namespace {

// [Lo, Hi) grown to cover [B, E); empty while Lo >= Hi.
void widen(int64_t &Lo, int64_t &Hi, int64_t B, int64_t E) {
  if (Lo >= Hi) {
    Lo = B;
    Hi = E;
    return;
  }
  Lo = std::min(Lo, B);
  Hi = std::max(Hi, E);
}

struct Draft {
  AccessGroup G;
  int64_t Lo, Hi; // both types together, for the span limit
  // Members after this many stops in First's block are not at the head.
  unsigned StopsAtFirst;
};

} // namespace

void planAccessGroups(Function &F, const DataLayout &DL,
                      ArrayRef<GroupCandidate> Candidates,
                      function_ref<bool(Instruction &)> IsStateChangingCall,
                      SmallVectorImpl<AccessGroup> &Groups,
                      SmallVectorImpl<int> &GroupOf) {
  GroupOf.assign(Candidates.size(), -1);
  // A small memory intrinsic stands for two accesses of one instruction.
  DenseMap<Instruction *, SmallVector<unsigned, 2>> ByInstruction;
  for (unsigned K = 0; K < Candidates.size(); ++K)
    if (Candidates[K].Eligible)
      ByInstruction[Candidates[K].I].push_back(K);
  if (ByInstruction.empty())
    return;

  SmallVector<Draft, 16> Drafts;
  // The groups open on the way from the root of an extended basic block
  // (blocks each entered only from the one before) to the current point:
  // base -> draft, searched from the back. Entries below `Visible` were
  // opened before a call that may change the runtime's state.
  SmallVector<std::pair<Value *, unsigned>, 16> Open;
  auto Lookup = [&](Value *Base, size_t Visible) -> int {
    for (size_t E = Open.size(); E > Visible; --E)
      if (Open[E - 1].first == Base)
        return Open[E - 1].second;
    return -1;
  };
  auto VisitBlock = [&](BasicBlock &BB, size_t &Visible) {
    // Instructions of BB so far that may not pass control to the next one
    // (a call that may not return or may throw).
    unsigned Stops = 0;
    for (Instruction &I : BB) {
      if (IsStateChangingCall(I)) {
        Visible = Open.size();
        ++Stops;
        continue;
      }
      auto It = ByInstruction.find(&I);
      if (It == ByInstruction.end()) {
        Stops += !isGuaranteedToTransferExecutionToSuccessor(&I);
        continue;
      }
      for (unsigned K : It->second) {
        const GroupCandidate &C = Candidates[K];
        APInt Offset(DL.getIndexTypeSizeInBits(C.Ptr->getType()), 0);
        Value *Base = C.Ptr->stripAndAccumulateConstantOffsets(
            DL, Offset, /*AllowNonInbounds=*/true);
        if (Offset.getSignificantBits() > 32)
          continue;
        int64_t B = Offset.getSExtValue(), E = B + (int64_t)C.Size;
        auto Add = [&](Draft &D) {
          widen(D.Lo, D.Hi, B, E);
          if (C.IsWrite)
            widen(D.G.StoreLo, D.G.StoreHi, B, E);
          else
            widen(D.G.LoadLo, D.G.LoadHi, B, E);
          ++D.G.Members;
        };
        // At the head: runs whenever the first member does.
        auto Place = [&](Draft &D, unsigned Index) {
          if (!C.Conditional && D.G.First->getParent() == &BB &&
              D.StopsAtFirst == Stops) {
            D.G.AtHead.push_back({K, B});
          } else {
            GroupOf[K] = Index;
            D.G.HasLaterMembers = true;
          }
        };
        int Found = Lookup(Base, Visible);
        if (Found >= 0 && Drafts[Found].G.CopyPreheader == C.CopyPreheader) {
          Draft &D = Drafts[Found];
          int64_t MaxSpan = C.CopyPreheader ? kMaxCopyGroupSpan : kMaxGroupSpan;
          if (std::max(D.Hi, E) - std::min(D.Lo, B) <= MaxSpan) {
            Add(D);
            Place(D, Found);
            continue;
          }
        }
        // A new group for this base (a member too far from the open one
        // starts the next).
        Drafts.push_back({{&I, Base, 0, 0, 0, 0, 0, {}, false, C.CopyPreheader},
                          0,
                          0,
                          Stops});
        Add(Drafts.back());
        Place(Drafts.back(), Drafts.size() - 1);
        Open.push_back({Base, (unsigned)Drafts.size() - 1});
      }
      Stops += !isGuaranteedToTransferExecutionToSuccessor(&I);
    }
  };
  // Depth first through each extended basic block: a block entered only
  // from its parent runs after the parent's members on every path, with no
  // other code between, so the parent's group test dominates it and holds
  // there (a member on a path not taken only widens a test that filters).
  struct Frame {
    BasicBlock *BB;
    size_t OpenSize, Visible;
  };
  SmallPtrSet<BasicBlock *, 32> Done;
  for (BasicBlock &Root : F) {
    if (Root.getSinglePredecessor() && &Root != &F.getEntryBlock())
      continue; // visited from its predecessor
    SmallVector<Frame, 16> Stack;
    Open.clear();
    Stack.push_back({&Root, 0, 0});
    while (!Stack.empty()) {
      Frame Fr = Stack.pop_back_val();
      if (!Done.insert(Fr.BB).second)
        continue;
      Open.resize(Fr.OpenSize);
      size_t Visible = Fr.Visible;
      VisitBlock(*Fr.BB, Visible);
      for (BasicBlock *Succ : successors(Fr.BB))
        if (Succ->getSinglePredecessor() == Fr.BB)
          Stack.push_back({Succ, Open.size(), Visible});
    }
  }
  // Blocks in a cycle of single predecessors (unreachable code).
  for (BasicBlock &BB : F)
    if (!Done.count(&BB)) {
      Open.clear();
      size_t Visible = 0;
      VisitBlock(BB, Visible);
    }

  // A group of one would only add a test: its member, whether at the head
  // or not, keeps its own check.
  SmallVector<int, 16> Renumbered(Drafts.size(), -1);
  for (unsigned D = 0; D < Drafts.size(); ++D) {
    if (Drafts[D].G.Members < 2)
      continue;
    Renumbered[D] = Groups.size();
    Groups.push_back(Drafts[D].G);
  }
  for (int &G : GroupOf)
    if (G >= 0)
      G = Renumbered[G];
}

} // namespace mpisync
