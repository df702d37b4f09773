// RMA access records: recording, the wire format that carries them to the
// owner of the memory, and the owner's pairwise conflict check.
#include "mpisync_rma_records.h"
#include "mpisync_mpi_family.h"
#include "mpisync_rma_call_names.h"
#include "mpisync_scratch.h"

#include "mpisync_alloc.h"
#include "mpisync_datatype.h"
#include "mpisync_merge_sort.h"
#include "mpisync_modules.h"
#include "mpisync_pending.h"
#include "mpisync_radix_sort.h"
#include "mpisync_report_rma.h"
#include "mpisync_rma_clock.h"
#include "mpisync_rma_transport.h"
#include "mpisync_shadow.h"
#include "mpisync_stack.h"
#include "mpisync_stats.h"
#include "mpisync_zero.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#include "sanitizer_common/sanitizer_stackdepot.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Beyond this many records (or clock entries) a window stops recording
// (and says so once): memory stays bounded, detection degrades.
constexpr uptr kMaxRecords = 1 << 22;
// MPI_Compare_and_swap is atomic, but only with itself.
constexpr int kCompareAndSwapOp = 0x7ffffff1;

// A record's clock is a 32-bit offset into the pool (RmaRecord::vc), which
// grows by a clock of w->size entries per record at most.
bool ClockPoolFull(const Window *w) {
  return w->clock_pool.size() + (uptr)w->size > 0xffffffffu;
}

bool Full(Window *w) {
  static bool warned;
  if (w->local.size() + w->outgoing_records < kMaxRecords && !ClockPoolFull(w))
    return false;
  if (!warned) {
    warned = true;
    Report("MPISync: too many RMA access records; window conflicts are no "
           "longer recorded\n");
  }
  return true;
}

// The predefined type an accumulate works on (MPI requires one).
int BasicType(MPI_Datatype t) {
  for (int depth = 0; depth < 16; depth++) {
    int ni, na, nd, combiner;
    if (PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner) != MPI_SUCCESS)
      return PortableHandle(t);
    if (combiner == MPI_COMBINER_NAMED || nd < 1)
      return PortableHandle(t);
    ScratchVector<int> ints(ni + 1);
    ScratchVector<MPI_Aint> aints(na + 1);
    ScratchVector<MPI_Datatype> types(nd);
    if (PMPI_Type_get_contents(t, ni, na, nd, ints.data(), aints.data(),
                               types.data()) != MPI_SUCCESS)
      return PortableHandle(t);
    t = types[0];
  }
  return PortableHandle(t);
}

// --- Wire format -----------------------------------------------------------

// Stacks travel as (module, offset) frames: every member runs the same
// binary, so the receiver finds the same code in its own modules.
struct Writer {
  ScratchVector<char> &bytes; // appended to
  void Put(const void *p, uptr n) {
    internal_memcpy(bytes.append_uninitialized(n), p, n);
  }
  template <typename T> void Put(T v) {
    StoreUnaligned(bytes.append_uninitialized(sizeof(T)), v);
  }
  void PutString(const char *s) {
    u32 n = s ? (u32)internal_strlen(s) : 0;
    Put(n);
    Put(s, n);
  }
};

struct Reader {
  const char *p, *end;
  bool ok = true;
  void Get(void *out, uptr n) {
    if ((uptr)(end - p) < n) {
      ok = false;
      internal_memset(out, 0, n);
      return;
    }
    internal_memcpy(out, p, n);
    p += n;
  }
  template <typename T> T Get() {
    if ((uptr)(end - p) < sizeof(T)) {
      ok = false;
      return T();
    }
    T v = LoadUnaligned<T>(p);
    p += sizeof(T);
    return v;
  }
  // Into a buffer of `size` bytes, NUL-terminated.
  void GetString(char *out, uptr size) {
    u32 n = Get<u32>();
    if (!ok || (uptr)(end - p) < n) {
      ok = false;
      out[0] = 0;
      return;
    }
    uptr k = n < size - 1 ? n : size - 1;
    internal_memcpy(out, p, k);
    out[k] = 0;
    p += n;
  }
};

// A record's stack travels as (module path, offset) per frame
// (mpisync_modules.h): the ranks' modules load at different addresses.
void PutStack(Writer &wr, u32 id) {
  StackTrace st = StackDepotGet(id);
  wr.Put((u32)st.size);
  for (uptr i = 0; i < st.size; i++) {
    const char *module = nullptr;
    uptr offset = 0;
    if (!ModuleOffsetOfPc(st.trace[i], &module, &offset))
      module = nullptr;
    wr.PutString(module);
    wr.Put((u64)offset);
  }
}

u32 GetStack(Reader &rd) {
  u32 n = rd.Get<u32>();
  if (!rd.ok || n > kStackTraceMax)
    return 0;
  uptr pcs[kStackTraceMax];
  uptr kept = 0;
  for (u32 i = 0; i < n; i++) {
    char name[kMaxPathLength];
    rd.GetString(name, sizeof(name));
    u64 offset = rd.Get<u64>();
    if (uptr pc = name[0] ? PcOfModuleOffset(name, offset) : 0)
      pcs[kept++] = pc;
  }
  if (!rd.ok || kept == 0)
    return 0;
  return StackDepotPut(StackTrace(pcs, kept));
}

