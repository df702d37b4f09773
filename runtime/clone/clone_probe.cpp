// Probes under cloning: the parent probes, its status (and MPI_Iprobe's
// flag) reaches the clones in one broadcast, so a clone posts the receive
// its parent posts. Matched probes (MPI_Mprobe, MPI_Improbe) are refused:
// their message handles would need mirroring of their own.
#include "clone/clone_probe.h"

#include "clone/clone_mirror.h"
#include "clone/clone_state.h"

namespace mpisync {
namespace clone {

namespace {

int Probe(int source, int tag, MPI_Comm comm, MPI_Status *status) {
  if (!InFamily())
    return below.MPI_Probe(source, tag, comm, status);
  MPI_Status ignored;
  if (status == MPI_STATUS_IGNORE)
    status = &ignored;
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Probe(source, tag, comm, status), "MPI_Probe");
  Mirror m("MPI_Probe");
  m.AddBytes(status, sizeof(*status));
  m.Run();
  return rc;
}

int Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status) {
  if (!InFamily())
    return below.MPI_Iprobe(source, tag, comm, flag, status);
  MPI_Status ignored;
  if (status == MPI_STATUS_IGNORE)
    status = &ignored;
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Iprobe(source, tag, comm, flag, status),
            "MPI_Iprobe");
  Mirror m("MPI_Iprobe");
  m.Add(flag, 1, MPI_INT);
  m.AddBytes(status, sizeof(*status));
  m.Run();
  return rc;
}

} // namespace

void InstallProbeEntries(MpiNext *next) {
  next->MPI_Probe = Probe;
  next->MPI_Iprobe = Iprobe;
}

} // namespace clone
} // namespace mpisync
