// Completion calls under cloning: the parent waits or tests, a clone does
// not; the parent's outcome (flag, index, indices, statuses, and which of
// the requests the layer knows) reaches the clones in one broadcast, the
// receive buffers of the completed requests in a second one, and each clone
// completes the requests at the same positions as its parent (MPIecho's
// matching by index). MPI_Start(all), MPI_Request_free and MPI_Cancel are
// here too: they act on requests only.
#include "clone/clone_completion.h"
#include "mpisync_alloc.h"

#include "clone/clone_calls.h"
#include "clone/clone_mirror.h"
#include "clone/clone_requests.h"
#include "clone/clone_sendcheck.h"
#include "mpisync_flags.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_libc.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

namespace {

enum class Outcome {
  kOne,  // MPI_Wait, MPI_Test (with flag), MPI_Request_get_status
  kAll,  // MPI_Waitall, MPI_Testall (with flag)
  kAny,  // MPI_Waitany, MPI_Testany: *index
  kSome, // MPI_Waitsome, MPI_Testsome: indices[0..*outcount)
};

struct Completion {
  const char *call;
  Outcome outcome;
  int n;
  MPI_Request *slots;         // the program's handles (null: by value)
  const MPI_Request *handles; // as they were before the call
  int *flag = nullptr;
  int *index = nullptr;
  int *outcount = nullptr;
  int *indices = nullptr;
  MPI_Status *statuses = nullptr; // the program's, or MPI_STATUS(ES)_IGNORE
  bool one_status = false; // a single status (Wait, Test, Waitany, Testany)
  bool completes = true;   // false: MPI_Request_get_status
};

// Scratch arrays of a completion call: statuses the program may ignore,
// and which requests the parent's layer knows.
class Scratch {
public:
  explicit Scratch(int n) : n_(n < 1 ? 1 : n) {
    statuses = (MPI_Status *)RuntimeAlloc(sizeof(MPI_Status) * n_);
    known = (int *)RuntimeAlloc(sizeof(int) * n_);
    internal_memset(statuses, 0, sizeof(MPI_Status) * n_);
  }
  ~Scratch() {
    RuntimeFree(statuses);
    RuntimeFree(known);
  }
  MPI_Status *statuses;
  int *known;

private:
  int n_;
};

bool Completed(const Completion &c, int i) {
  if (c.handles[i] == MPI_REQUEST_NULL)
    return false;
  switch (c.outcome) {
  case Outcome::kOne:
  case Outcome::kAll:
    return !c.flag || *c.flag;
  case Outcome::kAny:
    return (!c.flag || *c.flag) && *c.index == i;
  case Outcome::kSome:
    if (*c.outcount == MPI_UNDEFINED)
      return false;
    for (int k = 0; k < *c.outcount; k++)
      if (c.indices[k] == i)
        return true;
    return false;
  }
  return false;
}

// The status of request i: the one status, statuses[i] (the all forms), or
// statuses[k] where indices[k] == i (the some forms).
const MPI_Status *StatusOf(const Completion &c, const MPI_Status *st, int i) {
  if (c.one_status)
    return st;
  if (c.outcome == Outcome::kSome) {
    for (int k = 0; k < *c.outcount; k++)
      if (c.indices[k] == i)
        return st + k;
  }
  return st + i;
}

template <typename Run> int RunCompletion(Completion &c, Run run) {
  int num_statuses = c.one_status ? 1 : c.n;
  Scratch scratch(c.n);
  // The two sentinels are one value in MPICH, not in every MPI.
  // NOLINTBEGIN(misc-redundant-expression)
  bool ignored =
      c.statuses == MPI_STATUS_IGNORE || c.statuses == MPI_STATUSES_IGNORE;
  // NOLINTEND(misc-redundant-expression)
  MPI_Status *st = ignored ? scratch.statuses : c.statuses;
  for (int i = 0; i < c.n; i++) {
    RequestEntry *e = FindRequest(c.handles[i]);
    scratch.known[i] = e && e->active;
  }
  int rc = MPI_SUCCESS;
  if (!IsClone()) {
    rc = run(st);
    CheckRc(rc, c.call);
  }
  Mirror header(c.call);
  if (c.flag)
    header.Add(c.flag, 1, MPI_INT);
  if (c.index)
    header.Add(c.index, 1, MPI_INT);
  if (c.outcount) {
    header.Add(c.outcount, 1, MPI_INT);
    header.Add(c.indices, c.n, MPI_INT);
  }
  header.AddBytes(st, sizeof(MPI_Status) * num_statuses);
  header.Add(scratch.known, c.n, MPI_INT);
  header.Run();

  Mirror data(c.call);
  for (int i = 0; i < c.n; i++) {
    if (!Completed(c, i) || !scratch.known[i])
      continue;
    RequestEntry *e = FindRequest(c.handles[i]);
    if (!e)
      Fail(c.call, "a clone does not know a request its parent completed "
                   "(the clones diverged)");
    AddReceived(&data, *e, StatusOf(c, st, i));
  }
  data.Run();
  if (c.completes)
    for (int i = 0; i < c.n; i++)
      if (Completed(c, i))
        CompleteRequest(c.slots ? c.slots + i : nullptr, c.handles[i]);
  return rc;
}

// Handles copied before the parent's MPI overwrites them.
class SavedHandles {
public:
  SavedHandles(const MPI_Request *slots, int n) {
    handles =
        (MPI_Request *)RuntimeAlloc(sizeof(MPI_Request) * (n < 1 ? 1 : n));
    for (int i = 0; i < n; i++)
      handles[i] = slots[i];
  }
  ~SavedHandles() { RuntimeFree(handles); }
  MPI_Request *handles;
};

int Wait(MPI_Request *request, MPI_Status *status) {
  if (!InFamily() || *request == MPI_REQUEST_NULL)
    return below.MPI_Wait(request, status);
  SavedHandles saved(request, 1);
  Completion c = {"MPI_Wait", Outcome::kOne, 1, request, saved.handles};
  c.statuses = status;
  c.one_status = true;
  auto run = [&](MPI_Status *st) { return below.MPI_Wait(request, st); };
  return RunCompletion(c, run);
}

int Test(MPI_Request *request, int *flag, MPI_Status *status) {
  if (!InFamily() || *request == MPI_REQUEST_NULL)
    return below.MPI_Test(request, flag, status);
  SavedHandles saved(request, 1);
  Completion c = {"MPI_Test", Outcome::kOne, 1, request, saved.handles};
  c.flag = flag;
  c.statuses = status;
  c.one_status = true;
  auto run = [&](MPI_Status *st) { return below.MPI_Test(request, flag, st); };
  return RunCompletion(c, run);
}

int RequestGetStatus(MPI_Request request, int *flag, MPI_Status *status) {
  if (!InFamily() || request == MPI_REQUEST_NULL)
    return below.MPI_Request_get_status(request, flag, status);
  Completion c = {"MPI_Request_get_status", Outcome::kOne, 1, nullptr,
                  &request};
  c.flag = flag;
  c.statuses = status;
  c.one_status = true;
  c.completes = false;
  auto run = [&](MPI_Status *st) {
    return below.MPI_Request_get_status(request, flag, st);
  };
  return RunCompletion(c, run);
}

// The calls over an array of requests differ only in their outcome and in
// which of flag, index, outcount and indices they have: `outputs` holds
// those (the rest null); `run` is the library's call.
template <typename Run>
int RunArrayCompletion(const char *call, Outcome outcome,
                       const Completion &outputs, int count,
                       MPI_Request requests[], MPI_Status *statuses, Run run) {
  if (!InFamily())
    return run(statuses);
  SavedHandles saved(requests, count);
  Completion c = outputs;
  c.call = call;
  c.outcome = outcome;
  c.n = count;
  c.slots = requests;
  c.handles = saved.handles;
  c.statuses = statuses;
  c.one_status = outcome == Outcome::kAny;
  return RunCompletion(c, run);
}

int Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  return RunArrayCompletion(
      "MPI_Waitall", Outcome::kAll, {}, count, requests, statuses,
      [&](MPI_Status *st) { return below.MPI_Waitall(count, requests, st); });
}

