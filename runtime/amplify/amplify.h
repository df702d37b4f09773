// Amplify mode (MPISYNC_OPTIONS=amplify=1, docs/amplify.md): a layer between
// the wrappers and MPI that holds operations back and hands them to MPI at
// the latest point, in the most hostile order and granularity the standard
// allows, so that a latent synchronization error becomes a wrong result in
// this run. This header is what the rest of the runtime sees of it.
#ifndef MPISYNC_AMPLIFY_H
#define MPISYNC_AMPLIFY_H

#include "mpisync_mpi_next.h"
#include "mpisync_report.h"

namespace __sanitizer {
class InternalScopedString;
}

namespace mpisync {

struct ReportDesc;

namespace amplify {

// Checks the amplify options (a bad value is a one-line fatal error, as for
// every option) and says whether amplify=1.
bool Enabled();
// The layer's install function (mpisync_layers.cpp).
void Install(MpiNext *next);
// True once the layer is installed.
bool Active();
// stats=1: the counts of held, split and reordered operations.
void PrintStats();
// For reports: the stage that forced a conflict of `kind` to manifest in
// this run, or null when amplify is off or does not act on that kind.
const char *ForcedStage(ErrorKind kind);
// Names in `desc` the stage that forced its conflict (the text's
// "amplified: <stage> (...)" line, the JSON's "amplified"); nothing when
// ForcedStage(kind) is null or amplify did not act on its call.
void AnnotateReport(ReportDesc *desc);

} // namespace amplify
} // namespace mpisync

#endif // MPISYNC_AMPLIFY_H
