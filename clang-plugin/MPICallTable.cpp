//===- MPICallTable.cpp - The MPI calls the plugin knows ------------------===//
#include "MPICallTable.h"

#include "llvm/ADT/StringMap.h"

namespace mpisync {

namespace {

const MPICall Calls[] = {
#include "MPISyncCallTable.inc"
};

const llvm::StringMap<const MPICall *> &callsByName() {
  static const llvm::StringMap<const MPICall *> Map = [] {
    llvm::StringMap<const MPICall *> M;
    for (const MPICall &C : Calls)
      M[C.Name] = &C;
    return M;
  }();
  return Map;
}

} // namespace

const MPICall *lookupMPICall(llvm::StringRef Name) {
  if (Name.starts_with("PMPI_"))
    Name = Name.drop_front(1);
  auto It = callsByName().find(Name);
  return It == callsByName().end() ? nullptr : It->second;
}

} // namespace mpisync
