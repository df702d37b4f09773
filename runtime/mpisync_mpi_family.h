// What differs between the MPI families MPISync is built for (MPICH and its
// ABI family; Open MPI), in one place. The build picks the family
// (cmake -DMPISYNC_MPI=..., cmake/MPISyncMpiFamily.cmake); this header
// reads it from the MPI's own mpi.h. docs/which-mpi.md lists the
// differences for users.
//
// - Handles: MPICH's are ints, Open MPI's pointers to library objects (and
//   its predefined ones the addresses of globals such as
//   ompi_mpi_comm_world). Maps are keyed by the handle type itself
//   (DenseMap<MPI_Request, T>); code that needs a handle as a number, one
//   that means the same on another process, or a stand-in handle uses
//   HandleBits, PortableHandle or StandInRequest below.
// - MPI 4.0 calls: Open MPI 4.1 implements MPI 3.1. The large-count calls
//   the runtime itself makes are emulated below with the MPI-3 ones
//   (counts beyond INT_MAX fail with MPI_ERR_COUNT, which a program on
//   that MPI cannot send anyway); the MPI-4 calls a program could make are
//   not in its mpi.h, so no wrapper exists for them (gen_mpi_wrappers.py
//   gives their MpiNext entries MpiLacks).
#ifndef MPISYNC_MPI_FAMILY_H
#define MPISYNC_MPI_FAMILY_H

#include <limits.h>
#include <mpi.h>

#if defined(OPEN_MPI) && OPEN_MPI
#define MPISYNC_MPI_OPENMPI 1
// Open MPI 5 has the large-count calls; 4.1 does not.
#define MPISYNC_MPI_HAS_MPI4 (OMPI_MAJOR_VERSION >= 5)
#else
#define MPISYNC_MPI_MPICH 1
#define MPISYNC_MPI_HAS_MPI4 (MPI_VERSION >= 4)
#endif

namespace mpisync {

// The family's name, for messages.
#if MPISYNC_MPI_OPENMPI
constexpr const char kMpiFamily[] = "Open MPI";
#else
constexpr const char kMpiFamily[] = "MPICH";
#endif

// Combiners MPI-3 removed, which MPICH still defines; Open MPI keeps their
// values under other names.
#if MPISYNC_MPI_OPENMPI
constexpr int kCombinerHvectorInteger = OMPI_WAS_MPI_COMBINER_HVECTOR_INTEGER;
constexpr int kCombinerHindexedInteger = OMPI_WAS_MPI_COMBINER_HINDEXED_INTEGER;
constexpr int kCombinerStructInteger = OMPI_WAS_MPI_COMBINER_STRUCT_INTEGER;
#else
constexpr int kCombinerHvectorInteger = MPI_COMBINER_HVECTOR_INTEGER;
constexpr int kCombinerHindexedInteger = MPI_COMBINER_HINDEXED_INTEGER;
constexpr int kCombinerStructInteger = MPI_COMBINER_STRUCT_INTEGER;
#endif

// A handle as a number in kHandleBits bits, unique among live handles of
// its kind on this process (to build map keys from several fields).
// Open MPI's objects are at least 8-aligned user-space addresses (< 2^47).
#if MPISYNC_MPI_OPENMPI
constexpr int kHandleBits = 44;
template <typename H> unsigned long long HandleBits(H h) {
  return (unsigned long long)h >> 3;
}
#else
constexpr int kHandleBits = 32;
template <typename H> unsigned long long HandleBits(H h) { return (unsigned)h; }
#endif

// A predefined handle (datatype, op) as a number that means the same on
// every process of the job, to compare handles sent between processes.
// MPICH's handles are such numbers; Open MPI's are addresses of globals in
// libmpi, which ASLR places differently per process, so their offset from
// one of them is used.
#if MPISYNC_MPI_OPENMPI
template <typename H> int PortableHandle(H h) {
  return (int)((const char *)h - (const char *)&ompi_mpi_comm_world);
}
#else
template <typename H> int PortableHandle(H h) { return (int)h; }
#endif

// Stand-in request handles (the cloning layer's requests that exist on one
// clone only): values the MPI never hands out. MPICH's handles carry a kind
// in the top bits that 0x7d is not; Open MPI's are addresses, so stand-ins
// are addresses of a reserved array (mpisync_mpi_family.cpp).
#if MPISYNC_MPI_OPENMPI
constexpr unsigned kStandInRequests = 1u << 16;
extern char stand_in_requests[kStandInRequests];
inline MPI_Request StandInRequest(unsigned i) {
  return (MPI_Request)(void *)(stand_in_requests + i % kStandInRequests);
}
#else
constexpr unsigned kStandInRequests = 1u << 24;
inline MPI_Request StandInRequest(unsigned i) {
  return (MPI_Request)(0x7d000000u | (i % kStandInRequests));
}
#endif

// The entry of a call the MPI does not provide (MpiNext): reports it and
// returns MPI_ERR_OTHER. Nothing reaches it but a layer's own code.
int MpiLacks(const char *call);

} // namespace mpisync

