// Unwinding (the tool-defined part of sanitizer_common's stack traces) and
// printing of recorded stacks.
#include "mpisync_stack.h"

#include "mpisync_flags.h"
#include "mpisync_modules.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_flags.h"
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

namespace {
// The stacks this thread captured before, by a 64-bit fingerprint of their
// frames, and their depot ids. A program whose time step makes MPI calls
// from hundreds of sites (bench/'s large_source: 480) comes back to each
// after the others' and the computation's memory evicted the depot's
// 4 MiB hash table: its lookup was a cache and TLB miss on the bucket and
// another on the node (6% of large_source's run), where this table is one
// load from 32 KiB of its own. A fingerprint stands for the frames
// without comparing them: two different stacks of one thread would have
// to agree in 64 bits for a report to name the wrong one. Entries are
// hints: a full neighbourhood is overwritten.
constexpr uptr kKnownStacks = 2048; // a power of two
constexpr uptr kKnownStackProbes = 8;
struct KnownStack {
  u64 fingerprint; // 0: empty
  u32 id;
};
THREADLOCAL KnownStack known_stacks[kKnownStacks];

u64 Fingerprint(const StackTrace &st) {
  u64 h = 0x9e3779b97f4a7c15ull ^ st.size;
  for (uptr i = 0; i < st.size; i++) {
    h ^= st.trace[i];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
  }
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h ? h : 1;
}
} // namespace

u32 CaptureStack(uptr pc, uptr bp, bool fast) {
  BufferedStackTrace stack;
  u32 depth = (u32)flags()->max_stack_depth;
  if (depth < 1)
    depth = 1;
  if (depth > kStackTraceMax)
    depth = kStackTraceMax;
  stack.Unwind(pc, bp, nullptr, fast, depth);
  u64 fingerprint = Fingerprint(stack);
  uptr home = fingerprint & (kKnownStacks - 1);
  KnownStack *free_slot = nullptr;
  for (uptr i = 0; i < kKnownStackProbes; i++) {
    KnownStack &known = known_stacks[(home + i) & (kKnownStacks - 1)];
    if (known.fingerprint == fingerprint)
      return known.id;
    if (!known.fingerprint && !free_slot)
      free_slot = &known;
  }
  u32 id = StackDepotPut(stack);
  KnownStack &slot = free_slot ? *free_slot : known_stacks[home];
  // Emptied, then the id, then the fingerprint: a signal handler that
  // captures a stack meanwhile finds a miss or the new pair, never the old
  // fingerprint with the new id.
  slot.fingerprint = 0;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  slot.id = id;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  slot.fingerprint = fingerprint;
  return id;
}

