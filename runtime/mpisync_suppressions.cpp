// Suppression matching on symbolized frames, with sanitizer_common's
// SuppressionContext doing the parsing and wildcard matching.
#include "mpisync_suppressions.h"

#include "mpisync_flags.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_file.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#include "sanitizer_common/sanitizer_stackdepot.h"
#include "sanitizer_common/sanitizer_suppressions.h"
#include "sanitizer_common/sanitizer_symbolizer.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

const char *kSuppressionTypes[] = {"fun", "src", "lib", "kind"};
alignas(64) char context_storage[sizeof(SuppressionContext)];
SuppressionContext *context;

bool FrameMatches(uptr pc) {
  SymbolizedStackHolder holder(Symbolizer::GetOrInit()->SymbolizePC(pc));
  Suppression *s;
  for (const SymbolizedStack *f = holder.get(); f; f = f->next) {
    const AddressInfo &info = f->info;
    if (info.function && context->Match(info.function, "fun", &s))
      return true;
    // The name the report shows (Fortran: `halo::exchange`) matches too.
    InternalScopedString readable;
    if (ReadableFunctionName(info.function, info.file, &readable) &&
        context->Match(readable.data(), "fun", &s))
      return true;
    if (info.file && context->Match(info.file, "src", &s))
      return true;
    if (info.module && context->Match(info.module, "lib", &s))
      return true;
  }
  return false;
}

} // namespace

void InitializeSuppressions() {
  context = new (context_storage)
      SuppressionContext(kSuppressionTypes, ARRAY_SIZE(kSuppressionTypes));
  const char *file = flags()->suppressions;
  if (!file || !*file)
    return;
  // A setup error, not a finding: exit 1 with one line, like a bad option.
  if (!FileExists(file)) {
    Printf("==%d==ERROR: MPISync: cannot read the suppressions file '%s' "
           "(MPISYNC_OPTIONS=suppressions=...)\n",
           (int)internal_getpid(), file);
    internal__exit(1);
  }
  context->ParseFromFile(file);
}

bool IsSuppressed(const char *kind, const u32 *stacks, uptr num_stacks) {
  if (!context || context->SuppressionCount() == 0)
    return false;
  Suppression *s;
  if (context->Match(kind, "kind", &s))
    return true;
  for (uptr i = 0; i < num_stacks; i++) {
    if (!stacks[i])
      continue;
    StackTrace trace = StackDepotGet(stacks[i]);
    for (uptr f = 0; f < trace.size; f++)
      if (FrameMatches(StackTrace::GetPreviousInstructionPc(trace.trace[f])))
        return true;
  }
  return false;
}

} // namespace mpisync
