// The amplify layer: its options, its installation over the MPI below the
// wrappers, and MPI_Init/MPI_Finalize (where the seed is agreed on and what
// is still held goes to MPI).
#include "amplify.h"
#include "amplify_internal.h"
#include "amplify_requests.h"
#include "mpisync_alloc.h"
#include "mpisync_mpi_family.h"

#include "mpisync_datatype.h"
#include "mpisync_flags.h"
#include "mpisync_pending.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_libc.h"

#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_placement_new.h"

#include <time.h>

using namespace __sanitizer;

namespace mpisync {
namespace amplify {

MpiNext below;
Options options;

namespace {
Mutex table_mutex;
} // namespace

Mutex &TableMutex() { return table_mutex; }

void InstallP2pCalls(MpiNext *next);        // amplify_p2p.cpp
void InstallCollectiveCalls(MpiNext *next); // amplify_coll.cpp
void InstallRmaCalls(MpiNext *next);        // amplify_rma.cpp

namespace {

bool active;

[[noreturn]] void BadValue(const char *name, const char *value,
                           const char *expected) {
  Printf("==%d==ERROR: MPISync: invalid value '%s' for option '%s' "
         "(expected %s) in MPISYNC_OPTIONS\n",
         (int)internal_getpid(), value, name, expected);
  internal__exit(1);
}

void ParseOptions() {
  const Flags &f = *flags();
  static const struct {
    const char *name;
    Order order;
  } kOrders[] = {{"program", Order::kProgram},
                 {"reverse", Order::kReverse},
                 {"random", Order::kRandom},
                 {"put_first", Order::kPutFirst},
                 {"get_first", Order::kGetFirst}};
  bool found = false;
  for (const auto &o : kOrders)
    if (internal_strcmp(f.amplify_order, o.name) == 0) {
      options.order = o.order;
      found = true;
    }
  if (!found)
    BadValue("amplify_order", f.amplify_order,
             "program, reverse, random, put_first or get_first");
  char buf[32];
  if (f.amplify_split < 0 || f.amplify_split > 2) {
    internal_snprintf(buf, sizeof(buf), "%d", f.amplify_split);
    BadValue("amplify_split", buf, "0, 1 or 2");
  }
  if (f.poison_byte < 0 || f.poison_byte > 255) {
    internal_snprintf(buf, sizeof(buf), "%d", f.poison_byte);
    BadValue("poison_byte", buf, "a byte value, 0 to 255");
  }
  if (f.amplify_latency_us < 0) {
    internal_snprintf(buf, sizeof(buf), "%d", f.amplify_latency_us);
    BadValue("amplify_latency_us", buf, "microseconds, 0 or more");
  }
  options.split = f.amplify_split;
  options.poison = (u8)f.poison_byte;
  options.latency_us = f.amplify_latency_us;
  options.add_flush = f.amplify_flush;
  options.seed = (u64)f.seed;
}

// All ranks use one seed (each draws its own stream from it and its rank):
// rank 0 draws it when none is given, and says how to replay the run.
void AgreeOnSeed() {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  u64 seed = options.seed;
  if (seed == 0 && rank == 0) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    seed = ((u64)ts.tv_nsec ^ ((u64)internal_getpid() << 16)) % 2147483647u;
    if (seed == 0)
      seed = 1;
  }
  if (options.seed == 0)
    PMPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  options.seed = seed;
  SeedRandom(seed, rank);
  if (rank == 0 && options.order == Order::kRandom)
    Report("MPISync: amplify: amplify_order=random seed=%llu (replay with "
           "MPISYNC_OPTIONS=amplify=1:amplify_order=random:seed=%llu)\n",
           (unsigned long long)seed, (unsigned long long)seed);
}

void AfterInit(int rc) {
  if (rc == MPI_SUCCESS)
    AgreeOnSeed();
}

int AmpInit(int *argc, char ***argv) {
  int rc = below.MPI_Init(argc, argv);
  AfterInit(rc);
  return rc;
}

int AmpInitThread(int *argc, char ***argv, int required, int *provided) {
  int rc = below.MPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS && provided && *provided == MPI_THREAD_MULTIPLE)
    Report("MPISync: amplify: MPI_THREAD_MULTIPLE: RMA calls on one window "
           "must not come from several threads at once (docs/amplify.md)\n");
  AfterInit(rc);
  return rc;
}

int AmpFinalize() {
  FinishDetached();
  IssueAllWindows();
  return below.MPI_Finalize();
}

} // namespace

bool Enabled() {
  ParseOptions();
  return flags()->amplify;
}

bool Active() { return active; }

void Install(MpiNext *next) {
  internal_memcpy(&below, next, sizeof(below));
  next->MPI_Init = AmpInit;
  next->MPI_Init_thread = AmpInitThread;
  next->MPI_Finalize = AmpFinalize;
  InstallRequestCalls(next);
  InstallP2pCalls(next);
  InstallCollectiveCalls(next);
  InstallRmaCalls(next);
  active = true;
}

void *AllocData(uptr size) {
  if (size == 0)
    size = 1;
  if (size <= (1 << 16))
    return RuntimeAlloc(size);
  return MmapOrDieOnFatalError(size, "amplify data copy");
}

void FreeData(void *p, uptr size) {
  if (!p)
    return;
  if (size == 0)
    size = 1;
  if (size <= (1 << 16))
    RuntimeFree(p);
  else
    UnmapOrDie(p, size);
}

namespace {

bool Named(MPI_Datatype type) {
  MPI_Count ni, na, nc, nd;
  int combiner;
  return PMPI_Type_get_envelope_c(type, &ni, &na, &nc, &nd, &combiner) !=
             MPI_SUCCESS ||
         combiner == MPI_COMBINER_NAMED;
}

// The duplicates the layer made, so that only those are freed.
DenseMap<MPI_Datatype, int> *kept;

} // namespace

bool TypeUsable(MPI_Datatype type) {
  if (type == MPI_DATATYPE_NULL)
    return false;
  StateLock lock(&StateMutex());
  DataMap *map = AcquireDataMap(type);
  if (!map)
    return false;
  ReleaseDataMap(map);
  return true;
}

MPI_Datatype KeepType(MPI_Datatype type) {
  if (!TypeUsable(type) || Named(type))
    return type;
  MPI_Datatype copy = type;
  if (PMPI_Type_dup(type, &copy) != MPI_SUCCESS)
    return type;
  Lock lock(&TableMutex());
  if (!kept)
    kept = new (RuntimeAlloc(sizeof(*kept))) DenseMap<MPI_Datatype, int>();
  (*kept)[copy] = 1;
  return copy;
}

void ForgetBuiltType(MPI_Datatype type) {
  // MPI may hand the handle out again to the program: no stale data map.
  StateLock lock(&StateMutex());
  ForgetDatatype(type);
}

void DropType(MPI_Datatype type) {
  {
    Lock lock(&TableMutex());
    if (type == MPI_DATATYPE_NULL || !kept || !kept->find(type))
      return;
    kept->erase(type);
  }
  ForgetBuiltType(type);
  PMPI_Type_free(&type);
}

} // namespace amplify
} // namespace mpisync
