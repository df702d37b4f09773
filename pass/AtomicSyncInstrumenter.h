//===- AtomicSyncInstrumenter.h - atomics that order threads --------------===//
//
// Atomic operations with acquire or release semantics order the program's
// threads (C11/C++11 atomics, OpenMP flush-free handoffs). The runtime's
// thread clocks (runtime/threads/, docs/threads.md) must see them, or a
// correct handoff through an atomic flag reads as a race.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_PASS_ATOMICSYNCINSTRUMENTER_H
#define MPISYNC_PASS_ATOMICSYNCINSTRUMENTER_H

#include "llvm/IR/Function.h"

namespace mpisync {

// Calls __mpisync_atomic_release(p) before each atomic store or
// read-modify-write with release semantics and __mpisync_atomic_acquire(p)
// after each atomic load or read-modify-write with acquire semantics, each
// only while the published state's `threads` word is set.
// Returns whether it changed `F`.
bool instrumentAtomicSync(llvm::Function &F);

} // namespace mpisync

#endif // MPISYNC_PASS_ATOMICSYNCINSTRUMENTER_H
