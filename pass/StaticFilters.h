//===- StaticFilters.h - memory that can never be an MPI buffer ----------===//
//
// An access needs no check when the memory it touches can never be handed
// to MPI: a stack object whose address never escapes, constant memory
// (loads only), a module-local global whose address never escapes, a fresh
// heap block (malloc, calloc, strdup, operator new) whose address the
// function never lets escape: nothing else can learn where it is; a pointer
// loaded from a module-local global that only ever holds such blocks
// (PrivatePointerSlots.h); the
// parameter of a module-local function to which every caller passes such
// memory; a heap block where no MPI call can have seen it yet
// (FreshHeapBlocks.h). Passing
// an address to an MPI call as an argument MPI does not keep (MPI_Comm_rank's
// out-parameter, a request, the buffer of a blocking call) is no escape
// (MpiCallArguments.h).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_STATICFILTERS_H
#define MPISYNC_STATICFILTERS_H

#include "FreshHeapBlocks.h"
#include "PrivatePointerSlots.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Argument;
class GlobalVariable;
class Instruction;
class TargetLibraryInfo;
class Value;
} // namespace llvm

namespace mpisync {

class StaticFilters {
public:
  // False when the filters prove the access `At` through `Ptr` cannot
  // touch memory that reaches an MPI buffer argument.
  // TLI names the allocation functions.
  bool mayTouchMpiBuffer(llvm::Value *Ptr, bool IsWrite,
                         const llvm::TargetLibraryInfo &TLI,
                         const llvm::Instruction *At);
  // Whether the stack object (isStackObject) may be handed to MPI as
  // memory it keeps (mayBecomeMpiBuffer); asked once per object, before its
  // function is instrumented (the runtime calls added then capture it too).
  bool stackObjectEscapes(const llvm::Value *Obj);

private:
  enum Reason {
    None,
    StackObject,
    Constant,
    PrivateGlobal,
    PrivateHeap,
    PrivateSlot,
    PrivateArgument
  };
  Reason skipReason(const llvm::Value *Obj, bool IsWrite,
                    const llvm::TargetLibraryInfo &TLI, unsigned Depth);
  bool allSkipped(const llvm::Value *Ptr, bool IsWrite,
                  const llvm::TargetLibraryInfo &TLI, unsigned Depth,
                  Reason &Why);
  bool argumentIsPrivate(const llvm::Argument *A,
                         const llvm::TargetLibraryInfo &TLI, unsigned Depth);
  bool addressEscapes(const llvm::GlobalVariable *GV);
  // The same question for any function-local object (an alloca, a byval
  // argument or an allocation call), cached for the same reason.
  bool objectEscapes(const llvm::Value *Obj);
  llvm::DenseMap<const llvm::GlobalVariable *, bool> GlobalEscapes;
  llvm::DenseMap<const llvm::Value *, bool> ObjectEscapes;
  llvm::DenseMap<const llvm::Argument *, bool> PrivateArguments;
  PrivatePointerSlots Slots;
  FreshHeapBlocks Fresh;
};

// A local variable of its function (an alloca) or a byval argument, the
// copy of an argument passed by value: memory that exists only while the
// function runs.
bool isStackObject(const llvm::Value *Obj);

} // namespace mpisync

#endif // MPISYNC_STATICFILTERS_H
