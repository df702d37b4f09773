//===- Reporter.cpp - Emits the plugin's diagnostics ----------------------===//
#include "Reporter.h"

namespace mpisync {

Reporter::Reporter(clang::DiagnosticsEngine &Diags, const CheckOptions &Options,
                   bool ShowOptionNames)
    : Diags(Diags), Options(Options), ShowOptionNames(ShowOptionNames) {}

bool Reporter::enabled(Check C) const {
  return Options.level(C, Diags) != clang::DiagnosticsEngine::Ignored;
}

void Reporter::report(Check C, clang::SourceLocation Loc,
                      clang::SourceRange Range, const std::string &Message,
                      llvm::ArrayRef<DiagNote> Notes, const void *Key) {
  clang::DiagnosticsEngine::Level Level = Options.level(C, Diags);
  if (Level == clang::DiagnosticsEngine::Ignored)
    return;
  if (!Reported.insert({static_cast<unsigned>(C), Loc.getRawEncoding(), Key})
           .second)
    return;
  std::string Text = Message;
  if (ShowOptionNames) {
    Text += " [";
    if (Level == clang::DiagnosticsEngine::Error)
      Text += "-Werror,";
    Text += "-Wmpisync-" + checkName(C).str() + "]";
  }
  unsigned ID = Diags.getDiagnosticIDs()->getCustomDiagID(
      static_cast<clang::DiagnosticIDs::Level>(Level), "%0");
  Diags.Report(Loc, ID) << Text << Range;
  unsigned NoteID = Diags.getDiagnosticIDs()->getCustomDiagID(
      clang::DiagnosticIDs::Note, "%0");
  for (const DiagNote &N : Notes)
    Diags.Report(N.Loc, NoteID) << N.Message;
}

void Reporter::reportSetup(clang::DiagnosticsEngine::Level Level,
                           const std::string &Message) {
  unsigned ID = Diags.getDiagnosticIDs()->getCustomDiagID(
      static_cast<clang::DiagnosticIDs::Level>(Level), "%0");
  Diags.Report(ID) << ("MPISync plugin: " + Message);
}

} // namespace mpisync
