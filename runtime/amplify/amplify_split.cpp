// Type maps of datatypes as lists of basic elements (amplify_split.h), from
// MPI_Type_get_envelope/get_contents.
#include "amplify_split.h"
#include "mpisync_alloc.h"

#include "mpisync_mpi_family.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

MPI_Aint Extent(MPI_Datatype type) {
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(type, &lb, &extent);
  return extent;
}

struct Contents {
  int ni = 0, na = 0, nd = 0, combiner = 0;
  int *ints = nullptr;
  MPI_Aint *addrs = nullptr;
  MPI_Datatype *types = nullptr;
  bool Read(MPI_Datatype type) {
    MPI_Count cni, cna, cnc, cnd;
    if (PMPI_Type_get_envelope_c(type, &cni, &cna, &cnc, &cnd, &combiner) !=
        MPI_SUCCESS)
      return false;
    if (combiner == MPI_COMBINER_NAMED)
      return true;
    if (cnc > 0 || cni > (1 << 20) || cna > (1 << 20) || cnd > (1 << 20))
      return false; // large-count constructors: not taken apart
    ni = (int)cni;
    na = (int)cna;
    nd = (int)cnd;
    ints = (int *)RuntimeAlloc((ni + 1) * sizeof(int));
    addrs = (MPI_Aint *)RuntimeAlloc((na + 1) * sizeof(MPI_Aint));
    types = (MPI_Datatype *)RuntimeAlloc((nd + 1) * sizeof(MPI_Datatype));
    return PMPI_Type_get_contents(type, ni, na, nd, ints, addrs, types) ==
           MPI_SUCCESS;
  }
  ~Contents() {
    for (int i = 0; types && i < nd; i++) {
      MPI_Count a, b, c, d;
      int comb;
      PMPI_Type_get_envelope_c(types[i], &a, &b, &c, &d, &comb);
      if (comb != MPI_COMBINER_NAMED)
        PMPI_Type_free(&types[i]);
    }
    RuntimeFree(ints);
    RuntimeFree(addrs);
    RuntimeFree(types);
  }
};

bool Flatten(MPI_Datatype type, MPI_Aint base,
             InternalMmapVector<BasicElement> *out, uptr cap, int depth);

// `blocks` blocks of `len` elements of `old`, block b at displacement
// disp(b) bytes.
template <typename Disp>
bool Blocks(int blocks, MPI_Datatype old, MPI_Aint base,
            InternalMmapVector<BasicElement> *out, uptr cap, int depth,
            Disp disp, const int *lens, int len) {
  MPI_Aint ext = Extent(old);
  for (int b = 0; b < blocks; b++) {
    int n = lens ? lens[b] : len;
    for (int j = 0; j < n; j++)
      if (!Flatten(old, base + disp(b) + j * ext, out, cap, depth + 1))
        return false;
  }
  return true;
}

bool Flatten(MPI_Datatype type, MPI_Aint base,
             InternalMmapVector<BasicElement> *out, uptr cap, int depth) {
  if (depth > 16 || out->size() > cap)
    return false;
  Contents c;
  if (!c.Read(type))
    return false;
  switch (c.combiner) {
  case MPI_COMBINER_NAMED: {
    int size = 0;
    PMPI_Type_size(type, &size);
    if (size > 0)
      out->push_back({base, type, size});
    return out->size() <= cap;
  }
  case MPI_COMBINER_DUP:
  case MPI_COMBINER_RESIZED:
    return Flatten(c.types[0], base, out, cap, depth + 1);
  case MPI_COMBINER_CONTIGUOUS: {
    MPI_Aint ext = Extent(c.types[0]);
    return Blocks(
               1, c.types[0], base, out, cap, depth,
               [](int) { return (MPI_Aint)0; }, nullptr, c.ints[0]) &&
           ext >= 0;
  }
  case MPI_COMBINER_VECTOR: {
    MPI_Aint ext = Extent(c.types[0]), stride = c.ints[2];
    return Blocks(
        c.ints[0], c.types[0], base, out, cap, depth,
        [&](int b) { return b * stride * ext; }, nullptr, c.ints[1]);
  }
  case MPI_COMBINER_HVECTOR: {
    MPI_Aint stride = c.addrs[0];
    return Blocks(
        c.ints[0], c.types[0], base, out, cap, depth,
        [&](int b) { return b * stride; }, nullptr, c.ints[1]);
  }
  case MPI_COMBINER_INDEXED: {
    MPI_Aint ext = Extent(c.types[0]);
    int n = c.ints[0];
    return Blocks(
        n, c.types[0], base, out, cap, depth,
        [&](int b) { return (MPI_Aint)c.ints[1 + n + b] * ext; }, c.ints + 1,
        0);
  }
  case MPI_COMBINER_HINDEXED: {
    int n = c.ints[0];
    return Blocks(
        n, c.types[0], base, out, cap, depth, [&](int b) { return c.addrs[b]; },
        c.ints + 1, 0);
  }
  case MPI_COMBINER_INDEXED_BLOCK: {
    MPI_Aint ext = Extent(c.types[0]);
    return Blocks(
        c.ints[0], c.types[0], base, out, cap, depth,
        [&](int b) { return (MPI_Aint)c.ints[2 + b] * ext; }, nullptr,
        c.ints[1]);
  }
  case MPI_COMBINER_HINDEXED_BLOCK:
    return Blocks(
        c.ints[0], c.types[0], base, out, cap, depth,
        [&](int b) { return c.addrs[b]; }, nullptr, c.ints[1]);
  case MPI_COMBINER_STRUCT: {
    int n = c.ints[0];
    for (int b = 0; b < n; b++) {
      MPI_Aint ext = Extent(c.types[b]);
      for (int j = 0; j < c.ints[1 + b]; j++)
        if (!Flatten(c.types[b], base + c.addrs[b] + j * ext, out, cap,
                     depth + 1))
          return false;
    }
    return true;
  }
  default: // subarray, darray, f90 types: not taken apart
    return false;
  }
}

} // namespace

bool FlattenType(MPI_Datatype type, MPI_Count count,
                 InternalMmapVector<BasicElement> *out, uptr cap) {
  // Asked once, of the program's handle: the children get_contents returns
  // are the layer's own and never reach the detector's cache of data maps.
  if (count < 0 || !TypeUsable(type))
    return false;
  uptr first = out->size();
  if (!Flatten(type, 0, out, cap, 0))
    return false;
  uptr per = out->size() - first;
  if (count == 0) {
    out->resize(first);
    return true;
  }
  if (per * (uptr)count > cap)
    return false;
  MPI_Aint ext = Extent(type);
  for (MPI_Count i = 1; i < count; i++)
    for (uptr k = 0; k < per; k++) {
      BasicElement e = (*out)[first + k];
      e.offset += i * ext;
      out->push_back(e);
    }
  return true;
}

} // namespace amplify
} // namespace mpisync
