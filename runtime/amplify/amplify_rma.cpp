// RMA calls under amplify (amplify_rma.h): windows, operations held in
// their window's queue, and the synchronization calls that issue them.
#include "amplify_rma.h"
#include "mpisync_alloc.h"

#include "amplify_bounce.h"
#include "amplify_requests.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

DenseMap<MPI_Win, AmpWindow *> *windows;

DenseMap<MPI_Win, AmpWindow *> &Windows() {
  if (!windows)
    windows =
        new (RuntimeAlloc(sizeof(*windows))) DenseMap<MPI_Win, AmpWindow *>();
  return *windows;
}

// A new window: every member learns every target's disp_unit (the
// atomicity stage turns byte offsets into target displacements).
void AddWindow(MPI_Win win, MPI_Comm comm, int disp_unit) {
  AmpWindow *w = (AmpWindow *)RuntimeAlloc(sizeof(AmpWindow));
  internal_memset(w, 0, sizeof(*w));
  w->win = win;
  PMPI_Comm_size(comm, &w->size);
  w->disp_units = (int *)RuntimeAlloc(sizeof(int) * w->size);
  w->locks = (int *)RuntimeAlloc(sizeof(int) * w->size);
  internal_memset(w->locks, 0, sizeof(int) * w->size);
  PMPI_Allgather(&disp_unit, 1, MPI_INT, w->disp_units, 1, MPI_INT, comm);
  w->next_seq = 1;
  Lock lock(&TableMutex());
  Windows()[win] = w;
}

void RemoveWindow(AmpWindow *w) {
  {
    Lock lock(&TableMutex());
    Windows().erase(w->win);
  }
  RuntimeFree(w->disp_units);
  RuntimeFree(w->locks);
  if (w->issued.capacity())
    w->issued.Destroy();
  RuntimeFree(w);
}

template <typename D>
int AmpWinCreate(void *base, MPI_Aint size, D disp_unit, MPI_Info info,
                 MPI_Comm comm, MPI_Win *win) {
  IssueHeld();
  int rc = below.MPI_Win_create_c(base, size, disp_unit, info, comm, win);
  if (rc == MPI_SUCCESS && win)
    AddWindow(*win, comm, (int)disp_unit);
  return rc;
}

template <typename D, bool kShared>
int AmpWinAllocate(MPI_Aint size, D disp_unit, MPI_Info info, MPI_Comm comm,
                   void *baseptr, MPI_Win *win) {
  IssueHeld();
  int rc = kShared ? below.MPI_Win_allocate_shared_c(size, disp_unit, info,
                                                     comm, baseptr, win)
                   : below.MPI_Win_allocate_c(size, disp_unit, info, comm,
                                              baseptr, win);
  if (rc == MPI_SUCCESS && win)
    AddWindow(*win, comm, (int)disp_unit);
  return rc;
}

int AmpWinCreateDynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  IssueHeld();
  int rc = below.MPI_Win_create_dynamic(info, comm, win);
  if (rc == MPI_SUCCESS && win)
    AddWindow(*win, comm, 1); // displacements are addresses
  return rc;
}

// Operations no synchronization completed: issued here, the last point
// where the window still exists (docs/amplify.md), never dropped.
void IssueLeftovers(AmpWindow *w, const char *where) {
  uptr n = 0;
  for (HeldRma *op = w->head; op; op = op->next)
    n++;
  if (!n)
    return;
  Report("MPISync: amplify: %zu RMA operation(s) on a window were never "
         "completed by a synchronization call; issued at %s\n",
         n, where);
  Count(kStatIssuedAtWinFree, n);
  bool open = w->lock_all > 0;
  for (int r = 0; r < w->size && !open; r++)
    open = w->locks[r] > 0;
  if (!open)
    below.MPI_Win_lock_all(0, w->win);
  IssueFor(w, -1, Completes::kRemote, /*epoch_end=*/true);
  if (open)
    below.MPI_Win_flush_all(w->win);
  else
    below.MPI_Win_unlock_all(w->win);
  ReleaseIssued(w);
}

int AmpWinFree(MPI_Win *win) {
  IssueHeld();
  AmpWindow *w = win ? FindWindow(*win) : nullptr;
  if (w) {
    IssueLeftovers(w, "MPI_Win_free");
    RemoveWindow(w);
  }
  return below.MPI_Win_free(win);
}

