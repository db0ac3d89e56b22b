// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt %s -buffer-deallocation-pipeline="hoist-alloc-dealloc-pairs=false stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,NOHOIST
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STOCK

// Three temporaries of one type in each of 1000 iterations: %t and %u hold
// data at the same time, %w only after both are last used. Hoisted out of
// the loop, %w takes the buffer of one of them: two buffers for the whole
// loop. Had %t and %u shared one, the fill of %u would overwrite %t, and
// each iteration would add 4 * i instead of 3 * i.

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %sum = scf.for %i = %c0 to %c1000 step %c1 iter_args(%acc = %zero) -> f32 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%fi : f32) outs(%t : memref<4xf32>)
    %u = memref.alloc() : memref<4xf32>
    %f2 = arith.mulf %fi, %two : f32
    linalg.fill ins(%f2 : f32) outs(%u : memref<4xf32>)
    %x = memref.load %t[%c3] : memref<4xf32>
    %y = memref.load %u[%c0] : memref<4xf32>
    %a = arith.addf %x, %y : f32
    %w = memref.alloc() : memref<4xf32>
    linalg.fill ins(%a : f32) outs(%w : memref<4xf32>)
    %v = memref.load %w[%c1] : memref<4xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  func.call @printF32(%sum) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // 3 * (0 + 1 + ... + 999) = 1498500.
  // CHECK: 1.4985e+06

  // COM: %w takes a hoisted buffer: 2 of 16 bytes for the whole loop.
  // OURS: alloc-tracker: mallocs=2 frees=2 peak_bytes=32 total_bytes=32 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // COM: Without hoisting, each temporary is freed after its last use and
  // COM: %w takes the freed %t: 2 per iteration, at most 2 alive at once.
  // NOHOIST: alloc-tracker: mallocs=2000 frees=2000 peak_bytes=32 total_bytes=32000 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // STOCK: alloc-tracker: mallocs=3000 frees=3000 peak_bytes=48 total_bytes=48000 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