// Distinct u32 ids (stack ids, clock pool offsets) numbered in the order
// first seen: open addressing in scratch memory (sanitizer_common's
// DenseMap maps pages of its own, a system call and page faults per
// message).
class IdTable {
public:
  u32 IndexOf(u32 id) {
    if (id == last_id_ && !ids_.empty())
      return last_index_;
    if (2 * (ids_.size() + 1) > slots_.size())
      Grow();
    uptr mask = slots_.size() - 1;
    uptr h = (id * 0x9e3779b1u) & mask;
    while (slots_[h] && ids_[slots_[h] - 1] != id)
      h = (h + 1) & mask;
    if (!slots_[h]) {
      ids_.push_back(id);
      slots_[h] = (u32)ids_.size();
    }
    last_id_ = id;
    return last_index_ = slots_[h] - 1;
  }
  const ScratchVector<u32> &ids() const { return ids_; }

private:
  void Grow() {
    uptr n = slots_.empty() ? 16 : 2 * slots_.size();
    slots_.clear();
    slots_.resize(n); // zero: empty
    for (uptr i = 0; i < ids_.size(); i++) {
      uptr h = (ids_[i] * 0x9e3779b1u) & (n - 1);
      while (slots_[h])
        h = (h + 1) & (n - 1);
      slots_[h] = (u32)(i + 1);
    }
  }
  ScratchVector<u32> ids_;   // by index
  ScratchVector<u32> slots_; // index + 1, 0 when empty
  u32 last_id_ = 0, last_index_ = 0;
};

// Bytes of one record on the wire (Encode's per-record Puts).
constexpr uptr kEncodedRecordSize =
    2 * sizeof(u64) + sizeof(int) + 3 * sizeof(u8) + 2 * sizeof(int) +
    2 * sizeof(u64) + sizeof(u32) + 2 * sizeof(u8) + 2 * sizeof(u32);

// Records of `list` owned by `owner` and completed, with the clocks and
// stacks they refer to, appended to `wr`. Each distinct stack and each
// distinct clock travels once per message, in a table the records index:
// 10^5 operations from a few call sites would otherwise carry 10^5 copies
// of the same frames' module paths, and the records of one clock interval
// (all of an epoch's, between synchronizations) as many copies of one
// clock of w->size entries, which the owner also kept once per record.
void Encode(Window *w, const ScratchVector<RmaRecord> &list, int owner,
            Writer &wr) {
  u32 n = 0;
  IdTable stacks, clocks;
  for (uptr i = 0; i < list.size(); i++) {
    const RmaRecord &r = list[i];
    if (r.owner != owner || r.end == kNotCompleted)
      continue;
    n++;
    stacks.IndexOf(r.stack);
    stacks.IndexOf(r.complete_stack);
    clocks.IndexOf(r.vc);
  }
  wr.Put(n);
  wr.Put((u32)w->size);
  wr.Put((u32)stacks.ids().size());
  for (uptr i = 0; i < stacks.ids().size(); i++)
    PutStack(wr, stacks.ids()[i]);
  wr.Put((u32)clocks.ids().size());
  for (uptr i = 0; i < clocks.ids().size(); i++)
    wr.Put(w->clock_pool.data() + clocks.ids()[i], sizeof(u64) * w->size);
  // The records' bytes at once: growing by doubling copied the message
  // and touched fresh pages at every step.
  wr.bytes.reserve(wr.bytes.size() + n * kEncodedRecordSize);
  for (uptr i = 0; i < list.size(); i++) {
    const RmaRecord &r = list[i];
    if (r.owner != owner || r.end == kNotCompleted)
      continue;
    wr.Put((u64)r.lo);
    wr.Put((u64)r.hi);
    wr.Put(r.accessor);
    wr.Put((u8)r.kind);
    wr.Put((u8)r.atomic_read);
    wr.Put((u8)r.is_op);
    wr.Put(r.op);
    wr.Put(r.basic_type);
    wr.Put(r.start);
    wr.Put(r.end);
    wr.Put(clocks.IndexOf(r.vc));
    wr.Put(WireCallId(r.call_id));
    wr.Put(WireCallId(r.complete_call_id));
    wr.Put(stacks.IndexOf(r.stack));
    wr.Put(stacks.IndexOf(r.complete_stack));
  }
}

void Decode(Window *w, const char *data, uptr size) {
  Reader rd{data, data + size};
  u32 n = rd.Get<u32>();
  u32 members = rd.Get<u32>();
  u32 num_stacks = rd.Get<u32>();
  if (!rd.ok || members != (u32)w->size || n == 0 ||
      num_stacks > size) // each stack takes at least a byte
    return;
  ScratchVector<u32> stacks(num_stacks);
  for (u32 i = 0; i < num_stacks && rd.ok; i++)
    stacks[i] = GetStack(rd);
  auto stack_at = [&](u32 i) { return i < num_stacks ? stacks[i] : 0; };
  // Each clock of the message joins the pool once; its records share it.
  u32 num_clocks = rd.Get<u32>();
  if (!rd.ok || num_clocks > (size / sizeof(u64)) / members)
    return;
  ScratchVector<u32> clock_at(num_clocks);
  for (u32 i = 0; i < num_clocks && rd.ok; i++) {
    if (ClockPoolFull(w))
      return;
    clock_at[i] = (u32)w->clock_pool.size();
    for (u32 k = 0; k < members; k++)
      w->clock_pool.push_back(rd.Get<u64>());
  }
  for (u32 i = 0; i < n && rd.ok; i++) {
    RmaRecord r = ZeroedRecord<RmaRecord>();
    r.lo = (uptr)rd.Get<u64>();
    r.hi = (uptr)rd.Get<u64>();
    r.owner = w->rank;
    r.accessor = rd.Get<int>();
    r.kind = (RmaRecord::Kind)rd.Get<u8>();
    r.atomic_read = rd.Get<u8>();
    r.is_op = rd.Get<u8>();
    r.op = rd.Get<int>();
    r.basic_type = rd.Get<int>();
    r.start = rd.Get<u64>();
    r.end = rd.Get<u64>();
    // The bound holds for what arrives too: each member sends up to it.
    if (Full(w))
      break;
    u32 clock = rd.Get<u32>();
    if (clock >= num_clocks)
      break; // not a message of Encode's
    r.vc = clock_at[clock];
    r.call_id = CallIdFromWire(rd.Get<u8>());
    r.complete_call_id = CallIdFromWire(rd.Get<u8>());
    r.stack = stack_at(rd.Get<u32>());
    r.complete_stack = stack_at(rd.Get<u32>());
    if (rd.ok)
      w->local.push_back(r);
  }
}