// The held operation of an RMA call, or null when it goes to MPI at once:
// unknown window, MPI_PROC_NULL or an invalid target (MPI reports it).
HeldRma *NewHeld(RmaOp kind, MPI_Win win, int target, MPI_Count count1,
                 MPI_Count count2, AmpWindow **wp, MPI_Datatype t1,
                 MPI_Datatype t2 = MPI_DATATYPE_NULL,
                 MPI_Datatype t3 = MPI_DATATYPE_NULL) {
  AmpWindow *w = FindWindow(win);
  if (!w || target < 0 || target >= w->size || count1 < 0 || count2 < 0)
    return nullptr;
  const MPI_Datatype types[] = {t1, t2, t3};
  for (MPI_Datatype t : types)
    if (t != MPI_DATATYPE_NULL && !TypeUsable(t))
      return nullptr;
  HeldRma *op = (HeldRma *)RuntimeAlloc(sizeof(HeldRma));
  internal_memset(op, 0, sizeof(*op));
  op->kind = kind;
  op->win = win;
  op->target = target;
  op->otype = op->rtype = op->ttype = MPI_DATATYPE_NULL;
  op->op = MPI_OP_NULL;
  *wp = w;
  return op;
}

void Enqueue(AmpWindow *w, HeldRma *op, MPI_Request *request) {
  op->otype = KeepType(op->otype);
  op->rtype = KeepType(op->rtype);
  op->ttype = KeepType(op->ttype);
  op->seq = w->next_seq++;
  if (w->tail)
    w->tail->next = op;
  else
    w->head = op;
  w->tail = op;
  // The result lands only when the operation completes.
  if (op->result)
    PoisonLayout(op->result, op->rcount, op->rtype);
  Count(kStatHeldRma);
  if (request) {
    AmpRequest *req = NewRequest(ReqKind::kRma, /*proxy=*/true);
    req->rma = op;
    op->req = req;
    *request = req->user;
  }
}

template <typename C, bool kReq>
int PutOrGet(RmaOp kind, const void *origin, C ocount, MPI_Datatype otype,
             int target, MPI_Aint disp, C tcount, MPI_Datatype ttype,
             MPI_Win win, MPI_Request *request) {
  AmpWindow *w;
  HeldRma *op = (kReq && !request) ? nullptr
                                   : NewHeld(kind, win, target, ocount, tcount,
                                             &w, otype, ttype);
  if (!op) {
    if (kind == RmaOp::kPut)
      return kReq ? below.MPI_Rput_c(origin, ocount, otype, target, disp,
                                     tcount, ttype, win, request)
                  : below.MPI_Put_c(origin, ocount, otype, target, disp, tcount,
                                    ttype, win);
    return kReq ? below.MPI_Rget_c((void *)origin, ocount, otype, target, disp,
                                   tcount, ttype, win, request)
                : below.MPI_Get_c((void *)origin, ocount, otype, target, disp,
                                  tcount, ttype, win);
  }
  if (kind == RmaOp::kPut) {
    op->origin = origin;
    op->ocount = ocount;
    op->otype = otype;
  } else {
    op->result = (void *)origin;
    op->rcount = ocount;
    op->rtype = otype;
  }
  op->disp = disp;
  op->tcount = tcount;
  op->ttype = ttype;
  Enqueue(w, op, kReq ? request : nullptr);
  return MPI_SUCCESS;
}

template <typename C>
int AmpPut(const void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d, C tc,
           MPI_Datatype tt, MPI_Win win) {
  return PutOrGet<C, false>(RmaOp::kPut, o, oc, ot, t, d, tc, tt, win, nullptr);
}
template <typename C>
int AmpRput(const void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d, C tc,
            MPI_Datatype tt, MPI_Win win, MPI_Request *r) {
  return PutOrGet<C, true>(RmaOp::kPut, o, oc, ot, t, d, tc, tt, win, r);
}
template <typename C>
int AmpGet(void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d, C tc,
           MPI_Datatype tt, MPI_Win win) {
  return PutOrGet<C, false>(RmaOp::kGet, o, oc, ot, t, d, tc, tt, win, nullptr);
}
template <typename C>
int AmpRget(void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d, C tc,
            MPI_Datatype tt, MPI_Win win, MPI_Request *r) {
  return PutOrGet<C, true>(RmaOp::kGet, o, oc, ot, t, d, tc, tt, win, r);
}

