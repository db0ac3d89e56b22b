// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STOCK

// A temporary allocated, used and freed in each of 1000 iterations, and the
// only buffer of the program: one malloc for the whole loop.

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c1000 step %c1 iter_args(%acc = %zero) -> f32 {
    %t = memref.alloc() : memref<4xf32>
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    linalg.fill ins(%fi : f32) outs(%t : memref<4xf32>)
    %v = memref.load %t[%c3] : memref<4xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  func.call @printF32(%sum) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // 0 + 1 + ... + 999 = 499500.
  // CHECK: 499500

  // OURS: alloc-tracker: mallocs=1 frees=1 peak_bytes=16 total_bytes=16 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // STOCK: alloc-tracker: mallocs=1000 frees=1000 peak_bytes=16 total_bytes=16000 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
