// MPISync's own messages between the members of a window
// (mpisync_rma_transport.h).
#include "mpisync_rma_transport.h"
#include "mpisync_alloc.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {

bool SendBytes(Window *w, int to, int tag, const void *data, uptr size) {
  return SendBytesWithMpiTag(w, to, WinTag(w, tag), data, size);
}

bool SendBytesWithMpiTag(Window *w, int to, int mpi_tag, const void *data,
                         uptr size) {
  char *copy = static_cast<char *>(RuntimeAlloc(size ? size : 1));
  internal_memcpy(copy, data, size);
  MPI_Request req;
  if (PMPI_Isend(copy, (int)size, MPI_BYTE, to, mpi_tag, w->comm, &req) !=
      MPI_SUCCESS) {
    RuntimeFree(copy);
    return false;
  }
  w->send_requests.push_back(req);
  w->send_buffers.push_back(copy);
  // Completed sends are released as new ones are added.
  if (w->send_requests.size() >= 64) {
    uptr k = 0;
    for (uptr i = 0; i < w->send_requests.size(); i++) {
      int done = 0;
      PMPI_Test(&w->send_requests[i], &done, MPI_STATUS_IGNORE);
      if (done) {
        RuntimeFree(w->send_buffers[i]);
        continue;
      }
      w->send_requests[k] = w->send_requests[i];
      w->send_buffers[k++] = w->send_buffers[i];
    }
    w->send_requests.resize(k);
    w->send_buffers.resize(k);
  }
  return true;
}

void WaitSends(Window *w) {
  if (!w->send_requests.empty())
    PMPI_Waitall((int)w->send_requests.size(), w->send_requests.data(),
                 MPI_STATUSES_IGNORE);
  for (uptr i = 0; i < w->send_buffers.size(); i++)
    RuntimeFree(w->send_buffers[i]);
  w->send_requests.clear();
  w->send_buffers.clear();
}

} // namespace mpisync
