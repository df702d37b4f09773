; A check says where it is with its access's location. An access an earlier
; pass moved and left without one gets the nearest location in its block
; (the line a check per access would fall in), else the function's first
; line: a report never names a frame without a line.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; The load has no location: its check takes the multiply's (line 3), and the
; load itself keeps none.
; CHECK-LABEL: define double @moved(
; CHECK:       call preserve_allcc void @__mpisync_load8_pa(ptr %p), !dbg ![[LINE3:[0-9]+]]
; CHECK:       %v = load double, ptr %p, align 8{{$}}
define double @moved(ptr %p) !dbg !10 {
  %v = load double, ptr %p, align 8
  %r = fmul double %v, 2.000000e+00, !dbg !21
  ret double %r, !dbg !21
}

; Nothing in the block has a location: the function's scope line (7).
; CHECK-LABEL: define void @bare(
; CHECK:       call preserve_allcc void @__mpisync_store8_pa(ptr %p), !dbg ![[LINE7:[0-9]+]]
define void @bare(ptr %p) !dbg !30 {
  store double 1.000000e+00, ptr %p, align 8
  ret void
}

; CHECK-DAG: ![[LINE3]] = !DILocation(line: 3, column: 5, scope: !{{[0-9]+}})
; CHECK-DAG: ![[LINE7]] = !DILocation(line: 7, scope: !{{[0-9]+}})

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "moved", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !{})
!21 = !DILocation(line: 3, column: 5, scope: !10)
!30 = distinct !DISubprogram(name: "bare", scope: !1, file: !1, line: 6, type: !11, scopeLine: 7, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
