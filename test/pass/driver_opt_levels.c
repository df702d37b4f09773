// Through the driver the plugin runs at -O0 (every function optnone) and at
// -O2: loads and stores of a pointer argument become runtime calls.
// RUN: %clang_mpisync -fsanitize=mpisync -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clang_mpisync -fsanitize=mpisync -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,O2

// CHECK-LABEL: define {{.*}}void @copy_one(
// The near interval's lower end (field 6: byte 48 once -O2 folded the GEP).
// CHECK:       load i64, ptr getelementptr inbounds ({{.*}} @__mpisync_state, i64 {{0, i64 6|48}})
// CHECK:       call preserve_allcc void @__mpisync_load4_pa(
// CHECK:       call preserve_allcc void @__mpisync_store4_pa(
// CHECK:       ret void
void copy_one(int *dst, const int *src) { dst[1] = src[2]; }

// CHECK: @mpisync.module_ctor
// CHECK-NEXT: call void @__mpisync_init()
// O0: attributes #0 = { {{.*}}optnone
// O2-NOT: optnone
