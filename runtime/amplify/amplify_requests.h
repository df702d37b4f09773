// Requests under amplify. A held operation has not reached MPI yet, so the
// program gets a proxy: a generalized request (MPI 4.1 section 13.2) that
// the layer completes when the real operation does. Receives reach MPI at
// once (into a bounce buffer) and keep their real handle. Either way the
// layer keeps a record per handle the program holds; the Wait/Test family
// translates proxies to the real requests, and delivers bounced data at the
// call that completes the receive.
#ifndef MPISYNC_AMPLIFY_REQUESTS_H
#define MPISYNC_AMPLIFY_REQUESTS_H

#include <mpi.h>

#include "amplify_bounce.h"
#include "amplify_internal.h"
#include "mpisync_collectives.h"

namespace mpisync {
namespace amplify {

enum class ReqKind : u8 {
  kSend,           // held Isend/Ibsend/Issend/Irsend (proxy)
  kRecv,           // Irecv/Imrecv into a bounce buffer (real handle)
  kColl,           // held nonblocking collective (proxy)
  kPersistentColl, // persistent collective: MPI_Start held (real handle)
  kPersistentSend, // persistent send: MPI_Start held (real handle)
  kPersistentRecv, // persistent receive into a bounce buffer (real handle)
  kRma             // R* RMA operation (proxy)
};

enum class SendMode : u8 { kStandard, kBuffered, kSync, kReady };

struct SendArgs {
  SendMode mode;
  const void *buf;
  MPI_Count count;
  MPI_Datatype type; // kept
  int dest, tag;
  MPI_Comm comm;
};

// A held collective start (amplify_coll.h): the call itself, made by
// `issue` with the receive buffer and the request filled in, and the
// duplicated datatypes it uses (freed once it is issued).
struct HeldCall {
  int (*issue)(void *closure, void *recv, MPI_Request *real);
  void (*release)(void *closure);
  void *closure;
  void *recvbuf; // where the call receives when there is no bounce buffer
  CollectiveKind kind;
  MPI_Comm comm;
  MPI_Datatype types[2];  // kept scalar datatypes
  MPI_Datatype *lists[2]; // kept per-peer datatypes (w forms)
  int list_len[2];
};

struct HeldRma;

struct AmpRequest {
  AmpRequest *next_held; // the held queue, in program order
  MPI_Request user;      // the handle the program holds
  MPI_Request real;      // in MPI (MPI_REQUEST_NULL while held)
  ReqKind kind;
  bool held;
  bool proxy;     // `user` is the layer's generalized request
  bool delivered; // the bounce was delivered (MPI_Request_get_status)
  bool detached;  // freed by the program while active
  int issue_rc;   // what MPI said when the held operation was issued
  Bounce bounce;
  SendArgs send;
  HeldCall call;
  bool active;          // persistent collective: started and not yet completed
  HeldRma *rma;         // kRma: the held operation, null once completed
  bool proxy_completed; // MPI_Grequest_complete was called
};

// A new record; with `proxy`, `user` becomes a fresh generalized request.
AmpRequest *NewRequest(ReqKind kind, bool proxy);
// The record the program's handle `user` names, or null.
AmpRequest *FindRequest(MPI_Request user);
// Registers `req` under req->user (after MPI filled in a real handle).
void RegisterRequest(AmpRequest *req);
// Forgets the record, frees the proxy and the bounce buffer.
void DeleteRequest(AmpRequest *req);
// Appends to the held queue; IssueHeld() hands it to MPI.
void HoldRequest(AmpRequest *req);
// Completes the proxy of `req` for MPI (the real operation is done).
void CompleteProxy(AmpRequest *req);
// Collective records deliver their whole receive layout at completion.
bool IsCollective(const AmpRequest *req);

// The layer's Wait/Test family, MPI_Request_free, MPI_Cancel,
// MPI_Request_get_status, MPI_Start(all).
void InstallRequestCalls(MpiNext *next);
// MPI_Finalize: finishes receives the program freed while active.
void FinishDetached();

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_REQUESTS_H
