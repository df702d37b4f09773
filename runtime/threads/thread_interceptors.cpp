// pthread interceptors that feed the thread clocks (thread_clocks.h):
// creation and join, mutexes, condition variables, read-write and spin
// locks, barriers and semaphores; and the instrumented atomics' entries. Calls
// made inside the MPI library (its own locks) and by threads MPISync does not
// track are passed through.
#include "threads/thread_interceptors.h"
#include "mpisync_alloc.h"

#include "interception/interception.h"
#include "mpisync_rtl.h"
#include "mpisync_stack.h"
#include "mpisync_thread_level.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_stacktrace.h"
#include "threads/thread_clocks.h"

#include <pthread.h>
#include <semaphore.h>
#include <time.h>

using namespace __sanitizer;
using mpisync::threads::Acquire;
using mpisync::threads::Release;

namespace {

// Inside MPI first: the library's own locks (under MPI_THREAD_MULTIPLE
// several per call, and more while it polls) stop at a thread-local test.
bool Tracked() { return !mpisync::InsideMpi() && mpisync::threads::Tracking(); }

void AcquireIf(int rc, const volatile void *sync) {
  if (rc == 0 && Tracked())
    Acquire((uptr)sync);
}

void ReleaseIfTracked(const volatile void *sync) {
  if (Tracked())
    Release((uptr)sync);
}

struct ThreadStart {
  void *(*routine)(void *);
  void *arg;
  mpisync::threads::ForkToken *token;
};

void *StartTrackedThread(void *p) {
  ThreadStart start = *static_cast<ThreadStart *>(p);
  mpisync::RuntimeFree(p);
  mpisync::threads::ThreadStarted(start.token);
  // The first unwind of a thread looks up its stack bounds, which mallocs
  // and frees in libc; a report made under StateMutex must not be the first
  // (free() checks pending buffers under StateMutex).
  mpisync::CaptureStack(GET_CURRENT_PC(), GET_CURRENT_FRAME(), /*fast=*/true);
  void *result = start.routine(start.arg);
  mpisync::threads::ThreadFinished((uptr)pthread_self());
  return result;
}

} // namespace

INTERCEPTOR(int, pthread_create, pthread_t *thread, const pthread_attr_t *attr,
            void *(*routine)(void *), void *arg) {
  // The library's own threads (made inside MPI) never run the program's
  // code nor take the runtime's RMA lock (RmaLock).
  if (!mpisync::InsideMpi())
    mpisync::NoteProgramThreadCreated();
  mpisync::threads::ForkToken *token = mpisync::threads::BeforeThreadCreate();
  if (!token)
    return REAL(pthread_create)(thread, attr, routine, arg);
  ThreadStart *start =
      static_cast<ThreadStart *>(mpisync::RuntimeAlloc(sizeof(ThreadStart)));
  *start = {routine, arg, token};
  int rc = REAL(pthread_create)(thread, attr, StartTrackedThread, start);
  if (rc != 0) {
    mpisync::threads::ForgetForkToken(token);
    mpisync::RuntimeFree(start);
  }
  return rc;
}

INTERCEPTOR(int, pthread_join, pthread_t thread, void **result) {
  int rc = REAL(pthread_join)(thread, result);
  if (rc == 0 && Tracked()) {
    Acquire((uptr)thread);
    mpisync::threads::ForgetSync((uptr)thread); // the handle may be reused
  }
  return rc;
}

// Lock-like calls: acquire after a successful lock, release before unlock.
#define MPISYNC_ACQUIRE_INTERCEPTOR(name, type)                                \
  INTERCEPTOR(int, name, type *sync) {                                         \
    int rc = REAL(name)(sync);                                                 \
    AcquireIf(rc, sync);                                                       \
    return rc;                                                                 \
  }
#define MPISYNC_RELEASE_INTERCEPTOR(name, type)                                \
  INTERCEPTOR(int, name, type *sync) {                                         \
    ReleaseIfTracked(sync);                                                    \
    return REAL(name)(sync);                                                   \
  }
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_mutex_lock, pthread_mutex_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_mutex_trylock, pthread_mutex_t)
MPISYNC_RELEASE_INTERCEPTOR(pthread_mutex_unlock, pthread_mutex_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_rwlock_rdlock, pthread_rwlock_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_rwlock_tryrdlock, pthread_rwlock_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_rwlock_wrlock, pthread_rwlock_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_rwlock_trywrlock, pthread_rwlock_t)
MPISYNC_RELEASE_INTERCEPTOR(pthread_rwlock_unlock, pthread_rwlock_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_spin_lock, pthread_spinlock_t)
MPISYNC_ACQUIRE_INTERCEPTOR(pthread_spin_trylock, pthread_spinlock_t)
MPISYNC_RELEASE_INTERCEPTOR(pthread_spin_unlock, pthread_spinlock_t)
MPISYNC_ACQUIRE_INTERCEPTOR(sem_wait, sem_t)
MPISYNC_ACQUIRE_INTERCEPTOR(sem_trywait, sem_t)
MPISYNC_RELEASE_INTERCEPTOR(sem_post, sem_t)
MPISYNC_RELEASE_INTERCEPTOR(pthread_cond_signal, pthread_cond_t)
MPISYNC_RELEASE_INTERCEPTOR(pthread_cond_broadcast, pthread_cond_t)
#undef MPISYNC_ACQUIRE_INTERCEPTOR
#undef MPISYNC_RELEASE_INTERCEPTOR

