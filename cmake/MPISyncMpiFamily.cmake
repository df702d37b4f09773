# Which MPI MPISync is built for: -DMPISYNC_MPI=mpich (the default) or
# openmpi. Everything that differs between the two families at build time
# lives here; the runtime's differences are in runtime/mpisync_mpi_family.h
# (docs/which-mpi.md). The MPI is reached by its explicit names
# (mpicc.mpich, mpicc.openmpi, ...), never through the `mpi` alternative,
# so that an MPICH and an Open MPI build can sit side by side.
#
# Sets MPISYNC_MPICC, MPISYNC_MPICXX, MPISYNC_MPIFORT, MPISYNC_MPIEXEC,
# MPISYNC_MPIEXEC_FLAGS (what lit and the benchmarks pass to mpiexec),
# MPISYNC_MPI_PROTOTYPES (the header the generators read),
# MPISYNC_MPIFORT_LIBDIR (what mpisync-mpifort adds to -L) and
# MPISYNC_MPI_CXX_DEFINITIONS, then finds MPI.
set(MPISYNC_MPI mpich CACHE STRING "The MPI to build for: mpich or openmpi")
set_property(CACHE MPISYNC_MPI PROPERTY STRINGS mpich openmpi)

if(MPISYNC_MPI STREQUAL "mpich")
  set(_suffix .mpich)
  set(MPISYNC_MPIEXEC_FLAGS "")
elseif(MPISYNC_MPI STREQUAL "openmpi")
  set(_suffix .openmpi)
  # One node, more ranks than cores in the tests; the shared-memory
  # transport (docs/which-mpi.md says what was tested).
  set(MPISYNC_MPIEXEC_FLAGS "--oversubscribe")
else()
  message(FATAL_ERROR "MPISYNC_MPI=${MPISYNC_MPI}: use mpich or openmpi")
endif()

# The explicit names first; the bare names (a non-Debian install of that
# MPI in PATH) only when those are missing.
find_program(MPISYNC_MPICC NAMES mpicc${_suffix} mpicc REQUIRED)
find_program(MPISYNC_MPICXX NAMES mpicxx${_suffix} mpicxx REQUIRED)
find_program(MPISYNC_MPIFORT NAMES mpifort${_suffix} mpifort)
find_program(MPISYNC_MPIEXEC NAMES mpiexec${_suffix} mpiexec REQUIRED)
if(NOT DEFINED MPI_C_COMPILER)
  set(MPI_C_COMPILER ${MPISYNC_MPICC})
endif()
if(NOT DEFINED MPI_CXX_COMPILER)
  set(MPI_CXX_COMPILER ${MPISYNC_MPICXX})
endif()
if(NOT DEFINED MPIEXEC_EXECUTABLE)
  set(MPIEXEC_EXECUTABLE ${MPISYNC_MPIEXEC})
endif()
find_package(MPI REQUIRED COMPONENTS C)

# Debian's mpifort.openmpi links -lmpi from a directory that does not exist
# (its wrapper data says lib/fortran/gfortran), so the linker finds
# /usr/lib/x86_64-linux-gnu/libmpi.so, the `mpi` alternative's: MPICH's
# when MPICH is the default, next to Open MPI's libmpi_mpifh. mpisync-mpifort
# adds the directory of the libmpi that Open MPI's mpicc links.
set(MPISYNC_MPIFORT_LIBDIR "")
if(MPISYNC_MPI STREQUAL "openmpi")
  list(GET MPI_C_LIBRARIES 0 _libmpi)
  get_filename_component(MPISYNC_MPIFORT_LIBDIR ${_libmpi} DIRECTORY)
endif()

# The prototypes the wrappers, the clang plugin's call table and the pass's
# argument table are generated from: MPICH keeps them in mpi_proto.h, Open
# MPI in mpi.h itself.
if(MPISYNC_MPI STREQUAL "mpich")
  set(_proto_name mpi_proto.h)
else()
  set(_proto_name mpi.h)
endif()
set(MPISYNC_MPI_PROTOTYPES "")
foreach(dir ${MPI_C_INCLUDE_DIRS})
  if(NOT MPISYNC_MPI_PROTOTYPES AND EXISTS ${dir}/${_proto_name})
    set(MPISYNC_MPI_PROTOTYPES ${dir}/${_proto_name})
  endif()
endforeach()
if(NOT MPISYNC_MPI_PROTOTYPES)
  message(FATAL_ERROR "${MPISYNC_MPI}: ${_proto_name} not found in ${MPI_C_INCLUDE_DIRS}")
endif()
message(STATUS "MPISync is built for ${MPISYNC_MPI}: ${MPISYNC_MPICC}, "
               "prototypes from ${MPISYNC_MPI_PROTOTYPES}")

# For C++ code that includes mpi.h (the runtime): MPI's C bindings only.
# Open MPI's mpi.h pulls in its C++ bindings otherwise.
set(MPISYNC_MPI_CXX_DEFINITIONS OMPI_SKIP_MPICXX=1 MPICH_SKIP_MPICXX=1)
