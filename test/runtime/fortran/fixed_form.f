C Fixed-form source with include 'mpif.h': an external subroutine posts
C MPI_IRECV, and the caller reads the receive buffer before MPI_WAIT.
C The report names the subroutine as the source has it (flang's external
C name post_ without its underscore). The MPI_IRECV's stack starts in
C MPICH's binding (#0, then the caller) or, with Open MPI, at the caller
C (MPISync's own entry point is not shown).
C REQUIRES: flang
C RUN: %mpifort -fsanitize=mpisync -cpp %s -o %t
C RUN: not %mpiexec -n 2 %t 2>&1 | FileCheck %s
C RUN: %mpifort -fsanitize=mpisync -cpp -DFIXED %s -o %t.ok
C RUN: %mpiexec -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=MPISync
      PROGRAM FFORM
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK, REQ, I, EARLY
      INTEGER BUF(32), OUT(32)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      EARLY = 0
      IF (RANK .EQ. 1) THEN
        CALL POST(BUF, 32, REQ)
#ifndef FIXED
        EARLY = BUF(7)
C CHECK: ERROR: MPISync: recv-buffer-access on rank 1
C CHECK-NEXT: READ of size 4
C CHECK-NEXT: #0 {{.*}} in main program {{.*}}fixed_form.f:[[@LINE-3]]
C CHECK: is 24 bytes from the start of the receive buffer
C CHECK-SAME: of a pending MPI_Irecv (32 x MPI_INTEGER, element 6)
C CHECK: {{#[01]}} {{.*}} in post {{.*}}fixed_form.f:[[@LINE+21]]
C CHECK-NEXT: {{#[12]}} {{.*}} in main program {{.*}}fixed_form.f:[[@LINE-9]]
C CHECK: SUMMARY: MPISync: recv-buffer-access {{.*}}fixed_form.f:[[@LINE-8]]:{{.*}} in main program; MPI_Irecv at {{.*}}fixed_form.f:[[@LINE+19]]:{{.*}} in post
#endif
        CALL MPI_WAIT(REQ, MPI_STATUS_IGNORE, IERR)
        PRINT '(A,I0,A,I0)', 'SUM ', SUM(BUF), ' EARLY ', EARLY
C OK: SUM 528 EARLY 0
      ELSE
        DO 10 I = 1, 32
          OUT(I) = I
   10   CONTINUE
        CALL MPI_SEND(OUT, 32, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, IERR)
      END IF
      CALL MPI_FINALIZE(IERR)
      END

      SUBROUTINE POST(BUF, N, REQ)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER N, REQ, IERR
      INTEGER BUF(N)
      CALL MPI_IRECV(BUF, N, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, REQ,
     &               IERR)
      END
