! %mpifort -fsanitize=mpisync builds a Fortran MPI program (include 'mpif.h')
! with flang: instrumented, wrappers linked, it runs cleanly; so does a build
! without the sanitizer (mpifort's gfortran-only flags are dropped either way).
! REQUIRES: flang
! RUN: %mpifort -fsanitize=mpisync -c %s -o %t.o
! RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
! OBJ-DAG: U __mpisync_store4
! OBJ-DAG: U __mpisync_init
! RUN: %mpifort -fsanitize=mpisync %t.o -o %t 2>&1 | FileCheck %s --allow-empty --check-prefix=LINK
! LINK-NOT: warning
! RUN: llvm-nm %t | FileCheck %s --check-prefix=NM
! NM-DAG: T MPI_Isend
! NM-DAG: T __mpisync_init
! RUN: %mpiexec -n 2 %t 2>&1 | FileCheck %s --implicit-check-not=MPISync
! CHECK: rank 1 received 45
! RUN: %mpifort %s -o %t.plain
! RUN: llvm-nm %t.plain | FileCheck %s --check-prefix=PLAIN --implicit-check-not=__mpisync
! PLAIN: U mpi_isend_
! RUN: %mpiexec -n 2 %t.plain 2>&1 | FileCheck %s
program ring
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, req, i, buf(10)
  integer :: status(MPI_STATUS_SIZE)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
    do i = 1, 10
      buf(i) = i - 1
    end do
    call MPI_Isend(buf, 10, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, req, ierr)
    call MPI_Wait(req, status, ierr)
  else if (rank == 1) then
    call MPI_Recv(buf, 10, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, status, ierr)
    print '(a,i0)', 'rank 1 received ', sum(buf)
  end if
  call MPI_Finalize(ierr)
end program