namespace mpisync {
// A large count that an MPI-3 call can take.
inline bool FitsInt(MPI_Count n) { return n >= 0 && n <= INT_MAX; }
} // namespace mpisync

#if !MPISYNC_MPI_HAS_MPI4
// The MPI-4 large-count calls the runtime makes, from their MPI-3 forms.
// File-local (static inline): they never clash with the MPI's symbols.

static inline int PMPI_Type_size_c(MPI_Datatype t, MPI_Count *size) {
  return PMPI_Type_size_x(t, size);
}
static inline int PMPI_Type_get_extent_c(MPI_Datatype t, MPI_Count *lb,
                                         MPI_Count *extent) {
  return PMPI_Type_get_extent_x(t, lb, extent);
}
static inline int PMPI_Type_get_true_extent_c(MPI_Datatype t, MPI_Count *lb,
                                              MPI_Count *extent) {
  return PMPI_Type_get_true_extent_x(t, lb, extent);
}
// No type built by an MPI-3 library has large-count parameters.
static inline int PMPI_Type_get_envelope_c(MPI_Datatype t, MPI_Count *ni,
                                           MPI_Count *na, MPI_Count *nl,
                                           MPI_Count *nd, int *combiner) {
  int i = 0, a = 0, d = 0;
  int rc = PMPI_Type_get_envelope(t, &i, &a, &d, combiner);
  *ni = i;
  *na = a;
  *nl = 0;
  *nd = d;
  return rc;
}
static inline int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype t,
                                   MPI_Count *count) {
  int n = 0;
  int rc = PMPI_Get_count(status, t, &n);
  *count = n;
  return rc;
}
static inline int PMPI_Pack_size_c(MPI_Count incount, MPI_Datatype t,
                                   MPI_Comm comm, MPI_Count *size) {
  int n = 0;
  if (!mpisync::FitsInt(incount))
    return MPI_ERR_COUNT;
  int rc = PMPI_Pack_size((int)incount, t, comm, &n);
  *size = n;
  return rc;
}
static inline int PMPI_Pack_c(const void *inbuf, MPI_Count incount,
                              MPI_Datatype t, void *outbuf, MPI_Count outsize,
                              MPI_Count *position, MPI_Comm comm) {
  int pos = (int)*position;
  if (!mpisync::FitsInt(incount) || !mpisync::FitsInt(outsize) ||
      !mpisync::FitsInt(*position))
    return MPI_ERR_COUNT;
  int rc = PMPI_Pack(inbuf, (int)incount, t, outbuf, (int)outsize, &pos, comm);
  *position = pos;
  return rc;
}
static inline int PMPI_Unpack_c(const void *inbuf, MPI_Count insize,
                                MPI_Count *position, void *outbuf,
                                MPI_Count outcount, MPI_Datatype t,
                                MPI_Comm comm) {
  int pos = (int)*position;
  if (!mpisync::FitsInt(insize) || !mpisync::FitsInt(outcount) ||
      !mpisync::FitsInt(*position))
    return MPI_ERR_COUNT;
  int rc =
      PMPI_Unpack(inbuf, (int)insize, &pos, outbuf, (int)outcount, t, comm);
  *position = pos;
  return rc;
}
static inline int PMPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype t,
                               int dest, int tag, MPI_Comm comm,
                               MPI_Request *request) {
  if (!mpisync::FitsInt(count))
    return MPI_ERR_COUNT;
  return PMPI_Isend(buf, (int)count, t, dest, tag, comm, request);
}
static inline int PMPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype t,
                              int source, int tag, MPI_Comm comm,
                              MPI_Status *status) {
  if (!mpisync::FitsInt(count))
    return MPI_ERR_COUNT;
  return PMPI_Recv(buf, (int)count, t, source, tag, comm, status);
}
static inline int PMPI_Bcast_c(void *buf, MPI_Count count, MPI_Datatype t,
                               int root, MPI_Comm comm) {
  if (!mpisync::FitsInt(count))
    return MPI_ERR_COUNT;
  return PMPI_Bcast(buf, (int)count, t, root, comm);
}
// Needs scratch arrays: mpisync_mpi_family.cpp (hidden, as all the
// runtime's symbols).
int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count blocklengths[],
                              const MPI_Count displacements[],
                              const MPI_Datatype types[],
                              MPI_Datatype *newtype);
#endif // !MPISYNC_MPI_HAS_MPI4

#endif // MPISYNC_MPI_FAMILY_H
