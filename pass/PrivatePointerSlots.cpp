//===- PrivatePointerSlots.cpp - globals that hold only private heap blocks ===//
#include "PrivatePointerSlots.h"

#include "MpiCallArguments.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <numeric>

using namespace llvm;

namespace mpisync {

namespace {

// Size of the global's innermost array element: a slot is an offset in it.
uint64_t elementSize(const GlobalVariable *GV, const DataLayout &DL) {
  Type *T = GV->getValueType();
  while (auto *AT = dyn_cast<ArrayType>(T))
    T = AT->getElementType();
  return T->isSized() ? DL.getTypeAllocSize(T).getFixedValue() : 0;
}

// Where, within one element of the global, an address derived from it may
// point: [Lo, Hi) plus the access size, or a single offset (Exact).
struct Span {
  int64_t Lo = 0, Hi = 0; // of the first byte
  uint64_t Step = 0;      // gcd of the bounded variable scales (0: Exact)
};

// Adds one GEP's indices to S. An index into an array nested in the element
// (sbuf[f] of a struct) is bounded by that array's length; any other
// variable index must move by whole elements of the global.
bool addGEP(const GEPOperator *GEP, const DataLayout &DL, uint64_t Elem,
            Span &S) {
  auto Add = [&](int64_t Off) {
    S.Lo += Off;
    S.Hi += Off;
  };
  Type *Cur = GEP->getSourceElementType();
  for (unsigned I = 1, E = GEP->getNumOperands(); I < E; ++I) {
    const Value *Idx = GEP->getOperand(I);
    const auto *C = dyn_cast<ConstantInt>(Idx);
    if (auto *ST = dyn_cast<StructType>(Cur); ST && I > 1) {
      unsigned Field = cast<ConstantInt>(Idx)->getZExtValue();
      Add(DL.getStructLayout(ST)->getElementOffset(Field));
      Cur = ST->getElementType(Field);
      continue;
    }
    uint64_t Bound = 0; // elements of an array nested in the element
    if (I > 1) {
      auto *AT = dyn_cast<ArrayType>(Cur);
      if (!AT)
        return false; // a vector
      Bound = AT->getNumElements();
      Cur = AT->getElementType();
    }
    uint64_t Scale = DL.getTypeAllocSize(Cur).getFixedValue();
    if (C) {
      Add(C->getSExtValue() * (int64_t)Scale);
    } else if (Scale % Elem != 0) {
      // A variable index within the element: only into a nested array,
      // whose length bounds it (the first index is unbounded).
      if (Bound == 0)
        return false;
      S.Hi += (int64_t)((Bound - 1) * Scale);
      S.Step = std::gcd(S.Step, Scale);
    } // else: whole elements, the same slot of another element
  }
  return true;
}

// The parameter that U, an argument of a call, binds, if the callee is a
// module-local function that is only ever called directly (so that its
// parameter holds nothing but what its calls pass).
const Argument *boundParameter(const CallBase *CB, const Use &U) {
  const Function *Callee = CB->getCalledFunction();
  if (!Callee || !CB->isArgOperand(&U) || !Callee->hasLocalLinkage() ||
      Callee->isDeclaration() || Callee->isVarArg() ||
      CB->getFunctionType() != Callee->getFunctionType())
    return nullptr;
  for (const Use &CU : Callee->uses()) {
    const auto *Call = dyn_cast<CallBase>(CU.getUser());
    if (!Call || !Call->isCallee(&CU) ||
        Call->getFunctionType() != Callee->getFunctionType())
      return nullptr;
  }
  // byval and the like: the callee gets a copy, memory of its own.
  const Argument *A = Callee->getArg(CB->getArgOperandNo(&U));
  return A->hasPassPointeeByValueCopyAttr() ? nullptr : A;
}

bool sameSpan(const Span &A, const Span &B, uint64_t Elem) {
  auto Mod = [&](int64_t X) { return ((X % (int64_t)Elem) + Elem) % Elem; };
  return Mod(A.Lo) == Mod(B.Lo) && A.Hi - A.Lo == B.Hi - B.Lo &&
         A.Step == B.Step;
}

} // namespace

PrivatePointerSlots::GlobalUses &
PrivatePointerSlots::usesOf(const GlobalVariable *GV) {
  std::unique_ptr<GlobalUses> &Entry = Globals[GV];
  if (Entry)
    return *Entry;
  Entry = std::make_unique<GlobalUses>();
  GlobalUses &G = *Entry;
  const DataLayout &DL = GV->getParent()->getDataLayout();
  const uint64_t Elem = elementSize(GV, DL);
  // Pointers in the initializer would be other memory; other modules can
  // reach a global that is not module-local.
  const Constant *Init = GV->hasInitializer() ? GV->getInitializer() : nullptr;
  if (!GV->hasLocalLinkage() || Elem == 0 || !Init ||
      !(Init->isNullValue() || isa<UndefValue>(Init))) {
    G.Poisoned = true;
    return G;
  }
  auto Record = [&](const Instruction *I, const Span &S, Type *Ty) {
    if (!Ty->isSized())
      return false;
    int64_t Lo = S.Lo % (int64_t)Elem;
    if (Lo < 0)
      Lo += Elem;
    int64_t Size = DL.getTypeStoreSize(Ty).getFixedValue();
    int64_t Hi = Lo + (S.Hi - S.Lo) + Size;
    if (Hi > (int64_t)Elem)
      return false; // may cross into the next element
    AccessOf[I] = {&G, G.Accesses.size()};
    G.Accesses.push_back({Lo, Hi, S.Step, Ty->isPointerTy(), I});
    return true;
  };
  struct Item {
    const Value *V;
    Span S;
  };
  SmallVector<Item, 16> Work{{GV, Span()}};
  SmallPtrSet<const Value *, 16> Seen;
  // Parameters of module-local functions that receive an address in the
  // global, and where in an element it points.
  DenseMap<const Argument *, Span> Parameters;
  while (!Work.empty() && !G.Poisoned) {
    Item It = Work.pop_back_val();
    // Without phis and selects an address is derived one way only.
    if (!Seen.insert(It.V).second)
      continue;
    for (const Use &U : It.V->uses()) {
      const User *Usr = U.getUser();
      bool Ok = true;
      if (const auto *GEP = dyn_cast<GEPOperator>(Usr)) {
        Span S = It.S;
        Ok = addGEP(GEP, DL, Elem, S);
        if (Ok)
          Work.push_back({GEP, S});
      } else if (isa<BitCastOperator>(Usr)) {
        Work.push_back({Usr, It.S});
      } else if (const auto *LI = dyn_cast<LoadInst>(Usr)) {
        Ok = Record(LI, It.S, LI->getType());
      } else if (const auto *SI = dyn_cast<StoreInst>(Usr)) {
        // Through it, not of it (`store ptr %p, ptr %p` stores it too).
        Ok = U.getOperandNo() == StoreInst::getPointerOperandIndex() &&
             SI->getValueOperand() != It.V &&
             Record(SI, It.S, SI->getValueOperand()->getType());
      } else if (isa<ICmpInst>(Usr)) {
      } else if (const auto *CB = dyn_cast<CallBase>(Usr)) {
        // A helper that takes the address (smooth(&lev[l])) is walked as
        // part of the program; all its calls must pass the same place.
        const Argument *A = boundParameter(CB, U);
        auto [P, New] = A ? Parameters.try_emplace(A, It.S)
                          : std::make_pair(Parameters.end(), false);
        if (New)
          Work.push_back({A, It.S});
        Ok = A && (New || sameSpan(P->second, It.S, Elem));
      } else {
        Ok = false; // stored, passed on, merged in a phi...
      }
      if (!Ok) {
        G.Poisoned = true;
        break;
      }
    }
  }
  // Every call of such a helper passes an address in the global.
  for (const auto &[A, S] : Parameters)
    for (const Use &CU : A->getParent()->uses())
      if (!Seen.count(cast<CallBase>(CU.getUser())->getArgOperand(A->getArgNo())))
        G.Poisoned = true;
  return G;
}

bool PrivatePointerSlots::storesInto(const Instruction *I,
                                     const GlobalUses &G, int64_t Slot) const {
  auto It = AccessOf.find(I);
  if (!isa<StoreInst>(I) || It == AccessOf.end() || It->second.first != &G)
    return false;
  const Access &A = G.Accesses[It->second.second];
  return A.IsPointer && A.Step == 0 && A.Lo == Slot;
}

// The slot and the slots it exchanges pointers with (`L->u = L->t` of a
// swap) are decided together. Every load or store that may touch their
// bytes is one of a whole pointer at one of them; each stored value is null,
// a pointer loaded from one of them, or a fresh heap block that goes nowhere
// but into them; no loaded value goes anywhere but back into them.
bool PrivatePointerSlots::slotIsPrivate(GlobalUses &G, int64_t Slot,
                                        const TargetLibraryInfo &TLI) {
  if (auto It = G.PrivateSlot.find(Slot); It != G.PrivateSlot.end())
    return It->second;
  const int64_t PtrSize = 8;
  SmallVector<int64_t, 4> Group{Slot};
  auto InGroup = [&](int64_t S) { return is_contained(Group, S); };
  auto Touches = [&](const Access &A) {
    return any_of(Group, [&](int64_t S) { return A.Lo < S + PtrSize && S < A.Hi; });
  };
  // The exact pointer load of a slot of G that Obj is, if it is one.
  auto LoadedSlot = [&](const Value *Obj) -> const Access * {
    auto It = AccessOf.find(dyn_cast<Instruction>(Obj));
    if (!isa<LoadInst>(Obj) || It == AccessOf.end() || It->second.first != &G)
      return nullptr;
    const Access &A = G.Accesses[It->second.second];
    return A.IsPointer && A.Step == 0 ? &A : nullptr;
  };
  auto StoredObjects = [](const StoreInst *SI) {
    SmallVector<const Value *, 4> Objs;
    getUnderlyingObjects(SI->getValueOperand(), Objs);
    return Objs;
  };
  // Grow the group along stores of loaded slots.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const Access &A : G.Accesses)
      if (const auto *SI = dyn_cast<StoreInst>(A.I); SI && Touches(A))
        for (const Value *Obj : StoredObjects(SI))
          if (const Access *L = LoadedSlot(Obj); L && !InGroup(L->Lo)) {
            Group.push_back(L->Lo);
            Grew = true;
          }
  }
  auto IntoGroup = [&](const Use &U) {
    const auto *SI = dyn_cast<StoreInst>(U.getUser());
    auto It = AccessOf.find(SI);
    if (!SI || It == AccessOf.end() || It->second.first != &G)
      return false;
    const Access &A = G.Accesses[It->second.second];
    return A.IsPointer && A.Step == 0 && InGroup(A.Lo);
  };
  auto Decide = [&] {
    for (const Access &A : G.Accesses) {
      if (!Touches(A))
        continue;
      bool Aligned = A.Step == 0 ? InGroup(A.Lo)
                                 : A.Step % PtrSize == 0 &&
                                       any_of(Group, [&](int64_t S) {
                                         return (S - A.Lo) % PtrSize == 0;
                                       });
      if (!A.IsPointer || !Aligned)
        return false;
      if (const auto *SI = dyn_cast<StoreInst>(A.I)) {
        for (const Value *Obj : StoredObjects(SI)) {
          if (isa<ConstantPointerNull>(Obj) || LoadedSlot(Obj))
            continue; // null, or a pointer the group holds already
          if (!isAllocLikeFn(Obj, &TLI) || mayBecomeMpiBuffer(Obj, IntoGroup))
            return false;
        }
      } else if (mayBecomeMpiBuffer(A.I, IntoGroup)) {
        return false;
      }
    }
    return true;
  };
  bool Private = Decide();
  for (int64_t S : Group)
    G.PrivateSlot[S] = Private;
  return Private;
}

