//===- FastPathEmitter.cpp - the inline check of one access --------------===//
#include "FastPathEmitter.h"

#include "Options.h"
#include "mpisync/buffer_rules.h"
#include "mpisync/published_state.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace mpisync {

namespace {
// The published state's fields and the shadow masks come from the contract
// the runtime is built from (include/mpisync/published_state.h,
// buffer_rules.h): a changed rule or field changes both at the next build.
constexpr unsigned kPending = kState_pending;
constexpr unsigned kNearLo = kState_near_lo;
constexpr unsigned kNearSpan = kState_near_span;
constexpr unsigned kLoadLo = kState_load_lo;
constexpr unsigned kLoadSpan = kState_load_span;
constexpr unsigned kStoreLo = kState_store_lo;
constexpr unsigned kStoreSpan = kState_store_span;
constexpr unsigned kShadowOffset = kState_shadow_offset;
} // namespace

namespace {
// Whether the module is code of the executable the runtime is linked into
// (not of a shared library, which binds to the executable's runtime).
bool RuntimeInSameImage(const Module &M) {
  return M.getPIELevel() != PIELevel::Default ||
         M.getPICLevel() == PICLevel::NotPIC;
}
} // namespace

GlobalVariable *publishedStateGlobal(Module &M) {
  Type *IntptrTy = M.getDataLayout().getIntPtrType(M.getContext());
  auto *StateTy = ArrayType::get(IntptrTy, kPublishedStateWords);
  auto *State =
      cast<GlobalVariable>(M.getOrInsertGlobal("__mpisync_state", StateTy));
  if (RuntimeInSameImage(M))
    State->setDSOLocal(true);
  return State;
}

FastPathEmitter::FastPathEmitter(Module &M) : M(M), DL(M.getDataLayout()) {
  LLVMContext &C = M.getContext();
  IntptrTy = DL.getIntPtrType(C);
  PtrTy = PointerType::getUnqual(C);
  Type *VoidTy = Type::getVoidTy(C);
  State = publishedStateGlobal(M);
  // The slow-path entries preserve all registers, so a cold call does not
  // force the hot code around it to spill.
  const char *Suffix = ClPreserveAllCC ? "_pa" : "";
  auto Declare = [&](const std::string &Name, Type *Ret,
                     ArrayRef<Type *> Params,
                     bool PreserveAll = ClPreserveAllCC) {
    FunctionCallee Callee = M.getOrInsertFunction(
        Name, FunctionType::get(Ret, Params, false));
    auto *F = dyn_cast<Function>(Callee.getCallee());
    if (!F)
      return Callee;
    if (PreserveAll)
      F->setCallingConv(CallingConv::PreserveAll);
    // In the executable a direct call. A shared library calls through its
    // GOT, bound when it is loaded: a lazily bound PLT entry would run the
    // dynamic linker's resolver at the first call, which keeps only the
    // argument registers, and a preserve_all caller keeps values in the
    // others across the call (libsc's loops in p4est lost their bound in
    // r10 and ran past their arrays).
    if (RuntimeInSameImage(M))
      F->setDSOLocal(true);
    else
      F->addFnAttr(Attribute::NonLazyBind);
    return Callee;
  };
  // The cold entries test the pending word themselves (emitColdCall); they
  // exist in the preserve_all convention only.
  for (unsigned I = 0; I < kNumFixedSizes; ++I) {
    std::string Size = std::to_string(1u << I);
    LoadFixed[I] = Declare("__mpisync_load" + Size + Suffix, VoidTy, {PtrTy});
    StoreFixed[I] = Declare("__mpisync_store" + Size + Suffix, VoidTy, {PtrTy});
    LoadCold[I] = Declare("__mpisync_load" + Size + "_cold", VoidTy, {PtrTy},
                          /*PreserveAll=*/true);
    StoreCold[I] = Declare("__mpisync_store" + Size + "_cold", VoidTy, {PtrTy},
                           /*PreserveAll=*/true);
  }
  // Only x86-64's cold entries are the two compares they are meant to be
  // (runtime/mpisync_access.cpp); elsewhere the inline test stays.
  ColdEntriesCheap = Triple(M.getTargetTriple()).getArch() == Triple::x86_64;
  LoadN = Declare(std::string("__mpisync_loadN") + Suffix, VoidTy,
                  {PtrTy, IntptrTy});
  StoreN = Declare(std::string("__mpisync_storeN") + Suffix, VoidTy,
                   {PtrTy, IntptrTy});
  LoadRows = Declare(std::string("__mpisync_loadRows") + Suffix, VoidTy,
                     {PtrTy, IntptrTy, PtrTy, IntptrTy, IntptrTy});
  StoreRows = Declare(std::string("__mpisync_storeRows") + Suffix, VoidTy,
                      {PtrTy, IntptrTy, PtrTy, IntptrTy, IntptrTy});
  LoadNCold = Declare("__mpisync_loadN_cold", VoidTy, {PtrTy, IntptrTy},
                      /*PreserveAll=*/true);
  StoreNCold = Declare("__mpisync_storeN_cold", VoidTy, {PtrTy, IntptrTy},
                       /*PreserveAll=*/true);
  LoadRowsCold = Declare("__mpisync_loadRows_cold", VoidTy,
                         {PtrTy, IntptrTy, PtrTy, IntptrTy, IntptrTy},
                         /*PreserveAll=*/true);
  StoreRowsCold = Declare("__mpisync_storeRows_cold", VoidTy,
                          {PtrTy, IntptrTy, PtrTy, IntptrTy, IntptrTy},
                          /*PreserveAll=*/true);
  MemcpyFn =
      M.getOrInsertFunction("__mpisync_memcpy", PtrTy, PtrTy, PtrTy, IntptrTy);
  MemmoveFn =
      M.getOrInsertFunction("__mpisync_memmove", PtrTy, PtrTy, PtrTy, IntptrTy);
  MemsetFn = M.getOrInsertFunction("__mpisync_memset", PtrTy, PtrTy,
                                   Type::getInt32Ty(C), IntptrTy);
  StackRelease = M.getOrInsertFunction("__mpisync_stack_release", VoidTy,
                                       PtrTy, IntptrTy);
}

