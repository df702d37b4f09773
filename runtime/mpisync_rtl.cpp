// Runtime start-up: flags, shadow, interceptors, and the exit policy.
#include "mpisync_rtl.h"

#include "mpisync_flags.h"
#include "mpisync_interceptors.h"
#include "mpisync_interface.h"
#include "mpisync_layers.h"
#include "mpisync_report.h"
#include "mpisync_sampling.h"
#include "mpisync_shadow.h"
#include "mpisync_stats.h"
#include "mpisync_suppressions.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_symbolizer.h"
#include "threads/thread_interceptors.h"

#include <stdio.h>
#include <stdlib.h>

using namespace __sanitizer;

MpisyncPublishedState __mpisync_state;

namespace mpisync {

THREADLOCAL int mpi_call_depth;

namespace {

bool initialized;
bool initializing;

// Runs last among atexit handlers (it is registered first): a process that
// reported errors exits with `exitcode`, as sanitizers do.
void ExitWithErrorCode() {
  if (stats_enabled)
    PrintStats();
  // exitcode=0: reports leave the program's own exit status alone.
  if (ErrorCount() == 0 || flags()->exitcode == 0)
    return;
  fflush(nullptr);
  internal__exit(flags()->exitcode);
}

} // namespace

void Initialize() {
  if (initialized || initializing)
    return;
  initializing = true;
  SanitizerToolName = "MPISync";
  CacheBinaryName();
  InitializeFlags();
  stats_enabled = flags()->stats;
  InitializeSampling();
  InitializeShadow();
  InitializeSuppressions();
  InitializeInterceptors();
  threads::InitializeThreadInterceptors();
  InstallModeLayers();
  atexit(ExitWithErrorCode);
  initialized = true;
  initializing = false;
  VReport(1, "MPISync: initialized, shadow at %p\n",
          (void *)__mpisync_state.shadow_offset);
}

int CurrentTid() {
  static THREADLOCAL int tid;
  if (!tid)
    tid = (int)__sanitizer::GetTid();
  return tid;
}

} // namespace mpisync

extern "C" SANITIZER_INTERFACE_ATTRIBUTE void __mpisync_init() {
  mpisync::Initialize();
}

#if MPISYNC_PRELOAD
// The LD_PRELOAD-able runtime: a shared library may not have a
// .preinit_array, but a preloaded library's constructors run before those
// of the program and of the libraries it loads after it (MPI's).
__attribute__((constructor(101))) static void MpisyncPreloadInit() {
  __mpisync_init();
}
#else
// Before any constructor of the program or its libraries: MPI may be called
// from constructors, and the MPI library's own memcpy calls are observed.
__attribute__((section(".preinit_array"), used)) static void (
    *mpisync_preinit)(void) = __mpisync_init;
#endif
