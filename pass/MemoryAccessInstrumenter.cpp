//===- MemoryAccessInstrumenter.cpp - MPISync access instrumentation -----===//
//
// For every function: collect the loads, stores, atomics and memory
// intrinsics that may touch an MPI buffer (StaticFilters), drop duplicates,
// give call-free loops an idle copy (PendingLoopVersioning), check affine
// accesses of the instrumented copies once per loop (AffineHoisting), and
// emit the inline fast path for the rest (FastPathEmitter).
//
//===----------------------------------------------------------------------===//
#include "MemoryAccessInstrumenter.h"
#include "AtomicSyncInstrumenter.h"

#include "AccessGroups.h"
#include "AffineHoisting.h"
#include "BesideMpiCalls.h"
#include "FastPathEmitter.h"
#include "Options.h"
#include "PendingLoopVersioning.h"
#include "StateChangingCalls.h"
#include "StaticFilters.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <memory>
#include <vector>

using namespace llvm;

#define DEBUG_TYPE "mpisync"

STATISTIC(NumInstrumentedLoads, "Number of instrumented loads");
STATISTIC(NumInstrumentedStores, "Number of instrumented stores");
STATISTIC(NumInstrumentedAtomics, "Number of instrumented atomics");
STATISTIC(NumInstrumentedMemIntrinsics,
          "Number of instrumented memory intrinsics");
STATISTIC(NumInstrumentedMasked,
          "Number of instrumented masked or gather/scatter accesses");
STATISTIC(NumOmittedDuplicate,
          "Number of accesses omitted: dominated by an identical check");
STATISTIC(NumChecksInPendingLoops,
          "Number of checks in instrumented loop copies (no pending test)");
STATISTIC(NumSpeculatedLoadsGuarded,
          "Number of speculated loads checked only where a select uses them");
STATISTIC(NumColdCalls, "Number of accesses beside an MPI call checked by "
                        "a bare call");
STATISTIC(NumAccessGroups,
          "Number of groups of field accesses sharing one range test");
STATISTIC(NumGroupMembers,
          "Number of checks at their own place behind a group's range test");
STATISTIC(NumGroupMembersAtHead, "Number of checks made at a group's head");
STATISTIC(NumStackReleases,
          "Number of scope ends of escaping stack objects reported to the runtime");

namespace mpisync {

namespace {

// Arithmetic the optimizer speculates along with a load (it cannot trap
// and has no effect): `c ? buf[0] + buf[1] : -1` becomes two loads, an add
// and a select.
bool isSpeculatableArithmetic(const Instruction *I) {
  if (isa<CastInst>(I) || isa<CmpInst>(I) || isa<UnaryOperator>(I))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(I))
    return !BO->isIntDivRem();
  return false;
}

// The select condition under which a speculated load's value is used, and
// whether the select picks the load when it holds; null for an ordinary
// load. The value may pass through speculatable arithmetic (at most a few
// instructions) on its way to the select's arm.
Value *speculationCondition(Instruction *I, bool &OnTrue) {
  auto *L = dyn_cast<LoadInst>(I);
  if (!L || !L->isSimple() || L->use_empty())
    return nullptr;
  constexpr unsigned kMaxDerived = 16;
  SmallVector<Instruction *, 8> Work = {L};
  SmallPtrSet<Instruction *, 8> Derived = {L};
  Value *Cond = nullptr;
  OnTrue = false;
  while (!Work.empty()) {
    Instruction *V = Work.pop_back_val();
    for (User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI)
        return nullptr;
      if (auto *Sel = dyn_cast<SelectInst>(UI);
          Sel && Sel->getCondition() != V &&
          (Sel->getTrueValue() == V) != (Sel->getFalseValue() == V)) {
        bool True = Sel->getTrueValue() == V;
        if (Cond && (Sel->getCondition() != Cond || True != OnTrue))
          return nullptr;
        Cond = Sel->getCondition();
        OnTrue = True;
        continue;
      }
      if (Derived.count(UI))
        continue;
      // Arithmetic in the load's block, all of whose uses lead to the
      // select too.
      if (!isSpeculatableArithmetic(UI) || UI->getParent() != L->getParent() ||
          Derived.size() >= kMaxDerived)
        return nullptr;
      Derived.insert(UI);
      Work.push_back(UI);
    }
  }
  if (!Cond || !Cond->getType()->isIntegerTy(1))
    return nullptr;
  // The condition must be known where the load is, or computable there:
  // arithmetic later in the block on values known before the load (the
  // optimizer often puts the flag's compare after the first load).
  if (auto *CI = dyn_cast<Instruction>(Cond)) {
    if (CI->getParent() != L->getParent())
      return nullptr;
    if (!CI->comesBefore(L) && (!isSpeculatableArithmetic(CI) ||
                                any_of(CI->operands(), [&](Value *Op) {
                                  auto *OI = dyn_cast<Instruction>(Op);
                                  return OI &&
                                         OI->getParent() == L->getParent() &&
                                         (OI == L || !OI->comesBefore(L));
                                })))
      return nullptr;
  }
  return Cond;
}

