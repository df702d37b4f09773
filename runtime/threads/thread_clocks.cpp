// The vector clocks of thread_clocks.h. One spin lock guards them all:
// synchronization events are rare next to accesses. A thread's own clock
// is written only by that thread (under the lock, for the readers of other
// threads' clocks), so the questions about the caller's own clock
// (CurrentStamp, OrderedBefore: asked at every access to a watched buffer
// and every start, unordered_buffers.cpp) read it without the lock: under
// MPI_THREAD_MULTIPLE the lock was taken hundreds of times per operation.
#include "threads/thread_clocks.h"
#include "mpisync_alloc.h"

#include "mpisync_flags.h"
#include "mpisync_interface.h"
#include "mpisync_rtl.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_mutex.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#include "threads/unordered_buffers.h"

using namespace __sanitizer;

namespace mpisync {
namespace threads {

namespace {

struct VectorClock {
  u32 c[kMaxThreadSlots];
  void Join(const VectorClock &o) {
    for (int i = 0; i < kMaxThreadSlots; i++)
      c[i] = c[i] > o.c[i] ? c[i] : o.c[i];
  }
};

struct Slot {
  VectorClock clock;
  bool used;
  bool parked;
  int name; // T<name>
  // The slot's own clock value where its last thread stopped: a thread
  // reusing the slot continues after it, so no earlier knowledge of the
  // slot orders the new thread's events.
  u32 last_epoch;
};

struct ForkTokenImpl {
  int slot;
};

StaticSpinMutex engine_mu;
Slot slots[kMaxThreadSlots];
atomic_uint8_t tracking;
int next_name;
DenseMap<uptr, VectorClock *> *sync_clocks;

// slot + 1 of this thread, 0: untracked.
THREADLOCAL int my_slot_plus_one;

DenseMap<uptr, VectorClock *> &SyncClocks() {
  if (!sync_clocks) {
    void *mem = RuntimeAlloc(sizeof(DenseMap<uptr, VectorClock *>));
    sync_clocks = new (mem) DenseMap<uptr, VectorClock *>();
  }
  return *sync_clocks;
}

// Caller holds engine_mu. -1 when every slot is taken.
int TakeSlot() {
  for (int i = 0; i < kMaxThreadSlots; i++) {
    if (slots[i].used)
      continue;
    Slot &s = slots[i];
    internal_memset(&s.clock, 0, sizeof(s.clock));
    s.used = true;
    s.parked = false;
    s.name = next_name++;
    s.clock.c[i] = s.last_epoch + 1;
    return i;
  }
  return -1;
}

// The calling thread's slot (caller holds engine_mu), or -1.
int MySlot() { return my_slot_plus_one - 1; }

// The first thread to synchronize with another is the main thread (T0).
void StartTracking() {
  if (atomic_load_relaxed(&tracking))
    return;
  if (MySlot() < 0) {
    int slot = TakeSlot();
    my_slot_plus_one = slot + 1;
  }
  atomic_store(&tracking, 1, memory_order_release);
  // Instrumented atomics call the runtime from now on (the pass's
  // AtomicSyncInstrumenter tests this word inline).
  __atomic_store_n(&__mpisync_state.threads, 1, __ATOMIC_RELEASE);
}

} // namespace

struct ForkToken : ForkTokenImpl {};

bool Tracking() { return atomic_load(&tracking, memory_order_acquire); }

bool CurrentThreadTracked() { return MySlot() >= 0 && Tracking(); }

// The caller's own slot: its name was set before the thread ran.
int CurrentThreadName() {
  int slot = MySlot();
  return slot < 0 ? -1 : slots[slot].name;
}

const char *CurrentThreadSuffix(char *buf, uptr size) {
  int name = CurrentThreadName();
  if (name < 0 || !Tracking())
    return "";
  if (name == 0)
    return ", main thread";
  internal_snprintf(buf, size, ", thread T%d", name);
  return buf;
}

int ThreadNameOfSlot(int slot) {
  if (slot < 0 || slot >= kMaxThreadSlots)
    return -1;
  SpinMutexLock lock(&engine_mu);
  return slots[slot].name;
}

// The caller's own clock (see the top of the file: no lock).
Stamp CurrentStamp() {
  int slot = MySlot();
  if (slot < 0 || !Tracking())
    return {-1, 0};
  return {slot, slots[slot].clock.c[slot]};
}

bool OrderedBefore(Stamp s) {
  if (s.slot < 0)
    return true;
  int slot = MySlot();
  if (slot < 0)
    return true; // an untracked thread is not judged
  return slots[slot].clock.c[s.slot] >= s.epoch;
}

bool OrderedBeforeAllOthers(Stamp s) {
  if (s.slot < 0)
    return true;
  SpinMutexLock lock(&engine_mu);
  for (int i = 0; i < kMaxThreadSlots; i++) {
    const Slot &t = slots[i];
    if (i == s.slot || !t.used || t.parked)
      continue;
    if (t.clock.c[s.slot] < s.epoch)
      return false;
  }
  return true;
}

void Release(uptr sync) {
  int slot = MySlot();
  if (slot < 0 || !Tracking())
    return;
  SpinMutexLock lock(&engine_mu);
  VectorClock *&clock = SyncClocks()[sync];
  if (!clock) {
    clock = static_cast<VectorClock *>(RuntimeAlloc(sizeof(VectorClock)));
    internal_memset(clock, 0, sizeof(*clock));
  }
  Slot &me = slots[slot];
  clock->Join(me.clock);
  me.clock.c[slot]++;
}

void Acquire(uptr sync) {
  int slot = MySlot();
  if (slot < 0 || !Tracking())
    return;
  {
    SpinMutexLock lock(&engine_mu);
    auto *entry = SyncClocks().find(sync);
    if (!entry)
      return;
    slots[slot].clock.Join(*entry->second);
  }
  RetireOrdered();
}

void ForgetSync(uptr sync) {
  if (!Tracking())
    return;
  SpinMutexLock lock(&engine_mu);
  auto *entry = SyncClocks().find(sync);
  if (!entry)
    return;
  RuntimeFree(entry->second);
  SyncClocks().erase(sync);
}

ForkToken *BeforeThreadCreate() {
  // Threads the MPI library creates (progress threads) never run the
  // program's code: they get no slot.
  if (InsideMpi() || !flags()->thread_clocks)
    return nullptr;
  SpinMutexLock lock(&engine_mu);
  StartTracking();
  int parent = MySlot();
  if (parent < 0)
    return nullptr;
  // The child's slot is taken now: operations completing before the
  // child runs its first instruction must wait for it too.
  int slot = TakeSlot();
  if (slot < 0)
    return nullptr;
  VectorClock &child = slots[slot].clock;
  u32 own = child.c[slot];
  child.Join(slots[parent].clock);
  child.c[slot] = own;
  slots[parent].clock.c[parent]++;
  ForkToken *token = static_cast<ForkToken *>(RuntimeAlloc(sizeof(ForkToken)));
  token->slot = slot;
  return token;
}

void ThreadStarted(ForkToken *token) {
  if (!token)
    return;
  my_slot_plus_one = token->slot + 1;
  RuntimeFree(token);
}

void ForgetForkToken(ForkToken *token) {
  {
    SpinMutexLock lock(&engine_mu);
    slots[token->slot].last_epoch = slots[token->slot].clock.c[token->slot];
    slots[token->slot].used = false;
  }
  RuntimeFree(token);
}

void ThreadFinished(uptr sync) {
  int slot = MySlot();
  if (slot < 0)
    return;
  Release(sync);
  ForgetThreadStack();
  {
    SpinMutexLock lock(&engine_mu);
    slots[slot].last_epoch = slots[slot].clock.c[slot];
    slots[slot].used = false;
    my_slot_plus_one = 0;
  }
  RetireOrdered();
}

void SetParked(bool parked) {
  int slot = MySlot();
  if (slot < 0)
    return;
  {
    SpinMutexLock lock(&engine_mu);
    slots[slot].parked = parked;
  }
  if (parked)
    RetireOrdered();
}

} // namespace threads
} // namespace mpisync
