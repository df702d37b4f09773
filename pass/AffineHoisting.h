//===- AffineHoisting.h - one check per loop for affine accesses ---------===//
//
// In a loop that cannot change the runtime's state (no call in it reaches
// MPI), an access whose address is an affine
// function of the iteration (SCEV add recurrence) and that executes on every
// iteration touches [start, end + size) -- but only where consecutive
// iterations' bytes meet. Accesses of one loop with the same step whose
// addresses differ by constants (a[i-1], a[i], a[i+1]; the parts of an
// unrolled or vectorized body) are grouped; every contiguous run of their
// bytes that covers at least one step is a range touched without gaps, and
// is checked once in the preheader instead of on every iteration. A strided
// access that leaves gaps keeps its per-access check: checking the gaps
// could report bytes the program never touches. An access in the preheader
// itself that lies inside or just below one of the loop's runs (the first
// elements of a stencil row that GVN loads before the loop) is checked by
// that run, extended down to it; likewise an access in the loop's exit block
// at or just below the run's end (the last element of the row), extended up
// to it. The enclosing loop then keeps no check of its own and needs no
// instrumented copy.
//
// A run is then lifted out of the enclosing loop, if that loop is call-free
// too, when its rows meet without gaps from one outer iteration to the next
// (AffineNestLifting.cpp): a whole stencil sweep is one check per array.
// A run whose rows leave gaps (a tile's rows, a matrix's interior columns)
// is lifted last, as rows: one check before the enclosing loop names each
// row's bytes, and the runtime checks them row by row (no gap is checked).
// A strided access whose gaps the enclosing loop fills (a transposed copy,
// `t[c * tile + r]` with c inner and r outer) is one run of the nest.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_AFFINEHOISTING_H
#define MPISYNC_AFFINEHOISTING_H