// A load the optimizer speculated: if-conversion turns `c ? buf[i] : x`
// into an unconditional load whose value only a select on `c` may use. The
// program reads the memory only when the select picks the load, so the
// check runs under that condition (a pending receive buffer the source does
// not read is not reported). Returns the condition, or null for an
// ordinary load.
Value *speculationGuard(Instruction *I) {
  bool OnTrue;
  Value *Cond = speculationCondition(I, OnTrue);
  if (auto *CI = dyn_cast_or_null<Instruction>(Cond); CI && I->comesBefore(CI))
    CI->moveBefore(I); // its operands are known there
  if (!Cond || OnTrue)
    return Cond;
  IRBuilder<> IRB(I);
  return IRB.CreateNot(Cond, "mpisync.spec");
}

struct Access {
  Instruction *I;
  Value *Ptr;
  uint64_t Size; // bytes
  bool IsWrite;
  Align Alignment;
};

// A memory intrinsic of dynamic or large length: its source and destination
// are checked as ranges where the filters let them through.
struct MemRange {
  MemIntrinsic *MI;
  bool CheckSource, CheckDest;
};

// A copy or fill this short (a struct assignment, a small array) is checked
// like the loads and stores it stands for: inline, hoisted out of loops,
// dropped when dominated, and the intrinsic stays for the back end to
// expand into moves.
constexpr uint64_t kMaxMemIntrinsicAccess = 16;

class FunctionInstrumenter {
public:
  FunctionInstrumenter(Function &F, FastPathEmitter &Emitter,
                       StaticFilters &Filters, TargetLibraryInfo &TLI)
      : F(F), DL(F.getParent()->getDataLayout()), Emitter(Emitter),
        Filters(Filters), TLI(TLI) {}
  // Decides what to check. Done for every function of the module before
  // any is instrumented, so that the filters see the program as written
  // (instrumentation adds calls, loop copies and phis of the addresses).
  void prepare();
  bool run();
  Function &function() const { return F; }

private:
  void collect();
  void dropDuplicates();
  bool isStateChangingCall(Instruction &I) const;
  void addMemIntrinsic(MemIntrinsic *MI);
  void instrumentMemIntrinsic(const MemRange &R, BasicBlock *PendingPreheader);
  void findEscapingStackObjects();
  void instrumentStackReleases();
  void addAccess(Instruction *I, Value *Ptr, Type *Ty, bool IsWrite,
                 Align Alignment);

  Function &F;
  const DataLayout &DL;
  FastPathEmitter &Emitter;
  StaticFilters &Filters;
  TargetLibraryInfo &TLI;
  SmallVector<Access, 32> Accesses;
  SmallVector<MemRange, 8> MemIntrinsics;
  SmallVector<Instruction *, 16> StateChangingCalls;
  // Found before instrumentation: the runtime calls capture pointers too.
  // Each with its size in bytes.
  SmallVector<std::pair<Value *, uint64_t>, 8> EscapingStackObjects;
};

bool FunctionInstrumenter::isStateChangingCall(Instruction &I) const {
  return mpisync::isStateChangingCall(I, TLI);
}

void FunctionInstrumenter::addAccess(Instruction *I, Value *Ptr, Type *Ty,
                                     bool IsWrite, Align Alignment) {
  if (!Ty->isSized() || Ty->isScalableTy())
    return;
  if (!Filters.mayTouchMpiBuffer(Ptr, IsWrite, TLI, I))
    return;
  Accesses.push_back(
      {I, Ptr, DL.getTypeStoreSize(Ty).getFixedValue(), IsWrite, Alignment});
}

