// Unwinding (the tool-defined part of sanitizer_common's stack traces) and
// printing of recorded stacks.
#include "mpisync_stack.h"

#include "mpisync_flags.h"
#include "mpisync_modules.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_stackdepot.h"
#include "sanitizer_common/sanitizer_stacktrace.h"
#include "sanitizer_common/sanitizer_stacktrace_printer.h"
#include "sanitizer_common/sanitizer_symbolizer.h"

using namespace __sanitizer;

namespace {
// Stack bounds are looked up once per thread: the lookup reads
// /proc/self/maps for the main thread.
THREADLOCAL uptr stack_top, stack_bottom;
} // namespace

namespace __sanitizer {
// Every sanitizer runtime defines this; ours keeps the thread's stack bounds.
void BufferedStackTrace::UnwindImpl(uptr pc, uptr bp, void *context,
                                    bool request_fast, u32 max_depth) {
  if (!stack_top)
    GetThreadStackTopAndBottom(false, &stack_top, &stack_bottom);
  Unwind(max_depth, pc, bp, context, stack_top, stack_bottom, request_fast);
}
} // namespace __sanitizer

namespace mpisync {

u32 CaptureStack(uptr pc, uptr bp, bool fast) {
  BufferedStackTrace stack;
  u32 depth = (u32)flags()->max_stack_depth;
  if (depth < 1)
    depth = 1;
  if (depth > kStackTraceMax)
    depth = kStackTraceMax;
  stack.Unwind(pc, bp, nullptr, fast, depth);
  return StackDepotPut(stack);
}

void PrintStack(u32 id, InternalScopedString *out) {
  StackTrace stack = StackDepotGet(id);
  if (stack.size == 0) {
    out->Append("    <empty stack>\n\n");
    return;
  }
  stack.PrintTo(out);
}

void DescribeTopFrame(u32 id, char *buf, uptr size) {
  internal_strncpy(buf, "<unknown>", size);
  StackTrace stack = StackDepotGet(id);
  if (stack.size == 0)
    return;
  // The first frame outside the MPI stack: for Fortran, the caller of
  // MPICH's binding rather than the binding.
  uptr frame = 0;
  while (frame + 1 < stack.size && IsMpiLibraryPc(stack.trace[frame]))
    frame++;
  uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[frame]);
  SymbolizedStackHolder holder(Symbolizer::GetOrInit()->SymbolizePC(pc));
  const SymbolizedStack *frames = holder.get();
  if (!frames)
    return;
  const AddressInfo &info = frames->info;
  InternalScopedString out;
  if (info.file) {
    out.AppendF("%s:%d", StripPathPrefix(info.file, flags()->strip_path_prefix),
                info.line);
    if (info.column)
      out.AppendF(":%d", info.column);
  } else if (info.module) {
    out.AppendF("(%s+0x%zx)", StripModuleName(info.module), info.module_offset);
  }
  if (info.function)
    out.AppendF(" in %s", info.function);
  internal_strncpy(buf, out.data(), size);
  buf[size - 1] = 0;
}

} // namespace mpisync
