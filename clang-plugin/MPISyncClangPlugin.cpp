//===- MPISyncClangPlugin.cpp - The MPISync clang plugin ------------------===//
//
// Registers the "mpisync" plugin: it runs before code generation whenever it
// is loaded (-fplugin=MPISyncClangPlugin.so), and analyzes every function
// with a body that starts or completes MPI requests. Its arguments are the
// -Wmpisync flags (CheckOptions.h):
//
//   clang -fplugin=.../MPISyncClangPlugin.so \
//         -fplugin-arg-mpisync--Wno-mpisync-lost-request ...
//
//===----------------------------------------------------------------------===//
#include "CheckOptions.h"
#include "GlobalEffects.h"
#include "MPICallTable.h"
#include "Reporter.h"
#include "RequestAnalysis.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace mpisync {

namespace {

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  explicit FunctionCollector(const SourceManager &SM) : SM(SM) {}
  std::vector<const Decl *> Functions;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseDecl(Decl *D) {
    return skippedAsSystem(D, SM) || RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
      add(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    const CXXMethodDecl *Op = LE->getCallOperator();
    if (Op && Op->hasBody() && !Op->isDependentContext())
      add(Op);
    return true;
  }
  bool VisitObjCMethodDecl(ObjCMethodDecl *MD) {
    if (MD->hasBody())
      add(MD);
    return true;
  }
  bool VisitBlockDecl(BlockDecl *BD) {
    if (BD->getBody() && !BD->isDependentContext())
      add(BD);
    return true;
  }

private:
  const SourceManager &SM;
  void add(const Decl *D) {
    if (!SM.isInSystemHeader(D->getLocation()) && callsMPI(D))
      Functions.push_back(D);
  }
};

class MPISyncConsumer : public ASTConsumer {
public:
  // The options are copied: clang destroys the action once it made us.
  MPISyncConsumer(CompilerInstance &CI, CheckOptions Options)
      : CI(CI), Options(std::move(Options)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    if (Diags.hasErrorOccurred() || !Options.anyEnabled())
      return;
    Reporter R(Diags, Options, CI.getDiagnosticOpts().ShowOptionNames);
    FunctionCollector Collector(Ctx.getSourceManager());
    Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
    if (Collector.Functions.empty())
      return;
    GlobalEffects Globals;
    Globals.compute(Ctx);
    AnalysisLimits Limits;
    MPIConstants Consts = readMPIConstants(CI.getPreprocessor());
    for (const Decl *D : Collector.Functions)
      analyzeFunction(D, Ctx, R, Globals, Limits, Consts);
  }

private:
  CompilerInstance &CI;
  CheckOptions Options;
};

class MPISyncAction : public PluginASTAction {
public:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<MPISyncConsumer>(CI, Options);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &A : Args) {
      std::string Error;
      if (Options.apply(A, Error))
        continue;
      // As clang does with an unknown -W flag: a warning, and go on.
      unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Warning,
                                          "MPISync plugin: %0");
      Diags.Report(ID) << Error;
    }
    return true;
  }

  // Before code generation, which may clear the AST: loading the plugin is
  // enough (no -add-plugin), and it runs with -c, -S and -fsyntax-only.
  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  CheckOptions Options;
};

} // namespace

} // namespace mpisync

static FrontendPluginRegistry::Add<mpisync::MPISyncAction>
    X("mpisync", "MPISync: compile-time checks of MPI requests and buffers");
