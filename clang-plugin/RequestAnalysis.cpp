//===- RequestAnalysis.cpp - Path-sensitive request checks ----------------===//
//
// One function at a time: its CFG is walked path by path (depth first,
// states deduplicated per block) with a PathState. MPI calls of the call
// table start, complete and free operations; reads and writes of a pending
// operation's buffer, lost request handles, waits on requests never
// started, and stack buffers leaving scope while pending are reported.
//
// Precision comes first. Whatever the analysis cannot name (a request
// reached through an alias, an operation handed to another function, the
// element of an array at an unknown index) becomes Unknown and is never
// reported. A request whose handle other code can reach (a global, a
// static, memory behind a pointer) escapes: another thread or function may
// complete it at any time, so its buffers are not checked. Branches refine integer facts (x == 0, rank < size - 1, flag
// after MPI_Test), so correlated branches (`if (rank == 0)` twice) do not
// make up paths. Loops with MPI calls are unrolled a few times, then their
// counters are widened.
//
//===----------------------------------------------------------------------===//
#include "RequestAnalysis.h"

#include "GlobalEffects.h"
#include "MPICallTable.h"
#include "PathState.h"
#include "Reporter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace mpisync {

namespace {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// MPI_Request is a typedef (an int in MPICH): look for it in the sugar.
bool isRequestType(QualType T, const ASTContext &Ctx) {
  for (int Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    if (const auto *TT = dyn_cast<TypedefType>(T.getTypePtr()))
      if (TT->getDecl()->getName() == "MPI_Request")
        return true;
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
  }
  return false;
}

bool containsRequest(QualType T, const ASTContext &Ctx, int Depth = 0) {
  if (T.isNull() || Depth > 4)
    return false;
  if (isRequestType(T, Ctx))
    return true;
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    return containsRequest(AT->getElementType(), Ctx, Depth + 1);
  if (const RecordType *RT = T->getAs<RecordType>()) {
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    if (!RD)
      return false;
    for (const FieldDecl *F : RD->fields())
      if (containsRequest(F->getType(), Ctx, Depth + 1))
        return true;
  }
  return false;
}

std::optional<Int> sizeOf(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      T->isVariablyModifiedType() || T->isFunctionType())
    return std::nullopt;
  if (T->isVoidType())
    return 1; // GNU arithmetic on void *
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

bool isNullRequest(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  SourceLocation L = E->getBeginLoc();
  const SourceManager &SM = Ctx.getSourceManager();
  while (L.isMacroID()) {
    if (Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts()) ==
        "MPI_REQUEST_NULL")
      return true;
    L = SM.getImmediateMacroCallerLoc(L);
  }
  return false;
}

// The size of a predefined datatype: MPICH encodes it in the handle of
// builtin types; other MPIs are recognised by the macro's name.
std::optional<Int> predefinedTypeSize(const Expr *E, std::optional<Int> Handle,
                                      const ASTContext &Ctx) {
  if (Handle) {
    uint64_t H = static_cast<uint32_t>(*Handle);
    if (((H >> 30) & 3) == 1 && ((H >> 8) & 0xff) != 0)
      return static_cast<Int>((H >> 8) & 0xff);
    return std::nullopt;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = E->IgnoreParenImpCasts()->getBeginLoc();
  if (!L.isMacroID())
    return std::nullopt;
  StringRef Name = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
  CanQualType T =
      llvm::StringSwitch<CanQualType>(Name)
          .Cases("MPI_CHAR", "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR", "MPI_BYTE",
                 "MPI_C_BOOL", "MPI_INT8_T", "MPI_UINT8_T", Ctx.CharTy)
          .Cases("MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_INT16_T",
                 "MPI_UINT16_T", Ctx.ShortTy)
          .Cases("MPI_INT", "MPI_UNSIGNED", "MPI_INT32_T", "MPI_UINT32_T",
                 Ctx.IntTy)
          .Cases("MPI_LONG", "MPI_UNSIGNED_LONG", Ctx.LongTy)
          .Cases("MPI_LONG_LONG", "MPI_LONG_LONG_INT", "MPI_UNSIGNED_LONG_LONG",
                 "MPI_INT64_T", "MPI_UINT64_T", Ctx.LongLongTy)
          .Case("MPI_FLOAT", Ctx.FloatTy)
          .Case("MPI_DOUBLE", Ctx.DoubleTy)
          .Case("MPI_LONG_DOUBLE", Ctx.LongDoubleTy)
          .Default(CanQualType());
  if (T.isNull())
    return std::nullopt;
  return sizeOf(T, Ctx);
}

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  std::string S = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  if (S.empty() || S.size() > 48 || S.find('\n') != std::string::npos)
    return "";
  return S;
}

// The object a pointer expression points to, as written: "&a[1]" -> "a[1]".
std::string pointeeText(const Expr *E, const ASTContext &Ctx) {
  std::string S = sourceText(E, Ctx);
  if (S.size() > 1 && S[0] == '&')
    return S.substr(1);
  return S;
}

std::string calleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    if (FD->getIdentifier())
      return FD->getName().str();
  return "the call";
}

// MPI_STATUS_IGNORE, MPI_IN_PLACE and the like: a constant address.
bool isConstantPointer(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  return !E->isValueDependent() &&
         E->getType()->isIntegralOrEnumerationType() && E->isEvaluatable(Ctx);
}

// Can a store through a pointer like P change an integer or pointer the
// analysis has facts about? Not if it stores floating-point numbers.
bool mayAliasFacts(const Expr *P) {
  QualType T = P->IgnoreParenImpCasts()->getType();
  if (!T->isPointerType())
    return true;
  QualType Pointee = T->getPointeeType().getCanonicalType();
  while (const ArrayType *AT = dyn_cast<ArrayType>(Pointee.getTypePtr()))
    Pointee = AT->getElementType().getCanonicalType();
  return !Pointee->isRealFloatingType() && !Pointee->isAnyComplexType();
}

//===----------------------------------------------------------------------===//
// What the function does with its variables, before any path is walked.
//===----------------------------------------------------------------------===//

struct LoopFacts {
  bool CallsMPI = false;
  // Variables a loop changes by arithmetic: widened after unrolling.
  // +1: only increased, -1: only decreased, 0: anything.
  llvm::DenseMap<const VarDecl *, int> Changed;
  // Variables holding requests the loop stores: once the loop is widened,
  // how many iterations stored what is not known.
  llvm::DenseSet<const VarDecl *> RequestVars;
  std::vector<const Stmt *> Nested;
};

// The variable an address or lvalue expression is rooted at: &reqs[i],
// reqs + 1, s.r, *p, p->r.
const VarDecl *rootVar(const Expr *E) {
  for (int Depth = 0; Depth < 16 && E; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E))
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
    else
      return nullptr;
  }
  return nullptr;
}

class FunctionScan : public RecursiveASTVisitor<FunctionScan> {
public:
  FunctionScan(ParentMap &PM) : PM(PM) {}

  llvm::DenseSet<const VarDecl *> Escaped; // address flows where we can't see
  llvm::DenseMap<const VarDecl *, std::vector<Int>> Thresholds;
  llvm::DenseMap<const Stmt *, LoopFacts> Loops;
  std::vector<const Stmt *> LoopStack;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return true;
    if (DRE->refersToEnclosingVariableOrCapture() ||
        V->getType()->isReferenceType())
      Escaped.insert(V);
    else if (V->hasLocalStorage())
      classifyUse(DRE, V);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isComparisonOp()) {
      addThreshold(BO->getLHS(), BO->getRHS());
      addThreshold(BO->getRHS(), BO->getLHS());
    }
    if (BO->isAssignmentOp()) {
      noteChange(BO->getLHS(), BO->getOpcode(), BO->getRHS());
      if (isRequestType(BO->getLHS()->getType(), *Ctx))
        if (const VarDecl *V = rootVar(BO->getLHS()))
          for (const Stmt *L : LoopStack)
            Loops[L].RequestVars.insert(V);
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      noteChange(UO->getSubExpr(),
                 UO->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const MPICall *C =
        FD && FD->getIdentifier() ? lookupMPICall(FD->getName()) : nullptr;
    if (!C)
      return true;
    const VarDecl *Reqs =
        C->Requests >= 0 && C->Requests < (int)CE->getNumArgs()
            ? rootVar(CE->getArg(C->Requests))
            : nullptr;
    for (const Stmt *L : LoopStack) {
      Loops[L].CallsMPI = true;
      if (Reqs)
        Loops[L].RequestVars.insert(Reqs);
    }
    return true;
  }

  bool TraverseStmt(Stmt *S) {
    bool IsLoop = S && (isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                        isa<DoStmt>(S) || isa<CXXForRangeStmt>(S));
    if (IsLoop) {
      if (!LoopStack.empty())
        Loops[LoopStack.back()].Nested.push_back(S);
      Loops[S];
      LoopStack.push_back(S);
    }
    bool R = RecursiveASTVisitor::TraverseStmt(S);
    if (IsLoop)
      LoopStack.pop_back();
    return R;
  }

  ASTContext *Ctx = nullptr;

private:
  ParentMap &PM;

  void addThreshold(const Expr *VarSide, const Expr *ConstSide) {
    const auto *DRE = dyn_cast<DeclRefExpr>(VarSide->IgnoreParenImpCasts());
    if (!DRE || !isa<VarDecl>(DRE->getDecl()) || ConstSide->isValueDependent())
      return;
    Expr::EvalResult R;
    if (!ConstSide->EvaluateAsInt(R, *Ctx))
      return;
    const llvm::APSInt &V = R.Val.getInt();
    if (!V.isRepresentableByInt64())
      return;
    Int C = V.getExtValue();
    auto &T = Thresholds[cast<VarDecl>(DRE->getDecl())];
    for (Int D : {Int(-1), Int(0), Int(1)})
      if (!((D < 0 && C == NegInf) || (D > 0 && C == PosInf)))
        T.push_back(C + D);
  }

  void noteChange(const Expr *LHS, BinaryOperatorKind Op, const Expr *RHS) {
    if (LoopStack.empty())
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V)
      return;
    int Dir = 0;
    if (Op == BO_Assign) {
      Expr::EvalResult R;
      if (RHS && !RHS->isValueDependent() && RHS->EvaluateAsInt(R, *Ctx))
        return; // a constant: finitely many values, no widening needed
    } else if (Op == BO_AddAssign || Op == BO_SubAssign) {
      Dir = Op == BO_AddAssign ? 1 : -1;
      if (RHS) {
        Expr::EvalResult R;
        if (RHS->isValueDependent() || !RHS->EvaluateAsInt(R, *Ctx))
          Dir = 0;
        else if (R.Val.getInt().isNegative())
          Dir = -Dir;
      }
    }
    for (const Stmt *L : LoopStack) {
      auto [It, New] = Loops[L].Changed.try_emplace(V, Dir);
      if (!New && It->second != Dir)
        It->second = 0;
    }
  }

  const Stmt *parent(const Stmt *S) const { return PM.getParent(S); }

  // An lvalue naming (part of) a local: is its address kept somewhere?
  void classifyUse(const Expr *E, const VarDecl *V) {
    for (int Depth = 0; Depth < 64; ++Depth) {
      const Stmt *P = parent(E);
      if (!P)
        return;
      if (isa<ParenExpr>(P)) {
        E = cast<Expr>(P);
        continue;
      }
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        switch (IC->getCastKind()) {
        case CK_ArrayToPointerDecay:
          return classifyAddress(IC, V);
        case CK_NoOp:
        case CK_LValueBitCast:
          E = IC;
          continue;
        default:
          return; // a read
        }
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        if (!ME->isArrow() &&
            ME->getBase()->IgnoreParens() == E->IgnoreParens()) {
          E = ME;
          continue;
        }
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        if (UO->getOpcode() == UO_AddrOf)
          return classifyAddress(UO, V);
        return;
      }
      if (isa<BinaryOperator>(P) || isa<CallExpr>(P) ||
          isa<UnaryExprOrTypeTraitExpr>(P) || isa<ArraySubscriptExpr>(P))
        return;
      if (const auto *DS = dyn_cast<DeclStmt>(P)) {
        for (const Decl *D : DS->decls())
          if (const auto *Init = dyn_cast<VarDecl>(D))
            if (Init->getType()->isReferenceType())
              Escaped.insert(V);
        return;
      }
      Escaped.insert(V);
      return;
    }
  }

  // Where the address of V goes: an access through it, a call, or escape.
  void classifyAddress(const Expr *A, const VarDecl *V) {
    for (int Depth = 0; Depth < 64; ++Depth) {
      const Stmt *P = parent(A);
      if (!P) {
        Escaped.insert(V);
        return;
      }
      if (isa<ParenExpr>(P) || isa<CastExpr>(P)) {
        A = cast<Expr>(P);
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->isAdditiveOp()) {
          A = BO;
          continue;
        }
        if (BO->isComparisonOp())
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P)) {
        if (ASE->getBase() == A)
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        if (UO->getOpcode() == UO_Deref)
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        if (ME->isArrow() && ME->getBase() == A)
          return;
        Escaped.insert(V);
        return;
      }
      if (const auto *CE = dyn_cast<CallExpr>(P)) {
        if (CE->getCallee() != A)
          return; // the call's own effects handle it
      }
      Escaped.insert(V);
      return;
    }
  }
};

//===----------------------------------------------------------------------===//
// Terms: integer expressions facts are about.
//===----------------------------------------------------------------------===//

