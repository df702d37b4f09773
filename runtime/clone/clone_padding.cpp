// ClearPackedPadding (clone_padding.h): the type signature walked through
// MPI_Type_get_envelope/get_contents. Every combiner but struct repeats one
// old type, so its signature is that of size(type)/size(old) consecutive
// old elements; a struct's is its blocks' in order.
#include "clone/clone_padding.h"

#include "mpisync_alloc.h"
#include "mpisync_mpi_family.h"
#include "sanitizer_common/sanitizer_libc.h"

#include <float.h>

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

// x87 extended precision: 64-bit mantissa, 10 bytes of value stored in 16.
constexpr bool kPaddedLongDouble =
    LDBL_MANT_DIG == 64 && sizeof(long double) == 16;
constexpr uptr kLongDoubleValueBytes = 10;
constexpr int kMaxDepth = 32;

// Long doubles at the start of one element of a predefined type.
int LongDoublesIn(MPI_Datatype t) {
  if (t == MPI_LONG_DOUBLE || t == MPI_LONG_DOUBLE_INT)
    return 1;
  if (t == MPI_C_LONG_DOUBLE_COMPLEX || t == MPI_CXX_LONG_DOUBLE_COMPLEX)
    return 2;
  return 0;
}

MPI_Count SizeOf(MPI_Datatype t) {
  MPI_Count size = 0;
  return PMPI_Type_size_c(t, &size) == MPI_SUCCESS ? size : 0;
}

// A type's envelope and contents (int-count form), with the derived old
// types freed when it goes.
struct Contents {
  int combiner = MPI_COMBINER_NAMED;
  int num_ints = 0, num_types = 0;
  int *ints = nullptr;
  MPI_Aint *addrs = nullptr;
  MPI_Datatype *types = nullptr;
  bool ok = false;

  explicit Contents(MPI_Datatype t) {
    MPI_Count ni, na, nl, nd;
    if (PMPI_Type_get_envelope_c(t, &ni, &na, &nl, &nd, &combiner) !=
            MPI_SUCCESS ||
        nl > 0)
      return;
    if (combiner == MPI_COMBINER_NAMED || combiner == MPI_COMBINER_F90_REAL ||
        combiner == MPI_COMBINER_F90_COMPLEX ||
        combiner == MPI_COMBINER_F90_INTEGER) {
      ok = true;
      return;
    }
    num_ints = (int)ni;
    num_types = (int)nd;
    ints = (int *)RuntimeAlloc(sizeof(int) * (ni + 1));
    addrs = (MPI_Aint *)RuntimeAlloc(sizeof(MPI_Aint) * (na + 1));
    types = (MPI_Datatype *)RuntimeAlloc(sizeof(MPI_Datatype) * (nd + 1));
    ok = PMPI_Type_get_contents(t, (int)ni, (int)na, (int)nd, ints, addrs,
                                types) == MPI_SUCCESS;
    if (!ok)
      num_types = 0;
  }
  ~Contents() {
    for (int i = 0; i < num_types; i++)
      if (!IsPredefined(types[i]))
        PMPI_Type_free(&types[i]);
    RuntimeFree(ints);
    RuntimeFree(addrs);
    RuntimeFree(types);
  }
  bool Named() const { return !types; }

  // get_contents returns predefined types as they are, which are not freed.
  static bool IsPredefined(MPI_Datatype t) {
    MPI_Count ni, na, nl, nd;
    int kind;
    return PMPI_Type_get_envelope_c(t, &ni, &na, &nl, &nd, &kind) !=
               MPI_SUCCESS ||
           kind == MPI_COMBINER_NAMED;
  }
};

// Whether an element of t may hold a long double; unknown counts as yes.
bool MayHoldLongDouble(MPI_Datatype t, int depth) {
  Contents c(t);
  if (!c.ok || depth > kMaxDepth)
    return true;
  if (c.Named())
    return LongDoublesIn(t) > 0;
  for (int i = 0; i < c.num_types; i++)
    if (MayHoldLongDouble(c.types[i], depth + 1))
      return true;
  return false;
}

// Clears the padding of `copies` elements of t packed from p; false if t's
// signature could not be read.
bool Clear(MPI_Datatype t, MPI_Count copies, char *p, int depth) {
  if (depth > kMaxDepth)
    return false;
  Contents c(t);
  if (!c.ok)
    return false;
  MPI_Count size = SizeOf(t);
  if (c.Named()) {
    int n = LongDoublesIn(t);
    for (MPI_Count k = 0; n && k < copies; k++)
      for (int j = 0; j < n; j++)
        internal_memset(p + k * size + j * sizeof(long double) +
                            kLongDoubleValueBytes,
                        0, sizeof(long double) - kLongDoubleValueBytes);
    return true;
  }
  if (c.combiner != MPI_COMBINER_STRUCT) {
    MPI_Count old_size = c.num_types == 1 ? SizeOf(c.types[0]) : 0;
    if (c.num_types != 1)
      return false;
    if (old_size == 0 || !MayHoldLongDouble(c.types[0], depth + 1))
      return true;
    return Clear(c.types[0], copies * (size / old_size), p, depth + 1);
  }
  // MPI_Type_create_struct(count, blocklens[], displs[], types[]): ints
  // are {count, blocklens...}.
  int blocks = c.ints[0];
  if (blocks != c.num_types)
    return false;
  if (blocks <= 0)
    return true;
  // Each block's place in the packed element and whether it needs a look,
  // found once for all copies.
  MPI_Count *offset = (MPI_Count *)RuntimeAlloc(sizeof(MPI_Count) * blocks);
  bool *holds = (bool *)RuntimeAlloc(sizeof(bool) * blocks);
  MPI_Count at = 0;
  for (int i = 0; i < blocks; i++) {
    offset[i] = at;
    MPI_Count block = c.ints[1 + i] * SizeOf(c.types[i]);
    holds[i] = block > 0 && MayHoldLongDouble(c.types[i], depth + 1);
    at += block;
  }
  bool ok = true;
  for (MPI_Count k = 0; ok && k < copies; k++)
    for (int i = 0; ok && i < blocks; i++)
      if (holds[i])
        ok = Clear(c.types[i], c.ints[1 + i], p + k * size + offset[i],
                   depth + 1);
  RuntimeFree(offset);
  RuntimeFree(holds);
  return ok;
}

} // namespace

void ClearPackedPadding(MPI_Datatype datatype, MPI_Count count, char *data) {
  if (!kPaddedLongDouble || count <= 0 || !MayHoldLongDouble(datatype, 0))
    return;
  if (!Clear(datatype, count, data, 0))
    internal_memset(data, 0, count * SizeOf(datatype));
}

} // namespace clone
} // namespace mpisync
