// A report whose access or free happens inside the C++ standard library
// (std::vector's growth moving and freeing a pending receive buffer) names
// the user's line that called it in the SUMMARY line and in the JSON's
// location, at -O0 (the library's functions are frames of their own) and
// at -O2 (they are inlined frames); the full stack keeps the library's
// frames (in system headers).
// RUN: %mpicxx -fsanitize=mpisync -g -O0 %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
// RUN: env MPISYNC_OPTIONS=log_format=json not %t 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: %mpicxx -fsanitize=mpisync -g -O2 %s -o %t.O2
// RUN: not %t.O2 2>&1 | FileCheck %s
// CHECK: ERROR: MPISync: recv-buffer-access on rank 0
// CHECK: {{#[0-9]+ .* in std::.*include/c\+\+/}}
// CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}summary_user_frame.cpp:24:{{[0-9]+}} in grow{{.*}}; MPI_Irecv at {{.*}}summary_user_frame.cpp:31
// CHECK: ERROR: MPISync: pending-buffer-freed on rank 0
// CHECK: {{#[0-9]+ .* in std::.*include/c\+\+/}}
// CHECK: SUMMARY: MPISync: pending-buffer-freed {{.*}}summary_user_frame.cpp:24:{{[0-9]+}} in grow{{.*}}; MPI_Irecv at {{.*}}summary_user_frame.cpp:31
// JSON: "kind":"recv-buffer-access"{{.*}}"location":{"stack":0,"frame":{{[1-9][0-9]*}},"function":"grow{{[^"]*}}","file":"{{[^"]*}}summary_user_frame.cpp","line":24
#include <mpi.h>
#include <vector>

// Out of line, so the user's frame is not main at any -O level.
__attribute__((noinline)) void grow(std::vector<long> &v) {
  v.push_back(99); // past the capacity: moves and frees the buffer
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<long> samples(4), out(4, 1);
  MPI_Request req;
  MPI_Irecv(samples.data(), 4, MPI_LONG, 0, 0, MPI_COMM_SELF, &req);
  grow(samples);
  MPI_Send(out.data(), 4, MPI_LONG, 0, 0, MPI_COMM_SELF);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
