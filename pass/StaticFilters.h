//===- StaticFilters.h - memory that can never be an MPI buffer ----------===//
//
// An access needs no check when the memory it touches can never be handed
// to MPI: a stack object whose address never escapes, constant memory
// (loads only), a module-local global whose address never escapes.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_STATICFILTERS_H
#define MPISYNC_STATICFILTERS_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class GlobalVariable;
class Value;
} // namespace llvm

namespace mpisync {

class StaticFilters {
public:
  // False when the filters prove the access cannot touch memory that
  // reaches an MPI buffer argument.
  bool mayTouchMpiBuffer(llvm::Value *Ptr, bool IsWrite);

private:
  bool addressEscapes(const llvm::GlobalVariable *GV);
  llvm::DenseMap<const llvm::GlobalVariable *, bool> GlobalEscapes;
};

} // namespace mpisync

#endif // MPISYNC_STATICFILTERS_H
