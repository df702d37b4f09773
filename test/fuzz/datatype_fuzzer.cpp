// libFuzzer target for the runtime's datatype decoder (runtime/
// mpisync_datatype.cpp), built with AddressSanitizer. The input is a small
// program for a stack machine that builds a derived datatype with MPI's own
// constructors: nested contiguous, vector, hvector, indexed, hindexed,
// indexed_block, hindexed_block, struct, resized, subarray, darray, dup and
// the large-count constructors, with negative strides, displacements and
// lower bounds and zero-size blocks. The decoder's bytes of `count`
// elements (ForEachSegment) are compared with a slow reference: MPI_Unpack
// of a packed buffer of 0xff bytes into zeroed memory, which writes exactly
// the bytes of the type map. An exact map must give the same bytes; a hull
// (DataMap::exact false) must cover them. ForEachSegmentIn must give, for a
// random window, the segments of the same map that meet the window, each
// inside its element. Any difference prints the type's recipe and traps.
// test/fuzz/datatype_fuzz.test runs it for a bounded time from the corpus
// in corpus/datatype/.
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpisync_datatype.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

// sanitizer_common leaves unwinding to its tool; the decoder never unwinds.
void __sanitizer::BufferedStackTrace::UnwindImpl(uptr, uptr, void *, bool,
                                                 u32) {}

using mpisync::uptr;

