// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s

// A static reallocation that shrinks a 32 KiB buffer to its first 4
// elements, whose result is returned from another block, passed to a call
// before that, and used by the caller: the result is a view of the whole
// buffer, which the caller frees once, after its last use.
func.func private @sum(%b: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> f64 {
    %v = memref.load %b[%i] : memref<4xf64>
    %n = arith.addf %a, %v : f64
    scf.yield %n : f64
  }
  return %s : f64
}
func.func private @shrink(%c: i1) -> memref<4xf64> {
  %one = arith.constant 1.5 : f64
  %w = memref.alloc() : memref<4096xf64>
  linalg.fill ins(%one : f64) outs(%w : memref<4096xf64>)
  %n = memref.realloc %w : memref<4096xf64> to memref<4xf64>
  cf.cond_br %c, ^a, ^b
^a:
  %s = func.call @sum(%n) : (memref<4xf64>) -> f64
  vector.print %s : f64
  return %n : memref<4xf64>
^b:
  return %n : memref<4xf64>
}
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %r1 = func.call @shrink(%t) : (i1) -> memref<4xf64>
  %r2 = func.call @shrink(%f) : (i1) -> memref<4xf64>
  %s1 = func.call @sum(%r1) : (memref<4xf64>) -> f64
  %s2 = func.call @sum(%r2) : (memref<4xf64>) -> f64
  %s = arith.addf %s1, %s2 : f64
  // Printed in @shrink's first block (4 x 1.5), then the two sums.
  // CHECK: 6
  // CHECK-NEXT: 12
  vector.print %s : f64
  // One 32 KiB buffer per call, both alive until the sums.
  // CHECK: alloc-tracker: mallocs=2 frees=2 peak_bytes=65536 total_bytes=65536 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