template <typename C, bool kReq>
int Acc(const void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d, C tc,
        MPI_Datatype tt, MPI_Op mop, MPI_Win win, MPI_Request *r) {
  AmpWindow *w;
  HeldRma *op =
      (kReq && !r) ? nullptr : NewHeld(RmaOp::kAcc, win, t, oc, tc, &w, ot, tt);
  if (!op)
    return kReq ? below.MPI_Raccumulate_c(o, oc, ot, t, d, tc, tt, mop, win, r)
                : below.MPI_Accumulate_c(o, oc, ot, t, d, tc, tt, mop, win);
  op->origin = o;
  op->ocount = oc;
  op->otype = ot;
  op->disp = d;
  op->tcount = tc;
  op->ttype = tt;
  op->op = mop;
  Enqueue(w, op, kReq ? r : nullptr);
  return MPI_SUCCESS;
}

template <typename C>
int AmpAccumulate(const void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d, C tc,
                  MPI_Datatype tt, MPI_Op mop, MPI_Win win) {
  return Acc<C, false>(o, oc, ot, t, d, tc, tt, mop, win, nullptr);
}
template <typename C>
int AmpRaccumulate(const void *o, C oc, MPI_Datatype ot, int t, MPI_Aint d,
                   C tc, MPI_Datatype tt, MPI_Op mop, MPI_Win win,
                   MPI_Request *r) {
  return Acc<C, true>(o, oc, ot, t, d, tc, tt, mop, win, r);
}

template <typename C, bool kReq>
int GetAcc(const void *o, C oc, MPI_Datatype ot, void *res, C rc,
           MPI_Datatype rt, int t, MPI_Aint d, C tc, MPI_Datatype tt,
           MPI_Op mop, MPI_Win win, MPI_Request *r) {
  AmpWindow *w;
  HeldRma *op = (kReq && !r) || rc < 0
                    ? nullptr
                    : NewHeld(RmaOp::kGetAcc, win, t, oc, tc, &w, rt, tt,
                              mop == MPI_NO_OP ? MPI_DATATYPE_NULL : ot);
  if (!op)
    return kReq ? below.MPI_Rget_accumulate_c(o, oc, ot, res, rc, rt, t, d, tc,
                                              tt, mop, win, r)
                : below.MPI_Get_accumulate_c(o, oc, ot, res, rc, rt, t, d, tc,
                                             tt, mop, win);
  op->origin = o;
  op->ocount = oc;
  op->otype = ot;
  op->result = res;
  op->rcount = rc;
  op->rtype = rt;
  op->disp = d;
  op->tcount = tc;
  op->ttype = tt;
  op->op = mop;
  Enqueue(w, op, kReq ? r : nullptr);
  return MPI_SUCCESS;
}

template <typename C>
int AmpGetAccumulate(const void *o, C oc, MPI_Datatype ot, void *res, C rc,
                     MPI_Datatype rt, int t, MPI_Aint d, C tc, MPI_Datatype tt,
                     MPI_Op mop, MPI_Win win) {
  return GetAcc<C, false>(o, oc, ot, res, rc, rt, t, d, tc, tt, mop, win,
                          nullptr);
}
template <typename C>
int AmpRgetAccumulate(const void *o, C oc, MPI_Datatype ot, void *res, C rc,
                      MPI_Datatype rt, int t, MPI_Aint d, C tc, MPI_Datatype tt,
                      MPI_Op mop, MPI_Win win, MPI_Request *r) {
  return GetAcc<C, true>(o, oc, ot, res, rc, rt, t, d, tc, tt, mop, win, r);
}

int AmpFetchAndOp(const void *o, void *res, MPI_Datatype type, int t,
                  MPI_Aint d, MPI_Op mop, MPI_Win win) {
  AmpWindow *w;
  HeldRma *op = NewHeld(RmaOp::kFetchOp, win, t, 1, 1, &w, type);
  if (!op)
    return below.MPI_Fetch_and_op(o, res, type, t, d, mop, win);
  op->origin = o;
  op->ocount = 1;
  op->otype = type;
  op->result = res;
  op->rcount = 1;
  op->rtype = type;
  op->disp = d;
  op->tcount = 1;
  op->ttype = type;
  op->op = mop;
  Enqueue(w, op, nullptr);
  return MPI_SUCCESS;
}

