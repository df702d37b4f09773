// Communicators shared by the windows of one group (mpisync_rma_channel.h).
#include "mpisync_rma_channel.h"
#include "mpisync_alloc.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// Few: one per distinct group that has live windows.
InternalMmapVectorNoCtor<WinChannel *> channels;

bool SameGroup(const WinChannel *c, const int *world_ranks, int size) {
  if (c->size != size)
    return false;
  for (int i = 0; i < size; i++)
    if (c->world_ranks[i] != world_ranks[i])
      return false;
  return true;
}

} // namespace

WinChannel *AcquireChannel(MPI_Comm comm, const int *world_ranks, int size,
                           u64 *serial) {
  WinChannel *c = nullptr;
  for (uptr i = 0; i < channels.size() && !c; i++)
    if (SameGroup(channels[i], world_ranks, size))
      c = channels[i];
  if (!c) {
    c = static_cast<WinChannel *>(RuntimeAlloc(sizeof(WinChannel)));
    internal_memset(c, 0, sizeof(*c));
    c->size = size;
    c->world_ranks = static_cast<int *>(RuntimeAlloc(sizeof(int) * size));
    internal_memcpy(c->world_ranks, world_ranks, sizeof(int) * size);
    PMPI_Comm_dup(comm, &c->comm);
    PMPI_Comm_rank(c->comm, &c->rank);
    c->vc = static_cast<u64 *>(RuntimeAlloc(sizeof(u64) * size));
    internal_memset(c->vc, 0, sizeof(u64) * size);
    // Without it only the lock clocks are lost (mpisync_rma_clock.cpp), so
    // a library that cannot make one must not abort the program: Open MPI
    // 4.1 on one node has only osc pt2pt for dynamic windows, which refuses
    // MPI_THREAD_MULTIPLE.
    PMPI_Comm_set_errhandler(c->comm, MPI_ERRORS_RETURN);
    if (PMPI_Win_create_dynamic(MPI_INFO_NULL, c->comm, &c->clock_win) !=
        MPI_SUCCESS)
      c->clock_win = MPI_WIN_NULL;
    channels.push_back(c);
  }
  c->users++;
  *serial = c->next_serial++;
  return c;
}

void ReleaseChannel(WinChannel *c) {
  if (--c->users > 0)
    return;
  // Creation order is kept: collectives visit channels in it, and every
  // member of two channels must visit them in the same order.
  for (uptr i = 0; i < channels.size(); i++)
    if (channels[i] == c) {
      for (uptr j = i + 1; j < channels.size(); j++)
        channels[j - 1] = channels[j];
      channels.pop_back();
      break;
    }
  if (c->clock_win != MPI_WIN_NULL)
    PMPI_Win_free(&c->clock_win);
  PMPI_Comm_free(&c->comm);
  RuntimeFree(c->world_ranks);
  RuntimeFree(c->vc);
  RuntimeFree(c);
}

uptr NumChannels() { return channels.size(); }
WinChannel *ChannelAt(uptr i) { return channels[i]; }

int WindowTagBase(u64 serial) {
  // MPI guarantees tags up to 32767 at least; MPICH offers far more. Live
  // windows of one group whose numbers differ by a multiple of the tag
  // space would share tags: with MPICH's bound that takes 2^25 windows.
  static int tag_ub = 0;
  if (tag_ub == 0) {
    int *ub = nullptr, flag = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
    tag_ub = flag && ub && *ub > 32767 ? *ub : 32767;
  }
  u64 windows = (u64)tag_ub / kTagsPerWindow - 1;
  return (int)(serial % windows + 1) * kTagsPerWindow;
}

} // namespace mpisync