class TermTable {
public:
  struct Info {
    std::vector<const VarDecl *> Vars;
    bool ReadsMemory = false; // through a pointer
    bool ReadsGlobal = false;
    const VarDecl *Var = nullptr; // a plain variable's own term
    // An element of a local array or struct at a known place.
    const VarDecl *LocVar = nullptr;
    Int LocOffset = 0, LocSize = 0;
    const CallExpr *Call = nullptr; // the value a call returned
    int DiffA = -1, DiffB = -1;     // the term DiffA - DiffB
  };

  std::optional<unsigned> varTerm(const VarDecl *V) {
    auto It = VarTerms.find(V);
    if (It != VarTerms.end())
      return It->second;
    unsigned T = add(Info{{V}, false, V->hasGlobalStorage(), V});
    VarTerms[V] = T;
    return T;
  }

  unsigned locTerm(const VarDecl *V, Int Offset, Int Size) {
    auto It = LocTerms.find({V, Offset, Size});
    if (It != LocTerms.end())
      return It->second;
    Info I;
    I.Vars = {V};
    I.ReadsGlobal = V->hasGlobalStorage();
    I.LocVar = V;
    I.LocOffset = Offset;
    I.LocSize = Size;
    unsigned T = add(std::move(I));
    LocTerms[{V, Offset, Size}] = T;
    return T;
  }

  unsigned callTerm(const CallExpr *CE) {
    auto It = CallTerms.find(CE);
    if (It != CallTerms.end())
      return It->second;
    Info I;
    I.Call = CE;
    unsigned T = add(std::move(I));
    CallTerms[CE] = T;
    return T;
  }

  std::optional<unsigned> exprTerm(const llvm::FoldingSetNodeID &ID, Info I) {
    for (auto &[Key, T] : ExprTerms[ID.ComputeHash()])
      if (Key == ID)
        return T;
    unsigned T = add(std::move(I));
    ExprTerms[ID.ComputeHash()].push_back({ID, T});
    return T;
  }

  unsigned diffTerm(unsigned A, unsigned B) {
    auto It = DiffTerms.find({A, B});
    if (It != DiffTerms.end())
      return It->second;
    Info I;
    for (unsigned T : {A, B}) {
      I.Vars.insert(I.Vars.end(), Terms[T].Vars.begin(), Terms[T].Vars.end());
      I.ReadsMemory |= Terms[T].ReadsMemory;
      I.ReadsGlobal |= Terms[T].ReadsGlobal;
    }
    I.DiffA = A;
    I.DiffB = B;
    unsigned T = add(std::move(I));
    DiffTerms[{A, B}] = T;
    return T;
  }

  const Info &info(unsigned T) const { return Terms[T]; }
  const std::vector<unsigned> &termsOf(const VarDecl *V) {
    return TermsOfVar[V];
  }
  std::vector<unsigned> termsOfCall(const CallExpr *CE) const {
    auto It = CallTerms.find(CE);
    if (It == CallTerms.end())
      return {};
    return {It->second};
  }
  const std::vector<unsigned> &memoryTerms() const { return Memory; }
  const std::vector<unsigned> &globalTerms() const { return Global; }

private:
  std::vector<Info> Terms;
  llvm::DenseMap<const VarDecl *, unsigned> VarTerms;
  std::map<std::tuple<const VarDecl *, Int, Int>, unsigned> LocTerms;
  llvm::DenseMap<const CallExpr *, unsigned> CallTerms;
  std::map<unsigned, std::vector<std::pair<llvm::FoldingSetNodeID, unsigned>>>
      ExprTerms;
  std::map<std::pair<unsigned, unsigned>, unsigned> DiffTerms;
  llvm::DenseMap<const VarDecl *, std::vector<unsigned>> TermsOfVar;
  std::vector<unsigned> Memory, Global;

  unsigned add(Info I) {
    unsigned T = Terms.size();
    for (const VarDecl *V : I.Vars)
      TermsOfVar[V].push_back(T);
    if (I.ReadsMemory)
      Memory.push_back(T);
    if (I.ReadsGlobal)
      Global.push_back(T);
    Terms.push_back(std::move(I));
    return T;
  }
};

BinaryOperatorKind negateComparison(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GE;
  case BO_GE:
    return BO_LT;
  case BO_GT:
    return BO_LE;
  case BO_LE:
    return BO_GT;
  case BO_EQ:
    return BO_NE;
  default:
    return BO_EQ;
  }
}

BinaryOperatorKind swapComparison(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return Op;
  }
}

std::optional<bool> compareValues(Int L, BinaryOperatorKind Op, Int R) {
  switch (Op) {
  case BO_LT:
    return L < R;
  case BO_GT:
    return L > R;
  case BO_LE:
    return L <= R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

// What a range says about "x Op C".
std::optional<bool> decide(const Range &R, BinaryOperatorKind Op, Int C) {
  switch (Op) {
  case BO_EQ:
    if (R.exact() && *R.exact() == C)
      return true;
    if (!R.contains(C))
      return false;
    return std::nullopt;
  case BO_NE:
    if (auto D = decide(R, BO_EQ, C))
      return !*D;
    return std::nullopt;
  case BO_LT:
    if (R.Hi < C)
      return true;
    if (R.Lo >= C)
      return false;
    return std::nullopt;
  case BO_LE:
    if (R.Hi <= C)
      return true;
    if (R.Lo > C)
      return false;
    return std::nullopt;
  case BO_GT:
    if (R.Lo > C)
      return true;
    if (R.Hi <= C)
      return false;
    return std::nullopt;
  case BO_GE:
    if (R.Lo >= C)
      return true;
    if (R.Hi < C)
      return false;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

// "x Op C" applied to R; false if nothing is left.
bool constrainRange(Range &R, BinaryOperatorKind Op, Int C) {
  switch (Op) {
  case BO_EQ:
    return R.assign(C);
  case BO_NE:
    return R.exclude(C);
  case BO_LT:
    return C != NegInf && R.restrictHi(C - 1);
  case BO_LE:
    return R.restrictHi(C);
  case BO_GT:
    return C != PosInf && R.restrictLo(C + 1);
  case BO_GE:
    return R.restrictLo(C);
  default:
    return true;
  }
}

//===----------------------------------------------------------------------===//
// The analysis of one function.
//===----------------------------------------------------------------------===//

constexpr unsigned InstancesPerSite = 4;

class FunctionAnalysis {
public:
  FunctionAnalysis(const Decl *D, ASTContext &Ctx, Reporter &R,
                   const GlobalEffects &Globals, const AnalysisLimits &Limits,
                   const MPIConstants &Consts)
      : D(D), Ctx(Ctx), SM(Ctx.getSourceManager()), Rep(R), Globals(Globals),
        Limits(Limits), Consts(Consts), Body(D->getBody()), PM(Body),
        Scan(PM) {
    if (const TypedefNameDecl *TD = lookupRequestTypedef())
      RequestSize = sizeOf(Ctx.getTypeDeclType(TD), Ctx).value_or(4);
  }

  void run();

private:
  const Decl *D;
  ASTContext &Ctx;
  SourceManager &SM;
  Reporter &Rep;
  const GlobalEffects &Globals;
  const AnalysisLimits &Limits;
  const MPIConstants &Consts;
  Stmt *Body;
  ParentMap PM;
  FunctionScan Scan;
  TermTable Terms;
  Int RequestSize = 4;
  unsigned Steps = 0;
  llvm::DenseMap<const CallExpr *, unsigned> SiteIndex;
  std::vector<const CallExpr *> Sites;

  const TypedefNameDecl *lookupRequestTypedef();

  // --- variables ---------------------------------------------------------
  bool isLocal(const VarDecl *V) const {
    return V->hasLocalStorage() && !Scan.Escaped.count(V) &&
           !V->getType().isVolatileQualified() &&
           !V->getType()->isReferenceType();
  }
  bool canHaveFacts(const VarDecl *V) const {
    if (V->getType().isVolatileQualified() || V->getType()->isReferenceType())
      return false;
    return V->hasGlobalStorage() || isLocal(V);
  }
  // A pointer variable whose target the analysis may name.
  bool isPointerBase(const VarDecl *V) const {
    return isLocal(V) && V->getType()->isPointerType();
  }
  // Where requests can be followed: locals, what pointers point to,
  // globals. Only locals are the analysis's own: the rest is Shared.
  bool isTrackedRequestBase(const MemBase &B) const {
    if (B.Deref)
      return isPointerBase(B.Var);
    return isLocal(B.Var) || B.Var->hasGlobalStorage();
  }
  bool isOwnBase(const MemBase &B) const { return !B.Deref && isLocal(B.Var); }

  // --- expressions -------------------------------------------------------
  std::optional<unsigned> termOf(const Expr *E, const PathState &S);
  bool termShape(const Expr *E, TermTable::Info &I, int Depth);
  std::optional<Int> evalInt(const Expr *E, const PathState &S, int Depth = 0);
  Range rangeOf(const Expr *E, const PathState &S);
  std::optional<bool> evalCond(const Expr *E, const PathState &S,
                               int Depth = 0);
  std::optional<bool> evalCompare(BinaryOperatorKind Op, const Expr *L,
                                  const Expr *R, const PathState &S);
  bool assume(const Expr *E, bool Truth, PathState &S, int Depth = 0);
  bool assumeCompare(BinaryOperatorKind Op, const Expr *L, const Expr *R,
                     bool Truth, PathState &S);
  bool constrainTerm(unsigned T, BinaryOperatorKind Op, Int C, PathState &S);
  // E as Term + Offset (Term absent: a constant), if it has that shape.
  struct Linear {
    std::optional<unsigned> Term;
    Int Offset = 0;
  };
  std::optional<Linear> linear(const Expr *E, const PathState &S,
                               int Depth = 0);
  // L Op R as "T Op C" on one term (a variable, or a difference of two).
  struct NormalCompare {
    std::optional<bool> Value; // both sides constant, or the same term
    unsigned Term = 0;
    BinaryOperatorKind Op = BO_EQ;
    Int C = 0;
  };
  std::optional<NormalCompare> normalize(BinaryOperatorKind Op, const Expr *L,
                                         const Expr *R, const PathState &S);
  // Facts about differences with V's own term, moved by V += By.
  std::vector<std::pair<unsigned, Range>> shiftedDiffs(const VarDecl *V, Int By,
                                                       const PathState &S);
  std::optional<Location> evalLValue(const Expr *E, const PathState &S,
                                     int Depth = 0);
  std::optional<Location> evalPointer(const Expr *E, const PathState &S,
                                      int Depth = 0);

  // --- facts -------------------------------------------------------------
  void forgetVar(const VarDecl *V, PathState &S);
  void forgetTerms(const std::vector<unsigned> &Ts, PathState &S);
  // Facts about globals a store through some pointer may change.
  void forgetPointerTargets(PathState &S);
  void setVar(const VarDecl *V, std::optional<Int> Value, PathState &S);
  void writeEffects(const Expr *LHS, const std::optional<Location> &L,
                    PathState &S);
  void widen(const Stmt *Loop, PathState &S);

  // --- requests ----------------------------------------------------------
  Content slot(const PathState &S, const SlotKey &K) const;
  unsigned refCount(const PathState &S, OpId Id) const;
  OpId newOp(PathState &S, const CallExpr *Site);
  const CallExpr *site(OpId Id) const { return Sites[Id / InstancesPerSite]; }
  void makeUnknown(PathState &S, OpId Id);
  void forgetBase(PathState &S, const MemBase &B, bool Ambiguous);
  void dropPointerBase(PathState &S, const VarDecl *P);
  void unidentifiedCompletion(PathState &S);
  // The thread may learn here that another one completed something (an
  // atomic load, a lock, a system call): shared operations may be done.
  void threadSync(PathState &S) { unidentifiedCompletion(S); }
  void writeRequest(PathState &S, const std::optional<Location> &L, Content C,
                    const Expr *At);
  Content requestValue(const Expr *RHS, const PathState &S);
  void collectGarbage(PathState &S);
  std::string slotName(const SlotKey &K) const;

  // --- checks ------------------------------------------------------------
  // Desc: what accesses (default: "write to 'X'" or "read of 'X'").
  void checkAccess(PathState &S, const Location &L, Int Size, bool Write,
                   const Expr *At, const std::string &Desc = "");
  bool overlaps(const Region &R, const Location &L, Int Size) const;
  void reportLost(PathState &S, OpId Id, const std::string &Name,
                  SourceLocation Loc, bool OutOfScope);
  std::vector<DiagNote> startNotes(PathState &S, OpId Id,
                                   const std::string &Tail);
  void lifetimeEnds(PathState &S, const VarDecl *V, const Stmt *Trigger);

  // --- transfer ----------------------------------------------------------
  void transfer(const Stmt *St, PathState S, std::vector<PathState> &Out);
  void handleRead(const ImplicitCastExpr *ICE, PathState &S);
  void handleAssign(const BinaryOperator *BO, PathState &S);
  void handleIncDec(const UnaryOperator *UO, PathState &S);
  void handleDecl(const VarDecl *V, PathState &S);
  void handleCall(const CallExpr *CE, PathState S, std::vector<PathState> &Out);
  void handleMPICall(const CallExpr *CE, const MPICall &C, PathState S,
                     std::vector<PathState> &Out);
  void handleCompletion(const CallExpr *CE, const MPICall &C, PathState S,
                        std::vector<PathState> &Out);
  void handleLibcAccess(const CallExpr *CE, StringRef Name, PathState &S);
  enum class CalleeKind { MPI, System, User };
  void argEffects(const CallExpr *CE, CalleeKind Kind, PathState &S,
                  int Skip = -1, bool TouchesRequests = true);
  void checkOwnOverlap(PathState &S, OpId Id);
  std::string regionAccess(const std::string &Who, const Region &R) {
    std::string Text = sourceText(R.Arg, Ctx);
    if (Text.empty())
      Text = "its buffer";
    else
      Text = "'" + Text + "'";
    return Who +
           (R.Role == BufferRole::Recv ? "receives into " : "sends from ") +
           Text;
  }
  void userCallEffects(PathState &S, const FunctionDecl *Callee);
  void rootedBuffers(const CallExpr *CE, const MPICall &C, const PathState &S,
                     std::vector<Region> &Regions);
  std::optional<Region> bufferRegion(const CallExpr *CE,
                                     const MPIBufferParam &P, PathState &S);

  // --- walk --------------------------------------------------------------
  struct Item {
    const CFGBlock *Block;
    PathState State;
  };
  std::vector<Item> Worklist;
  // Per block, the hashes of the states seen there. A collision only
  // drops a path (a missed report, never a false one).
  llvm::DenseMap<unsigned, llvm::DenseSet<uint64_t>> Visited;
  void enqueue(const CFGBlock *From, const CFGBlock *To, PathState S);
  void confirmOps(const Expr *Cond, PathState &S);
  void processBlock(const CFGBlock *B, PathState S);
};

const TypedefNameDecl *FunctionAnalysis::lookupRequestTypedef() {
  DeclContextLookupResult R =
      Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("MPI_Request"));
  for (const NamedDecl *ND : R)
    if (const auto *TD = dyn_cast<TypedefNameDecl>(ND))
      return TD;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

bool FunctionAnalysis::termShape(const Expr *E, TermTable::Info &I, int Depth) {
  if (Depth > 12)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !canHaveFacts(V))
      return false;
    I.Vars.push_back(V);
    I.ReadsGlobal |= V->hasGlobalStorage();
    return true;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_PointerToBoolean:
    case CK_ArrayToPointerDecay:
    case CK_BitCast:
    case CK_NullToPointer:
    case CK_IntegralToPointer:
    case CK_PointerToIntegral:
      return termShape(CE->getSubExpr(), I, Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Minus:
    case UO_Plus:
    case UO_Not:
    case UO_LNot:
      return termShape(UO->getSubExpr(), I, Depth + 1);
    case UO_Deref:
      I.ReadsMemory = true;
      return termShape(UO->getSubExpr(), I, Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)
      return false;
    return termShape(BO->getLHS(), I, Depth + 1) &&
           termShape(BO->getRHS(), I, Depth + 1);
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      I.ReadsMemory = true;
    return termShape(ASE->getBase(), I, Depth + 1) &&
           termShape(ASE->getIdx(), I, Depth + 1);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      I.ReadsMemory = true;
    return isa<FieldDecl>(ME->getMemberDecl()) &&
           termShape(ME->getBase(), I, Depth + 1);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return termShape(CO->getCond(), I, Depth + 1) &&
           termShape(CO->getTrueExpr(), I, Depth + 1) &&
           termShape(CO->getFalseExpr(), I, Depth + 1);
  return false;
}

std::optional<unsigned> FunctionAnalysis::termOf(const Expr *E,
                                                 const PathState &S) {
  // Value-preserving wrappers do not make a different term.
  for (;;) {
    E = E->IgnoreParens();
    const auto *CE = dyn_cast<CastExpr>(E);
    if (!CE ||
        !(CE->getCastKind() == CK_LValueToRValue ||
          CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_IntegralCast))
      break;
    E = CE->getSubExpr();
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && canHaveFacts(V) && !V->getType()->isArrayType() &&
        !V->getType()->isRecordType())
      return Terms.varTerm(V);
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (CE->getDirectCallee() && E->getType()->isIntegralOrEnumerationType())
      return Terms.callTerm(CE);
    return std::nullopt;
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    // An element of a local at a known place: the same term however it is
    // written (done[0], done[i] with i == 0).
    QualType T = E->getType();
    if (T->isIntegralOrEnumerationType() || T->isPointerType())
      if (auto L = evalLValue(E, S))
        if (L->Offset && !L->Base.Deref && canHaveFacts(L->Base.Var))
          if (auto Size = sizeOf(T, Ctx))
            return Terms.locTerm(L->Base.Var, *L->Offset, *Size);
  }
  TermTable::Info I;
  if (!termShape(E, I, 0) || I.Vars.empty())
    return std::nullopt;
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  return Terms.exprTerm(ID, std::move(I));
}

std::optional<Int> FunctionAnalysis::evalInt(const Expr *E, const PathState &S,
                                             int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (E->getType()->isIntegralOrEnumerationType() && !E->HasSideEffects(Ctx)) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.isRepresentableByInt64())
        return V.getExtValue();
      return std::nullopt;
    }
  }
  auto Known = [&](const Expr *X) -> std::optional<Int> {
    if (auto T = termOf(X, S)) {
      auto It = S.Facts.find(*T);
      if (It != S.Facts.end())
        return It->second.exact();
    }
    return std::nullopt;
  };
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
      return Known(CE);
    case CK_NoOp:
    case CK_IntegralCast:
      return evalInt(CE->getSubExpr(), S, Depth + 1);
    case CK_IntegralToBoolean:
      if (auto V = evalInt(CE->getSubExpr(), S, Depth + 1))
        return *V != 0;
      return std::nullopt;
    default:
      return Known(CE);
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = evalInt(UO->getSubExpr(), S, Depth + 1);
    if (!V)
      return UO->getOpcode() == UO_LNot ? std::nullopt : Known(UO);
    switch (UO->getOpcode()) {
    case UO_Minus:
      return *V == NegInf ? std::nullopt : std::optional<Int>(-*V);
    case UO_Plus:
      return V;
    case UO_Not:
      return ~*V;
    case UO_LNot:
      return *V == 0;
    default:
      return std::nullopt;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isComparisonOp() || BO->isLogicalOp()) {
      if (auto C = evalCond(BO, S, Depth + 1))
        return *C ? 1 : 0;
      return std::nullopt;
    }
    auto L = evalInt(BO->getLHS(), S, Depth + 1);
    auto R = L ? evalInt(BO->getRHS(), S, Depth + 1) : std::nullopt;
    if (!L || !R)
      return Known(BO);
    Int Out;
    switch (BO->getOpcode()) {
    case BO_Add:
      if (__builtin_add_overflow(*L, *R, &Out))
        return std::nullopt;
      return Out;
    case BO_Sub:
      if (__builtin_sub_overflow(*L, *R, &Out))
        return std::nullopt;
      return Out;
    case BO_Mul:
      if (__builtin_mul_overflow(*L, *R, &Out))
        return std::nullopt;
      return Out;
    case BO_Div:
      if (*R == 0 || (*L == NegInf && *R == -1))
        return std::nullopt;
      return *L / *R;
    case BO_Rem:
      if (*R == 0 || (*L == NegInf && *R == -1))
        return std::nullopt;
      return *L % *R;
    case BO_And:
      return *L & *R;
    case BO_Or:
      return *L | *R;
    case BO_Xor:
      return *L ^ *R;
    case BO_Shl:
      if (*R < 0 || *R > 62 || *L < 0 || *L > (PosInf >> *R))
        return std::nullopt;
      return *L << *R;
    case BO_Shr:
      if (*R < 0 || *R > 63)
        return std::nullopt;
      return *L >> *R;
    default:
      return std::nullopt;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (auto C = evalCond(CO->getCond(), S, Depth + 1))
      return evalInt(*C ? CO->getTrueExpr() : CO->getFalseExpr(), S, Depth + 1);
    return Known(CO);
  }
  return Known(E);
}