namespace {

bool IsLower(char c) { return (c >= 'a' && c <= 'z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsNameChar(char c) { return IsLower(c) || IsDigit(c) || c == '_'; }

// Fortran source suffixes, any case: .f .for .ftn .f77 .f90 .f95 .f03 .f08
// (and .F, .F90, ... preprocessed).
bool IsFortranFile(const char *file) {
  if (!file)
    return false;
  const char *dot = internal_strrchr(file, '.');
  if (!dot)
    return false;
  char ext[8];
  uptr n = 0;
  for (const char *p = dot + 1; *p && n + 1 < sizeof(ext); p++)
    ext[n++] = (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : *p;
  ext[n] = 0;
  if (dot[1 + n] != 0)
    return false;
  static const char *const kExts[] = {"f",   "for", "ftn", "f77",
                                      "f90", "f95", "f03", "f08"};
  for (const char *e : kExts)
    if (!internal_strcmp(ext, e))
      return true;
  return false;
}

} // namespace

// flang's internal names (flang/docs/BijectiveInternalNameUniquing.md):
// `_Q`, then the scopes from the outermost, M<module> S<submodule>...
// F<host procedure>... B<block index>, then P<procedure> for a procedure.
// `_QQmain` is the main program. Compiler-generated suffixes (`..omp_par`)
// are kept as they are.
namespace {

// clang's outlined OpenMP bodies, "main.omp_outlined_debug__",
// "main.omp_outlined", "foo.omp_task_entry": the user's function, and what
// ran it.
bool ReadableOpenMpName(const char *function, InternalScopedString *out) {
  static const struct {
    const char *marker, *what;
  } kOutlined[] = {{".omp_outlined", "in an OpenMP parallel region"},
                   {".omp_task_entry", "in an OpenMP task"}};
  for (const auto &o : kOutlined) {
    const char *at = internal_strstr(function, o.marker);
    if (!at)
      continue;
    if (at == function)
      out->AppendF("<%s>", o.what + 3); // clang's older ".omp_outlined."
    else
      out->AppendF("%.*s (%s)", (int)(at - function), function, o.what);
    return true;
  }
  return false;
}

} // namespace

bool ReadableFunctionName(const char *function, const char *file,
                          InternalScopedString *out) {
  if (!function)
    return false;
  if (ReadableOpenMpName(function, out))
    return true;
  if (function[0] == '_' && function[1] == 'Q') {
    const char *p = function + 2;
    if (!internal_strncmp(p, "Qmain", 5) && (p[5] == 0 || p[5] == '.')) {
      out->Append("main program");
      out->Append(p + 5);
      return true;
    }
    InternalScopedString name;
    bool procedure = false;
    while (*p && *p != '.') {
      char tag = *p++;
      const char *begin = p;
      if (tag == 'B') {
        while (IsDigit(*p))
          p++;
        if (p == begin)
          return false;
        continue; // a BLOCK construct: no name of its own
      }
      if (tag != 'M' && tag != 'S' && tag != 'F' && tag != 'P')
        return false; // a variable, type, common block, ...: not ours
      if (procedure)
        return false;
      while (IsNameChar(*p))
        p++;
      if (p == begin) {
        // The main program as a host (`_QFPinner`) has no name here.
        if (tag != 'F')
          return false;
        continue;
      }
      if (!IsLower(*begin))
        return false;
      if (name.length())
        name.Append("::");
      name.AppendF("%.*s", (int)(p - begin), begin);
      procedure = tag == 'P';
    }
    if (!procedure)
      return false;
    out->Append(name.data());
    out->Append(p);
    return true;
  }
  // An external procedure keeps flang's external name `name_`.
  uptr len = internal_strlen(function);
  if (len < 2 || function[len - 1] != '_' || !IsLower(function[0]) ||
      !IsFortranFile(file))
    return false;
  for (uptr i = 0; i < len; i++)
    if (!IsNameChar(function[i]))
      return false;
  out->AppendF("%.*s", (int)(len - 1), function);
  return true;
}

SymbolizedStack *SymbolizeReadable(uptr pc) {
  SymbolizedStack *frames = Symbolizer::GetOrInit()->SymbolizePC(pc);
  for (SymbolizedStack *f = frames; f; f = f->next) {
    InternalScopedString name;
    if (!ReadableFunctionName(f->info.function, f->info.file, &name))
      continue;
    InternalFree(f->info.function);
    f->info.function = internal_strdup(name.data());
  }
  return frames;
}

// StackTrace::PrintTo, with readable Fortran names.
void PrintStack(u32 id, InternalScopedString *out) {
  StackTrace stack = StackDepotGet(id);
  if (stack.size == 0) {
    out->Append("    <empty stack>\n\n");
    return;
  }
  const char *format = common_flags()->stack_trace_format;
  StackTracePrinter *printer = StackTracePrinter::GetOrInit();
  bool symbolize = printer->RenderNeedsSymbolization(format);
  uptr frame_no = 0;
  for (uptr i = 0; i < stack.size && stack.trace[i]; i++) {
    uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[i]);
    SymbolizedStackHolder holder(symbolize ? SymbolizeReadable(pc)
                                           : SymbolizedStack::New(pc));
    for (const SymbolizedStack *f = holder.get(); f; f = f->next) {
      uptr before = out->length();
      printer->RenderFrame(out, format, frame_no++, f->info.address,
                           symbolize ? &f->info : nullptr,
                           common_flags()->symbolize_vs_style,
                           common_flags()->strip_path_prefix);
      if (out->length() != before)
        out->Append("\n");
    }
  }
  out->Append("\n");
}

namespace {

// Sources of the system and its compilers' libraries: a report names the
// user's line that called into them.
bool IsSystemSource(const char *file) {
  static const char *const kPrefixes[] = {"/usr/include/", "/usr/lib/",
                                          "/usr/local/include/", "/usr/src/"};
  for (const char *p : kPrefixes)
    if (!internal_strncmp(file, p, internal_strlen(p)))
      return true;
  return internal_strstr(file, "/include/c++/") != nullptr;
}

void CopyString(char *dst, uptr size, const char *src) {
  internal_strncpy(dst, src ? src : "", size);
  dst[size - 1] = 0;
}

void Fill(SummaryFrame *out, uptr index, const AddressInfo &info) {
  out->found = true;
  out->index = index;
  out->pc = info.address;
  CopyString(out->function, sizeof(out->function), info.function);
  CopyString(out->file, sizeof(out->file),
             info.file ? StripPathPrefix(info.file, flags()->strip_path_prefix)
                       : nullptr);
  out->line = info.file ? info.line : 0;
  out->column = info.file ? info.column : 0;
  CopyString(out->module, sizeof(out->module),
             info.module
                 ? StripPathPrefix(info.module, flags()->strip_path_prefix)
                 : nullptr);
  out->module_offset = info.module_offset;
}

} // namespace

void FindSummaryFrame(u32 id, SummaryFrame *out) {
  out->found = false;
  StackTrace stack = StackDepotGet(id);
  uptr index = 0;
  bool have_fallback = false;
  for (uptr i = 0; i < stack.size && stack.trace[i]; i++) {
    bool last = i + 1 >= stack.size || !stack.trace[i + 1];
    bool in_mpi = IsMpiLibraryPc(stack.trace[i]);
    uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[i]);
    SymbolizedStackHolder holder(SymbolizeReadable(pc));
    const SymbolizedStack *frames = holder.get();
    if (!frames) {
      index++;
      continue;
    }
    for (const SymbolizedStack *f = frames; f; f = f->next, index++) {
      if (in_mpi && !last)
        continue;
      if (f->info.file && !IsSystemSource(f->info.file)) {
        Fill(out, index, f->info);
        return;
      }
      if (!have_fallback) {
        Fill(out, index, f->info);
        have_fallback = true;
      }
    }
  }
}

void DescribeTopFrame(u32 id, char *buf, uptr size) {
  SummaryFrame frame;
  FindSummaryFrame(id, &frame);
  if (!frame.found) {
    CopyString(buf, size, "<unknown>");
    return;
  }
  InternalScopedString out;
  if (frame.file[0]) {
    out.AppendF("%s:%d", frame.file, frame.line);
    if (frame.column)
      out.AppendF(":%d", frame.column);
  } else if (frame.module[0]) {
    out.AppendF("(%s+0x%zx)", StripModuleName(frame.module),
                frame.module_offset);
  }
  if (frame.function[0])
    out.AppendF(" in %s", frame.function);
  CopyString(buf, size, out.data());
}

} // namespace mpisync
