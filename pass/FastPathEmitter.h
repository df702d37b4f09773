//===- FastPathEmitter.h - the inline check of one access ----------------===//
//
// Emits DESIGN.md section 4's fast path for an access:
//
//   hot:   test of the "anything pending" word (loaded once per call-free
//          region), a not-taken branch
//   cold:  range test against the interval of the access type, then the
//          access's shadow bytes, then a call into the runtime
//
// Each level can be switched off (Options.h); the runtime repeats every test
// it receives, so a missing level only costs time.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_FASTPATHEMITTER_H
#define MPISYNC_FASTPATHEMITTER_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"

#include <tuple>
#include <utility>
#include "llvm/IR/Module.h"

#include "AccessGroups.h"

namespace llvm {
class DominatorTree;
class AllocaInst;
class MemIntrinsic;
} // namespace llvm

namespace mpisync {

// Where the check of access I says it is: I's own location, else (an
// access an earlier pass moved and left without one) the nearest location
// in I's block, else the function's first line. A report's frame then names
// a line where a check per access, falling in the line table's row of the
// code before it, would too. Null if the function has no debug info.
llvm::DebugLoc checkLocation(const llvm::Instruction *I);

// Gives I the location checkLocation chose for as long as the object lives,
// so that the checks emitted in front of I take it; I's own (none) is put
// back afterwards.
class CheckLocationScope {
public:
  explicit CheckLocationScope(llvm::Instruction *I)
      : I(I), Saved(I->getDebugLoc()) {
    if (!Saved)
      I->setDebugLoc(checkLocation(I));
  }
  ~CheckLocationScope() { I->setDebugLoc(Saved); }

private:
  llvm::Instruction *I;
  llvm::DebugLoc Saved;
};

// The runtime's published state (`__mpisync_state`), declared in M once.
// In a position-independent executable it is addressed directly, as in a
// non-PIC one: the runtime that defines it is linked into the executable
// (and a shared runtime would get a copy relocation), so each check needs
// no GOT load. A GOT load per check also gave MachineCSE one virtual
// register with a use per check in the function, whose kill flags it
// clears at every merge: quadratic in the checks of a function (MPICH's
// coll/allred.c, one main of many loops: 17 of its 48 s of compile time).
// Code for a shared library (-fPIC) keeps the GOT.
llvm::GlobalVariable *publishedStateGlobal(llvm::Module &M);

class FastPathEmitter {
public:
  explicit FastPathEmitter(llvm::Module &M);

  // The per-function slot holding the pending word; promoted to SSA values
  // by finishFunction, which makes it one load per call-free region.
  void beginFunction(llvm::Function &F);
  // The runtime's state may have changed in `Call`: reload after it.
  void reloadAfter(llvm::Instruction *Call);
  void finishFunction(llvm::Function &F, llvm::DominatorTree &DT);

