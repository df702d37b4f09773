//===- MpiCallArguments.cpp - which pointers an MPI call may keep ---------===//
#include "MpiCallArguments.h"

#include "Options.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <cstdint>
#include <string>

using namespace llvm;

namespace mpisync {

namespace {

struct MpiArgRow {
  const char *Name;
  uint64_t KeptArguments; // bit i: MPI may keep argument i
};

const MpiArgRow kMpiArgTable[] = {
#include "MPISyncMpiArgTable.inc"
};

// Keyed by the lowercase C name, which the Fortran bindings (mpi_isend_)
// share; PMPI_ is the same function.
const StringMap<uint64_t> &table() {
  static const StringMap<uint64_t> Map = [] {
    StringMap<uint64_t> M;
    for (const MpiArgRow &Row : kMpiArgTable)
      M[StringRef(Row.Name).lower()] = Row.KeptArguments;
    return M;
  }();
  return Map;
}

const uint64_t *lookup(StringRef Name) {
  std::string Key = Name.lower();
  StringRef K(Key);
  if (K.starts_with("pmpi_"))
    K = K.drop_front(1);
  if (!K.starts_with("mpi_"))
    return nullptr;
  // Fortran: mpi_isend_ or mpi_isend__. The Fortran argument list is the
  // C one plus ierror (and hidden string lengths) at the end, none of which
  // MPI keeps.
  K = K.rtrim('_');
  auto It = table().find(K);
  return It == table().end() ? nullptr : &It->second;
}

// Captured unless every capture is an argument MPI does not keep.
struct MpiBufferTracker : CaptureTracker {
  function_ref<bool(const Use &)> NotAnEscape;
  bool Captured = false;
  void tooManyUses() override { Captured = true; }
  bool captured(const Use *U) override {
    if (const auto *Call = dyn_cast<CallBase>(U->getUser())) {
      if (Call->isArgOperand(U) &&
          !mpiMayKeepArgument(*Call, Call->getArgOperandNo(U)))
        return false;
      // MPISync's own checks (in a function instrumented before this
      // question was asked about one of its objects).
      if (const Function *Callee = Call->getCalledFunction())
        if (Callee->getName().starts_with("__mpisync"))
          return false;
    }
    if (NotAnEscape && NotAnEscape(*U))
      return false;
    Captured = true;
    return true;
  }
};

} // namespace

bool isKnownMpiCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && lookup(Callee->getName());
}

bool mpiMayKeepArgument(const CallBase &Call, unsigned ArgNo) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || !ClKnowMpiArguments)
    return true;
  const uint64_t *Kept = lookup(Callee->getName());
  if (!Kept)
    return true;
  return ArgNo < 64 && ((*Kept >> ArgNo) & 1);
}

bool mayBecomeMpiBuffer(const Value *Obj,
                        function_ref<bool(const Use &)> NotAnEscape) {
  MpiBufferTracker Tracker;
  Tracker.NotAnEscape = NotAnEscape;
  // LLVM's default gives up after 100 uses; a big array of a stencil
  // code has more (one address per neighbour), and the answer is cached.
  PointerMayBeCaptured(Obj, &Tracker, /*MaxUsesToExplore=*/4096);
  return Tracker.Captured;
}

} // namespace mpisync
