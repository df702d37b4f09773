// Data maps of datatypes, flattened from MPI_Type_get_envelope/get_contents.
// Layouts the envelope cannot describe cheaply (darray, types built with
// large-count constructors) are probed instead: MPI_Unpack of one element
// into zeroed scratch memory writes exactly the element's data bytes.
#include "mpisync_datatype.h"
#include "mpisync_alloc.h"

#include "mpisync_mpi_family.h"
#include "mpisync_scratch.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Beyond these a layout is represented by its hull (DataMap::exact false).
constexpr uptr kMaxSegments = 1 << 20;
constexpr MPI_Count kMaxProbeBytes = 64 << 20;
constexpr int kMaxDepth = 64;

class SegmentList {
public:
  void Add(sptr begin, sptr end) {
    if (begin >= end)
      return;
    if (segments_.size() >= kMaxSegments) {
      overflow_ = true;
      return;
    }
    segments_.push_back({begin, end});
  }
  void AddShifted(const SegmentList &from, sptr by) {
    for (uptr i = 0; i < from.segments_.size() && !overflow_; i++)
      Add(from.segments_[i].begin + by, from.segments_[i].end + by);
    overflow_ |= from.overflow_;
  }
  bool overflow() const { return overflow_; }
  void set_overflow() { overflow_ = true; }
  ScratchVector<RelSegment> &segments() { return segments_; }

private:
  ScratchVector<RelSegment> segments_;
  bool overflow_ = false;
};

DenseMap<MPI_Datatype, DataMap *> *cache;
DenseMap<MPI_Datatype, char> *dead_handles;

DenseMap<MPI_Datatype, char> &DeadHandles() {
  if (!dead_handles)
    dead_handles = new (RuntimeAlloc(sizeof(*dead_handles)))
        DenseMap<MPI_Datatype, char>();
  return *dead_handles;
}

DenseMap<MPI_Datatype, DataMap *> &Cache() {
  if (!cache)
    cache =
        new (RuntimeAlloc(sizeof(*cache))) DenseMap<MPI_Datatype, DataMap *>();
  return *cache;
}

bool ExtentOf(MPI_Datatype t, MPI_Aint *extent) {
  MPI_Aint lb;
  return PMPI_Type_get_extent(t, &lb, extent) == MPI_SUCCESS;
}

bool Flatten(MPI_Datatype t, SegmentList *out, int depth);

// Appends `blocklen` copies of `old` (laid end to end by its extent) at each
// of the byte displacements produced by disp(i), i < count.
template <typename DispFn>
bool Replicate(MPI_Datatype old, MPI_Count count, DispFn disp,
               MPI_Count (*blocklen)(const int *, MPI_Count), const int *ints,
               SegmentList *out, int depth) {
  SegmentList inner;
  MPI_Aint ext;
  if (!Flatten(old, &inner, depth + 1) || !ExtentOf(old, &ext))
    return false;
  for (MPI_Count i = 0; i < count && !out->overflow(); i++) {
    MPI_Count len = blocklen(ints, i);
    for (MPI_Count j = 0; j < len && !out->overflow(); j++)
      out->AddShifted(inner, disp(i) + (sptr)(j * ext));
  }
  return true;
}

bool FlattenNamed(MPI_Datatype t, SegmentList *out) {
  MPI_Count size, lb, extent;
  if (PMPI_Type_size_c(t, &size) != MPI_SUCCESS ||
      PMPI_Type_get_extent_c(t, &lb, &extent) != MPI_SUCCESS)
    return false;
  if (size == extent) {
    out->Add(lb, lb + size);
    return true;
  }
  // The predefined pair types for MINLOC/MAXLOC: {X value; int index;},
  // with padding where C's alignment puts it.
  if (t == MPI_FLOAT_INT || t == MPI_DOUBLE_INT || t == MPI_LONG_INT ||
      t == MPI_SHORT_INT || t == MPI_LONG_DOUBLE_INT) {
    sptr first = size - (sptr)sizeof(int);
    sptr index_at = first < (sptr)sizeof(int) ? (sptr)sizeof(int) : first;
    out->Add(0, first);
    out->Add(index_at, index_at + (sptr)sizeof(int));
    return true;
  }
  out->Add(lb, lb + size);
  return true;
}

