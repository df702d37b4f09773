// The parts of mpisync_fortran.h that need more than a line.
#include "mpisync_fortran.h"
#include "mpisync_alloc.h"

#include "mpisync_collectives.h"
#include "mpisync_comm_info.h"
#include "mpisync_mpi_family.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_common.h"

using namespace __sanitizer;

namespace mpisync {
namespace fortran {

namespace {

// On a clone (runtime/clone/) the communicators the program created are
// its parent's handles and some requests are stand-ins: Open MPI's c2f
// would read them as its own objects. Fortran programs are cloned only
// while they hold none of these (docs/which-mpi.md).
[[noreturn]] void RefuseStandIn(const char *what) {
  Report("MPISync: a clone of this Fortran program holds a stand-in %s (for "
         "its parent's), which Open MPI cannot give a Fortran value; cloning "
         "Fortran programs under Open MPI is limited to predefined "
         "communicators and blocking calls\n",
         what);
  Die();
}

} // namespace

MPI_Fint ToFortran(MPI_Comm h) {
  if (stand_in_handles && h != MPI_COMM_NULL && h != MPI_COMM_WORLD &&
      h != MPI_COMM_SELF && h != app_world)
    RefuseStandIn("communicator");
  return MPI_Comm_c2f(h);
}

MPI_Fint ToFortran(MPI_Request h) {
#if MPISYNC_MPI_OPENMPI
  const char *p = reinterpret_cast<const char *>(h);
  if (p >= stand_in_requests && p < stand_in_requests + kStandInRequests)
    RefuseStandIn("request");
#endif
  return MPI_Request_c2f(h);
}

template <typename T>
SmallArray<T>::SmallArray(int n)
    : data_(n > kInline ? static_cast<T *>(RuntimeAlloc(sizeof(T) * n))
                        : inline_) {}

template <typename T> SmallArray<T>::~SmallArray() {
  if (data_ != inline_)
    RuntimeFree(data_);
}

template class SmallArray<MPI_Status>;
template class SmallArray<MPI_Request>;
template class SmallArray<MPI_Datatype>;

Statuses::Statuses(MPI_Fint *f, int n)
    : f_(f), c_(f == &mpi_fortran_statuses_ignore_ || n < 0 ? 0 : n) {}

// Open MPI's MPI_STATUS_SIZE (mpif-config.h): its Fortran status holds
// the C one as MPI_Fints.
constexpr int kStatusSize = sizeof(MPI_Status) / sizeof(MPI_Fint);
static_assert(kStatusSize == 6, "MPI_STATUS_SIZE of mpif-config.h");

void Statuses::Out(int n) {
  if (f_ == &mpi_fortran_statuses_ignore_)
    return;
  for (int i = 0; i < n; i++)
    MPI_Status_c2f(&c_.data()[i], f_ + i * kStatusSize);
}

InString::InString(const char *f, size_t len) {
  while (len > 0 && f[len - 1] == ' ')
    len--;
  if (len > MPI_MAX_OBJECT_NAME)
    len = MPI_MAX_OBJECT_NAME;
  internal_memcpy(c_, f, len);
  c_[len] = 0;
}

void OutString::Out() {
  size_t n = internal_strnlen(c_, sizeof(c_));
  if (n > len_)
    n = len_;
  internal_memcpy(f_, c_, n);
  internal_memset(f_ + n, ' ', len_ - n);
}

int PeerCount(MPI_Comm comm, bool neighbours, bool send) {
  comm = AppComm(comm);
  int n = 0;
  if (neighbours) {
    int in = 0, out = 0;
    if (!CollectiveNeighbors(comm, &in, &out))
      return 0;
    return send ? out : in;
  }
  int inter = 0;
  if (CommTestInter(comm, &inter) != MPI_SUCCESS)
    return 0;
  if ((inter ? CommRemoteSize(comm, &n) : CommSize(comm, &n)) != MPI_SUCCESS)
    return 0;
  return n;
}

} // namespace fortran
} // namespace mpisync
