//===- MemoryAccessInstrumenter.cpp - MPISync access instrumentation -----===//
//
// Every load, store, atomic and memory intrinsic that may touch an MPI buffer
// gets a call into the runtime (runtime/mpisync_interface.h), which decides
// whether the access breaks a pending operation's buffer rules. Accesses
// that provably cannot touch an MPI buffer are left alone (static filters,
// each with a switch and a counter).
//
//===----------------------------------------------------------------------===//
#include "MemoryAccessInstrumenter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumInstrumentedLoads, "Number of instrumented loads");
STATISTIC(NumInstrumentedStores, "Number of instrumented stores");
STATISTIC(NumInstrumentedAtomics, "Number of instrumented atomics");
STATISTIC(NumInstrumentedMemIntrinsics,
          "Number of instrumented memory intrinsics");
STATISTIC(NumOmittedNonEscapingAlloca,
          "Number of accesses omitted: non-escaping stack objects");
STATISTIC(NumStackReleases,
          "Number of scope ends of escaping stack objects reported to the runtime");
STATISTIC(NumOmittedConstant,
          "Number of accesses omitted: constant memory");

static cl::opt<bool> ClSkipNonEscapingAllocas(
    "mpisync-skip-nonescaping-allocas",
    cl::desc("Do not instrument accesses to stack objects whose address never "
             "escapes (they cannot be MPI buffers)"),
    cl::Hidden, cl::init(true));

static cl::opt<bool> ClSkipConstantMemory(
    "mpisync-skip-constant-memory",
    cl::desc("Do not instrument loads from constant globals (they cannot be "
             "receive buffers)"),
    cl::Hidden, cl::init(true));

namespace mpisync {

namespace {

constexpr unsigned kNumFixedSizes = 5; // 1, 2, 4, 8, 16 bytes

class ModuleInstrumenter {
public:
  explicit ModuleInstrumenter(Module &M);
  bool instrumentFunction(Function &F);

private:
  struct Access {
    Instruction *I;
    Value *Ptr;
    uint64_t Size; // bytes; 0 for memory intrinsics
    bool IsWrite;
  };

  bool isInterestingPointer(Value *Ptr, bool IsWrite, Function &F);
  void instrumentAccess(const Access &A);
  void instrumentMemIntrinsic(MemIntrinsic *MI);
  void instrumentStackReleases(Function &F);

