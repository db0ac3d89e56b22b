// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,INLINE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lower-deallocations-to-scf=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HELPER

// A function that returns a buffer it allocates: under the function boundary
// ABI the caller owns the result and frees it.

func.func private @printMemrefF32(memref<*xf32>)

// Returns a new buffer holding `base + i` in element `i`.
func.func @make(%base: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %v = arith.addf %fi, %base : f32
    memref.store %v, %buf[%i] : memref<4xf32>
  }
  return %buf : memref<4xf32>
}

func.func @main() {
  %c2 = arith.constant 2.0 : f32
  %c7 = arith.constant 7.0 : f32
  %a = func.call @make(%c2) : (f32) -> memref<4xf32>
  %b = func.call @make(%c7) : (f32) -> memref<4xf32>
  %pa = memref.cast %a : memref<4xf32> to memref<*xf32>
  %pb = memref.cast %b : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%pa) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%pb) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [2, 3, 4, 5]
  // CHECK: data =
  // CHECK-NEXT: [7, 8, 9, 10]

  // Two buffers of 16 bytes. The results of two calls may alias as far as
  // the ABI tells, so freeing them needs a runtime alias check: inline, it
  // costs nothing on the heap; upstream's `dealloc_helper` allocates 5
  // metadata buffers (2xindex, 0xindex, 2xi1, 2xi1, 0xi1: 20 bytes) while
  // both results are live.
  // INLINE: alloc-tracker: mallocs=2 frees=2 peak_bytes=32 total_bytes=32 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // HELPER: alloc-tracker: mallocs=7 frees=7 peak_bytes=52 total_bytes=52 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
