// SendCheck (clone_sendcheck.h): hash, gather in the family, and on a
// difference the diverging clone's packed data for the parent's report.
#include "clone/clone_sendcheck.h"

#include "clone/clone_report.h"
#include "clone/clone_state.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

// Tag of the diverging clone's data: the family communicator carries
// nothing else point to point.
constexpr int kDivergenceTag = 1;

// The send buffers packed into one contiguous message (what MPI would
// send, gaps of derived datatypes left out).
struct Packed {
  char *data = nullptr;
  MPI_Count size = 0;
  ~Packed() {
    if (data)
      InternalFree(data);
  }
};

void Pack(const BufferArg *buffers, int n, Packed *out) {
  MPI_Count total = 0;
  for (int i = 0; i < n; i++) {
    const BufferArg &b = buffers[i];
    if (b.role != BufferRole::kSend || b.buf == MPI_IN_PLACE || b.count <= 0)
      continue;
    MPI_Count size = 0;
    if (PMPI_Pack_size_c(b.count, b.datatype, MPI_COMM_SELF, &size) == MPI_SUCCESS)
      total += size;
  }
  out->data = (char *)InternalAlloc(total ? total : 1);
  MPI_Count position = 0;
  for (int i = 0; i < n; i++) {
    const BufferArg &b = buffers[i];
    if (b.role != BufferRole::kSend || b.buf == MPI_IN_PLACE || b.count <= 0)
      continue;
    PMPI_Pack_c(b.buf, b.count, b.datatype, out->data, total, &position,
                MPI_COMM_SELF);
  }
  out->size = position;
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

} // namespace

void SendCheck(const char *call, const BufferArg *buffers, int n) {
  if (!InFamily())
    return;
  bool sends = false;
  for (int i = 0; i < n; i++)
    sends |= buffers[i].role == BufferRole::kSend && buffers[i].buf != MPI_IN_PLACE;
  if (!sends)
    return;
  Packed packed;
  Pack(buffers, n, &packed);
  u64 mine = Hash(packed.data, packed.size);
  int members = family.num_clones + 1;
  InternalMmapVector<u64> hashes(members);
  if (PMPI_Allgather(&mine, 1, MPI_UINT64_T, hashes.data(), 1, MPI_UINT64_T,
                     family.comm) != MPI_SUCCESS)
    Fail(call, "the exchange of send-buffer hashes failed");
  if (IsClone()) {
    // Only a diverging clone sends: its data, for the parent's report.
    if (mine != hashes[0])
      PMPI_Send_c(packed.data, packed.size, MPI_BYTE, 0, kDivergenceTag,
                  family.comm);
    return;
  }
  for (int c = 1; c < members; c++) {
    if (hashes[c] == mine)
      continue;
    MPI_Status status;
    PMPI_Probe(c, kDivergenceTag, family.comm, &status);
    MPI_Count size = 0;
    PMPI_Get_count_c(&status, MPI_BYTE, &size);
    char *theirs = (char *)InternalAlloc(size ? size : 1);
    PMPI_Recv_c(theirs, size, MPI_BYTE, c, kDivergenceTag, family.comm,
                MPI_STATUS_IGNORE);
    Divergence d;
    d.call = call;
    d.clone = c;
    d.parent_size = packed.size;
    d.clone_size = size;
    MPI_Count common = size < packed.size ? size : packed.size;
    for (MPI_Count i = 0; i < common; i++) {
      if (packed.data[i] == theirs[i])
        continue;
      if (d.first < 0)
        d.first = i;
      d.last = i;
      d.differing++;
    }
    if (d.first >= 0) {
      d.parent_byte = (u8)packed.data[d.first];
      d.clone_byte = (u8)theirs[d.first];
    }
    InternalFree(theirs);
    ReportCloneDivergence(d);
  }
}

} // namespace clone
} // namespace mpisync
