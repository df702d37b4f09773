// Request records, the held queue and the Wait/Test family of the amplify
// layer (amplify_requests.h).
#include "amplify_requests.h"
#include "mpisync_alloc.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

int IssueCollective(AmpRequest *req); // amplify_coll.cpp
void ReleaseCall(HeldCall *call);     // amplify_coll.cpp

namespace {

DenseMap<MPI_Request, AmpRequest *> *table;
AmpRequest *held_head, *held_tail;
Mutex issue_mutex;
// Receives the program freed while active: delivered when MPI completes
// them (polled wherever held operations are issued, waited at finalize).
InternalMmapVectorNoCtor<AmpRequest *> detached;

DenseMap<MPI_Request, AmpRequest *> &Table() {
  if (!table)
    table = new (RuntimeAlloc(sizeof(*table)))
        DenseMap<MPI_Request, AmpRequest *>();
  return *table;
}

// The generalized request behind a proxy carries no status of its own: the
// layer hands the real operation's status to the program.
int ProxyQuery(void *, MPI_Status *status) {
  PMPI_Status_set_elements_x(status, MPI_BYTE, 0);
  PMPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_UNDEFINED;
  status->MPI_TAG = MPI_UNDEFINED;
  return MPI_SUCCESS;
}
int ProxyFree(void *) { return MPI_SUCCESS; }
int ProxyCancel(void *, int) { return MPI_SUCCESS; }

// Releases the proxy through PMPI (the program never sees it again).
void ReleaseProxy(AmpRequest *req) {
  if (!req->proxy || req->user == MPI_REQUEST_NULL)
    return;
  CompleteProxy(req);
  MPI_Request h = req->user;
  PMPI_Wait(&h, MPI_STATUS_IGNORE);
  req->proxy = false;
}

int IssueOne(AmpRequest *req) {
  req->held = false;
  switch (req->kind) {
  case ReqKind::kSend: {
    SendArgs &a = req->send;
    int rc;
    switch (a.mode) {
    case SendMode::kBuffered:
      rc = below.MPI_Ibsend_c(a.buf, a.count, a.type, a.dest, a.tag, a.comm,
                              &req->real);
      break;
    case SendMode::kSync:
      rc = below.MPI_Issend_c(a.buf, a.count, a.type, a.dest, a.tag, a.comm,
                              &req->real);
      break;
    case SendMode::kReady:
      rc = below.MPI_Irsend_c(a.buf, a.count, a.type, a.dest, a.tag, a.comm,
                              &req->real);
      break;
    default:
      rc = below.MPI_Isend_c(a.buf, a.count, a.type, a.dest, a.tag, a.comm,
                             &req->real);
    }
    // MPI keeps its own reference to the datatype of a pending operation.
    DropType(a.type);
    a.type = MPI_DATATYPE_NULL;
    return rc;
  }
  case ReqKind::kColl:
    return IssueCollective(req);
  case ReqKind::kPersistentSend:
  case ReqKind::kPersistentColl:
    return below.MPI_Start(&req->real);
  default:
    return MPI_SUCCESS;
  }
}

// Puts what MPI received into the program's buffer, once per completion.
void Deliver(AmpRequest *req, const MPI_Status *status) {
  if (req->delivered)
    return;
  if (IsCollective(req))
    BounceDeliver(&req->bounce, -1);
  else
    BounceDeliverStatus(&req->bounce, status);
  req->delivered = true;
}

void PollDetached() {
  InternalMmapVector<AmpRequest *> pending;
  {
    Lock lock(&TableMutex());
    for (uptr i = 0; i < detached.size(); i++)
      pending.push_back(detached[i]);
    detached.clear();
  }
  for (uptr i = 0; i < pending.size(); i++) {
    AmpRequest *req = pending[i];
    int flag = 0;
    MPI_Status st;
    below.MPI_Test(&req->real, &flag, &st);
    if (!flag) {
      Lock lock(&TableMutex());
      detached.push_back(req);
      continue;
    }
    Deliver(req, &st);
    if (req->kind == ReqKind::kPersistentRecv)
      below.MPI_Request_free(&req->real);
    req->proxy = false;
    DeleteRequest(req);
  }
}

// Moves `req`, freed by the program while active, to the detached list.
void Detach(AmpRequest *req) {
  Lock lock(&TableMutex());
  Table().erase(req->user);
  req->detached = true;
  detached.push_back(req);
}

// One call of the Wait/Test family: the program's handles, translated for
// MPI, and MPI's statuses (the layer needs them even when the program
// passes MPI_STATUS(ES)_IGNORE: they say how much a receive got).
class Batch {
public:
  Batch(int n, MPI_Request *user) : user_(user) {
    if (n <= kSmall) {
      tmp_ = tmp_small_;
      recs_ = recs_small_;
      sts_ = sts_small_;
    } else {
      tmp_ = (MPI_Request *)RuntimeAlloc(n * sizeof(MPI_Request));
      recs_ = (AmpRequest **)RuntimeAlloc(n * sizeof(AmpRequest *));
      sts_ = (MPI_Status *)RuntimeAlloc(n * sizeof(MPI_Status));
    }
    IssueHeld();
    for (int i = 0; i < n; i++) {
      AmpRequest *req = FindRequest(user[i]);
      recs_[i] = req;
      tmp_[i] = user[i];
      if (!req)
        continue;
      if (req->kind == ReqKind::kRma)
        CompleteRmaRequest(req); // MPI then completes the proxy itself
      else if (req->proxy)
        tmp_[i] = req->real;
    }
  }
  ~Batch() {
    if (tmp_ != tmp_small_) {
      RuntimeFree(tmp_);
      RuntimeFree(recs_);
      RuntimeFree(sts_);
    }
  }
  MPI_Request *reqs() { return tmp_; }
  MPI_Status *statuses() { return sts_; }

