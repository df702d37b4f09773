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
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

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

// A clone's group is its own (CommGroup): only the parent's reaches MPI.
int CommCreate(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
  return MirrorNewComm("MPI_Comm_create", newcomm, [&] {
    return below.MPI_Comm_create(comm, group, newcomm);
  });
}

int CommCreateGroup(MPI_Comm comm, MPI_Group group, int tag,
                    MPI_Comm *newcomm) {
  return MirrorNewComm("MPI_Comm_create_group", newcomm, [&] {
    return below.MPI_Comm_create_group(comm, group, tag, newcomm);
  });
}

// Names live in the parent's MPI; a clone asks its parent.
int CommSetName(MPI_Comm comm, const char *name) {
  return IsClone() ? MPI_SUCCESS : below.MPI_Comm_set_name(comm, name);
}

int CommGetName(MPI_Comm comm, char *name, int *len) {
  if (!InFamily())
    return below.MPI_Comm_get_name(comm, name, len);
  int rc = MPI_SUCCESS;
  if (!IsClone())
    CheckRc(rc = below.MPI_Comm_get_name(comm, name, len), "MPI_Comm_get_name");
  Mirror m("MPI_Comm_get_name");
  m.Add(len, 1, MPI_INT);
  m.AddBytes(name, MPI_MAX_OBJECT_NAME);
  m.Run();
  return rc;
}

int CommFree(MPI_Comm *comm) {
  if (!IsClone())
    return below.MPI_Comm_free(comm);
  ForgetComm(*comm);
  *comm = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

// Communication errors are the parent's to raise (a clone runs no
// communication). The program's MPI_COMM_WORLD is the part of the world it
// runs in; MPI raises the errors of calls without a communicator
// (MPI_Alloc_mem, which clones run too) on its own MPI_COMM_WORLD, so a
// handler set on the program's goes there as well, on parent and clones
// (MPICH's rma/allocmem expects MPI_ERRORS_RETURN there).
int CommSetErrhandler(MPI_Comm comm, MPI_Errhandler handler) {
  int rc =
      IsClone() ? MPI_SUCCESS : below.MPI_Comm_set_errhandler(comm, handler);
  // app_world: the program's world on a parent, MPI_COMM_WORLD on a clone.
  if (rc == MPI_SUCCESS && comm == app_world &&
      (IsClone() || comm != MPI_COMM_WORLD))
    rc = below.MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
  return rc;
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
MPI_Comm AttributeComm(MPI_Comm comm, int keyval, const char *refusal) {
  if (comm == app_world && PredefinedAttribute(keyval))
    comm = MPI_COMM_WORLD;
  if (IsClone() && comm != MPI_COMM_WORLD)
    Refuse(refusal);
  return comm;
}

int CommGetAttr(MPI_Comm comm, int keyval, void *value, int *flag) {
  comm = AttributeComm(
      comm, keyval,
      "MPI_Comm_get_attr on a communicator other than MPI_COMM_WORLD");
  return below.MPI_Comm_get_attr(comm, keyval, value, flag);
}

// MPI-1's name for it (deprecated, still how older codes ask MPI_TAG_UB).
int AttrGet(MPI_Comm comm, int keyval, void *value, int *flag) {
  comm = AttributeComm(
      comm, keyval, "MPI_Attr_get on a communicator other than MPI_COMM_WORLD");
  return below.MPI_Attr_get(comm, keyval, value, flag);
}

// A clone is no member of its parent's communicators: it gets a group of
// the same processes, made from MPI's world group (a clone's
// MPI_Group_rank in it is MPI_UNDEFINED). The parent sends the size, then
// the members as ranks of MPI's world.
int CommGroup(MPI_Comm comm, MPI_Group *group) {
  if (!InFamily())
    return below.MPI_Comm_group(comm, group);
  int rc = MPI_SUCCESS;
  int n = 0;
  if (!IsClone()) {
    CheckRc(rc = below.MPI_Comm_group(comm, group), "MPI_Comm_group");
    PMPI_Group_size(*group, &n);
  }
  Mirror size("MPI_Comm_group");
  size.Add(&n, 1, MPI_INT);
  size.Run();
  MPI_Group world;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  InternalMmapVector<int> members(n > 0 ? n : 1);
  if (!IsClone()) {
    InternalMmapVector<int> in(n > 0 ? n : 1);
    for (int i = 0; i < n; i++)
      in[i] = i;
    PMPI_Group_translate_ranks(*group, n, in.data(), world, members.data());
  }
  Mirror m("MPI_Comm_group");
  m.Add(members.data(), n, MPI_INT);
  m.Run();
  if (IsClone() &&
      PMPI_Group_incl(world, n, members.data(), group) != MPI_SUCCESS)
    Fail("MPI_Comm_group", "the clone could not build the group");
  PMPI_Group_free(&world);
  return rc;
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
  next->MPI_Attr_get = AttrGet;
  next->MPI_Comm_group = CommGroup;
  next->MPI_Comm_create = CommCreate;
  next->MPI_Comm_create_group = CommCreateGroup;
  next->MPI_Comm_set_name = CommSetName;
  next->MPI_Comm_get_name = CommGetName;
}

} // namespace clone
} // namespace mpisync