int AmpCompareAndSwap(const void *o, const void *cmp, void *res,
                      MPI_Datatype type, int t, MPI_Aint d, MPI_Win win) {
  AmpWindow *w;
  HeldRma *op = NewHeld(RmaOp::kCas, win, t, 1, 1, &w, type);
  if (!op)
    return below.MPI_Compare_and_swap(o, cmp, res, type, t, d, win);
  op->origin = o;
  op->compare = cmp;
  op->ocount = 1;
  op->otype = type;
  op->result = res;
  op->rcount = 1;
  op->rtype = type;
  op->disp = d;
  op->tcount = 1;
  op->ttype = type;
  Enqueue(w, op, nullptr);
  return MPI_SUCCESS;
}

// Synchronization calls. Each first issues the held point-to-point and
// collective operations (it may wait for another process), then what it
// completes of the window's queue, then makes MPI's own call.
int AmpFence(int assert_flags, MPI_Win win) {
  IssueHeld();
  AmpWindow *w = FindWindow(win);
  if (w)
    IssueFor(w, -1, Completes::kRemote, /*epoch_end=*/true);
  int rc = below.MPI_Win_fence(assert_flags, win);
  if (w)
    ReleaseIssued(w);
  return rc;
}

int AmpComplete(MPI_Win win) {
  IssueHeld();
  AmpWindow *w = FindWindow(win);
  if (w)
    IssueFor(w, -1, Completes::kRemote, /*epoch_end=*/true);
  int rc = below.MPI_Win_complete(win);
  if (w)
    ReleaseIssued(w);
  return rc;
}

int AmpLock(int lock_type, int rank, int assert_flags, MPI_Win win) {
  IssueHeld();
  int rc = below.MPI_Win_lock(lock_type, rank, assert_flags, win);
  AmpWindow *w = FindWindow(win);
  if (rc == MPI_SUCCESS && w && rank >= 0 && rank < w->size)
    w->locks[rank]++;
  return rc;
}

int AmpUnlock(int rank, MPI_Win win) {
  IssueHeld();
  AmpWindow *w = FindWindow(win);
  bool valid = w && rank >= 0 && rank < w->size;
  if (valid)
    IssueFor(w, rank, Completes::kRemote, /*epoch_end=*/true);
  int rc = below.MPI_Win_unlock(rank, win);
  if (valid) {
    ReleaseIssued(w);
    if (rc == MPI_SUCCESS && w->locks[rank] > 0)
      w->locks[rank]--;
  }
  return rc;
}

int AmpLockAll(int assert_flags, MPI_Win win) {
  IssueHeld();
  int rc = below.MPI_Win_lock_all(assert_flags, win);
  AmpWindow *w = FindWindow(win);
  if (rc == MPI_SUCCESS && w)
    w->lock_all++;
  return rc;
}

int AmpUnlockAll(MPI_Win win) {
  IssueHeld();
  AmpWindow *w = FindWindow(win);
  if (w)
    IssueFor(w, -1, Completes::kRemote, /*epoch_end=*/true);
  int rc = below.MPI_Win_unlock_all(win);
  if (w) {
    ReleaseIssued(w);
    if (rc == MPI_SUCCESS && w->lock_all > 0)
      w->lock_all--;
  }
  return rc;
}

template <Completes kWhat> int AmpFlushRank(int rank, MPI_Win win) {
  IssueHeld();
  AmpWindow *w = FindWindow(win);
  bool valid = w && rank >= 0 && rank < w->size;
  if (valid)
    IssueFor(w, rank, kWhat, /*epoch_end=*/false);
  int rc = kWhat == Completes::kRemote ? below.MPI_Win_flush(rank, win)
                                       : below.MPI_Win_flush_local(rank, win);
  if (valid)
    ReleaseIssued(w);
  return rc;
}

template <Completes kWhat> int AmpFlushAll(MPI_Win win) {
  IssueHeld();
  AmpWindow *w = FindWindow(win);
  if (w)
    IssueFor(w, -1, kWhat, /*epoch_end=*/false);
  int rc = kWhat == Completes::kRemote ? below.MPI_Win_flush_all(win)
                                       : below.MPI_Win_flush_local_all(win);
  if (w)
    ReleaseIssued(w);
  return rc;
}

int AmpPost(MPI_Group group, int assert_flags, MPI_Win win) {
  IssueHeld();
  return below.MPI_Win_post(group, assert_flags, win);
}
int AmpStart(MPI_Group group, int assert_flags, MPI_Win win) {
  IssueHeld();
  return below.MPI_Win_start(group, assert_flags, win);
}
int AmpWinWait(MPI_Win win) {
  IssueHeld();
  return below.MPI_Win_wait(win);
}
int AmpWinTest(MPI_Win win, int *flag) {
  IssueHeld();
  return below.MPI_Win_test(win, flag);
}

} // namespace