namespace {

// Types larger than this are skipped: the reference touches every byte.
constexpr MPI_Count kMaxSpan = 1 << 18;
constexpr int kMaxStack = 8;
constexpr MPI_Count kMaxPad = 4096;

class Input {
public:
  Input(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  int Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  // An integer in [lo, hi].
  int In(int lo, int hi) { return lo + Byte() % (hi - lo + 1); }

private:
  const uint8_t *data_;
  size_t size_, pos_ = 0;
};

// What the machine did, printed when the decoder disagrees.
char recipe[4096];
size_t recipe_len;
void Note(const char *fmt, int a = 0, int b = 0, int c = 0) {
  if (recipe_len < sizeof(recipe) - 64)
    recipe_len += snprintf(recipe + recipe_len, sizeof(recipe) - recipe_len,
                           fmt, a, b, c);
}

struct Stack {
  MPI_Datatype types[kMaxStack];
  int n = 0;
  static bool Derived(MPI_Datatype t) {
    int ni, na, nd, combiner;
    return MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner) == MPI_SUCCESS &&
           combiner != MPI_COMBINER_NAMED;
  }
  static void Free(MPI_Datatype t) {
    if (Derived(t))
      MPI_Type_free(&t);
  }
  MPI_Datatype Top() const { return types[n - 1]; }
  // Replaces the top `popped` entries by `t` (when the constructor worked).
  void Replace(int popped, int rc, MPI_Datatype t) {
    if (rc != MPI_SUCCESS)
      return;
    for (int i = 0; i < popped; i++)
      Free(types[--n]);
    types[n++] = t;
  }
  void Push(MPI_Datatype t) {
    if (n == kMaxStack)
      Free(types[--n]);
    types[n++] = t;
  }
  ~Stack() {
    while (n)
      Free(types[--n]);
  }
};

// Not MPI_LONG_DOUBLE: MPICH moves only the 10 bytes of x87's 80-bit value
// of its 16, while the decoder takes all 16 (the type's size) as data, which
// can only widen a pending buffer by its padding.
const MPI_Datatype kNamed[] = {MPI_CHAR,
                               MPI_SHORT,
                               MPI_INT,
                               MPI_DOUBLE,
                               MPI_BYTE,
                               MPI_2INT,
                               MPI_FLOAT_INT,
                               MPI_DOUBLE_INT,
                               MPI_LONG_INT,
                               MPI_SHORT_INT,
                               MPI_C_DOUBLE_COMPLEX};

// One constructor step, reading its parameters from `in`.
void Step(Input &in, Stack &s) {
  int op = in.In(0, 14);
  if (s.n == 0 || op == 0) {
    int k = in.In(0, sizeof(kNamed) / sizeof(kNamed[0]) - 1);
    Note("named[%d] ", k);
    s.Push(kNamed[k]);
    return;
  }
  MPI_Datatype old = s.Top(), t = MPI_DATATYPE_NULL;
  int rc = MPI_ERR_OTHER;
  int blens[4], disps[4];
  MPI_Aint bdisps[4];
  switch (op) {
  case 1: {
    int count = in.In(0, 4);
    Note("contiguous(%d) ", count);
    rc = MPI_Type_contiguous(count, old, &t);
    break;
  }
  case 2: {
    int count = in.In(0, 4), blen = in.In(0, 3), stride = in.In(-6, 6);
    Note("vector(%d,%d,%d) ", count, blen, stride);
    rc = MPI_Type_vector(count, blen, stride, old, &t);
    break;
  }
  case 3: {
    int count = in.In(0, 4), blen = in.In(0, 3), stride = in.In(-64, 64);
    Note("hvector(%d,%d,%d) ", count, blen, stride);
    rc = MPI_Type_create_hvector(count, blen, stride, old, &t);
    break;
  }
  case 4:
  case 5:
  case 6:
  case 7: {
    int count = in.In(1, 4), blen = in.In(0, 3);
    for (int i = 0; i < count; i++) {
      blens[i] = op == 6 || op == 7 ? blen : in.In(0, 3);
      disps[i] = op == 4 || op == 6 ? in.In(-8, 8) : in.In(-64, 64);
      bdisps[i] = disps[i];
      Note("[%d@%d] ", blens[i], disps[i]);
    }
    // 4 indexed, 5 hindexed, 6 indexed_block, 7 hindexed_block
    Note("indexed#%d(%d) ", op, count);
    if (op == 4)
      rc = MPI_Type_indexed(count, blens, disps, old, &t);
    else if (op == 5)
      rc = MPI_Type_create_hindexed(count, blens, bdisps, old, &t);
    else if (op == 6)
      rc = MPI_Type_create_indexed_block(count, blen, disps, old, &t);
    else
      rc = MPI_Type_create_hindexed_block(count, blen, bdisps, old, &t);
    break;
  }
  case 8: {
    // A struct of the top `count` entries (the top one repeated when the
    // stack is shorter).
    // Not of zero-size members: MPICH 4.0.2's MPI_Unpack divides by zero
    // on a struct holding one (e.g. vector(2,0,-4) of a char).
    int count = in.In(1, 3);
    MPI_Datatype members[3];
    for (int i = 0; i < count; i++) {
      members[i] = s.types[s.n - 1 - (i < s.n ? i : 0)];
      int member_size;
      MPI_Type_size(members[i], &member_size);
      if (member_size == 0)
        return;
      blens[i] = in.In(0, 2);
      bdisps[i] = in.In(-48, 48);
      Note("{%d@%d} ", blens[i], (int)bdisps[i]);
    }
    Note("struct(%d) ", count);
    rc = MPI_Type_create_struct(count, blens, bdisps, members, &t);
    if (rc == MPI_SUCCESS) {
      // The members stay on the stack; the struct goes on top.
      s.Push(t);
      return;
    }
    break;
  }
  case 9: {
    // Extents stay >= 0: MPICH 4.0.2 does not move the data of types built
    // from parts of negative extent where its own extents say (3 elements of
    // vector(1,3,-6) of resized(LONG_INT,32,-4) are unpacked 12 bytes apart
    // downwards, though MPI_Type_get_extent says 4), so it cannot be the
    // reference there.
    int lb = in.In(-32, 32), extent = in.In(0, 64);
    Note("resized(%d,%d) ", lb, extent);
    rc = MPI_Type_create_resized(old, lb, extent, &t);
    break;
  }
  case 10: {
    int ndims = in.In(1, 3), sizes[3], subsizes[3], starts[3];
    int order = in.In(0, 1) ? MPI_ORDER_C : MPI_ORDER_FORTRAN;
    for (int d = 0; d < ndims; d++) {
      sizes[d] = in.In(1, 4);
      subsizes[d] = in.In(1, sizes[d]);
      starts[d] = in.In(0, sizes[d] - subsizes[d]);
      Note("[%d:%d+%d] ", sizes[d], starts[d], subsizes[d]);
    }
    Note("subarray(%d,order %d) ", ndims, order == MPI_ORDER_C);
    rc = MPI_Type_create_subarray(ndims, sizes, subsizes, starts, order, old,
                                  &t);
    break;
  }
  case 11: {
    int nprocs = in.In(1, 4), rank = in.In(0, nprocs - 1);
    int gsizes[2] = {in.In(1, 6), in.In(1, 6)};
    int distribs[2] = {in.In(0, 1) ? MPI_DISTRIBUTE_BLOCK
                                   : MPI_DISTRIBUTE_CYCLIC,
                       MPI_DISTRIBUTE_NONE};
    int dargs[2] = {in.In(0, 1) ? MPI_DISTRIBUTE_DFLT_DARG : in.In(1, 3),
                    MPI_DISTRIBUTE_DFLT_DARG};
    int psizes[2] = {nprocs, 1};
    Note("darray(%d of %d, %d ", rank, nprocs, gsizes[0]);
    Note("x %d, distrib %d) ", gsizes[1], distribs[0]);
    rc = MPI_Type_create_darray(nprocs, rank, 2, gsizes, distribs, dargs,
                                psizes, MPI_ORDER_C, old, &t);
    break;
  }
  case 12:
    Note("dup ");
    rc = MPI_Type_dup(old, &t);
    break;
  case 13: {
    MPI_Count count = in.In(0, 4), blen = in.In(0, 3), stride = in.In(-6, 6);
    Note("vector_c(%d,%d,%d) ", (int)count, (int)blen, (int)stride);
    rc = MPI_Type_vector_c(count, blen, stride, old, &t);
    break;
  }
  default: {
    MPI_Count lb = in.In(-32, 32), extent = in.In(0, 64);
    Note("resized_c(%d,%d) ", (int)lb, (int)extent);
    rc = MPI_Type_create_resized_c(old, lb, extent, &t);
    break;
  }
  }
  s.Replace(1, rc, t);
}

// The type under test, for the failure message.
MPI_Count t_size, t_lb, t_extent, t_true_lb, t_true_extent;
int t_count;

[[noreturn]] void Fail(const char *what, MPI_Count at) {
  fprintf(stderr,
          "datatype decoder: %s at byte %lld of %d elements of the type %s"
          "(size %lld, lb %lld, extent %lld, true lb %lld, true extent "
          "%lld)\n",
          what, (long long)at, t_count, recipe, (long long)t_size,
          (long long)t_lb, (long long)t_extent, (long long)t_true_lb,
          (long long)t_true_extent);
  __builtin_trap();
}

// Marks [begin, end) of one decoded segment in `got` (indices relative to
// `lo`), refusing a segment outside the elements' span.
void Mark(uint8_t *got, uintptr_t base_addr, MPI_Count lo, MPI_Count hi,
          uptr begin, uptr end) {
  MPI_Count b = (MPI_Count)(begin - base_addr),
            e = (MPI_Count)(end - base_addr);
  if (b < lo || e > hi || b >= e)
    Fail("segment outside the elements", b);
  memset(got + (b - lo), 1, e - b);
}

void Check(MPI_Datatype t, int count, Input &in) {
  MPI_Count size, lb, extent, true_lb, true_extent;
  MPI_Type_size_c(t, &size);
  MPI_Type_get_extent_c(t, &lb, &extent);
  MPI_Type_get_true_extent_c(t, &true_lb, &true_extent);
  t_size = size, t_lb = lb, t_extent = extent, t_true_lb = true_lb,
  t_true_extent = true_extent, t_count = count;
  if (size == 0) {
    // No data, whatever bounds MPI reports for it (they can be anything).
    mpisync::DataMap *map = mpisync::AcquireDataMap(t);
    if (!map || map->num_segments != 0 || map->size != 0)
      Fail("a type of size 0 has data", 0);
    mpisync::ReleaseDataMap(map);
    return;
  }
  if (true_extent > kMaxSpan || true_extent < 0 || extent > kMaxSpan ||
      extent < -kMaxSpan || size > kMaxSpan || true_lb > kMaxSpan ||
      true_lb < -kMaxSpan)
    return;
  // The span of `count` elements, relative to the buffer's address.
  MPI_Count lo = 0, hi = 0;
  for (int i = 0; i < count; i++) {
    MPI_Count b = i * extent + true_lb, e = b + true_extent;
    if (i == 0 || b < lo)
      lo = b;
    if (i == 0 || e > hi)
      hi = e;
  }
  // Room beyond the span, in case MPI writes outside the true extent it
  // reports (a failure too: the decoder's hull comes from it).
  lo -= kMaxPad;
  hi += kMaxPad;
  MPI_Count span = hi - lo;
  if (getenv("MPISYNC_FUZZ_TRACE")) // to see the type MPI itself trips on
    fprintf(stderr, "checking %d elements of %s\n", count, recipe);
  uint8_t *want = (uint8_t *)calloc(span + 1, 1);
  uint8_t *got = (uint8_t *)calloc(span + 1, 1);
  int pack_size = 0;
  MPI_Pack_size(count, t, MPI_COMM_SELF, &pack_size);
  char *packed = (char *)malloc(pack_size + 1);
  memset(packed, 0xff, pack_size + 1);
  int position = 0;
  uintptr_t base_addr = (uintptr_t)want - lo;
  if (MPI_Unpack(packed, pack_size, &position, (void *)base_addr, count, t,
                 MPI_COMM_SELF) != MPI_SUCCESS)
    Fail("MPI_Unpack refused the type", 0);

  for (MPI_Count i = 0; i < span; i++)
    if (want[i] && (i < kMaxPad || i >= span - kMaxPad))
      Fail("MPI_Unpack wrote outside the true extent", lo + i);

  mpisync::DataMap *map = mpisync::AcquireDataMap(t);
  if (!map)
    Fail("no data map", 0);
  if (map->size != size || map->extent != extent)
    Fail("wrong size or extent", map->size);
  mpisync::ForEachSegment(*map, base_addr, count, [&](uptr b, uptr e) {
    Mark(got, base_addr, lo, hi, b, e);
  });
  for (MPI_Count i = 0; i < span; i++) {
    if (want[i] && !got[i])
      Fail("data byte missed", lo + i);
    if (map->exact && got[i] && !want[i])
      Fail("gap byte taken for data", lo + i);
  }

  // A window: exactly the segments of `got` that meet it.
  MPI_Count wb = lo - 8 + in.In(0, 255) % (span + 16);
  MPI_Count we = wb + 1 + in.In(0, 255) % (span + 16);
  uint8_t *in_window = (uint8_t *)calloc(span + 1, 1);
  mpisync::ForEachSegmentIn(
      *map, base_addr, count, base_addr + wb, base_addr + we,
      [&](uptr b, uptr e, MPI_Count element) {
        MPI_Count rb = (MPI_Count)(b - base_addr),
                  re = (MPI_Count)(e - base_addr);
        if (re <= wb || rb >= we)
          Fail("segment outside the window", rb);
        MPI_Count origin = element * extent;
        if (element < 0 || element >= count || rb < origin + map->first ||
            re > origin + map->last)
          Fail("segment outside its element", rb);
        Mark(in_window, base_addr, lo, hi, b, e);
      });
  for (MPI_Count i = 0; i < span; i++) {
    MPI_Count at = lo + i;
    bool inside = at >= wb && at < we;
    if (inside && got[i] && !in_window[i])
      Fail("window missed a data byte", at);
    if (in_window[i] && !got[i])
      Fail("window gave a byte that is not data", at);
  }
  mpisync::ReleaseDataMap(map);
  free(in_window);
  free(packed);
  free(got);
  free(want);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Input in(data, size);
  int count = in.In(1, 3);
  recipe_len = 0;
  recipe[0] = 0;
  Stack stack;
  for (int steps = 0; !in.empty() && steps < 12; steps++)
    Step(in, stack);
  if (stack.n == 0)
    return 0;
  MPI_Datatype t = stack.Top();
  if (MPI_Type_commit(&t) != MPI_SUCCESS)
    return 0;
  stack.types[stack.n - 1] = t;
  Check(t, count, in);
  // The handle may come back for another type: drop its cached map, as the
  // runtime's MPI_Type_free wrapper does.
  mpisync::ForgetDatatype(t);
  return 0;
}