Value *FastPathEmitter::stateField(IRBuilder<> &IRB, unsigned Index,
                                   const Twine &Name) {
  Value *Addr = IRB.CreateConstInBoundsGEP2_64(State->getValueType(), State, 0,
                                               Index);
  return IRB.CreateLoad(IntptrTy, Addr, Name);
}

void FastPathEmitter::preparePendingPreheader(BasicBlock *Preheader) {
  if (!ClInlinePending || PrefixEnd.count(Preheader))
    return;
  IRBuilder<> PB(&*Preheader->getFirstInsertionPt());
  const std::pair<unsigned, const char *> Fields[] = {
      {kLoadLo, "lo"},         {kLoadSpan, "span"},
      {kStoreLo, "lo"},        {kStoreSpan, "span"},
      {kShadowOffset, "shadow.offset"}};
  for (auto [Index, Name] : Fields) {
    Value *V = stateField(PB, Index, Name);
    FieldCache[{Preheader, Index}] = V;
    PrefixEnd[Preheader] = cast<Instruction>(V);
  }
}

Value *FastPathEmitter::invariantField(IRBuilder<> &IRB, BasicBlock *Preheader,
                                       unsigned Index, const Twine &Name) {
  auto It = Preheader ? FieldCache.find({Preheader, Index}) : FieldCache.end();
  if (It == FieldCache.end())
    return stateField(IRB, Index, Name);
  return It->second;
}

std::pair<Value *, Value *>
FastPathEmitter::intervalBounds(IRBuilder<> &IRB, BasicBlock *Preheader,
                                bool IsWrite, Value *C) {
  auto Compute = [&](IRBuilder<> &B) -> std::pair<Value *, Value *> {
    Value *Span = invariantField(B, Preheader, IsWrite ? kStoreSpan : kLoadSpan,
                                 "span");
    Value *Lo = invariantField(B, Preheader, IsWrite ? kStoreLo : kLoadLo, "lo");
    return {B.CreateAdd(Span, C, "mpisync.limit"),
            B.CreateSub(C, Lo, "mpisync.bias")};
  };
  auto End = Preheader ? PrefixEnd.find(Preheader) : PrefixEnd.end();
  if (End == PrefixEnd.end() || !isa<Constant>(C))
    return Compute(IRB);
  auto Key = std::make_tuple(Preheader, unsigned(IsWrite), C);
  auto It = BoundsCache.find(Key);
  if (It != BoundsCache.end())
    return It->second;
  Instruction *Next = End->second->getNextNode();
  IRBuilder<> PB(Next);
  auto Bounds = Compute(PB);
  End->second = Next->getPrevNode();
  return BoundsCache[Key] = Bounds;
}

Value *FastPathEmitter::loadPendingWord(IRBuilder<> &IRB) {
  return stateField(IRB, kPending, "mpisync.pending");
}

Value *FastPathEmitter::anythingPending(IRBuilder<> &IRB) {
  Value *Pending = IRB.CreateLoad(IntptrTy, PendingSlot);
  return IRB.CreateICmpNE(Pending, ConstantInt::get(IntptrTy, 0),
                          "mpisync.any");
}

bool FastPathEmitter::usesNearTest(bool Hot, uint64_t Len) {
  return !Hot && ClNearTest && Len <= kNearSlack;
}

Value *FastPathEmitter::nearPending(IRBuilder<> &IRB, Value *Addr) {
  Value *Lo = stateField(IRB, kNearLo, "near.lo");
  Value *Span = stateField(IRB, kNearSpan, "near.span");
  return IRB.CreateICmpULT(IRB.CreateSub(Addr, Lo), Span, "mpisync.near");
}

