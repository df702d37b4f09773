//===- AccessGroups.h - one range test for a block's field accesses ------===//
//
// Pointer-chasing code (a ray tracer's `o->center`, `o->radius`, `o->next`,
// a mesh's element record) makes several accesses at constant offsets from
// one pointer in a row, with no loop whose checks could be hoisted. While a
// receive stays pending, each of them takes the cold branch of its check
// and tests the interval of its type: tachyon spent most of its 2.7x there.
//
// Such accesses form a group when they run one after the other (in one
// block, or in blocks each entered only from the one before: an early exit
// between them does not matter), with no call that may change the
// runtime's state between the first and the last, and their bytes lie
// within kMaxGroupSpan of one another. In front of the first member, one
// test asks whether anything is pending and the group's hull (per access
// type) meets the interval of that type. A hull that misses the interval
// contains no member that meets it, and the interval cannot change before
// the last member.
//
// On a hit, the members that run whenever the first does (same block,
// nothing between that may stop it) are checked right there by their
// shadow bytes (which cover every address): one test per cluster of
// members that leave no granule between them (FastPathEmitter.cpp,
// headClusters), and, if any is marked, a runtime call per member, in
// program order, that carries the member's own source location: the hot
// path then has one test per group and none at the members, and the
// report names the member's line as before. Members further on (after an early
// exit) branch on the group's answer at their own place and test their
// shadow there.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_ACCESSGROUPS_H
#define MPISYNC_ACCESSGROUPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace llvm {
class DataLayout;
class Function;
class BasicBlock;
class Instruction;
class Value;
} // namespace llvm

namespace mpisync {

// What the planning needs of an access. `Eligible`: its check may be a
// group member (an ordinary inline check of at most 16 bytes, not
// hoisted). `Conditional`: it is checked only under a condition computed
// next to it (a speculated load), so it is never checked ahead of its
// place. `CopyPreheader`: the preheader of the instrumented loop copy the
// access is in, or null.
struct GroupCandidate {
  llvm::Instruction *I;
  llvm::Value *Ptr;
  uint64_t Size;
  bool IsWrite;
  bool Eligible;
  bool Conditional;
  llvm::BasicBlock *CopyPreheader;
};

struct AccessGroup {
  llvm::Instruction *First; // the test goes in front of it
  llvm::Value *Base;
  // The members' bytes relative to Base, per access type: [Lo, Hi), empty
  // (Lo >= Hi) when the group has no access of that type.
  int64_t LoadLo, LoadHi, StoreLo, StoreHi;
  unsigned Members;
  // Candidates checked in front of First, with their offsets from Base.
  llvm::SmallVector<std::pair<unsigned, int64_t>, 8> AtHead;
  // Some members are checked at their own place (GroupOf).
  bool HasLaterMembers;
  // In an instrumented loop copy (its preheader), where something is
  // always pending: the group's test is the shadow of its hull, read with
  // one load, instead of the pending word and the intervals.
  llvm::BasicBlock *CopyPreheader;
};

// Hull sizes beyond this make a hit likely where no member is inside.
constexpr int64_t kMaxGroupSpan = 512;
// The shadow bytes one test reads with one load (of 8 bytes).
constexpr uint64_t kMaxShadowTestGranules = 8;
// A hull whose shadow bytes one test reads at any alignment: 56 bytes
// starting anywhere in a granule end in the eighth.
constexpr int64_t kMaxShadowTestSpan = 56;
// A group in a loop copy: its hull's shadow is its test.
constexpr int64_t kMaxCopyGroupSpan = kMaxShadowTestSpan;

// Groups of at least two members. GroupOf[K] is the group of candidate K
// if it is checked at its own place behind the group's answer, else -1
// (no group, or checked at the group's head: AccessGroup::AtHead).
void planAccessGroups(
    llvm::Function &F, const llvm::DataLayout &DL,
    llvm::ArrayRef<GroupCandidate> Candidates,
    llvm::function_ref<bool(llvm::Instruction &)> IsStateChangingCall,
    llvm::SmallVectorImpl<AccessGroup> &Groups,
    llvm::SmallVectorImpl<int> &GroupOf);

} // namespace mpisync

#endif // MPISYNC_ACCESSGROUPS_H