  // MPI completed request i with `status`.
  // Fields MPI does not set (MPI_ERROR, in most calls: MPI 4.1 section
  // 3.2.5) keep the program's values, as they would without the layer: the
  // program's `n` statuses go in first.
  void Preset(const MPI_Status *user, int n) {
    // Two names, one value in MPICH and Open MPI; the standard keeps them
    // apart.
    if (user == MPI_STATUS_IGNORE)
      return;
    if (user == MPI_STATUSES_IGNORE)
      return;
    for (int i = 0; i < n; i++)
      sts_[i] = user[i];
  }

  void Done(int i, MPI_Status *status) {
    AmpRequest *req = recs_[i];
    if (!req) {
      user_[i] = tmp_[i];
      return;
    }
    switch (req->kind) {
    case ReqKind::kRma:
      req->proxy = false; // MPI freed it
      user_[i] = tmp_[i];
      DeleteRequest(req);
      return;
    case ReqKind::kRecv:
    case ReqKind::kPersistentRecv:
      // An inactive persistent receive (never started, or already
      // completed) completes at once with nothing received.
      if (req->kind == ReqKind::kRecv || req->held)
        Deliver(req, status);
      req->delivered = false;
      req->held = false;
      user_[i] = tmp_[i];
      if (req->kind == ReqKind::kRecv)
        DeleteRequest(req);
      return;
    case ReqKind::kColl:
      Deliver(req, status);
      break;
    case ReqKind::kPersistentColl:
      if (req->active)
        Deliver(req, status);
      req->active = req->delivered = false;
      user_[i] = tmp_[i];
      return;
    case ReqKind::kPersistentSend:
      user_[i] = tmp_[i];
      return;
    default:
      break;
    }
    // A proxy: its real request is done, so is the program's.
    ReleaseProxy(req);
    user_[i] = MPI_REQUEST_NULL;
    DeleteRequest(req);
  }

private:
  static constexpr int kSmall = 8;