Value *FastPathEmitter::meetsInterval(IRBuilder<> &IRB, BasicBlock *Preheader,
                                      bool IsWrite, Value *Addr, Value *SizeM1,
                                      const Twine &Name) {
  if (!ClInlineRange) {
    Value *Span =
        invariantField(IRB, Preheader, IsWrite ? kStoreSpan : kLoadSpan, "span");
    return IRB.CreateICmpNE(Span, ConstantInt::get(IntptrTy, 0),
                            "mpisync.anytype");
  }
  // [Addr, Addr + Size) meets [Lo, Lo + Span) iff
  // Addr + (Size - 1 - Lo) < Span + (Size - 1) (unsigned).
  auto [Limit, Bias] = intervalBounds(IRB, Preheader, IsWrite, SizeM1);
  return IRB.CreateICmpULT(IRB.CreateAdd(Addr, Bias), Limit, Name);
}

void FastPathEmitter::beginFunction(Function &F) {
  PendingSlot = nullptr;
  if (!ClInlinePending)
    return;
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> IRB(&Entry, Entry.getFirstInsertionPt());
  PendingSlot = IRB.CreateAlloca(IntptrTy, nullptr, "mpisync.pending.slot");
  IRB.CreateStore(loadPendingWord(IRB), PendingSlot);
}

void FastPathEmitter::reloadAfter(Instruction *Call) {
  if (!PendingSlot)
    return;
  if (!Call->isTerminator()) {
    IRBuilder<> IRB(Call->getNextNode());
    IRB.CreateStore(loadPendingWord(IRB), PendingSlot);
    return;
  }
  // An invoke (C++ code that may throw, Fortran with exceptions) or callbr
  // ends its block: reload at the top of every successor, normal and unwind
  // alike. Reloading where other paths also arrive is merely redundant.
  for (BasicBlock *Succ : successors(Call)) {
    BasicBlock::iterator At = Succ->getFirstInsertionPt();
    if (At == Succ->end())
      continue;
    IRBuilder<> IRB(Succ, At);
    IRB.CreateStore(loadPendingWord(IRB), PendingSlot);
  }
}

void FastPathEmitter::finishFunction(Function &F, DominatorTree &DT) {
  // Prepared loads no check used.
  for (auto &[Key, V] : FieldCache)
    if (auto *L = dyn_cast<LoadInst>(V); L && L->use_empty())
      L->eraseFromParent();
  FieldCache.clear();
  BoundsCache.clear();
  PrefixEnd.clear();
  if (!PendingSlot)
    return;
  if (PendingSlot->use_empty() ||
      std::all_of(PendingSlot->user_begin(), PendingSlot->user_end(),
                  [](User *U) { return isa<StoreInst>(U); })) {
    // No check reads it: drop the slot and its stores.
    SmallVector<Instruction *, 8> Dead;
    for (User *U : PendingSlot->users())
      Dead.push_back(cast<Instruction>(U));
    for (Instruction *I : Dead) {
      Value *Loaded = cast<StoreInst>(I)->getValueOperand();
      I->eraseFromParent();
      if (auto *LI = dyn_cast<LoadInst>(Loaded))
        if (LI->use_empty())
          LI->eraseFromParent();
    }
    PendingSlot->eraseFromParent();
    PendingSlot = nullptr;
    return;
  }
  DT.recalculate(F);
  PromoteMemToReg({PendingSlot}, DT);
  PendingSlot = nullptr;
  // Reloads whose value no check reads any more.
  SmallVector<Instruction *, 8> Dead;
  for (Instruction &I : instructions(F))
    if (auto *LI = dyn_cast<LoadInst>(&I))
      if (LI->use_empty() && LI->getPointerOperand() == State)
        Dead.push_back(LI);
  for (Instruction *I : Dead)
    I->eraseFromParent();
}

Instruction *FastPathEmitter::emitTest(Instruction *InsertBefore, Value *Cond) {
  MDBuilder MDB(M.getContext());
  return SplitBlockAndInsertIfThen(Cond, InsertBefore->getIterator(),
                                   /*Unreachable=*/false,
                                   MDB.createUnlikelyBranchWeights());
}

void FastPathEmitter::emitRuntimeCall(Instruction *Before, Value *Ptr,
                                      uint64_t Size, bool IsWrite) {
  IRBuilder<> IRB(Before);
  CallInst *Call;
  if (isPowerOf2_64(Size) && Size <= 16) {
    unsigned Index = Log2_64(Size);
    Call = IRB.CreateCall(IsWrite ? StoreFixed[Index] : LoadFixed[Index], {Ptr});
  } else {
    Call = IRB.CreateCall(IsWrite ? StoreN : LoadN,
                          {Ptr, ConstantInt::get(IntptrTy, Size)});
  }
  if (ClPreserveAllCC)
    Call->setCallingConv(CallingConv::PreserveAll);
}

bool FastPathEmitter::hasColdEntry(uint64_t Size) const {
  return ColdEntriesCheap && isPowerOf2_64(Size) && Size <= 16;
}