// Some outgoing record for `owner` is complete and can be sent.
bool HasCompletedFor(Window *w, int owner) {
  if (!w->outgoing)
    return false;
  const ScratchVector<RmaRecord> &list = OutgoingTo(w, owner);
  for (uptr i = 0; i < list.size(); i++)
    if (list[i].end != kNotCompleted)
      return true;
  return false;
}

// Removes the completed records of `owner` from its outgoing list.
void DropSent(Window *w, int owner) {
  if (!w->outgoing)
    return;
  ScratchVector<RmaRecord> &list = OutgoingTo(w, owner);
  uptr k = 0;
  for (uptr i = 0; i < list.size(); i++) {
    const RmaRecord &r = list[i];
    if (r.end != kNotCompleted)
      continue;
    list[k++] = r;
  }
  w->outgoing_records -= list.size() - k;
  list.resize(k);
}

void TakeOwn(Window *w) {
  if (!w->outgoing)
    return;
  const ScratchVector<RmaRecord> &own = OutgoingTo(w, w->rank);
  for (uptr i = 0; i < own.size(); i++)
    if (own[i].end != kNotCompleted)
      w->local.push_back(own[i]);
  DropSent(w, w->rank);
}

// Completes the operations of `list` not yet completed at the target.
void CompleteIn(Window *w, ScratchVector<RmaRecord> &list, u64 now,
                const char *call, u32 stack) {
  u8 call_id = CallId(call);
  for (uptr i = 0; i < list.size(); i++) {
    RmaRecord &r = list[i];
    if (!r.is_op || r.end != kNotCompleted)
      continue;
    r.end = now;
    r.complete_stack = stack;
    r.complete_call_id = call_id;
    w->uncompleted--;
  }
}

void ReceiveOne(Window *w, const MPI_Status &st) {
  int bytes = 0;
  PMPI_Get_count(&st, MPI_BYTE, &bytes);
  ScratchVector<char> buf(bytes > 0 ? bytes : 1);
  PMPI_Recv(buf.data(), bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, w->comm,
            MPI_STATUS_IGNORE);
  Decode(w, buf.data(), bytes);
}

// --- The check ---------------------------------------------------------------

bool Writes(const RmaRecord &r) {
  return r.kind == RmaRecord::kWrite ||
         (r.kind == RmaRecord::kAtomic && !r.atomic_read);
}

// MPI 4.1 12.7.1: accumulates with the same predefined type are atomic
// with respect to each other; with the default accumulate_ops info
// ("same_op_no_op") they must also use the same op, or MPI_NO_OP.
bool AtomicTogether(const RmaRecord &a, const RmaRecord &b) {
  if (a.kind != RmaRecord::kAtomic || b.kind != RmaRecord::kAtomic)
    return false;
  // One origin's accumulates to one location are applied in program order
  // (the default accumulate_ordering, rar,raw,war,waw).
  if (a.accessor == b.accessor)
    return true;
  if (a.basic_type != b.basic_type)
    return false;
  return a.op == b.op || a.atomic_read || b.atomic_read;
}

bool HappensBefore(const Window *w, const RmaRecord &x, const RmaRecord &y) {
  if (x.end == kNotCompleted)
    return false;
  if (x.accessor == y.accessor)
    return x.end <= y.start;
  return w->clock_pool[y.vc + x.accessor] >= x.end;
}

bool Conflict(const Window *w, const RmaRecord &a, const RmaRecord &b) {
  if (a.hi <= b.lo || b.hi <= a.lo)
    return false;
  // Loads and stores of processes among themselves are not RMA's business
  // (shared-memory windows synchronize them by other means).
  if (!a.is_op && !b.is_op)
    return false;
  if (!Writes(a) && !Writes(b))
    return false;
  if (AtomicTogether(a, b))
    return false;
  return !HappensBefore(w, a, b) && !HappensBefore(w, b, a);
}

// Records at the same place of the same kind ("twins": many Gets or
// Accumulates to one hub vertex of a graph) sort together; the fields
// below are everything Conflict() reads but the clocks and the accessor.
// R: an RmaRecord, or a copy of these fields (CheckConflicts' sort keys).
template <typename R> int TwinOrder(const R &a, const R &b) {
#define MPISYNC_CMP(f)                                                         \
  if (a.f != b.f)                                                              \
    return a.f < b.f ? -1 : 1;
  MPISYNC_CMP(lo)
  MPISYNC_CMP(hi)
  MPISYNC_CMP(is_op)
  MPISYNC_CMP(kind)
  MPISYNC_CMP(atomic_read)
  MPISYNC_CMP(op)
  MPISYNC_CMP(basic_type)
#undef MPISYNC_CMP
  return 0;
}

// Twins of these kinds never conflict with each other, whatever their
// accessors and clocks: loads and stores among themselves are not RMA's
// business, reads do not write, and accumulates with one op and basic type
// are atomic together. The check skips the pairs inside such a run, so k
// twins cost O(k), not O(k^2). R: a record, or a sort key with its kind
// (no read of the record: a cache miss per run of twins).
template <typename R> bool NeverConflictAmongTwins(const R &r) {
  return !r.is_op || r.kind == RmaRecord::kRead || r.kind == RmaRecord::kAtomic;
}

bool AlreadyReportedPair(Window *w, const RmaRecord &a, const RmaRecord &b) {
  u64 key = ((u64)a.stack << 32) | b.stack;
  for (uptr i = 0; i < w->reported.size(); i++)
    if (w->reported[i] == key)
      return true;
  w->reported.push_back(key);
  return false;
}

void Forget(Window *w) {
  w->local.clear();
  if (w->outgoing_records == 0) {
    w->clock_pool.clear();
    w->current_vc = ~(uptr)0;
  }
}

