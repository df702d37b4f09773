; The runtime's published state is addressed directly in position-dependent
; and position-independent executables (the runtime is linked into the
; executable, so no GOT load per check: FastPathEmitter.h,
; publishedStateGlobal), through the GOT in code for a shared library.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s --check-prefix=PIE
; RUN: sed '/PIE Level/d' %s | %opt -load-pass-plugin=%plugin -passes=mpisync -S \
; RUN:   | FileCheck %s --check-prefix=PIC
; RUN: sed '/Level/d' %s | %opt -load-pass-plugin=%plugin -passes=mpisync -S \
; RUN:   | FileCheck %s --check-prefix=STATIC
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; PIE: @__mpisync_state = external dso_local global [16 x i64]
; PIC: @__mpisync_state = external global [16 x i64]
; STATIC: @__mpisync_state = external dso_local global [16 x i64]

declare void @unknown()

define i32 @read(ptr %p) {
entry:
  call void @unknown()
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

!llvm.module.flags = !{!0} ; PIC Level
!0 = !{i32 8, !"PIC Level", i32 2}
!llvm.module.flags = !{!1} ; PIE Level
!1 = !{i32 7, !"PIE Level", i32 2}