void FunctionInstrumenter::collect() {
  for (Instruction &I : instructions(F)) {
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      addAccess(LI, LI->getPointerOperand(), LI->getType(), false,
                LI->getAlign());
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      addAccess(SI, SI->getPointerOperand(),
                SI->getValueOperand()->getType(), true, SI->getAlign());
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      // A read-modify-write is checked as a write: the write rules are the
      // stricter ones for every buffer kind.
      addAccess(RMW, RMW->getPointerOperand(),
                RMW->getValOperand()->getType(), true, RMW->getAlign());
    } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      addAccess(CX, CX->getPointerOperand(),
                CX->getCompareOperand()->getType(), true, CX->getAlign());
    } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
      addMemIntrinsic(MI);
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      // Masked vector accesses are checked over the whole vector: the
      // lanes the mask turns off are a conservative extra.
      switch (II->getIntrinsicID()) {
      case Intrinsic::masked_load:
        addAccess(II, II->getArgOperand(0), II->getType(), false, Align(1));
        ++NumInstrumentedMasked;
        break;
      case Intrinsic::masked_store:
        addAccess(II, II->getArgOperand(1), II->getArgOperand(0)->getType(),
                  true, Align(1));
        ++NumInstrumentedMasked;
        break;
      default:
        break;
      }
    }
    if (isStateChangingCall(I))
      StateChangingCalls.push_back(&I);
  }
}

// Within a block and between two calls that may change the state, a check
// of the same address and size (a store check covering a load check) gives
// the same answer again.
void FunctionInstrumenter::dropDuplicates() {
  if (!ClDedupChecks)
    return;
  SmallPtrSet<Instruction *, 32> Calls(StateChangingCalls.begin(),
                                       StateChangingCalls.end());
  DenseMap<Instruction *, unsigned> Index;
  for (unsigned K = 0; K < Accesses.size(); ++K)
    Index[Accesses[K].I] = K;
  SmallVector<bool, 32> Keep(Accesses.size(), true);
  for (BasicBlock &BB : F) {
    SmallVector<const Access *, 8> Seen;
    for (Instruction &I : BB) {
      if (Calls.count(&I)) {
        Seen.clear();
        continue;
      }
      auto It = Index.find(&I);
      if (It == Index.end())
        continue;
      const Access &A = Accesses[It->second];
      bool Covered = false;
      for (const Access *P : Seen)
        if (P->Ptr == A.Ptr && P->Size == A.Size && (P->IsWrite || !A.IsWrite))
          Covered = true;
      if (Covered) {
        Keep[It->second] = false;
        ++NumOmittedDuplicate;
      } else {
        Seen.push_back(&A);
      }
    }
  }
  SmallVector<Access, 32> Kept;
  for (unsigned K = 0; K < Accesses.size(); ++K)
    if (Keep[K])
      Kept.push_back(Accesses[K]);
  Accesses.swap(Kept);
}

// A memory intrinsic of short constant length becomes the accesses it
// stands for, and the intrinsic stays (the back end expands it into moves);
// a longer one is checked as ranges (FastPathEmitter::emitMemIntrinsicCheck).
void FunctionInstrumenter::addMemIntrinsic(MemIntrinsic *MI) {
  auto *MT = dyn_cast<MemTransferInst>(MI);
  auto *Len = dyn_cast<ConstantInt>(MI->getLength());
  if (Len && Len->getZExtValue() <= kMaxMemIntrinsicAccess) {
    uint64_t N = Len->getZExtValue();
    if (N == 0)
      return;
    Type *Ty = IntegerType::get(F.getContext(), 8 * N);
    size_t Before = Accesses.size();
    if (MT)
      addAccess(MI, MT->getSource(), Ty, false, MT->getSourceAlign().valueOrOne());
    addAccess(MI, MI->getDest(), Ty, true, MI->getDestAlign().valueOrOne());
    if (Accesses.size() != Before)
      ++NumInstrumentedMemIntrinsics;
    return;
  }
  MemRange R = {
      MI, MT && Filters.mayTouchMpiBuffer(MT->getSource(), false, TLI, MI),
      Filters.mayTouchMpiBuffer(MI->getDest(), true, TLI, MI)};
  if (R.CheckSource || R.CheckDest)
    MemIntrinsics.push_back(R);
}

