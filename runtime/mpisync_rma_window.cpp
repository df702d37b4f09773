// The window registry and the watching of window memory: while a window
// exists its memory on this process is in the published intervals, and its
// shadow carries the window bits, so the first load or store of a granule
// per clock interval reaches RecordWindowAccess.
#include "mpisync_rma_window.h"
#include "mpisync_alloc.h"

#include "mpisync_pending.h"
#include "mpisync_shadow.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {

namespace {
Mutex rma_mutex;
InternalMmapVectorNoCtor<Window *> windows;
u64 next_window_id;
atomic_uintptr_t live_windows;
} // namespace

bool AnyWindows() {
  return atomic_load(&live_windows, memory_order_relaxed) != 0;
}

Mutex &RmaMutex() { return rma_mutex; }

namespace {
// Zero bytes are an empty ScratchVector: no constructor runs, and no
// destructor (the hooks of MPI_Finalize may run after static destructors).
alignas(ScratchVector<char>) char wire_storage[2][sizeof(ScratchVector<char>)];
} // namespace

ScratchVector<char> &WireOut() {
  return *reinterpret_cast<ScratchVector<char> *>(wire_storage[0]);
}

ScratchVector<char> &WireIn() {
  return *reinterpret_cast<ScratchVector<char> *>(wire_storage[1]);
}

Window *FindWindow(MPI_Win handle) {
  for (uptr i = 0; i < windows.size(); i++)
    if (windows[i]->handle == handle)
      return windows[i];
  return nullptr;
}

Window *NewWindow(MPI_Win handle) {
  Window *w = static_cast<Window *>(RuntimeAlloc(sizeof(Window)));
  internal_memset(w, 0, sizeof(*w));
  new (&w->start_group) InternalMmapVector<int>();
  new (&w->post_group) InternalMmapVector<int>();
  new (&w->attached) InternalMmapVector<AttachedRegion>();
  new (&w->clock_pool) ScratchVector<u64>();
  new (&w->local) ScratchVector<RmaRecord>();
  new (&w->dirty) InternalMmapVector<Region>();
  new (&w->send_requests) InternalMmapVector<MPI_Request>();
  new (&w->send_buffers) InternalMmapVector<char *>();
  new (&w->reported) InternalMmapVector<u64>();
  w->handle = handle;
  w->id = next_window_id++;
  w->current_vc = ~(uptr)0;
  w->comm = MPI_COMM_NULL;
  w->group = MPI_GROUP_NULL;
  windows.push_back(w);
  atomic_store(&live_windows, windows.size(), memory_order_relaxed);
  return w;
}

void DeleteWindow(Window *w) {
  for (uptr i = 0; i < windows.size(); i++)
    if (windows[i] == w) {
      for (uptr j = i + 1; j < windows.size(); j++) // keep creation order
        windows[j - 1] = windows[j];
      windows.pop_back();
      break;
    }
  atomic_store(&live_windows, windows.size(), memory_order_relaxed);
  RuntimeFree(w->world_ranks);
  RuntimeFree(w->disp_unit);
  RuntimeFree(w->shared_base);
  RuntimeFree(w->shared_bytes);
  RuntimeFree(w->lock);
  RuntimeFree(w->clock_joined);
  RuntimeFree(w->sent_records_msgs);
  RuntimeFree(w->record_ends);
  w->start_group.~InternalMmapVector<int>();
  w->post_group.~InternalMmapVector<int>();
  w->attached.~InternalMmapVector<AttachedRegion>();
  w->clock_pool.~ScratchVector<u64>();
  w->local.~ScratchVector<RmaRecord>();
  if (w->outgoing)
    for (int r = 0; r < w->size; r++)
      w->outgoing[r].~ScratchVector<RmaRecord>();
  RuntimeFree(w->outgoing);
  w->dirty.~InternalMmapVector<Region>();
  w->send_requests.~InternalMmapVector<MPI_Request>();
  w->send_buffers.~InternalMmapVector<char *>();
  w->reported.~InternalMmapVector<u64>();
  RuntimeFree(w);
}

uptr NumWindows() { return windows.size(); }
Window *WindowAt(uptr i) { return windows[i]; }

void WatchRegion(Window *w, uptr lo, uptr hi) {
  if (lo >= hi)
    return;
  PoisonShadow(lo, hi, kShadowWinMask);
  StateLock lock(&StateMutex());
  WatchPublished((uptr)w, lo, hi);
}

void UnwatchRegion(Window *w, uptr lo, uptr hi) {
  if (lo >= hi)
    return;
  ClearShadow(lo, hi, kShadowWinMask);
  StateLock lock(&StateMutex());
  UnwatchPublished((uptr)w, lo, hi);
}

void MarkDirty(Window *w, uptr lo, uptr hi) {
  if (!w->dirty.empty()) {
    Region &last = w->dirty.back();
    if (lo <= last.hi && hi >= last.lo) {
      last.lo = Min(last.lo, lo);
      last.hi = Max(last.hi, hi);
      return;
    }
  }
  w->dirty.push_back({lo, hi});
}

void RewatchOperationTarget(Window *w, int owner, uptr lo, uptr hi,
                            bool writes) {
  if (lo >= hi)
    return;
  u8 bits = writes ? kShadowWinMask : kShadowWinStore;
  ForEachMappedPiece(
      w, [&](int piece_owner, uptr base, uptr bytes, uptr disp0) {
        // [lo, hi) in displacements, clipped to the piece.
        if (piece_owner != owner || hi <= disp0 || lo >= disp0 + bytes)
          return;
        uptr from = base + (Max(lo, disp0) - disp0);
        uptr to = base + (Min(hi, disp0 + bytes) - disp0);
        PoisonShadow(from, to, bits);
      });
}

void Rearm(Window *w) {
  for (uptr i = 0; i < w->dirty.size(); i++)
    PoisonShadow(w->dirty[i].lo, w->dirty[i].hi, kShadowWinMask);
  w->dirty.clear();
}

ScratchVector<RmaRecord> &OutgoingTo(Window *w, int owner) {
  if (!w->outgoing) {
    uptr bytes = sizeof(ScratchVector<RmaRecord>) * (uptr)w->size;
    w->outgoing = static_cast<ScratchVector<RmaRecord> *>(RuntimeAlloc(bytes));
    for (int r = 0; r < w->size; r++)
      new (&w->outgoing[r]) ScratchVector<RmaRecord>();
  }
  return w->outgoing[owner];
}

int WindowRankOf(const Window *w, int world) {
  for (int r = 0; r < w->size; r++)
    if (w->world_ranks[r] == world)
      return r;
  return -1;
}

} // namespace mpisync
