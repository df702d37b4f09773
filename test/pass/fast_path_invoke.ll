; An invoke (a call in C++ code that may throw) ends its block, so the reload
; of the pending word cannot follow it in the block: it goes to the top of
; the normal and the unwind destination. Without it, a store after
; `invoke @MPI_Isend` was tested against the word loaded before the call
; (nothing pending yet) and never checked.
; (The pending word is what call-free loops test; outside them the default
; near test loads its fields at each access, -mpisync-near-test=0 makes
; straight-line code use the word too. Both are tested with
; -mpisync-cold-calls-beside-mpi=0: by default these stores run beside the
; MPI call, and a bare call to a _cold entry checks them, which reads the
; word itself, COLD below.)
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-near-test=0 -mpisync-cold-calls-beside-mpi=0 -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-cold-calls-beside-mpi=0 -S %s | FileCheck %s --check-prefix=NEAR
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s --check-prefix=COLD
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @MPI_Isend(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define void @after_invoke(
; CHECK:      invoke i32 @MPI_Isend(
; CHECK-NEXT: to label %[[CONT:.*]] unwind label %[[LPAD:.*]]
; CHECK:      [[CONT]]:
; CHECK-NEXT: %[[W:.*]] = load i64, ptr @__mpisync_state
; CHECK-NEXT: icmp ne i64 %[[W]], 0
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; CHECK:      store i32 3, ptr %p
; CHECK:      [[LPAD]]:
; CHECK-NEXT: landingpad
; CHECK:      %[[U:.*]] = load i64, ptr @__mpisync_state
; CHECK-NEXT: icmp ne i64 %[[U]], 0
; CHECK:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; CHECK:      store i32 4, ptr %p
; NEAR-LABEL: define void @after_invoke(
; NEAR:      invoke i32 @MPI_Isend(
; NEAR-NEXT: to label %[[CONT:.*]] unwind label %[[LPAD:.*]]
; NEAR:      [[CONT]]:
; NEAR:      icmp ult i64
; NEAR:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; NEAR:      store i32 3, ptr %p
; NEAR:      [[LPAD]]:
; NEAR-NEXT: landingpad
; NEAR:      icmp ult i64
; NEAR:      call preserve_allcc void @__mpisync_store4_pa(ptr %p)
; NEAR:      store i32 4, ptr %p
; COLD-LABEL: define void @after_invoke(
; COLD:      invoke i32 @MPI_Isend(
; COLD:      call preserve_allcc void @__mpisync_store4_cold(ptr %p)
; COLD-NEXT: store i32 3, ptr %p
; COLD:      landingpad
; COLD:      call preserve_allcc void @__mpisync_store4_cold(ptr %p)
; COLD-NEXT: store i32 4, ptr %p
define void @after_invoke(ptr %p, ptr %req) personality ptr @__gxx_personality_v0 {
entry:
  store i32 1, ptr %p, align 4
  %r = invoke i32 @MPI_Isend(ptr %p, i32 1, i32 0, i32 0, i32 0, i32 0, ptr %req)
          to label %cont unwind label %lpad

cont:
  store i32 3, ptr %p, align 4
  ret void

lpad:
  %lp = landingpad { ptr, i32 } cleanup
  store i32 4, ptr %p, align 4
  resume { ptr, i32 } %lp
}
