; Accesses of one block at constant offsets from one pointer, with no call
; that may reach MPI between them, share one range test (pass/AccessGroups.h):
; in front of the first, "something pending and the group's hull meets the
; interval" (or, for members that all run there and make at most two
; clusters, just the near test). On a hit, the members that run whenever the
; first does are checked right there (their shadow bytes, one test per
; cluster of members with no granule between them; if any is marked, each
; member's runtime call with its own location, in program order); the
; accesses themselves are left without checks. Members after an early exit branch on the group's answer at their
; own place and test only their shadow.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -S %s | FileCheck %s
; Switched off, every access has its own range test again.
; RUN: %opt -load-pass-plugin=%plugin -passes=mpisync -mpisync-group-checks=0 -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare void @unknown()

; Loads at offsets 16, 24, 64 and 128 of %s and a store at 8: the hull of
; all, [8, 136), is tested against the near interval (fields 6, 7; outside
; call-free loops it stands for the pending word), then the load hull
; [16, 136) against the load interval (fields 1, 2) and the store hull
; [8, 16) against the store interval (fields 3, 4), once: the members make
; three clusters (below), whose shadow tests cost more than the intervals.
; CHECK-LABEL: define double @fields(
; CHECK:      %[[B0:.*]] = ptrtoint ptr %s to i64
; CHECK-NEXT: %[[H:.*]] = add i64 %[[B0]], 8
; CHECK-NEXT: %[[NLO:.*]] = load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 6)
; CHECK-NEXT: %[[NSPAN:.*]] = load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 7)
; CHECK-NEXT: %[[DIST:.*]] = sub i64 %[[H]], %[[NLO]]
; CHECK-NEXT: %[[ANY:.*]] = icmp ult i64 %[[DIST]], %[[NSPAN]]
; CHECK-NEXT: br i1 %[[ANY]], label %[[TEST:.*]], label %[[JOIN:.*]], !prof
; CHECK:      [[TEST]]:
; CHECK-NEXT: %[[BASE:.*]] = ptrtoint ptr %s to i64
; CHECK-NEXT: %[[LOADLO:.*]] = add i64 %[[BASE]], 16
; CHECK-NEXT: load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 2)
; CHECK-NEXT: load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 1)
; CHECK-NEXT: %[[LIMIT:.*]] = add i64 %{{.*}}, 119
; CHECK-NEXT: %[[BIAS:.*]] = sub i64 119, %{{.*}}
; CHECK-NEXT: %[[A:.*]] = add i64 %[[LOADLO]], %[[BIAS]]
; CHECK-NEXT: %[[LOADHIT:.*]] = icmp ult i64 %[[A]], %[[LIMIT]]
; CHECK-NEXT: %[[STORELO:.*]] = add i64 %[[BASE]], 8
; CHECK-NEXT: load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 4)
; CHECK-NEXT: load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 3)
; CHECK-NEXT: add i64 %{{.*}}, 7
; CHECK:      %[[STOREHIT:.*]] = icmp ult i64
; CHECK-NEXT: %[[HIT:.*]] = or i1 %[[LOADHIT]], %[[STOREHIT]]
; CHECK-NEXT: br i1 %[[HIT]], label %[[HEADS:.*]], label
; The members by clusters: the store at 8 and the loads at 16 and 24 leave
; no granule between them, one test of their three granules (both types'
; masks, 0x3f each); the loads at 64 and 128 are alone, each its shadow
; byte. If any is marked, every member's call in program order. No range
; test of their own.
; CHECK:      [[HEADS]]:
; CHECK-NOT:  mpisync.inrange
; CHECK:      load i32, ptr %{{.*}}, align 1
; CHECK-NEXT: and i32 %{{.*}}, 4144959
; CHECK:      and i8 %{{.*}}, 38
; CHECK:      or i1
; CHECK:      and i8 %{{.*}}, 38
; CHECK:      %mpisync.groupshadow = or i1
; CHECK-NEXT: br i1 %mpisync.groupshadow, label %[[CALLS:.*]], label
; CHECK:      [[CALLS]]:
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %p16)
; CHECK-NEXT: %[[P24:.*]] = getelementptr i8, ptr %s, i64 24
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %[[P24]])
; CHECK-NEXT: %[[P8:.*]] = getelementptr i8, ptr %s, i64 8
; CHECK-NEXT: call preserve_allcc void @__mpisync_store8_pa(ptr %[[P8]])
; CHECK-NEXT: %[[P64:.*]] = getelementptr i8, ptr %s, i64 64
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %[[P64]])
; CHECK-NEXT: %[[P128:.*]] = getelementptr i8, ptr %s, i64 128
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %[[P128]])
; The accesses run with no test in front of them.
; CHECK:      [[JOIN]]:
; CHECK-NEXT: %a = load double, ptr %p16
; CHECK-NEXT: %p24 = getelementptr
; CHECK-NEXT: %b = load double
; CHECK-NEXT: %p8 = getelementptr
; CHECK-NEXT: store double %a
; CHECK-NEXT: %p64 = getelementptr
; CHECK-NEXT: %c = load double
; CHECK:      ret double
; OFF-LABEL:  define double @fields(
; OFF-NOT:    mpisync.group
; OFF-COUNT-5: icmp ult i64
; OFF:        ret double
define double @fields(ptr %s) {
  %p16 = getelementptr inbounds i8, ptr %s, i64 16
  %a = load double, ptr %p16, align 8
  %p24 = getelementptr inbounds i8, ptr %s, i64 24
  %b = load double, ptr %p24, align 8
  %p8 = getelementptr inbounds i8, ptr %s, i64 8
  store double %a, ptr %p8, align 8
  %p64 = getelementptr inbounds i8, ptr %s, i64 64
  %c = load double, ptr %p64, align 8
  %p128 = getelementptr inbounds i8, ptr %s, i64 128
  %d = load double, ptr %p128, align 8
  %bc = fadd double %b, %c
  %r = fadd double %bc, %d
  ret double %r
}

; The same without the load at 128: two clusters, so behind the near test
; their shadow tests follow at once, with no interval test.
; CHECK-LABEL: define double @two_clusters(
; CHECK:      %mpisync.near = icmp ult i64
; CHECK-NEXT: br i1 %mpisync.near, label %[[TC:.*]], label
; CHECK-NOT:  mpisync.grouphit
; CHECK:      [[TC]]:
; CHECK:      and i32 %{{.*}}, 4144959
; CHECK:      and i8 %{{.*}}, 38
; CHECK:      %mpisync.groupshadow = or i1
; CHECK:      call preserve_allcc void @__mpisync_store8_pa(
; CHECK-NEXT: getelementptr
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(
; CHECK:      ret double
define double @two_clusters(ptr %s) {
  %p16 = getelementptr inbounds i8, ptr %s, i64 16
  %a = load double, ptr %p16, align 8
  %p24 = getelementptr inbounds i8, ptr %s, i64 24
  %b = load double, ptr %p24, align 8
  %p8 = getelementptr inbounds i8, ptr %s, i64 8
  store double %a, ptr %p8, align 8
  %p64 = getelementptr inbounds i8, ptr %s, i64 64
  %c = load double, ptr %p64, align 8
  %r = fadd double %b, %c
  ret double %r
}

; A call that may reach MPI ends the group: the accesses after it are
; checked against the state it left. A lone access keeps its own test (the
; near interval, then its shadow).
; CHECK-LABEL: define void @split_by_call(
; CHECK-COUNT-1: %mpisync.group{{hit|shadow}}{{[0-9]*}} = icmp
; CHECK:      call void @unknown()
; CHECK-NOT:  %mpisync.group{{hit|shadow}}{{[0-9]*}} = icmp
; CHECK:      mpisync.near
; CHECK:      ret void
define void @split_by_call(ptr %s) {
  store i32 1, ptr %s, align 4
  %p4 = getelementptr inbounds i8, ptr %s, i64 4
  store i32 2, ptr %p4, align 4
  call void @unknown()
  %p8 = getelementptr inbounds i8, ptr %s, i64 8
  store i32 3, ptr %p8, align 4
  ret void
}

; Members farther apart than the span limit (512 bytes) do not share a
; hull: a large hull would meet the interval where no member does.
; CHECK-LABEL: define void @far_apart(
; CHECK-NOT:  mpisync.group
; CHECK:      ret void
define void @far_apart(ptr %s) {
  store i32 1, ptr %s, align 4
  %far = getelementptr inbounds i8, ptr %s, i64 4096
  store i32 2, ptr %far, align 4
  ret void
}

; Different base pointers form different groups.
; CHECK-LABEL: define void @two_bases(
; CHECK-COUNT-2: %mpisync.group{{hit|shadow}}{{[0-9]*}} = icmp
; CHECK-NOT:  %mpisync.group{{hit|shadow}}{{[0-9]*}} = icmp
; CHECK:      ret void
define void @two_bases(ptr %s, ptr %t) {
  store i32 1, ptr %s, align 4
  %s4 = getelementptr inbounds i8, ptr %s, i64 4
  store i32 2, ptr %s4, align 4
  store i32 3, ptr %t, align 4
  %t4 = getelementptr inbounds i8, ptr %t, i64 4
  store i32 4, ptr %t4, align 4
  ret void
}

; An early exit between the accesses (`if (den == 0) ...`) does not end the
; group: the blocks after it are entered only from the first, so the first
; block's test holds there; their members branch on its answer (a member on
; a path not taken only widens a filter). A block entered from two places
; starts its own groups.
; CHECK-LABEL: define double @early_exit(
; CHECK-COUNT-1: %mpisync.grouphit{{[0-9]*}} = icmp
; CHECK:      %[[G:mpisync.group]] = phi i1
; CHECK:      more:
; CHECK-NEXT: getelementptr
; CHECK-NEXT: br i1 %[[G]],
; CHECK:      out:
; CHECK-NEXT: getelementptr
; CHECK-NEXT: br i1 %[[G]],
; CHECK:      join:
; CHECK-NOT:  %mpisync.grouphit{{[0-9]*}} = icmp
; CHECK:      mpisync.near
; CHECK:      ret double
define double @early_exit(ptr %s, ptr %q) {
entry:
  %den = load double, ptr %s, align 8
  %zero = fcmp oeq double %den, 0.0
  br i1 %zero, label %out, label %more
more:
  %p8 = getelementptr inbounds i8, ptr %s, i64 8
  %num = load double, ptr %p8, align 8
  %r = fdiv double %num, %den
  br label %join
out:
  %p16 = getelementptr inbounds i8, ptr %s, i64 16
  %alt = load double, ptr %p16, align 8
  br label %join
join:
  %v = phi double [ %r, %more ], [ %alt, %out ]
  %p24 = getelementptr inbounds i8, ptr %s, i64 24
  store double %v, ptr %p24, align 8
  ret double %v
}

; Members that all run where the first does and leave no granule between
; them (a vec's three doubles at 16, 24 and 32): behind the near test of
; their hull, as for a single access, no interval test but one test of the
; hull's shadow bytes (three granules at alignment 8: a 4-byte load, three
; bytes of the load mask), and on a hit each member's call, in program
; order with its own location; no shadow test per member.
; CHECK-LABEL: define double @dense_fields(
; CHECK:      load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 6)
; CHECK-NEXT: load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 7)
; CHECK-NEXT: sub i64
; CHECK-NEXT: %[[DNEAR:.*]] = icmp ult i64
; CHECK-NEXT: br i1 %[[DNEAR]], label %[[DHEADS:.*]], label
; CHECK-NOT:  mpisync.grouphit
; CHECK:      [[DHEADS]]:
; CHECK-NEXT: %[[DSOFF:.*]] = load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 5)
; CHECK-NEXT: %[[DB:.*]] = ptrtoint ptr %s to i64
; CHECK-NEXT: %[[DLO:.*]] = add i64 %[[DB]], 16
; CHECK-NEXT: %[[DS:.*]] = lshr i64 %[[DLO]], 3
; CHECK-NEXT: %[[DSA:.*]] = add i64 %[[DS]], %[[DSOFF]]
; CHECK-NEXT: %[[DSP:.*]] = inttoptr i64 %[[DSA]] to ptr
; CHECK-NEXT: %[[DBITS:.*]] = load i32, ptr %[[DSP]], align 1
; CHECK-NEXT: %[[DM:.*]] = and i32 %[[DBITS]], 2500134
; CHECK-NEXT: %mpisync.groupshadow = icmp ne i32 %[[DM]], 0
; CHECK-NEXT: br i1 %mpisync.groupshadow, label %[[DCALLS:.*]], label
; CHECK:      [[DCALLS]]:
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %p16), !dbg ![[L1:[0-9]+]]
; CHECK-NEXT: getelementptr
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %{{.*}}), !dbg ![[L2:[0-9]+]]
; CHECK-NEXT: getelementptr
; CHECK-NEXT: call preserve_allcc void @__mpisync_load8_pa(ptr %{{.*}}), !dbg ![[L3:[0-9]+]]
; CHECK-NOT:  and i8
; CHECK:      ret double
define double @dense_fields(ptr %s) !dbg !20 {
  %p16 = getelementptr inbounds i8, ptr %s, i64 16
  %x = load double, ptr %p16, align 8, !dbg !21
  %p24 = getelementptr inbounds i8, ptr %s, i64 24
  %y = load double, ptr %p24, align 8, !dbg !22
  %p32 = getelementptr inbounds i8, ptr %s, i64 32
  %z = load double, ptr %p32, align 8, !dbg !23
  %xy = fadd double %x, %y
  %r = fadd double %xy, %z
  ret double %r
}

; In a loop's instrumented copy (something is always pending there) a
; group's test is its hull's shadow bytes, read with one load: the three
; connectivity entries of an element (12 bytes at alignment 4, three
; granules at most) are one 4-byte load of the load mask in three bytes
; (0x262626); on a hit each member, leaving no granule between them, calls
; the runtime with its own location (the runtime tests its granules). The element's store is conditional (its loop skips elements),
; so it is not hoisted either; it keeps its own shadow test. The idle copy
; has no check at all. A load and a store of one element (`y[k] += v`)
; are a group of both masks (0x3f) over the element's one shadow byte.
; CHECK-LABEL: define void @element_loop(
; CHECK:      body.mpisync.idle:
; CHECK-NOT:  __mpisync
; CHECK:      mpisync.pending.ph:
; CHECK:      %[[SOFF:shadow.offset[0-9]*]] = load i64, ptr getelementptr inbounds ([16 x i64], ptr @__mpisync_state, i64 0, i64 5)
; CHECK:      body:
; CHECK:      %[[EN:.*]] = getelementptr inbounds i32, ptr %conn, i64
; CHECK-NEXT: %[[B:.*]] = ptrtoint ptr %[[EN]] to i64
; CHECK-NEXT: %[[H:.*]] = add i64 %[[B]], 0
; CHECK-NEXT: %[[S:.*]] = lshr i64 %[[H]], 3
; CHECK-NEXT: %[[SA:.*]] = add i64 %[[S]], %[[SOFF]]
; CHECK-NEXT: %[[SP:.*]] = inttoptr i64 %[[SA]] to ptr
; CHECK-NEXT: %[[BITS:.*]] = load i32, ptr %[[SP]], align 1
; CHECK-NEXT: %[[M:.*]] = and i32 %[[BITS]], 2500134
; CHECK-NEXT: %[[HIT:.*]] = icmp ne i32 %[[M]], 0
; CHECK-NEXT: br i1 %[[HIT]], label %[[HEADS:.*]], label %[[JOIN:.*]], !prof
; CHECK:      [[HEADS]]:
; CHECK-NEXT: call preserve_allcc void @__mpisync_load4_pa(ptr %en)
; CHECK-NEXT: getelementptr
; CHECK-NEXT: call preserve_allcc void @__mpisync_load4_pa(ptr %[[E1:.*]])
; CHECK-NEXT: getelementptr
; CHECK-NEXT: call preserve_allcc void @__mpisync_load4_pa(ptr %[[E2:.*]])
; CHECK:      [[JOIN]]:
; CHECK-NEXT: %i0 = load i32, ptr %en, align 4
; CHECK-NOT:  __mpisync
; CHECK:      %yk = getelementptr inbounds double, ptr %y, i64 %k
; CHECK:      and i8 %{{.*}}, 63
; CHECK:      call preserve_allcc void @__mpisync_load8_pa(ptr %yk)
; CHECK:      call preserve_allcc void @__mpisync_store8_pa(ptr %yk)
; CHECK:      %old = load double, ptr %yk, align 8
; CHECK-NOT:  __mpisync
; CHECK:      store double %new, ptr %yk, align 8
; CHECK:      exit:
; OFF-LABEL: define void @element_loop(
; OFF-NOT:   load i32, ptr %{{.*}}, align 1
; OFF:       ret void
define void @element_loop(ptr %conn, ptr %pick, ptr %y, i64 %n) {
entry:
  br label %head
head:
  %e = phi i64 [ 0, %entry ], [ %e.next, %latch ]
  %pp = getelementptr inbounds i8, ptr %pick, i64 %e
  %p = load i8, ptr %pp, align 1
  %skip = icmp eq i8 %p, 0
  br i1 %skip, label %latch, label %body
body:
  %e3 = mul nuw i64 %e, 3
  %en = getelementptr inbounds i32, ptr %conn, i64 %e3
  %i0 = load i32, ptr %en, align 4
  %en1 = getelementptr inbounds i32, ptr %en, i64 1
  %i1 = load i32, ptr %en1, align 4
  %en2 = getelementptr inbounds i32, ptr %en, i64 2
  %i2 = load i32, ptr %en2, align 4
  %s01 = add i32 %i0, %i1
  %s = add i32 %s01, %i2
  %k = sext i32 %s to i64
  %yk = getelementptr inbounds double, ptr %y, i64 %k
  %old = load double, ptr %yk, align 8
  %new = fadd double %old, 1.0
  store double %new, ptr %yk, align 8
  br label %latch
latch:
  %e.next = add nuw i64 %e, 1
  %done = icmp eq i64 %e.next, %n
  br i1 %done, label %exit, label %head
exit:
  ret void
}

; The member locations of @dense_fields' calls (printed at the end).
; CHECK-DAG:  ![[L1]] = !DILocation(line: 11,
; CHECK-DAG:  ![[L2]] = !DILocation(line: 12,
; CHECK-DAG:  ![[L3]] = !DILocation(line: 13,

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "dense.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!20 = distinct !DISubprogram(name: "dense_fields", scope: !1, file: !1, line: 10, type: !24, spFlags: DISPFlagDefinition, unit: !0)
!21 = !DILocation(line: 11, column: 3, scope: !20)
!22 = !DILocation(line: 12, column: 3, scope: !20)
!23 = !DILocation(line: 13, column: 3, scope: !20)
!24 = !DISubroutineType(types: !{})