void FunctionInstrumenter::instrumentMemIntrinsic(const MemRange &R,
                                                  BasicBlock *PendingPreheader) {
  ++NumInstrumentedMemIntrinsics;
  // The check may replace the intrinsic by a runtime call: it keeps the
  // location chosen for the check (an intrinsic may be without one).
  if (!R.MI->getDebugLoc())
    R.MI->setDebugLoc(checkLocation(R.MI));
  Emitter.emitMemIntrinsicCheck(R.MI, R.CheckSource, R.CheckDest,
                                PendingPreheader);
}

// A stack object whose address escapes to MPI may be an MPI buffer; the runtime
// learns when it stops existing (end of its lifetime or of the function), so
// a pending request on it is reported then (stack-buffer-out-of-scope). A
// byval argument's copy stops existing when the function returns.
void FunctionInstrumenter::findEscapingStackObjects() {
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (AI->isStaticAlloca() && AI->getAllocationSize(DL) &&
          Filters.stackObjectEscapes(AI))
        EscapingStackObjects.push_back(
            {AI, AI->getAllocationSize(DL)->getFixedValue()});
  for (Argument &A : F.args())
    if (A.hasByValAttr() && A.getParamByValType()->isSized() &&
        Filters.stackObjectEscapes(&A))
      EscapingStackObjects.push_back(
          {&A, DL.getTypeAllocSize(A.getParamByValType()).getFixedValue()});
}

