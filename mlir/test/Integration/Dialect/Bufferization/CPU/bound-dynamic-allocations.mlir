// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{bound-dynamic-allocations=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNBOUNDED
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{dynamic-allocation-max-bytes=128 stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNBOUNDED

// Rows of 8 + (37 r mod 64) elements, r = 0 .. 99: each row is computed into
// a temporary of its size and summed. The size is at most 71, which the
// integer ranges prove, so the temporary is allocated at 71 floats and then
// hoisted out of the loop. Under a limit of 128 bytes (71 floats are 284)
// nothing changes.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c37 = arith.constant 37 : index
  %c64 = arith.constant 64 : index
  %rows = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %total = scf.for %r = %c0 to %rows step %c1 iter_args(%acc = %zero) -> f32 {
    %p = arith.muli %r, %c37 : index
    %q = arith.remui %p, %c64 : index
    %len = arith.addi %q, %c8 : index
    %row = memref.alloc(%len) : memref<?xf32>
    scf.for %i = %c0 to %len step %c1 {
      %s = arith.addi %i, %r : index
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      memref.store %f, %row[%i] : memref<?xf32>
    }
    %sum = scf.for %i = %c0 to %len step %c1 iter_args(%a = %zero) -> f32 {
      %v = memref.load %row[%i] : memref<?xf32>
      %n = arith.addf %a, %v : f32
      scf.yield %n : f32
    }
    %next = arith.addf %acc, %sum : f32
    scf.yield %next : f32
  }
  vector.print %total : f32
  // The sum over rows of the sum of r .. r + len - 1.
  // CHECK: 286278
  // Ours: one buffer of 71 floats for all rows.
  // OURS: alloc-tracker: mallocs=1 frees=1 peak_bytes=284 total_bytes=284 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // Unbounded: a buffer per row, of 15,672 bytes in all; the longest row
  // has 71 elements.
  // UNBOUNDED: alloc-tracker: mallocs=100 frees=100 peak_bytes=284 total_bytes=15672 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
