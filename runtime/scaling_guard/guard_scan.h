// Detector D on one call's displacement arrays (guard_scan.cpp): the
// scan and recovery, the verdict (agreed for blocking calls), the report,
// and the MPI_Aint copies of the large-count strategy. Shared by
// guard_rooted_v.cpp and guard_exchange.cpp.
#ifndef MPISYNC_GUARD_SCAN_H
#define MPISYNC_GUARD_SCAN_H

#include <mpi.h>

#include "../mpisync_scratch.h"
#include "guard_internal.h"
#include "guard_options.h"
#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {
namespace scaling {

using __sanitizer::s64;
using __sanitizer::uptr;

constexpr s64 kIntMax = 2147483647;

// One displacement array of a call as this process passed it.
struct DisplArray {
  const char *name = nullptr; // "displs", "sdispls", "rdispls"
  const int *counts = nullptr;
  const int *displs = nullptr;
  int n = 0;
  const void *buf = nullptr;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  const MPI_Datatype *types = nullptr; // w forms: per entry, byte displs
};

// What detector D made of one array.
enum Verdict : s64 { kClean = 0, kWrapped = 1, kBeyondBuffer = 2 };
struct Scan {
  ScratchVector<s64> c; // the recovered displacements
  int first_wrap = -1;
  s64 lo = 0, hi = 0; // the recovered byte range, relative to buf
  Verdict verdict = kClean;
};

// Scans `a` and recovers it if it wrapped; checks the recovered range
// against the process's mapped memory.
Verdict ScanArray(const DisplArray &a, Scan *s);

// The report of this process's first wrapped array, if any.
void ReportScan(const char *collective, const DisplArray *arrays,
                const Scan *scans, int n, Strategy strategy, const char *how);

// The MPI_Count and MPI_Aint copies of an array for a large-count call:
// scratch memory for a blocking call, retained for the others (MPI reads
// them until the operation completes).
struct Wide {
  MPI_Count *counts = nullptr;
  MPI_Aint *displs = nullptr;
};
Wide Widen(const DisplArray &a, const Scan &s, Form form,
           ScratchVector<char> *scratch);

// The verdict of the call: this process's, or for a blocking call the
// worst over the communicator (one allreduce).
Verdict Decide(Form form, MPI_Comm comm, const DisplArray *arrays, Scan *scans,
               int n);

// Why a range past mapped memory is passed through.
extern const char *const kBeyondHow;

// Strategy for a D problem of a collective that only has large_count;
// writes the report's "how".
Strategy LargeCountOnly(Form form, const char *name, char *how, uptr how_size);

// stats=1: the call was rewritten or passed through.
void CountOutcome(Verdict v, Strategy strategy);

// Runs D on `arrays` and reports; true if the large-count call is to be
// taken.
bool NeedsLargeCount(Form form, MPI_Comm comm, const char *name,
                     const DisplArray *arrays, Scan *scans, int n);

int CommSize(MPI_Comm comm);
// Not null, not an intercommunicator.
bool Guardable(MPI_Comm comm);

} // namespace scaling
} // namespace mpisync

#endif // MPISYNC_GUARD_SCAN_H
