//===- SourceText.cpp - How diagnostics name expressions ------------------===//
//
// See SourceText.h.
//
//===----------------------------------------------------------------------===//
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace mpisync {

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

} // namespace mpisync
