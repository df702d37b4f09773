// The MPI call an RMA record comes from (an operation's, a completing
// synchronization's, or the call whose buffer lies in window memory), as a
// byte: records are kept by the 10^5 per epoch, and a pointer each made
// them 88 bytes instead of 64. Calls every process knows (kCallNames) have
// the same byte everywhere and travel as it; other names (a send or
// receive buffer in window memory: MPI_Recv, MPI_Bcast, ...) get bytes of
// this process and travel as kOtherCall ("an RMA call" at the receiver).
#ifndef MPISYNC_RMA_CALL_NAMES_H
#define MPISYNC_RMA_CALL_NAMES_H

#include "sanitizer_common/sanitizer_internal_defs.h"

namespace mpisync {

using __sanitizer::u8;

constexpr u8 kNoCall = 0xff, kOtherCall = 0xfe;

// The byte of `name` (a string that outlives the process's records: the
// wrappers' call names), kNoCall for null; kOtherCall once this process
// has seen more distinct names than a byte holds. Thread safe.
u8 CallId(const char *name);
// The name of a byte: null for kNoCall.
const char *CallName(u8 id);
// A byte as sent to another process, and a received byte as kept here.
u8 WireCallId(u8 id);
u8 CallIdFromWire(u8 wire);

} // namespace mpisync

#endif // MPISYNC_RMA_CALL_NAMES_H
