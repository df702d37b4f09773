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

// file:line:column of the first frame of stack `id` (for SUMMARY lines),
// written into buf.
void DescribeTopFrame(u32 id, char *buf, uptr size);

// The name a report shows for a function symbolized as `function` in source
// `file`: flang's internal names become Fortran ones (`_QMhaloPexchange` ->
// `halo::exchange`, `_QFouterPinner` -> `outer::inner`, `_QQmain` -> `main
// program`, an internal procedure of the main program `_QFPinner` -> `inner`,
// an external procedure `solve_` from a Fortran source -> `solve`).
// Returns false (out untouched) when the name is not a Fortran one.
bool ReadableFunctionName(const char *function, const char *file,
                          __sanitizer::InternalScopedString *out);

// Symbolizer::SymbolizePC with the function names of every frame made
// readable as above. Free with SymbolizedStackHolder as usual.
__sanitizer::SymbolizedStack *SymbolizeReadable(uptr pc);

} // namespace mpisync

#endif // MPISYNC_STACK_H