  MPI_Request *user_;
  MPI_Request *tmp_, tmp_small_[kSmall];
  AmpRequest **recs_, *recs_small_[kSmall];
  MPI_Status *sts_, sts_small_[kSmall];
};

void CopyStatus(MPI_Status *to, const MPI_Status *from) {
  if (to != MPI_STATUS_IGNORE)
    *to = *from;
}

int AmpWait(MPI_Request *request, MPI_Status *status) {
  if (!request)
    return below.MPI_Wait(request, status);
  Batch b(1, request);
  b.Preset(status, 1);
  int rc = below.MPI_Wait(b.reqs(), b.statuses());
  if (rc == MPI_SUCCESS)
    b.Done(0, b.statuses());
  CopyStatus(status, b.statuses());
  return rc;
}

int AmpTest(MPI_Request *request, int *flag, MPI_Status *status) {
  if (!request || !flag)
    return below.MPI_Test(request, flag, status);
  Batch b(1, request);
  b.Preset(status, 1);
  int rc = below.MPI_Test(b.reqs(), flag, b.statuses());
  if (rc == MPI_SUCCESS && *flag) {
    b.Done(0, b.statuses());
    CopyStatus(status, b.statuses());
  }
  return rc;
}

int AmpWaitall(int count, MPI_Request reqs[], MPI_Status statuses[]) {
  if (count <= 0 || !reqs)
    return below.MPI_Waitall(count, reqs, statuses);
  Batch b(count, reqs);
  b.Preset(statuses, count);
  int rc = below.MPI_Waitall(count, b.reqs(), b.statuses());
  // MPI_ERR_IN_STATUS: the statuses say which requests completed.
  if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS)
    for (int i = 0; i < count; i++)
      if (rc == MPI_SUCCESS || b.statuses()[i].MPI_ERROR != MPI_ERR_PENDING)
        b.Done(i, &b.statuses()[i]);
  if (statuses != MPI_STATUSES_IGNORE)
    for (int i = 0; i < count; i++)
      statuses[i] = b.statuses()[i];
  return rc;
}

int AmpTestall(int count, MPI_Request reqs[], int *flag,
               MPI_Status statuses[]) {
  if (count <= 0 || !reqs || !flag)
    return below.MPI_Testall(count, reqs, flag, statuses);
  Batch b(count, reqs);
  b.Preset(statuses, count);
  int rc = below.MPI_Testall(count, b.reqs(), flag, b.statuses());
  if (rc == MPI_ERR_IN_STATUS)
    for (int i = 0; i < count; i++)
      if (b.statuses()[i].MPI_ERROR != MPI_ERR_PENDING)
        b.Done(i, &b.statuses()[i]);
  if (rc == MPI_SUCCESS && *flag) {
    for (int i = 0; i < count; i++)
      b.Done(i, &b.statuses()[i]);
    if (statuses != MPI_STATUSES_IGNORE)
      for (int i = 0; i < count; i++)
        statuses[i] = b.statuses()[i];
  }
  return rc;
}

int AmpWaitany(int count, MPI_Request reqs[], int *index, MPI_Status *status) {
  if (count <= 0 || !reqs || !index)
    return below.MPI_Waitany(count, reqs, index, status);
  Batch b(count, reqs);
  b.Preset(status, 1);
  int rc = below.MPI_Waitany(count, b.reqs(), index, b.statuses());
  if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED && *index >= 0 &&
      *index < count)
    b.Done(*index, b.statuses());
  if (rc == MPI_SUCCESS)
    CopyStatus(status, b.statuses());
  return rc;
}

int AmpTestany(int count, MPI_Request reqs[], int *index, int *flag,
               MPI_Status *status) {
  if (count <= 0 || !reqs || !index || !flag)
    return below.MPI_Testany(count, reqs, index, flag, status);
  Batch b(count, reqs);
  b.Preset(status, 1);
  int rc = below.MPI_Testany(count, b.reqs(), index, flag, b.statuses());
  if (rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED && *index >= 0 &&
      *index < count)
    b.Done(*index, b.statuses());
  if (rc == MPI_SUCCESS && *flag)
    CopyStatus(status, b.statuses());
  return rc;
}

template <bool kWait>
int AmpSome(int incount, MPI_Request reqs[], int *outcount, int indices[],
            MPI_Status statuses[]) {
  auto call = kWait ? below.MPI_Waitsome : below.MPI_Testsome;
  if (incount <= 0 || !reqs || !outcount || !indices)
    return call(incount, reqs, outcount, indices, statuses);
  Batch b(incount, reqs);
  b.Preset(statuses, incount);
  int rc = call(incount, b.reqs(), outcount, indices, b.statuses());
  if ((rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) ||
      *outcount == MPI_UNDEFINED)
    return rc;
  for (int k = 0; k < *outcount; k++) {
    if (indices[k] >= 0 && indices[k] < incount)
      b.Done(indices[k], &b.statuses()[k]);
    if (statuses != MPI_STATUSES_IGNORE)
      statuses[k] = b.statuses()[k];
  }
  return rc;
}