void FastPathEmitter::emitColdCall(Instruction *Before, Value *Ptr,
                                   uint64_t Size, bool IsWrite) {
  assert(hasColdEntry(Size) && "asked for a cold entry that is not there");
  IRBuilder<> IRB(Before);
  unsigned Index = Log2_64(Size);
  IRB.CreateCall(IsWrite ? StoreCold[Index] : LoadCold[Index], {Ptr})
      ->setCallingConv(CallingConv::PreserveAll);
}

DebugLoc checkLocation(const Instruction *I) {
  if (DebugLoc Own = I->getDebugLoc())
    return Own;
  for (const Instruction *P = I->getPrevNode(); P; P = P->getPrevNode())
    if (DebugLoc Loc = P->getDebugLoc(); Loc && Loc.getLine())
      return Loc;
  for (const Instruction *N = I->getNextNode(); N; N = N->getNextNode())
    if (DebugLoc Loc = N->getDebugLoc(); Loc && Loc.getLine())
      return Loc;
  if (DISubprogram *SP = I->getFunction()->getSubprogram())
    return DILocation::get(I->getContext(), SP->getScopeLine(), 0, SP);
  return DebugLoc();
}

namespace {
// The tests of one check, each in the block the previous one branches to
// when it passes, all falling through to one tail: the check adds one
// block per test and one join, not a join per test (fewer blocks for the
// back end to compile).
class TestChain {
public:
  explicit TestChain(Instruction *Before)
      : Loc(Before->getDebugLoc()),
        Weights(MDBuilder(Before->getContext()).createUnlikelyBranchWeights()) {
    BasicBlock *Head = Before->getParent();
    Tail = Head->splitBasicBlock(Before->getIterator());
    At = Head->getTerminator();
  }
  // Where the next condition (or the final call) is computed.
  Instruction *insertPoint() const { return At; }
  // When every test passed, continue after the instruction the chain was
  // put in front of instead of running it.
  void replaceGuardedInstruction() {
    Instruction *Guarded = &Tail->front();
    BasicBlock *After = Tail->splitBasicBlock(Guarded->getNextNode());
    cast<BranchInst>(At)->setSuccessor(0, After);
  }
  // Continues the chain only if `Cond` (computed at insertPoint()) holds.
  void addTest(Value *Cond) {
    BasicBlock *Cur = At->getParent();
    BasicBlock *Next =
        BasicBlock::Create(Cur->getContext(), "", Cur->getParent(), Tail);
    BranchInst *Br = BranchInst::Create(Tail, Next);
    Br->setDebugLoc(Loc);
    BranchInst *Test = BranchInst::Create(Next, Tail, Cond);
    Test->insertBefore(At);
    Test->setDebugLoc(Loc);
    Test->setMetadata(LLVMContext::MD_prof, Weights);
    At->eraseFromParent();
    At = Br;
  }

private:
  DebugLoc Loc;
  MDNode *Weights;
  BasicBlock *Tail;
  Instruction *At;
};
} // namespace

static uint8_t shadowMask(bool IsWrite) {
  return IsWrite ? kShadowStoreMask : kShadowLoadMask;
}

Value *FastPathEmitter::shadowTest(IRBuilder<> &SB, Value *Offset, Value *Addr,
                                   uint64_t Size, uint8_t GranuleBits,
                                   Align Alignment) {
  // An access aligned to its size (at most a granule) has one granule;
  // otherwise its first and last bytes name the granules it touches, which
  // are consecutive: ceil(Size / granule) of them if it starts on a granule,
  // else one more at most (16 bytes at offset 4 cover three). Consecutive
  // granules have consecutive shadow bytes: one load of 2, 4 or 8 of them,
  // each masked, instead of a load per granule (an unaligned double: 4
  // instructions instead of 8). The bytes beyond the last granule that such
  // a load may read make the test conservative only: a hit calls the
  // runtime, which tests the access's own granules. The shadow covers all
  // of user space and a page more (runtime/mpisync_shadow.cpp), so any of
  // them is readable.
  constexpr uint64_t Granule = 1u << kShadowScale;
  bool OneGranule = Size == 1 || (Size <= Granule && Alignment.value() >= Size);
  uint64_t Granules = OneGranule ? 1
                      : Alignment.value() >= Granule
                          ? divideCeil(Size, Granule)
                          : 1 + divideCeil(Size - 1, Granule);
  assert(Granules <= kMaxShadowTestGranules && "one load reads the shadow");
  unsigned LoadBytes = unsigned(PowerOf2Ceil(Granules));
  Type *LoadTy = SB.getIntNTy(8 * LoadBytes);
  uint64_t Mask = 0;
  for (unsigned B = 0; B < Granules; ++B)
    Mask |= uint64_t(GranuleBits) << (8 * B);
  Value *S = SB.CreateAdd(SB.CreateLShr(Addr, kShadowScale), Offset);
  Value *Bits =
      SB.CreateAlignedLoad(LoadTy, SB.CreateIntToPtr(S, PtrTy), Align(1));
  Value *Masked = SB.CreateAnd(Bits, ConstantInt::get(LoadTy, Mask));
  return SB.CreateICmpNE(Masked, ConstantInt::get(LoadTy, 0), "mpisync.shadow");
}

