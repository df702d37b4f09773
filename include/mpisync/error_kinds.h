// The error kinds as a C++ enum (error_kinds.def is the list). Dependency
// free: the runtime, the pass and the clang plugin include it.
#ifndef MPISYNC_CONTRACT_ERROR_KINDS_H
#define MPISYNC_CONTRACT_ERROR_KINDS_H

#include <stdint.h>

namespace mpisync {

enum class ErrorKind : uint8_t {
#define MPISYNC_ERROR_KIND(Enum, Name, Description) Enum,
#include "mpisync/error_kinds.def"
#undef MPISYNC_ERROR_KIND
  kNone, // not an error: a rule that allows the access
};

constexpr const char *ErrorKindName(ErrorKind kind) {
  switch (kind) {
#define MPISYNC_ERROR_KIND(Enum, Name, Description)                            \
  case ErrorKind::Enum:                                                        \
    return Name;
#include "mpisync/error_kinds.def"
#undef MPISYNC_ERROR_KIND
  case ErrorKind::kNone:
    break;
  }
  return "none";
}

} // namespace mpisync

#endif // MPISYNC_CONTRACT_ERROR_KINDS_H
