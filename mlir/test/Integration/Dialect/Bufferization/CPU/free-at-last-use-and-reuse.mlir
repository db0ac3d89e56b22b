// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{reuse-dying-inputs=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{reuse-dying-inputs=false reuse-freed-buffers=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,NOREUSE
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DYING
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STOCK

// Four sequential temporaries of 64 floats (256 bytes) in one block, each
// read only by the step that computes the next. Stock deallocation frees all
// of them at the end of the block, so all four are live at once.
// free-buffers-at-last-use frees each one right after the step that reads
// it, so at most two are live; reuse-freed-buffers lets the third and the
// fourth take over the buffers of the first and the second. With the whole
// pipeline, linalg-reuse-dying-inputs comes first: each step reads only the
// step before, which dies at it, so every step writes into the buffer of the
// first.

func.func private @printMemrefF32(memref<*xf32>)

// t1 = i; t2 = t1 + t1; t3 = t2 * t2; t4 = t3 + t3, each in its own buffer
// of 64 floats.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t1 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %t1[%i] : memref<64xf32>
  }
  %t2 = memref.alloc() : memref<64xf32>
  linalg.map { arith.addf } ins(%t1, %t1 : memref<64xf32>, memref<64xf32>) outs(%t2 : memref<64xf32>)
  %t3 = memref.alloc() : memref<64xf32>
  linalg.map { arith.mulf } ins(%t2, %t2 : memref<64xf32>, memref<64xf32>) outs(%t3 : memref<64xf32>)
  %t4 = memref.alloc() : memref<64xf32>
  linalg.map { arith.addf } ins(%t3, %t3 : memref<64xf32>, memref<64xf32>) outs(%t4 : memref<64xf32>)
  %s = memref.subview %t4[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
  %p = memref.cast %s : memref<8xf32, strided<[1]>> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  // t4[i] = 2 * (2i)^2 = 8i^2.
  // CHECK: data =
  // CHECK-NEXT: [0, 8, 32, 72, 128, 200, 288, 392]

  // OURS: alloc-tracker: mallocs=2 frees=2 peak_bytes=512 total_bytes=512 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // DYING: alloc-tracker: mallocs=1 frees=1 peak_bytes=256 total_bytes=256 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // NOREUSE: alloc-tracker: mallocs=4 frees=4 peak_bytes=512 total_bytes=1024 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // STOCK: alloc-tracker: mallocs=4 frees=4 peak_bytes=1024 total_bytes=1024 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