int Testall(int count, MPI_Request requests[], int *flag,
            MPI_Status statuses[]) {
  Completion outputs = {};
  outputs.flag = flag;
  return RunArrayCompletion("MPI_Testall", Outcome::kAll, outputs, count,
                            requests, statuses, [&](MPI_Status *st) {
                              return below.MPI_Testall(count, requests, flag,
                                                       st);
                            });
}

int Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status) {
  Completion outputs = {};
  outputs.index = index;
  return RunArrayCompletion("MPI_Waitany", Outcome::kAny, outputs, count,
                            requests, status, [&](MPI_Status *st) {
                              return below.MPI_Waitany(count, requests, index,
                                                       st);
                            });
}

int Testany(int count, MPI_Request requests[], int *index, int *flag,
            MPI_Status *status) {
  Completion outputs = {};
  outputs.index = index;
  outputs.flag = flag;
  return RunArrayCompletion("MPI_Testany", Outcome::kAny, outputs, count,
                            requests, status, [&](MPI_Status *st) {
                              return below.MPI_Testany(count, requests, index,
                                                       flag, st);
                            });
}

int Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
             MPI_Status statuses[]) {
  Completion outputs = {};
  outputs.outcount = outcount;
  outputs.indices = indices;
  return RunArrayCompletion("MPI_Waitsome", Outcome::kSome, outputs, incount,
                            requests, statuses, [&](MPI_Status *st) {
                              return below.MPI_Waitsome(incount, requests,
                                                        outcount, indices, st);
                            });
}

