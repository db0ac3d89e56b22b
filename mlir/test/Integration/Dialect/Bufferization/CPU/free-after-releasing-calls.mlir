// A chain of temporaries, each filled by a call from the previous one. The
// callee only reads and writes its arguments, so each temporary is freed
// right after the call that reads it last (free-at-last-use), and the next
// allocation takes its buffer over (reuse-freed-buffers): two buffers in
// all instead of seven, and the same result.
//
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefix=STOCK

// Element i of the result is 2^6 i + 63: the sum over i < 64 is
// 64 * 2016 + 63 * 64.
// CHECK: 133056
// CHECK: alloc-tracker: mallocs=2 frees=2 peak_bytes=512 total_bytes=512 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
// STOCK: 133056
// STOCK: alloc-tracker: mallocs=7 frees=7 peak_bytes=1792 total_bytes=1792 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0

// out[i] = 2 in[i] + 1
func.func private @stage(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %in[%i] : memref<64xf32>
    %d = arith.addf %v, %v : f32
    %w = arith.addf %d, %one : f32
    memref.store %w, %out[%i] : memref<64xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %in[%i] : memref<64xf32>
  }
  %t1 = memref.alloc() : memref<64xf32>
  func.call @stage(%in, %t1) : (memref<64xf32>, memref<64xf32>) -> ()
  %t2 = memref.alloc() : memref<64xf32>
  func.call @stage(%t1, %t2) : (memref<64xf32>, memref<64xf32>) -> ()
  %t3 = memref.alloc() : memref<64xf32>
  func.call @stage(%t2, %t3) : (memref<64xf32>, memref<64xf32>) -> ()
  %t4 = memref.alloc() : memref<64xf32>
  func.call @stage(%t3, %t4) : (memref<64xf32>, memref<64xf32>) -> ()
  %t5 = memref.alloc() : memref<64xf32>
  func.call @stage(%t4, %t5) : (memref<64xf32>, memref<64xf32>) -> ()
  %t6 = memref.alloc() : memref<64xf32>
  func.call @stage(%t5, %t6) : (memref<64xf32>, memref<64xf32>) -> ()
  %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %t6[%i] : memref<64xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print %sum : f32
  return
}
