// Waits that yield the processor under MPI_THREAD_MULTIPLE
// (mpisync_wait_yield.h).
#include "mpisync_wait_yield.h"

#include "mpisync_flags.h"
#include "mpisync_thread_level.h"

#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

#include <sched.h>

namespace mpisync {

using namespace __sanitizer;

namespace {

// The MPI below this layer (the lowest one: PMPI).
MpiNext below;

// For stats=1: waits completed by polls, and the yields they made.
atomic_uint64_t polled_waits, yields;

// Polls that spin before the first yield: a request that completes within
// a few polls (an eager message already there) costs no system call.
constexpr int kSpinningPolls = 16;

// Runs `poll` until it returns an error or says the wait is over; the
// polls after the first kSpinningPolls give up the processor.
// The counters are added to once per wait: the waiting threads share them.
template <typename Poll> int PollYielding(Poll poll) {
  u64 yielded = 0;
  for (int polls = 0;; polls++) {
    bool done = false;
    int rc = poll(&done);
    if (rc != MPI_SUCCESS || done) {
      atomic_fetch_add(&polled_waits, 1, memory_order_relaxed);
      atomic_fetch_add(&yields, yielded, memory_order_relaxed);
      return rc;
    }
    if (polls >= kSpinningPolls) {
      yielded++;
      sched_yield();
    }
  }
}

int YieldingWait(MPI_Request *request, MPI_Status *status) {
  if (!ConcurrentMpiCalls())
    return below.MPI_Wait(request, status);
  return PollYielding([&](bool *done) {
    int flag = 0;
    int rc = below.MPI_Test(request, &flag, status);
    *done = flag;
    return rc;
  });
}

int YieldingWaitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  if (!ConcurrentMpiCalls())
    return below.MPI_Waitall(count, requests, statuses);
  return PollYielding([&](bool *done) {
    int flag = 0;
    int rc = below.MPI_Testall(count, requests, &flag, statuses);
    *done = flag;
    return rc;
  });
}

int YieldingWaitany(int count, MPI_Request requests[], int *index,
                    MPI_Status *status) {
  if (!ConcurrentMpiCalls())
    return below.MPI_Waitany(count, requests, index, status);
  return PollYielding([&](bool *done) {
    int flag = 0;
    int rc = below.MPI_Testany(count, requests, index, &flag, status);
    *done = flag; // also when no request is active (index MPI_UNDEFINED)
    return rc;
  });
}

int YieldingWaitsome(int incount, MPI_Request requests[], int *outcount,
                     int indices[], MPI_Status statuses[]) {
  if (!ConcurrentMpiCalls())
    return below.MPI_Waitsome(incount, requests, outcount, indices, statuses);
  return PollYielding([&](bool *done) {
    int rc = below.MPI_Testsome(incount, requests, outcount, indices, statuses);
    // Some completed, or MPI_UNDEFINED: none is active.
    *done = rc == MPI_SUCCESS && *outcount != 0;
    return rc;
  });
}

} // namespace

bool YieldingWaitsEnabled() { return flags()->yield_in_waits; }

void InstallYieldingWaits(MpiNext *next) {
  // internal_memcpy: a plain struct copy would call libc memcpy.
  __sanitizer::internal_memcpy(&below, next, sizeof(below));
  next->MPI_Wait = YieldingWait;
  next->MPI_Waitall = YieldingWaitall;
  next->MPI_Waitany = YieldingWaitany;
  next->MPI_Waitsome = YieldingWaitsome;
}

void PrintYieldingWaitStats() {
  Printf("  %-40s %llu, %llu yields\n", "waits completed by yielding polls",
         (unsigned long long)atomic_load(&polled_waits, memory_order_relaxed),
         (unsigned long long)atomic_load(&yields, memory_order_relaxed));
}

} // namespace mpisync
