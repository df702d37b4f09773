// One-sided communication under cloning (clone_rma.h).
#include "clone/clone_rma.h"

#include "clone/clone_requests.h"
#include "clone/clone_state.h"
#include "mpisync_mapped_memory.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

struct OpenWindow {
  MPI_Win handle; // the parent's
  void *base;     // this process's window memory
  uptr bytes;
  void *clone_memory; // a clone's MPI_Win_allocate memory (mapped here)
  uptr mapped;
  // The program's own memory (MPI_Win_create): it outlives the window, and
  // what other processes wrote there is the program's after MPI_Win_free.
  bool program_memory;
};
InternalMmapVectorNoCtor<OpenWindow> windows;

// Result buffers of operations not yet completed, kept in the request
// table under a stand-in handle (its datatypes duplicated there).
struct PendingResult {
  MPI_Win win;
  int target;
  MPI_Request entry;
};
InternalMmapVectorNoCtor<PendingResult> results;

OpenWindow *Find(MPI_Win win) {
  for (uptr i = 0; i < windows.size(); i++)
    if (windows[i].handle == win)
      return &windows[i];
  return nullptr;
}

// The parent creates the window; its clones learn the handle.
template <typename Run>
int MirrorNewWindow(const char *call, MPI_Win *win, void *base, uptr bytes,
                    Run run) {
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = run(), call);
  Mirror m(call);
  m.AddBytes(win, sizeof(*win));
  m.Run();
  windows.push_back({*win, base, bytes, nullptr, 0, base != nullptr});
  return rc;
}

int WinCreate(void *base, MPI_Aint size, int disp_unit, MPI_Info info,
              MPI_Comm comm, MPI_Win *win) {
  if (!InFamily())
    return below.MPI_Win_create(base, size, disp_unit, info, comm, win);
  return MirrorNewWindow(
      "MPI_Win_create", win, base, size > 0 ? (uptr)size : 0, [&] {
        return below.MPI_Win_create(base, size, disp_unit, info, comm, win);
      });
}

int WinAllocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                void *baseptr, MPI_Win *win) {
  if (!InFamily())
    return below.MPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  uptr bytes = size > 0 ? (uptr)size : 0;
  void *memory = nullptr;
  uptr mapped = 0;
  if (IsClone() && bytes) {
    // The clone's own memory where its parent's MPI allocated: the same
    // size, page aligned (at least what MPI promises).
    mapped = RoundUpTo(bytes, GetPageSizeCached());
    memory = MmapOrDie(mapped, "clone window");
  }
  if (IsClone())
    *(void **)baseptr = memory;
  int rc = MirrorNewWindow("MPI_Win_allocate", win, nullptr, bytes, [&] {
    return below.MPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  });
  OpenWindow &w = windows.back();
  w.base = *(void **)baseptr;
  w.clone_memory = memory;
  w.mapped = mapped;
  return rc;
}

int WinFree(MPI_Win *win) {
  if (!InFamily() || !win)
    return below.MPI_Win_free(win);
  int rc = MPI_SUCCESS;
  MPI_Win handle = *win;
  if (IsClone())
    *win = MPI_WIN_NULL;
  else
    CheckRc(rc = below.MPI_Win_free(win), "MPI_Win_free");
  for (uptr i = 0; i < windows.size(); i++) {
    if (windows[i].handle != handle)
      continue;
    // MPI_Win_free completes the epochs of the other processes: a passive
    // target that made no synchronization call of its own reads their
    // writes after it (MPICH's rma/test4).
    // The parent says first whether the memory is still there (an
    // erroneous program may have freed it already, MPICH's rma/winname).
    if (windows[i].program_memory) {
      int mapped =
          !IsClone() && RangeMapped((uptr)windows[i].base, windows[i].bytes);
      Mirror said("MPI_Win_free");
      said.Add(&mapped, 1, MPI_INT);
      said.Run();
      if (mapped) {
        Mirror m("MPI_Win_free");
        m.AddBytes(windows[i].base, windows[i].bytes);
        m.Run();
      }
    }
    if (windows[i].clone_memory)
      UnmapOrDie(windows[i].clone_memory, windows[i].mapped);
    windows[i] = windows.back();
    windows.pop_back();
    break;
  }
  return rc;
}

// What a synchronization mirrors: the window's memory, and the results of
// the operations it completes (to one target, to all, or none).
enum : int { kAllTargets = -1, kNoResults = -2 };

struct SyncArgs {
  const char *call;
  MPI_Win win;
  int completes;       // a target rank, kAllTargets or kNoResults
  bool window;         // remote writes may have become visible
  int *flag = nullptr; // MPI_Win_test
};

bool Completes(const SyncArgs &s, const PendingResult &r) {
  if (r.win != s.win || s.completes == kNoResults)
    return false;
  return s.completes == kAllTargets || s.completes == r.target;
}

template <typename Run> int MirrorSync(const SyncArgs &s, Run run) {
  if (!InFamily())
    return run();
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = run(), s.call);
  Mirror m(s.call);
  if (s.flag)
    m.Add(s.flag, 1, MPI_INT);
  OpenWindow *w = Find(s.win);
  if (w && s.window)
    m.AddBytes(w->base, w->bytes);
  for (uptr i = 0; i < results.size(); i++)
    if (Completes(s, results[i]))
      if (RequestEntry *e = FindRequest(results[i].entry))
        AddReceived(&m, *e, nullptr);
  m.Run();
  for (uptr i = 0; i < results.size();) {
    if (!Completes(s, results[i])) {
      i++;
      continue;
    }
    ForgetRequest(results[i].entry);
    results[i] = results.back();
    results.pop_back();
  }
  return rc;
}

