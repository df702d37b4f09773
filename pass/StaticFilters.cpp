//===- StaticFilters.cpp - memory that can never be an MPI buffer --------===//
#include "StaticFilters.h"

#include "MpiCallArguments.h"
#include "Options.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumOmittedNonEscapingAlloca,
          "Number of accesses omitted: non-escaping stack objects");
STATISTIC(NumOmittedConstant, "Number of accesses omitted: constant memory");
STATISTIC(NumOmittedPrivateGlobal,
          "Number of accesses omitted: non-escaping module-local globals");
STATISTIC(NumOmittedPrivateHeap,
          "Number of accesses omitted: heap blocks whose address never "
          "escapes");
STATISTIC(NumOmittedPrivateSlot,
          "Number of accesses omitted: heap blocks kept only in a pointer "
          "slot of a module-local global");
STATISTIC(NumOmittedPrivateArgument,
          "Number of accesses omitted: parameters of module-local functions "
          "whose every caller passes such memory");
STATISTIC(NumOmittedFreshHeap,
          "Number of accesses omitted: heap blocks no MPI call can have seen "
          "yet");
STATISTIC(NumOmittedAddressSpace,
          "Number of accesses omitted: non-default address space");

namespace mpisync {

// Only loads and stores through the global (and address arithmetic, phis
// and selects of it, comparisons, MPISync's own checks, and MPI arguments
// that MPI does not keep) keep its address in this module; anything else
// may hand it to MPI.
bool StaticFilters::addressEscapes(const GlobalVariable *GV) {
  auto It = GlobalEscapes.find(GV);
  if (It != GlobalEscapes.end())
    return It->second;
  SmallVector<const Value *, 16> Work{GV};
  SmallPtrSet<const Value *, 16> Seen;
  bool Escapes = false;
  while (!Work.empty() && !Escapes) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const User *User = U.getUser();
      if (isa<LoadInst>(User) || isa<ICmpInst>(User))
        continue;
      if (const auto *CB = dyn_cast<CallBase>(User)) {
        const Function *Callee = CB->getCalledFunction();
        if (Callee && Callee->getName().starts_with("__mpisync"))
          continue;
        if (CB->isArgOperand(&U) &&
            !mpiMayKeepArgument(*CB, CB->getArgOperandNo(&U)))
          continue;
      }
      if (const auto *SI = dyn_cast<StoreInst>(User)) {
        if (U.getOperandNo() == StoreInst::getPointerOperandIndex() &&
            SI->getValueOperand() != V)
          continue;
        Escapes = true;
      } else if (isa<GEPOperator>(User) || isa<BitCastOperator>(User) ||
                 isa<PHINode>(User) || isa<SelectInst>(User)) {
        Work.push_back(User);
      } else {
        Escapes = true;
      }
      if (Escapes)
        break;
    }
  }
  GlobalEscapes[GV] = Escapes;
  return Escapes;
}

bool StaticFilters::objectEscapes(const Value *Obj) {
  auto [It, New] = ObjectEscapes.try_emplace(Obj, false);
  if (New)
    It->second = mayBecomeMpiBuffer(Obj);
  return It->second;
}

bool StaticFilters::stackObjectEscapes(const Value *Obj) {
  return objectEscapes(Obj);
}

// The caller makes a byval copy for this call alone, in stack memory no MPI
// operation holds (one still pending on an earlier object there was
// reported when that object went out of scope), so, like a local, it is an
// MPI buffer only if its address is handed on.
bool isStackObject(const Value *Obj) {
  if (isa<AllocaInst>(Obj))
    return true;
  const auto *A = dyn_cast<Argument>(Obj);
  return A && A->hasByValAttr();
}