int AmpRequestGetStatus(MPI_Request request, int *flag, MPI_Status *status) {
  AmpRequest *req = FindRequest(request);
  if (!req)
    return below.MPI_Request_get_status(request, flag, status);
  IssueHeld();
  if (req->kind == ReqKind::kRma) {
    CompleteRmaRequest(req);
    return below.MPI_Request_get_status(request, flag, status);
  }
  MPI_Status st;
  if (status != MPI_STATUS_IGNORE)
    st = *status; // what MPI does not set stays the program's
  int rc =
      below.MPI_Request_get_status(req->proxy ? req->real : request, flag, &st);
  if (rc == MPI_SUCCESS && flag && *flag) {
    // Complete: the data may be read now, so it is delivered now (and not
    // again by the Wait that frees the request).
    bool inactive = (req->kind == ReqKind::kPersistentColl && !req->active) ||
                    (req->kind == ReqKind::kPersistentRecv && !req->held);
    if (!inactive)
      Deliver(req, &st);
    CopyStatus(status, &st);
  }
  return rc;
}

int AmpRequestFree(MPI_Request *request) {
  AmpRequest *req = request ? FindRequest(*request) : nullptr;
  if (!req)
    return below.MPI_Request_free(request);
  IssueHeld();
  int rc = MPI_SUCCESS;
  switch (req->kind) {
  case ReqKind::kRma:
    // The operation still completes at the next synchronization.
    DetachRmaRequest(req);
    ReleaseProxy(req);
    DeleteRequest(req);
    break;
  case ReqKind::kPersistentSend:
  case ReqKind::kPersistentColl:
    rc = below.MPI_Request_free(request);
    DeleteRequest(req);
    break;
  case ReqKind::kPersistentRecv:
    if (req->held) { // started and not completed
      Detach(req);
    } else {
      rc = below.MPI_Request_free(request);
      DeleteRequest(req);
    }
    break;
  default:
    if (req->bounce.used && !req->delivered) {
      // The data must still reach the program's buffer when it arrives.
      ReleaseProxy(req);
      Detach(req);
      req->user = MPI_REQUEST_NULL;
    } else {
      rc = below.MPI_Request_free(&req->real);
      ReleaseProxy(req);
      DeleteRequest(req);
    }
  }
  *request = MPI_REQUEST_NULL;
  return rc;
}

int AmpCancel(MPI_Request *request) {
  AmpRequest *req = request ? FindRequest(*request) : nullptr;
  if (!req)
    return below.MPI_Cancel(request);
  IssueHeld();
  if (req->proxy && req->kind != ReqKind::kRma)
    return below.MPI_Cancel(&req->real);
  return below.MPI_Cancel(request);
}

int AmpStart(MPI_Request *request) {
  AmpRequest *req = request ? FindRequest(*request) : nullptr;
  if (req && req->kind == ReqKind::kPersistentSend && !req->held) {
    // The data is taken when the send is issued: at the rank's next call
    // that may block or poll, at the latest at its completion.
    HoldRequest(req);
    Count(kStatHeldStarts);
    return MPI_SUCCESS;
  }
  if (req && req->kind == ReqKind::kPersistentColl && !req->active) {
    // The same for a persistent collective, whose receive buffer holds the
    // poison until the call that completes it.
    BouncePoison(&req->bounce);
    req->delivered = false;
    req->active = true;
    HoldRequest(req);
    Count(kStatHeldStarts);
    return MPI_SUCCESS;
  }
  if (req && req->kind == ReqKind::kPersistentRecv && !req->held) {
    BouncePoison(&req->bounce);
    req->delivered = false;
    req->held = true; // here: active
    return below.MPI_Start(request);
  }
  // Anything else starts in program order after what is held.
  IssueHeld();
  return below.MPI_Start(request);
}

