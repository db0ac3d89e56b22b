// RUN: mlir-opt %s -merge-alloc="analysis-only" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -merge-alloc="analysis-only keep-peak=worst-run" -split-input-file | FileCheck %s --check-prefix=WORST
// RUN: mlir-opt %s -merge-alloc="keep-peak=worst-run" -split-input-file | FileCheck %s --check-prefix=MERGED
// RUN: not mlir-opt %s -merge-alloc="keep-peak=best-run" 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: for the --keep-peak option: Cannot find option named 'best-run'!

// Which peak the split keeps. Every run of @branch_floor takes one branch of
// the scf.if, and each branch allocates 1 KiB while %base (1 KiB) lives:
// every run holds 2 KiB at once at some point, so %base and the branch
// results merge into one buffer of 2 KiB under both settings.

// CHECK-LABEL: func @branch_floor
//  CHECK-SAME: merge_alloc.total = {default = 2048 : i64}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64
//       CHECK: scf.if
//       CHECK:   memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
//       CHECK: } else {
//       CHECK:   memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
// WORST-LABEL: func @branch_floor
//  WORST-SAME: merge_alloc.total = {default = 2048 : i64}
func.func @branch_floor(%c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %base = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %base[%i] : memref<256xf32>
  }
  %r = scf.if %c -> memref<256xf32> {
    %a = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<256xf32>
    }
    scf.yield %a : memref<256xf32>
  } else {
    %b = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %b[%i] : memref<256xf32>
    }
    scf.yield %b : memref<256xf32>
  }
  %s = memref.load %r[%c1] : memref<256xf32>
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// Two diamonds, as a front end's cf.cond_br diamonds are lifted: the second
// scf.if allocates only on its else branch, where %base, the first one's
// result and %s2 (1 KiB each) live at once. A run through the then branch
// peaks at 2 KiB, one through the else branch at 3 KiB. Every run holds
// %base and the first result at once: they merge into 2 KiB. %s2 is held
// after the op only by runs through the else branch, which reach 3 KiB, 1
// KiB more than every run: the check counts it apart, and it stays apart,
// since merged it would be held by every run. worst-run keeps the 3 KiB of
// the costliest runs: one buffer for all.

// CHECK-LABEL: func @costlier_branch
//  CHECK-SAME: merge_alloc.total = {default = 2048 : i64}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
//       CHECK: memref.alloc() {merge_alloc.skipped = "held on some runs only, which the peak check counts apart so that the other buffers may merge"}
// WORST-LABEL: func @costlier_branch
//  WORST-SAME: merge_alloc.total = {default = 3072 : i64}
//       WORST: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64
//       WORST: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
//       WORST: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
//       WORST: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 2048 : i64
// MERGED-LABEL: func @costlier_branch
//       MERGED: memref.alloc() : memref<3072xi8>
//   MERGED-NOT: memref.alloc
//       MERGED: return
func.func @costlier_branch(%c: i1, %keep: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %base = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %base[%i] : memref<256xf32>
  }
  %mid = scf.if %c -> memref<256xf32> {
    %a = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<256xf32>
    }
    scf.yield %a : memref<256xf32>
  } else {
    %b = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %b[%i] : memref<256xf32>
    }
    scf.yield %b : memref<256xf32>
  }
  %r = scf.if %keep -> memref<256xf32> {
    scf.yield %mid : memref<256xf32>
  } else {
    %s2 = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %mid[%i] : memref<256xf32>
      %b = memref.load %base[%i] : memref<256xf32>
      %w = arith.subf %v, %b : f32
      memref.store %w, %s2[%i] : memref<256xf32>
    }
    scf.yield %s2 : memref<256xf32>
  }
  %s = memref.load %r[%c1] : memref<256xf32>
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// An scf.if without an else may run no region: a run that skips it holds
// only %base (1 KiB), so every-run leaves %t, which lives next to it on the
// other runs, apart. %t, a temporary of its branch, still counts in the
// check (it might merge with other temporaries of the branch). worst-run
// merges the two into the 2 KiB of those runs.

// CHECK-LABEL: func @no_else
//   CHECK-NOT: merge_alloc.total
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
//       CHECK: memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
// WORST-LABEL: func @no_else
//  WORST-SAME: merge_alloc.total = {default = 2048 : i64}
//       WORST: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64
//       WORST: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
func.func @no_else(%c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %base = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %base[%i] : memref<256xf32>
  }
  scf.if %c {
    %t = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      memref.store %v, %t[%i] : memref<256xf32>
    }
    %v = memref.load %t[%c1] : memref<256xf32>
    memref.store %v, %base[%c0] : memref<256xf32>
  }
  %s = memref.load %base[%c0] : memref<256xf32>
  memref.store %s, %out[] : memref<f32>
  return
}

// -----

// Branches of unequal cost under every-run: every run holds at least what
// the cheaper branch holds at once. Here the then branch holds %base, %a and
// its temporary %t (3 KiB), the else branch %base and %b (2 KiB): %base and
// the results merge into 2 KiB. While %t lives, the merged buffer holds no
// more than %base and %a, which a run that reaches those ticks holds; %t,
// which only the costlier runs hold, stays apart. worst-run merges all four
// into the 3 KiB of those runs.

// CHECK-LABEL: func @unequal_branches
//  CHECK-SAME: merge_alloc.total = {default = 2048 : i64}
//       CHECK: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64
//       CHECK: scf.if
//       CHECK:   memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
//       CHECK:   memref.alloc() {merge_alloc.skipped = "merging it would raise the most bytes its scope holds"}
//       CHECK: } else {
//       CHECK:   memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
// WORST-LABEL: func @unequal_branches
//  WORST-SAME: merge_alloc.total = {default = 3072 : i64}
func.func @unequal_branches(%c: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %base = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %base[%i] : memref<256xf32>
  }
  %r = scf.if %c -> memref<256xf32> {
    %a = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      memref.store %v, %a[%i] : memref<256xf32>
    }
    %t = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %a[%i] : memref<256xf32>
      %u = memref.load %base[%i] : memref<256xf32>
      %w = arith.addf %v, %u : f32
      memref.store %w, %t[%i] : memref<256xf32>
    }
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %t[%i] : memref<256xf32>
      memref.store %v, %a[%i] : memref<256xf32>
    }
    scf.yield %a : memref<256xf32>
  } else {
    %b = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %base[%i] : memref<256xf32>
      memref.store %v, %b[%i] : memref<256xf32>
    }
    scf.yield %b : memref<256xf32>
  }
  %s = memref.load %r[%c1] : memref<256xf32>
  memref.store %s, %out[] : memref<f32>
  return
}
