//===- FunctionAnalysis.h - The analysis of one function --------*- C++ -*-===//
//
// The private header of the request analysis (RequestAnalysis.h is its
// interface): the class that walks one function's CFG path by path with a
// PathState. Its members are defined by concern, one file each: terms
// (Terms.cpp), evaluation of integers and conditions (Evaluation.cpp),
// addresses (Locations.cpp), facts from branches and stores (Facts.cpp),
// requests held in variables (RequestSlots.cpp), the checks
// (BufferChecks.cpp, RequestChecks.cpp, with the rule in BufferRules.h), the
// transfer functions (Transfer.cpp, CallEffects.cpp, LibcCalls.cpp,
// MPIStarts.cpp, MPICompletions.cpp) and the walk (PathWalk.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_FUNCTIONANALYSIS_H
#define MPISYNC_CLANG_PLUGIN_FUNCTIONANALYSIS_H

#include "FunctionScan.h"
#include "MPICallTable.h"
#include "MPITypes.h"
#include "PathState.h"
#include "Reporter.h"
#include "RequestAnalysis.h"
#include "TermTable.h"

#include "clang/AST/Decl.h"
#include "clang/AST/OperationKinds.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class AtomicExpr;
class BinaryOperator;
class CFGBlock;
class ImplicitCastExpr;
class SourceManager;
class UnaryOperator;
} // namespace clang

namespace mpisync {

class GlobalEffects;

// Operations told apart per start call: a loop that starts more than this
// many at one call forgets them.
constexpr unsigned InstancesPerSite = 4;

// The analysis of one function: analyzeFunction() runs one.
class FunctionAnalysis {
public:
  FunctionAnalysis(const clang::Decl *D, clang::ASTContext &Ctx, Reporter &R,
                   const GlobalEffects &Globals, const AnalysisLimits &Limits,
                   const MPIConstants &Consts);

  void run();

private:
  const clang::Decl *D;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  Reporter &Rep;
  const GlobalEffects &Globals;
  const AnalysisLimits &Limits;
  const MPIConstants &Consts;
  clang::Stmt *Body;
  clang::ParentMap PM;
  FunctionFacts Scan;
  TermTable Terms;
  // The variables whose values matter (Relevance.h); per term, whether its
  // facts are dropped before a state is compared with those seen (-1: not
  // decided yet).
  llvm::DenseSet<const clang::VarDecl *> Relevant;
  std::vector<int8_t> Droppable;
  bool droppable(unsigned T);
  Int RequestSize = 4;
  unsigned Steps = 0;
  llvm::DenseMap<const clang::CallExpr *, unsigned> SiteIndex;
  std::vector<const clang::CallExpr *> Sites;

  const clang::TypedefNameDecl *lookupRequestTypedef();

  // --- variables (here) --------------------------------------------------
  bool isLocal(const clang::VarDecl *V) const {
    return V->hasLocalStorage() && !Scan.Escaped.count(V) &&
           !V->getType().isVolatileQualified() &&
           !V->getType()->isReferenceType();
  }
  bool canHaveFacts(const clang::VarDecl *V) const {
    if (V->getType().isVolatileQualified() || V->getType()->isReferenceType())
      return false;
    return V->hasGlobalStorage() || isLocal(V);
  }
  // A pointer variable whose target the analysis may name (not an MPI
  // handle: Open MPI's are pointers to the library's objects).
  bool isPointerBase(const clang::VarDecl *V) const {
    return isLocal(V) && V->getType()->isPointerType() &&
           !isMpiHandleType(V->getType(), Ctx);
  }
  // Where requests can be followed: locals, what pointers point to,
  // globals. Only locals are the analysis's own: the rest is Shared.
  bool isTrackedRequestBase(const MemBase &B) const {
    if (B.Deref)
      return isPointerBase(B.Var);
    return isLocal(B.Var) || B.Var->hasGlobalStorage();
  }
  bool isOwnBase(const MemBase &B) const { return !B.Deref && isLocal(B.Var); }

  // --- terms (Terms.cpp) -------------------------------------------------
  // The term E's value is (a variable, an element, a call's result, an
  // expression of those), if it has one.
  std::optional<unsigned> termOf(const clang::Expr *E, const PathState &S);
  bool termShape(const clang::Expr *E, TermTable::Info &I, int Depth);