Range FunctionAnalysis::rangeOf(const Expr *E, const PathState &S) {
  Range R;
  if (auto V = evalInt(E, S)) {
    R.Lo = R.Hi = *V;
    return R;
  }
  if (auto T = termOf(E, S)) {
    auto It = S.Facts.find(*T);
    if (It != S.Facts.end())
      return It->second;
  }
  return R;
}

std::optional<FunctionAnalysis::Linear>
FunctionAnalysis::linear(const Expr *E, const PathState &S, int Depth) {
  if (Depth > 8)
    return std::nullopt;
  if (auto V = evalInt(E, S))
    return Linear{std::nullopt, *V};
  const Expr *X = E->IgnoreParens();
  while (const auto *CE = dyn_cast<ImplicitCastExpr>(X)) {
    if (CE->getCastKind() != CK_IntegralCast && CE->getCastKind() != CK_NoOp)
      break;
    X = CE->getSubExpr()->IgnoreParens();
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
    if (BO->isAdditiveOp() && BO->getType()->isIntegralOrEnumerationType()) {
      bool Sub = BO->getOpcode() == BO_Sub;
      auto C = evalInt(BO->getRHS(), S);
      const Expr *Rest = BO->getLHS();
      if (!C && !Sub) {
        C = evalInt(BO->getLHS(), S);
        Rest = BO->getRHS();
      }
      if (C) {
        auto L = linear(Rest, S, Depth + 1);
        Int Out;
        if (L && !(Sub ? __builtin_sub_overflow(L->Offset, *C, &Out)
                       : __builtin_add_overflow(L->Offset, *C, &Out)))
          return Linear{L->Term, Out};
        return std::nullopt;
      }
    }
  }
  if (auto T = termOf(E, S))
    return Linear{T, 0};
  return std::nullopt;
}

std::optional<FunctionAnalysis::NormalCompare>
FunctionAnalysis::normalize(BinaryOperatorKind Op, const Expr *L, const Expr *R,
                            const PathState &S) {
  auto A = linear(L, S), B = linear(R, S);
  if (!A || !B)
    return std::nullopt;
  NormalCompare N;
  Int C;
  if (!A->Term && !B->Term) {
    N.Value = compareValues(A->Offset, Op, B->Offset);
    return N;
  }
  if (A->Term && B->Term && *A->Term == *B->Term) {
    N.Value = compareValues(A->Offset, Op, B->Offset);
    return N;
  }
  // TA + a Op TB + b  <=>  TA - TB Op b - a
  if (!B->Term) {
    if (__builtin_sub_overflow(B->Offset, A->Offset, &C))
      return std::nullopt;
    N.Term = *A->Term;
    N.Op = Op;
  } else if (!A->Term) {
    if (__builtin_sub_overflow(A->Offset, B->Offset, &C))
      return std::nullopt;
    N.Term = *B->Term;
    N.Op = swapComparison(Op);
  } else if (*A->Term < *B->Term) {
    if (__builtin_sub_overflow(B->Offset, A->Offset, &C))
      return std::nullopt;
    N.Term = Terms.diffTerm(*A->Term, *B->Term);
    N.Op = Op;
  } else {
    if (__builtin_sub_overflow(A->Offset, B->Offset, &C))
      return std::nullopt;
    N.Term = Terms.diffTerm(*B->Term, *A->Term);
    N.Op = swapComparison(Op);
  }
  N.C = C;
  return N;
}

std::optional<bool> FunctionAnalysis::evalCompare(BinaryOperatorKind Op,
                                                  const Expr *L, const Expr *R,
                                                  const PathState &S) {
  auto N = normalize(Op, L, R, S);
  if (!N)
    return std::nullopt;
  if (N->Value)
    return N->Value;
  auto It = S.Facts.find(N->Term);
  if (It == S.Facts.end())
    return std::nullopt;
  return decide(It->second, N->Op, N->C);
}

std::optional<bool> FunctionAnalysis::evalCond(const Expr *E,
                                               const PathState &S, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E))
    if (CE->getCastKind() == CK_IntegralToBoolean ||
        CE->getCastKind() == CK_PointerToBoolean ||
        CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_IntegralCast)
      return evalCond(CE->getSubExpr(), S, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot) {
      if (auto C = evalCond(UO->getSubExpr(), S, Depth + 1))
        return !*C;
      return std::nullopt;
    }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      bool IsAnd = BO->getOpcode() == BO_LAnd;
      auto L = evalCond(BO->getLHS(), S, Depth + 1);
      if (L && *L != IsAnd)
        return !IsAnd;
      auto R = evalCond(BO->getRHS(), S, Depth + 1);
      if (R && *R != IsAnd)
        return !IsAnd;
      if (L && R)
        return IsAnd;
      return std::nullopt;
    }
    if (BO->isComparisonOp())
      return evalCompare(BO->getOpcode(), BO->getLHS(), BO->getRHS(), S);
  }
  return decide(rangeOf(E, S), BO_NE, 0);
}

bool FunctionAnalysis::constrainTerm(unsigned T, BinaryOperatorKind Op, Int C,
                                     PathState &S) {
  Range R;
  auto It = S.Facts.find(T);
  if (It != S.Facts.end())
    R = It->second;
  if (!constrainRange(R, Op, C))
    return false;
  if (R.isFull())
    S.Facts.erase(T);
  else
    S.Facts[T] = R;
  return true;
}

