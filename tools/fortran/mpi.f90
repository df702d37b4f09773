! The `mpi` module for flang. Debian's MPICH and Open MPI ship their mpi.mod
! (and mpi_f08.mod) in gfortran's format, which flang cannot read. This
! module is what the MPI's mpif.h declares: the constants, the common blocks
! of the sentinels (MPI_IN_PLACE, MPI_BOTTOM, MPI_STATUS_IGNORE, ...) and the
! external procedures, which MPICH's libmpichfort implements (with Open MPI:
! MPISync's runtime for the calls it checks, libmpi_mpifh for the others).
! It has no explicit interfaces (no argument checking at compile time, as
! with mpif.h; Open MPI's declares MPI_SIZEOF's) and needs no object file:
! programs only use its declarations. mpisync-mpifort puts its directory
! first in the module search path.
module mpi
  include 'mpif.h'
end module mpi
