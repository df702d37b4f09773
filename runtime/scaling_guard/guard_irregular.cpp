// The irregular collectives' entries of the scaling guard (detector D).
#include "guard_irregular.h"

namespace mpisync {
namespace scaling {

void InstallIrregular(MpiNext *next) {
  InstallRootedV(next);
  InstallExchange(next);
}

} // namespace scaling
} // namespace mpisync
