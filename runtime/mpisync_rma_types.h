// The arguments of one-sided calls as the generated wrappers describe them:
// window kinds, synchronization calls and RMA operations. Below the RMA
// hooks (mpisync_rma.h) and the window state that both use.
#ifndef MPISYNC_RMA_TYPES_H
#define MPISYNC_RMA_TYPES_H

#include <mpi.h>

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u32;
using __sanitizer::u64;
using __sanitizer::u8;
using __sanitizer::uptr;

enum class WinKind : u8 { kCreate, kAllocate, kShared, kDynamic };

enum class WinSync : u8 {
  kFence,
  kPost,
  kStart,
  kComplete,
  kWait,
  kTest,
  kLock,
  kUnlock,
  kLockAll,
  kUnlockAll,
  kFlush,
  kFlushAll,
  kFlushLocal,
  kFlushLocalAll,
  kSync,
};

struct WinSyncArgs {
  WinSync what;
  MPI_Win win;
  int rank = MPI_PROC_NULL; // lock, unlock, flush(_local)
  int lock_type = 0;
  int assert_flags = 0;
  MPI_Group group = MPI_GROUP_NULL; // post, start
  const int *flag = nullptr;        // test
};

enum class RmaKind : u8 { kPut, kGet, kAcc, kGetAcc, kFetchOp, kCas };

struct RmaOpArgs {
  RmaKind kind;
  const void *origin = nullptr;
  MPI_Count origin_count = 0;
  MPI_Datatype origin_type = MPI_DATATYPE_NULL;
  const void *compare = nullptr; // MPI_Compare_and_swap
  void *result = nullptr;
  MPI_Count result_count = 0;
  MPI_Datatype result_type = MPI_DATATYPE_NULL;
  int target = MPI_PROC_NULL;
  MPI_Aint disp = 0;
  MPI_Count target_count = 0;
  MPI_Datatype target_type = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  MPI_Win win = MPI_WIN_NULL;
  // MPI_Rput, MPI_Rget, ...: a request completes it (at the origin, and
  // for the get forms at the target too).
  bool with_request = false;
};

} // namespace mpisync

#endif // MPISYNC_RMA_TYPES_H
