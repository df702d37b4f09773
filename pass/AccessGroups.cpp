//===- AccessGroups.cpp - one range test for a block's field accesses ----===//
#include "AccessGroups.h"

#include "llvm/ADT/DenseMap.h"
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
  for (BasicBlock &BB : F) {
    // The group each base pointer has open in this call-free stretch.
    DenseMap<Value *, unsigned> Open;
    for (Instruction &I : BB) {
      if (IsStateChangingCall(I)) {
        Open.clear();
        continue;
      }
      auto It = ByInstruction.find(&I);
      if (It == ByInstruction.end())
        continue;
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
        auto Found = Open.find(Base);
        if (Found != Open.end()) {
          Draft &D = Drafts[Found->second];
          if (std::max(D.Hi, E) - std::min(D.Lo, B) <= kMaxGroupSpan) {
            Add(D);
            GroupOf[K] = Found->second;
            continue;
          }
        }
        // A new group for this base (a member too far from the open one
        // starts the next).
        Drafts.push_back({{&I, Base, 0, 0, 0, 0, 0}, 0, 0});
        Add(Drafts.back());
        Open[Base] = Drafts.size() - 1;
        GroupOf[K] = Drafts.size() - 1;
      }
    }
  }

  // A group of one would only add a test.
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
