// The request table of a parent and its clones (clone_requests.h).
#include "clone/clone_requests.h"
#include "mpisync_alloc.h"

#include "mpisync_mpi_family.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

DenseMap<MPI_Request, RequestEntry *> *table;

DenseMap<MPI_Request, RequestEntry *> &Table() {
  if (!table)
    table = new (RuntimeAlloc(sizeof(*table)))
        DenseMap<MPI_Request, RequestEntry *>();
  return *table;
}

// A clone's stand-in handles (StandInRequest: values the MPI never hands
// out), counted up, skipping live ones.
unsigned next_stand_in;

bool Predefined(MPI_Datatype type) {
  int ni, na, nd, combiner = MPI_COMBINER_NAMED;
  PMPI_Type_get_envelope(type, &ni, &na, &nd, &combiner);
  return combiner == MPI_COMBINER_NAMED;
}

void FreeEntry(RequestEntry *e) {
  for (int i = 0; i < e->num_buffers; i++)
    if (e->buffers[i].datatype != MPI_DATATYPE_NULL &&
        !Predefined(e->buffers[i].datatype))
      PMPI_Type_free(&e->buffers[i].datatype);
  if (e->buffers)
    RuntimeFree(e->buffers);
  RuntimeFree(e);
}

MPI_Count ReceivedCount(const BufferArg &b, const MPI_Status *status) {
  MPI_Count count = b.count;
  if (status && PMPI_Get_count_c(status, b.datatype, &count) == MPI_SUCCESS &&
      count != MPI_UNDEFINED && count <= b.count)
    return count;
  return b.count;
}

} // namespace

MPI_Request NewCloneRequest() {
  for (;;) {
    MPI_Request r = StandInRequest(next_stand_in++);
    if (!Table().find(r))
      return r;
  }
}

void RegisterRequest(MPI_Request handle, const CallArgs &call) {
  if (handle == MPI_REQUEST_NULL)
    return;
  ForgetRequest(handle); // a handle MPI reused
  RequestEntry *e = (RequestEntry *)RuntimeAlloc(sizeof(RequestEntry));
  e->persistent = call.kind == CallKind::kPersistent;
  e->collective = call.collective;
  e->active = !e->persistent;
  e->to_proc_null = call.dest == MPI_PROC_NULL;
  e->num_buffers = call.num_buffers;
  e->buffers = nullptr;
  if (call.num_buffers) {
    e->buffers =
        (BufferArg *)RuntimeAlloc(sizeof(BufferArg) * call.num_buffers);
    for (int i = 0; i < call.num_buffers; i++) {
      e->buffers[i] = call.buffers[i];
      // The program may free the datatype while the operation is pending.
      MPI_Datatype t = call.buffers[i].datatype;
      if (t != MPI_DATATYPE_NULL && !Predefined(t))
        PMPI_Type_dup(t, &e->buffers[i].datatype);
    }
  }
  Table()[handle] = e;
}

RequestEntry *FindRequest(MPI_Request handle) {
  if (handle == MPI_REQUEST_NULL)
    return nullptr;
  auto *found = Table().find(handle);
  return found ? found->second : nullptr;
}

void ForgetRequest(MPI_Request handle) {
  RequestEntry *e = FindRequest(handle);
  if (!e)
    return;
  Table().erase(handle);
  FreeEntry(e);
}

void AddReceived(Mirror *m, const RequestEntry &e, const MPI_Status *status) {
  AddReceivedBuffers(m, e.buffers, e.num_buffers, e.collective, status);
}

bool AnyLibraryWrites(const BufferArg *buffers, int n) {
  for (int i = 0; i < n; i++)
    if (LibraryWrites(buffers[i].role))
      return true;
  return false;
}

void AddReceivedBuffers(Mirror *m, const BufferArg *buffers, int n,
                        bool collective, const MPI_Status *status) {
  for (int i = 0; i < n; i++) {
    const BufferArg &b = buffers[i];
    if (!LibraryWrites(b.role) || b.buf == MPI_IN_PLACE)
      continue;
    m->Add(b.buf, collective ? b.count : ReceivedCount(b, status), b.datatype);
  }
}

void CompleteRequest(MPI_Request *slot, MPI_Request handle) {
  RequestEntry *e = FindRequest(handle);
  if (e && e->persistent) {
    e->active = false;
    return;
  }
  ForgetRequest(handle);
  if (IsClone() && slot)
    *slot = MPI_REQUEST_NULL;
}

} // namespace clone
} // namespace mpisync