  // Check before `I` of a `Size`-byte access at `Ptr`. `PendingPreheader`
  // (null if none): the code runs only while something is pending (the
  // instrumented copy of a cloned, call-free loop, entered through that
  // preheader), so the hot test is skipped, and the runtime's intervals and
  // shadow offset, which only MPI calls change, are loaded once there.
  // Splits before `InsertBefore` into `if (Cond)` (unlikely); returns the
  // terminator of the new block.
  llvm::Instruction *emitTest(llvm::Instruction *InsertBefore,
                              llvm::Value *Cond);
  // `Hot`: the access may run many times per call-free region (it is in a
  // loop whose iterations make no MPI call); otherwise, with
  // ClCompactColdChecks, the cold block is just the call. `GroupHit`: the
  // access is a member of a group (AccessGroups.h) whose test gave this
  // answer; it replaces the pending word and the access's own range test.
  void emitAccessCheck(llvm::Instruction *I, llvm::Value *Ptr, uint64_t Size,
                       bool IsWrite, llvm::Align Alignment,
                       llvm::BasicBlock *PendingPreheader = nullptr,
                       bool Hot = true, llvm::Value *GroupHit = nullptr);
  // Whether an access of `Size` bytes can be checked by emitColdCall: the
  // runtime has a _cold entry for the size, and it is cheap on the target.
  bool hasColdEntry(uint64_t Size) const;
  // Check of an access beside an MPI call (BesideMpiCalls.h), for a size
  // hasColdEntry accepts: a bare call before `Before` to the runtime's
  // _cold entry, which tests the pending word itself.
  void emitColdCall(llvm::Instruction *Before, llvm::Value *Ptr, uint64_t Size,
                    bool IsWrite);
  // A group member checked at the group's head: the access I (for its
  // location) at Ptr, Offset bytes from the group's base.
  struct HeadCheck {
    llvm::Instruction *I;
    llvm::Value *Ptr;
    int64_t Offset;
    uint64_t Size;
    bool IsWrite;
    llvm::Align Alignment;
  };
  // The test of a group in front of its first member: whether something is
  // pending (outside call-free loops, `Hot` false: whether the hull meets
  // the near interval) and the group's hull of an access type meets the
  // interval of that type (computed only when something is pending); in an
  // instrumented loop copy, whether the hull's shadow bytes are marked; on
  // a hit, the `Heads` members' shadow tests and calls. Returns the answer
  // for the members checked at their own place, null if there are none.
  llvm::Value *emitGroupTest(const AccessGroup &G,
                             llvm::ArrayRef<HeadCheck> Heads, bool Hot);
  // Check of a range of dynamic length, through the runtime.
  llvm::CallInst *emitRangeCheck(llvm::Instruction *I, llvm::Value *Ptr,
                                 llvm::Value *Size, bool IsWrite,
                                 const llvm::DebugLoc &Loc = llvm::DebugLoc());
  // Check of the rows [Ptr + k * Stride, Ptr + k * Stride + Size) for k = 0
  // .. Last, through the runtime; no bytes unless Guard (if given) holds.
  // The call's first two operands are the rows' hull, as for
  // emitRangeCheck, so guardRangeCheck takes either.
  llvm::CallInst *emitRowsCheck(llvm::Instruction *I, llvm::Value *Ptr,
                                llvm::Value *Size, llvm::Value *Stride,
                                llvm::Value *Last, llvm::Value *Guard,
                                bool IsWrite, const llvm::DebugLoc &Loc);
  // Puts a call made by emitRangeCheck or emitRowsCheck behind the pending word
  // (outside an instrumented loop copy) and the inline interval test of its
  // access type (when those levels are on): the runtime is called only if the
  // range meets the interval covering the pending regions. Splits the block, so
  // it runs after every analysis of the function is done, between
  // beginFunction and finishFunction.
  // `UsePendingWord` false: the interval test alone (a stack release at a
  // function's exit, where no check needs the word kept until then).
  void guardRangeCheck(llvm::CallInst *Call, bool IsWrite,
                       llvm::BasicBlock *PendingPreheader = nullptr,
                       bool UsePendingWord = true);
  // Instead of guardRangeCheck, for a check made by emitRangeCheck or
  // emitRowsCheck that no call-free loop repeats: calls the runtime's _cold
  // twin of its entry, which tests the pending word and the interval
  // itself. A loop entered once per call-free region pays a call for the
  // inline tests' blocks, which the back end compiles at a cost (a third
  // of the checks' compile time on bench/'s large_source). False (and
  // nothing changed) where the cold entries are not cheap, or with
  // -mpisync-cold-range-checks=0.
  bool makeColdRangeCheck(llvm::CallInst *Call);

  // Loads the runtime's intervals and shadow offset at the start of the
  // preheader of an instrumented loop copy, for the checks of the copy
  // (emitAccessCheck, guardRangeCheck with that preheader).
  void preparePendingPreheader(llvm::BasicBlock *Preheader);

  // Loads the pending word (for the loop-cloning dispatch).
  llvm::Value *loadPendingWord(llvm::IRBuilder<> &IRB);

  // A memory intrinsic of dynamic or long length (`CheckSource`,
  // `CheckDest`: the sides the static filters let through). Behind the
  // pending word and the interval tests of both ranges it becomes a call to
  // the runtime's __mpisync_memcpy/memmove/memset, which checks and moves
  // the data; otherwise the intrinsic runs. (The .inline variants keep the
  // intrinsic and get range checks; without the inline fast path every
  // intrinsic is a runtime call.) Splits blocks, like guardRangeCheck.
  void emitMemIntrinsicCheck(llvm::MemIntrinsic *MI, bool CheckSource,
                             bool CheckDest,
                             llvm::BasicBlock *PendingPreheader);

