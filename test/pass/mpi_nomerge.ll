; MPI calls are marked nomerge at the start of the pipeline, so SimplifyCFG
; keeps the two identical MPI_Isend calls of the branches apart (each keeps
; its own source line for reports); without the mark it sinks them into one.
; RUN: %opt -load-pass-plugin=%plugin -passes='mpisync-nomerge,simplifycfg<sink-common-insts;hoist-common-insts>' -S %s | FileCheck %s
; RUN: %opt -passes='simplifycfg<sink-common-insts;hoist-common-insts>' -S %s | FileCheck %s --check-prefix=MERGED
; CHECK-LABEL: define void @branches(
; CHECK: call i32 @MPI_Isend({{.*}}) #[[ATTR:[0-9]+]]
; CHECK: call i32 @MPI_Isend({{.*}}) #[[ATTR]]
; CHECK: call void @other(
; CHECK: attributes #[[ATTR]] = { nomerge }
; MERGED-LABEL: define void @branches(
; MERGED: call i32 @MPI_Isend(
; MERGED-NOT: call i32 @MPI_Isend(

declare i32 @MPI_Isend(ptr, i32, i32, i32, i32, i32, ptr)
declare void @other()

define void @branches(i1 %c, ptr %buf, ptr %req) {
entry:
  br i1 %c, label %then, label %else
then:
  %a = call i32 @MPI_Isend(ptr %buf, i32 64, i32 1, i32 0, i32 0, i32 1, ptr %req)
  br label %join
else:
  %b = call i32 @MPI_Isend(ptr %buf, i32 64, i32 1, i32 0, i32 0, i32 1, ptr %req)
  br label %join
join:
  call void @other()
  ret void
}