bool FunctionAnalysis::assumeCompare(BinaryOperatorKind Op, const Expr *L,
                                     const Expr *R, bool Truth, PathState &S) {
  if (!Truth)
    Op = negateComparison(Op);
  auto N = normalize(Op, L, R, S);
  if (!N)
    return true;
  if (N->Value)
    return *N->Value;
  return constrainTerm(N->Term, N->Op, N->C, S);
}

std::vector<std::pair<unsigned, Range>>
FunctionAnalysis::shiftedDiffs(const VarDecl *V, Int By, const PathState &S) {
  std::vector<std::pair<unsigned, Range>> Out;
  if (!canHaveFacts(V) || !V->getType()->isIntegralOrEnumerationType())
    return Out;
  unsigned Own = *Terms.varTerm(V);
  for (unsigned T : Terms.termsOf(V)) {
    const TermTable::Info &I = Terms.info(T);
    if (I.DiffA < 0)
      continue;
    int Other = I.DiffA == (int)Own   ? I.DiffB
                : I.DiffB == (int)Own ? I.DiffA
                                      : -1;
    if (Other < 0 || llvm::is_contained(Terms.info(Other).Vars, V))
      continue;
    auto F = S.Facts.find(T);
    if (F == S.Facts.end())
      continue;
    Range R = F->second;
    R.shift(I.DiffA == (int)Own ? By : -By);
    if (!R.isFull())
      Out.push_back({T, R});
  }
  return Out;
}

bool FunctionAnalysis::assume(const Expr *E, bool Truth, PathState &S,
                              int Depth) {
  if (Depth > 16)
    return true;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E))
    if (CE->getCastKind() == CK_IntegralToBoolean ||
        CE->getCastKind() == CK_PointerToBoolean ||
        CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_IntegralCast)
      return assume(CE->getSubExpr(), Truth, S, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot)
      return assume(UO->getSubExpr(), !Truth, S, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      bool IsAnd = BO->getOpcode() == BO_LAnd;
      if (Truth == IsAnd) // both sides take the value
        return assume(BO->getLHS(), Truth, S, Depth + 1) &&
               assume(BO->getRHS(), Truth, S, Depth + 1);
      auto L = evalCond(BO->getLHS(), S), R = evalCond(BO->getRHS(), S);
      if (L && *L == IsAnd)
        return assume(BO->getRHS(), Truth, S, Depth + 1);
      if (R && *R == IsAnd)
        return assume(BO->getLHS(), Truth, S, Depth + 1);
      return true;
    }
    if (BO->isComparisonOp())
      return assumeCompare(BO->getOpcode(), BO->getLHS(), BO->getRHS(), Truth,
                           S);
  }
  if (auto V = evalInt(E, S))
    return (*V != 0) == Truth;
  auto T = termOf(E, S);
  return !T || constrainTerm(*T, Truth ? BO_NE : BO_EQ, 0, S);
}

std::optional<Location>
FunctionAnalysis::evalLValue(const Expr *E, const PathState &S, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || V->getType()->isReferenceType())
      return std::nullopt;
    return Location{MemBase{V, false}, Int(0)};
  }
  auto Add = [](Location L, std::optional<Int> By) {
    if (L.Offset && By && !__builtin_add_overflow(*L.Offset, *By, &*L.Offset))
      return L;
    L.Offset.reset();
    return L;
  };
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    auto P = evalPointer(ASE->getBase(), S, Depth + 1);
    if (!P)
      return std::nullopt;
    auto Idx = evalInt(ASE->getIdx(), S);
    auto Elem = sizeOf(ASE->getType(), Ctx);
    std::optional<Int> By;
    Int Prod;
    if (Idx && Elem && !__builtin_mul_overflow(*Idx, *Elem, &Prod))
      By = Prod;
    return Add(*P, By);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField())
      return std::nullopt;
    auto P = ME->isArrow() ? evalPointer(ME->getBase(), S, Depth + 1)
                           : evalLValue(ME->getBase(), S, Depth + 1);
    if (!P)
      return std::nullopt;
    const RecordDecl *RD = FD->getParent();
    if (RD->isInvalidDecl() || !RD->getDefinition())
      return std::nullopt;
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    return Add(*P, Int(RL.getFieldOffset(FD->getFieldIndex()) / 8));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return evalPointer(UO->getSubExpr(), S, Depth + 1);
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (IC->getCastKind() == CK_NoOp)
      return evalLValue(IC->getSubExpr(), S, Depth + 1);
  return std::nullopt;
}