  // Runtime entries for memory intrinsics and stack releases.
  llvm::FunctionCallee MemcpyFn, MemmoveFn, MemsetFn, StackRelease;

private:
  llvm::Value *stateField(llvm::IRBuilder<> &IRB, unsigned Index,
                          const llvm::Twine &Name);
  // The hot test: is anything pending (the per-function pending word)?
  llvm::Value *anythingPending(llvm::IRBuilder<> &IRB);
  // Whether the hot test of `Len` bytes (an access, a group's hull) is the
  // near test: outside call-free loops (`Hot` false), at most kNearSlack.
  static bool usesNearTest(bool Hot, uint64_t Len);
  // The hot test outside call-free loops: does `Addr` lie in the near
  // interval (published_state.h), whose fields are loaded here?
  llvm::Value *nearPending(llvm::IRBuilder<> &IRB, llvm::Value *Addr);
  // The AT/MR test of bytes [Addr, Addr + SizeM1 + 1): with the inline
  // range test, whether they meet the interval of their access type;
  // otherwise whether anything of that type is pending.
  llvm::Value *meetsInterval(llvm::IRBuilder<> &IRB,
                             llvm::BasicBlock *Preheader, bool IsWrite,
                             llvm::Value *Addr, llvm::Value *SizeM1,
                             const llvm::Twine &Name);
  // A state field loaded once in `Preheader` (or, if null, at `IRB`).
  llvm::Value *invariantField(llvm::IRBuilder<> &IRB,
                              llvm::BasicBlock *Preheader, unsigned Index,
                              const llvm::Twine &Name);
  // `Span + C` and `C - Lo` of an interval, computed once in `Preheader`
  // (or at `IRB`).
  std::pair<llvm::Value *, llvm::Value *>
  intervalBounds(llvm::IRBuilder<> &IRB, llvm::BasicBlock *Preheader,
                 bool IsWrite, llvm::Value *C);
  // Whether the shadow bytes of a `Size`-byte access at `Addr` hold a bit
  // of `GranuleBits` (an access type's mask, or both types' for a group's
  // hull); `Offset` is the loaded shadow offset.
  llvm::Value *shadowTest(llvm::IRBuilder<> &SB, llvm::Value *Offset,
                          llvm::Value *Addr, uint64_t Size, uint8_t GranuleBits,
                          llvm::Align Alignment);
  void emitRuntimeCall(llvm::Instruction *Before, llvm::Value *Ptr,
                       uint64_t Size, bool IsWrite);

  llvm::Module &M;
  const llvm::DataLayout &DL;
  llvm::Type *IntptrTy;
  llvm::PointerType *PtrTy;
  llvm::GlobalVariable *State;
  llvm::AllocaInst *PendingSlot = nullptr;
  llvm::DenseMap<std::pair<llvm::BasicBlock *, unsigned>, llvm::Value *>
      FieldCache;
  // Per prepared preheader, the last instruction of its prefix of loads and
  // values computed from them (they come before anything else there).
  llvm::DenseMap<llvm::BasicBlock *, llvm::Instruction *> PrefixEnd;
  llvm::DenseMap<std::tuple<llvm::BasicBlock *, unsigned, llvm::Value *>,
                 std::pair<llvm::Value *, llvm::Value *>>
      BoundsCache;
  static constexpr unsigned kNumFixedSizes = 5; // 1, 2, 4, 8, 16 bytes
  llvm::FunctionCallee LoadFixed[kNumFixedSizes], StoreFixed[kNumFixedSizes];
  llvm::FunctionCallee LoadCold[kNumFixedSizes], StoreCold[kNumFixedSizes];
  bool ColdEntriesCheap; // see hasColdEntry
  llvm::FunctionCallee LoadN, StoreN, LoadRows, StoreRows;
  llvm::FunctionCallee LoadNCold, StoreNCold, LoadRowsCold, StoreRowsCold;
};

} // namespace mpisync

#endif // MPISYNC_FASTPATHEMITTER_H
