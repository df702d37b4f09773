// Stack capture for reports: MPI call sites and accesses, stored in
// sanitizer_common's StackDepot so a pending request costs one u32.
#ifndef MPISYNC_STACK_H
#define MPISYNC_STACK_H

#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_symbolizer.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::uptr;

// Unwinds from the caller of a runtime entry: `pc` is the caller's return
// address, `bp` the entry's frame. Returns a StackDepot id.
u32 CaptureStack(uptr pc, uptr bp, bool fast);

// Appends the stack `id` in the sanitizer format ("    #0 0x... in f file:line").
void PrintStack(u32 id, __sanitizer::InternalScopedString *out);

// The frame a report's SUMMARY line names for stack `id`: the first frame,
// inlined frames included, in the user's sources: outside the MPI stack
// (for Fortran, the caller of MPICH's binding) and not in a system header
// or a library without sources (std::vector's growth, std::copy). Without
// such a frame, the first frame outside the MPI stack.
struct SummaryFrame {
  bool found; // false: empty stack, or nothing symbolized
  uptr index; // as "#N" in the printed stack
  uptr pc;
  char function[256];
  char file[512]; // empty: no source information
  int line, column;
  char module[512];
  uptr module_offset;
};
void FindSummaryFrame(u32 id, SummaryFrame *out);

// "file:line:column in function" of FindSummaryFrame (for SUMMARY lines),
// written into buf.
void DescribeTopFrame(u32 id, char *buf, uptr size);

// The name a report shows for a function symbolized as `function` in source
// `file`: clang's outlined OpenMP bodies become the user's function
// (`main.omp_outlined_debug__` -> `main (in an OpenMP parallel region)`),
// flang's internal names become Fortran ones (`_QMhaloPexchange` ->
// `halo::exchange`, `_QFouterPinner` -> `outer::inner`, `_QQmain` -> `main
// program`, an internal procedure of the main program `_QFPinner` -> `inner`,
// an external procedure `solve_` from a Fortran source -> `solve`).
// Returns false (out untouched) when the name is neither.
bool ReadableFunctionName(const char *function, const char *file,
                          __sanitizer::InternalScopedString *out);

// Symbolizer::SymbolizePC with the function names of every frame made
// readable as above. Free with SymbolizedStackHolder as usual.
__sanitizer::SymbolizedStack *SymbolizeReadable(uptr pc);

} // namespace mpisync

#endif // MPISYNC_STACK_H