// Why Obj, one underlying object of an access, cannot be an MPI buffer
// (None: it may be one).
StaticFilters::Reason StaticFilters::skipReason(const Value *Obj, bool IsWrite,
                                                const TargetLibraryInfo &TLI,
                                                unsigned Depth) {
  if (ClSkipNonEscapingAllocas && isStackObject(Obj) && !objectEscapes(Obj))
    return StackObject;
  // Not realloc: it may hand back the block it was given, which may be
  // known elsewhere.
  if (ClSkipPrivateHeap && isAllocLikeFn(Obj, &TLI)) {
    if (!objectEscapes(Obj))
      return PrivateHeap;
    if (Slots.keepsOnlyInPrivateSlots(Obj, TLI))
      return PrivateSlot;
  }
  if (const auto *LI = dyn_cast<LoadInst>(Obj))
    if (ClSkipPrivateHeap && Slots.holdsOnlyPrivateHeap(LI, TLI))
      return PrivateSlot;
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj)) {
    // A receive buffer is written by MPI: constant memory never is one.
    if (ClSkipConstantMemory && !IsWrite && GV->isConstant())
      return Constant;
    // Only this module sees a local global; if its address is never
    // captured it is never passed to MPI.
    if (ClSkipPrivateGlobals && GV->hasLocalLinkage() &&
        (!addressEscapes(GV) || Slots.staysInModule(GV)))
      return PrivateGlobal;
  }
  if (const auto *A = dyn_cast<Argument>(Obj))
    if (ClSkipPrivateHeap && Depth < 4 && argumentIsPrivate(A, TLI, Depth))
      return PrivateArgument;
  return None;
}

// A pointer chosen among several objects (a phi or select of globals) is
// skipped only if every one of them is; Why is the last one's reason.
bool StaticFilters::allSkipped(const Value *Ptr, bool IsWrite,
                               const TargetLibraryInfo &TLI, unsigned Depth,
                               Reason &Why) {
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs);
  for (const Value *Obj : Objs)
    if ((Why = skipReason(Obj, IsWrite, TLI, Depth)) == None)
      return false;
  return !Objs.empty();
}

// A pointer parameter of a function that only this module calls, and only
// directly, points where its callers' arguments point: if each of them is
// skipped (written or read), so is every access through the parameter.
// The callers' objects do not escape, so neither does the parameter (the
// call is no capture only because the parameter is nocapture).
bool StaticFilters::argumentIsPrivate(const Argument *A,
                                      const TargetLibraryInfo &TLI,
                                      unsigned Depth) {
  auto [It, New] = PrivateArguments.try_emplace(A, false);
  if (!New)
    return It->second; // also false while being decided (recursion)
  const Function *F = A->getParent();
  // A byval copy is memory of the callee's, which it may hand to MPI.
  if (!A->getType()->isPointerTy() || A->hasPassPointeeByValueCopyAttr() ||
      !F->hasLocalLinkage() || F->use_empty())
    return false;
  for (const Use &U : F->uses()) {
    const auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || CB->getFunctionType() != F->getFunctionType())
      return false;
    Reason Why;
    if (!allSkipped(CB->getArgOperand(A->getArgNo()), /*IsWrite=*/true, TLI,
                    Depth + 1, Why))
      return false;
  }
  return PrivateArguments[A] = true;
}

bool StaticFilters::mayTouchMpiBuffer(Value *Ptr, bool IsWrite,
                                      const TargetLibraryInfo &TLI,
                                      const Instruction *At) {
  if (Ptr->getType()->getPointerAddressSpace() != 0) {
    ++NumOmittedAddressSpace;
    return false;
  }
  // The allocation's own value, not through phis (getUnderlyingObjects
  // would take an earlier execution's block for this one's).
  if (ClSkipFreshHeap && At) {
    const Value *Obj = getUnderlyingObject(Ptr);
    if (isAllocLikeFn(Obj, &TLI) &&
        Fresh.freshAt(cast<Instruction>(Obj), At, TLI)) {
      ++NumOmittedFreshHeap;
      return false;
    }
  }
  Reason Why = None;
  if (!allSkipped(Ptr, IsWrite, TLI, 0, Why))
    return true;
  switch (Why) {
  case StackObject:
    ++NumOmittedNonEscapingAlloca;
    break;
  case Constant:
    ++NumOmittedConstant;
    break;
  case PrivateHeap:
    ++NumOmittedPrivateHeap;
    break;
  case PrivateSlot:
    ++NumOmittedPrivateSlot;
    break;
  case PrivateArgument:
    ++NumOmittedPrivateArgument;
    break;
  default:
    ++NumOmittedPrivateGlobal;
    break;
  }
  return false;
}

} // namespace mpisync
