// SendCheck (clone_sendcheck.h): hash, broadcast, verdicts, and the
// diverging clone's packed data for the parent's report.
#include "clone/clone_sendcheck.h"
#include "mpisync_alloc.h"

#include "clone/clone_padding.h"
#include "clone/clone_report.h"
#include "clone/clone_state.h"
#include "mpisync_datatype.h"
#include "mpisync_mpi_family.h"
#include "mpisync_pending.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

// Tags on the family communicator, which carries nothing else point to
// point.
constexpr int kVerdictTag = 1;
constexpr int kDataTag = 2;

// The parent keeps at most this much data waiting for verdicts before it
// waits for its clones.
constexpr uptr kMaxKeptBytes = 64 << 20;
constexpr uptr kMaxKeptSends = 4096;

struct Verdict {
  u64 seq;
  u64 same;       // 1: the clone's hash is the parent's
  MPI_Count size; // of the clone's packed data (sent after a difference)
};

// A buffer at MPI_BOTTOM (absolute addresses in its datatype), which
// MPICH's MPI_Pack refuses as a null input: its data gathered by the
// runtime's own map of the datatype, in address order (the same order on
// parent and clones). Writes to `out` unless it is null; returns the bytes.
// A map only bounded by its hull (too large to flatten) gives nothing: its
// gaps are not data and may not be mapped.
MPI_Count GatherAtBottom(const BufferArg &b, char *out) {
  StateLock lock(&StateMutex());
  DataMap *map = AcquireDataMap(b.datatype);
  if (!map)
    return 0;
  MPI_Count bytes = 0;
  if (map->exact)
    ForEachSegment(*map, 0, b.count, [&](uptr lo, uptr hi) {
      if (out)
        internal_memcpy(out + bytes, (const void *)lo, hi - lo);
      bytes += (MPI_Count)(hi - lo);
    });
  ReleaseDataMap(map);
  return bytes;
}

// Bytes of one send buffer as packed; 0 for none (receive side, in place,
// no elements, a type without data, an invalid datatype).
MPI_Count PackedBytes(const BufferArg &b) {
  if (LibraryWrites(b.role) || b.buf == MPI_IN_PLACE || b.count <= 0)
    return 0;
  if (!b.buf)
    return GatherAtBottom(b, nullptr);
  MPI_Count s = 0;
  return PMPI_Pack_size_c(b.count, b.datatype, MPI_COMM_SELF, &s) == MPI_SUCCESS
             ? s
             : 0;
}

// The send buffers packed into one contiguous message (what MPI would
// send, gaps of derived datatypes left out). Owned by the caller.
char *Pack(const BufferArg *buffers, int n, MPI_Count *size) {
  InternalMmapVector<MPI_Count> bytes(n);
  MPI_Count total = 0;
  for (int i = 0; i < n; i++)
    total += bytes[i] = PackedBytes(buffers[i]);
  char *data = (char *)RuntimeAlloc(total ? total : 1);
  MPI_Count position = 0;
  for (int i = 0; i < n; i++) {
    const BufferArg &b = buffers[i];
    // MPICH refuses a null input even for a type without data.
    if (bytes[i] == 0)
      continue;
    MPI_Count start = position;
    if (!b.buf)
      position += GatherAtBottom(b, data + position);
    else
      PMPI_Pack_c(b.buf, b.count, b.datatype, data, total, &position,
                  MPI_COMM_SELF);
    if (position - start == bytes[i])
      ClearPackedPadding(b.datatype, b.count, data + start);
  }
  *size = position;
  return data;
}

// A 64-bit hash of the bytes, eight at a time (faults flip bits anywhere:
// every byte counts).
u64 Hash(const char *p, MPI_Count n) {
  u64 h = 0x243f6a8885a308d3ull ^ (u64)n;
  MPI_Count i = 0;
  for (; i + 8 <= n; i += 8) {
    u64 w;
    internal_memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < n; i++)
    h = (h ^ (u8)p[i]) * 0x100000001b3ull;
  h ^= h >> 32;
  return h * 0x9e3779b97f4a7c15ull;
}

u64 sends; // SendCheck calls so far, the same count on parent and clones

// Parent: a send whose verdicts are not all in.
struct KeptSend {
  u64 seq;
  const char *call;
  u32 stack;
  char *data;
  MPI_Count size;
  int verdicts_due;
};
InternalMmapVectorNoCtor<KeptSend> kept; // in seq order
uptr kept_bytes;

// Clone: answers not yet completed by MPI, with the memory they send.
struct Answer {
  MPI_Request request;
  void *memory;
};
InternalMmapVectorNoCtor<Answer> answers;

KeptSend *FindKept(u64 seq) {
  for (uptr i = 0; i < kept.size(); i++)
    if (kept[i].seq == seq)
      return &kept[i];
  return nullptr;
}

