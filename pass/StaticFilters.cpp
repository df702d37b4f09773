//===- StaticFilters.cpp - memory that can never be an MPI buffer --------===//
#include "StaticFilters.h"

#include "MpiCallArguments.h"
#include "Options.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
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
        if (SI->getPointerOperand() == V)
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

bool StaticFilters::allocaEscapes(const AllocaInst *AI) {
  auto [It, New] = AllocaEscapes.try_emplace(AI, false);
  if (New)
    It->second = mayBecomeMpiBuffer(AI);
  return It->second;
}

bool StaticFilters::mayTouchMpiBuffer(Value *Ptr, bool IsWrite) {
  if (Ptr->getType()->getPointerAddressSpace() != 0) {
    ++NumOmittedAddressSpace;
    return false;
  }
  // A pointer chosen among several objects (a phi or select of globals)
  // is filtered only if every one of them is.
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs);
  enum Reason { None, Alloca, Constant, PrivateGlobal } Why = None;
  for (const Value *Obj : Objs) {
    Reason R = None;
    if (ClSkipNonEscapingAllocas && isa<AllocaInst>(Obj) &&
        !allocaEscapes(cast<AllocaInst>(Obj)))
      R = Alloca;
    if (const auto *GV = dyn_cast<GlobalVariable>(Obj)) {
      // A receive buffer is written by MPI: constant memory never is one.
      if (ClSkipConstantMemory && !IsWrite && GV->isConstant())
        R = Constant;
      // Only this module sees a local global; if its address is never
      // captured it is never passed to MPI.
      else if (ClSkipPrivateGlobals && GV->hasLocalLinkage() &&
               !addressEscapes(GV))
        R = PrivateGlobal;
    }
    if (R == None)
      return true;
    Why = R;
  }
  if (Objs.empty())
    return true;
  switch (Why) {
  case Alloca:
    ++NumOmittedNonEscapingAlloca;
    break;
  case Constant:
    ++NumOmittedConstant;
    break;
  default:
    ++NumOmittedPrivateGlobal;
    break;
  }
  return false;
}

} // namespace mpisync
