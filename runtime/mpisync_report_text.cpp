// The text printer: a ReportDesc in the sanitizer's fixed shape.
//
//   =================================================================
//   ==PID==ERROR: MPISync: KIND on rank R
//   <title of stack 0>
//       #0 0x... in f file:line:col
//   <title of stack 1> ...
//   [amplified: <stage> (<what it did>)]
//   SUMMARY: MPISync: KIND file:line in f; CALL at file:line in g
//   =================================================================
#include "mpisync_report_desc.h"
#include "mpisync_stack.h"

using namespace __sanitizer;

namespace mpisync {

namespace {

const char kRule[] =
    "=================================================================\n";

} // namespace

void RenderSummary(const ReportDesc &desc, InternalScopedString *out) {
  char first[512], mpi[512];
  DescribeTopFrame(desc.where_stack, first, sizeof(first));
  DescribeTopFrame(desc.call_stack, mpi, sizeof(mpi));
  out->AppendF("SUMMARY: MPISync: %s %s; %s at %s", ErrorKindName(desc.kind),
               first, desc.call_name, mpi);
  if (desc.more_like_it)
    out->AppendF(" (and %zu more like it)", desc.more_like_it);
}

void RenderTextReport(const ReportDesc &desc, int rank,
                      InternalScopedString *out) {
  out->Append(kRule);
  out->AppendF("==%d==ERROR: MPISync: %s ", (int)internal_getpid(),
               ErrorKindName(desc.kind));
  if (rank >= 0)
    out->AppendF("on rank %d\n", rank);
  else
    out->Append("before MPI_Init\n");
  for (uptr i = 0; i < desc.num_stacks; i++) {
    out->Append(desc.stacks[i].title.data());
    PrintStack(desc.stacks[i].id, out);
  }
  if (desc.amplified)
    out->AppendF("amplified: %s (%s)\n", desc.amplified, desc.amplified_why);
  RenderSummary(desc, out);
  out->Append("\n");
  out->Append(kRule);
}

} // namespace mpisync
