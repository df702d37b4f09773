// Receive buffers under amplify (amplify_bounce.h). Copies go through
// MPI_Pack/MPI_Unpack of the operation's own datatype, so exactly the data
// of the layout is touched, never its gaps.
#include "amplify_bounce.h"

#include "amplify_split.h"
#include "mpisync_mapped_memory.h"
#include "mpisync_mpi_family.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

// Largest buffer the layer copies; beyond it the receive is left alone.
constexpr MPI_Count kMaxBounce = (MPI_Count)1 << 30;

MPI_Count PackedSize(MPI_Count count, MPI_Datatype type) {
  MPI_Count size = 0;
  if (PMPI_Pack_size_c(count, type, MPI_COMM_SELF, &size) != MPI_SUCCESS)
    return -1;
  return size;
}

// Unpacks `packed` bytes of a stream into `count` x `type` at `buf`.
void UnpackInto(const void *stream, MPI_Count packed, void *buf,
                MPI_Count count, MPI_Datatype type) {
  MPI_Count pos = 0;
  PMPI_Unpack_c(stream, packed, &pos, buf, count, type, MPI_COMM_SELF);
}

void PackFrom(const void *buf, MPI_Count count, MPI_Datatype type, void *stream,
              MPI_Count packed) {
  MPI_Count pos = 0;
  PMPI_Pack_c(buf, count, type, stream, packed, &pos, MPI_COMM_SELF);
}

} // namespace

void PoisonLayout(void *buf, MPI_Count count, MPI_Datatype type) {
  if (count <= 0 || buf == MPI_IN_PLACE || !TypeUsable(type))
    return;
  // Written with internal_memset, not through MPI: the detector takes the
  // MPI library's own copies into a pending buffer for the data arriving.
  MPI_Count size = 0, lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  if (PMPI_Type_size_c(type, &size) != MPI_SUCCESS || size <= 0 ||
      PMPI_Type_get_extent_c(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent_c(type, &true_lb, &true_extent) != MPI_SUCCESS)
    return;
  if (size == extent && size == true_extent) {
    if (count * size <= kMaxBounce)
      internal_memset((char *)buf + true_lb, options.poison, count * size);
    Count(kStatPoisoned);
    return;
  }
  InternalMmapVector<BasicElement> elems;
  if (FlattenType(type, 1, &elems, 1 << 16)) {
    for (MPI_Count i = 0; i < count; i++)
      for (uptr k = 0; k < elems.size(); k++)
        internal_memset((char *)buf + i * extent + elems[k].offset,
                        options.poison, elems[k].size);
    Count(kStatPoisoned);
    return;
  }
  MPI_Count packed = PackedSize(count, type);
  if (!buf || packed <= 0 || packed > kMaxBounce) // MPI_BOTTOM: MPICH's
    return;                                       // MPI_Unpack refuses it
  char *stream = (char *)AllocData(packed);
  if (!stream)
    return;
  internal_memset(stream, options.poison, packed);
  UnpackInto(stream, packed, buf, count, type);
  FreeData(stream, packed);
  Count(kStatPoisoned);
}

bool BounceCreate(Bounce *b, void *user, MPI_Count count, MPI_Datatype type) {
  internal_memset(b, 0, sizeof(*b));
  // MPI_BOTTOM buffers are left alone: MPICH's MPI_Pack refuses them.
  if (count <= 0 || user == MPI_IN_PLACE || user == nullptr ||
      !TypeUsable(type))
    return false;
  MPI_Count true_lb, true_extent, lb, extent;
  if (PMPI_Type_get_true_extent_c(type, &true_lb, &true_extent) !=
          MPI_SUCCESS ||
      PMPI_Type_get_extent_c(type, &lb, &extent) != MPI_SUCCESS)
    return false;
  if (extent < 0 || true_extent <= 0)
    return false;
  MPI_Count span = true_extent + (count - 1) * extent;
  MPI_Count packed = PackedSize(count, type);
  if (span <= 0 || span > kMaxBounce || packed <= 0 || packed > kMaxBounce)
    return false;
  b->mem = (char *)AllocData(span);
  if (!b->mem)
    return false;
  b->saved = (char *)AllocData(packed);
  if (!b->saved) {
    FreeData(b->mem, span);
    b->mem = nullptr;
    return false;
  }
  b->user = user;
  b->count = count;
  b->type = KeepType(type);
  b->mem_size = span;
  b->lb = (MPI_Aint)true_lb;
  b->packed = packed;
  b->used = true;
  return true;
}

void BouncePoison(Bounce *b) {
  if (!b->used)
    return;
  PackFrom(b->user, b->count, b->type, b->saved, b->packed);
  PoisonLayout(b->user, b->count, b->type);
}

void BounceDeliver(Bounce *b, MPI_Count elements) {
  if (!b->used)
    return;
  // A program that unmapped its pending buffer gets nothing written there.
  if (!RangeMapped((uptr)b->user + b->lb, b->mem_size))
    return;
  UnpackInto(b->saved, b->packed, b->user, b->count, b->type);
  if (elements < 0 || elements > b->count)
    elements = b->count;
  if (elements == 0)
    return;
  MPI_Count packed = PackedSize(elements, b->type);
  char *stream = (char *)AllocData(packed);
  if (!stream)
    return;
  PackFrom(b->Target(), elements, b->type, stream, packed);
  UnpackInto(stream, packed, b->user, elements, b->type);
  FreeData(stream, packed);
}

void BounceDeliverStatus(Bounce *b, const MPI_Status *status) {
  if (!b->used)
    return;
  int cancelled = 0;
  PMPI_Test_cancelled(status, &cancelled);
  if (cancelled) {
    BounceDeliver(b, 0);
    return;
  }
  MPI_Count n = 0;
  if (PMPI_Get_count_c(status, b->type, &n) != MPI_SUCCESS)
    n = -1;
  if (n == MPI_UNDEFINED) {
    // Not a whole number of elements: the whole ones are delivered, the
    // partial one keeps its old value (docs/amplify.md, limits).
    MPI_Count bytes = 0, size = 0;
    PMPI_Get_count_c(status, MPI_BYTE, &bytes);
    PMPI_Type_size_c(b->type, &size);
    n = size > 0 ? bytes / size : 0;
  }
  BounceDeliver(b, n);
}

void BounceDestroy(Bounce *b) {
  if (!b->used)
    return;
  FreeData(b->mem, b->mem_size);
  FreeData(b->saved, b->packed);
  DropType(b->type);
  b->used = false;
}

} // namespace amplify
} // namespace mpisync