// A new record of an access by this process (not an operation) at
// [lo, hi) of `owner`'s memory, now, appended to the list it belongs to.
RmaRecord *AppendAccess(Window *w, int owner, uptr lo, uptr hi,
                        RmaRecord::Kind kind, u32 stack, const char *call) {
  RmaRecord r = ZeroedRecord<RmaRecord>();
  r.lo = lo;
  r.hi = hi;
  r.owner = owner;
  r.accessor = w->rank;
  r.kind = kind;
  r.start = r.end = Lseq();
  r.vc = (u32)CurrentClock(w);
  r.stack = stack;
  r.call_id = CallId(call);
  w->last_ordering_lseq = r.start;
  ScratchVector<RmaRecord> &list =
      owner == w->rank ? w->local : OutgoingTo(w, owner);
  list.push_back(r);
  if (owner != w->rank)
    w->outgoing_records++;
  return &list.back();
}

// A loop nest checked a row at a time (a tile's rows, one rows check per
// tile) continues each row's record of the tile before, whose record lies
// far more records back than RecordLoadStore's streams look: the window
// keeps where recent records end, by a hash of (end, owner, kind).
constexpr uptr kRecordEndsLog = 12;

uptr RecordEndSlot(uptr end, int owner, RmaRecord::Kind kind) {
  u64 key = (u64)end * 4 + (u64)kind + ((u64)owner << 48);
  return (uptr)((key * 0x9E3779B97F4A7C15ull) >> (64 - kRecordEndsLog));
}

// The index + 1 in `list` of the record the slot of (end, owner, kind)
// names if its end's low bits match, else 0.
uptr SlotFor(const Window *w, const ScratchVector<RmaRecord> &list, uptr end,
             int owner, RmaRecord::Kind kind) {
  if (!w->record_ends)
    return 0;
  const RecordEnd &slot = w->record_ends[RecordEndSlot(end, owner, kind)];
  if (slot.at == 0 || slot.at > list.size() || slot.end_bits != (u32)end)
    return 0;
  return slot.at;
}

// An operation of this process to `target` started at lseq `start`: to
// its own memory, it bounds which of its load and store records may grow
// past it (TakesAccessNow).
void NoteOperationStart(Window *w, int target, u64 start, bool writes) {
  if (target != w->rank)
    return;
  w->last_self_op_start = start;
  if (writes)
    w->last_self_write_op_start = start;
}

// Whether `r`, a record of `owner`'s list, may also stand for an access of
// its kind that this process makes now, with clock snapshot `vc`: a load
// or store record of this process (not a buffer of a call), of the same
// clock interval. Within one lseq that is all. Across lseq ticks (the MPI
// calls of a loop that reads window memory and issues an operation per
// element: bfs_rma's verification) the record's end moves to now, which
// is exact: against another member's operation, the snapshot is the same
// (a synchronization takes a new one, NoteOrderingEvent) and the later
// end is what decides HappensBefore; against this process's own
// operations on its memory, which HappensBefore orders by lseq, it is
// exact when none that may conflict with `r` started since r.start (an
// operation issued and completed between two accesses would seem to
// overlap the record). Shared windows' records of other members' memory
// stay within one lseq.
bool TakesAccessNow(const Window *w, const RmaRecord &r, u64 now, uptr vc) {
  if (r.is_op || r.accessor != w->rank || r.vc != vc || r.call_id != kNoCall)
    return false;
  if (r.end == now)
    return true;
  if (r.owner != w->rank)
    return false;
  u64 last = r.kind == RmaRecord::kRead ? w->last_self_write_op_start
                                        : w->last_self_op_start;
  return last < r.start;
}

// The record of `list` that an access at [lo, hi) continues, or null:
// one that ends at `lo` (the next element of a stream whose record fell
// out of RecordLoadStore's window), or one that ends at `hi` and already
// holds the access (the same element read again by another line). Same
// owner, kind and clock interval, and, unless the access adds nothing of
// the same lseq, the same place in the program: a report names the
// record's first access.
RmaRecord *ContinuedRecord(Window *w, ScratchVector<RmaRecord> &list, int owner,
                           RmaRecord::Kind kind, uptr lo, uptr hi, u64 now,
                           uptr vc, AccessStack &stack) {
  for (int contained = 0; contained < 2; contained++) {
    uptr end = contained ? hi : lo;
    uptr at = SlotFor(w, list, end, owner, kind);
    if (at == 0)
      continue;
    RmaRecord &r = list[at - 1];
    if (r.hi != end || r.lo > lo || r.owner != owner || r.kind != kind ||
        !TakesAccessNow(w, r, now, vc))
      continue;
    if ((contained && r.end == now) || r.stack == stack.Get())
      return &r;
  }
  return nullptr;
}

// The record of an earlier operation in `list` that the segment [lo, ...)
// of the operation `r` continues, or null. A tile's rows Put one tile at a
// time (bench/'s transpose_rma: 32 rows of 256 bytes per Put, the row's
// next 256 bytes 64 Puts later) are then one record per row instead of
// one per row and Put, and the fence exchanges and checks 32 times fewer.
// Each operation's own record would differ from the shared one only in
// its start (lseq) and in its clock's entry for this process, which the
// check reads for neither (HappensBefore orders one process's records by
// lseq); the shared one has the first operation's, so it is taken only
// when nothing ordering happened since that start (last_ordering_lseq: an
// access recorded in between, ordered before the later operation by
// program order, would seem to overlap the first one; a synchronization
// changes the other entries), and never for an operation a request
// completes (found by its start, CompleteRequestOperation). Same call,
// stack, target, kind, accumulate op and type, not yet completed: a report
// names the call and the bytes its operations wrote together (docs/rma.md).
RmaRecord *ContinuedOperation(Window *w, ScratchVector<RmaRecord> &list,
                              const RmaRecord &r, uptr lo) {
  uptr at = SlotFor(w, list, lo, r.owner, r.kind);
  if (at == 0)
    return nullptr;
  RmaRecord &c = list[at - 1];
  if (!c.is_op || c.hi != lo || c.end != kNotCompleted ||
      w->last_ordering_lseq >= c.start || c.stack != r.stack ||
      c.call_id != r.call_id || c.owner != r.owner ||
      c.accessor != r.accessor || c.kind != r.kind || c.op != r.op ||
      c.basic_type != r.basic_type || c.atomic_read != r.atomic_read)
    return nullptr;
  return &c;
}

