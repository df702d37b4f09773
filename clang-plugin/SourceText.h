//===- SourceText.h - How diagnostics name expressions ----------*- C++ -*-===//
//
// The text of an expression as the user wrote it, for the messages of the
// request analysis's diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_SOURCETEXT_H
#define MPISYNC_CLANG_PLUGIN_SOURCETEXT_H

#include <string>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
} // namespace clang

namespace mpisync {

// E's source text if it is short and on one line, else "".
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);
// The object a pointer expression points to, as written: "&a[1]" -> "a[1]".
std::string pointeeText(const clang::Expr *E, const clang::ASTContext &Ctx);
// The called function's name, or "the call".
std::string calleeName(const clang::CallExpr *CE);

} // namespace mpisync

#endif
