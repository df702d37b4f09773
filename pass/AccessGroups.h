//===- AccessGroups.h - one range test for a block's field accesses ------===//
//
// Pointer-chasing code (a ray tracer's `o->center`, `o->radius`, `o->next`,
// a mesh's element record) makes several accesses at constant offsets from
// one pointer in a row, with no loop whose checks could be hoisted. While a
// receive stays pending, each of them takes the cold branch of its check
// and tests the interval of its type: tachyon spent most of its 2.7x there.
//
// Such accesses form a group when they are in one block, with no call that
// may change the runtime's state between the first and the last, and
// their bytes lie within kMaxGroupSpan of one another. In front of the
// first member, one test asks whether anything is pending and the group's
// hull (per access type) meets the interval of that type; each member then
// branches on that answer instead of the pending word, and on a hit tests
// its own shadow bytes (which cover every address) before calling the
// runtime. A hull that misses the interval contains no member that meets
// it, and the interval cannot change before the last member: each member is
// checked exactly as before whenever it could fail.
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
class Instruction;
class Value;
} // namespace llvm

namespace mpisync {

// What the planning needs of an access. `Eligible`: its check may be a
// group member (an ordinary inline check of at most 16 bytes, outside an
// instrumented loop copy and not hoisted).
struct GroupCandidate {
  llvm::Instruction *I;
  llvm::Value *Ptr;
  uint64_t Size;
  bool IsWrite;
  bool Eligible;
};

struct AccessGroup {
  llvm::Instruction *First; // the test goes in front of it
  llvm::Value *Base;
  // The members' bytes relative to Base, per access type: [Lo, Hi), empty
  // (Lo >= Hi) when the group has no access of that type.
  int64_t LoadLo, LoadHi, StoreLo, StoreHi;
  unsigned Members;
};

// Hull sizes beyond this make a hit likely where no member is inside.
constexpr int64_t kMaxGroupSpan = 512;

// Groups of at least two members; GroupOf[K] is the group of candidate K
// or -1.
void planAccessGroups(
    llvm::Function &F, const llvm::DataLayout &DL,
    llvm::ArrayRef<GroupCandidate> Candidates,
    llvm::function_ref<bool(llvm::Instruction &)> IsStateChangingCall,
    llvm::SmallVectorImpl<AccessGroup> &Groups,
    llvm::SmallVectorImpl<int> &GroupOf);

} // namespace mpisync

#endif // MPISYNC_ACCESSGROUPS_H
