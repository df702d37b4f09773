//===- MPITypes.h - Types and MPI handles in the AST ------------*- C++ -*-===//
//
// What the request analysis asks of a type or an argument: is it a request,
// how large is it, is it MPI_REQUEST_NULL, a predefined datatype, a constant
// address.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_MPITYPES_H
#define MPISYNC_CLANG_PLUGIN_MPITYPES_H

#include "PathState.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
class QualType;
} // namespace clang

namespace mpisync {

// MPI_Request is a typedef (an int in MPICH, a pointer to an opaque struct
// in Open MPI): look for it in the sugar.
bool isRequestType(clang::QualType T, const clang::ASTContext &Ctx);
// T is one of MPI's handle typedefs (MPI_Request, MPI_Comm, MPI_Win, ...).
// In Open MPI they are pointers, but never to memory the program accesses.
bool isMpiHandleType(clang::QualType T, const clang::ASTContext &Ctx);
// T is a request, or an array or struct holding one.
bool containsRequest(clang::QualType T, const clang::ASTContext &Ctx,
                     int Depth = 0);
// The size of T in bytes (void: 1, GNU arithmetic on void *).
std::optional<Int> sizeOf(clang::QualType T, const clang::ASTContext &Ctx);
// E is written as MPI_REQUEST_NULL (through macros).
bool isNullRequest(const clang::Expr *E, const clang::ASTContext &Ctx);
// The size of a predefined datatype: MPICH encodes it in the handle of
// builtin types; other MPIs are recognised by the macro's name.
std::optional<Int> predefinedTypeSize(const clang::Expr *E,
                                      std::optional<Int> Handle,
                                      const clang::ASTContext &Ctx);
// The size of the predefined datatype named Name (MPI_INT, ...), if known.
std::optional<Int> predefinedTypeSizeByName(llvm::StringRef Name,
                                            const clang::ASTContext &Ctx);
// MPI_STATUS_IGNORE, MPI_IN_PLACE and the like: a constant address.
bool isConstantPointer(const clang::Expr *E, const clang::ASTContext &Ctx);
// Can a store through a pointer like P change an integer or pointer the
// analysis has facts about? Not if it stores floating-point numbers.
bool mayAliasFacts(const clang::Expr *P);

} // namespace mpisync

#endif