  // --- evaluation (Evaluation.cpp) ---------------------------------------
  std::optional<Int> evalInt(const clang::Expr *E, const PathState &S,
                             int Depth = 0);
  Range rangeOf(const clang::Expr *E, const PathState &S);
  std::optional<bool> evalCond(const clang::Expr *E, const PathState &S,
                               int Depth = 0);
  std::optional<bool> evalCompare(clang::BinaryOperatorKind Op,
                                  const clang::Expr *L, const clang::Expr *R,
                                  const PathState &S);
  // E as Term + Offset (Term absent: a constant), if it has that shape.
  struct Linear {
    std::optional<unsigned> Term;
    Int Offset = 0;
  };
  std::optional<Linear> linear(const clang::Expr *E, const PathState &S,
                               int Depth = 0);
  // L Op R as "T Op C" on one term (a variable, or a difference of two).
  struct NormalCompare {
    std::optional<bool> Value; // both sides constant, or the same term
    unsigned Term = 0;
    clang::BinaryOperatorKind Op = clang::BO_EQ;
    Int C = 0;
  };
  std::optional<NormalCompare> normalize(clang::BinaryOperatorKind Op,
                                         const clang::Expr *L,
                                         const clang::Expr *R,
                                         const PathState &S);

  // --- locations (Locations.cpp) -----------------------------------------
  // The address an lvalue or a pointer expression names, if it has one.
  std::optional<Location> evalLValue(const clang::Expr *E, const PathState &S,
                                     int Depth = 0);
  std::optional<Location> evalPointer(const clang::Expr *E, const PathState &S,
                                      int Depth = 0);

  // --- facts (Facts.cpp) -------------------------------------------------
  // A branch taken: E is Truth. False if the path is infeasible.
  bool assume(const clang::Expr *E, bool Truth, PathState &S, int Depth = 0);
  bool assumeCompare(clang::BinaryOperatorKind Op, const clang::Expr *L,
                     const clang::Expr *R, bool Truth, PathState &S);
  bool constrainTerm(unsigned T, clang::BinaryOperatorKind Op, Int C,
                     PathState &S);
  // Facts about differences with V's own term, moved by V += By.
  std::vector<std::pair<unsigned, Range>>
  shiftedDiffs(const clang::VarDecl *V, Int By, const PathState &S);
  void forgetVar(const clang::VarDecl *V, PathState &S);
  void forgetTerms(const std::vector<unsigned> &Ts, PathState &S);
  // Facts about globals a store through some pointer may change.
  void forgetPointerTargets(PathState &S);
  void setVar(const clang::VarDecl *V, std::optional<Int> Value, PathState &S);
  void writeEffects(const clang::Expr *LHS, const std::optional<Location> &L,
                    PathState &S);
  void widen(const clang::Stmt *Loop, PathState &S);

  // --- requests (RequestSlots.cpp) ---------------------------------------
  Content slot(const PathState &S, const SlotKey &K) const;
  unsigned refCount(const PathState &S, OpId Id) const;
  OpId newOp(PathState &S, const clang::CallExpr *Site);
  const clang::CallExpr *site(OpId Id) const {
    return Sites[Id / InstancesPerSite];
  }
  void makeUnknown(PathState &S, OpId Id);
  void forgetBase(PathState &S, const MemBase &B, bool Ambiguous);
  void dropPointerBase(PathState &S, const clang::VarDecl *P);
  void unidentifiedCompletion(PathState &S);
  // The thread may learn here that another one completed something (an
  // atomic load, a lock, a system call): shared operations may be done.
  void threadSync(PathState &S) { unidentifiedCompletion(S); }
  void writeRequest(PathState &S, const std::optional<Location> &L, Content C,
                    const clang::Expr *At);
  Content requestValue(const clang::Expr *RHS, const PathState &S);
  void collectGarbage(PathState &S);
  void mergeTwinOps(PathState &S);
  std::string slotName(const SlotKey &K) const;

  // --- buffer checks (BufferChecks.cpp) ----------------------------------
  // Desc: what accesses (default: "write to 'X'" or "read of 'X'").
  void checkAccess(PathState &S, const Location &L, Int Size, bool Write,
                   const clang::Expr *At, const std::string &Desc = "");
  void checkOwnOverlap(PathState &S, OpId Id);
  bool overlaps(const Region &R, const Location &L, Int Size) const;
  std::vector<DiagNote> startNotes(PathState &S, OpId Id,
                                   const std::string &Tail);
  // Who + "receives into 'buf'" or "sends from 'buf'".
  std::string regionAccess(const std::string &Who, const Region &R);

