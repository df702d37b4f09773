// Communicator management under cloning. A parent runs the calls; a clone
// answers rank and size queries from its table (no broadcast: MPIecho's
// local resolution), and gets a new communicator's handle, rank and sizes
// from its parent in one broadcast. Calls not here that take a
// communicator are refused (docs/cloning.md).
#include "clone/clone_comm_calls.h"

#include "clone/clone_calls.h"

#include "clone/clone_comm_table.h"
#include "clone/clone_mirror.h"
#include "clone/clone_state.h"
#include "mpisync_comm_info.h"

namespace mpisync {
namespace clone {

namespace {

// The parent creates, the clones learn the handle and the parent's facts.
template <typename Run>
int MirrorNewComm(const char *call, MPI_Comm *newcomm, Run run) {
  if (!InFamily())
    return run();
  int rc = MPI_SUCCESS;
  CommFacts facts = {}; // a clone's comes from the parent's broadcast
  if (!IsClone()) {
    CheckRc(rc = run(), call);
    facts = FactsOf(*newcomm);
  }
  Mirror m(call);
  m.AddBytes(&facts, sizeof(facts));
  m.Run();
  if (IsClone()) {
    RememberComm(facts);
    *newcomm = facts.handle;
  }
  return rc;
}

int CommRank(MPI_Comm comm, int *rank) {
  return IsClone() ? mpisync::CommRank(comm, rank)
                   : below.MPI_Comm_rank(comm, rank);
}

int CommSize(MPI_Comm comm, int *size) {
  return IsClone() ? mpisync::CommSize(comm, size)
                   : below.MPI_Comm_size(comm, size);
}

int CommRemoteSize(MPI_Comm comm, int *size) {
  return IsClone() ? mpisync::CommRemoteSize(comm, size)
                   : below.MPI_Comm_remote_size(comm, size);
}

int CommTestInter(MPI_Comm comm, int *flag) {
  return IsClone() ? mpisync::CommTestInter(comm, flag)
                   : below.MPI_Comm_test_inter(comm, flag);
}

int CommCompare(MPI_Comm a, MPI_Comm b, int *result) {
  if (!InFamily())
    return below.MPI_Comm_compare(a, b, result);
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Comm_compare(a, b, result), "MPI_Comm_compare");
  Mirror m("MPI_Comm_compare");
  m.Add(result, 1, MPI_INT);
  m.Run();
  return rc;
}

int CommDup(MPI_Comm comm, MPI_Comm *newcomm) {
  return MirrorNewComm("MPI_Comm_dup", newcomm,
                       [&] { return below.MPI_Comm_dup(comm, newcomm); });
}

int CommDupWithInfo(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm) {
  return MirrorNewComm("MPI_Comm_dup_with_info", newcomm, [&] {
    return below.MPI_Comm_dup_with_info(comm, info, newcomm);
  });
}

int CommSplit(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
  return MirrorNewComm("MPI_Comm_split", newcomm, [&] {
    return below.MPI_Comm_split(comm, color, key, newcomm);
  });
}

int CommSplitType(MPI_Comm comm, int type, int key, MPI_Info info,
                  MPI_Comm *newcomm) {
  return MirrorNewComm("MPI_Comm_split_type", newcomm, [&] {
    return below.MPI_Comm_split_type(comm, type, key, info, newcomm);
  });
}

int CommFree(MPI_Comm *comm) {
  if (!IsClone())
    return below.MPI_Comm_free(comm);
  ForgetComm(*comm);
  *comm = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

// Errors are the parent's to raise (a clone runs no communication).
int CommSetErrhandler(MPI_Comm comm, MPI_Errhandler handler) {
  return IsClone() ? MPI_SUCCESS : below.MPI_Comm_set_errhandler(comm, handler);
}

// The predefined attributes (MPI_TAG_UB, ...) are cached on MPI_COMM_WORLD
// (MPI 4.1 9.1.2): MPICH also answers on the part of the world the
// application runs in, Open MPI does not, so they are asked of the world.
bool PredefinedAttribute(int keyval) {
  return keyval == MPI_TAG_UB || keyval == MPI_HOST || keyval == MPI_IO ||
         keyval == MPI_WTIME_IS_GLOBAL || keyval == MPI_APPNUM ||
         keyval == MPI_UNIVERSE_SIZE || keyval == MPI_LASTUSEDCODE;
}

// The predefined attributes of the world are the same on every process; a
// clone has no other communicator to ask.
int CommGetAttr(MPI_Comm comm, int keyval, void *value, int *flag) {
  if (comm == app_world && PredefinedAttribute(keyval))
    comm = MPI_COMM_WORLD;
  if (IsClone() && comm != MPI_COMM_WORLD)
    Refuse("MPI_Comm_get_attr on a communicator other than MPI_COMM_WORLD");
  return below.MPI_Comm_get_attr(comm, keyval, value, flag);
}

} // namespace

void InstallCommEntries(MpiNext *next) {
  next->MPI_Comm_rank = CommRank;
  next->MPI_Comm_size = CommSize;
  next->MPI_Comm_remote_size = CommRemoteSize;
  next->MPI_Comm_test_inter = CommTestInter;
  next->MPI_Comm_compare = CommCompare;
  next->MPI_Comm_dup = CommDup;
  next->MPI_Comm_dup_with_info = CommDupWithInfo;
  next->MPI_Comm_split = CommSplit;
  next->MPI_Comm_split_type = CommSplitType;
  next->MPI_Comm_free = CommFree;
  next->MPI_Comm_set_errhandler = CommSetErrhandler;
  next->MPI_Comm_get_attr = CommGetAttr;
}

} // namespace clone
} // namespace mpisync
