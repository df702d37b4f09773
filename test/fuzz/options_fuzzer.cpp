// libFuzzer target for the MPISYNC_OPTIONS validator (runtime/
// mpisync_flags_validate.cpp), built with AddressSanitizer: whatever the
// string, validation returns, reads nothing past it, and a refusal always
// says why (an accepted string says nothing). test/fuzz/options_fuzz.test
// runs it for a bounded time from the corpus in corpus/options/.
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mpisync_flags.h"
#include "sanitizer_common/sanitizer_stacktrace.h"

// sanitizer_common leaves unwinding to its tool; the validator never
// unwinds.
void __sanitizer::BufferedStackTrace::UnwindImpl(uptr, uptr, void *, bool,
                                                 u32) {}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The environment variable is a C string: cut at the first NUL.
  char *options = new char[size + 1];
  memcpy(options, data, size);
  options[size] = 0;
  __sanitizer::InternalScopedString error;
  bool ok = mpisync::ValidateOptions(options, &error);
  if (ok != (error.length() == 0))
    __builtin_trap();
  delete[] options;
  return 0;
}
