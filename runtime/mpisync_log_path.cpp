// log_path: where each rank's reports go (mpisync_log_path.h).
#include "mpisync_log_path.h"

#include "mpisync_flags.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_file.h"
#include "sanitizer_common/sanitizer_interface_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace __sanitizer;

namespace mpisync {

namespace {

// sanitizer_common appends ".<pid>" and refuses prefixes this close to its
// buffer's end (it would stop the process).
constexpr uptr kMaxPrefixLength = kMaxPathLength - 100;

void Warn(const char *what, const char *path) {
  Printf("==%d==WARNING: MPISync: log_path: %s '%s'; reports go to stderr\n",
         (int)internal_getpid(), what, path);
}

// Creates every missing directory of `path` (up to its last '/'). Another
// rank creating the same directory at the same time is fine: what counts
// is that it exists afterwards. Returns false (and `failed` holds the
// directory) if one cannot be made.
bool CreateParentDirectories(char *path, const char **failed) {
  for (char *p = path + 1; *p; p++) {
    if (*p != '/')
      continue;
    *p = 0;
    bool ok = DirExists(path) || mkdir(path, 0755) == 0 || errno == EEXIST;
    ok = ok && DirExists(path);
    if (!ok) {
      *failed = path;
      return false;
    }
    *p = '/';
  }
  return true;
}

// The directory the log files go into can take new files.
bool DirectoryWritable(const char *path) {
  const char *slash = internal_strrchr(path, '/');
  if (!slash)
    return access(".", W_OK | X_OK) == 0;
  InternalScopedString dir;
  dir.Append(path);
  uptr len = slash == path ? 1 : (uptr)(slash - path);
  dir.data()[len] = 0;
  return access(dir.data(), W_OK | X_OK) == 0;
}

} // namespace

void SetLogPathForRank(int rank) {
  const char *path = flags()->log_path;
  if (!path || !*path || !internal_strcmp(path, "stderr") ||
      !internal_strcmp(path, "stdout")) {
    __sanitizer_set_report_path(path && *path ? path : "stderr");
    return;
  }
  // PREFIX.<rank> (or %r replaced by the rank); sanitizer_common appends
  // .<pid>.
  InternalScopedString expanded;
  bool had_rank = false;
  for (const char *p = path; *p; p++) {
    if (p[0] == '%' && p[1] == 'r') {
      expanded.AppendF("%d", rank);
      had_rank = true;
      p++;
    } else {
      expanded.AppendF("%c", *p);
    }
  }
  if (!had_rank)
    expanded.AppendF(".%d", rank);
  if (expanded.length() > kMaxPrefixLength) {
    Warn("the path is too long", path);
    __sanitizer_set_report_path("stderr");
    return;
  }
  const char *failed = nullptr;
  if (!CreateParentDirectories(expanded.data(), &failed)) {
    Warn("cannot create the directory", failed);
    __sanitizer_set_report_path("stderr");
    return;
  }
  if (!DirectoryWritable(expanded.data())) {
    Warn("cannot write into the directory of", expanded.data());
    __sanitizer_set_report_path("stderr");
    return;
  }
  __sanitizer_set_report_path(expanded.data());
}

} // namespace mpisync
