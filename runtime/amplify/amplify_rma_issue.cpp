// Completion stage of the RMA part of amplify (amplify_rma.h): what a
// synchronization call completes, local copies for local completion, and
// issuing a batch through the atomicity and ordering stages.
//
// MPI 4.1 section 12.5: fence, complete, unlock(_all) and flush(_all)
// complete the operations (to the target named) at origin and target;
// flush_local(_all) and the R* request complete them at the origin only,
// which for a Put or an accumulate means its origin buffer may be reused,
// and for a Get that its data has arrived.
#include "amplify_requests.h"
#include "amplify_rma.h"
#include "amplify_split.h"
#include "mpisync_alloc.h"
#include "mpisync_mpi_family.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_placement_new.h"

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

namespace {

constexpr uptr kMaxPieces = 1 << 16;
// Pieces one synchronization issues at most by splitting (beyond, the
// operations go whole), and pieces to a passive target between flushes:
// MPICH keeps a request per operation in flight and stops with an internal
// error when a million are (1024 Accumulates of 1024 doubles in one lock
// epoch, MPICH's rma/strided_acc_onelock).
constexpr uptr kMaxBatchPieces = 1 << 16;
constexpr uptr kMaxUnflushedPieces = 1 << 12;

const void *OriginOf(const HeldRma *op) {
  return op->origin_copy ? op->origin_copy - op->origin_copy_lb : op->origin;
}
const void *CompareOf(const HeldRma *op) {
  return op->compare_copy ? op->compare_copy - op->compare_copy_lb
                          : op->compare;
}

RmaPiece Whole(HeldRma *op) {
  return {op,        0,          OriginOf(op), op->ocount,
          op->otype, op->result, op->rcount,   op->rtype,
          op->disp,  op->tcount, op->ttype};
}

// Atomicity stage: one piece per basic element where the type maps of both
// sides can be taken apart and the target displacements stay multiples of
// the target's disp_unit; otherwise the operation stays whole.
void Split(AmpWindow *w, HeldRma *op, InternalMmapVector<RmaPiece> *out) {
  bool splittable = op->kind == RmaOp::kPut || op->kind == RmaOp::kGet ||
                    op->kind == RmaOp::kAcc;
  if (options.split == 0 || !splittable) {
    out->push_back(Whole(op));
    return;
  }
  bool get = op->kind == RmaOp::kGet;
  const char *local =
      get ? (const char *)op->result : (const char *)OriginOf(op);
  MPI_Count lcount = get ? op->rcount : op->ocount;
  MPI_Datatype ltype = get ? op->rtype : op->otype;
  InternalMmapVector<BasicElement> lmap, tmap;
  if (!FlattenType(ltype, lcount, &lmap, kMaxPieces) ||
      !FlattenType(op->ttype, op->tcount, &tmap, kMaxPieces) ||
      lmap.size() != tmap.size() || lmap.size() < 2) {
    if (lmap.size() >= 2 || tmap.size() >= 2)
      Count(kStatUnsplittable);
    out->push_back(Whole(op));
    return;
  }
  if (out->size() + tmap.size() > kMaxBatchPieces) {
    out->push_back(Whole(op)); // the batch's budget of pieces is spent
    return;
  }
  int du = w->disp_units[op->target];
  if (du <= 0)
    du = 1;
  for (uptr k = 0; k < tmap.size(); k++)
    if (tmap[k].offset % du != 0 || lmap[k].size != tmap[k].size) {
      Count(kStatUnsplittable);
      out->push_back(Whole(op));
      return;
    }
  // amplify_split=2: a Put or Get of a byte-addressed window byte by byte.
  bool bytes = options.split >= 2 && du == 1 && op->kind != RmaOp::kAcc;
  uptr first = out->size();
  u64 sub = 0;
  for (uptr k = 0; k < tmap.size(); k++) {
    int n = bytes ? tmap[k].size : 1;
    for (int b = 0; b < n; b++) {
      RmaPiece p = Whole(op);
      p.sub = sub++;
      MPI_Datatype t = bytes ? MPI_BYTE : tmap[k].type;
      const char *l = local + lmap[k].offset + b;
      if (get) {
        p.result = (void *)l;
        p.rcount = 1;
        p.rtype = bytes ? MPI_BYTE : lmap[k].type;
      } else {
        p.origin = l;
        p.ocount = 1;
        p.otype = bytes ? MPI_BYTE : lmap[k].type;
      }
      p.disp = op->disp + (tmap[k].offset + b) / du;
      p.tcount = 1;
      p.ttype = t;
      out->push_back(p);
    }
  }
  Count(kStatSplitOps);
  Count(kStatSplitPieces, out->size() - first);
}

int IssuePiece(const RmaPiece &p) {
  const HeldRma *op = p.op;
  switch (op->kind) {
  case RmaOp::kPut:
    return below.MPI_Put_c(p.origin, p.ocount, p.otype, op->target, p.disp,
                           p.tcount, p.ttype, op->win);
  case RmaOp::kGet:
    return below.MPI_Get_c(p.result, p.rcount, p.rtype, op->target, p.disp,
                           p.tcount, p.ttype, op->win);
  case RmaOp::kAcc:
    return below.MPI_Accumulate_c(p.origin, p.ocount, p.otype, op->target,
                                  p.disp, p.tcount, p.ttype, op->op, op->win);
  case RmaOp::kGetAcc:
    return below.MPI_Get_accumulate_c(p.origin, p.ocount, p.otype, p.result,
                                      p.rcount, p.rtype, op->target, p.disp,
                                      p.tcount, p.ttype, op->op, op->win);
  case RmaOp::kFetchOp:
    return below.MPI_Fetch_and_op(p.origin, p.result, p.otype, op->target,
                                  p.disp, op->op, op->win);
  case RmaOp::kCas:
    return below.MPI_Compare_and_swap(p.origin, CompareOf(op), p.result,
                                      p.otype, op->target, p.disp, op->win);
  }
  return MPI_SUCCESS;
}

// Copies `count` x `type` at `src` into private memory of the same layout.
void CopyLayout(const void *src, MPI_Count count, MPI_Datatype type, char **mem,
                uptr *size, MPI_Aint *lb) {
  MPI_Count true_lb, true_extent, xlb, extent, packed = 0;
  if (count <= 0 ||
      PMPI_Type_get_true_extent_c(type, &true_lb, &true_extent) !=
          MPI_SUCCESS ||
      PMPI_Type_get_extent_c(type, &xlb, &extent) != MPI_SUCCESS ||
      extent < 0 || true_extent <= 0 ||
      PMPI_Pack_size_c(count, type, MPI_COMM_SELF, &packed) != MPI_SUCCESS)
    return;
  MPI_Count span = true_extent + (count - 1) * extent;
  char *copy = (char *)AllocData(span);
  char *stream = (char *)AllocData(packed);
  if (!copy || !stream) {
    if (copy)
      FreeData(copy, span);
    if (stream)
      FreeData(stream, packed);
    return;
  }
  MPI_Count pos = 0;
  PMPI_Pack_c(src, count, type, stream, packed, &pos, MPI_COMM_SELF);
  pos = 0;
  PMPI_Unpack_c(stream, packed, &pos, copy - true_lb, count, type,
                MPI_COMM_SELF);
  FreeData(stream, packed);
  *mem = copy;
  *size = span;
  *lb = (MPI_Aint)true_lb;
}

void Unlink(AmpWindow *w, HeldRma *prev, HeldRma *op) {
  if (prev)
    prev->next = op->next;
  else
    w->head = op->next;
  if (w->tail == op)
    w->tail = prev;
  op->next = nullptr;
}

} // namespace

