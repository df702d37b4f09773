// Where reports go (log_path), set once the rank is known.
#ifndef MPISYNC_LOG_PATH_H
#define MPISYNC_LOG_PATH_H

namespace mpisync {

// stderr, stdout, or PREFIX.<rank>.<pid> ('%r' in the prefix: the rank
// there instead). A missing directory of the prefix is created (ranks may
// race to create it: that is not an error); a prefix that is too long, or
// whose directory cannot be created or written, falls back to stderr with
// one warning, so no run loses its reports.
void SetLogPathForRank(int rank);

} // namespace mpisync

#endif // MPISYNC_LOG_PATH_H