int AmpStartall(int count, MPI_Request reqs[]) {
  if (count <= 0 || !reqs)
    return below.MPI_Startall(count, reqs);
  for (int i = 0; i < count; i++) {
    int rc = AmpStart(&reqs[i]);
    if (rc != MPI_SUCCESS)
      return rc;
  }
  return MPI_SUCCESS;
}

} // namespace

AmpRequest *NewRequest(ReqKind kind, bool proxy) {
  AmpRequest *req = (AmpRequest *)RuntimeAlloc(sizeof(AmpRequest));
  internal_memset(req, 0, sizeof(*req));
  req->kind = kind;
  req->user = MPI_REQUEST_NULL;
  req->real = MPI_REQUEST_NULL;
  if (proxy) {
    PMPI_Grequest_start(ProxyQuery, ProxyFree, ProxyCancel, nullptr,
                        &req->user);
    req->proxy = true;
    RegisterRequest(req);
  }
  return req;
}

AmpRequest *FindRequest(MPI_Request user) {
  if (user == MPI_REQUEST_NULL || !table)
    return nullptr;
  Lock lock(&TableMutex());
  auto *entry = Table().find(user);
  return entry ? entry->second : nullptr;
}

void RegisterRequest(AmpRequest *req) {
  Lock lock(&TableMutex());
  Table()[req->user] = req;
}

void DeleteRequest(AmpRequest *req) {
  if (req->user != MPI_REQUEST_NULL && !req->detached) {
    Lock lock(&TableMutex());
    auto *entry = Table().find(req->user);
    if (entry && entry->second == req)
      Table().erase(req->user);
  }
  if (req->kind == ReqKind::kRma)
    DetachRmaRequest(req);
  ReleaseProxy(req);
  BounceDestroy(&req->bounce);
  if (req->kind == ReqKind::kSend)
    DropType(req->send.type);
  if (req->kind == ReqKind::kColl)
    ReleaseCall(&req->call);
  RuntimeFree(req);
}

bool IsCollective(const AmpRequest *req) {
  return req->kind == ReqKind::kColl || req->kind == ReqKind::kPersistentColl;
}

void HoldRequest(AmpRequest *req) {
  Lock lock(&TableMutex());
  req->held = true;
  req->next_held = nullptr;
  if (held_tail)
    held_tail->next_held = req;
  else
    held_head = req;
  held_tail = req;
}

void CompleteProxy(AmpRequest *req) {
  if (req->proxy && !req->proxy_completed) {
    PMPI_Grequest_complete(req->user);
    req->proxy_completed = true;
  }
}

void IssueHeld() {
  // One thread issues at a time, so that the operations of each thread
  // reach MPI in its program order; issuing never waits for another
  // process.
  if (held_head) {
    Lock issuing(&issue_mutex);
    AmpRequest *list;
    {
      Lock lock(&TableMutex());
      list = held_head;
      held_head = held_tail = nullptr;
    }
    while (list) {
      AmpRequest *req = list;
      list = req->next_held;
      req->issue_rc = IssueOne(req);
    }
  }
  if (detached.size())
    PollDetached();
}

void FinishDetached() {
  IssueHeld();
  while (true) {
    AmpRequest *req;
    {
      Lock lock(&TableMutex());
      if (!detached.size())
        break;
      req = detached.back();
      detached.pop_back();
    }
    MPI_Status st;
    below.MPI_Wait(&req->real, &st);
    Deliver(req, &st);
    if (req->kind == ReqKind::kPersistentRecv)
      below.MPI_Request_free(&req->real);
    req->proxy = false;
    DeleteRequest(req);
  }
}

void InstallRequestCalls(MpiNext *next) {
  next->MPI_Wait = AmpWait;
  next->MPI_Test = AmpTest;
  next->MPI_Waitall = AmpWaitall;
  next->MPI_Testall = AmpTestall;
  next->MPI_Waitany = AmpWaitany;
  next->MPI_Testany = AmpTestany;
  next->MPI_Waitsome = AmpSome<true>;
  next->MPI_Testsome = AmpSome<false>;
  next->MPI_Request_get_status = AmpRequestGetStatus;
  next->MPI_Request_free = AmpRequestFree;
  next->MPI_Cancel = AmpCancel;
  next->MPI_Start = AmpStart;
  next->MPI_Startall = AmpStartall;
}

} // namespace amplify
} // namespace mpisync
