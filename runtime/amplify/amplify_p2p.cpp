// Point-to-point starts under amplify. A nonblocking or persistent send is
// held: its data is taken when the layer issues it, at the rank's next call
// that may block or poll (IssueHeld), at the latest in the call that
// completes it, so a send buffer written before completion sends the new
// data (MPI 4.1 section 3.7.2: the send buffer may not be modified until the
// send completes). A receive is posted at once into a bounce buffer while
// the program's buffer holds the poison (amplify_bounce.h).
#include "amplify_requests.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

// MPI checks a call's arguments when it is made; a held call is made later.
// So the layer first makes the same call to MPI_PROC_NULL (which completes
// at once and moves no data): MPI's answer to it is the call's answer.
int ProbeSend(const void *buf, MPI_Count count, MPI_Datatype datatype, int tag,
              MPI_Comm comm) {
  MPI_Request probe = MPI_REQUEST_NULL;
  int rc =
      below.MPI_Isend_c(buf, count, datatype, MPI_PROC_NULL, tag, comm, &probe);
  if (rc == MPI_SUCCESS)
    below.MPI_Wait(&probe, MPI_STATUS_IGNORE);
  return rc;
}

int ProbeRecv(void *buf, MPI_Count count, MPI_Datatype datatype, int tag,
              MPI_Comm comm) {
  MPI_Request probe = MPI_REQUEST_NULL;
  int rc =
      below.MPI_Irecv_c(buf, count, datatype, MPI_PROC_NULL, tag, comm, &probe);
  if (rc == MPI_SUCCESS)
    below.MPI_Wait(&probe, MPI_STATUS_IGNORE);
  return rc;
}

// A destination MPI will accept: the layer holds only those.
bool ValidPeer(int peer, MPI_Comm comm) {
  int inter = 0, size = 0;
  if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS)
    return false;
  if ((inter ? PMPI_Comm_remote_size(comm, &size)
             : PMPI_Comm_size(comm, &size)) != MPI_SUCCESS)
    return false;
  return peer >= 0 && peer < size;
}

template <SendMode kMode, typename CountT>
int AmpIsend(const void *buf, CountT count, MPI_Datatype datatype, int dest,
             int tag, MPI_Comm comm, MPI_Request *request) {
  if (!request || count < 0 || comm == MPI_COMM_NULL || !TypeUsable(datatype) ||
      !ValidPeer(dest, comm) ||
      ProbeSend(buf, count, datatype, tag, comm) != MPI_SUCCESS) {
    // Nothing to hold (or MPI's error to report): straight through.
    IssueHeld();
    switch (kMode) {
    case SendMode::kBuffered:
      return below.MPI_Ibsend_c(buf, count, datatype, dest, tag, comm, request);
    case SendMode::kSync:
      return below.MPI_Issend_c(buf, count, datatype, dest, tag, comm, request);
    case SendMode::kReady:
      return below.MPI_Irsend_c(buf, count, datatype, dest, tag, comm, request);
    default:
      return below.MPI_Isend_c(buf, count, datatype, dest, tag, comm, request);
    }
  }
  AmpRequest *req = NewRequest(ReqKind::kSend, /*proxy=*/true);
  req->send.mode = kMode;
  req->send.buf = buf;
  req->send.count = count;
  req->send.type = KeepType(datatype);
  req->send.dest = dest;
  req->send.tag = tag;
  req->send.comm = comm;
  HoldRequest(req);
  Count(kStatHeldSends);
  *request = req->user;
  return MPI_SUCCESS;
}

// A receive whose data lands in a bounce buffer first (BounceCreate), or
// null when the receive goes straight to the program's buffer.
template <typename CountT>
AmpRequest *NewBouncedRecv(ReqKind kind, bool bounce, void *buf, CountT count,
                           MPI_Datatype datatype) {
  if (!bounce)
    return nullptr;
  AmpRequest *req = NewRequest(kind, /*proxy=*/false);
  if (BounceCreate(&req->bounce, buf, count, datatype))
    return req;
  DeleteRequest(req);
  return nullptr;
}

// After the library started (or set up) the bounced receive: the program
// gets the library's handle. `poison`: the program's buffer is filled with
// a pattern until the data is copied in (not for persistent receives,
// whose buffer the program may use until they start).
int FinishBouncedRecv(AmpRequest *req, int rc, MPI_Request *request,
                      bool poison) {
  if (rc != MPI_SUCCESS) {
    DeleteRequest(req);
    return rc;
  }
  if (poison)
    BouncePoison(&req->bounce);
  req->user = *request = req->real;
  RegisterRequest(req);
  return rc;
}

// Whether a receive from `source` can be bounced.
template <typename CountT>
bool BounceableRecv(MPI_Request *request, void *buf, CountT count,
                    MPI_Datatype datatype, int source, int tag, MPI_Comm comm) {
  return request && source != MPI_PROC_NULL && comm != MPI_COMM_NULL &&
         TypeUsable(datatype) &&
         ProbeRecv(buf, count, datatype, tag, comm) == MPI_SUCCESS;
}

