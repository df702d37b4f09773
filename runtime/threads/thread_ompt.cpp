// The OpenMP tool (OMPT, OpenMP 5.1 chapter 19) that tells the thread
// clocks (thread_clocks.h) how OpenMP orders threads: the fork and join of
// a parallel region, barriers, critical sections, locks and ordered
// regions, and tasks (creation, completion, taskwait, taskgroup, tasks with
// dependences). libomp finds ompt_start_tool in the program (the drivers
// export it) and calls it at its start-up.
//
// Where OpenMP's order is finer than what is tracked here, the engine
// errs towards more order (a missed race), never less (a false report):
// all completed tasks release into one clock that taskwait, taskgroup,
// barriers and tasks with dependences acquire.
#include "mpisync_alloc.h"
#include "mpisync_flags.h"
#include "mpisync_rtl.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_atomic.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "threads/thread_clocks.h"

#include <omp-tools.h>

using namespace __sanitizer;
using mpisync::threads::Acquire;
using mpisync::threads::ForgetSync;
using mpisync::threads::Release;

namespace {

// One parallel region; its address names its fork, barrier and join
// clocks. Freed when the last of its implicit tasks and the region ended.
struct TeamCell {
  atomic_uint32_t refs;
  char keys[3];
  uptr fork() const { return (uptr)&keys[0]; }
  uptr barrier() const { return (uptr)&keys[1]; }
  uptr join() const { return (uptr)&keys[2]; }
};

// One task (implicit or explicit): its address names its creation clock.
struct TaskCell {
  TeamCell *team; // implicit tasks: their region
  bool explicit_task;
  bool has_dependences;
  unsigned index; // implicit tasks: the thread's number in the team
};

// Every explicit task releases into this clock when it completes.
char tasks_done_key;
uptr TasksDone() { return (uptr)&tasks_done_key; }

TeamCell *NewTeam() {
  TeamCell *t =
      static_cast<TeamCell *>(mpisync::RuntimeAlloc(sizeof(TeamCell)));
  internal_memset(t, 0, sizeof(*t));
  atomic_store_relaxed(&t->refs, 1);
  return t;
}

void Unref(TeamCell *t) {
  if (atomic_fetch_sub(&t->refs, 1, memory_order_acq_rel) != 1)
    return;
  ForgetSync(t->fork());
  ForgetSync(t->barrier());
  ForgetSync(t->join());
  mpisync::RuntimeFree(t);
}

TaskCell *NewTask(TeamCell *team, bool explicit_task, bool deps,
                  unsigned index) {
  TaskCell *c =
      static_cast<TaskCell *>(mpisync::RuntimeAlloc(sizeof(TaskCell)));
  *c = {team, explicit_task, deps, index};
  return c;
}

TaskCell *TaskOf(ompt_data_t *data) {
  return data ? static_cast<TaskCell *>(data->ptr) : nullptr;
}

void OnParallelBegin(ompt_data_t *, const ompt_frame_t *,
                     ompt_data_t *parallel_data, unsigned int, int,
                     const void *) {
  TeamCell *team = NewTeam();
  parallel_data->ptr = team;
  Release(team->fork());
}

void OnParallelEnd(ompt_data_t *parallel_data, ompt_data_t *, int,
                   const void *) {
  TeamCell *team = static_cast<TeamCell *>(parallel_data->ptr);
  if (!team)
    return;
  Acquire(team->barrier());
  Acquire(team->join());
  Acquire(TasksDone());
  parallel_data->ptr = nullptr;
  Unref(team);
}

void OnImplicitTask(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, unsigned int, unsigned int index,
                    int flags) {
  if (flags & ompt_task_initial)
    return;
  if (endpoint == ompt_scope_begin) {
    TeamCell *team =
        parallel_data ? static_cast<TeamCell *>(parallel_data->ptr) : nullptr;
    if (!team)
      return;
    atomic_fetch_add(&team->refs, 1, memory_order_relaxed);
    task_data->ptr = NewTask(team, false, false, index);
    mpisync::threads::SetParked(false);
    Acquire(team->fork());
    return;
  }
  TaskCell *task = TaskOf(task_data);
  if (!task)
    return;
  Release(task->team->join());
  // A worker waits in the pool for its next region, whose fork it
  // acquires before it runs the program's code again.
  if (task->index != 0)
    mpisync::threads::SetParked(true);
  Unref(task->team);
  task_data->ptr = nullptr;
  mpisync::RuntimeFree(task);
}

bool IsBarrier(ompt_sync_region_t kind) {
  return kind != ompt_sync_region_taskwait &&
         kind != ompt_sync_region_taskgroup &&
         kind != ompt_sync_region_reduction;
}

void OnSyncRegion(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                  ompt_data_t *, ompt_data_t *task_data, const void *) {
  TaskCell *task = TaskOf(task_data);
  uptr barrier =
      task && task->team && IsBarrier(kind) ? task->team->barrier() : 0;
  if (endpoint == ompt_scope_begin) {
    if (barrier)
      Release(barrier);
    return;
  }
  if (barrier)
    Acquire(barrier);
  Acquire(TasksDone());
}

void OnTaskCreate(ompt_data_t *encountering, const ompt_frame_t *,
                  ompt_data_t *new_task_data, int flags, int has_dependences,
                  const void *) {
  if (!(flags & ompt_task_explicit))
    return;
  TaskCell *parent = TaskOf(encountering);
  TaskCell *task =
      NewTask(parent ? parent->team : nullptr, true, has_dependences != 0, 0);
  new_task_data->ptr = task;
  Release((uptr)task);
}

void OnTaskSchedule(ompt_data_t *prior, ompt_task_status_t status,
                    ompt_data_t *next) {
  TaskCell *done = TaskOf(prior);
  if (done && done->explicit_task) {
    bool finished = status == ompt_task_complete ||
                    status == ompt_task_cancel ||
                    status == ompt_task_late_fulfill;
    if (finished || status == ompt_task_detach)
      Release(TasksDone());
    if (finished) {
      ForgetSync((uptr)done);
      prior->ptr = nullptr;
      mpisync::RuntimeFree(done);
    }
  }
  TaskCell *task = TaskOf(next);
  if (task && task->explicit_task) {
    Acquire((uptr)task);
    if (task->has_dependences)
      Acquire(TasksDone());
  }
}

void OnMutexAcquired(ompt_mutex_t, ompt_wait_id_t wait_id, const void *) {
  Acquire((uptr)wait_id);
}

void OnMutexReleased(ompt_mutex_t, ompt_wait_id_t wait_id, const void *) {
  Release((uptr)wait_id);
}

void OnNestLock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
                const void *) {
  if (endpoint == ompt_scope_begin)
    Acquire((uptr)wait_id);
  else
    Release((uptr)wait_id);
}

