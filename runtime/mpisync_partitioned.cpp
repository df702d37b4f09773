// Partitioned communication (MPI 4.1 chapter 4): a send partition is the
// program's until MPI_Pready hands it to MPI, and MPI's until the request
// completes; a receive partition is MPI's from MPI_Start until it has
// arrived (MPI_Parrived) or the request completes.
#include "mpisync_mpi_hooks.h"

#include "mpisync_datatype.h"
#include "mpisync_sampling.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {

void OnPartitionedInit(MpiCall &call, int rc, const MPI_Request *request,
                       BufferRole role, const void *buf, MPI_Count partitions,
                       MPI_Count count, MPI_Datatype datatype, int clock_peer) {
  if (rc != MPI_SUCCESS || !request || *request == MPI_REQUEST_NULL)
    return;
  if (!SampleOperation()) // every start of it goes unchecked
    return RegisterUntrackedOp(request, call.name(), /*persistent=*/true);
  MPI_Aint lb = 0, extent = 0;
  if (PMPI_Type_get_extent(datatype, &lb, &extent) != MPI_SUCCESS)
    return;
  StateLock lock(&StateMutex());
  PendingOp *op = NewOp(call.name(), /*persistent=*/true);
  op->partitioned = true;
  for (MPI_Count i = 0; i < partitions; i++)
    AddBuffer(op, role,
              static_cast<const char *>(buf) + i * count * extent, count,
              datatype);
  op->create_stack = call.Stack();
  op->send_clock_peer = clock_peer;
  RegisterOp(op, *request);
}

void ArmPartitionsForStart(PendingOp *op) {
  // Send partitions wait for MPI_Pready; receive partitions are MPI's.
  for (uptr i = 0; i < op->num_buffers; i++) {
    op->buffers[i].armed = LibraryWrites(op->buffers[i].role);
    op->buffers[i].armed_stack = 0;
  }
}

void OnPready(MpiCall &call, int rc, MPI_Request request, MPI_Count low,
              MPI_Count high) {
  if (rc != MPI_SUCCESS)
    return;
  StateLock lock(&StateMutex());
  PendingOp *op = FindOp(request);
  if (!op || !op->partitioned)
    return;
  u8 by = 0;
  for (uptr k = 0; k < sizeof(kPreadyCalls) / sizeof(kPreadyCalls[0]); k++)
    if (!internal_strcmp(call.name(), kPreadyCalls[k]))
      by = (u8)k;
  for (MPI_Count i = low; i <= high; i++) {
    if (i < 0 || (uptr)i >= op->num_buffers)
      continue;
    if (!op->buffers[i].armed) { // reports name this call
      op->buffers[i].armed_stack = call.Stack();
      op->buffers[i].armed_by = by;
    }
    ArmBuffer(op, (uptr)i);
  }
}

void OnPreadyList(MpiCall &call, int rc, MPI_Request request, int length,
                  const int *partitions) {
  if (!partitions)
    return;
  for (int k = 0; k < length; k++)
    OnPready(call, rc, request, partitions[k], partitions[k]);
}

void OnParrived(MpiCall &, int rc, MPI_Request request, MPI_Count partition,
                const int *flag) {
  if (rc != MPI_SUCCESS || !flag || !*flag || partition < 0)
    return;
  StateLock lock(&StateMutex());
  PendingOp *op = FindOp(request);
  if (op && op->partitioned)
    DisarmBuffer(op, (uptr)partition);
}

} // namespace mpisync
