//===- PathState.h - What one path of a function knows ----------*- C++ -*-===//
//
// The state the request analysis carries along a CFG path: requests held in
// variables, the operations they name (pending, completed, ...), the buffers
// of those operations, and integer facts learned from branches.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_PATHSTATE_H
#define MPISYNC_CLANG_PLUGIN_PATHSTATE_H

#include "MPICallTable.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace mpisync {

using Int = int64_t;
constexpr Int NegInf = std::numeric_limits<Int>::min();
constexpr Int PosInf = std::numeric_limits<Int>::max();

// The values an integer term may have on a path: [Lo, Hi] minus Ne.
struct Range {
  Int Lo = NegInf, Hi = PosInf;
  llvm::SmallVector<Int, 2> Ne; // sorted, strictly inside (Lo, Hi)

  bool isFull() const { return Lo == NegInf && Hi == PosInf && Ne.empty(); }
  std::optional<Int> exact() const {
    return Lo == Hi ? std::optional<Int>(Lo) : std::nullopt;
  }
  bool contains(Int V) const;
  // Intersections; false when nothing is left (the path is infeasible).
  bool restrictLo(Int V);
  bool restrictHi(Int V);
  bool exclude(Int V);
  bool assign(Int V);
  void shift(Int By); // saturating; the range of x + By
  bool operator==(const Range &O) const {
    return Lo == O.Lo && Hi == O.Hi && Ne == O.Ne;
  }

private:
  bool normalize();
};

// Memory the analysis can name: a variable's own storage, or the storage a
// pointer variable points to (Deref).
struct MemBase {
  const clang::VarDecl *Var = nullptr;
  bool Deref = false;
  bool operator<(const MemBase &O) const {
    return Var != O.Var ? Var < O.Var : Deref < O.Deref;
  }
  bool operator==(const MemBase &O) const {
    return Var == O.Var && Deref == O.Deref;
  }
  bool operator!=(const MemBase &O) const { return !(*this == O); }
};

// An address: a base and a byte offset, if known.
struct Location {
  MemBase Base;
  std::optional<Int> Offset;
};

// The buffer of an operation: SureLen bytes from Offset are certainly in
// it (0: its extent is not known, e.g. a derived datatype).
struct Region {
  ArgRole Role;
  MemBase Base;
  std::optional<Int> Offset;
  Int SureLen;
  const clang::Expr *Arg;
  bool operator==(const Region &O) const {
    return Role == O.Role && Base == O.Base && Offset == O.Offset &&
           SureLen == O.SureLen && Arg == O.Arg;
  }
};

struct Operation {
  enum Status : uint8_t { Inactive, Pending, Done, Unknown };
  Status St = Pending;
  bool Persistent = false;
  bool EverStarted = false;
  // Its handle escaped: it is also where code this analysis cannot see may
  // complete it (a global, a static, memory behind a pointer, a copy stored
  // there), by another function or thread. It is never reported lost, its
  // buffers are not checked, and it becomes Unknown at calls that may
  // complete it and where this thread may synchronize with another.
  bool Shared = false;
  // The program keeps the start call's return code but has not looked at
  // it on this path: the operation may not exist (MPI_ERRORS_RETURN), and
  // nothing about it is reported until a branch tests the code.
  bool Unconfirmed = false;
  const clang::VarDecl *ResultVar = nullptr; // where the code went
  const clang::CallExpr *Started = nullptr;  // the call that started it last
  std::vector<Region> Regions;
  // Everything the analysis knows about it (not where it is held).
  bool operator==(const Operation &O) const {
    return St == O.St && Persistent == O.Persistent &&
           EverStarted == O.EverStarted && Shared == O.Shared &&
           Unconfirmed == O.Unconfirmed && ResultVar == O.ResultVar &&
           Started == O.Started && Regions == O.Regions;
  }
};

using OpId = uint32_t;

// What a request variable (or array element) holds.
struct Content {
  enum Kind : uint8_t { Uninit, Null, Unknown, Op };
  Kind K = Unknown;
  OpId Id = 0;
  static Content of(Kind K) { return Content{K, 0}; }
  static Content op(OpId Id) { return Content{Op, Id}; }
  bool operator==(const Content &O) const {
    return K == O.K && (K != Op || Id == O.Id);
  }
};

using SlotKey = std::pair<MemBase, Int>; // a request at a known byte offset

struct PathState {
  std::map<unsigned, Range> Facts;            // term -> values
  std::map<SlotKey, Content> Slots;           // requests at known offsets
  std::map<MemBase, Content::Kind> Defaults;  // the rest of a declared local
  std::map<MemBase, std::set<OpId>> Symbolic; // ops at unknown offsets
  std::map<OpId, Operation> Ops;
  // Local pointers whose target is known (int *p = buf + 2).
  std::map<const clang::VarDecl *, Location> Pointees;
  std::map<const clang::Stmt *, unsigned> LoopVisits;

  // A canonical encoding, for "this block was already seen in this state".
  void encode(std::vector<uint64_t> &Out) const;
};

} // namespace mpisync

#endif
