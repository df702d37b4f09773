// The -Wmpisync flags reach the plugin as plugin arguments
// (-fplugin-arg-mpisync-<flag>, or -Xclang -plugin-arg-mpisync -Xclang
// <flag>); clang's own -w, -Werror and -fno-diagnostics-show-option apply.
// RUN: %clang_cc_plugin %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: flags.c:[[@LINE+25]]:3: warning: write to 'buf[0]', {{.*}} [-Wmpisync-send-buffer-write]
// DEFAULT: flags.c:[[@LINE+25]]:1: warning: request 'req' {{.*}} [-Wmpisync-lost-request]
// DEFAULT: 2 warnings generated.

// RUN: %clang_cc_plugin -fplugin-arg-mpisync--Wno-mpisync %s 2>&1 | count 0
// RUN: %clang_cc_plugin -fplugin-arg-mpisync--Wno-mpisync-lost-request %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY-SEND --implicit-check-not=warning:
// RUN: %clang_cc_plugin -fplugin-arg-mpisync-Wno-mpisync-lost-request %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY-SEND --implicit-check-not=warning:
// RUN: %clang_cc_plugin -Xclang -plugin-arg-mpisync -Xclang -Wno-mpisync-lost-request %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY-SEND --implicit-check-not=warning:
// RUN: %clang_cc_plugin -fplugin-arg-mpisync--Wno-mpisync -fplugin-arg-mpisync--Wmpisync-send-buffer-write %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY-SEND --implicit-check-not=warning:
// ONLY-SEND: warning: write to 'buf[0]'

// RUN: not %clang_cc_plugin -fplugin-arg-mpisync--Werror=mpisync-send-buffer-write %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// ERROR: error: write to 'buf[0]', {{.*}} [-Werror,-Wmpisync-send-buffer-write]
// ERROR: warning: request 'req' {{.*}} [-Wmpisync-lost-request]
#include <mpi.h>

void f(void) {
  static int buf[4];
  MPI_Request req;
  MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  buf[0] = 1;
}

// clang's -Werror makes them errors, -Wno-error=mpisync takes them back.
// RUN: not %clang_cc_plugin -Werror %s 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: write to 'buf[0]', {{.*}} [-Werror,-Wmpisync-send-buffer-write]
// WERROR: error: request 'req' {{.*}} [-Werror,-Wmpisync-lost-request]
// RUN: %clang_cc_plugin -Werror -fplugin-arg-mpisync--Wno-error=mpisync %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT

// -w silences them, except those made errors by name.
// RUN: %clang_cc_plugin -w %s 2>&1 | count 0
// RUN: not %clang_cc_plugin -w -fplugin-arg-mpisync--Werror=mpisync-lost-request %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=W-ERROR --implicit-check-not=warning:
// W-ERROR: error: request 'req' {{.*}} [-Werror,-Wmpisync-lost-request]

// RUN: %clang_cc_plugin -fno-diagnostics-show-option %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-OPTION
// NO-OPTION: warning: write to 'buf[0]', the send buffer 'buf' of a pending MPI_Isend; complete the request first{{$}}

// An argument the plugin does not know is a warning, as clang's unknown
// -W flags are.
// RUN: %clang_cc_plugin -fplugin-arg-mpisync--Wmpisync-typo %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: warning: MPISync plugin: unknown warning option '-Wmpisync-typo'; the checks are -Wmpisync-{send-buffer-write,recv-buffer-access,lost-request,unstarted-request,stack-buffer-out-of-scope}
// UNKNOWN: warning: write to 'buf[0]'