void FastPathEmitter::emitAccessCheck(Instruction *I, Value *Ptr, uint64_t Size,
                                      bool IsWrite, Align Alignment,
                                      BasicBlock *PendingPreheader, bool Hot,
                                      Value *GroupHit) {
  if (!ClInlinePending) {
    emitRuntimeCall(I, Ptr, Size, IsWrite);
    return;
  }
  TestChain Chain(I);
  Value *Addr = nullptr;
  if (GroupHit) {
    Chain.addTest(GroupHit);
  } else if (!PendingPreheader) {
    IRBuilder<> IRB(Chain.insertPoint());
    // Outside call-free loops the near interval replaces the pending word:
    // the word would be a register kept across the region's calls, and
    // while something is pending elsewhere every access would still take
    // the cold path. In a call-free loop the word is tested in a register
    // that no iteration reloads.
    if (usesNearTest(Hot, Size)) {
      Addr = IRB.CreatePtrToInt(Ptr, IntptrTy);
      Chain.addTest(nearPending(IRB, Addr));
    } else
      Chain.addTest(anythingPending(IRB));
    // Code outside call-free loops runs once per visit of the region: the
    // inline range and shadow tests would save little time there and cost
    // code the back end must compile.
    if (!Hot && ClCompactColdChecks) {
      emitRuntimeCall(Chain.insertPoint(), Ptr, Size, IsWrite);
      return;
    }
  }
  bool MetNear = Addr != nullptr;
  IRBuilder<> IRB(Chain.insertPoint());
  if (!Addr)
    Addr = IRB.CreatePtrToInt(Ptr, IntptrTy);
  // In an instrumented loop copy something is pending, and an access the
  // loop's range checks did not cover is often inside the interval (a
  // gather from the array being exchanged): there the shadow test alone is
  // cheaper than the range test in front of it. The shadow covers all of
  // user space, so it may be read for any address.
  // So is a group member once its group's hull met the interval, and an
  // access once it met the near interval (the exact interval of its type
  // would cost two more loads in every cold block, and code to compile).
  bool ShadowOnly =
      (PendingPreheader || GroupHit || MetNear) && ClInlineShadow && Size <= 16;
  if ((ClInlineRange || ClInlineAccessType) && !ShadowOnly)
    Chain.addTest(meetsInterval(IRB, PendingPreheader, IsWrite, Addr,
                                ConstantInt::get(IntptrTy, Size - 1),
                                "mpisync.inrange"));
  if (ClInlineShadow && Size <= 16) {
    IRBuilder<> SB(Chain.insertPoint());
    Chain.addTest(shadowTest(
        SB,
        invariantField(SB, PendingPreheader, kShadowOffset, "shadow.offset"),
        Addr, Size, shadowMask(IsWrite), Alignment));
  }
  emitRuntimeCall(Chain.insertPoint(), Ptr, Size, IsWrite);
}

namespace {
// Members checked at a group's head whose shadow one test reads: they leave
// no granule of their hull uncovered (a pending buffer between two fields
// would otherwise make every pass through them call the runtime) and the
// hull's shadow bytes fit one load. A lone member is a cluster too.
struct HeadCluster {
  int64_t Lo, Hi;
  uint8_t Bits;  // both access types' masks if both occur
  Align LoAlign; // of the member that starts the hull
};

// The clusters of Heads, in order of offset.
SmallVector<HeadCluster, 4>
headClusters(ArrayRef<FastPathEmitter::HeadCheck> Heads) {
  constexpr int64_t Granule = int64_t(1) << kShadowScale;
  SmallVector<unsigned, 8> ByOffset;
  for (unsigned K = 0; K < Heads.size(); ++K)
    ByOffset.push_back(K);
  llvm::sort(ByOffset, [&](unsigned A, unsigned B) {
    return std::make_pair(Heads[A].Offset, A) <
           std::make_pair(Heads[B].Offset, B);
  });
  SmallVector<HeadCluster, 4> Clusters;
  for (unsigned K : ByOffset) {
    const FastPathEmitter::HeadCheck &H = Heads[K];
    int64_t End = H.Offset + int64_t(H.Size);
    if (Clusters.empty() || H.Offset - Clusters.back().Hi >= Granule ||
        std::max(Clusters.back().Hi, End) - Clusters.back().Lo >
            kMaxShadowTestSpan)
      Clusters.push_back({H.Offset, End, 0, H.Alignment});
    HeadCluster &C = Clusters.back();
    if (H.Offset == C.Lo)
      C.LoAlign = std::max(C.LoAlign, H.Alignment);
    C.Hi = std::max(C.Hi, End);
    C.Bits |= shadowMask(H.IsWrite);
  }
  return Clusters;
}
} // namespace