void NoteRecordEnd(Window *w, const ScratchVector<RmaRecord> &list,
                   const RmaRecord *rec) {
  if (!w->record_ends) {
    uptr bytes = sizeof(RecordEnd) << kRecordEndsLog;
    w->record_ends = static_cast<RecordEnd *>(RuntimeAlloc(bytes));
    internal_memset(w->record_ends, 0, bytes);
  }
  RecordEnd &slot =
      w->record_ends[RecordEndSlot(rec->hi, rec->owner, rec->kind)];
  slot.at = (u32)(rec - list.data()) + 1;
  slot.end_bits = (u32)rec->hi;
}

} // namespace

u32 AccessStack::Get() {
  if (!id)
    id = CaptureStack(pc, bp, /*fast=*/true);
  return id;
}

// Consecutive accesses of one clock interval extend one record; a loop
// interleaves a few such streams (loads of two rows, stores of a third),
// so the last few records are candidates.
constexpr uptr kRecordStreams = 8;

// Whether an access of `kind` at [lo, hi), now, may extend `r` (a record of
// its owner and clock interval that TakesAccessNow): one of its kind that
// it meets or continues. Across MPI calls (lseq ticks) only a record of the
// same place in the program: a report names the record's first access.
bool AccessExtends(const RmaRecord &r, RmaRecord::Kind kind, uptr lo, uptr hi,
                   u64 now, AccessStack &stack) {
  return r.kind == kind && lo <= r.hi && hi >= r.lo &&
         (r.end == now || r.stack == stack.Get());
}

// The store at [lo, hi) takes in the load record `k` records from the end
// of `list` (RecordLoadStore's streams). When that record is the last one
// and the store also continues an earlier store record of the streams
// (the previous element's x[i] = f(x[i])), that record grows by the store
// and the load record goes: without that, every element of such a loop
// made a record of its own (a load's record, turned into a store's), and
// since none of them covered a granule whole, the window bits stayed and
// every access of the loop reached the runtime.
RmaRecord *StoreOverLoads(Window *w, ScratchVector<RmaRecord> &list, uptr k,
                          uptr lo, uptr hi, u64 now, uptr vc,
                          AccessStack &stack) {
  RmaRecord &loads = list[list.size() - 1 - k];
  int owner = loads.owner;
  // Only the last record can go without moving the others.
  for (uptr j = 1; k == 0 && j < kRecordStreams && j < list.size(); j++) {
    RmaRecord &r = list[list.size() - 1 - j];
    if (r.is_op || r.vc != vc)
      break; // older records are of an earlier interval
    if (r.owner != owner || !TakesAccessNow(w, r, now, vc) ||
        !AccessExtends(r, RmaRecord::kWrite, lo, hi, now, stack))
      continue;
    r.lo = Min(r.lo, lo);
    r.hi = Max(r.hi, hi);
    list.pop_back(); // `loads`; a record-end slot naming it is only a hint
    if (owner != w->rank)
      w->outgoing_records--;
    return &r;
  }
  loads.lo = lo;
  loads.hi = hi;
  loads.kind = RmaRecord::kWrite;
  loads.stack = stack.Get();
  return &loads;
}

void RecordLoadStore(Window *w, int owner, uptr lo, uptr hi, bool is_write,
                     AccessStack &stack, uptr addr, bool clear_shadow) {
  ScratchVector<RmaRecord> &list =
      owner == w->rank ? w->local : OutgoingTo(w, owner);
  RmaRecord::Kind kind = is_write ? RmaRecord::kWrite : RmaRecord::kRead;
  uptr vc = CurrentClock(w);
  u64 now = Lseq();
  RmaRecord *rec = nullptr;
  for (uptr k = 0; k < kRecordStreams && k < list.size() && !rec; k++) {
    RmaRecord &r = list[list.size() - 1 - k];
    if (r.is_op || r.vc != vc)
      break; // older records are of an earlier interval
    if (r.owner != owner || !TakesAccessNow(w, r, now, vc))
      continue;
    if (AccessExtends(r, kind, lo, hi, now, stack)) {
      r.lo = Min(r.lo, lo);
      r.hi = Max(r.hi, hi);
      rec = &r;
    } else if (is_write && r.kind == RmaRecord::kRead && r.start == now &&
               lo <= r.lo && r.hi <= hi) {
      // A store over what loads of this lseq only read (x[i] = f(x[i])):
      // at the same time and bytes, the store conflicts with everything
      // the loads do, so the store's record stands for them all, and a
      // report names the store (docs/rma.md). Not for a record that grew
      // across MPI calls: a Get to this process between them conflicts
      // with the store but not with the loads.
      rec = StoreOverLoads(w, list, k, lo, hi, now, vc, stack);
    }
  }
  if (!rec) {
    rec = ContinuedRecord(w, list, owner, kind, lo, hi, now, vc, stack);
    if (rec)
      rec->hi = Max(rec->hi, hi);
  }
  if (rec) {
    rec->end = now;
    w->last_ordering_lseq = now;
  }
  if (!rec) {
    if (Full(w))
      return;
    rec = AppendAccess(w, owner, lo, hi, kind, stack.Get(), nullptr);
  }
  NoteRecordEnd(w, list, rec);
  // Granules the record covers whole need no further record until the
  // clock moves on: their bits are cleared (writes cover reads too).
  if (!clear_shadow)
    return;
  uptr rec_lo = addr - (lo - rec->lo);
  uptr rec_hi = rec_lo + (rec->hi - rec->lo);
  uptr clear_lo = Max(RoundUpTo(rec_lo, kGranule), RoundDownTo(addr, kGranule));
  uptr clear_hi =
      Min(RoundDownTo(rec_hi, kGranule), RoundUpTo(addr + (hi - lo), kGranule));
  if (clear_lo < clear_hi) {
    ClearShadow(clear_lo, clear_hi,
                is_write ? (u8)kShadowWinMask : (u8)kShadowWinLoad);
    MarkDirty(w, clear_lo, clear_hi);
  }
}