int InitializeTool(ompt_function_lookup_t lookup, int, ompt_data_t *) {
  auto set = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!set)
    return 0;
  set(ompt_callback_parallel_begin, (ompt_callback_t)OnParallelBegin);
  set(ompt_callback_parallel_end, (ompt_callback_t)OnParallelEnd);
  set(ompt_callback_implicit_task, (ompt_callback_t)OnImplicitTask);
  set(ompt_callback_sync_region, (ompt_callback_t)OnSyncRegion);
  set(ompt_callback_task_create, (ompt_callback_t)OnTaskCreate);
  set(ompt_callback_task_schedule, (ompt_callback_t)OnTaskSchedule);
  set(ompt_callback_mutex_acquired, (ompt_callback_t)OnMutexAcquired);
  set(ompt_callback_mutex_released, (ompt_callback_t)OnMutexReleased);
  set(ompt_callback_nest_lock, (ompt_callback_t)OnNestLock);
  return 1; // keep the tool
}

void FinalizeTool(ompt_data_t *) {}

ompt_start_tool_result_t tool = {InitializeTool, FinalizeTool, {0}};

} // namespace

extern "C" SANITIZER_INTERFACE_ATTRIBUTE ompt_start_tool_result_t *
ompt_start_tool(unsigned int, const char *) {
  mpisync::Initialize();
  return mpisync::flags()->thread_clocks ? &tool : nullptr;
}
