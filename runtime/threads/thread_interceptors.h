// The pthread interceptors of thread_interceptors.cpp.
#ifndef MPISYNC_THREAD_INTERCEPTORS_H
#define MPISYNC_THREAD_INTERCEPTORS_H

namespace mpisync {
namespace threads {

// Called once from Initialize(), before any thread but the main one runs.
void InitializeThreadInterceptors();

} // namespace threads
} // namespace mpisync

#endif // MPISYNC_THREAD_INTERCEPTORS_H
