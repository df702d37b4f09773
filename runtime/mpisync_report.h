// Reports in the sanitizer format: header with kind and rank, the access and
// its stack, the MPI call and its stack, the completion if any, SUMMARY.
#ifndef MPISYNC_REPORT_H
#define MPISYNC_REPORT_H

#include "mpisync/error_kinds.h"
#include "mpisync_pending.h"

namespace mpisync {

// ErrorKind and ErrorKindName: include/mpisync/error_kinds.h.

struct AccessInfo {
  uptr addr;
  uptr size;
  bool is_write;
  uptr pc; // return address into the accessing code
  uptr bp; // frame of the runtime entry point
};

// All Report* functions are called with StateMutex held.

// An access to element `element` of `buf` of the pending `op`.
// `verdict` says how manifest and latent are told apart (buffer_rules.def).
void ReportBufferAccess(ErrorKind kind, RuleVerdict verdict,
                        const AccessInfo &access, const PendingOp &op,
                        const PendingBuffer &buf, MPI_Count element);
// `op` (being started at `start_stack`) and `other` have conflicting
// buffers overlapping at `addr`.
void ReportOverlap(const PendingOp &op, const PendingBuffer &buf,
                   u32 start_stack, const PendingOp &other,
                   const PendingBuffer &other_buf, uptr addr);
// Memory holding `buf` was released (free, realloc, stack frame exit) at
// `release_stack` while `op` was pending.
void ReportReleasedBuffer(ErrorKind kind, const char *how, uptr begin,
                          uptr end, u32 release_stack, const PendingOp &op,
                          const PendingBuffer &buf);
// `ops[0..n)` still pending (kMissingCompletion) or never freed
// (kRequestNotFreed) when MPI_Finalize was called: one report per place
// they were started (created) from, with how many more it stands for.
void ReportAtFinalize(ErrorKind kind, PendingOp *const *ops, uptr n,
                      u32 finalize_stack);
// Buffers of `op`, just started, whose extent runs past mapped memory
// (PendingBuffer::unmapped_at): one report each.
void ReportBuffersExceedingMemory(const PendingOp &op);
// MPI_Request_free (at `free_stack`) of `op`, an active operation that
// receives.
void ReportActiveReceiveFreed(const PendingOp &op, u32 free_stack);

// The rank in MPI_COMM_WORLD, -1 before MPI_Init.
void SetWorldRank(int rank);
int WorldRank();
uptr ErrorCount();

} // namespace mpisync

#endif // MPISYNC_REPORT_H