void FunctionInstrumenter::instrumentStackReleases() {
  if (EscapingStackObjects.empty())
    return;
  Type *IntptrTy = DL.getIntPtrType(F.getContext());
  auto Release = [&](Instruction *Before, Value *Obj, uint64_t Size) {
    IRBuilder<> IRB(Before);
    CallInst *Call = IRB.CreateCall(Emitter.StackRelease,
                                    {Obj, ConstantInt::get(IntptrTy, Size)});
    // The runtime acts only when the object meets the store interval (which
    // covers every pending buffer and watched window): test that inline, so
    // a frame far from everything pending costs no call.
    Emitter.guardRangeCheck(Call, /*IsWrite=*/true, nullptr,
                            /*UsePendingWord=*/false);
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
  for (Instruction *Exit : Exits) {
    if (EscapingStackObjects.size() == 1) {
      Release(Exit, EscapingStackObjects[0].first,
              EscapingStackObjects[0].second);
      continue;
    }
    // At a return every object goes: one test of their hull, and behind it
    // each object's own release (the runtime tests its bytes, and a report
    // names the object's range), instead of a test per object: in a ray
    // tracer's `trace` seven tests and their blocks at one return.
    IRBuilder<> IRB(Exit);
    Value *Lo = nullptr, *Hi = nullptr;
    for (auto [Obj, Size] : EscapingStackObjects) {
      Value *Begin = IRB.CreatePtrToInt(Obj, IntptrTy);
      Value *End = IRB.CreateAdd(Begin, ConstantInt::get(IntptrTy, Size));
      Lo = Lo ? IRB.CreateBinaryIntrinsic(Intrinsic::umin, Lo, Begin) : Begin;
      Hi = Hi ? IRB.CreateBinaryIntrinsic(Intrinsic::umax, Hi, End) : End;
    }
    CallInst *Hull = IRB.CreateCall(
        Emitter.StackRelease,
        {IRB.CreateIntToPtr(Lo, IRB.getPtrTy()), IRB.CreateSub(Hi, Lo)});
    Emitter.guardRangeCheck(Hull, /*IsWrite=*/true, nullptr,
                            /*UsePendingWord=*/false);
    IRBuilder<> CB(Hull);
    for (auto [Obj, Size] : EscapingStackObjects) {
      CB.CreateCall(Emitter.StackRelease,
                    {Obj, ConstantInt::get(IntptrTy, Size)});
      ++NumStackReleases;
    }
    Hull->eraseFromParent();
  }
  for (Instruction *End : LifetimeEnds) {
    auto *AI = dyn_cast<AllocaInst>(
        getUnderlyingObject(cast<IntrinsicInst>(End)->getArgOperand(1)));
    for (auto [Obj, Size] : EscapingStackObjects)
      if (AI && Obj == AI)
        Release(End, AI, Size);
  }
}

void FunctionInstrumenter::prepare() {
  findEscapingStackObjects();
  collect();
}

bool FunctionInstrumenter::run() {
  if (Accesses.empty() && MemIntrinsics.empty()) {
    instrumentStackReleases();
    return false;
  }
  dropDuplicates();

  DominatorTree DT(F);
  LoopInfo LI(DT);
  // Loops whose iterations make no call that can change the runtime's
  // state: one pending word holds for all of their iterations.
  DenseMap<Loop *, bool> CallFreeLoop;
  auto InCallFreeLoop = [&](BasicBlock *BB) {
    Loop *L = LI.getLoopFor(BB);
    if (!L)
      return false;
    auto [It, New] = CallFreeLoop.try_emplace(L, true);
    if (New)
      for (BasicBlock *LB : L->blocks())
        for (Instruction &I : *LB)
          if (isStateChangingCall(I))
            It->second = false;
    return It->second;
  };
  // Affine accesses of call-free loops: one range check per loop entry.
  // Next to a call-free loop: in its preheader (where that loop's range
  // checks go) or its exit block, where its range may cover the access.
  auto NeighboursCallFreeLoop = [&](BasicBlock *BB) {
    for (BasicBlock *Succ : successors(BB))
      if (Loop *L = LI.getLoopFor(Succ);
          L && L->getHeader() == Succ && L->getLoopPreheader() == BB &&
          InCallFreeLoop(Succ))
        return true;
    for (BasicBlock *Pred : predecessors(BB))
      if (Loop *L = LI.getLoopFor(Pred);
          L && L->getExitBlock() == BB && InCallFreeLoop(Pred))
        return true;
    return false;
  };
  auto IsCallFree = [&](Loop *L) { return InCallFreeLoop(L->getHeader()); };
  auto PlanHoisting = [&](AffineHoister &Hoister, SmallVectorImpl<bool> &Hoisted) {
    for (unsigned K = 0; K < Accesses.size(); ++K) {
      const Access &A = Accesses[K];
      if (InCallFreeLoop(A.I->getParent()))
        Hoister.add(K, A.I, A.Ptr, A.Size, A.IsWrite);
      else if (NeighboursCallFreeLoop(A.I->getParent()))
        Hoister.addNeighbourAccess(K, A.I, A.Ptr, A.Size, A.IsWrite);
    }
    Hoister.plan(Hoisted);
  };

  // Range checks go in preheaders: a call-free loop whose entry block also
  // branches elsewhere (a guard) gets a block of its own to hold them.
  if (ClHoistAffineLoopAccesses)
    for (Loop *L : LI.getLoopsInPreorder())
      if (!L->isLoopSimplifyForm() && InCallFreeLoop(L->getHeader()))
        simplifyLoop(L, &DT, &LI, nullptr, nullptr, nullptr,
                     /*PreserveLCSSA=*/false);

  // A loop all of whose checks go before it needs no idle copy: its body
  // runs uninstrumented whether or not something is pending. Only loops
  // that keep per-access checks are versioned.
  DenseMap<BasicBlock *, BasicBlock *> PendingBlocks;
  if (ClInlinePending && ClCloneLoops) {
    SmallVector<bool, 32> WouldHoist(Accesses.size(), false);
    if (ClHoistAffineLoopAccesses) {
      AssumptionCache AC(F);
      ScalarEvolution SE(F, TLI, AC, DT, LI);
      AffineHoister Dry(LI, DT, SE, Emitter, IsCallFree);
      PlanHoisting(Dry, WouldHoist);
    }
    SmallPtrSet<Instruction *, 32> CheckedInLoop;
    for (unsigned K = 0; K < Accesses.size(); ++K)
      if (!WouldHoist[K])
        CheckedInLoop.insert(Accesses[K].I);
    versionCallFreeLoops(
        LI, DT, Emitter, CheckedInLoop,
        [this](Instruction &I) { return isStateChangingCall(I); },
        PendingBlocks);
  }

  // Per access, the preheader of the instrumented loop copy it is in (null
  // if none), and whether it may run many times per call-free region (asked
  // now: emitting checks splits blocks, which LoopInfo does not know).
  // Also whether it runs only beside an MPI call (BesideMpiCalls.h): then a
  // bare call to a _cold entry checks it.
  SmallVector<BasicBlock *, 32> Known(Accesses.size());
  SmallVector<bool, 32> Hot(Accesses.size()), Cold(Accesses.size(), false);
  BesideMpiCalls Beside(F, DT, LI);
  for (unsigned K = 0; K < Accesses.size(); ++K) {
    BasicBlock *BB = Accesses[K].I->getParent();
    Known[K] = PendingBlocks.lookup(BB);
    Hot[K] = InCallFreeLoop(BB);
    Cold[K] = ClInlinePending && ClColdCallsBesideMpi && !Hot[K] && !Known[K] &&
              Emitter.hasColdEntry(Accesses[K].Size) &&
              Beside.besideMpiCall(BB);
  }
  SmallVector<BasicBlock *, 8> MemIn;
  for (const MemRange &R : MemIntrinsics)
    MemIn.push_back(PendingBlocks.lookup(R.MI->getParent()));

  SmallVector<bool, 32> Hoisted(Accesses.size(), false);
  SmallVector<std::pair<CallInst *, bool>, 8> HoistedChecks;
  SmallVector<BasicBlock *, 8> HoistedIn;
  SmallVector<bool, 8> HoistedInline;
  if (ClHoistAffineLoopAccesses) {
    AssumptionCache AC(F);
    ScalarEvolution SE(F, TLI, AC, DT, LI);
    AffineHoister Hoister(LI, DT, SE, Emitter, IsCallFree);
    PlanHoisting(Hoister, Hoisted);
    Hoister.emit(HoistedChecks);
    // A range check keeps its inline test where a call-free loop repeats
    // it, and in front of a loop that holds an instrumented loop copy:
    // there a bare call's pointer argument, live on the main path, made the
    // register allocator reload a register that the copy's cold calls use
    // on every iteration of the copy (csr_kernels' SpMV: 5-15% slower,
    // docs/performance.md "Session 59").
    auto KeepsInlineTest = [&](BasicBlock *At) {
      if (InCallFreeLoop(At))
        return true;
      for (BasicBlock *Succ : successors(At))
        if (Loop *L = LI.getLoopFor(Succ);
            L && L->getHeader() == Succ &&
            any_of(L->blocks(),
                   [&](BasicBlock *B) { return PendingBlocks.count(B); }))
          return true;
      return false;
    };
    for (auto &[Check, IsWrite] : HoistedChecks) {
      HoistedIn.push_back(PendingBlocks.lookup(Check->getParent()));
      HoistedInline.push_back(KeepsInlineTest(Check->getParent()));
    }
  }

  // Speculated loads' conditions, found while each load is still in the
  // block of its select (a group's test splits it).
  SmallVector<Value *, 32> SpeculationGuard(Accesses.size(), nullptr);
  for (unsigned K = 0; K < Accesses.size(); ++K)
    if (!Hoisted[K])
      SpeculationGuard[K] = speculationGuard(Accesses[K].I);

  // Field accesses checked one by one get a test per group in front of
  // them (planned before any check splits a block).
  SmallVector<AccessGroup, 8> Groups;
  SmallVector<int, 32> GroupOf;
  if (ClGroupChecks && ClInlinePending && ClInlineShadow) {
    SmallVector<GroupCandidate, 32> Candidates;
    for (unsigned K = 0; K < Accesses.size(); ++K) {
      const Access &A = Accesses[K];
      Candidates.push_back({A.I, A.Ptr, A.Size, A.IsWrite,
                            !Hoisted[K] && !Cold[K] && A.Size <= 16,
                            SpeculationGuard[K] != nullptr, Known[K]});
    }
    planAccessGroups(
        F, DL, Candidates,
        [this](Instruction &I) { return isStateChangingCall(I); }, Groups,
        GroupOf);
  }
  GroupOf.resize(Accesses.size(), -1);

  Emitter.beginFunction(F);
  for (Instruction *Call : StateChangingCalls)
    Emitter.reloadAfter(Call);
  DenseMap<Instruction *, bool> HotAt;
  for (unsigned K = 0; K < Accesses.size(); ++K)
    HotAt[Accesses[K].I] = Hot[K];
  SmallVector<Value *, 8> GroupHit;
  SmallVector<bool, 32> AtHead(Accesses.size(), false);
  for (const AccessGroup &G : Groups) {
    CheckLocationScope Located(G.First);
    SmallVector<FastPathEmitter::HeadCheck, 8> Heads;
    for (auto [K, Offset] : G.AtHead) {
      const Access &A = Accesses[K];
      Heads.push_back({A.I, A.Ptr, Offset, A.Size, A.IsWrite, A.Alignment});
      AtHead[K] = true;
    }
    GroupHit.push_back(Emitter.emitGroupTest(G, Heads, HotAt.lookup(G.First)));
    ++NumAccessGroups;
    NumGroupMembersAtHead += Heads.size();
  }
  for (unsigned K = 0; K < Accesses.size(); ++K) {
    const Access &A = Accesses[K];
    if (A.IsWrite)
      ++NumInstrumentedStores;
    else
      ++NumInstrumentedLoads;
    if (isa<AtomicRMWInst>(A.I) || isa<AtomicCmpXchgInst>(A.I))
      ++NumInstrumentedAtomics;
    if (Hoisted[K] || AtHead[K])
      continue;
    if (Known[K])
      ++NumChecksInPendingLoops;
    CheckLocationScope Located(A.I);
    Instruction *At = A.I;
    if (Value *Guard = SpeculationGuard[K]) {
      ++NumSpeculatedLoadsGuarded;
      At = Emitter.emitTest(A.I, Guard);
    }
    if (Cold[K]) {
      Emitter.emitColdCall(At, A.Ptr, A.Size, A.IsWrite);
      ++NumColdCalls;
      continue;
    }
    Value *Hit = GroupOf[K] >= 0 ? GroupHit[GroupOf[K]] : nullptr;
    if (Hit)
      ++NumGroupMembers;
    Emitter.emitAccessCheck(At, A.Ptr, A.Size, A.IsWrite, A.Alignment, Known[K],
                            Hot[K], Hit);
  }
  // The loop analyses are done with: the hoisted checks may split blocks.
  // A range check that no call-free loop repeats runs once per loop entry
  // between MPI calls: a bare call to a _cold entry does, without the
  // inline tests' blocks.
  for (unsigned K = 0; K < HoistedChecks.size(); ++K)
    if (HoistedIn[K] || HoistedInline[K] ||
        !Emitter.makeColdRangeCheck(HoistedChecks[K].first))
      Emitter.guardRangeCheck(HoistedChecks[K].first, HoistedChecks[K].second,
                              HoistedIn[K]);
  for (unsigned K = 0; K < MemIntrinsics.size(); ++K)
    instrumentMemIntrinsic(MemIntrinsics[K], MemIn[K]);
  instrumentStackReleases();
  Emitter.finishFunction(F, DT);

  // The function now calls into the runtime: what it was inferred to touch
  // (memory(argmem: ...), nosync) no longer holds.
  F.removeFnAttr(Attribute::Memory);
  F.removeFnAttr(Attribute::NoSync);
  return true;
}

} // namespace