// All globals at once: a load through a helper's parameter does not name
// its global.
void PrivatePointerSlots::analyzeModule(const Module &M) {
  if (Analyzed)
    return;
  Analyzed = true;
  for (const GlobalVariable &GV : M.globals())
    if (GV.hasLocalLinkage() && !GV.isConstant())
      usesOf(&GV);
}

bool PrivatePointerSlots::keepsOnlyInPrivateSlots(const Value *Block,
                                                  const TargetLibraryInfo &TLI) {
  const auto *I = dyn_cast<Instruction>(Block);
  if (!I || !isAllocLikeFn(Block, &TLI))
    return false;
  analyzeModule(*I->getModule());
  return !mayBecomeMpiBuffer(Block, [&](const Use &U) {
    auto It = AccessOf.find(dyn_cast<Instruction>(U.getUser()));
    if (!isa<StoreInst>(U.getUser()) || It == AccessOf.end())
      return false;
    GlobalUses &G = *It->second.first;
    const Access &A = G.Accesses[It->second.second];
    return !G.Poisoned && A.IsPointer && A.Step == 0 &&
           slotIsPrivate(G, A.Lo, TLI);
  });
}

bool PrivatePointerSlots::holdsOnlyPrivateHeap(const LoadInst *Load,
                                               const TargetLibraryInfo &TLI) {
  analyzeModule(*Load->getModule());
  auto It = AccessOf.find(Load);
  if (It == AccessOf.end() || !Load->getType()->isPointerTy())
    return false;
  GlobalUses &G = *It->second.first;
  const Access &A = G.Accesses[It->second.second];
  return !G.Poisoned && A.Step == 0 && slotIsPrivate(G, A.Lo, TLI);
}

} // namespace mpisync