int WinFence(int assert_flags, MPI_Win win) {
  return MirrorSync({"MPI_Win_fence", win, kAllTargets, true},
                    [&] { return below.MPI_Win_fence(assert_flags, win); });
}

int WinPost(MPI_Group group, int assert_flags, MPI_Win win) {
  return MirrorSync({"MPI_Win_post", win, kNoResults, false}, [&] {
    return below.MPI_Win_post(group, assert_flags, win);
  });
}

int WinStart(MPI_Group group, int assert_flags, MPI_Win win) {
  return MirrorSync({"MPI_Win_start", win, kNoResults, false}, [&] {
    return below.MPI_Win_start(group, assert_flags, win);
  });
}

int WinComplete(MPI_Win win) {
  return MirrorSync({"MPI_Win_complete", win, kAllTargets, false},
                    [&] { return below.MPI_Win_complete(win); });
}

int WinWait(MPI_Win win) {
  return MirrorSync({"MPI_Win_wait", win, kNoResults, true},
                    [&] { return below.MPI_Win_wait(win); });
}

int WinTest(MPI_Win win, int *flag) {
  SyncArgs s = {"MPI_Win_test", win, kNoResults, true};
  s.flag = flag;
  return MirrorSync(s, [&] { return below.MPI_Win_test(win, flag); });
}

int WinLock(int lock_type, int rank, int assert_flags, MPI_Win win) {
  return MirrorSync({"MPI_Win_lock", win, kNoResults, true}, [&] {
    return below.MPI_Win_lock(lock_type, rank, assert_flags, win);
  });
}

int WinUnlock(int rank, MPI_Win win) {
  return MirrorSync({"MPI_Win_unlock", win, rank, true},
                    [&] { return below.MPI_Win_unlock(rank, win); });
}

int WinLockAll(int assert_flags, MPI_Win win) {
  return MirrorSync({"MPI_Win_lock_all", win, kNoResults, true},
                    [&] { return below.MPI_Win_lock_all(assert_flags, win); });
}

int WinUnlockAll(MPI_Win win) {
  return MirrorSync({"MPI_Win_unlock_all", win, kAllTargets, true},
                    [&] { return below.MPI_Win_unlock_all(win); });
}

int WinFlush(int rank, MPI_Win win) {
  return MirrorSync({"MPI_Win_flush", win, rank, true},
                    [&] { return below.MPI_Win_flush(rank, win); });
}

int WinFlushAll(MPI_Win win) {
  return MirrorSync({"MPI_Win_flush_all", win, kAllTargets, true},
                    [&] { return below.MPI_Win_flush_all(win); });
}

int WinFlushLocal(int rank, MPI_Win win) {
  return MirrorSync({"MPI_Win_flush_local", win, rank, true},
                    [&] { return below.MPI_Win_flush_local(rank, win); });
}

int WinFlushLocalAll(MPI_Win win) {
  return MirrorSync({"MPI_Win_flush_local_all", win, kAllTargets, true},
                    [&] { return below.MPI_Win_flush_local_all(win); });
}

// Errors are the parent's to raise: a clone's window is not MPI's.
int WinSetErrhandler(MPI_Win win, MPI_Errhandler handler) {
  if (!InFamily())
    return below.MPI_Win_set_errhandler(win, handler);
  return IsClone() ? MPI_SUCCESS : below.MPI_Win_set_errhandler(win, handler);
}

int WinSync(MPI_Win win) {
  return MirrorSync({"MPI_Win_sync", win, kNoResults, true},
                    [&] { return below.MPI_Win_sync(win); });
}

} // namespace

void NoteRmaResults(const CallArgs &call) {
  if (call.dest == MPI_PROC_NULL)
    return; // MPI 4.1 12.3: no effect, nothing written
  if (!AnyLibraryWrites(call.buffers, call.num_buffers))
    return;
  // The same stand-in handle kind on parent and clones: the parent's MPI
  // gave the operation no request.
  MPI_Request entry = NewCloneRequest();
  RegisterRequest(entry, call);
  results.push_back({call.win, call.dest, entry});
}

void AddOpenWindows(Mirror *m) {
  for (uptr i = 0; i < windows.size(); i++)
    m->AddBytes(windows[i].base, windows[i].bytes);
}

bool WindowsOpen() { return !windows.empty(); }

void InstallRmaEntries(MpiNext *next) {
  next->MPI_Win_create = WinCreate;
  next->MPI_Win_allocate = WinAllocate;
  next->MPI_Win_free = WinFree;
  next->MPI_Win_fence = WinFence;
  next->MPI_Win_post = WinPost;
  next->MPI_Win_start = WinStart;
  next->MPI_Win_complete = WinComplete;
  next->MPI_Win_wait = WinWait;
  next->MPI_Win_test = WinTest;
  next->MPI_Win_lock = WinLock;
  next->MPI_Win_unlock = WinUnlock;
  next->MPI_Win_lock_all = WinLockAll;
  next->MPI_Win_unlock_all = WinUnlockAll;
  next->MPI_Win_flush = WinFlush;
  next->MPI_Win_flush_all = WinFlushAll;
  next->MPI_Win_flush_local = WinFlushLocal;
  next->MPI_Win_flush_local_all = WinFlushLocalAll;
  next->MPI_Win_sync = WinSync;
  next->MPI_Win_set_errhandler = WinSetErrhandler;
}

} // namespace clone
} // namespace mpisync
