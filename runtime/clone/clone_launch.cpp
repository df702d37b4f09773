// Launch under cloning: the process count, the roles, the family
// communicator and the application's world (clone_state.h).
//
// With clones=K and no clone_ranks, N*(K+1) processes give N parents (world
// ranks 0..N-1) and K clones of each; with clone_ranks=S, N + K*|S|. The
// clones of the i-th cloned rank (in increasing order) are world ranks
// N + i*K .. N + i*K + K-1.
#include "clone/clone_state.h"

#include "clone/clone_comm_table.h"
#include "clone/clone_divide.h"
#include "clone/clone_sendcheck.h"
#include "mpisync_comm_info.h"
#include "mpisync_flags.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

Family family;
MpiNext below;

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

int ParseNumber(const char **s) {
  int v = 0;
  while (IsDigit(**s))
    v = v * 10 + (*(*s)++ - '0');
  return v;
}

// clone_ranks: "" or ranks and ranges "0,2,4-6", kept sorted and unique in
// `ranks`. False on a malformed list.
bool ParseCloneRanks(const char *s, InternalMmapVector<int> *ranks) {
  static bool wanted[1 << 16]; // parsed once, at MPI_Init
  while (*s) {
    if (!IsDigit(*s))
      return false;
    int lo = ParseNumber(&s), hi = lo;
    if (*s == '-') {
      s++;
      if (!IsDigit(*s))
        return false;
      hi = ParseNumber(&s);
    }
    if (hi < lo || hi >= (1 << 16))
      return false;
    for (int r = lo; r <= hi; r++)
      wanted[r] = true;
    if (*s == ',')
      s++;
    else if (*s)
      return false;
  }
  for (int r = 0; r < (1 << 16); r++)
    if (wanted[r])
      ranks->push_back(r);
  return true;
}

// Every process finds the same mistake: world rank 0 says it, all stop.
[[noreturn]] void LaunchError(int world_rank, const char *fmt, int a, int b,
                              int c) {
  if (world_rank == 0) {
    Printf("==%d==ERROR: MPISync: clones: ", (int)internal_getpid());
    Printf(fmt, a, b, c);
    Printf("\n");
  }
  PMPI_Finalize();
  internal__exit(1);
}

} // namespace

void SetUpFamily() {
  int world_rank = 0, world_size = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &world_size);
  int k = flags()->clones;
  if (k < 0)
    LaunchError(world_rank, "clones=%d: the number of clones must be 0 or more",
                k, 0, 0);
  InternalMmapVector<int> cloned;
  if (!ParseCloneRanks(flags()->clone_ranks, &cloned))
    LaunchError(world_rank,
                "clone_ranks: expected ranks and ranges like '0,2,4-6'", 0, 0,
                0);
  int n;
  if (cloned.empty()) {
    n = world_size / (k + 1);
    if (n < 1 || world_size % (k + 1) != 0)
      LaunchError(world_rank,
                  "clones=%d needs N*(K+1) processes (a multiple of %d), "
                  "mpiexec started %d",
                  k, k + 1, world_size);
    for (int r = 0; r < n; r++)
      cloned.push_back(r);
  } else {
    n = world_size - k * (int)cloned.size();
    if (n < 1 || cloned.back() >= n)
      LaunchError(world_rank,
                  "clones=%d with %d ranks in clone_ranks needs N + K*%d "
                  "processes with every listed rank below N",
                  k, (int)cloned.size(), (int)cloned.size());
  }
  family.num_clones = k;
  family.app_size = n;
  int position = -1; // of this process's family among the cloned ranks
  if (world_rank < n) {
    family.app_rank = world_rank;
    for (uptr i = 0; i < cloned.size(); i++)
      if (cloned[i] == world_rank)
        position = (int)i;
  } else {
    position = (world_rank - n) / k;
    family.app_rank = cloned[position];
    family.clone_index = (world_rank - n) % k + 1;
  }
  // The parents' world first: clones are not in it.
  MPI_Comm app = MPI_COMM_NULL;
  PMPI_Comm_split(MPI_COMM_WORLD, IsClone() ? MPI_UNDEFINED : 0, world_rank,
                  &app);
  PMPI_Comm_split(MPI_COMM_WORLD, position >= 0 ? position : MPI_UNDEFINED,
                  family.clone_index, &family.comm);
  if (family.comm != MPI_COMM_NULL)
    PMPI_Comm_set_errhandler(family.comm, MPI_ERRORS_RETURN);
  if (IsClone()) {
    UseCommTableForQueries();
  } else {
    app_world = app;
  }
  SetUpDivision();
  VReport(1, "MPISync: clones: world rank %d is %s %d of rank %d\n", world_rank,
          IsClone() ? "clone" : "parent", family.clone_index, family.app_rank);
}

void TearDownFamily() {
  FinishSendCheck();
  if (family.comm != MPI_COMM_NULL)
    PMPI_Comm_free(&family.comm);
  if (app_world != MPI_COMM_WORLD) {
    MPI_Comm app = app_world;
    app_world = MPI_COMM_WORLD;
    PMPI_Comm_free(&app);
  }
}

} // namespace clone
} // namespace mpisync
