// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc lift-allocating-branches stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,EVERY
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc merge-alloc-worst-run lift-allocating-branches stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,WORST
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-to-llvm | %run-tracked -e cheap | FileCheck %s --check-prefixes=CHEAP,CHEAP-DEFAULT
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc lift-allocating-branches stack-promotion-max-bytes=0" | %lower-to-llvm | %run-tracked -e cheap | FileCheck %s --check-prefixes=CHEAP,CHEAP-EVERY
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc merge-alloc-worst-run lift-allocating-branches stack-promotion-max-bytes=0" | %lower-to-llvm | %run-tracked -e cheap | FileCheck %s --check-prefixes=CHEAP,CHEAP-WORST

// Functions of cf diamonds that allocate in their arms, as a front end
// emits them, called from loops. @single allocates %base (1 KiB), then %d or
// %q (1 KiB) in the arms of one diamond and sums the result. @double adds a
// second diamond, which keeps the first one's result when seed % 3 == 0 and
// otherwise subtracts %base from it into %s2 (1 KiB).
//
// Under merge-alloc and lift-allocating-branches, the pipeline lifts both
// diamonds to scf.if. Every run
// of @single holds 2 KiB at once, so its buffers merge into a workspace of 2
// KiB. A run of @double holds 2 KiB through the keep branch and 3 KiB
// through the other: every-run merges %base and the first result into a
// workspace of 2 KiB and leaves %s2, which only the costlier runs hold,
// apart. @main allocates the two workspaces out of its loops and merges
// them into one buffer. worst-run plans @double into a workspace of 3 KiB
// instead. Mallocs: without merge-alloc 6 * 2 for @single and 6 * 2 + 4 for
// @double (seeds 1, 2, 4 and 5 shift): 28; every-run: 1 + 4 = 5; worst-run:
// 1. The peak is 3 KiB (a run of @double through the shift) in all three.
//
// @cheap calls @double with seeds 0 and 3 only, both through the keep
// branch: 2 mallocs per call and 2 KiB at once without merge-alloc, 1
// malloc and 2 KiB under every-run; worst-run holds the 3 KiB workspace it
// plans for the costliest runs: 1 malloc, 3 KiB. That is the price of
// worst-run.
//
// base[i] = (i + seed) mod 3 over 256 elements: residue seed mod 3 86 times,
// the others 85 times. Doubled or squared (even or odd seed), kept or minus
// base, the sums per seed 0..5 are 510, 170, 257, 425, 256, 172 for @double
// (1790) and 510, 426, 514, 425, 512, 429 for @single (2816).

// CHECK: 2816
// CHECK-NEXT: 1790
// DEFAULT-NEXT: alloc-tracker: mallocs=28 frees=28 peak_bytes=3072 total_bytes=28672 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// EVERY-NEXT: alloc-tracker: mallocs=5 frees=5 peak_bytes=3072 total_bytes=6144 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// WORST-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=3072 total_bytes=3072 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

// CHEAP: 935
// CHEAP-DEFAULT-NEXT: alloc-tracker: mallocs=4 frees=4 peak_bytes=2048 total_bytes=4096 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// CHEAP-EVERY-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=2048 total_bytes=2048 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// CHEAP-WORST-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=3072 total_bytes=3072 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

func.func private @single(%seed: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %base = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.addi %i, %seed : index
    %r = arith.remui %s, %c3 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %base[%i] : memref<256xf32>
  }
  %m = arith.remui %seed, %c2 : index
  %even = arith.cmpi eq, %m, %c0 : index
  cf.cond_br %even, ^double, ^square
^double:
  %d = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %base[%i] : memref<256xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %d[%i] : memref<256xf32>
  }
  cf.br ^join(%d : memref<256xf32>)
^square:
  %q = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %base[%i] : memref<256xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %q[%i] : memref<256xf32>
  }
  cf.br ^join(%q : memref<256xf32>)
^join(%mid: memref<256xf32>):
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %mid[%i] : memref<256xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %sum : f32
}

func.func private @double(%seed: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %base = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.addi %i, %seed : index
    %r = arith.remui %s, %c3 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %base[%i] : memref<256xf32>
  }
  %m = arith.remui %seed, %c2 : index
  %even = arith.cmpi eq, %m, %c0 : index
  cf.cond_br %even, ^double, ^square
^double:
  %d = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %base[%i] : memref<256xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %d[%i] : memref<256xf32>
  }
  cf.br ^join(%d : memref<256xf32>)
^square:
  %q = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %base[%i] : memref<256xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %q[%i] : memref<256xf32>
  }
  cf.br ^join(%q : memref<256xf32>)
^join(%mid: memref<256xf32>):
  %m3 = arith.remui %seed, %c3 : index
  %keep = arith.cmpi eq, %m3, %c0 : index
  cf.cond_br %keep, ^out(%mid : memref<256xf32>), ^shift
^shift:
  %s2 = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %mid[%i] : memref<256xf32>
    %b = memref.load %base[%i] : memref<256xf32>
    %w = arith.subf %v, %b : f32
    memref.store %w, %s2[%i] : memref<256xf32>
  }
  cf.br ^out(%s2 : memref<256xf32>)
^out(%res: memref<256xf32>):
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %res[%i] : memref<256xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %sum : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %singles = scf.for %k = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> f32 {
    %s = func.call @single(%k) : (index) -> f32
    %a = arith.addf %acc, %s : f32
    scf.yield %a : f32
  }
  vector.print %singles : f32
  %doubles = scf.for %k = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> f32 {
    %s = func.call @double(%k) : (index) -> f32
    %a = arith.addf %acc, %s : f32
    scf.yield %a : f32
  }
  vector.print %doubles : f32
  return
}

func.func @cheap() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %k = %c0 to %c6 step %c3 iter_args(%acc = %zero) -> f32 {
    %s = func.call @double(%k) : (index) -> f32
    %a = arith.addf %acc, %s : f32
    scf.yield %a : f32
  }
  vector.print %sum : f32
  return
}