std::optional<Location>
FunctionAnalysis::evalPointer(const Expr *E, const PathState &S, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return evalLValue(CE->getSubExpr(), S, Depth + 1);
    case CK_NoOp:
    case CK_BitCast:
      return evalPointer(CE->getSubExpr(), S, Depth + 1);
    case CK_LValueToRValue: {
      const auto *DRE = dyn_cast<DeclRefExpr>(CE->getSubExpr()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (V && isPointerBase(V)) {
        auto It = S.Pointees.find(V);
        if (It != S.Pointees.end())
          return It->second;
        return Location{MemBase{V, true}, Int(0)};
      }
      return std::nullopt;
    }
    default:
      return std::nullopt;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      return evalLValue(UO->getSubExpr(), S, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (!BO->isAdditiveOp())
      return std::nullopt;
    const Expr *Ptr = BO->getLHS(), *Num = BO->getRHS();
    if (!Ptr->getType()->isPointerType())
      std::swap(Ptr, Num);
    if (!Ptr->getType()->isPointerType() || Num->getType()->isPointerType())
      return std::nullopt;
    auto P = evalPointer(Ptr, S, Depth + 1);
    if (!P)
      return std::nullopt;
    auto N = evalInt(Num, S);
    auto Elem = sizeOf(Ptr->getType()->getPointeeType(), Ctx);
    Int By;
    if (!N || !Elem || __builtin_mul_overflow(*N, *Elem, &By) ||
        (BO->getOpcode() == BO_Sub && By == NegInf) || !P->Offset ||
        __builtin_add_overflow(*P->Offset, BO->getOpcode() == BO_Sub ? -By : By,
                               &*P->Offset))
      P->Offset.reset();
    return P;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Facts
//===----------------------------------------------------------------------===//

void FunctionAnalysis::forgetTerms(const std::vector<unsigned> &Ts,
                                   PathState &S) {
  if (S.Facts.empty())
    return;
  for (unsigned T : Ts)
    S.Facts.erase(T);
}

void FunctionAnalysis::forgetPointerTargets(PathState &S) {
  forgetTerms(Terms.memoryTerms(), S);
  for (unsigned T : Terms.globalTerms())
    for (const VarDecl *V : Terms.info(T).Vars)
      if (V->hasGlobalStorage() && Globals.addressTaken(V))
        S.Facts.erase(T);
}

void FunctionAnalysis::forgetVar(const VarDecl *V, PathState &S) {
  forgetTerms(Terms.termsOf(V), S);
}

void FunctionAnalysis::setVar(const VarDecl *V, std::optional<Int> Value,
                              PathState &S) {
  forgetVar(V, S);
  if (Value && canHaveFacts(V))
    if (auto T = Terms.varTerm(V)) {
      Range R;
      R.assign(*Value);
      S.Facts[*T] = R;
    }
}

// A store to LHS (at L if known): what facts and names it invalidates.
void FunctionAnalysis::writeEffects(const Expr *LHS,
                                    const std::optional<Location> &L,
                                    PathState &S) {
  if (L && !L->Base.Deref) {
    const VarDecl *V = L->Base.Var;
    Int Size = sizeOf(LHS->getType(), Ctx).value_or(0);
    if (L->Offset && Size > 0 && !S.Facts.empty()) {
      // An element: facts about the other elements stay.
      for (unsigned T : Terms.termsOf(V)) {
        const TermTable::Info &I = Terms.info(T);
        if (I.LocVar == V && (I.LocOffset + I.LocSize <= *L->Offset ||
                              *L->Offset + Size <= I.LocOffset))
          continue;
        S.Facts.erase(T);
      }
    } else {
      forgetVar(V, S);
    }
    if (isPointerBase(V))
      dropPointerBase(S, V);
    return;
  }
  // Through a pointer, or somewhere unknown: it may be any global or
  // anything read through a pointer.
  QualType T = LHS->getType().getCanonicalType();
  if (T->isRealFloatingType() || T->isAnyComplexType())
    return;
  forgetPointerTargets(S);
}

void FunctionAnalysis::widen(const Stmt *Loop, PathState &S) {
  auto It = Scan.Loops.find(Loop);
  if (It == Scan.Loops.end())
    return;
  for (const VarDecl *V : It->second.RequestVars) {
    forgetBase(S, MemBase{V, false}, /*Ambiguous=*/true);
    forgetBase(S, MemBase{V, true}, /*Ambiguous=*/true);
  }
  for (const auto &[V, Dir] : It->second.Changed) {
    std::optional<unsigned> Own =
        canHaveFacts(V) && !V->getType()->isArrayType() ? Terms.varTerm(V)
                                                        : std::nullopt;
    std::optional<Range> Kept;
    if (Own) {
      auto F = S.Facts.find(*Own);
      if (F != S.Facts.end() && Dir != 0) {
        // Widen to the nearest constant the function compares V with.
        const std::vector<Int> &Th = Scan.Thresholds.lookup(V);
        Range R;
        if (Dir > 0) {
          R.Lo = NegInf;
          for (Int C : Th)
            if (C <= F->second.Lo && C > R.Lo)
              R.Lo = C;
          for (Int C : {Int(-1), Int(0), Int(1)})
            if (C <= F->second.Lo && C > R.Lo)
              R.Lo = C;
        } else {
          R.Hi = PosInf;
          for (Int C : Th)
            if (C >= F->second.Hi && C < R.Hi)
              R.Hi = C;
          for (Int C : {Int(-1), Int(0), Int(1)})
            if (C >= F->second.Hi && C < R.Hi)
              R.Hi = C;
        }
        if (!R.isFull())
          Kept = R;
      }
    }
    forgetVar(V, S);
    if (Kept)
      S.Facts[*Own] = *Kept;
  }
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

Content FunctionAnalysis::slot(const PathState &S, const SlotKey &K) const {
  auto It = S.Slots.find(K);
  if (It != S.Slots.end())
    return It->second;
  auto D = S.Defaults.find(K.first);
  if (D != S.Defaults.end())
    return Content::of(D->second);
  return Content::of(Content::Unknown);
}

unsigned FunctionAnalysis::refCount(const PathState &S, OpId Id) const {
  unsigned N = 0;
  for (const auto &[K, C] : S.Slots)
    N += C.K == Content::Op && C.Id == Id;
  for (const auto &[B, Set] : S.Symbolic)
    N += Set.count(Id);
  return N;
}

OpId FunctionAnalysis::newOp(PathState &S, const CallExpr *Site) {
  auto [It, New] = SiteIndex.try_emplace(Site, Sites.size());
  if (New)
    Sites.push_back(Site);
  OpId Base = It->second * InstancesPerSite;
  for (OpId I = 0; I < InstancesPerSite; ++I)
    if (!S.Ops.count(Base + I))
      return Base + I;
  // Too many live operations from one call (a loop): forget them all.
  for (OpId I = 0; I < InstancesPerSite; ++I) {
    for (auto &[K, C] : S.Slots)
      if (C.K == Content::Op && C.Id == Base + I)
        C = Content::of(Content::Unknown);
    for (auto &[B, Set] : S.Symbolic)
      Set.erase(Base + I);
    S.Ops.erase(Base + I);
  }
  return Base;
}

void FunctionAnalysis::makeUnknown(PathState &S, OpId Id) {
  auto It = S.Ops.find(Id);
  if (It != S.Ops.end())
    It->second.St = Operation::Unknown;
}

// Forgets the requests held in B. Ambiguous: they may still be there, but
// which is where is not known (a store at an unknown index).
void FunctionAnalysis::forgetBase(PathState &S, const MemBase &B,
                                  bool Ambiguous) {
  for (auto It = S.Slots.lower_bound({B, NegInf});
       It != S.Slots.end() && It->first.first == B;) {
    if (It->second.K == Content::Op)
      makeUnknown(S, It->second.Id);
    It = S.Slots.erase(It);
  }
  auto D = S.Defaults.find(B);
  if (D != S.Defaults.end())
    D->second = Content::Unknown;
  if (!Ambiguous) {
    auto Sym = S.Symbolic.find(B);
    if (Sym != S.Symbolic.end()) {
      for (OpId Id : Sym->second)
        makeUnknown(S, Id);
      S.Symbolic.erase(Sym);
    }
  }
}

// P now points elsewhere: buffers and requests named through it are lost.
void FunctionAnalysis::dropPointerBase(PathState &S, const VarDecl *P) {
  MemBase B{P, true};
  S.Pointees.erase(P);
  forgetBase(S, B, /*Ambiguous=*/false);
  for (auto &[Id, Op] : S.Ops)
    llvm::erase_if(Op.Regions, [&](const Region &R) { return R.Base == B; });
}

// A completion through a handle the analysis cannot name: any operation
// whose handle is also elsewhere may be the one completed.
void FunctionAnalysis::unidentifiedCompletion(PathState &S) {
  for (auto &[Id, Op] : S.Ops)
    if (Op.Shared)
      Op.St = Operation::Unknown;
}

Content FunctionAnalysis::requestValue(const Expr *RHS, const PathState &S) {
  if (isNullRequest(RHS, Ctx))
    return Content::of(Content::Null);
  const Expr *E = RHS->IgnoreParenImpCasts();
  if (isRequestType(E->getType(), Ctx))
    if (auto L = evalLValue(E, S))
      if (L->Offset && isTrackedRequestBase(L->Base)) {
        Content C = slot(S, {L->Base, *L->Offset});
        if (C.K == Content::Op)
          return C;
      }
  return Content::of(Content::Unknown);
}

void FunctionAnalysis::writeRequest(PathState &S,
                                    const std::optional<Location> &L, Content C,
                                    const Expr *At) {
  if (!L || !isTrackedRequestBase(L->Base)) {
    // Stored where the analysis cannot follow it.
    if (C.K == Content::Op)
      S.Ops[C.Id].Shared = true;
    return;
  }
  if (!L->Offset) {
    forgetBase(S, L->Base, /*Ambiguous=*/true);
    if (C.K == Content::Op)
      S.Symbolic[L->Base].insert(C.Id);
    if (!isOwnBase(L->Base) && C.K == Content::Op)
      S.Ops[C.Id].Shared = true;
    return;
  }
  SlotKey K{L->Base, *L->Offset};
  Content Old = slot(S, K);
  if (Old.K == Content::Op && !(C.K == Content::Op && C.Id == Old.Id)) {
    std::string Name = At ? sourceText(At, Ctx) : "";
    if (Name.size() > 1 && Name[0] == '&')
      Name = Name.substr(1);
    if (Name.empty())
      Name = slotName(K);
    reportLost(S, Old.Id, Name, At ? At->getExprLoc() : SourceLocation(),
               /*OutOfScope=*/false);
  }
  S.Slots[K] = C;
  if (!isOwnBase(L->Base) && C.K == Content::Op)
    S.Ops[C.Id].Shared = true;
}

void FunctionAnalysis::collectGarbage(PathState &S) {
  for (auto It = S.Ops.begin(); It != S.Ops.end();) {
    const Operation &Op = It->second;
    bool Live = Op.St == Operation::Pending && !Op.Regions.empty();
    if (!Live && refCount(S, It->first) == 0)
      It = S.Ops.erase(It);
    else
      ++It;
  }
}

std::string FunctionAnalysis::slotName(const SlotKey &K) const {
  const VarDecl *V = K.first.Var;
  std::string Name = V->getName().str();
  QualType T = V->getType();
  if (K.first.Deref) {
    T = T->getPointeeType();
    if (K.second == 0)
      return "*" + Name;
    return Name + "[" + std::to_string(K.second / RequestSize) + "]";
  }
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    if (isRequestType(AT->getElementType(), Ctx))
      return Name + "[" + std::to_string(K.second / RequestSize) + "]";
  return Name;
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

bool FunctionAnalysis::overlaps(const Region &R, const Location &L,
                                Int Size) const {
  if (R.Base != L.Base || R.SureLen <= 0 || !R.Offset)
    return false;
  if (Size <= 0)
    Size = 1;
  if (L.Offset)
    return *L.Offset < *R.Offset + R.SureLen && *R.Offset < *L.Offset + Size;
  // Somewhere in the object: certain only if the buffer is all of it.
  if (R.Base.Deref || *R.Offset != 0)
    return false;
  auto Whole = sizeOf(R.Base.Var->getType(), Ctx);
  return Whole && R.SureLen >= *Whole;
}

std::vector<DiagNote> FunctionAnalysis::startNotes(PathState &S, OpId Id,
                                                   const std::string &Tail) {
  std::vector<DiagNote> Notes;
  const Operation &Op = S.Ops[Id];
  const CallExpr *Site = site(Id);
  const CallExpr *Started = Op.Started ? Op.Started : Site;
  std::string What = calleeName(Site);
  if (Started != Site) {
    Notes.push_back(
        {Started->getExprLoc(),
         calleeName(Started) + " starts the " + What + " request here" + Tail});
    Notes.push_back({Site->getExprLoc(), "the request was created here"});
  } else {
    Notes.push_back({Site->getExprLoc(), What + " started here" + Tail});
  }
  return Notes;
}

// MPI_Isendrecv(buf, ..., buf + 2, ...): one operation receiving into
// memory it also sends from or receives into.
void FunctionAnalysis::checkOwnOverlap(PathState &S, OpId Id) {
  const Operation &Op = S.Ops[Id];
  for (size_t I = 0; I < Op.Regions.size(); ++I)
    for (size_t J = 0; J < Op.Regions.size(); ++J) {
      const Region &W = Op.Regions[I], &O = Op.Regions[J];
      if (I == J || W.Role != BufferRole::Recv || W.SureLen <= 0 ||
          !overlaps(O, Location{W.Base, W.Offset}, W.SureLen))
        continue;
      Check C = O.Role == BufferRole::Recv ? Check::RecvBufferAccess
                                           : Check::SendBufferWrite;
      std::string What = calleeName(site(Id));
      Rep.report(C, W.Arg->getExprLoc(), W.Arg->getSourceRange(),
                 "the receive buffer of " + What + " overlaps its " +
                     (O.Role == BufferRole::Recv ? "other receive" : "send") +
                     " buffer; the buffers of one operation must be disjoint",
                 {}, W.Arg);
      return;
    }
}

void FunctionAnalysis::checkAccess(PathState &S, const Location &L, Int Size,
                                   bool Write, const Expr *At,
                                   const std::string &Desc) {
  for (auto &[Id, Op] : S.Ops) {
    // A handle other code can reach (a global, a static, memory behind a
    // pointer, a copy handed on) may be completed there, by another
    // function or thread, at any time: its buffers are not checked.
    if (Op.St != Operation::Pending || Op.Unconfirmed || Op.Shared)
      continue;
    for (const Region &R : Op.Regions) {
      if (!Write && R.Role != BufferRole::Recv)
        continue;
      if (!overlaps(R, L, Size))
        continue;
      Check C = R.Role == BufferRole::Recv ? Check::RecvBufferAccess
                                           : Check::SendBufferWrite;
      if (!Rep.enabled(C))
        break;
      std::string Text = sourceText(At, Ctx);
      std::string Buf = sourceText(R.Arg, Ctx);
      std::string What = calleeName(site(Id));
      std::string Msg = Desc;
      if (Msg.empty())
        Msg = std::string(Write ? "write to " : "read of ") +
              (Text.empty() ? std::string("memory") : "'" + Text + "'");
      Msg += std::string(", ") +
             (R.Role == BufferRole::Send   ? "the send buffer"
              : R.Role == BufferRole::Recv ? "the receive buffer"
                                           : "a buffer") +
             (Buf.empty() ? std::string() : " '" + Buf + "'") +
             " of a pending " + What + "; complete the request first";
      Rep.report(C, At->getExprLoc(), At->getSourceRange(), Msg,
                 startNotes(S, Id, "; it is not completed on this path"),
                 site(Id));
      break;
    }
  }
}

void FunctionAnalysis::reportLost(PathState &S, OpId Id,
                                  const std::string &Name, SourceLocation Loc,
                                  bool OutOfScope) {
  auto It = S.Ops.find(Id);
  if (It == S.Ops.end() || It->second.St != Operation::Pending ||
      It->second.Shared || It->second.Unconfirmed || refCount(S, Id) != 1 ||
      Loc.isInvalid())
    return;
  std::string What = calleeName(site(Id));
  std::string Msg = "request '" + Name + "' of a pending " + What +
                    (OutOfScope ? " goes out of scope" : " is overwritten") +
                    " before the request is completed; the operation can no "
                    "longer be waited for";
  Rep.report(Check::LostRequest, Loc, SourceRange(), Msg, startNotes(S, Id, ""),
             site(Id));
}

void FunctionAnalysis::lifetimeEnds(PathState &S, const VarDecl *V,
                                    const Stmt *Trigger) {
  SourceLocation Loc = V->getLocation();
  if (Trigger) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Trigger))
      Loc = CS->getRBracLoc();
    else
      Loc = Trigger->getBeginLoc();
  }
  MemBase B{V, false};
  // A stack buffer of an operation that may still run.
  if (V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
    for (auto &[Id, Op] : S.Ops) {
      bool Uses = llvm::any_of(Op.Regions,
                               [&](const Region &R) { return R.Base == B; });
      if (Uses && Op.St == Operation::Pending && !Op.Unconfirmed) {
        std::string What = calleeName(site(Id));
        Rep.report(Check::StackBufferOutOfScope, Loc, SourceRange(),
                   "stack buffer '" + V->getName().str() +
                       "' goes out of scope while the " + What +
                       " using it is not completed",
                   startNotes(S, Id, "; it is not completed on this path"),
                   site(Id));
      }
      llvm::erase_if(Op.Regions, [&](const Region &R) { return R.Base == B; });
    }
  }
  // Requests held only here are lost.
  for (auto It = S.Slots.lower_bound({B, NegInf});
       It != S.Slots.end() && It->first.first == B; ++It)
    if (It->second.K == Content::Op)
      reportLost(S, It->second.Id, slotName(It->first), Loc, true);
  auto Sym = S.Symbolic.find(B);
  if (Sym != S.Symbolic.end())
    for (OpId Id : Sym->second)
      reportLost(S, Id, V->getName().str() + "[...]", Loc, true);
  for (auto It = S.Slots.lower_bound({B, NegInf});
       It != S.Slots.end() && It->first.first == B;)
    It = S.Slots.erase(It);
  S.Symbolic.erase(B);
  S.Defaults.erase(B);
  if (isPointerBase(V))
    dropPointerBase(S, V);
  forgetVar(V, S);
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

void FunctionAnalysis::handleRead(const ImplicitCastExpr *ICE, PathState &S) {
  const Expr *LV = ICE->getSubExpr();
  auto L = evalLValue(LV, S);
  if (L)
    checkAccess(S, *L, sizeOf(LV->getType(), Ctx).value_or(1), false, LV);
  // A flag another thread sets (volatile int done; _Atomic int ready).
  if (LV->getType().isVolatileQualified() || LV->getType()->isAtomicType())
    threadSync(S);
  if (!isRequestType(LV->getType(), Ctx) || !L || !L->Offset ||
      !isTrackedRequestBase(L->Base))
    return;
  Content C = slot(S, {L->Base, *L->Offset});
  if (C.K != Content::Op)
    return;
  // A copy of the handle: where does it go?
  const Stmt *P = PM.getParentIgnoreParenCasts(ICE);
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
    if (BO->isComparisonOp() ||
        (BO->getOpcode() == BO_Assign &&
         BO->getRHS()->IgnoreParenCasts() == ICE->IgnoreParenCasts()))
      return; // compared, or handled by the assignment
  }
  if (P && (isa<DeclStmt>(P) || isa<CallExpr>(P)))
    return; // handled by the declaration or the call
  S.Ops[C.Id].Shared = true;
}

void FunctionAnalysis::handleAssign(const BinaryOperator *BO, PathState &S) {
  const Expr *LHS = BO->getLHS();
  auto L = evalLValue(LHS, S);
  Int Size = sizeOf(LHS->getType(), Ctx).value_or(1);
  if (L) {
    if (BO->isCompoundAssignmentOp())
      checkAccess(S, *L, Size, false, LHS);
    checkAccess(S, *L, Size, true, LHS);
  }
  if (isRequestType(LHS->getType(), Ctx)) {
    Content C = BO->getOpcode() == BO_Assign ? requestValue(BO->getRHS(), S)
                                             : Content::of(Content::Unknown);
    writeRequest(S, L, C, LHS);
    writeEffects(LHS, L, S);
    return;
  }
  // The new value, computed before what the store invalidates is forgotten.
  std::optional<unsigned> Target;
  const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  if (!DRE ||
      (!DRE->getType()->isArrayType() && !DRE->getType()->isRecordType()))
    if (!isa<CallExpr>(LHS->IgnoreParenImpCasts()))
      Target = termOf(LHS, S);
  if (Target && Terms.info(*Target).Var == nullptr &&
      Terms.info(*Target).LocVar == nullptr)
    Target.reset(); // only variables and elements are assigned a value
  Range New;
  std::vector<std::pair<unsigned, Range>> Diffs;
  if (Target) {
    if (BO->getOpcode() == BO_Assign) {
      New = rangeOf(BO->getRHS(), S);
    } else if (BO->getOpcode() == BO_AddAssign ||
               BO->getOpcode() == BO_SubAssign) {
      auto By = evalInt(BO->getRHS(), S);
      Range R = rangeOf(LHS, S);
      if (By && *By != NegInf) {
        Int Delta = BO->getOpcode() == BO_AddAssign ? *By : -*By;
        if (!R.isFull()) {
          R.shift(Delta);
          New = R;
        }
        if (Terms.info(*Target).Var)
          Diffs = shiftedDiffs(Terms.info(*Target).Var, Delta, S);
      }
    }
  }
  // p = buf + 2: where a local pointer points.
  std::optional<Location> Pointee;
  const VarDecl *PV = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (PV && isPointerBase(PV)) {
    if (BO->getOpcode() == BO_Assign) {
      Pointee = evalPointer(BO->getRHS(), S);
    } else if (BO->getOpcode() == BO_AddAssign ||
               BO->getOpcode() == BO_SubAssign) {
      auto It = S.Pointees.find(PV);
      auto N = evalInt(BO->getRHS(), S);
      auto Elem = sizeOf(PV->getType()->getPointeeType(), Ctx);
      if (It != S.Pointees.end()) {
        Pointee = It->second;
        Int By;
        if (!N || !Elem || !Pointee->Offset ||
            __builtin_mul_overflow(*N, *Elem, &By) || By == NegInf ||
            __builtin_add_overflow(*Pointee->Offset,
                                   BO->getOpcode() == BO_AddAssign ? By : -By,
                                   &*Pointee->Offset))
          Pointee->Offset.reset();
      }
    }
  }
  writeEffects(LHS, L, S);
  if (Target && !New.isFull())
    S.Facts[*Target] = New;
  for (auto &[T, R] : Diffs)
    S.Facts[T] = R;
  if (Pointee && !(Pointee->Base.Deref && Pointee->Base.Var == PV))
    S.Pointees[PV] = *Pointee;
}

void FunctionAnalysis::handleIncDec(const UnaryOperator *UO, PathState &S) {
  const Expr *Sub = UO->getSubExpr();
  auto L = evalLValue(Sub, S);
  Int Size = sizeOf(Sub->getType(), Ctx).value_or(1);
  if (L) {
    checkAccess(S, *L, Size, false, Sub);
    checkAccess(S, *L, Size, true, Sub);
  }
  const auto *PDRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts());
  const VarDecl *PV = PDRE ? dyn_cast<VarDecl>(PDRE->getDecl()) : nullptr;
  if (PV && isPointerBase(PV)) {
    auto It = S.Pointees.find(PV);
    std::optional<Location> Pointee;
    if (It != S.Pointees.end()) {
      Pointee = It->second;
      auto Elem = sizeOf(PV->getType()->getPointeeType(), Ctx);
      if (Elem && Pointee->Offset)
        *Pointee->Offset += UO->isIncrementOp() ? *Elem : -*Elem;
      else
        Pointee->Offset.reset();
    }
    writeEffects(Sub, L, S);
    if (Pointee)
      S.Pointees[PV] = *Pointee;
    return;
  }
  std::optional<unsigned> Target;
  std::optional<Range> After;
  std::vector<std::pair<unsigned, Range>> Diffs;
  if (PV)
    Diffs = shiftedDiffs(PV, UO->isIncrementOp() ? 1 : -1, S);
  if (Sub->getType()->isIntegralOrEnumerationType()) {
    Target = termOf(Sub, S);
    if (Target && (Terms.info(*Target).Var || Terms.info(*Target).LocVar)) {
      Range R = rangeOf(Sub, S);
      if (!R.isFull()) {
        R.shift(UO->isIncrementOp() ? 1 : -1);
        After = R;
      }
    }
  }
  writeEffects(Sub, L, S);
  if (After)
    S.Facts[*Target] = *After;
  for (auto &[T, R] : Diffs)
    S.Facts[T] = R;
}

void FunctionAnalysis::handleDecl(const VarDecl *V, PathState &S) {
  if (!V->hasLocalStorage())
    return;
  MemBase B{V, false};
  forgetBase(S, B, false);
  S.Defaults.erase(B);
  if (isPointerBase(V))
    dropPointerBase(S, V);
  forgetVar(V, S);
  const Expr *Init = V->getInit();
  if (Init && isPointerBase(V))
    if (auto L = evalPointer(Init, S))
      S.Pointees[V] = *L;
  if (containsRequest(V->getType(), Ctx) && isLocal(V)) {
    S.Defaults[B] = Init ? Content::Unknown : Content::Uninit;
    if (!Init)
      return;
    if (isRequestType(V->getType(), Ctx)) {
      writeRequest(S, Location{B, Int(0)}, requestValue(Init, S), nullptr);
    } else if (const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParens())) {
      const ArrayType *AT = Ctx.getAsArrayType(V->getType());
      if (AT && isRequestType(AT->getElementType(), Ctx))
        for (unsigned I = 0; I < IL->getNumInits(); ++I)
          writeRequest(S, Location{B, Int(I) * RequestSize},
                       requestValue(IL->getInit(I), S), nullptr);
    }
    return;
  }
  if (!Init || !canHaveFacts(V))
    return;
  if (const ArrayType *AT = Ctx.getAsArrayType(V->getType())) {
    // int done[3] = {0}: facts about each element.
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParens());
    QualType ET = AT->getElementType();
    auto Elem = sizeOf(ET, Ctx);
    if (!CAT || !IL || !ET->isIntegralOrEnumerationType() || !Elem)
      return;
    uint64_t N = std::min<uint64_t>(CAT->getZExtSize(), 64);
    for (uint64_t I = 0; I < N; ++I) {
      std::optional<Int> Value =
          I < IL->getNumInits() ? evalInt(IL->getInit(I), S) : Int(0);
      if (Value) {
        Range R;
        R.assign(*Value);
        S.Facts[Terms.locTerm(V, Int(I) * *Elem, *Elem)] = R;
      }
    }
    return;
  }
  if (!V->getType()->isRecordType()) {
    Range R = rangeOf(Init, S);
    if (!R.isFull())
      if (auto T = Terms.varTerm(V))
        S.Facts[*T] = R;
  }
}

