// log_format=json: each report is one JSON object on one line of the rank's
// log (log_path=PREFIX: one file per rank, its name starting with PREFIX and
// containing the rank), valid against docs/report-line.schema.json, with
// what the text report says: kind, rank, verdict, access, buffer, the MPI
// call, every stack with file:line (completion and MPI_Finalize too) and
// the SUMMARY. mpisync-report renders the JSON log as the text log.
// REQUIRES: jsonschema
// RUN: %mpicc -fsanitize=mpisync %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env MPISYNC_OPTIONS=log_format=json:log_path=\"%t.d/json\" not %mpiexec -n 2 %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=MPISync
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// RUN: %python_jsonschema %S/Inputs/check_json_log.py %mpisync_src/docs/report-line.schema.json %t.d/json.0.* | FileCheck %s
// RUN: env MPISYNC_OPTIONS=log_path=\"%t.d/text\" not %mpiexec -n 2 %t
// RUN: mpisync-report %t.d/json.* > %t.from-json
// RUN: mpisync-report %t.d/text.* > %t.from-text
// RUN: %python %S/Inputs/same_report.py %t.from-json %t.from-text
// RUN: mpisync-report --format sarif -o %t.sarif %t.d/json.*
// RUN: %python %S/Inputs/check_sarif.py %t.sarif | FileCheck %s --check-prefix=VALID
// RUN: %python %S/Inputs/sarif_summary.py %t.sarif | FileCheck %s --check-prefix=SARIF
// RUN: env MPISYNC_OPTIONS=log_format=xml not %mpiexec -n 1 %t 2>&1 | FileCheck %s --check-prefix=BAD
// FILES: json.0.{{[0-9]+$}}
// FILES-NOT: json.1
// QUIET: rank 0 done
// VALID: SARIF OK: 4 results
// BAD: ERROR: MPISync: invalid value 'xml' for option 'log_format' (expected text or json)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, a[8] = {0}, r[2] = {0}, x = 0, z = 5;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request req;
    MPI_Send_init(a, 8, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Start(&req);
    a[3] = 1;
    // CHECK: report 1 kind=send-buffer-write rank=0 verdict=latent manifest=False
    // CHECK-NEXT: message: WRITE of size 4 at 0x{{[0-9a-f]+}} by rank 0 (latent: the library had already moved the data in this run)
    // CHECK-NEXT: access: write size=4 at=0x{{[0-9a-f]+}}
    // CHECK-NEXT: buffer: send of MPI_Send_init started by MPI_Start, 8 x MPI_INT, offset=12 element=3
    // CHECK-NEXT: mpi_call: MPI_Start
    // CHECK-NEXT: stack access: {{[0-9]+}} frames, top json_log.c:[[@LINE-6]]:10 in main; WRITE of size 4
    // CHECK-NEXT: stack mpi_call: {{[0-9]+}} frames, top json_log.c:[[@LINE-8]]:5 in main; 0x{{[0-9a-f]+}} is 12 bytes from the start of the send buffer [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) of a pending MPI_Send_init (8 x MPI_INT, element 3), started by MPI_Start here:
    // CHECK-NEXT: stack completion: {{[0-9]+}} frames, top json_log.c:[[@LINE-10]]:5 in main; The request was last completed here:
    // CHECK-NEXT: location: json_log.c:[[@LINE-9]]:10 in main
    // CHECK-NEXT: call_location: json_log.c:[[@LINE-11]]:5 in main
    // CHECK-NEXT: summary: SUMMARY: MPISync: send-buffer-write {{.*}}json_log.c:[[@LINE-11]]:10 in main; MPI_Start at {{.*}}json_log.c:[[@LINE-12]]:5 in main
    // SARIF: result 0: send-buffer-write (rule 0) error, ranks 0, 1 occurrences
    // SARIF: location: file://{{.*}}json_log.c:[[@LINE-13]]:10 main
    // SARIF-NEXT: related 1: file://{{.*}}json_log.c:[[@LINE-15]]:5 main "MPI_Start called here"
    // SARIF-NEXT: related 2: file://{{.*}}json_log.c:[[@LINE-17]]:5 main "request last completed here"
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Request_free(&req);

    MPI_Request rr;
    MPI_Irecv(r, 2, MPI_INT, 1, 2, MPI_COMM_WORLD, &rr);
    x = r[1];
    // CHECK: report 2 kind=recv-buffer-access rank=0 verdict=manifest manifest=True
    // CHECK-NEXT: message: READ of size 4
    // CHECK-NEXT: access: read size=4
    // CHECK-NEXT: buffer: receive of MPI_Irecv started by MPI_Irecv, 2 x MPI_INT, offset=4 element=1
    // CHECK-NEXT: mpi_call: MPI_Irecv
    // CHECK-NEXT: stack access: {{.*}} top json_log.c:[[@LINE-6]]:9 in main;
    // CHECK-NEXT: stack mpi_call: {{.*}} top json_log.c:[[@LINE-8]]:5 in main;
    // CHECK-NEXT: location: json_log.c:[[@LINE-8]]:9 in main
    // CHECK-NEXT: call_location: json_log.c:[[@LINE-10]]:5 in main
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&rr, MPI_STATUS_IGNORE);

    int *h = malloc(16 * sizeof(int));
    MPI_Request hr;
    MPI_Isend(h, 16, MPI_INT, 1, 3, MPI_COMM_WORLD, &hr);
    free(h);
    // CHECK: report 3 kind=pending-buffer-freed rank=0 verdict=None manifest=None
    // CHECK-NEXT: message: free() releases [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) on rank 0 while MPI still owns part of it:
    // CHECK-NEXT: access: free() releases size={{[0-9]+}} at=0x{{[0-9a-f]+}}
    // CHECK-NEXT: buffer: send of MPI_Isend started by MPI_Isend, 16 x MPI_INT, offset=0 element=None
    // CHECK-NEXT: mpi_call: MPI_Isend
    // CHECK-NEXT: stack release: {{.*}} top json_log.c:[[@LINE-6]]:5 in main;
    // CHECK-NEXT: stack mpi_call: {{.*}} top json_log.c:[[@LINE-8]]:5 in main;
    MPI_Wait(&hr, MPI_STATUS_IGNORE);

    MPI_Request zr;
    MPI_Isend(&z, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &zr);
    // CHECK: report 4 kind=missing-completion rank=0 verdict=None manifest=None
    // CHECK-NEXT: message: The request of MPI_Isend was still pending at MPI_Finalize; it was started here:
    // CHECK-NOT: access:
    // CHECK-NOT: buffer:
    // CHECK: mpi_call: MPI_Isend
    // CHECK-NEXT: stack mpi_call: {{.*}} top json_log.c:[[@LINE-6]]:5 in main;
    // CHECK-NEXT: stack finalize: {{.*}} top json_log.c:[[@LINE+19]]:3 in main; MPI_Finalize was called here:
    // CHECK-NEXT: location: json_log.c:[[@LINE-8]]:5 in main
    // CHECK-NEXT: call_location: json_log.c:[[@LINE-9]]:5 in main
    // SARIF: result 3: missing-completion (rule {{[0-9]+}}) error, ranks 0, 1 occurrences
    // SARIF: location: file://{{.*}}json_log.c:[[@LINE-11]]:5 main
    // SARIF-NEXT: related 1: file://{{.*}}json_log.c:[[@LINE-12]]:5 main "MPI_Isend called here"
    // SARIF-NEXT: related 3: file://{{.*}}json_log.c:[[@LINE+13]]:3 main "MPI_Finalize called here"
    // CHECK: ALL VALID
  } else {
    MPI_Recv(a, 8, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(a, 8, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(r, 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
    int in[16];
    MPI_Recv(in, 16, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&z, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d done %d\n", rank, x);
  MPI_Finalize();
  return 0;
}