  Module &M;
  const DataLayout &DL;
  Type *IntptrTy;
  PointerType *PtrTy;
  FunctionCallee LoadFixed[kNumFixedSizes], StoreFixed[kNumFixedSizes];
  FunctionCallee LoadN, StoreN, MemcpyFn, MemmoveFn, MemsetFn, StackRelease;
};

ModuleInstrumenter::ModuleInstrumenter(Module &M)
    : M(M), DL(M.getDataLayout()) {
  LLVMContext &C = M.getContext();
  IntptrTy = DL.getIntPtrType(C);
  PtrTy = PointerType::getUnqual(C);
  Type *VoidTy = Type::getVoidTy(C);
  for (unsigned I = 0; I < kNumFixedSizes; ++I) {
    std::string Suffix = std::to_string(1u << I);
    LoadFixed[I] = M.getOrInsertFunction("__mpisync_load" + Suffix, VoidTy, PtrTy);
    StoreFixed[I] =
        M.getOrInsertFunction("__mpisync_store" + Suffix, VoidTy, PtrTy);
  }
  LoadN = M.getOrInsertFunction("__mpisync_loadN", VoidTy, PtrTy, IntptrTy);
  StoreN = M.getOrInsertFunction("__mpisync_storeN", VoidTy, PtrTy, IntptrTy);
  MemcpyFn = M.getOrInsertFunction("__mpisync_memcpy", PtrTy, PtrTy, PtrTy,
                                   IntptrTy);
  MemmoveFn = M.getOrInsertFunction("__mpisync_memmove", PtrTy, PtrTy, PtrTy,
                                    IntptrTy);
  MemsetFn = M.getOrInsertFunction("__mpisync_memset", PtrTy, PtrTy,
                                   Type::getInt32Ty(C), IntptrTy);
  StackRelease = M.getOrInsertFunction("__mpisync_stack_release", VoidTy,
                                       PtrTy, IntptrTy);
}

// A stack object whose address escapes may be an MPI buffer; the runtime
// learns when it stops existing (end of its lifetime or of the function), so
// a pending request on it is reported then (stack-buffer-out-of-scope).
void ModuleInstrumenter::instrumentStackReleases(Function &F) {
  SmallVector<AllocaInst *, 8> Escaping;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (AI->isStaticAlloca() && AI->getAllocationSize(DL) &&
          PointerMayBeCaptured(AI, /*ReturnCaptures=*/true,
                               /*StoreCaptures=*/true))
        Escaping.push_back(AI);
  if (Escaping.empty())
    return;
  auto Release = [&](Instruction *Before, AllocaInst *AI) {
    IRBuilder<> IRB(Before);
    uint64_t Size = AI->getAllocationSize(DL)->getFixedValue();
    IRB.CreateCall(StackRelease, {AI, ConstantInt::get(IntptrTy, Size)});
    ++NumStackReleases;
  };
  SmallVector<Instruction *, 8> Exits, LifetimeEnds;
  for (Instruction &I : instructions(F)) {
    if (auto *RI = dyn_cast<ReturnInst>(&I)) {
      // Nothing may stand between a musttail call and its return.
      if (!RI->getParent()->getTerminatingMustTailCall())
        Exits.push_back(RI);
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (II->getIntrinsicID() == Intrinsic::lifetime_end)
        LifetimeEnds.push_back(II);
    }
  }
  for (Instruction *Exit : Exits)
    for (AllocaInst *AI : Escaping)
      Release(Exit, AI);
  for (Instruction *End : LifetimeEnds) {
    auto *AI = dyn_cast<AllocaInst>(
        getUnderlyingObject(cast<IntrinsicInst>(End)->getArgOperand(1)));
    if (AI && is_contained(Escaping, AI))
      Release(End, AI);
  }
}

// Static filters: memory that can never be an MPI buffer.
bool ModuleInstrumenter::isInterestingPointer(Value *Ptr, bool IsWrite,
                                              Function &F) {
  if (Ptr->getType()->getPointerAddressSpace() != 0)
    return false;
  const Value *Obj = getUnderlyingObject(Ptr);
  if (ClSkipNonEscapingAllocas && isa<AllocaInst>(Obj) &&
      !PointerMayBeCaptured(Obj, /*ReturnCaptures=*/true,
                            /*StoreCaptures=*/true)) {
    ++NumOmittedNonEscapingAlloca;
    return false;
  }
  if (ClSkipConstantMemory && !IsWrite) {
    if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
      if (GV->isConstant()) {
        ++NumOmittedConstant;
        return false;
      }
  }
  return true;
}

void ModuleInstrumenter::instrumentAccess(const Access &A) {
  IRBuilder<> IRB(A.I);
  int Index = -1;
  if (isPowerOf2_64(A.Size) && A.Size <= 16)
    Index = Log2_64(A.Size);
  if (Index >= 0) {
    IRB.CreateCall(A.IsWrite ? StoreFixed[Index] : LoadFixed[Index], {A.Ptr});
  } else {
    IRB.CreateCall(A.IsWrite ? StoreN : LoadN,
                   {A.Ptr, ConstantInt::get(IntptrTy, A.Size)});
  }
}

// Intrinsics become calls into the runtime, which checks the ranges and then
// moves the data; the inline variants (which must not become calls) keep
// their form and get range checks in front.
void ModuleInstrumenter::instrumentMemIntrinsic(MemIntrinsic *MI) {
  IRBuilder<> IRB(MI);
  Value *Len = IRB.CreateZExtOrTrunc(MI->getLength(), IntptrTy);
  bool Inline = isa<MemCpyInlineInst>(MI) || isa<MemSetInlineInst>(MI);
  if (Inline) {
    if (auto *MT = dyn_cast<MemTransferInst>(MI))
      IRB.CreateCall(LoadN, {MT->getSource(), Len});
    IRB.CreateCall(StoreN, {MI->getDest(), Len});
    return;
  }
  if (auto *MS = dyn_cast<MemSetInst>(MI)) {
    IRB.CreateCall(MemsetFn,
                   {MS->getDest(),
                    IRB.CreateZExt(MS->getValue(), IRB.getInt32Ty()), Len});
  } else {
    auto *MT = cast<MemTransferInst>(MI);
    IRB.CreateCall(isa<MemMoveInst>(MT) ? MemmoveFn : MemcpyFn,
                   {MT->getDest(), MT->getSource(), Len});
  }
  MI->eraseFromParent();
}

bool ModuleInstrumenter::instrumentFunction(Function &F) {
  if (F.isDeclaration() || F.getName().starts_with("__mpisync") ||
      F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) ||
      F.hasFnAttribute(Attribute::Naked))
    return false;

