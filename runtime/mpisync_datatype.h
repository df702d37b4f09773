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
  RelSegment *segments; // sorted, disjoint, adjacent ones merged
  uptr num_segments;
  MPI_Count size;       // bytes of data in one element
  MPI_Aint extent;      // distance between consecutive elements
  sptr first, last;     // hull of one element's segments
  uptr refs;
  // False when the layout was too large to flatten and its hull stands in
  // for it (gaps are then treated as data).
  bool exact;
  bool Contiguous() const {
    return num_segments == 1 && extent == (MPI_Aint)size &&
           last - first == (sptr)size;
  }
};

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
// of `count` elements at `base` that overlaps [begin, end).
template <typename Fn>
void ForEachSegmentIn(const DataMap &map, uptr base, MPI_Count count,
                      uptr begin, uptr end, Fn fn) {
  if (count <= 0 || map.num_segments == 0 || begin >= end)
    return;
  MPI_Count lo_elem = 0, hi_elem = count - 1;
  if (map.extent > 0) {
    // Element i spans [base + i*extent + first, base + i*extent + last).
    sptr from = (sptr)begin - (sptr)base - map.last;
    sptr to = (sptr)end - (sptr)base - map.first;
    MPI_Count lo = from < 0 ? 0 : from / map.extent;
    MPI_Count hi = to <= 0 ? -1 : (to - 1) / map.extent;
    if (lo > lo_elem)
      lo_elem = lo;
    if (hi < hi_elem)
      hi_elem = hi;
  }
  for (MPI_Count i = lo_elem; i <= hi_elem; i++) {
    sptr origin = (sptr)base + (sptr)(i * map.extent);
    sptr rel_begin = (sptr)begin - origin, rel_end = (sptr)end - origin;
    if (rel_end <= map.first || rel_begin >= map.last)
      continue;
    // First segment ending after rel_begin (ends are sorted too).
    uptr l = 0, r = map.num_segments;
    while (l < r) {
      uptr m = (l + r) / 2;
      if (map.segments[m].end <= rel_begin)
        l = m + 1;
      else
        r = m;
    }
    for (uptr s = l; s < map.num_segments && map.segments[s].begin < rel_end;
         s++)
      fn((uptr)(origin + map.segments[s].begin),
         (uptr)(origin + map.segments[s].end), i);
  }
}

// Calls fn(begin, end) for every segment of `count` elements at `base`.
template <typename Fn>
void ForEachSegment(const DataMap &map, uptr base, MPI_Count count, Fn fn) {
  if (map.Contiguous()) {
    fn(base + map.first, base + map.first + (uptr)(count * map.extent));
    return;
  }
  for (MPI_Count i = 0; i < count; i++) {
    sptr origin = (sptr)base + (sptr)(i * map.extent);
    for (uptr s = 0; s < map.num_segments; s++)
      fn((uptr)(origin + map.segments[s].begin),
         (uptr)(origin + map.segments[s].end));
  }
}

} // namespace mpisync

#endif // MPISYNC_DATATYPE_H
