//===- LibcCalls.cpp - C library functions the analysis knows -------------===//
//
// Which arguments of memcpy, memset, read, fwrite and the like are read or
// written and how many bytes (checked against pending buffers), and which
// library calls may synchronize this thread with another one.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "MPITypes.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace mpisync {

namespace {

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

} // namespace

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

bool maySynchronize(const FunctionDecl *FD, StringRef Name) {
  if (Name.starts_with("__atomic_") || Name.starts_with("__sync_") ||
      Name.starts_with("__c11_atomic_"))
    return !Name.contains("_store") || Name.contains("fetch") ||
           Name.contains("exchange");
  if (FD->getBuiltinID() && Name.starts_with("__builtin_") &&
      !Name.starts_with("__builtin___"))
    return false; // __builtin_expect and the like
  static const llvm::StringSet<> Pure = {
      "memcpy",  "memmove", "mempcpy",       "memset",
      "memcmp",  "memchr",  "bzero",         "explicit_bzero",
      "bcmp",    "strlen",  "strnlen",       "strcpy",
      "strncpy", "strcat",  "strncat",       "strcmp",
      "strncmp", "strchr",  "strrchr",       "strstr",
      "strdup",  "strndup", "malloc",        "calloc",
      "realloc", "free",    "aligned_alloc", "posix_memalign",
      "abs",     "labs",    "llabs",         "printf",
      "fprintf", "sprintf", "snprintf",      "puts",
      "fputs",   "putchar", "fflush",        "sqrt",
      "fabs",    "exp",     "log",           "pow",
      "sin",     "cos",     "floor",         "ceil",
      "atoi",    "atol",    "strtol",        "strtod",
      "rand",    "srand",   "exit",          "abort"};
  Name.consume_front("__builtin___");
  Name.consume_front("__builtin_");
  Name.consume_back("_chk");
  return !Pure.contains(Name);
}

} // namespace mpisync