INTERCEPTOR(int, pthread_mutex_timedlock, pthread_mutex_t *m,
            const struct timespec *abstime) {
  int rc = REAL(pthread_mutex_timedlock)(m, abstime);
  AcquireIf(rc, m);
  return rc;
}

INTERCEPTOR(int, sem_timedwait, sem_t *s, const struct timespec *abstime) {
  int rc = REAL(sem_timedwait)(s, abstime);
  AcquireIf(rc, s);
  return rc;
}

// The wait releases and re-acquires the mutex inside libc; a signal is
// ordered before the wake-up it causes, with or without the mutex.
INTERCEPTOR(int, pthread_cond_wait, pthread_cond_t *c, pthread_mutex_t *m) {
  ReleaseIfTracked(m);
  int rc = REAL(pthread_cond_wait)(c, m);
  AcquireIf(0, m);
  AcquireIf(0, c);
  return rc;
}

INTERCEPTOR(int, pthread_cond_timedwait, pthread_cond_t *c, pthread_mutex_t *m,
            const struct timespec *abstime) {
  ReleaseIfTracked(m);
  int rc = REAL(pthread_cond_timedwait)(c, m, abstime);
  AcquireIf(0, m);
  AcquireIf(0, c);
  return rc;
}

// Every thread's events before the barrier happen before every thread's
// events after it.
INTERCEPTOR(int, pthread_barrier_wait, pthread_barrier_t *b) {
  ReleaseIfTracked(b);
  int rc = REAL(pthread_barrier_wait)(b);
  AcquireIf(0, b);
  return rc;
}

// Atomic operations of instrumented code with acquire or release semantics
// (pass/AtomicSyncInstrumenter.cpp): a flag handed over with C11 atomics
// orders threads as a mutex does.
extern "C" SANITIZER_INTERFACE_ATTRIBUTE void
__mpisync_atomic_acquire(const void *p) {
  if (Tracked())
    Acquire((uptr)p);
}

extern "C" SANITIZER_INTERFACE_ATTRIBUTE void
__mpisync_atomic_release(const void *p) {
  if (Tracked())
    Release((uptr)p);
}

namespace mpisync {
namespace threads {
void InitializeThreadInterceptors() {
  INTERCEPT_FUNCTION(pthread_create);
  INTERCEPT_FUNCTION(pthread_join);
  INTERCEPT_FUNCTION(pthread_mutex_lock);
  INTERCEPT_FUNCTION(pthread_mutex_trylock);
  INTERCEPT_FUNCTION(pthread_mutex_timedlock);
  INTERCEPT_FUNCTION(pthread_mutex_unlock);
  INTERCEPT_FUNCTION(pthread_rwlock_rdlock);
  INTERCEPT_FUNCTION(pthread_rwlock_tryrdlock);
  INTERCEPT_FUNCTION(pthread_rwlock_wrlock);
  INTERCEPT_FUNCTION(pthread_rwlock_trywrlock);
  INTERCEPT_FUNCTION(pthread_rwlock_unlock);
  INTERCEPT_FUNCTION(pthread_spin_lock);
  INTERCEPT_FUNCTION(pthread_spin_trylock);
  INTERCEPT_FUNCTION(pthread_spin_unlock);
  INTERCEPT_FUNCTION(sem_wait);
  INTERCEPT_FUNCTION(sem_trywait);
  INTERCEPT_FUNCTION(sem_timedwait);
  INTERCEPT_FUNCTION(sem_post);
  INTERCEPT_FUNCTION(pthread_cond_signal);
  INTERCEPT_FUNCTION(pthread_cond_broadcast);
  INTERCEPT_FUNCTION(pthread_cond_wait);
  INTERCEPT_FUNCTION(pthread_cond_timedwait);
  INTERCEPT_FUNCTION(pthread_barrier_wait);
}
} // namespace threads
} // namespace mpisync