// MPI_Unpack writes exactly the data bytes of one element.
bool Probe(MPI_Datatype t, SegmentList *out) {
  MPI_Count true_lb, true_extent;
  if (PMPI_Type_get_true_extent_c(t, &true_lb, &true_extent) != MPI_SUCCESS)
    return false;
  if (true_extent <= 0)
    return true;
  if (true_extent > kMaxProbeBytes) {
    out->set_overflow();
    return true;
  }
  int pack_size = 0;
  if (PMPI_Pack_size(1, t, MPI_COMM_SELF, &pack_size) != MPI_SUCCESS)
    return false;
  u8 *scratch = (u8 *)MmapOrDie(true_extent, "MPISync datatype probe");
  u8 *packed = (u8 *)MmapOrDie(pack_size > 0 ? pack_size : 1,
                               "MPISync datatype probe");
  internal_memset(packed, 0xff, pack_size);
  int position = 0;
  bool ok = PMPI_Unpack(packed, pack_size, &position, scratch - true_lb, 1, t,
                        MPI_COMM_SELF) == MPI_SUCCESS;
  for (MPI_Count i = 0; ok && i < true_extent;) {
    if (!scratch[i]) {
      i++;
      continue;
    }
    MPI_Count j = i;
    while (j < true_extent && scratch[j])
      j++;
    out->Add(true_lb + i, true_lb + j);
    i = j;
  }
  UnmapOrDie(scratch, true_extent);
  UnmapOrDie(packed, pack_size > 0 ? pack_size : 1);
  return ok;
}

MPI_Count One(const int *, MPI_Count) { return 1; }

bool FlattenSubarray(const int *ints, MPI_Datatype old, SegmentList *out,
                     int depth) {
  int ndims = ints[0];
  const int *sizes = ints + 1, *subsizes = ints + 1 + ndims,
            *starts = ints + 1 + 2 * ndims;
  int order = ints[1 + 3 * ndims];
  MPI_Aint ext;
  if (ndims <= 0 || ndims > 32 || !ExtentOf(old, &ext))
    return false;
  // Byte stride of each dimension.
  sptr stride[32];
  if (order == MPI_ORDER_C) {
    stride[ndims - 1] = ext;
    for (int d = ndims - 2; d >= 0; d--)
      stride[d] = stride[d + 1] * sizes[d + 1];
  } else {
    stride[0] = ext;
    for (int d = 1; d < ndims; d++)
      stride[d] = stride[d - 1] * sizes[d - 1];
  }
  MPI_Count total = 1;
  for (int d = 0; d < ndims; d++)
    total *= subsizes[d];
  auto disp = [&](MPI_Count flat) {
    sptr off = 0;
    for (int d = ndims - 1; d >= 0; d--) {
      int dim = order == MPI_ORDER_C ? d : ndims - 1 - d;
      off += (starts[dim] + flat % subsizes[dim]) * stride[dim];
      flat /= subsizes[dim];
    }
    return off;
  };
  return Replicate(old, total, disp, One, ints, out, depth);
}