void RecordBufferInWindow(Window *w, int owner, uptr lo, uptr hi, bool is_write,
                          const char *call, u32 stack) {
  if (Full(w))
    return;
  // Not an operation on the window: a buffer of one, named by its call.
  AppendAccess(w, owner, lo, hi,
               is_write ? RmaRecord::kWrite : RmaRecord::kRead, stack, call);
}

void RecordOperation(Window *w, const RmaOpArgs &args, const char *call,
                     u32 stack) {
  if (args.target < 0 || args.target >= w->size || Full(w))
    return;
  RmaRecord r = ZeroedRecord<RmaRecord>();
  r.owner = args.target;
  r.accessor = w->rank;
  r.is_op = true;
  switch (args.kind) {
  case RmaKind::kPut:
    r.kind = RmaRecord::kWrite;
    break;
  case RmaKind::kGet:
    r.kind = RmaRecord::kRead;
    break;
  case RmaKind::kCas:
    r.kind = RmaRecord::kAtomic;
    r.op = kCompareAndSwapOp;
    break;
  default:
    r.kind = RmaRecord::kAtomic;
    r.op = PortableHandle(args.op);
    r.atomic_read = args.op == MPI_NO_OP;
    break;
  }
  if (r.kind == RmaRecord::kAtomic)
    r.basic_type = BasicType(args.target_type);
  r.start = Lseq();
  r.end = kNotCompleted;
  r.vc = (u32)CurrentClock(w);
  r.stack = stack;
  r.call_id = CallId(call);
  uptr base = w->kind == WinKind::kDynamic
                  ? (uptr)args.disp
                  : (uptr)(args.disp * w->disp_unit[args.target]);
  DataMap *map =
      args.target_count > 0 ? AcquireDataMap(args.target_type) : nullptr;
  if (!map)
    return;
  ScratchVector<RmaRecord> &list = OutgoingTo(w, args.target);
  bool may_continue = !args.with_request;
  bool writes = Writes(r);
  NoteOperationStart(w, args.target, r.start, writes);
  // MPI 4.1 12.3.1: a put moves data as a send of the origin buffer into a
  // receive of the target buffer, so it writes the first bytes of the
  // target's layout in its typemap's order, as many as the origin holds,
  // and an accumulate likewise. The rest of the layout is not touched:
  // recording it made a false conflict with the owner's store there. Only
  // where that order is address order (DataMap::in_order) are the first
  // bytes known; elsewhere the whole layout is recorded. The same type and
  // count on both sides (nearly every operation) hold the same bytes: no
  // look-up of the origin's map, which AddBuffer makes again.
  uptr bytes_left = ~(uptr)0;
  bool same_data = args.origin_type == args.target_type &&
                   args.origin_count == args.target_count;
  if ((args.kind == RmaKind::kPut ||
       (args.kind == RmaKind::kAcc && args.op != MPI_NO_OP)) &&
      map->in_order && !same_data && args.origin_count >= 0)
    if (DataMap *origin = AcquireDataMap(args.origin_type)) {
      bytes_left = (uptr)args.origin_count * (uptr)origin->size;
      ReleaseDataMap(origin);
    }
  // One record per segment at most, and none past the window's bound
  // (Full): a target datatype's layout is the origin's to choose, and a
  // vector of 2^28 blocks was 16 GB of records for one MPI_Put.
  ForEachSegmentWhile(*map, base, args.target_count, [&](uptr b, uptr e) {
    if (bytes_left == 0)
      return false;
    if (b >= e)
      return true;
    if (e - b > bytes_left)
      e = b + bytes_left;
    bytes_left -= e - b;
    RewatchOperationTarget(w, args.target, b, e, writes);
    // Adjacent segments of one operation make one record.
    if (!list.empty()) {
      RmaRecord &last = list.back();
      if (last.is_op && last.stack == r.stack && last.start == r.start &&
          last.owner == r.owner && last.hi == b) {
        last.hi = e;
        if (may_continue)
          NoteRecordEnd(w, list, &last);
        return true;
      }
    }
    if (may_continue)
      if (RmaRecord *c = ContinuedOperation(w, list, r, b)) {
        c->hi = e;
        NoteRecordEnd(w, list, c);
        return true;
      }
    if (Full(w))
      return false;
    r.lo = b;
    r.hi = e;
    list.push_back(r);
    w->outgoing_records++;
    w->uncompleted++;
    if (may_continue)
      NoteRecordEnd(w, list, &list.back());
    return true;
  });
  ReleaseDataMap(map);
}

void CompleteOperations(Window *w, int target, const char *call, u32 stack) {
  if (w->uncompleted == 0)
    return;
  u64 now = Lseq();
  if (target >= 0) {
    if (target < w->size)
      CompleteIn(w, OutgoingTo(w, target), now, call, stack);
    return;
  }
  for (int t = 0; t < w->size; t++)
    CompleteIn(w, OutgoingTo(w, t), now, call, stack);
}

