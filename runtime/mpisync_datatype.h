// Datatypes as data maps: the byte segments one element of a datatype
// occupies, relative to the element's origin. Built from
// MPI_Type_get_envelope/get_contents, cached per handle, dropped when the
// handle is freed (pending buffers keep their own reference).
#ifndef MPISYNC_DATATYPE_H
#define MPISYNC_DATATYPE_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::sptr;
using __sanitizer::uptr;

struct RelSegment {
  sptr begin, end; // relative to the element's origin
};

struct DataMap {
  // One element is `reps` copies, `rep_stride` bytes apart, of the unit
  // `segments` (sorted, disjoint, adjacent ones merged). A vector keeps one
  // block as its unit, however many blocks it has; other types have one rep.
  RelSegment *segments;
  uptr num_segments;
  MPI_Count reps;
  sptr rep_stride;      // > the unit's span when reps > 1 (no interleaving)
  MPI_Count size;       // bytes of data in one element
  MPI_Aint extent;      // distance between consecutive elements
  sptr first, last;     // hull of one element's segments
  uptr refs;
  // False when the layout was too large to flatten and its hull stands in
  // for it (gaps are then treated as data).
  bool exact;
  // The typemap's order is address order: its blocks rise through memory
  // without overlap, and each element starts past the one before. A
  // receive into such a layout fills it from the lowest byte up, so the
  // first n bytes of data are the segments' first n bytes (exact layouts
  // only).
  bool in_order;
  bool Contiguous() const {
    return num_segments == 1 && reps == 1 && extent == (MPI_Aint)size &&
           last - first == (sptr)size;
  }
  sptr unit_first() const { return num_segments ? segments[0].begin : 0; }
  sptr unit_last() const {
    return num_segments ? segments[num_segments - 1].end : 0;
  }
};

// Indices i in [0, n) of copies placed `stride` apart (stride > 0) whose
// span [i*stride + first, i*stride + last) meets [from, to).
inline void CopiesMeeting(sptr from, sptr to, sptr first, sptr last,
                          sptr stride, MPI_Count n, MPI_Count *lo,
                          MPI_Count *hi) {
  *lo = 0;
  *hi = n - 1;
  if (stride <= 0)
    return;
  sptr a = from - last, b = to - first;
  MPI_Count l = a < 0 ? 0 : a / stride;
  MPI_Count h = b <= 0 ? -1 : (b - 1) / stride;
  if (l > *lo)
    *lo = l;
  if (h < *hi)
    *hi = h;
}

// The data map of `datatype` with a reference for the caller, or null for an
// invalid handle. Caller holds StateMutex.
DataMap *AcquireDataMap(MPI_Datatype datatype);
void ReleaseDataMap(DataMap *map);
// MPI_Type_free: the handle may be reused for another type.
void ForgetDatatype(MPI_Datatype datatype);
// A freed handle is dead until a constructor returns it again: MPICH
// crashes when a dead handle is queried, so AcquireDataMap does not.
void NoteDatatypeFreed(MPI_Datatype datatype);
void NoteDatatypeCreated(MPI_Datatype datatype);

// Calls fn(begin, end, element) with absolute addresses for every segment
// of `count` elements at `base` that overlaps [begin, end). The elements of
// a contiguous type are one segment, from the start of the first element
// that overlaps to the end of the last (`element` is the first): a range
// over a pending buffer of 4096 longs is one call, not 4096, and a hook
// that visits k pending buffers sharing that range costs O(k), not
// O(k x elements) (many pending sends of one buffer made each completion
// re-mark every other one, element by element).
template <typename Fn>
void ForEachSegmentIn(const DataMap &map, uptr base, MPI_Count count,
                      uptr begin, uptr end, Fn fn) {
  if (count <= 0 || map.num_segments == 0 || begin >= end)
    return;
  MPI_Count lo_elem, hi_elem;
  CopiesMeeting((sptr)begin - (sptr)base, (sptr)end - (sptr)base, map.first,
                map.last, map.extent, count, &lo_elem, &hi_elem);
  if (map.Contiguous()) {
    // Element i is [run + i * extent, run + (i + 1) * extent). CopiesMeeting
    // may name one element too many at either end: those are dropped.
    sptr run = (sptr)base + map.first, ext = map.extent;
    while (lo_elem <= hi_elem &&
           run + (sptr)((lo_elem + 1) * ext) <= (sptr)begin)
      lo_elem++;
    while (hi_elem >= lo_elem && run + (sptr)(hi_elem * ext) >= (sptr)end)
      hi_elem--;
    if (lo_elem <= hi_elem)
      fn((uptr)(run + (sptr)(lo_elem * ext)),
         (uptr)(run + (sptr)((hi_elem + 1) * ext)), lo_elem);
    return;
  }
  for (MPI_Count i = lo_elem; i <= hi_elem; i++) {
    sptr origin = (sptr)base + (sptr)(i * map.extent);
    sptr rel_begin = (sptr)begin - origin, rel_end = (sptr)end - origin;
    if (rel_end <= map.first || rel_begin >= map.last)
      continue;
    MPI_Count lo_rep, hi_rep;
    CopiesMeeting(rel_begin, rel_end, map.unit_first(), map.unit_last(),
                  map.rep_stride, map.reps, &lo_rep, &hi_rep);
    for (MPI_Count r = lo_rep; r <= hi_rep; r++) {
      sptr unit = origin + (sptr)(r * map.rep_stride);
      sptr ub = (sptr)begin - unit, ue = (sptr)end - unit;
      // First segment ending after ub (ends are sorted too).
      uptr l = 0, h = map.num_segments;
      while (l < h) {
        uptr m = (l + h) / 2;
        if (map.segments[m].end <= ub)
          l = m + 1;
        else
          h = m;
      }
      for (uptr s = l; s < map.num_segments && map.segments[s].begin < ue; s++)
        fn((uptr)(unit + map.segments[s].begin),
           (uptr)(unit + map.segments[s].end), i);
    }
  }
}

// Calls fn(begin, end) for the segments of `count` elements at `base`, in
// order, while fn returns true: a caller that stops early pays for the
// segments it saw, not for the layout's (a vector of 2^28 blocks).
template <typename Fn>
void ForEachSegmentWhile(const DataMap &map, uptr base, MPI_Count count,
                         Fn fn) {
  if (map.Contiguous()) {
    fn(base + map.first, base + map.first + (uptr)(count * map.extent));
    return;
  }
  for (MPI_Count i = 0; i < count; i++) {
    sptr origin = (sptr)base + (sptr)(i * map.extent);
    for (MPI_Count r = 0; r < map.reps; r++) {
      sptr unit = origin + (sptr)(r * map.rep_stride);
      for (uptr s = 0; s < map.num_segments; s++)
        if (!fn((uptr)(unit + map.segments[s].begin),
                (uptr)(unit + map.segments[s].end)))
          return;
    }
  }
}

// Calls fn(begin, end) for every segment of `count` elements at `base`.
template <typename Fn>
void ForEachSegment(const DataMap &map, uptr base, MPI_Count count, Fn fn) {
  ForEachSegmentWhile(map, base, count, [&](uptr begin, uptr end) {
    fn(begin, end);
    return true;
  });
}

} // namespace mpisync

#endif // MPISYNC_DATATYPE_H
