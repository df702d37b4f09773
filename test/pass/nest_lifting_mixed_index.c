// Loop nests whose inner loop reads two objects, one whose row range is
// lifted out of the nest whole and one whose rows leave gaps, with int,
// long and unsigned indices mixed (a tiled transpose, a matrix-vector
// product): the nest lifting compared the two runs' starts, whose
// difference ScalarEvolution cannot compute (different objects), and
// clang crashed at -O1 and above. The pass now compiles them at every
// level; at -O2 the vector's range and the matrix's rows (interior columns:
// gaps between rows) are each checked once before the nest, and no access
// keeps a check of its own.
// RUN: %clang_mpisync -fsanitize=mpisync -O0 -c %s -o /dev/null
// RUN: %clang_mpisync -fsanitize=mpisync -O1 -c %s -o /dev/null
// RUN: %clang_mpisync -fsanitize=mpisync -O3 -c %s -o /dev/null
// RUN: %clang_mpisync -fsanitize=mpisync -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang_mpisync -fsanitize=mpisync -O2 -S -emit-llvm -DROW_ONLY %s -o - \
// RUN:   | FileCheck %s --check-prefix=ROW --implicit-check-not=__mpisync_load8
#include <stddef.h>

// The vector's range and the matrix's rows before the nest; no other check
// after them, and no per-access check (load8) anywhere.
// CHECK-LABEL: define {{.*}}double @row_times_vector(
// ROW-LABEL:   define {{.*}}double @row_times_vector(
// ROW:         call preserve_allcc void @__mpisync_loadN_cold(
// ROW:         call preserve_allcc void @__mpisync_loadRows_cold(
// ROW-NOT:     call {{.*}}@__mpisync_load
// ROW:         declare
double row_times_vector(const double *v, const double *m, long n, int rows) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (long j = 1; j < n - 1; j++)
      s += v[j] * m[i * n + j];
  return s;
}

#ifndef ROW_ONLY
#define TILE 16
// CHECK-LABEL: define {{.*}}void @transpose_tiled(
// CHECK:       ret void
void transpose_tiled(double *restrict out, const double *restrict in,
                     const double *restrict scale, long n, int nt) {
  for (int it = 0; it < nt; it++)
    for (long jt = 0; jt < nt; jt++)
      for (unsigned i = it * TILE; i < (unsigned)(it + 1) * TILE; i++)
        for (long j = jt * TILE; j < (jt + 1) * TILE; j++)
          out[j * n + i] = in[i * n + j] * scale[j];
}

// CHECK-LABEL: define {{.*}}double @two_globals(
// CHECK:       ret double
double g[1 << 16], h[1 << 16];
double two_globals(unsigned long n, unsigned short m) {
  double s = 0;
  for (int i = 0; i < (int)n; i += 2)
    for (ptrdiff_t j = 1; j < (int)n - 1; j++) {
      s += g[(i + 1) * (int)n + j + 1];
      g[i * (int)n + j] = s + h[(unsigned)j];
    }
  return s + m;
}
#endif