#include "ScevArithmetic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class CallInst;
class DominatorTree;
class Instruction;
class Loop;
class LoopInfo;
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace mpisync {

class FastPathEmitter;

class AffineHoister {
public:
  // IsCallFree tells whether a loop's iterations make no call that can
  // change the runtime's state: only out of such loops are runs lifted.
  AffineHoister(llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                llvm::ScalarEvolution &SE, FastPathEmitter &Emitter,
                llvm::function_ref<bool(llvm::Loop *)> IsCallFree)
      : LI(LI), DT(DT), SE(SE), Emitter(Emitter), IsCallFree(IsCallFree) {}

  // Records access number `Index` if its loop runs it on every iteration at
  // an affine address; returns whether it joined a group of a constant step
  // (else it also stays a candidate for a neighbouring loop's run).
  bool add(unsigned Index, llvm::Instruction *I, llvm::Value *Ptr,
           uint64_t Size, bool IsWrite);

  // Records access number `Index`, next to a call-free loop (in its
  // preheader or exit block) but not itself in one, for the loop's range
  // check to cover if it can.
  void addNeighbourAccess(unsigned Index, llvm::Instruction *I,
                          llvm::Value *Ptr, uint64_t Size, bool IsWrite) {
    Singles.push_back({Index, I, Ptr, Size, IsWrite});
  }

  // Finds the gap-free runs of each group that can be checked in the loop's
  // preheader; sets Hoisted[Index] for every access such a run covers. Run
  // alone (without emit), it tells which loops still need per-access
  // checks, and so an instrumented copy (PendingLoopVersioning).
  void plan(llvm::SmallVectorImpl<bool> &Hoisted);
  // Emits the planned runs: one range check each (a call into the runtime,
  // for FastPathEmitter::guardRangeCheck to put behind the inline tests
  // once the CFG may change), in the loop's preheader.
  void emit(llvm::SmallVectorImpl<std::pair<llvm::CallInst *, bool>> &Checks);

private:
  struct Member {
    unsigned Index;
    llvm::Instruction *I;
    int64_t Offset; // bytes from the group's first start
    uint64_t Size;
  };
  struct Group {
    llvm::Loop *L;
    const llvm::SCEV *StepS; // bytes per iteration
    // StepS as a small constant; nullopt when it is not one (a tile's row
    // stride read at run time): such a group is checked only as a transposed
    // nest (liftTransposed).
    std::optional<int64_t> Step;
    bool IsWrite;
    const llvm::SCEV *Start, *End; // of the first member, first/last iteration
    llvm::SmallVector<Member, 4> Members;
  };

  // A condition, invariant in the loops a run was lifted out of, under which
  // alone the run's bytes are touched (the guard of a row loop inside the
  // loop around it): the check names no bytes unless it holds.
  struct Guard {
    llvm::Value *Cond;
    bool WhenTrue;
    bool operator==(const Guard &O) const {
      return Cond == O.Cond && WhenTrue == O.WhenTrue;
    }
  };
  struct Run {
    llvm::Loop *L;              // checked in this loop's preheader
    bool IsWrite;
    llvm::SmallVector<Guard, 1> Guards;
    const llvm::SCEV *Lo, *Len; // bytes [Lo, Lo + Len)
    llvm::Instruction *Named;   // the earliest member, named in reports
    unsigned Covered;           // members it checks
    int64_t MinLen;             // Len is at least this (one iteration's run)
    // Rows: when Stride is set, the run is the rows [Lo + k * Stride,
    // Lo + k * Stride + Len), k = 0 .. LastRow (Stride may be negative).
    const llvm::SCEV *Stride = nullptr, *LastRow = nullptr;
  };
  // An access add() could not group: a candidate for absorbPreheaderAccesses.
  struct Single {
    unsigned Index;
    llvm::Instruction *I;
    llvm::Value *Ptr;
    uint64_t Size;
    bool IsWrite;
  };
  bool addAffine(unsigned Index, llvm::Instruction *I, llvm::Value *Ptr,
                 uint64_t Size, bool IsWrite);
  void absorbPreheaderAccesses(llvm::SmallVectorImpl<bool> &Hoisted);
  void absorbExitAccesses(llvm::SmallVectorImpl<bool> &Hoisted);
  void mergeOverlappingRuns();
  bool mergeRun(Run &Into, const Run &From);
  // Whether A comes before B (the earlier access is the one reports name).
  bool isEarlier(const llvm::Instruction *A, const llvm::Instruction *B) const;
  // The earliest of members [B, E) of Sorted: the access a run names.
  llvm::Instruction *earliestMember(llvm::ArrayRef<Member> Sorted, size_t B,
                                    size_t E) const;
  // AffineNestLifting.cpp: moves runs one loop out; returns whether any moved.
  bool liftRuns();
  bool canLiftOutOf(const Run &R, std::optional<Guard> &NewGuard) const;
  bool liftGapFree(Run &R, const std::optional<Guard> &NewGuard);
  bool liftEdgeIteration(
      Run &R, const llvm::SmallVectorImpl<std::pair<Run, bool>> &Before,
      const std::optional<Guard> &NewGuard);
  // Last: runs whose rows leave gaps, one loop out, as rows.
  void liftRowsOfRuns();
  bool liftRows(Run &R, const std::optional<Guard> &NewGuard);
  // Members [B, E) of G (sorted by offset, one run of bytes [RunLo, RunHi)
  // from G's start) leave gaps in G's loop, which the enclosing loop's
  // iterations fill (a transposed copy: the inner loop strides over rows,
  // the outer one moves along them): the run of the whole nest, or of each
  // row of a tile, checked in the enclosing loop's preheader. Returns
  // whether it was formed.
  bool liftTransposed(const Group &G, llvm::ArrayRef<Member> Sorted, size_t B,
                      size_t E, int64_t RunLo, int64_t RunHi);
  // R is now checked in the preheader of its loop's parent, for [Lo, Lo+Len).
  void moveOut(Run &R, const llvm::SCEV *Lo, const llvm::SCEV *Len,
               const std::optional<Guard> &NewGuard);
  llvm::LoopInfo &LI;
  llvm::DominatorTree &DT;
  llvm::ScalarEvolution &SE;
  FastPathEmitter &Emitter;
  llvm::function_ref<bool(llvm::Loop *)> IsCallFree;
  llvm::SmallVector<Group, 8> Groups;
  llvm::SmallVector<Run, 8> Runs;
  // Transposed nests whose columns leave gaps, as rows (liftTransposed):
  // joined to Runs when nothing else moves.
  llvm::SmallVector<Run, 4> TransposedRows;
  llvm::SmallVector<Single, 8> Singles;
  unsigned WithGaps = 0; // members left to per-access checks: gaps
};

} // namespace mpisync

#endif // MPISYNC_AFFINEHOISTING_H