template <typename CountT>
int AmpIrecv(void *buf, CountT count, MPI_Datatype datatype, int source,
             int tag, MPI_Comm comm, MPI_Request *request) {
  AmpRequest *req = NewBouncedRecv(
      ReqKind::kRecv,
      BounceableRecv(request, buf, count, datatype, source, tag, comm), buf,
      count, datatype);
  if (!req)
    return below.MPI_Irecv_c(buf, count, datatype, source, tag, comm, request);
  int rc = below.MPI_Irecv_c(req->bounce.Target(), count, datatype, source, tag,
                             comm, &req->real);
  return FinishBouncedRecv(req, rc, request, /*poison=*/true);
}

template <typename CountT>
int AmpImrecv(void *buf, CountT count, MPI_Datatype datatype,
              MPI_Message *message, MPI_Request *request) {
  AmpRequest *req =
      NewBouncedRecv(ReqKind::kRecv,
                     request && message && *message != MPI_MESSAGE_NO_PROC &&
                         *message != MPI_MESSAGE_NULL && TypeUsable(datatype),
                     buf, count, datatype);
  if (!req)
    return below.MPI_Imrecv_c(buf, count, datatype, message, request);
  int rc = below.MPI_Imrecv_c(req->bounce.Target(), count, datatype, message,
                              &req->real);
  return FinishBouncedRecv(req, rc, request, /*poison=*/true);
}

template <SendMode kMode, typename CountT>
int AmpSendInit(const void *buf, CountT count, MPI_Datatype datatype, int dest,
                int tag, MPI_Comm comm, MPI_Request *request) {
  int rc;
  switch (kMode) {
  case SendMode::kBuffered:
    rc = below.MPI_Bsend_init_c(buf, count, datatype, dest, tag, comm, request);
    break;
  case SendMode::kSync:
    rc = below.MPI_Ssend_init_c(buf, count, datatype, dest, tag, comm, request);
    break;
  case SendMode::kReady:
    rc = below.MPI_Rsend_init_c(buf, count, datatype, dest, tag, comm, request);
    break;
  default:
    rc = below.MPI_Send_init_c(buf, count, datatype, dest, tag, comm, request);
  }
  if (rc != MPI_SUCCESS || !request || dest == MPI_PROC_NULL)
    return rc;
  AmpRequest *req = NewRequest(ReqKind::kPersistentSend, /*proxy=*/false);
  req->user = req->real = *request;
  RegisterRequest(req);
  return rc;
}

template <typename CountT>
int AmpRecvInit(void *buf, CountT count, MPI_Datatype datatype, int source,
                int tag, MPI_Comm comm, MPI_Request *request) {
  AmpRequest *req = NewBouncedRecv(
      ReqKind::kPersistentRecv,
      BounceableRecv(request, buf, count, datatype, source, tag, comm), buf,
      count, datatype);
  if (!req)
    return below.MPI_Recv_init_c(buf, count, datatype, source, tag, comm,
                                 request);
  int rc = below.MPI_Recv_init_c(req->bounce.Target(), count, datatype, source,
                                 tag, comm, &req->real);
  return FinishBouncedRecv(req, rc, request, /*poison=*/false);
}

} // namespace

void InstallP2pCalls(MpiNext *next) {
  next->MPI_Isend = AmpIsend<SendMode::kStandard, int>;
  next->MPI_Isend_c = AmpIsend<SendMode::kStandard, MPI_Count>;
  next->MPI_Ibsend = AmpIsend<SendMode::kBuffered, int>;
  next->MPI_Ibsend_c = AmpIsend<SendMode::kBuffered, MPI_Count>;
  next->MPI_Issend = AmpIsend<SendMode::kSync, int>;
  next->MPI_Issend_c = AmpIsend<SendMode::kSync, MPI_Count>;
  next->MPI_Irsend = AmpIsend<SendMode::kReady, int>;
  next->MPI_Irsend_c = AmpIsend<SendMode::kReady, MPI_Count>;
  next->MPI_Irecv = AmpIrecv<int>;
  next->MPI_Irecv_c = AmpIrecv<MPI_Count>;
  next->MPI_Imrecv = AmpImrecv<int>;
  next->MPI_Imrecv_c = AmpImrecv<MPI_Count>;
  next->MPI_Send_init = AmpSendInit<SendMode::kStandard, int>;
  next->MPI_Send_init_c = AmpSendInit<SendMode::kStandard, MPI_Count>;
  next->MPI_Bsend_init = AmpSendInit<SendMode::kBuffered, int>;
  next->MPI_Bsend_init_c = AmpSendInit<SendMode::kBuffered, MPI_Count>;
  next->MPI_Ssend_init = AmpSendInit<SendMode::kSync, int>;
  next->MPI_Ssend_init_c = AmpSendInit<SendMode::kSync, MPI_Count>;
  next->MPI_Rsend_init = AmpSendInit<SendMode::kReady, int>;
  next->MPI_Rsend_init_c = AmpSendInit<SendMode::kReady, MPI_Count>;
  next->MPI_Recv_init = AmpRecvInit<int>;
  next->MPI_Recv_init_c = AmpRecvInit<MPI_Count>;
}

} // namespace amplify
} // namespace mpisync
