//===- MPITypes.cpp - Types and MPI handles in the AST --------------------===//
//
// See MPITypes.h.
//
//===----------------------------------------------------------------------===//
#include "MPITypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace mpisync {

namespace {

// Whether a typedef in T's sugar has a name that Pred accepts.
template <typename PredT>
bool hasTypedefNamed(QualType T, const ASTContext &Ctx, PredT Pred) {
  for (int Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    if (const auto *TT = dyn_cast<TypedefType>(T.getTypePtr()))
      if (Pred(TT->getDecl()->getName()))
        return true;
    QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
  }
  return false;
}

} // namespace

bool isRequestType(QualType T, const ASTContext &Ctx) {
  return hasTypedefNamed(T, Ctx,
                         [](StringRef Name) { return Name == "MPI_Request"; });
}

bool isMpiHandleType(QualType T, const ASTContext &Ctx) {
  return hasTypedefNamed(T, Ctx, [](StringRef Name) {
    return llvm::StringSwitch<bool>(Name)
        .Cases("MPI_Request", "MPI_Comm", "MPI_Datatype", "MPI_Win", "MPI_Op",
               true)
        .Cases("MPI_Group", "MPI_Info", "MPI_Errhandler", "MPI_File",
               "MPI_Message", true)
        .Case("MPI_Session", true)
        .Default(false);
  });
}

bool containsRequest(QualType T, const ASTContext &Ctx, int Depth) {
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

std::optional<Int> predefinedTypeSize(const Expr *E, std::optional<Int> Handle,
                                      const ASTContext &Ctx) {
  if (Handle) {
    uint64_t H = static_cast<uint32_t>(*Handle);
    if (((H >> 30) & 3) == 1 && ((H >> 8) & 0xff) != 0)
      return static_cast<Int>((H >> 8) & 0xff);
    return std::nullopt;
  }
  // The handle's macro name, through the macros it expands to (Open MPI's
  // MPI_INT is OMPI_PREDEFINED_GLOBAL(MPI_Datatype, ompi_mpi_int)).
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L = E->IgnoreParenImpCasts()->getBeginLoc();
       L.isMacroID(); L = SM.getImmediateMacroCallerLoc(L)) {
    StringRef Name = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
    if (std::optional<Int> Size = predefinedTypeSizeByName(Name, Ctx))
      return Size;
  }
  return std::nullopt;
}

std::optional<Int> predefinedTypeSizeByName(llvm::StringRef Name,
                                            const ASTContext &Ctx) {
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

bool isConstantPointer(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  return !E->isValueDependent() &&
         E->getType()->isIntegralOrEnumerationType() && E->isEvaluatable(Ctx);
}

bool mayAliasFacts(const Expr *P) {
  QualType T = P->IgnoreParenImpCasts()->getType();
  if (!T->isPointerType())
    return true;
  QualType Pointee = T->getPointeeType().getCanonicalType();
  while (const ArrayType *AT = dyn_cast<ArrayType>(Pointee.getTypePtr()))
    Pointee = AT->getElementType().getCanonicalType();
  return !Pointee->isRealFloatingType() && !Pointee->isAnyComplexType();
}

} // namespace mpisync