Value *FastPathEmitter::emitGroupTest(const AccessGroup &G,
                                      ArrayRef<HeadCheck> Heads, bool Hot) {
  IRBuilder<> IRB(G.First);
  BasicBlock *Head = G.First->getParent();
  // Which pointers are computed before the group (asked before splitting).
  SmallVector<bool, 8> Known;
  for (const HeadCheck &H : Heads) {
    auto *PI = dyn_cast<Instruction>(H.Ptr);
    Known.push_back(!PI ||
                    (PI->getParent() == Head && PI->comesBefore(G.First)));
  }
  // The group's hull, for the near test (as for a single access).
  int64_t HullLo = INT64_MAX, HullHi = INT64_MIN;
  if (G.LoadLo < G.LoadHi) {
    HullLo = G.LoadLo;
    HullHi = G.LoadHi;
  }
  if (G.StoreLo < G.StoreHi) {
    HullLo = std::min(HullLo, G.StoreLo);
    HullHi = std::max(HullHi, G.StoreHi);
  }
  MDBuilder MDB(M.getContext());
  Instruction *Then = nullptr;
  Value *Hit = nullptr;
  SmallVector<HeadCluster, 4> Clusters = headClusters(Heads);
  bool ShadowAtOnce = false;
  if (G.CopyPreheader) {
    // Something is pending in the copy: the hull's shadow bytes (read with
    // the preheader's shadow offset) say whether a member may be marked.
    uint8_t Bits = (G.LoadLo < G.LoadHi ? shadowMask(false) : 0) |
                   (G.StoreLo < G.StoreHi ? shadowMask(true) : 0);
    // The hull starts where a member at the head starts (or one at its
    // own place, alignment unknown): a load and a store of one aligned
    // element read one shadow byte.
    Align HullAlign(1);
    for (const HeadCheck &H : Heads)
      if (H.Offset == HullLo)
        HullAlign = std::max(HullAlign, H.Alignment);
    Value *Addr = IRB.CreateAdd(IRB.CreatePtrToInt(G.Base, IntptrTy),
                                ConstantInt::getSigned(IntptrTy, HullLo));
    Hit = shadowTest(
        IRB,
        invariantField(IRB, G.CopyPreheader, kShadowOffset, "shadow.offset"),
        Addr, uint64_t(HullHi - HullLo), Bits, HullAlign);
    Then = G.First;
  } else {
    Value *First = nullptr;
    bool Near = HullLo < HullHi && usesNearTest(Hot, uint64_t(HullHi - HullLo));
    if (Near)
      First = nearPending(
          IRB, IRB.CreateAdd(IRB.CreatePtrToInt(G.Base, IntptrTy),
                             ConstantInt::getSigned(IntptrTy, HullLo)));
    else
      First = anythingPending(IRB);
    Then = SplitBlockAndInsertIfThen(First, G.First->getIterator(),
                                     /*Unreachable=*/false,
                                     MDB.createUnlikelyBranchWeights());
    // Behind the near test, when every member runs here and their shadow
    // is one or two tests, those follow at once, as for a single access:
    // the intervals of the types would cost four loads more, and code to
    // compile, to spare a shadow load or two.
    ShadowAtOnce = Near && !G.HasLaterMembers && Clusters.size() <= 2;
    if (!ShadowAtOnce) {
      IRBuilder<> TB(Then);
      Value *Base = TB.CreatePtrToInt(G.Base, IntptrTy);
      auto Meets = [&](bool IsWrite, int64_t Lo, int64_t Hi) {
        if (Lo >= Hi)
          return;
        Value *Addr = TB.CreateAdd(Base, ConstantInt::getSigned(IntptrTy, Lo));
        Value *M = meetsInterval(TB, nullptr, IsWrite, Addr,
                                 ConstantInt::get(IntptrTy, Hi - Lo - 1),
                                 "mpisync.grouphit");
        Hit = Hit ? TB.CreateOr(Hit, M) : M;
      };
      Meets(false, G.LoadLo, G.LoadHi);
      Meets(true, G.StoreLo, G.StoreHi);
    }
  }
  if (!Heads.empty()) {
    // The members that run whenever the first does, checked here; each
    // call carries the member's location (the report's line).
    Instruction *HitEnd =
        ShadowAtOnce
            ? Then
            : SplitBlockAndInsertIfThen(Hit, Then->getIterator(),
                                        /*Unreachable=*/false,
                                        MDB.createUnlikelyBranchWeights());
    IRBuilder<> HB(HitEnd);
    // One test of each cluster's shadow bytes (in a loop copy whose group
    // is one cluster, the group's test was that already), and if any is
    // marked, each member's call in program order (the runtime tests the
    // member's own granules; reports come in the order of the accesses):
    // less code to run while the hull meets the interval, and to compile,
    // than a test and a call per member.
    Instruction *CallsAt = HitEnd;
    if (!G.CopyPreheader || Clusters.size() > 1) {
      Value *ShadowOffset = stateField(HB, kShadowOffset, "shadow.offset");
      Value *Base = HB.CreatePtrToInt(G.Base, IntptrTy);
      Value *Marked = nullptr;
      for (const HeadCluster &C : Clusters) {
        Value *Addr =
            HB.CreateAdd(Base, ConstantInt::getSigned(IntptrTy, C.Lo));
        Value *M = shadowTest(HB, ShadowOffset, Addr, uint64_t(C.Hi - C.Lo),
                              C.Bits, C.LoAlign);
        Marked = Marked ? HB.CreateOr(Marked, M) : M;
      }
      Marked->setName("mpisync.groupshadow");
      CallsAt = SplitBlockAndInsertIfThen(Marked, HitEnd->getIterator(),
                                          /*Unreachable=*/false,
                                          MDB.createUnlikelyBranchWeights());
    }
    for (unsigned K = 0; K < Heads.size(); ++K) {
      const HeadCheck &H = Heads[K];
      CallsAt->setDebugLoc(checkLocation(H.I));
      // The member's own pointer where it is known already (an argument,
      // computed before the group), else the base plus its offset.
      IRBuilder<> CB(CallsAt);
      Value *Ptr =
          Known[K] ? H.Ptr : CB.CreatePtrAdd(G.Base, CB.getInt64(H.Offset));
      emitRuntimeCall(CallsAt, Ptr, H.Size, H.IsWrite);
    }
    CallsAt->setDebugLoc(Then->getDebugLoc());
    HitEnd->setDebugLoc(Then->getDebugLoc());
  }
  if (!G.HasLaterMembers)
    return nullptr;
  if (G.CopyPreheader)
    return Hit; // computed in front of the group, on every path
  PHINode *Phi = PHINode::Create(IRB.getInt1Ty(), 2, "mpisync.group");
  Phi->insertBefore(&G.First->getParent()->front());
  Phi->addIncoming(Hit, Then->getParent());
  Phi->addIncoming(IRB.getFalse(), Head);
  return Phi;
}