void CompleteRequestOperation(Window *w, int target, u64 start, u64 end,
                              const char *call, u32 stack) {
  if (w->uncompleted == 0 || target < 0 || target >= w->size)
    return; // completed (and perhaps sent) already, by a synchronization
  ScratchVector<RmaRecord> &list = OutgoingTo(w, target);
  // The list is in `start` order: the operation's records are together.
  uptr lo = 0, hi = list.size();
  while (lo < hi) {
    uptr mid = (lo + hi) / 2;
    if (list[mid].start < start)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (uptr i = lo; i < list.size() && list[i].start == start; i++) {
    RmaRecord &r = list[i];
    if (r.is_op && r.end == kNotCompleted) {
      r.end = end;
      r.complete_stack = stack;
      r.complete_call_id = CallId(call);
      w->uncompleted--;
    }
  }
}

const RmaRecord *OldestUncompletedOperation(Window *w) {
  if (w->uncompleted == 0)
    return nullptr;
  // Each list is in `start` order: its first uncompleted operation is its
  // oldest. Asked only under MPI_MODE_NOPRECEDE, where any is an error.
  const RmaRecord *oldest = nullptr;
  for (int t = 0; t < w->size; t++) {
    const ScratchVector<RmaRecord> &list = OutgoingTo(w, t);
    for (uptr i = 0; i < list.size(); i++)
      if (list[i].is_op && list[i].end == kNotCompleted) {
        if (!oldest || list[i].start < oldest->start)
          oldest = &list[i];
        break;
      }
  }
  return oldest;
}

void SendRecords(Window *w, int target, int tag, bool always) {
  TakeOwn(w);
  auto send_to = [&](int t) {
    if (t == w->rank || (!HasCompletedFor(w, t) && !always))
      return;
    WireOut().clear();
    Writer wr{WireOut()};
    Encode(w, OutgoingTo(w, t), t, wr);
    bool sent = SendBytes(w, t, tag, wr.bytes.data(), wr.bytes.size());
    DropSent(w, t);
    // The final exchange waits for exactly the messages counted here.
    if (sent && tag == kTagPassiveRecords)
      w->sent_records_msgs[t]++;
  };
  // One target costs that target's records, not a pass over the members.
  if (target >= 0) {
    if (target < w->size)
      send_to(target);
    return;
  }
  for (int t = 0; t < w->size; t++)
    send_to(t);
}

void ReceiveRecords(Window *w, int from, int tag) {
  MPI_Status st;
  if (PMPI_Probe(from, WinTag(w, tag), w->comm, &st) == MPI_SUCCESS)
    ReceiveOne(w, st);
}

void ExchangeRecords(Window *w) {
  TakeOwn(w);
  int n = w->size;
  ScratchVector<int> send_counts(n), recv_counts(n), sdispls(n),
      rdispls(n);
  WireOut().clear();
  Writer all{WireOut()};
  for (int t = 0; t < n; t++) {
    sdispls[t] = (int)all.bytes.size();
    if (t != w->rank && HasCompletedFor(w, t)) {
      Encode(w, OutgoingTo(w, t), t, all);
      DropSent(w, t);
    }
    send_counts[t] = (int)all.bytes.size() - sdispls[t];
  }
  PMPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1,
                MPI_INT, w->comm);
  int total = 0;
  for (int t = 0; t < n; t++) {
    rdispls[t] = total;
    total += recv_counts[t];
  }
  ScratchVector<char> &in = WireIn();
  in.clear();
  in.append_uninitialized(total > 0 ? total : 1);
  if (all.bytes.empty())
    all.bytes.push_back(0);
  PMPI_Alltoallv(all.bytes.data(), send_counts.data(), sdispls.data(),
                 MPI_BYTE, in.data(), recv_counts.data(), rdispls.data(),
                 MPI_BYTE, w->comm);
  for (int t = 0; t < n; t++)
    if (recv_counts[t] > 0)
      Decode(w, in.data() + rdispls[t], recv_counts[t]);
}

void DrainRecords(Window *w, bool final) {
  TakeOwn(w);
  for (;;) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, WinTag(w, kTagPassiveRecords), w->comm, &flag,
                &st);
    if (!flag)
      break;
    ReceiveOne(w, st);
    w->received_records_msgs++;
  }
  if (!final)
    return;
  ScratchVector<u64> sent_to_me(w->size);
  PMPI_Alltoall(w->sent_records_msgs, 1, MPI_UINT64_T, sent_to_me.data(), 1,
                MPI_UINT64_T, w->comm);
  u64 expected = 0;
  for (int i = 0; i < w->size; i++)
    expected += sent_to_me[i];
  while (w->received_records_msgs < expected) {
    MPI_Status st;
    if (PMPI_Probe(MPI_ANY_SOURCE, WinTag(w, kTagPassiveRecords), w->comm,
                   &st) != MPI_SUCCESS)
      break;
    ReceiveOne(w, st);
    w->received_records_msgs++;
  }
}

