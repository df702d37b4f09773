// The cloning layer's completion calls (clone_completion.cpp).
#ifndef MPISYNC_CLONE_COMPLETION_H
#define MPISYNC_CLONE_COMPLETION_H

#include "mpisync_mpi_next.h"

namespace mpisync {
namespace clone {

void InstallCompletionEntries(MpiNext *next);

} // namespace clone
} // namespace mpisync

#endif // MPISYNC_CLONE_COMPLETION_H
