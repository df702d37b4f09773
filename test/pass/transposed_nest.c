// Transposed nests (AffineNestLifting.cpp, liftTransposed): an access whose
// inner loop strides over rows and whose outer loop fills the gaps is one
// range check before the nest (stage: the stride known at run time;
// stage16: at compile time), and a tile read across the rows of a wider
// matrix is one rows check per tile (read_tile); none of them keeps a check
// per element. When the outer loop's trip count is not the stride
// (stage_rows: rows counted apart), the columns of a tile are rows too.
// Behaviour (reports inside, none just past or in a gap):
// test/runtime/hoist_transposed.c.
// RUN: %clang_mpisync -fsanitize=mpisync -O2 -S -emit-llvm %s -o - | FileCheck %s
#include <stddef.h>

#define N 64

// CHECK-LABEL: define {{.*}}void @stage(
// CHECK:       call preserve_allcc void @__mpisync_storeN_cold(
// CHECK-NOT:   call {{.*}}@__mpisync_store8
// CHECK:       ret void
void stage(double *dst, const double *src, int tile) {
  for (int r = 0; r < tile; r++)
    for (int c = 0; c < tile; c++)
      dst[(size_t)c * tile + r] = src[(size_t)r * N + c];
}

// CHECK-LABEL: define {{.*}}void @stage16(
// CHECK:       call preserve_allcc void @__mpisync_storeN_pa(
// CHECK-NOT:   call {{.*}}@__mpisync_store8
// CHECK:       ret void
void stage16(double *dst, const double *src) {
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++)
      dst[c * 16 + r] = src[r * N + c];
}

// CHECK-LABEL: define {{.*}}void @stage_rows(
// CHECK:       call preserve_allcc void @__mpisync_storeRows_cold(
// CHECK-NOT:   call {{.*}}@__mpisync_store8
// CHECK:       ret void
void stage_rows(double *dst, const double *src, int tile, int rows) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < tile; c++)
      dst[(size_t)c * tile + r] = src[(size_t)r * N + c];
}

// CHECK-LABEL: define {{.*}}void @read_tile(
// CHECK:       call preserve_allcc void @__mpisync_loadRows_cold(
// CHECK-NOT:   call {{.*}}@__mpisync_load8
// CHECK:       ret void
void read_tile(double *dst, const double *src, int tile) {
  for (int r = 0; r < tile; r++)
    for (int c = 0; c < tile; c++)
      dst[(size_t)r * tile + c] = src[(size_t)c * N + r];
}