int Testsome(int incount, MPI_Request requests[], int *outcount, int indices[],
             MPI_Status statuses[]) {
  Completion outputs = {};
  outputs.outcount = outcount;
  outputs.indices = indices;
  return RunArrayCompletion("MPI_Testsome", Outcome::kSome, outputs, incount,
                            requests, statuses, [&](MPI_Status *st) {
                              return below.MPI_Testsome(incount, requests,
                                                        outcount, indices, st);
                            });
}

// A persistent request sends when started: SendCheck runs here.
void StartRequest(const char *call, MPI_Request handle) {
  RequestEntry *e = FindRequest(handle);
  if (!e)
    return;
  if (flags()->clone_sendcheck && !e->to_proc_null)
    SendCheck(call, e->buffers, e->num_buffers);
  e->active = true;
}

int Start(MPI_Request *request) {
  if (!InFamily())
    return below.MPI_Start(request);
  StartRequest("MPI_Start", *request);
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Start(request), "MPI_Start");
  return rc;
}

int Startall(int count, MPI_Request requests[]) {
  if (!InFamily())
    return below.MPI_Startall(count, requests);
  for (int i = 0; i < count; i++)
    StartRequest("MPI_Startall", requests[i]);
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Startall(count, requests), "MPI_Startall");
  return rc;
}

int RequestFree(MPI_Request *request) {
  if (!InFamily())
    return below.MPI_Request_free(request);
  MPI_Request handle = *request;
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Request_free(request), "MPI_Request_free");
  else
    *request = MPI_REQUEST_NULL;
  ForgetRequest(handle);
  return rc;
}

// The cancellation shows in the status the parent's completion mirrors.
int Cancel(MPI_Request *request) {
  if (!InFamily() || !IsClone())
    return below.MPI_Cancel(request);
  return MPI_SUCCESS;
}

} // namespace

void InstallCompletionEntries(MpiNext *next) {
  next->MPI_Wait = Wait;
  next->MPI_Test = Test;
  next->MPI_Waitall = Waitall;
  next->MPI_Testall = Testall;
  next->MPI_Waitany = Waitany;
  next->MPI_Testany = Testany;
  next->MPI_Waitsome = Waitsome;
  next->MPI_Testsome = Testsome;
  next->MPI_Request_get_status = RequestGetStatus;
  next->MPI_Request_free = RequestFree;
  next->MPI_Cancel = Cancel;
  next->MPI_Start = Start;
  next->MPI_Startall = Startall;
}

} // namespace clone
} // namespace mpisync