namespace {

void ReportIfConflict(Window *w, const RmaRecord &a, const RmaRecord &b) {
  if (!Conflict(w, a, b))
    return;
  // The load or store first; of two operations, the later one.
  const RmaRecord *first = &a, *second = &b;
  if ((first->is_op && !second->is_op) ||
      (first->is_op && second->is_op && first->start < second->start &&
       first->accessor == second->accessor))
    Swap(first, second);
  if (AlreadyReportedPair(w, *first, *second))
    return;
  ErrorKind kind = first->accessor == second->accessor
                       ? ErrorKind::kRmaLocalConflict
                       : ErrorKind::kRmaRemoteConflict;
  ReportRmaConflict(kind, *w, *first, *second);
}

// The fields TwinOrder compares beside the record's index: the sort and
// the sweeps below read these in order, and look at a record itself only
// to check a pair that overlaps (twins are many: hub vertices). Only
// operations get keys. 32 bytes: the index fits 32 bits, as 2^32 records
// of 64 bytes would not fit in memory.
struct OpKey {
  uptr lo, hi;
  int op, basic_type;
  u32 index;
  RmaRecord::Kind kind;
  bool atomic_read;
  static constexpr bool is_op = true;
};
static_assert(sizeof(OpKey) == 32, "OpKey: keep it in 32 bytes");

// Loads and stores never conflict among themselves (Conflict()), and an
// epoch usually has far more of them (one record per checked range of
// window memory: a tiled loop makes one per tile row) than operations. So
// only the operations are sorted and swept against each other; each load
// or store then finds the operations it overlaps by binary search: with A
// accesses and P operations, O(P d + A log P + pairs) (d: the radix sort's
// passes, RadixSort), where sorting everything together cost
// O((A + P) log(A + P)) comparisons of records.
void ReportConflicts(Window *w) {
  ScratchVector<RmaRecord> &recs = w->local;
  uptr n = recs.size();
  if (n < 2)
    return;
  // The keys in the outgoing messages' memory, the sort's second array,
  // twins_end and reach (below) in the incoming ones': both are kept from
  // one epoch to the next, and both exchanges are over (Decode has taken
  // what arrived). Split so, neither grows past its messages by the whole
  // of the check's arrays (bfs_rma: 10^5 operations per epoch, 96 bytes
  // each in one buffer, against 2.9 MB that arrived). The keys are taken in
  // the one pass that counts the operations, so room for n is made first.
  ScratchVector<char> &key_memory = WireOut();
  key_memory.clear();
  OpKey *ops = reinterpret_cast<OpKey *>(
      key_memory.append_uninitialized(n * sizeof(OpKey)));
  uptr num_ops = 0;
  for (uptr i = 0; i < n; i++) {
    const RmaRecord &r = recs[i];
    if (r.is_op)
      ops[num_ops++] = {r.lo,   r.hi,   r.op,         r.basic_type,
                        (u32)i, r.kind, r.atomic_read};
  }
  if (num_ops == 0)
    return;
  uptr tmp_bytes = RoundUpTo(num_ops * sizeof(OpKey), 16);
  uptr ends_bytes = RoundUpTo(num_ops * sizeof(u32), 16);
  ScratchVector<char> &work_memory = WireIn();
  work_memory.clear();
  char *mem = work_memory.append_uninitialized(tmp_bytes + ends_bytes +
                                               num_ops * sizeof(uptr));
  OpKey *sort_tmp = reinterpret_cast<OpKey *>(mem);
  u32 *twins_end = reinterpret_cast<u32 *>(mem + tmp_bytes);
  uptr *reach = reinterpret_cast<uptr *>(mem + tmp_bytes + ends_bytes);
  auto twin_order = [](const OpKey &a, const OpKey &b) {
    return TwinOrder(a, b);
  };
  // By lo with counting passes, then each run of equal lo by the other
  // fields: the same order as one stable sort by TwinOrder.
  RadixSort(ops, num_ops, sort_tmp, [](const OpKey &k) { return k.lo; });
  auto less = [&](const OpKey &a, const OpKey &b) {
    return twin_order(a, b) < 0;
  };
  for (uptr i = 0; i < num_ops;) {
    uptr j = i + 1;
    while (j < num_ops && ops[j].lo == ops[i].lo)
      j++;
    if (j - i > 16) {
      MergeSort(ops + i, j - i, less);
    } else {
      for (uptr k = i + 1; k < j; k++) // insertion sort, stable
        for (uptr m = k; m > i && less(ops[m], ops[m - 1]); m--)
          Swap(ops[m], ops[m - 1]);
    }
    i = j;
  }
  // twins_end[i]: the end of the run of twins that ops[i] is in, when no
  // two of them can conflict; i + 1 otherwise.
  for (uptr i = 0; i < num_ops;) {
    uptr j = i + 1;
    while (j < num_ops && twin_order(ops[i], ops[j]) == 0)
      j++;
    // The key holds the kind: no record is read (a cache miss each).
    bool compatible = j - i > 1 && NeverConflictAmongTwins(ops[i]);
    for (uptr k = i; k < j; k++)
      twins_end[k] = (u32)(compatible ? j : k + 1);
    i = j;
  }
  for (uptr i = 0; i < num_ops; i++) {
    for (uptr j = twins_end[i]; j < num_ops && ops[j].lo < ops[i].hi; j++)
      ReportIfConflict(w, recs[ops[i].index], recs[ops[j].index]);
  }
  if (num_ops < n) {
    // reach[k]: the highest end among ops[0..k] (sorted by lo), so the
    // first operation that may reach past an access's lo is found by
    // binary search.
    for (uptr k = 0; k < num_ops; k++)
      reach[k] = k ? Max(reach[k - 1], ops[k].hi) : ops[k].hi;
    for (uptr i = 0; i < n; i++) {
      const RmaRecord &a = recs[i];
      if (a.is_op)
        continue;
      uptr lo = 0, hi = num_ops;
      while (lo < hi) {
        uptr mid = (lo + hi) / 2;
        if (reach[mid] <= a.lo)
          lo = mid + 1;
        else
          hi = mid;
      }
      for (uptr k = lo; k < num_ops && ops[k].lo < a.hi; k++)
        ReportIfConflict(w, a, recs[ops[k].index]);
    }
  }
}

// stats=1: the records owners checked, and how many of them were this
// process's and the others' loads and stores (under RmaMutex).
u64 records_checked, access_records_checked;

void CountCheckedRecords(const ScratchVector<RmaRecord> &recs) {
  records_checked += recs.size();
  for (uptr i = 0; i < recs.size(); i++)
    access_records_checked += !recs[i].is_op;
}
} // namespace

void CheckConflicts(Window *w) {
  if (UNLIKELY(stats_enabled))
    CountCheckedRecords(w->local);
  ReportConflicts(w);
  Forget(w);
}

void PrintRmaRecordStats() {
  RmaLock lock;
  Printf("  %-40s %llu, %llu of loads and stores\n", "RMA records checked",
         (unsigned long long)records_checked,
         (unsigned long long)access_records_checked);
}

} // namespace mpisync