std::optional<Region> FunctionAnalysis::bufferRegion(const CallExpr *CE,
                                                     const MPIBufferParam &P,
                                                     PathState &S) {
  if (P.Buffer >= (int)CE->getNumArgs() ||
      P.Datatype >= (int)CE->getNumArgs() || P.Count >= (int)CE->getNumArgs())
    return std::nullopt;
  const Expr *Buf = CE->getArg(P.Buffer);
  if (Buf->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return std::nullopt; // MPI_BOTTOM
  auto L = evalPointer(Buf, S);
  if (!L)
    return std::nullopt;
  std::optional<Int> Count;
  if (P.Count >= 0) {
    Count = evalInt(CE->getArg(P.Count), S);
    if (Count && *Count <= 0)
      return std::nullopt;
  }
  const Expr *Type = CE->getArg(P.Datatype);
  std::optional<Int> TypeSize = predefinedTypeSize(Type, evalInt(Type, S), Ctx);
  Int SureLen = 0;
  if (TypeSize && P.Count >= 0) {
    // An unknown count is taken to be at least one element.
    if (!Count || __builtin_mul_overflow(*Count, *TypeSize, &SureLen))
      SureLen = *TypeSize;
  }
  return Region{P.Role, L->Base, L->Offset, SureLen, Buf};
}

// A rooted collective whose root is not a rank on this path (negative):
// the root group of an intercommunicator. MPI_PROC_NULL: this rank's
// buffers are not part of the operation. MPI_ROOT: only the broadcast
// buffer is, as a send buffer (the table's buffers are the non-root ranks'
// or every rank's, which the root group's are not).
void FunctionAnalysis::rootedBuffers(const CallExpr *CE, const MPICall &C,
                                     const PathState &S,
                                     std::vector<Region> &Regions) {
  if (C.Root < 0 || C.Root >= (int)CE->getNumArgs() || Regions.empty())
    return;
  Range R = rangeOf(CE->getArg(C.Root), S);
  if (R.Hi >= 0)
    return; // a rank, or maybe one
  bool AtRoot = Consts.Root && R.exact() == Consts.Root;
  llvm::erase_if(Regions, [&](const Region &Reg) {
    return !AtRoot || Reg.Role != BufferRole::Any;
  });
  for (Region &Reg : Regions)
    Reg.Role = BufferRole::Send;
}

void FunctionAnalysis::userCallEffects(PathState &S,
                                       const FunctionDecl *Callee) {
  for (auto &[Id, Op] : S.Ops)
    if (Op.Shared)
      Op.St = Operation::Unknown;
  for (auto It = S.Slots.begin(); It != S.Slots.end();) {
    if (isOwnBase(It->first.first)) {
      ++It;
      continue;
    }
    if (It->second.K == Content::Op)
      makeUnknown(S, It->second.Id);
    It = S.Slots.erase(It);
  }
  for (auto It = S.Symbolic.begin(); It != S.Symbolic.end();) {
    if (isOwnBase(It->first)) {
      ++It;
      continue;
    }
    for (OpId Id : It->second)
      makeUnknown(S, Id);
    It = S.Symbolic.erase(It);
  }
  forgetTerms(Terms.memoryTerms(), S);
  for (unsigned T : Terms.globalTerms())
    for (const VarDecl *V : Terms.info(T).Vars)
      if (V->hasGlobalStorage() && Globals.mayWrite(Callee, V))
        S.Facts.erase(T);
}

void FunctionAnalysis::argEffects(const CallExpr *CE, CalleeKind Kind,
                                  PathState &S, int Skip,
                                  bool TouchesRequests) {
  const FunctionDecl *FD = CE->getDirectCallee();
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    if ((int)I == Skip)
      continue;
    const Expr *A = CE->getArg(I);
    QualType ParamT;
    if (FD && I < FD->getNumParams())
      ParamT = FD->getParamDecl(I)->getType();
    // A handle passed by value: a user function may wait on its copy.
    if (isRequestType(A->getType(), Ctx)) {
      if (Kind == CalleeKind::User) {
        Content C = requestValue(A, S);
        if (C.K == Content::Op)
          makeUnknown(S, C.Id);
        else
          unidentifiedCompletion(S);
      }
      continue;
    }
    if (isConstantPointer(A, Ctx))
      continue;
    std::optional<Location> L;
    bool ByReference = !ParamT.isNull() && ParamT->isReferenceType();
    if (ByReference)
      L = evalLValue(A, S);
    else if (A->getType()->isPointerType())
      L = evalPointer(A, S);
    else
      continue;
    bool ReadOnly = false;
    if (!ParamT.isNull()) {
      QualType Pointee = ParamT->getPointeeType();
      ReadOnly = !Pointee.isNull() && Pointee.isConstQualified();
    }
    if (!L) {
      // Some pointer: it may reach globals or anything read through
      // pointers, or a request the analysis shares.
      if (!ReadOnly && mayAliasFacts(A))
        forgetPointerTargets(S);
      if (Kind == CalleeKind::User)
        unidentifiedCompletion(S);
      continue;
    }
    const VarDecl *V = L->Base.Var;
    bool HoldsRequests =
        L->Base.Deref ? containsRequest(V->getType()->getPointeeType(), Ctx)
                      : containsRequest(V->getType(), Ctx);
    if (HoldsRequests && TouchesRequests &&
        (Kind == CalleeKind::User || !ReadOnly)) {
      if (isTrackedRequestBase(L->Base))
        forgetBase(S, L->Base, false);
      else
        unidentifiedCompletion(S);
    }
    if (ReadOnly)
      continue;
    if (L->Base.Deref) {
      if (mayAliasFacts(A))
        forgetPointerTargets(S);
    } else {
      forgetVar(V, S);
      if (isPointerBase(V))
        dropPointerBase(S, V); // &p: the callee may change p
    }
  }
}

// C library functions that move data: which argument they write, which
// they read, and how many bytes (Len * Len2; -1: at least one byte).
struct LibcAccess {
  const char *Name;
  int Dst, Src, Len, Len2;
};
const LibcAccess LibcAccesses[] = {
    {"memcpy", 0, 1, 2, -2},    {"memmove", 0, 1, 2, -2},
    {"mempcpy", 0, 1, 2, -2},   {"memset", 0, -1, 2, -2},
    {"bzero", 0, -1, 1, -2},    {"explicit_bzero", 0, -1, 1, -2},
    {"memcmp", -1, 0, 2, -2},   {"bcmp", -1, 0, 2, -2},
    {"strncpy", 0, -1, 2, -2},  {"strcpy", 0, 1, -1, -2},
    {"strcat", 0, 1, -1, -2},   {"strlen", -1, 0, -1, -2},
    {"fgets", 0, -1, -1, -2},   {"read", 1, -1, 2, -2},
    {"pread", 1, -1, 2, -2},    {"recv", 1, -1, 2, -2},
    {"recvfrom", 1, -1, 2, -2}, {"fread", 0, -1, 1, 2},
    {"write", -1, 1, 2, -2},    {"pwrite", -1, 1, 2, -2},
    {"send", -1, 1, 2, -2},     {"sendto", -1, 1, 2, -2},
    {"fwrite", -1, 0, 1, 2},    {"fputs", -1, 0, -1, -2},
};

void FunctionAnalysis::handleLibcAccess(const CallExpr *CE, StringRef Name,
                                        PathState &S) {
  if (Name.starts_with("__sync_") && CE->getNumArgs() > 0) {
    const Expr *P = CE->getArg(0);
    if (auto L = evalPointer(P, S)) {
      Int Size = P->getType()->isPointerType()
                     ? sizeOf(P->getType()->getPointeeType(), Ctx).value_or(1)
                     : 1;
      std::string Desc = "atomic operation on '" + pointeeText(P, Ctx) + "'";
      checkAccess(S, *L, Size, false, P, Desc);
      checkAccess(S, *L, Size, true, P, Desc);
    }
    return;
  }
  Name.consume_front("__builtin___");
  Name.consume_front("__builtin_");
  Name.consume_back("_chk");
  for (const LibcAccess &A : LibcAccesses) {
    if (Name != A.Name)
      continue;
    int N = CE->getNumArgs();
    if (A.Dst >= N || A.Src >= N || A.Len >= N || A.Len2 >= N)
      return;
    std::optional<Int> Bytes = 1;
    if (A.Len >= 0) {
      Bytes = evalInt(CE->getArg(A.Len), S);
      if (Bytes && A.Len2 >= 0) {
        auto M = evalInt(CE->getArg(A.Len2), S);
        Int P;
        if (!M || __builtin_mul_overflow(*Bytes, *M, &P))
          Bytes.reset();
        else
          Bytes = P;
      }
    }
    if (!Bytes || *Bytes <= 0)
      return;
    auto Access = [&](int Arg, bool Write) {
      const Expr *E = CE->getArg(Arg);
      if (auto L = evalPointer(E, S))
        checkAccess(S, *L, *Bytes, Write, E,
                    Name.str() + "() " + (Write ? "writes '" : "reads '") +
                        sourceText(E, Ctx) + "'");
    };
    if (A.Src >= 0)
      Access(A.Src, false);
    if (Name == "memcmp" || Name == "bcmp")
      Access(1, false);
    if (A.Dst >= 0)
      Access(A.Dst, true);
    return;
  }
}