// munmap releases memory like free: the runtime checks it at its own entry
// point (UCX patches the code of the `munmap` symbol itself, so an
// interceptor is bypassed). Calls and function pointers alike go there.
static void redirectReleaseCalls(Module &M) {
  Function *Munmap = M.getFunction("munmap");
  if (!Munmap || !Munmap->isDeclaration())
    return;
  FunctionCallee Checked =
      M.getOrInsertFunction("__mpisync_munmap", Munmap->getFunctionType());
  Munmap->replaceAllUsesWith(Checked.getCallee());
}

PreservedAnalyses MPISyncPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (M.getFunction("mpisync.module_ctor"))
    return PreservedAnalyses::all(); // already instrumented
  redirectReleaseCalls(M);
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  FastPathEmitter Emitter(M);
  StaticFilters Filters;
  std::vector<std::unique_ptr<FunctionInstrumenter>> Functions;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with("__mpisync") ||
        F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) ||
        F.hasFnAttribute(Attribute::Naked))
      continue;
    Functions.push_back(std::make_unique<FunctionInstrumenter>(
        F, Emitter, Filters, FAM.getResult<TargetLibraryAnalysis>(F)));
    Functions.back()->prepare();
  }
  for (auto &FI : Functions)
    FI->run();
  // After the access checks, which must not check the word it tests, and
  // over the loop copies they made.
  for (auto &FI : Functions)
    instrumentAtomicSync(FI->function());
  // The runtime initialises from .preinit_array in executables; the
  // constructor covers instrumented shared libraries loaded earlier.
  getOrCreateSanitizerCtorAndInitFunctions(
      M, "mpisync.module_ctor", "__mpisync_init", {}, {},
      [&](Function *Ctor, FunctionCallee) { appendToGlobalCtors(M, Ctor, 0); });
  return PreservedAnalyses::none();
}

} // namespace mpisync