  // --- request checks (RequestChecks.cpp) --------------------------------
  void reportLost(PathState &S, OpId Id, const std::string &Name,
                  clang::SourceLocation Loc, bool OutOfScope);
  // A completion call on requests never started (uninitialized, or
  // persistent and never given to MPI_Start).
  void checkStarted(const clang::CallExpr *CE, const MPICall &C,
                    const std::vector<SlotKey> &Keys, PathState &S);
  void lifetimeEnds(PathState &S, const clang::VarDecl *V,
                    const clang::Stmt *Trigger);

  // --- transfer functions (Transfer.cpp) ---------------------------------
  // One CFG element on one path: the states that follow (none, one, or
  // one per outcome of a call).
  void transfer(const clang::Stmt *St, PathState S,
                std::vector<PathState> &Out);
  void handleRead(const clang::ImplicitCastExpr *ICE, PathState &S);
  void handleAssign(const clang::BinaryOperator *BO, PathState &S);
  void handleIncDec(const clang::UnaryOperator *UO, PathState &S);
  void handleDecl(const clang::VarDecl *V, PathState &S);
  void handleAtomic(const clang::AtomicExpr *AE, PathState &S);

  // --- calls (CallEffects.cpp, LibcCalls.cpp) -----------------------------
  void handleCall(const clang::CallExpr *CE, PathState S,
                  std::vector<PathState> &Out);
  void handleLibcAccess(const clang::CallExpr *CE, llvm::StringRef Name,
                        PathState &S);
  enum class CalleeKind { MPI, System, User };
  void argEffects(const clang::CallExpr *CE, CalleeKind Kind, PathState &S,
                  int Skip = -1, bool TouchesRequests = true);
  void userCallEffects(PathState &S, const clang::FunctionDecl *Callee);

  // --- MPI calls that start operations (MPIStarts.cpp) --------------------
  void handleMPICall(const clang::CallExpr *CE, const MPICall &C, PathState S,
                     std::vector<PathState> &Out);
  // A blocking call, a start or a persistent init; false if the call
  // cannot succeed on this path (S is then not a successor).
  bool handleStart(const clang::CallExpr *CE, const MPICall &C, PathState &S,
                   std::vector<PathState> &Out);
  void handleStartAll(const clang::CallExpr *CE, const MPICall &C,
                      PathState &S);
  std::vector<Region> callRegions(const clang::CallExpr *CE, const MPICall &C,
                                  PathState &S);
  void rootedBuffers(const clang::CallExpr *CE, const MPICall &C,
                     const PathState &S, std::vector<Region> &Regions);
  std::optional<Region> bufferRegion(const clang::CallExpr *CE,
                                     const MPIBufferParam &P, PathState &S);
  // Does the program keep CE's return code, and in which variable?
  bool resultUsed(const clang::CallExpr *CE);
  const clang::VarDecl *resultVariable(const clang::CallExpr *CE);

  // --- MPI calls that complete operations (MPICompletions.cpp) -----------
  void handleCompletion(const clang::CallExpr *CE, const MPICall &C,
                        PathState S, std::vector<PathState> &Out);
  std::optional<Location> requestArgument(const clang::Expr *ReqArg,
                                          bool ByValue, const PathState &S);
  std::optional<unsigned> forgetFlag(const clang::CallExpr *CE,
                                     const MPICall &C, PathState &S);
  void completeRequests(PathState &S, const std::vector<SlotKey> &Keys);
  void forgetRequests(PathState &S, const std::vector<SlotKey> &Keys);
  void freeRequests(PathState &S, const std::vector<SlotKey> &Keys);
  bool testRequests(const MPICall &C, const std::vector<SlotKey> &Keys,
                    std::optional<unsigned> FlagTerm, PathState &S,
                    std::vector<PathState> &Out);

  // --- the walk (PathWalk.cpp) -------------------------------------------
  struct Item {
    const clang::CFGBlock *Block;
    PathState State;
  };
  std::vector<Item> Worklist;
  // Per block, the hashes of the states seen there. A collision only
  // drops a path (a missed report, never a false one).
  llvm::DenseMap<unsigned, llvm::DenseSet<uint64_t>> Visited;
  void enqueue(const clang::CFGBlock *From, const clang::CFGBlock *To,
               PathState S);
  void confirmOps(const clang::Expr *Cond, PathState &S);
  void processBlock(const clang::CFGBlock *B, PathState S);
};

// May a call of a library function (or builtin) tell this thread what
// another one did: a lock, a wait, an atomic, I/O, sleeping? Anything but
// the functions that only compute or move this thread's memory.
// (LibcCalls.cpp)
bool maySynchronize(const clang::FunctionDecl *FD, llvm::StringRef Name);

} // namespace mpisync

#endif
