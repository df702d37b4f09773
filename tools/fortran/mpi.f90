! The `mpi` module for flang. Debian's MPICH ships its mpi.mod (and
! mpi_f08.mod) in gfortran's format, which flang cannot read. This module is
! what mpif.h declares: the constants, the common blocks of the sentinels
! (MPI_IN_PLACE, MPI_BOTTOM, MPI_STATUS_IGNORE, ...) and the external
! procedures, all of which MPICH's libmpichfort implements. It has no
! explicit interfaces (no argument checking at compile time, as with
! mpif.h) and needs no object file: programs only use its declarations.
! mpisync-mpifort puts its directory first in the module search path.
module mpi
  include 'mpif.h'
end module mpi