bool FlattenDerived(MPI_Datatype t, int combiner, MPI_Count ni, MPI_Count na,
                    MPI_Count nd, SegmentList *out, int depth) {
  int *ints = (int *)RuntimeAlloc(sizeof(int) * (ni + 1));
  MPI_Aint *addrs = (MPI_Aint *)RuntimeAlloc(sizeof(MPI_Aint) * (na + 1));
  MPI_Datatype *types =
      (MPI_Datatype *)RuntimeAlloc(sizeof(MPI_Datatype) * (nd + 1));
  bool ok = PMPI_Type_get_contents(t, (int)ni, (int)na, (int)nd, ints, addrs,
                                   types) == MPI_SUCCESS;
  auto count_ints = [](const int *v, MPI_Count i) -> MPI_Count {
    return v[1 + i];
  };
  if (ok) {
    switch (combiner) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED:
      // lb and extent only space consecutive elements apart.
      ok = Flatten(types[0], out, depth + 1);
      break;
    case MPI_COMBINER_CONTIGUOUS: {
      MPI_Aint ext;
      ok = ExtentOf(types[0], &ext) &&
           Replicate(types[0], ints[0],
                     [&](MPI_Count i) { return (sptr)(i * ext); }, One, ints,
                     out, depth);
      break;
    }
    case MPI_COMBINER_VECTOR: {
      MPI_Aint ext;
      sptr stride = ints[2];
      SegmentList block; // one block of blocklen old elements
      ok = ExtentOf(types[0], &ext) &&
           Replicate(types[0], ints[1],
                     [&](MPI_Count j) { return (sptr)(j * ext); }, One, ints,
                     &block, depth);
      for (int i = 0; ok && i < ints[0] && !out->overflow(); i++)
        out->AddShifted(block, i * stride * ext);
      break;
    }
    case MPI_COMBINER_HVECTOR:
    case kCombinerHvectorInteger: {
      MPI_Aint stride = na > 0 ? addrs[0] : ints[2];
      ok = Replicate(
          types[0], ints[0], [&](MPI_Count i) { return (sptr)(i * stride); },
          [](const int *v, MPI_Count) -> MPI_Count { return v[1]; }, ints, out,
          depth);
      break;
    }
    case MPI_COMBINER_INDEXED: {
      MPI_Aint ext;
      int count = ints[0];
      ok = ExtentOf(types[0], &ext) &&
           Replicate(types[0], count,
                     [&](MPI_Count i) {
                       return (sptr)ints[1 + count + i] * ext;
                     },
                     count_ints, ints, out, depth);
      break;
    }
    case MPI_COMBINER_HINDEXED:
    case kCombinerHindexedInteger: {
      int count = ints[0];
      ok = Replicate(types[0], count,
                     [&](MPI_Count i) {
                       return na > 0 ? (sptr)addrs[i]
                                     : (sptr)ints[1 + count + i];
                     },
                     count_ints, ints, out, depth);
      break;
    }
    case MPI_COMBINER_INDEXED_BLOCK: {
      MPI_Aint ext;
      ok = ExtentOf(types[0], &ext) &&
           Replicate(types[0], ints[0],
                     [&](MPI_Count i) { return (sptr)ints[2 + i] * ext; },
                     [](const int *v, MPI_Count) -> MPI_Count { return v[1]; },
                     ints, out, depth);
      break;
    }
    case MPI_COMBINER_HINDEXED_BLOCK:
      ok = Replicate(types[0], ints[0],
                     [&](MPI_Count i) { return (sptr)addrs[i]; },
                     [](const int *v, MPI_Count) -> MPI_Count { return v[1]; },
                     ints, out, depth);
      break;
    case MPI_COMBINER_STRUCT:
    case kCombinerStructInteger: {
      int count = ints[0];
      for (int i = 0; ok && i < count && !out->overflow(); i++) {
        sptr disp = na > 0 ? (sptr)addrs[i] : (sptr)ints[1 + count + i];
        ok = Replicate(types[i], 1, [&](MPI_Count) { return disp; },
                       [](const int *v, MPI_Count k) -> MPI_Count {
                         return v[1 + k];
                       },
                       ints + i, out, depth);
      }
      break;
    }
    case MPI_COMBINER_SUBARRAY:
      ok = FlattenSubarray(ints, types[0], out, depth);
      break;
    default:
      ok = Probe(t, out);
      break;
    }
  }
  // get_contents hands out new references to derived types.
  for (MPI_Count i = 0; i < nd; i++) {
    MPI_Count ci, ca, cl, cd;
    int comb;
    if (PMPI_Type_get_envelope_c(types[i], &ci, &ca, &cl, &cd, &comb) ==
            MPI_SUCCESS &&
        comb != MPI_COMBINER_NAMED)
      PMPI_Type_free(&types[i]);
  }
  RuntimeFree(ints);
  RuntimeFree(addrs);
  RuntimeFree(types);
  return ok;
}

