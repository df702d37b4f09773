// Call names as bytes (mpisync_rma_call_names.h).
#include "mpisync_rma_call_names.h"

#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_mutex.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

// The calls a received record can name, so that it points to a static
// string: their index is their byte on every process.
const char *const kCallNames[] = {
    "MPI_Put",           "MPI_Get",
    "MPI_Accumulate",    "MPI_Get_accumulate",
    "MPI_Fetch_and_op",  "MPI_Compare_and_swap",
    "MPI_Rput",          "MPI_Rget",
    "MPI_Raccumulate",   "MPI_Rget_accumulate",
    "MPI_Win_fence",     "MPI_Win_complete",
    "MPI_Win_unlock",    "MPI_Win_unlock_all",
    "MPI_Win_flush",     "MPI_Win_flush_all",
    "MPI_Win_free",      "MPI_Finalize",
    "MPI_Put_c",         "MPI_Get_c",
    "MPI_Accumulate_c",  "MPI_Get_accumulate_c",
    "MPI_Rput_c",        "MPI_Rget_c",
    "MPI_Raccumulate_c", "MPI_Rget_accumulate_c",
    "MPI_Wait",          "MPI_Waitall",
    "MPI_Waitany",       "MPI_Waitsome",
    "MPI_Test",          "MPI_Testall",
    "MPI_Testany",       "MPI_Testsome",
};
constexpr uptr kNumKnown = sizeof(kCallNames) / sizeof(kCallNames[0]);
static_assert(kNumKnown < kOtherCall, "call bytes fit a byte");

// Bytes kNumKnown.. name this process's other calls.
const char *others[kOtherCall - kNumKnown];
uptr num_others;

// Answers by the name's address, so that a call named again (every
// operation) costs a probe, not string compares: written under `mu`,
// read without it (the name is published after the byte).
struct Answer {
  atomic_uintptr_t name;
  u8 id;
};
constexpr uptr kAnswers = 256; // more than the distinct names: never full
Answer answers[kAnswers];
StaticSpinMutex mu;

uptr SlotOf(const char *name) {
  return (reinterpret_cast<uptr>(name) * 0x9E3779B97F4A7C15ull) >> 56;
}

u8 Lookup(const char *name) {
  for (uptr i = 0; i < kNumKnown; i++)
    if (!internal_strcmp(kCallNames[i], name))
      return static_cast<u8>(i);
  for (uptr i = 0; i < num_others; i++)
    if (!internal_strcmp(others[i], name))
      return static_cast<u8>(kNumKnown + i);
  if (num_others == kOtherCall - kNumKnown)
    return kOtherCall;
  others[num_others] = name;
  return static_cast<u8>(kNumKnown + num_others++);
}

} // namespace

u8 CallId(const char *name) {
  if (!name)
    return kNoCall;
  uptr key = reinterpret_cast<uptr>(name);
  for (uptr i = SlotOf(name), n = 0; n < kAnswers;
       i = (i + 1) % kAnswers, n++) {
    uptr seen = atomic_load(&answers[i].name, memory_order_acquire);
    if (seen == key)
      return answers[i].id;
    if (seen == 0)
      break;
  }
  SpinMutexLock lock(&mu);
  u8 id = Lookup(name);
  for (uptr i = SlotOf(name), n = 0; n < kAnswers;
       i = (i + 1) % kAnswers, n++) {
    uptr seen = atomic_load(&answers[i].name, memory_order_relaxed);
    if (seen == key)
      break;
    if (seen == 0) {
      answers[i].id = id;
      atomic_store(&answers[i].name, key, memory_order_release);
      break;
    }
  }
  return id;
}

const char *CallName(u8 id) {
  if (id == kNoCall)
    return nullptr;
  if (id < kNumKnown)
    return kCallNames[id];
  if (id < kOtherCall) {
    SpinMutexLock lock(&mu);
    if (id - kNumKnown < num_others)
      return others[id - kNumKnown];
  }
  return "an RMA call";
}

u8 WireCallId(u8 id) {
  return id < kNumKnown || id == kNoCall ? id : kOtherCall;
}

u8 CallIdFromWire(u8 wire) {
  return wire < kNumKnown || wire == kNoCall ? wire : kOtherCall;
}

} // namespace mpisync
