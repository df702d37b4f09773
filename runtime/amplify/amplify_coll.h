// Nonblocking and persistent collectives under amplify. Every collective
// with buffers reaches the layer through a shim generated from
// mpi_calls.tbl (gen_mpi_wrappers.py,
// build/runtime/mpisync_amplify_entries.cpp) that describes the call with the
// detector's own buffer description (DescribeCollective: which blocks of which
// buffers this rank sends from and receives into) and hands over the call
// itself with its receive buffer left open. So one rule serves all collectives:
//   - the receive blocks get one bounce buffer of the same layout and the
//     program's blocks hold the poison until the completing call (MPI 4.1
//     section 6.12: buffers of a pending collective may not be accessed);
//   - a nonblocking start is held like a send, so the send data is read when
//     the layer issues it; a persistent collective binds the bounce buffer at
//     its MPI_X_init, and each MPI_Start of it is held the same way.
// With MPI_IN_PLACE the receive buffer holds the input: read late, not
// poisoned. Collectives on intercommunicators, or whose datatypes the layer
// cannot query, go to MPI at once (after what is held).
#ifndef MPISYNC_AMPLIFY_COLL_H
#define MPISYNC_AMPLIFY_COLL_H

#include <mpi.h>

#include "amplify_requests.h"
#include "mpisync_alloc.h"
#include "mpisync_collectives.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_placement_new.h"

namespace mpisync {
namespace amplify {

// One call of a nonblocking or persistent collective, as the shim sees it.
struct CollStart {
  const char *name;
  CollectiveKind kind;
  const BufferArg *buffers; // DescribeCollective's list for this rank
  int num_buffers;
  const void *sendbuf; // MPI_IN_PLACE: the receive buffer holds the input
  void *recvbuf;       // what the receive layout is relative to (bcast: buffer)
  MPI_Comm comm;
  MPI_Request *request;
};

// A nonblocking start: the record of the held call (bounce buffer set up and
// poisoned), or null when the layer passes the call to MPI at once (it has
// then issued what it holds, so the call keeps its place in program order).
AmpRequest *BeginHold(const CollStart &c);
// Duplicates of the call's datatypes that stay valid until it is issued;
// `send` says which of the call's per-peer arrays `types` is.
MPI_Datatype KeepType(AmpRequest *held, MPI_Datatype type);
const MPI_Datatype *KeepTypes(AmpRequest *held, const MPI_Datatype *types,
                              bool send);
// Holds the call: `issue(recv, real)` makes it, receiving into `recv`.
int HoldCall(AmpRequest *held, MPI_Request *request);
template <typename F>
int FinishHold(AmpRequest *held, const F &issue, MPI_Request *request) {
  HeldCall &h = held->call;
  h.closure = new (RuntimeAlloc(sizeof(F))) F(issue);
  h.issue = [](void *closure, void *recv, MPI_Request *real) {
    return (*static_cast<F *>(closure))(recv, real);
  };
  h.release = [](void *closure) {
    static_cast<F *>(closure)->~F();
    RuntimeFree(closure);
  };
  return HoldCall(held, request);
}

// A persistent collective's MPI_X_init: the record to register (null: the
// layer leaves the request alone); `*recv` becomes the bounce buffer MPI is
// to bind instead of the program's receive buffer.
AmpRequest *BeginPersistent(const CollStart &c, void **recv);
// After MPI's MPI_X_init returned `rc`: registers the request.
int EndPersistent(AmpRequest *req, int rc, MPI_Request *request);

// The calls the generated shims cover (without _c), null-terminated.
extern const char *const kAmplifiedCollectives[];
void InstallGeneratedCollectives(MpiNext *next);

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_COLL_H
