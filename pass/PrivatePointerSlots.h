//===- PrivatePointerSlots.h - globals that hold only private heap blocks -===//
//
// Codes keep their arrays in file-local globals: `static double *u;`, or a
// `static Level lev[16]` whose fields u, f, r point to calloc'd grids. Such
// an array is never an MPI buffer when the global's address stays in the
// module (only loads and stores through it), and one pointer field of it
// (a slot: a byte offset within the global's element type) only ever holds
// fresh heap blocks that go nowhere else, and the pointers loaded from it
// never escape either. Other fields of the same global (the send and receive
// buffers next to the grids) are judged on their own.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_PRIVATEPOINTERSLOTS_H
#define MPISYNC_PRIVATEPOINTERSLOTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>

namespace llvm {
class GlobalVariable;
class Instruction;
class LoadInst;
class Module;
class TargetLibraryInfo;
class Value;
} // namespace llvm

namespace mpisync {

class PrivatePointerSlots {
public:
  // True when Load reads a pointer slot of a module-local global that holds
  // nothing but null and private heap blocks (malloc, calloc, strdup,
  // operator new) whose addresses go nowhere but that slot.
  bool holdsOnlyPrivateHeap(const llvm::LoadInst *Load,
                            const llvm::TargetLibraryInfo &TLI);

  // True when the heap block's address goes only into such slots (and MPI
  // arguments MPI does not keep): a grid used right after its malloc.
  bool keepsOnlyInPrivateSlots(const llvm::Value *Block,
                               const llvm::TargetLibraryInfo &TLI);
  // True when the module-local global's address goes nowhere but into
  // loads and stores, also through the parameters of helpers
  // (smooth(&lev[l])), so that it is never an MPI buffer either.
  bool staysInModule(const llvm::GlobalVariable *GV) {
    return !usesOf(GV).Poisoned;
  }

private:
  // One load or store through the global: the bytes it may touch within
  // an element of the global, [Lo, Hi), starting at Lo + k * Step (Step 0:
  // exactly at Lo).
  struct Access {
    int64_t Lo, Hi;
    uint64_t Step;
    bool IsPointer; // loads or stores one pointer
    const llvm::Instruction *I;
  };
  struct GlobalUses {
    bool Poisoned = false; // a use that is not such a load or store
    llvm::SmallVector<Access, 16> Accesses;
    llvm::DenseMap<int64_t, bool> PrivateSlot; // decided slots
  };
  GlobalUses &usesOf(const llvm::GlobalVariable *GV);
  void analyzeModule(const llvm::Module &M);
  bool slotIsPrivate(GlobalUses &G, int64_t Slot,
                     const llvm::TargetLibraryInfo &TLI);
  // Whether I is a store of one pointer exactly into Slot of G.
  bool storesInto(const llvm::Instruction *I, const GlobalUses &G,
                  int64_t Slot) const;

  llvm::DenseMap<const llvm::GlobalVariable *, std::unique_ptr<GlobalUses>>
      Globals;
  // Each load and store through a module-local global: its Access.
  llvm::DenseMap<const llvm::Instruction *, std::pair<GlobalUses *, unsigned>>
      AccessOf;
  bool Analyzed = false;
};

} // namespace mpisync

#endif // MPISYNC_PRIVATEPOINTERSLOTS_H