bool CopyOrigin(HeldRma *op) {
  if (op->origin_copy || op->kind == RmaOp::kGet ||
      (op->kind == RmaOp::kGetAcc && op->op == MPI_NO_OP) || op->ocount == 0)
    return true;
  if (!op->origin || (op->kind == RmaOp::kCas && !op->compare))
    return false;
  CopyLayout(op->origin, op->ocount, op->otype, &op->origin_copy,
             &op->origin_copy_size, &op->origin_copy_lb);
  if (!op->origin_copy)
    return false;
  if (op->kind == RmaOp::kCas) {
    CopyLayout(op->compare, 1, op->otype, &op->compare_copy,
               &op->compare_copy_size, &op->compare_copy_lb);
    if (!op->compare_copy)
      return false;
  }
  Count(kStatLocalCopies);
  return true;
}

void IssuePiecesOf(AmpWindow *w, HeldRma **ops, uptr n) {
  if (n == 0)
    return;
  InternalMmapVector<RmaPiece> pieces;
  for (uptr i = 0; i < n; i++)
    Split(w, ops[i], &pieces);
  bool reordered = OrderPieces(&pieces);
  if (reordered) {
    Count(kStatReorderedBatches);
    Count(kStatReorderedOps, n);
  }
  uptr unflushed = 0;
  for (uptr i = 0; i < pieces.size(); i++) {
    const RmaPiece &p = pieces[i];
    IssuePiece(p);
    if (options.latency_us > 0)
      internal_usleep(options.latency_us);
    // MPI may apply operations in any order too: a flush between them
    // makes it apply them in the one chosen (passive target only). A long
    // batch is flushed now and then in any case (kMaxUnflushedPieces).
    bool more = i + 1 < pieces.size();
    if (more && w->Passive(p.op->target) &&
        ((reordered && options.add_flush) ||
         ++unflushed >= kMaxUnflushedPieces)) {
      below.MPI_Win_flush(p.op->target, w->win);
      Count(kStatAddedFlushes);
      unflushed = 0;
    }
  }
  for (uptr i = 0; i < n; i++)
    w->issued.push_back(ops[i]);
}

