// One broadcast per mirrored piece list (clone_mirror.h).
#include "clone/clone_mirror.h"

#include "clone/clone_state.h"
#include "mpisync_mpi_family.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

void Mirror::Add(const void *addr, MPI_Count count, MPI_Datatype type) {
  if (count <= 0 || type == MPI_DATATYPE_NULL)
    return;
  // A type without data moves nothing, and in the struct of pieces it could
  // put the lower bound at 0, which MPICH refuses with MPI_BOTTOM ("Null
  // buffer pointer"): an MPI_Get of a size-0 type into a null buffer.
  MPI_Count size = 0;
  if (PMPI_Type_size_c(type, &size) == MPI_SUCCESS && size == 0)
    return;
  pieces_.push_back({addr, count, type});
}

void Mirror::Run() {
  if (pieces_.empty() || !InFamily())
    return;
  int rc;
  if (pieces_.size() == 1) {
    const Piece &p = pieces_[0];
    rc = PMPI_Bcast_c(const_cast<void *>(p.addr), p.count, p.type, 0,
                      family.comm);
  } else {
    // Absolute addresses: the pieces may lie anywhere (MPI_BOTTOM and
    // absolute datatypes included, whose address is 0).
    uptr n = pieces_.size();
    InternalMmapVector<MPI_Count> lens(n), displs(n);
    InternalMmapVector<MPI_Datatype> types(n);
    for (uptr i = 0; i < n; i++) {
      MPI_Aint addr = 0;
      PMPI_Get_address(pieces_[i].addr, &addr);
      lens[i] = pieces_[i].count;
      displs[i] = addr;
      types[i] = pieces_[i].type;
    }
    MPI_Datatype all;
    rc = PMPI_Type_create_struct_c((MPI_Count)n, lens.data(), displs.data(),
                                   types.data(), &all);
    if (rc == MPI_SUCCESS)
      rc = PMPI_Type_commit(&all);
    if (rc == MPI_SUCCESS) {
      rc = PMPI_Bcast(MPI_BOTTOM, 1, all, 0, family.comm);
      PMPI_Type_free(&all);
    }
  }
  if (rc != MPI_SUCCESS)
    Fail(call_, "the broadcast from the parent to its clones failed");
}

} // namespace clone
} // namespace mpisync
