// Reports in the sanitizer format: header with kind and rank, the access and
// its stack, the MPI call and its stack, the completion if any, SUMMARY.
#ifndef MPISYNC_REPORT_H
#define MPISYNC_REPORT_H

#include "mpisync_pending.h"

namespace mpisync {

enum class ErrorKind : u8 {
#define MPISYNC_ERROR_KIND(Enum, Name) Enum,
#include "mpisync_error_kinds.inc"
#undef MPISYNC_ERROR_KIND
};

const char *ErrorKindName(ErrorKind kind);

struct AccessInfo {
  uptr addr;
  uptr size;
  bool is_write;
  uptr pc; // return address into the accessing code
  uptr bp; // frame of the runtime entry point
};

// An access to `seg` of `buf` of the pending `op`. Caller holds StateMutex.
void ReportBufferAccess(ErrorKind kind, const AccessInfo &access,
                        const PendingOp &op, const PendingBuffer &buf);
// A request still pending at MPI_Finalize.
void ReportMissingCompletion(const PendingOp &op, u32 finalize_stack);

// The rank in MPI_COMM_WORLD, -1 before MPI_Init.
void SetWorldRank(int rank);
int WorldRank();
uptr ErrorCount();

} // namespace mpisync

#endif // MPISYNC_REPORT_H