// May a call of a library function (or builtin) tell this thread what
// another one did: a lock, a wait, an atomic, I/O, sleeping? Anything but
// the functions that only compute or move this thread's memory.
bool maySynchronize(const FunctionDecl *FD, StringRef Name) {
  if (Name.starts_with("__atomic_") || Name.starts_with("__sync_") ||
      Name.starts_with("__c11_atomic_"))
    return !Name.contains("_store") || Name.contains("fetch") ||
           Name.contains("exchange");
  if (FD->getBuiltinID() && Name.starts_with("__builtin_") &&
      !Name.starts_with("__builtin___"))
    return false; // __builtin_expect and the like
  static const llvm::StringSet<> Pure = {
      "memcpy",  "memmove", "mempcpy", "memset",  "memcmp",  "memchr",
      "bzero",   "explicit_bzero",     "bcmp",    "strlen",  "strnlen",
      "strcpy",  "strncpy", "strcat",  "strncat", "strcmp",  "strncmp",
      "strchr",  "strrchr", "strstr",  "strdup",  "strndup", "malloc",
      "calloc",  "realloc", "free",    "aligned_alloc",      "posix_memalign",
      "abs",     "labs",    "llabs",   "printf",  "fprintf", "sprintf",
      "snprintf", "puts",   "fputs",   "putchar", "fflush",  "sqrt",
      "fabs",    "exp",     "log",     "pow",     "sin",     "cos",
      "floor",   "ceil",    "atoi",    "atol",    "strtol",  "strtod",
      "rand",    "srand",   "exit",    "abort"};
  Name.consume_front("__builtin___");
  Name.consume_front("__builtin_");
  Name.consume_back("_chk");
  return !Pure.contains(Name);
}

void FunctionAnalysis::handleCall(const CallExpr *CE, PathState S,
                                  std::vector<PathState> &Out) {
  const FunctionDecl *FD = CE->getDirectCallee();
  StringRef Name;
  if (FD && FD->getIdentifier())
    Name = FD->getName();
  if (Name == "MPI_Abort" || Name == "PMPI_Abort")
    return; // the path ends here
  if (const MPICall *C = Name.empty() ? nullptr : lookupMPICall(Name))
    return handleMPICall(CE, *C, std::move(S), Out);
  if (Name.starts_with("MPI_") || Name.starts_with("PMPI_")) {
    argEffects(CE, CalleeKind::MPI, S);
  } else if (FD &&
             (FD->getBuiltinID() ||
              SM.isInSystemHeader(FD->getCanonicalDecl()->getLocation()))) {
    handleLibcAccess(CE, Name, S);
    argEffects(CE, CalleeKind::System, S);
    if (maySynchronize(FD, Name))
      threadSync(S);
  } else {
    argEffects(CE, CalleeKind::User, S);
    userCallEffects(S, FD);
  }
  Out.push_back(std::move(S));
}

void FunctionAnalysis::handleMPICall(const CallExpr *CE, const MPICall &C,
                                     PathState S, std::vector<PathState> &Out) {
  if (C.Requests >= (int)CE->getNumArgs() || C.Count >= (int)CE->getNumArgs() ||
      C.Flag >= (int)CE->getNumArgs()) {
    argEffects(CE, CalleeKind::MPI, S);
    Out.push_back(std::move(S));
    return;
  }
  forgetTerms(Terms.termsOfCall(CE), S);
  if (C.Action == MPICallAction::NoEffect) {
    argEffects(CE, CalleeKind::MPI, S, -1, /*TouchesRequests=*/false);
    Out.push_back(std::move(S));
    return;
  }
  switch (C.Action) {
  case MPICallAction::Blocking:
  case MPICallAction::Start:
  case MPICallAction::PersistentInit: {
    std::vector<Region> Regions;
    for (const MPIBufferParam &P : C.Buffers)
      if (auto R = bufferRegion(CE, P, S))
        Regions.push_back(*R);
    rootedBuffers(CE, C, S, Regions);
    // What the call itself does to the buffers now (or from now on).
    if (C.Action != MPICallAction::PersistentInit)
      for (const Region &R : Regions)
        if (R.SureLen > 0)
          checkAccess(S, Location{R.Base, R.Offset}, R.SureLen,
                      R.Role == BufferRole::Recv, R.Arg,
                      regionAccess(calleeName(CE) + " ", R));
    argEffects(CE, CalleeKind::MPI, S, C.Requests);
    if (C.Action == MPICallAction::Blocking)
      break;
    const Expr *ReqArg = CE->getArg(C.Requests);
    // A return code the program keeps: the call may fail (with
    // MPI_ERRORS_RETURN), and then no operation exists.
    bool ResultUsed = PM.isConsumedExpr(const_cast<CallExpr *>(CE));
    if (const auto *Cast =
            dyn_cast_or_null<CastExpr>(PM.getParentIgnoreParens(CE)))
      if (Cast->getType()->isVoidType())
        ResultUsed = false; // (void)MPI_Isend(...)
    if (ResultUsed) {
      unsigned RT = Terms.callTerm(CE);
      PathState Failed = S;
      if (constrainTerm(RT, BO_NE, 0, Failed)) {
        writeRequest(Failed, evalPointer(ReqArg, Failed),
                     Content::of(Content::Unknown), nullptr);
        collectGarbage(Failed);
        Out.push_back(std::move(Failed));
      }
      if (!constrainTerm(RT, BO_EQ, 0, S))
        return;
    }
    OpId Id = newOp(S, CE);
    Operation &Op = S.Ops[Id];
    Op = Operation();
    Op.Persistent = C.Action == MPICallAction::PersistentInit;
    Op.St = Op.Persistent ? Operation::Inactive : Operation::Pending;
    Op.EverStarted = !Op.Persistent;
    Op.Started = Op.Persistent ? nullptr : CE;
    Op.Regions = std::move(Regions);
    if (ResultUsed) {
      Op.Unconfirmed = true;
      const Stmt *P = PM.getParentIgnoreParenCasts(CE);
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
        if (DS->isSingleDecl())
          Op.ResultVar = dyn_cast<VarDecl>(DS->getSingleDecl());
      } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
        if (BO->getOpcode() == BO_Assign)
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
            Op.ResultVar = dyn_cast<VarDecl>(DRE->getDecl());
      }
    }
    writeRequest(S, evalPointer(ReqArg, S), Content::op(Id), ReqArg);
    if (!S.Ops[Id].Persistent)
      checkOwnOverlap(S, Id);
    break;
  }
  case MPICallAction::StartAll: {
    const Expr *ReqArg = CE->getArg(C.Requests);
    auto L = evalPointer(ReqArg, S);
    std::optional<Int> N = C.Count >= 0 ? evalInt(CE->getArg(C.Count), S)
                                        : std::optional<Int>(C.CountConst);
    argEffects(CE, CalleeKind::MPI, S, C.Requests);
    if (!L || !isTrackedRequestBase(L->Base)) {
      for (auto &[Id, Op] : S.Ops)
        if (Op.Shared && Op.Persistent)
          Op.St = Operation::Unknown;
      break;
    }
    if (!L->Offset || !N || *N > 4096) {
      forgetBase(S, L->Base, false);
      break;
    }
    for (Int I = 0; I < *N; ++I) {
      Content Ct = slot(S, {L->Base, *L->Offset + I * RequestSize});
      if (Ct.K != Content::Op)
        continue;
      Operation &Op = S.Ops[Ct.Id];
      if (Op.Persistent && Op.St != Operation::Pending &&
          Op.St != Operation::Unknown) {
        // Its buffers against what is pending already.
        std::vector<Region> Regions = Op.Regions;
        for (const Region &R : Regions)
          if (R.SureLen > 0)
            checkAccess(S, Location{R.Base, R.Offset}, R.SureLen,
                        R.Role == BufferRole::Recv, CE,
                        regionAccess(calleeName(CE) + " starts the " +
                                         calleeName(site(Ct.Id)) + ", which ",
                                     R));
        Operation &Started = S.Ops[Ct.Id];
        Started.St = Operation::Pending;
        Started.EverStarted = true;
        Started.Started = CE;
        checkOwnOverlap(S, Ct.Id);
      }
    }
    break;
  }
  default:
    return handleCompletion(CE, C, std::move(S), Out);
  }
  Out.push_back(std::move(S));
}

void FunctionAnalysis::handleCompletion(const CallExpr *CE, const MPICall &C,
                                        PathState S,
                                        std::vector<PathState> &Out) {
  const Expr *ReqArg = CE->getArg(C.Requests);
  std::optional<Location> L;
  if (ReqArg->getType()->isPointerType())
    L = evalPointer(ReqArg, S);
  else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(ReqArg->IgnoreParens()))
    L = ICE->getCastKind() == CK_LValueToRValue
            ? evalLValue(ICE->getSubExpr(), S)
            : std::nullopt; // MPI_Request_get_status: the handle itself
  std::optional<Int> N = C.Count >= 0 ? evalInt(CE->getArg(C.Count), S)
                                      : std::optional<Int>(C.CountConst);
  argEffects(CE, CalleeKind::MPI, S, C.Requests);

  // The flag's term, forgotten now that the call writes it.
  std::optional<unsigned> FlagTerm;
  bool HasFlag = C.Flag >= 0 && (C.Action == MPICallAction::Test ||
                                 C.Action == MPICallAction::TestAll ||
                                 C.Action == MPICallAction::GetStatus);
  if (HasFlag) {
    const Expr *F = CE->getArg(C.Flag)->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(F))
      if (UO->getOpcode() == UO_AddrOf)
        FlagTerm = termOf(UO->getSubExpr(), S);
    if (FlagTerm)
      S.Facts.erase(*FlagTerm);
  }

  if (!L || !isTrackedRequestBase(L->Base)) {
    unidentifiedCompletion(S);
    Out.push_back(std::move(S));
    return;
  }
  if (!L->Offset || !N || *N > 4096 || *N < 0) {
    // Which requests: not known. Whatever the array held is unknown now.
    forgetBase(S, L->Base, false);
    Out.push_back(std::move(S));
    return;
  }
  std::vector<SlotKey> Keys;
  for (Int I = 0; I < *N; ++I)
    Keys.push_back({L->Base, *L->Offset + I * RequestSize});
  // Operations somewhere in the array, at unknown places, may be among them.
  auto Sym = S.Symbolic.find(L->Base);
  if (Sym != S.Symbolic.end()) {
    for (OpId Id : Sym->second)
      makeUnknown(S, Id);
    S.Symbolic.erase(Sym);
  }

  // Completing a request never started (not initialised, or a persistent
  // request never given to MPI_Start).
  if (C.Action != MPICallAction::RequestFree) {
    bool Reported = false;
    for (const SlotKey &K : Keys) {
      Content Ct = slot(S, K);
      if (Ct.K == Content::Uninit)
        S.Slots[K] = Content::of(Content::Unknown); // reported once
      if (Reported)
        continue;
      std::string Name =
          C.CountConst == 1 && C.Count < 0 ? sourceText(ReqArg, Ctx) : "";
      if (Name.empty())
        Name = slotName(K);
      if (Name.size() > 1 && Name[0] == '&')
        Name = Name.substr(1);
      if (Ct.K == Content::Uninit) {
        Rep.report(Check::UnstartedRequest, CE->getExprLoc(),
                   ReqArg->getSourceRange(),
                   calleeName(CE) + " on request '" + Name +
                       "', which was never started or initialized on this path",
                   {{K.first.Var->getLocation(),
                     "'" + K.first.Var->getName().str() +
                         "' is declared here; initialize it with "
                         "MPI_REQUEST_NULL if it is not always started"}},
                   K.first.Var);
        Reported = true;
        continue;
      }
      if (Ct.K == Content::Op) {
        const Operation &Op = S.Ops[Ct.Id];
        if (Op.Persistent && !Op.EverStarted && Op.St == Operation::Inactive) {
          Rep.report(Check::UnstartedRequest, CE->getExprLoc(),
                     ReqArg->getSourceRange(),
                     calleeName(CE) + " on request '" + Name + "' of " +
                         calleeName(site(Ct.Id)) +
                         ", which was never started with MPI_Start or "
                         "MPI_Startall on this path",
                     {{site(Ct.Id)->getExprLoc(),
                       "the inactive request was created here"}},
                     site(Ct.Id));
          Reported = true;
        }
      }
    }
  }

  auto Complete = [&](PathState &St, bool FreesHandle) {
    for (const SlotKey &K : Keys) {
      Content Ct = slot(St, K);
      if (Ct.K == Content::Unknown) {
        unidentifiedCompletion(St);
        continue;
      }
      if (Ct.K == Content::Uninit) {
        St.Slots[K] = Content::of(Content::Unknown);
        continue;
      }
      if (Ct.K != Content::Op)
        continue;
      Operation &Op = St.Ops[Ct.Id];
      if (Op.St == Operation::Pending || Op.St == Operation::Done)
        Op.St = Op.Persistent ? Operation::Inactive : Operation::Done;
      if (!Op.Persistent && FreesHandle) {
        // MPI sets this handle to MPI_REQUEST_NULL; copies go stale.
        for (auto &[OK, OC] : St.Slots)
          if (OC.K == Content::Op && OC.Id == Ct.Id)
            OC = Content::of(Content::Unknown);
        St.Slots[K] = Content::of(Content::Null);
      }
    }
  };
  auto MakeUnknown = [&](PathState &St) {
    for (const SlotKey &K : Keys) {
      Content Ct = slot(St, K);
      if (Ct.K == Content::Op)
        makeUnknown(St, Ct.Id);
      else if (Ct.K == Content::Unknown)
        unidentifiedCompletion(St);
      St.Slots[K] = Content::of(Content::Unknown);
    }
  };

  switch (C.Action) {
  case MPICallAction::Wait:
  case MPICallAction::WaitAll:
    Complete(S, true);
    break;
  case MPICallAction::WaitSome:
  case MPICallAction::TestSome:
    MakeUnknown(S);
    break;
  case MPICallAction::RequestFree:
    for (const SlotKey &K : Keys) {
      Content Ct = slot(S, K);
      if (Ct.K == Content::Op) {
        Operation &Op = S.Ops[Ct.Id];
        if (Op.St == Operation::Pending)
          Op.St = Operation::Unknown; // it completes unseen
        else if (Op.St != Operation::Unknown)
          Op.St = Operation::Done;
        for (auto &[OK, OC] : S.Slots)
          if (OC.K == Content::Op && OC.Id == Ct.Id)
            OC = Content::of(Content::Unknown);
      } else if (Ct.K == Content::Unknown) {
        unidentifiedCompletion(S);
      }
      S.Slots[K] = Content::of(Content::Null);
    }
    break;
  case MPICallAction::Test:
  case MPICallAction::TestAll:
  case MPICallAction::GetStatus: {
    if (!FlagTerm) {
      MakeUnknown(S);
      break;
    }
    PathState Done = S;
    if (constrainTerm(*FlagTerm, BO_NE, 0, Done)) {
      if (C.Action == MPICallAction::GetStatus) {
        for (const SlotKey &K : Keys) {
          Content Ct = slot(Done, K);
          if (Ct.K == Content::Op && Done.Ops[Ct.Id].St == Operation::Pending)
            Done.Ops[Ct.Id].St = Done.Ops[Ct.Id].Persistent ? Operation::Unknown
                                                            : Operation::Done;
          else if (Ct.K == Content::Unknown)
            unidentifiedCompletion(Done);
        }
      } else {
        Complete(Done, true);
      }
      collectGarbage(Done);
      Out.push_back(std::move(Done));
    }
    if (!constrainTerm(*FlagTerm, BO_EQ, 0, S))
      return;
    break;
  }
  default:
    break;
  }
  Out.push_back(std::move(S));
}

