// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline="lower-deallocations-to-scf=false" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HELPER

// A small table that both arms of a cf diamond read, built by a function
// that a loop calls 100 times. The deallocation frees the table at the end
// of each arm, under the ownership that it computes for both successors of
// the branch, which is true on both paths: lowered as a plain free in each
// arm, the table dies there, and stack promotion moves it to the stack.
// Each arm also allocates a larger buffer, which stays on the heap.

// Returns sum(table) + 2 * %x if %x > 0, else the table's first element
// times the larger buffer's length; the table holds 1, 2, ..., 16.
func.func @score(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %table = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %ii = arith.index_cast %i1 : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %table[%i] : memref<16xf32>
  }
  %pos = arith.cmpf ogt, %x, %zero : f32
  cf.cond_br %pos, ^sum, ^scale
^sum:
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%a = %zero) -> f32 {
    %v = memref.load %table[%i] : memref<16xf32>
    %n = arith.addf %a, %v : f32
    scf.yield %n : f32
  }
  %big = memref.alloc() : memref<4096xf32>
  linalg.fill ins(%x : f32) outs(%big : memref<4096xf32>)
  %b0 = memref.load %big[%c0] : memref<4096xf32>
  %b1 = memref.load %big[%c1] : memref<4096xf32>
  %bb = arith.addf %b0, %b1 : f32
  %r1 = arith.addf %s, %bb : f32
  cf.br ^done(%r1 : f32)
^scale:
  %first = memref.load %table[%c0] : memref<16xf32>
  %wide = memref.alloc() : memref<2048xf32>
  linalg.fill ins(%first : f32) outs(%wide : memref<2048xf32>)
  %r2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%a = %zero) -> f32 {
    %v = memref.load %wide[%i] : memref<2048xf32>
    %n = arith.addf %a, %v : f32
    scf.yield %n : f32
  }
  cf.br ^done(%r2 : f32)
^done(%r: f32):
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %minus = arith.constant -1.0 : f32
  // Even iterations take the first arm with %x = 1 (136 + 2 = 138), odd
  // ones the second (16 * 1 = 16): 50 * 138 + 50 * 16 = 7700.
  %total = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %zero) -> f32 {
    %r = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    %x = arith.select %even, %one, %minus : f32
    %s = func.call @score(%x) : (f32) -> f32
    %n = arith.addf %acc, %s : f32
    scf.yield %n : f32
  }
  // CHECK: 7700
  vector.print %total : f32
  // The larger buffer of each call on the heap, the table on the stack.
  // STACK: alloc-tracker: mallocs=100 frees=100 peak_bytes=16384 {{.*}}leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // The table on the heap too, freed in each arm after its last use there,
  // before the larger buffer is allocated. With the helper-based lowering,
  // each arm frees it under its ownership (not known to be true there), and
  // it stays on the heap.
  // HEAP: alloc-tracker: mallocs=200 frees=200 peak_bytes=16384 {{.*}}leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // HELPER: alloc-tracker: mallocs=200 frees=200 peak_bytes=16384 {{.*}}leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