bool Flatten(MPI_Datatype t, SegmentList *out, int depth) {
  if (depth > kMaxDepth)
    return false;
  MPI_Count ni, na, nl, nd;
  int combiner;
  if (PMPI_Type_get_envelope_c(t, &ni, &na, &nl, &nd, &combiner) !=
      MPI_SUCCESS)
    return false;
  switch (combiner) {
  case MPI_COMBINER_NAMED:
  case MPI_COMBINER_F90_REAL:
  case MPI_COMBINER_F90_COMPLEX:
  case MPI_COMBINER_F90_INTEGER:
    return FlattenNamed(t, out);
  case MPI_COMBINER_DARRAY:
    return Probe(t, out);
  default:
    // Types built by the large-count constructors keep their parameters in
    // a different layout; the probe reads any layout.
    if (nl > 0)
      return Probe(t, out);
    return FlattenDerived(t, combiner, ni, na, nd, out, depth);
  }
}

// Sorts and merges the segments; returns whether they already rose through
// memory without overlap in the order given (the typemap's).
bool SortAndMerge(ScratchVector<RelSegment> &v) {
  bool in_order = true;
  for (uptr i = 1; i < v.size() && in_order; i++)
    in_order = v[i].begin >= v[i - 1].end;
  Sort(v.data(), v.size(), [](const RelSegment &a, const RelSegment &b) {
    return a.begin < b.begin;
  });
  uptr n = 0;
  for (uptr i = 0; i < v.size(); i++) {
    if (n > 0 && v[i].begin <= v[n - 1].end) {
      if (v[i].end > v[n - 1].end)
        v[n - 1].end = v[i].end;
    } else {
      v[n++] = v[i];
    }
  }
  v.resize(n);
  return in_order;
}

// A vector at the top of a type (under dup/resized, which do not move its
// data) is kept as one block repeated: a matrix column with a million rows
// stays one segment. Returns false when the type is not such a vector or
// its blocks would interleave.
bool FlattenRepeatedBlock(MPI_Datatype t, SegmentList *unit, MPI_Count *reps,
                          sptr *stride, bool *in_order) {
  MPI_Datatype cur = t, owned[8];
  int num_owned = 0;
  bool found = false;
  for (int depth = 0; depth < 8 && !found; depth++) {
    MPI_Count ni, na, nl, nd;
    int combiner;
    if (PMPI_Type_get_envelope_c(cur, &ni, &na, &nl, &nd, &combiner) !=
            MPI_SUCCESS ||
        nl > 0 || ni > 3 || na > 2 || nd != 1)
      break;
    int ints[3];
    MPI_Aint addrs[2];
    MPI_Datatype inner;
    if (combiner != MPI_COMBINER_DUP && combiner != MPI_COMBINER_RESIZED &&
        combiner != MPI_COMBINER_VECTOR && combiner != MPI_COMBINER_HVECTOR)
      break;
    if (PMPI_Type_get_contents(cur, (int)ni, (int)na, 1, ints, addrs,
                               &inner) != MPI_SUCCESS)
      break;
    owned[num_owned++] = inner;
    if (combiner == MPI_COMBINER_VECTOR || combiner == MPI_COMBINER_HVECTOR) {
      MPI_Aint ext;
      if (ints[0] > 1 && ExtentOf(inner, &ext)) {
        *reps = ints[0];
        *stride = combiner == MPI_COMBINER_VECTOR ? (sptr)ints[2] * ext
                                                  : (sptr)addrs[0];
        found = Replicate(inner, ints[1],
                          [&](MPI_Count j) { return (sptr)(j * ext); }, One,
                          ints, unit, 0) &&
                !unit->overflow();
      }
      break;
    }
    cur = inner;
  }
  for (int i = 0; i < num_owned; i++) {
    MPI_Count ci, ca, cl, cd;
    int comb;
    if (PMPI_Type_get_envelope_c(owned[i], &ci, &ca, &cl, &cd, &comb) ==
            MPI_SUCCESS &&
        comb != MPI_COMBINER_NAMED)
      PMPI_Type_free(&owned[i]);
  }
  if (!found || unit->segments().empty())
    return false;
  *in_order = SortAndMerge(unit->segments());
  sptr span = unit->segments().back().end - unit->segments()[0].begin;
  return *stride >= span && *stride > 0;
}