void FunctionAnalysis::transfer(const Stmt *St, PathState S,
                                std::vector<PathState> &Out) {
  if (const auto *CE = dyn_cast<CallExpr>(St)) {
    size_t Before = Out.size();
    handleCall(CE, std::move(S), Out);
    for (size_t I = Before; I < Out.size(); ++I)
      collectGarbage(Out[I]);
    return;
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(St)) {
    if (ICE->getCastKind() == CK_LValueToRValue)
      handleRead(ICE, S);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
    if (BO->isAssignmentOp())
      handleAssign(BO, S);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
    if (UO->isIncrementDecrementOp())
      handleIncDec(UO, S);
  } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Dc : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(Dc))
        handleDecl(V, S);
  } else if (const auto *AE = dyn_cast<AtomicExpr>(St)) {
    // __atomic_* and __c11_atomic_*: an access through their pointer.
    if (auto L = evalPointer(AE->getPtr(), S)) {
      Int Size =
          sizeOf(AE->getPtr()->getType()->getPointeeType(), Ctx).value_or(1);
      std::string Desc =
          "atomic operation on '" + pointeeText(AE->getPtr(), Ctx) + "'";
      switch (AE->getOp()) {
      case AtomicExpr::AO__atomic_load:
      case AtomicExpr::AO__atomic_load_n:
      case AtomicExpr::AO__c11_atomic_load:
        checkAccess(S, *L, Size, false, AE->getPtr(), Desc);
        break;
      case AtomicExpr::AO__atomic_store:
      case AtomicExpr::AO__atomic_store_n:
      case AtomicExpr::AO__c11_atomic_store:
        checkAccess(S, *L, Size, true, AE->getPtr(), Desc);
        break;
      default:
        checkAccess(S, *L, Size, false, AE->getPtr(), Desc);
        checkAccess(S, *L, Size, true, AE->getPtr(), Desc);
        break;
      }
      writeEffects(AE->getPtr(), std::nullopt, S);
    }
    if (AE->getOp() != AtomicExpr::AO__atomic_store &&
        AE->getOp() != AtomicExpr::AO__atomic_store_n &&
        AE->getOp() != AtomicExpr::AO__c11_atomic_store)
      threadSync(S);
  } else if (isa<CXXConstructExpr>(St) || isa<CXXNewExpr>(St) ||
             isa<CXXDeleteExpr>(St)) {
    userCallEffects(S, nullptr);
  }
  collectGarbage(S);
  Out.push_back(std::move(S));
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

void FunctionAnalysis::enqueue(const CFGBlock *From, const CFGBlock *To,
                               PathState S) {
  if (!To)
    return;
  if (const Stmt *Loop = From->getLoopTarget()) {
    auto It = Scan.Loops.find(Loop);
    unsigned Limit =
        It != Scan.Loops.end() && It->second.CallsMPI ? Limits.LoopUnroll : 0;
    unsigned &N = S.LoopVisits[Loop];
    if (N >= Limit) {
      N = Limit + 1;
      widen(Loop, S);
    } else {
      ++N;
    }
    // Loops inside start afresh in the next iteration.
    if (It != Scan.Loops.end())
      for (const Stmt *Inner : It->second.Nested)
        S.LoopVisits.erase(Inner);
  }
  std::vector<uint64_t> Code;
  S.encode(Code);
  uint64_t Key = llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Code.data()),
                              Code.size() * sizeof(uint64_t)));
  if (!Visited[To->getBlockID()].insert(Key).second)
    return;
  Worklist.push_back({To, std::move(S)});
}

// A branch on the return code of a start call: the program looked at it,
// and on this path the operation exists.
void FunctionAnalysis::confirmOps(const Expr *Cond, PathState &S) {
  bool Any = false;
  for (const auto &[Id, Op] : S.Ops)
    Any |= Op.Unconfirmed;
  if (!Any)
    return;
  llvm::SmallPtrSet<const void *, 8> Seen;
  llvm::SmallVector<const Stmt *, 16> Work{Cond};
  while (!Work.empty()) {
    const Stmt *St = Work.pop_back_val();
    if (!St)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
      Seen.insert(DRE->getDecl());
    if (isa<CallExpr>(St))
      Seen.insert(St);
    for (const Stmt *Child : St->children())
      Work.push_back(Child);
  }
  for (auto &[Id, Op] : S.Ops)
    if (Op.Unconfirmed &&
        (Seen.count(site(Id)) || (Op.ResultVar && Seen.count(Op.ResultVar))))
      Op.Unconfirmed = false;
}

void FunctionAnalysis::processBlock(const CFGBlock *B, PathState S) {
  std::vector<PathState> Cur;
  Cur.push_back(std::move(S));
  for (const CFGElement &E : *B) {
    std::vector<PathState> Next;
    for (PathState &P : Cur) {
      ++Steps;
      if (auto CS = E.getAs<CFGStmt>())
        transfer(CS->getStmt(), std::move(P), Next);
      else if (auto LE = E.getAs<CFGLifetimeEnds>()) {
        lifetimeEnds(P, LE->getVarDecl(), LE->getTriggerStmt());
        collectGarbage(P);
        Next.push_back(std::move(P));
      } else {
        Next.push_back(std::move(P));
      }
    }
    Cur = std::move(Next);
    if (Cur.empty())
      return;
  }
  const Stmt *Term = B->getTerminatorStmt();
  for (PathState &P : Cur) {
    if (Term && isa<SwitchStmt>(Term)) {
      const Expr *Cond = cast<SwitchStmt>(Term)->getCond();
      auto V = evalInt(Cond, P);
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        const CFGBlock *To = Succ.getReachableBlock();
        if (!To)
          continue;
        const auto *Case = dyn_cast_or_null<CaseStmt>(To->getLabel());
        if (V && Case && !Case->getRHS()) {
          auto C = evalInt(Case->getLHS(), P);
          if (C && *C != *V)
            continue;
        }
        PathState Q = P;
        if (Case && !Case->getRHS())
          if (auto C = evalInt(Case->getLHS(), P))
            if (auto T = termOf(Cond, P))
              if (!constrainTerm(*T, BO_EQ, *C, Q))
                continue;
        enqueue(B, To, std::move(Q));
      }
      continue;
    }
    const Expr *Cond =
        B->succ_size() == 2
            ? dyn_cast_or_null<Expr>(B->getTerminatorCondition(false))
            : nullptr;
    if (!Cond || isa<CXXForRangeStmt>(Term)) {
      for (const CFGBlock::AdjacentBlock &Succ : B->succs())
        enqueue(B, Succ.getReachableBlock(), P);
      continue;
    }
    auto Known = evalCond(Cond, P);
    unsigned I = 0;
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      bool Truth = I++ == 0;
      const CFGBlock *To = Succ.getReachableBlock();
      if (!To || (Known && *Known != Truth))
        continue;
      PathState Q = P;
      if (!Known && !assume(Cond, Truth, Q))
        continue;
      confirmOps(Cond, Q);
      enqueue(B, To, std::move(Q));
    }
  }
}

void FunctionAnalysis::run() {
  if (!Body)
    return;
  Scan.Ctx = &Ctx;
  Scan.TraverseStmt(Body);
  for (auto &[V, T] : Scan.Thresholds) {
    llvm::sort(T);
    T.erase(std::unique(T.begin(), T.end()), T.end());
  }

  CFG::BuildOptions BO;
  BO.AddLifetime = true;
  BO.AddImplicitDtors = false;
  BO.setAllAlwaysAdd();
  std::unique_ptr<CFG> G = CFG::buildCFG(D, Body, &Ctx, BO);
  if (!G)
    return;
  const CFGBlock &Entry = G->getEntry();
  PathState Init;
  for (const CFGBlock::AdjacentBlock &Succ : Entry.succs())
    enqueue(&Entry, Succ.getReachableBlock(), Init);
  while (!Worklist.empty() && Steps < Limits.MaxSteps) {
    Item It = std::move(Worklist.back());
    Worklist.pop_back();

    processBlock(It.Block, std::move(It.State));
  }
}

class MPICallFinder : public RecursiveASTVisitor<MPICallFinder> {
public:
  bool Found = false;
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (FD->getIdentifier() && lookupMPICall(FD->getName()) &&
          lookupMPICall(FD->getName())->Action != MPICallAction::Blocking)
        Found = true;
    return !Found;
  }
};

} // namespace

bool callsMPI(const Decl *D) {
  MPICallFinder F;
  F.TraverseStmt(D->getBody());
  return F.Found;
}

void analyzeFunction(const Decl *D, ASTContext &Ctx, Reporter &R,
                     const GlobalEffects &Globals, const AnalysisLimits &Limits,
                     const MPIConstants &Consts) {
  FunctionAnalysis(D, Ctx, R, Globals, Limits, Consts).run();
}

// A macro defined as an integer: 3, -3, (-3), ((int)-3) is not one.
static std::optional<int64_t> macroInt(Preprocessor &PP, StringRef Name) {
  const IdentifierInfo *II = PP.getIdentifierInfo(Name);
  const MacroInfo *MI = II ? PP.getMacroInfo(II) : nullptr;
  if (!MI || MI->isFunctionLike())
    return std::nullopt;
  bool Negative = false;
  std::optional<int64_t> Value;
  unsigned Open = 0, Close = 0;
  for (const Token &T : MI->tokens()) {
    if (T.is(tok::l_paren) && !Value && !Negative) {
      ++Open;
    } else if (T.is(tok::r_paren) && Value) {
      ++Close;
    } else if (T.is(tok::minus) && !Value && !Negative) {
      Negative = true;
    } else if (T.is(tok::numeric_constant) && !Value) {
      StringRef Text(T.getLiteralData(), T.getLength());
      uint64_t V;
      if (Text.getAsInteger(0, V) || V > (uint64_t)PosInf)
        return std::nullopt;
      Value = Negative ? -(int64_t)V : (int64_t)V;
    } else {
      return std::nullopt;
    }
  }
  if (!Value || Open != Close)
    return std::nullopt;
  return Value;
}

MPIConstants readMPIConstants(Preprocessor &PP) {
  MPIConstants C;
  C.Root = macroInt(PP, "MPI_ROOT");
  return C;
}

} // namespace mpisync