void Compare(const KeptSend &k, int clone, const char *theirs, MPI_Count size) {
  Divergence d;
  d.call = k.call;
  d.stack = k.stack;
  d.clone = clone;
  d.parent_size = k.size;
  d.clone_size = size;
  MPI_Count common = size < k.size ? size : k.size;
  for (MPI_Count i = 0; i < common; i++) {
    if (k.data[i] == theirs[i])
      continue;
    if (d.first < 0)
      d.first = i;
    d.last = i;
    d.differing++;
  }
  if (d.first >= 0) {
    d.parent_byte = (u8)k.data[d.first];
    d.clone_byte = (u8)theirs[d.first];
  }
  ReportCloneDivergence(d);
}

// Parent: takes one verdict (and the data after a difference).
void TakeVerdict(int clone) {
  Verdict v;
  PMPI_Recv(&v, sizeof(v), MPI_BYTE, clone, kVerdictTag, family.comm,
            MPI_STATUS_IGNORE);
  KeptSend *k = FindKept(v.seq);
  if (!v.same) {
    char *theirs = (char *)RuntimeAlloc(v.size ? v.size : 1);
    PMPI_Recv_c(theirs, v.size, MPI_BYTE, clone, kDataTag, family.comm,
                MPI_STATUS_IGNORE);
    if (k)
      Compare(*k, clone, theirs, v.size);
    RuntimeFree(theirs);
  }
  if (k)
    k->verdicts_due--;
  // Verdicts come in order from each clone: the oldest sends finish first.
  uptr done = 0;
  while (done < kept.size() && kept[done].verdicts_due == 0) {
    kept_bytes -= kept[done].size;
    RuntimeFree(kept[done].data);
    done++;
  }
  if (done) {
    for (uptr i = done; i < kept.size(); i++)
      kept[i - done] = kept[i];
    kept.resize(kept.size() - done);
  }
}

// Parent: takes the verdicts that arrived; with `wait`, until at most
// `keep` sends are left waiting.
void TakeVerdicts(bool wait, uptr keep) {
  for (;;) {
    int flag = 0;
    MPI_Status status;
    if (wait && kept.size() > keep) {
      PMPI_Probe(MPI_ANY_SOURCE, kVerdictTag, family.comm, &status);
      flag = 1;
    } else {
      PMPI_Iprobe(MPI_ANY_SOURCE, kVerdictTag, family.comm, &flag, &status);
    }
    if (!flag)
      return;
    TakeVerdict(status.MPI_SOURCE);
  }
}

// Clone: frees the answers MPI has finished sending.
void ReapAnswers(bool wait) {
  uptr live = 0;
  for (uptr i = 0; i < answers.size(); i++) {
    int done = 0;
    if (wait)
      PMPI_Wait(&answers[i].request, MPI_STATUS_IGNORE), done = 1;
    else
      PMPI_Test(&answers[i].request, &done, MPI_STATUS_IGNORE);
    if (done)
      RuntimeFree(answers[i].memory);
    else
      answers[live++] = answers[i];
  }
  answers.resize(live);
}

void SendAnswer(void *memory, MPI_Count size, int tag) {
  struct Answer a = {MPI_REQUEST_NULL, memory};
  if (PMPI_Isend_c(memory, size, MPI_BYTE, 0, tag, family.comm, &a.request) !=
      MPI_SUCCESS)
    Fail("SendCheck", "a clone could not answer its parent");
  answers.push_back(a);
}

} // namespace

void SendCheck(const char *call, const BufferArg *buffers, int n) {
  if (!InFamily())
    return;
  bool sends_data = false;
  for (int i = 0; i < n; i++)
    sends_data |=
        !LibraryWrites(buffers[i].role) && buffers[i].buf != MPI_IN_PLACE;
  if (!sends_data)
    return;
  MPI_Count size = 0;
  char *data = Pack(buffers, n, &size);
  u64 mine = Hash(data, size), parents = mine;
  u64 seq = ++sends;
  if (PMPI_Bcast(&parents, 1, MPI_UINT64_T, 0, family.comm) != MPI_SUCCESS)
    Fail(call, "the broadcast of a send-buffer hash failed");
  if (!IsClone()) {
    MpiCall *current = CurrentMpiCall();
    KeptSend k = {seq,  call, current ? current->Stack() : 0,
                  data, size, family.num_clones};
    kept.push_back(k);
    kept_bytes += size;
    TakeVerdicts(false, 0);
    while (kept_bytes > kMaxKeptBytes || kept.size() > kMaxKeptSends)
      TakeVerdicts(true, kept.size() - 1);
    return;
  }
  Verdict *v = (Verdict *)RuntimeAlloc(sizeof(Verdict));
  v->seq = seq;
  v->same = mine == parents;
  v->size = size;
  SendAnswer(v, sizeof(*v), kVerdictTag);
  if (v->same)
    RuntimeFree(data);
  else
    SendAnswer(data, size, kDataTag); // the parent shows where the bytes differ
  ReapAnswers(false);
}

void FinishSendCheck() {
  if (!InFamily())
    return;
  if (IsClone())
    ReapAnswers(true);
  else
    TakeVerdicts(true, 0);
}

} // namespace clone
} // namespace mpisync