void FastPathEmitter::emitMemIntrinsicCheck(MemIntrinsic *MI, bool CheckSource,
                                            bool CheckDest,
                                            BasicBlock *PendingPreheader) {
  auto *MT = dyn_cast<MemTransferInst>(MI);
  auto RuntimeCall = [&](IRBuilder<> &IRB) {
    Value *Len = IRB.CreateZExtOrTrunc(MI->getLength(), IntptrTy);
    if (auto *MS = dyn_cast<MemSetInst>(MI))
      return IRB.CreateCall(
          MemsetFn, {MS->getDest(),
                     IRB.CreateZExt(MS->getValue(), IRB.getInt32Ty()), Len});
    return IRB.CreateCall(isa<MemMoveInst>(MT) ? MemmoveFn : MemcpyFn,
                          {MT->getDest(), MT->getSource(), Len});
  };
  // The .inline variants must not become calls: they get the range checks.
  bool MustStayInline = isa<MemCpyInlineInst>(MI) || isa<MemSetInlineInst>(MI);
  if (!ClInlinePending && !MustStayInline) {
    IRBuilder<> IRB(MI);
    RuntimeCall(IRB);
    MI->eraseFromParent();
    return;
  }
  if (MustStayInline) {
    IRBuilder<> IRB(MI);
    Value *Len = IRB.CreateZExtOrTrunc(MI->getLength(), IntptrTy);
    SmallVector<std::pair<CallInst *, bool>, 2> Checks;
    if (CheckSource)
      Checks.push_back(
          {emitRangeCheck(MI, MT->getSource(), Len, false, MI->getDebugLoc()),
           false});
    if (CheckDest)
      Checks.push_back(
          {emitRangeCheck(MI, MI->getDest(), Len, true, MI->getDebugLoc()),
           true});
    for (auto &[Check, IsWrite] : Checks)
      guardRangeCheck(Check, IsWrite, PendingPreheader);
    return;
  }
  TestChain Chain(MI);
  if (!PendingPreheader) {
    IRBuilder<> IRB(Chain.insertPoint());
    Chain.addTest(anythingPending(IRB));
  }
  if (ClInlineRange || ClInlineAccessType) {
    IRBuilder<> IRB(Chain.insertPoint());
    Value *Len = IRB.CreateZExtOrTrunc(MI->getLength(), IntptrTy);
    Value *LenM1 = IRB.CreateSub(Len, ConstantInt::get(IntptrTy, 1));
    auto Hit = [&](Value *Ptr, bool IsWrite) {
      return meetsInterval(IRB, PendingPreheader, IsWrite,
                           IRB.CreatePtrToInt(Ptr, IntptrTy), LenM1,
                           "mpisync.rangehit");
    };
    Value *Cond = nullptr;
    if (CheckSource)
      Cond = Hit(MT->getSource(), false);
    if (CheckDest) {
      Value *D = Hit(MI->getDest(), true);
      Cond = Cond ? IRB.CreateOr(Cond, D) : D;
    }
    Chain.addTest(Cond);
  }
  // Only when a range meets a pending interval does the runtime check and
  // move the data; otherwise the intrinsic runs as the back end made it.
  IRBuilder<> IRB(Chain.insertPoint());
  IRB.SetCurrentDebugLocation(MI->getDebugLoc());
  RuntimeCall(IRB);
  Chain.replaceGuardedInstruction();
}

