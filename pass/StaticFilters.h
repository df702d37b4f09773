//===- StaticFilters.h - memory that can never be an MPI buffer ----------===//
//
// An access needs no check when the memory it touches can never be handed
// to MPI: a stack object whose address never escapes, constant memory
// (loads only), a module-local global whose address never escapes. Passing
// an address to an MPI call as an argument MPI does not keep (MPI_Comm_rank's
// out-parameter, a request, the buffer of a blocking call) is no escape
// (MpiCallArguments.h).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_STATICFILTERS_H
#define MPISYNC_STATICFILTERS_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class AllocaInst;
class GlobalVariable;
class Value;
} // namespace llvm

namespace mpisync {

class StaticFilters {
public:
  // False when the filters prove the access cannot touch memory that
  // reaches an MPI buffer argument.
  bool mayTouchMpiBuffer(llvm::Value *Ptr, bool IsWrite);
  // Whether the stack object may be handed to MPI as memory it keeps
  // (mayBecomeMpiBuffer); asked once per object, before its function is
  // instrumented (the runtime calls added then capture it too).
  bool allocaEscapes(const llvm::AllocaInst *AI);

private:
  bool addressEscapes(const llvm::GlobalVariable *GV);
  llvm::DenseMap<const llvm::GlobalVariable *, bool> GlobalEscapes;
  llvm::DenseMap<const llvm::AllocaInst *, bool> AllocaEscapes;
};

} // namespace mpisync

#endif // MPISYNC_STATICFILTERS_H