AmpWindow *FindWindow(MPI_Win win) {
  if (!windows || win == MPI_WIN_NULL)
    return nullptr;
  Lock lock(&TableMutex());
  auto *entry = Windows().find(win);
  return entry ? entry->second : nullptr;
}

void CompleteRmaRequest(AmpRequest *req) {
  HeldRma *op = req->rma;
  if (op) {
    AmpWindow *w = FindWindow(op->win);
    // A fetch needs its result; an origin that cannot be copied (MPI_BOTTOM)
    // is read now.
    if (w && (Fetches(op->kind) || !CopyOrigin(op))) {
      // The result must be there: the operation goes to MPI now.
      int target = op->target;
      IssueRequestOp(w, op);
      below.MPI_Win_flush_local(target, w->win);
      ReleaseIssued(w); // completes the proxy, forgets the link
    }
  }
  DetachRmaRequest(req);
  CompleteProxy(req);
}

void DetachRmaRequest(AmpRequest *req) {
  if (req->rma) {
    req->rma->req = nullptr;
    req->rma = nullptr;
  }
}

void IssueAllWindows() {
  if (!windows)
    return;
  Windows().forEach([](detail::DenseMapPair<MPI_Win, AmpWindow *> &kv) {
    IssueLeftovers(kv.second, "MPI_Finalize");
    return true;
  });
}

void InstallRmaCalls(MpiNext *next) {
  next->MPI_Win_create = AmpWinCreate<int>;
  next->MPI_Win_create_c = AmpWinCreate<MPI_Aint>;
  next->MPI_Win_allocate = AmpWinAllocate<int, false>;
  next->MPI_Win_allocate_c = AmpWinAllocate<MPI_Aint, false>;
  next->MPI_Win_allocate_shared = AmpWinAllocate<int, true>;
  next->MPI_Win_allocate_shared_c = AmpWinAllocate<MPI_Aint, true>;
  next->MPI_Win_create_dynamic = AmpWinCreateDynamic;
  next->MPI_Win_free = AmpWinFree;
  next->MPI_Put = AmpPut<int>;
  next->MPI_Put_c = AmpPut<MPI_Count>;
  next->MPI_Rput = AmpRput<int>;
  next->MPI_Rput_c = AmpRput<MPI_Count>;
  next->MPI_Get = AmpGet<int>;
  next->MPI_Get_c = AmpGet<MPI_Count>;
  next->MPI_Rget = AmpRget<int>;
  next->MPI_Rget_c = AmpRget<MPI_Count>;
  next->MPI_Accumulate = AmpAccumulate<int>;
  next->MPI_Accumulate_c = AmpAccumulate<MPI_Count>;
  next->MPI_Raccumulate = AmpRaccumulate<int>;
  next->MPI_Raccumulate_c = AmpRaccumulate<MPI_Count>;
  next->MPI_Get_accumulate = AmpGetAccumulate<int>;
  next->MPI_Get_accumulate_c = AmpGetAccumulate<MPI_Count>;
  next->MPI_Rget_accumulate = AmpRgetAccumulate<int>;
  next->MPI_Rget_accumulate_c = AmpRgetAccumulate<MPI_Count>;
  next->MPI_Fetch_and_op = AmpFetchAndOp;
  next->MPI_Compare_and_swap = AmpCompareAndSwap;
  next->MPI_Win_fence = AmpFence;
  next->MPI_Win_post = AmpPost;
  next->MPI_Win_start = AmpStart;
  next->MPI_Win_complete = AmpComplete;
  next->MPI_Win_wait = AmpWinWait;
  next->MPI_Win_test = AmpWinTest;
  next->MPI_Win_lock = AmpLock;
  next->MPI_Win_unlock = AmpUnlock;
  next->MPI_Win_lock_all = AmpLockAll;
  next->MPI_Win_unlock_all = AmpUnlockAll;
  next->MPI_Win_flush = AmpFlushRank<Completes::kRemote>;
  next->MPI_Win_flush_all = AmpFlushAll<Completes::kRemote>;
  next->MPI_Win_flush_local = AmpFlushRank<Completes::kLocal>;
  next->MPI_Win_flush_local_all = AmpFlushAll<Completes::kLocal>;
}

} // namespace amplify
} // namespace mpisync