CallInst *FastPathEmitter::emitRangeCheck(Instruction *I, Value *Ptr,
                                          Value *Size, bool IsWrite,
                                          const DebugLoc &Loc) {
  IRBuilder<> IRB(I);
  if (Loc)
    IRB.SetCurrentDebugLocation(Loc);
  CallInst *Call = IRB.CreateCall(IsWrite ? StoreN : LoadN,
                                  {Ptr, IRB.CreateZExtOrTrunc(Size, IntptrTy)});
  if (ClPreserveAllCC)
    Call->setCallingConv(CallingConv::PreserveAll);
  return Call;
}

CallInst *FastPathEmitter::emitRowsCheck(Instruction *I, Value *Ptr,
                                         Value *Size, Value *Stride,
                                         Value *Last, Value *Guard,
                                         bool IsWrite, const DebugLoc &Loc) {
  IRBuilder<> IRB(I);
  if (Loc)
    IRB.SetCurrentDebugLocation(Loc);
  Value *Zero = ConstantInt::get(IntptrTy, 0);
  Size = IRB.CreateZExtOrTrunc(Size, IntptrTy);
  // The last row's offset from the first: below it when the rows run down.
  Value *Span = IRB.CreateMul(Stride, Last, "mpisync.rows.span");
  Value *Down = IRB.CreateICmpSLT(Span, Zero);
  Value *HullLo =
      IRB.CreateGEP(IRB.getInt8Ty(), Ptr, IRB.CreateSelect(Down, Span, Zero),
                    "mpisync.rows.lo");
  Value *HullLen =
      IRB.CreateAdd(Size, IRB.CreateSelect(Down, IRB.CreateNeg(Span), Span),
                    "mpisync.rows.len");
  if (Guard) {
    HullLen = IRB.CreateSelect(Guard, HullLen, Zero, "mpisync.guarded.len");
    Size = IRB.CreateSelect(Guard, Size, Zero);
  }
  CallInst *Call = IRB.CreateCall(IsWrite ? StoreRows : LoadRows,
                                  {HullLo, HullLen, Ptr, Size, Stride});
  if (ClPreserveAllCC)
    Call->setCallingConv(CallingConv::PreserveAll);
  return Call;
}

void FastPathEmitter::guardRangeCheck(CallInst *Call, bool IsWrite,
                                      BasicBlock *PendingPreheader,
                                      bool UsePendingWord) {
  // Without the inline fast path every check calls the runtime.
  if (!ClInlinePending)
    return;
  bool TestPending = !PendingPreheader && PendingSlot && UsePendingWord;
  if (!TestPending && !ClInlineRange && !ClInlineAccessType)
    return;
  TestChain Chain(Call);
  // Outside an instrumented loop copy the check first tests the pending
  // word, like any access.
  if (TestPending) {
    IRBuilder<> IRB(Chain.insertPoint());
    Chain.addTest(anythingPending(IRB));
  }
  if (ClInlineRange || ClInlineAccessType) {
    // As for one access, with Len for Size. A zero length makes the test
    // pass whenever something is pending; the runtime ignores it.
    IRBuilder<> IRB(Chain.insertPoint());
    Value *LenM1 =
        IRB.CreateSub(Call->getArgOperand(1), ConstantInt::get(IntptrTy, 1));
    Chain.addTest(meetsInterval(
        IRB, PendingPreheader, IsWrite,
        IRB.CreatePtrToInt(Call->getArgOperand(0), IntptrTy), LenM1,
        "mpisync.rangehit"));
  }
  Call->moveBefore(Chain.insertPoint());
}

bool FastPathEmitter::makeColdRangeCheck(CallInst *Call) {
  if (!ClInlinePending || !ClColdRangeChecks || !ColdEntriesCheap)
    return false;
  const std::pair<FunctionCallee *, FunctionCallee *> Twins[] = {
      {&LoadN, &LoadNCold},
      {&StoreN, &StoreNCold},
      {&LoadRows, &LoadRowsCold},
      {&StoreRows, &StoreRowsCold}};
  for (auto [Entry, Cold] : Twins)
    if (Call->getCalledOperand() == Entry->getCallee()) {
      Call->setCalledFunction(*Cold);
      Call->setCallingConv(CallingConv::PreserveAll);
      return true;
    }
  return false;
}

} // namespace mpisync
