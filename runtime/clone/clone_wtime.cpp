// MPI_Wtime under cloning: a clone takes its parent's value, so code that
// branches on time (timeouts, adaptive steps) stays on its parent's path.
#include "clone/clone_wtime.h"

#include "clone/clone_mirror.h"
#include "clone/clone_state.h"

namespace mpisync {
namespace clone {

namespace {

double Wtime() {
  if (!InFamily())
    return below.MPI_Wtime();
  double t = IsClone() ? 0.0 : below.MPI_Wtime();
  Mirror m("MPI_Wtime");
  m.Add(&t, 1, MPI_DOUBLE);
  m.Run();
  return t;
}

} // namespace

void InstallWtimeEntry(MpiNext *next) { next->MPI_Wtime = Wtime; }

} // namespace clone
} // namespace mpisync