DataMap *BuildDataMap(MPI_Datatype t) {
  MPI_Count size, lb, extent, true_lb, true_extent;
  if (PMPI_Type_size_c(t, &size) != MPI_SUCCESS ||
      PMPI_Type_get_extent_c(t, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent_c(t, &true_lb, &true_extent) != MPI_SUCCESS)
    return nullptr;
  SegmentList list;
  MPI_Count reps = 1;
  sptr rep_stride = 0;
  bool exact = true, in_order = true;
  if (size > 0 &&
      !FlattenRepeatedBlock(t, &list, &reps, &rep_stride, &in_order)) {
    reps = 1;
    rep_stride = 0;
    SegmentList whole;
    exact = Flatten(t, &whole, 0) && !whole.overflow();
    list.segments().clear();
    for (uptr i = 0; i < whole.segments().size(); i++)
      list.segments().push_back(whole.segments()[i]);
  }
  ScratchVector<RelSegment> &v = list.segments();
  if (!exact) {
    v.clear();
    if (size > 0)
      v.push_back({(sptr)true_lb, (sptr)(true_lb + true_extent)});
  }
  in_order = SortAndMerge(v) && in_order && exact;
  DataMap *map = (DataMap *)RuntimeAlloc(sizeof(DataMap));
  internal_memset(map, 0, sizeof(*map));
  map->num_segments = v.size();
  map->segments =
      (RelSegment *)RuntimeAlloc(sizeof(RelSegment) * (v.size() + 1));
  for (uptr i = 0; i < v.size(); i++)
    map->segments[i] = v[i];
  map->size = size;
  map->extent = extent;
  map->reps = reps;
  map->rep_stride = rep_stride;
  map->first = v.size() ? v[0].begin : 0;
  map->last = v.size() ? v[v.size() - 1].end + (sptr)((reps - 1) * rep_stride)
                       : 0;
  map->exact = exact;
  // Elements follow each other: the next one starts past this one's data.
  map->in_order = in_order && (sptr)extent >= map->last - map->first;
  map->refs = 1; // the cache's
  return map;
}

// Queries on a bad handle must come back as errors, not abort the program
// inside our wrapper: the MPI call itself reports them.
class ErrorsReturn {
public:
  ErrorsReturn() {
    PMPI_Comm_get_errhandler(MPI_COMM_WORLD, &saved_);
    PMPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  }
  ~ErrorsReturn() {
    PMPI_Comm_set_errhandler(MPI_COMM_WORLD, saved_);
    PMPI_Errhandler_free(&saved_);
  }

private:
  MPI_Errhandler saved_;
};

} // namespace

DataMap *AcquireDataMap(MPI_Datatype datatype) {
  if (datatype == MPI_DATATYPE_NULL)
    return nullptr;
  if (DeadHandles().find(datatype))
    return nullptr; // MPI reports the invalid datatype itself
  if (auto *entry = Cache().find(datatype)) {
    entry->second->refs++;
    return entry->second;
  }
  // Only building a map asks MPI about the datatype: a cached one costs
  // no MPI call (two per buffer of every start before).
  int initialized = 0, finalized = 0;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  if (!initialized || finalized)
    return nullptr;
  DataMap *map;
  {
    ErrorsReturn guard;
    map = BuildDataMap(datatype);
  }
  if (!map)
    return nullptr;
  Cache()[datatype] = map;
  map->refs++;
  return map;
}

void ReleaseDataMap(DataMap *map) {
  if (!map || --map->refs)
    return;
  RuntimeFree(map->segments);
  RuntimeFree(map);
}

void NoteDatatypeFreed(MPI_Datatype datatype) {
  if (datatype != MPI_DATATYPE_NULL)
    DeadHandles()[datatype] = 1;
}

void NoteDatatypeCreated(MPI_Datatype datatype) {
  DeadHandles().erase(datatype);
}

void ForgetDatatype(MPI_Datatype datatype) {
  auto *entry = Cache().find(datatype);
  if (!entry)
    return;
  DataMap *map = entry->second;
  Cache().erase(datatype);
  ReleaseDataMap(map);
}

} // namespace mpisync
