// MPISync's options (mpisync_flags.inc), parsed once from MPISYNC_OPTIONS.
#ifndef MPISYNC_FLAGS_H
#define MPISYNC_FLAGS_H

#include "sanitizer_common/sanitizer_common.h"

namespace mpisync {

struct Flags {
#define MPISYNC_FLAG(Type, Name, DefaultValue, Description) Type Name;
#include "mpisync_flags.inc"
#undef MPISYNC_FLAG
};

extern Flags mpisync_flags;
inline Flags *flags() { return &mpisync_flags; }

// Parses MPISYNC_OPTIONS; an unknown key or a bad value is a one-line fatal
// error naming the key.
void InitializeFlags();

// Walks the same grammar as FlagParser (name=value pairs separated by
// spaces, commas or colons; values may be quoted) and checks every pair
// against the option table: false, with the message in `error`, at the
// first problem.
bool ValidateOptions(const char *options,
                     __sanitizer::InternalScopedString *error);

} // namespace mpisync

#endif // MPISYNC_FLAGS_H
