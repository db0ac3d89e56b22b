// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,APART
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline="private-function-dynamic-ownership stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,APART
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc private-function-dynamic-ownership stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc private-function-dynamic-ownership stack-promotion-max-bytes=0" -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// The fuzzer's seed 30679: @make returns a buffer and has a temporary of 64
// bytes, which merge-alloc turns into a workspace that @main passes in as a
// view at byte 16 of its merged buffer (its own 16-byte buffer at byte 0).
// Under private-function-dynamic-ownership the private function's result
// keeps the ABI in which it may alias an argument, and the view at a byte
// shift kept @main from comparing the two at run time: the result (32
// bytes) leaked. The call now names its workspace operand, which no result
// aliases.
//
// Mallocs: apart, @main's buffer (16 bytes), @make's result (32) and its
// temporary (64), all alive at once in @make: 3 mallocs, a peak of 112
// bytes. Merged, @main's buffer and the workspace are one buffer of 80
// bytes: 2 mallocs, the same peak. The sum of @main's zeros is 0.

// QUIET-NOT: warning
// CHECK: 0
// APART-NEXT: alloc-tracker: mallocs=3 frees=3 peak_bytes=112 total_bytes=112 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// MERGED-NEXT: alloc-tracker: mallocs=2 frees=2 peak_bytes=112 total_bytes=112 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0

func.func @main() {
  %c4 = arith.constant 4 : index
  %v = memref.alloc(%c4) : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%v : memref<?xf32>)
  %r = func.call @make() : () -> memref<8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %v[%i] : memref<?xf32>
    %a = arith.addf %acc, %x : f32
    scf.yield %a : f32
  }
  vector.print %s : f32
  return
}

func.func private @make() -> memref<8xi32> {
  %r = memref.alloc() : memref<8xi32>
  %c8 = arith.constant 8 : i32
  linalg.fill ins(%c8 : i32) outs(%r : memref<8xi32>)
  %t = memref.alloc() : memref<8xindex>
  %c4 = arith.constant 4 : index
  linalg.fill ins(%c4 : index) outs(%t : memref<8xindex>)
  return %r : memref<8xi32>
}