  SmallVector<Access, 32> Accesses;
  SmallVector<MemIntrinsic *, 8> MemIntrinsics;
  for (Instruction &I : instructions(F)) {
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      Type *T = LI->getType();
      if (T->isSized() && !T->isScalableTy() &&
          isInterestingPointer(LI->getPointerOperand(), false, F)) {
        Accesses.push_back({LI, LI->getPointerOperand(),
                            DL.getTypeStoreSize(T).getFixedValue(), false});
        ++NumInstrumentedLoads;
      }
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      Type *T = SI->getValueOperand()->getType();
      if (T->isSized() && !T->isScalableTy() &&
          isInterestingPointer(SI->getPointerOperand(), true, F)) {
        Accesses.push_back({SI, SI->getPointerOperand(),
                            DL.getTypeStoreSize(T).getFixedValue(), true});
        ++NumInstrumentedStores;
      }
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      // A read-modify-write is checked as a write: the write rules are the
      // stricter ones for every buffer kind.
      if (isInterestingPointer(RMW->getPointerOperand(), true, F)) {
        Accesses.push_back(
            {RMW, RMW->getPointerOperand(),
             DL.getTypeStoreSize(RMW->getValOperand()->getType()).getFixedValue(),
             true});
        ++NumInstrumentedAtomics;
      }
    } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      if (isInterestingPointer(CX->getPointerOperand(), true, F)) {
        Accesses.push_back(
            {CX, CX->getPointerOperand(),
             DL.getTypeStoreSize(CX->getCompareOperand()->getType())
                 .getFixedValue(),
             true});
        ++NumInstrumentedAtomics;
      }
    } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
      MemIntrinsics.push_back(MI);
      ++NumInstrumentedMemIntrinsics;
    }
  }
  for (const Access &A : Accesses)
    instrumentAccess(A);
  for (MemIntrinsic *MI : MemIntrinsics)
    instrumentMemIntrinsic(MI);
  instrumentStackReleases(F);
  bool Changed = !Accesses.empty() || !MemIntrinsics.empty();
  if (Changed) {
    // The function now calls into the runtime: what it was inferred to
    // touch (memory(argmem: ...), nosync) no longer holds.
    F.removeFnAttr(Attribute::Memory);
    F.removeFnAttr(Attribute::NoSync);
  }
  return Changed;
}

} // namespace

PreservedAnalyses MPISyncPass::run(Module &M, ModuleAnalysisManager &) {
  if (M.getFunction("mpisync.module_ctor"))
    return PreservedAnalyses::all(); // already instrumented
  ModuleInstrumenter Instrumenter(M);
  bool Changed = false;
  for (Function &F : M)
    Changed |= Instrumenter.instrumentFunction(F);
  // The runtime initialises from .preinit_array in executables; the
  // constructor covers instrumented shared libraries loaded earlier.
  getOrCreateSanitizerCtorAndInitFunctions(
      M, "mpisync.module_ctor", "__mpisync_init", {}, {},
      [&](Function *Ctor, FunctionCallee) { appendToGlobalCtors(M, Ctor, 0); });
  (void)Changed;
  return PreservedAnalyses::none();
}

} // namespace mpisync