void IssueFor(AmpWindow *w, int target, Completes what, bool epoch_end) {
  // For local completion: the last fetching accumulate per target, which
  // the accumulates before it must precede.
  u64 *last_fetch = nullptr;
  if (what == Completes::kLocal) {
    last_fetch = (u64 *)RuntimeAlloc(sizeof(u64) * (w->size + 1));
    internal_memset(last_fetch, 0, sizeof(u64) * (w->size + 1));
    for (HeldRma *op = w->head; op; op = op->next)
      if (IsAccumulate(op->kind) && Fetches(op->kind))
        last_fetch[op->target] = op->seq;
  }
  InternalMmapVector<HeldRma *> batch;
  HeldRma *prev = nullptr;
  for (HeldRma *op = w->head; op;) {
    HeldRma *next = op->next;
    bool match = target < 0 || op->target == target;
    bool take = match;
    if (match && what == Completes::kLocal) {
      take = Fetches(op->kind) ||
             (IsAccumulate(op->kind) && op->seq < last_fetch[op->target]);
      if (!take)
        take = !CopyOrigin(op); // else it stays held until remote completion
    }
    if (take) {
      Unlink(w, prev, op);
      batch.push_back(op);
    } else {
      prev = op;
    }
    op = next;
  }
  RuntimeFree(last_fetch);
  if (epoch_end)
    Count(kStatIssuedAtEpochEnd, batch.size());
  IssuePiecesOf(w, batch.data(), batch.size());
}

void IssueRequestOp(AmpWindow *w, HeldRma *target_op) {
  InternalMmapVector<HeldRma *> batch;
  HeldRma *prev = nullptr;
  for (HeldRma *op = w->head; op;) {
    HeldRma *next = op->next;
    bool take = op == target_op ||
                (IsAccumulate(target_op->kind) && IsAccumulate(op->kind) &&
                 op->target == target_op->target && op->seq < target_op->seq);
    if (take) {
      Unlink(w, prev, op);
      batch.push_back(op);
    } else {
      prev = op;
    }
    op = next;
  }
  IssuePiecesOf(w, batch.data(), batch.size());
}

void ReleaseIssued(AmpWindow *w) {
  for (uptr i = 0; i < w->issued.size(); i++) {
    HeldRma *op = w->issued[i];
    if (AmpRequest *req = op->req) {
      req->rma = nullptr;
      CompleteProxy(req);
    }
    if (op->origin_copy)
      FreeData(op->origin_copy, op->origin_copy_size);
    if (op->compare_copy)
      FreeData(op->compare_copy, op->compare_copy_size);
    DropType(op->otype);
    DropType(op->rtype);
    DropType(op->ttype);
    RuntimeFree(op);
  }
  w->issued.clear();
}

} // namespace amplify
} // namespace mpisync
