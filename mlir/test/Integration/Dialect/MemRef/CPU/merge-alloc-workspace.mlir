// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,WORKSPACE
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc callee-workspace=false stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STOCK

// @kernel adds 1 to each element through three temporaries of 64 bytes
// that are alive at once: t1 = x + 1, t2 = t1 + x, t3 = t2 + x, and
// out = t3 + t1 - t2 - x (= x + 1). Had two of them shared memory, the
// result would differ (t2 over t1: 2x + 1; t3 over t1: 3x + 1; t3 over t2:
// 1). @twice calls it twice through a
// temporary of its own that lives across both calls, so it adds 2, and
// main adds 3 per iteration, 100 times: element i ends at i + 300. Had the
// temporary of @twice shared memory with the kernel's workspace, the kernel
// would overwrite its input.

func.func private @printF32(f32)
func.func private @printNewline()

func.func private @kernel(%x: memref<16xf32>, %out: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  %t1 = memref.alloc() : memref<16xf32>
  linalg.map ins(%x : memref<16xf32>) outs(%t1 : memref<16xf32>)
    (%a: f32, %init: f32) {
      %r = arith.addf %a, %one : f32
      linalg.yield %r : f32
    }
  %t2 = memref.alloc() : memref<16xf32>
  linalg.add ins(%t1, %x : memref<16xf32>, memref<16xf32>) outs(%t2 : memref<16xf32>)
  %t3 = memref.alloc() : memref<16xf32>
  linalg.add ins(%t2, %x : memref<16xf32>, memref<16xf32>) outs(%t3 : memref<16xf32>)
  linalg.add ins(%t3, %t1 : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  linalg.sub ins(%out, %t2 : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  linalg.sub ins(%out, %x : memref<16xf32>, memref<16xf32>) outs(%out : memref<16xf32>)
  return
}

func.func private @twice(%x: memref<16xf32>, %out: memref<16xf32>) {
  %u = memref.alloc() : memref<16xf32>
  func.call @kernel(%x, %u) : (memref<16xf32>, memref<16xf32>) -> ()
  func.call @kernel(%u, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c100 = arith.constant 100 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %a[%i] : memref<16xf32>
  }
  scf.for %t = %c0 to %c100 step %c1 {
    func.call @twice(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @kernel(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
  }
  %first = memref.load %a[%c0] : memref<16xf32>
  %last = memref.load %a[%c15] : memref<16xf32>
  // CHECK: 300
  // CHECK-NEXT: 315
  func.call @printF32(%first) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%last) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // COM: The kernel's three temporaries take a 192-byte workspace; @twice
  // COM: plans it with %u (64 bytes, alive across both calls) into a
  // COM: workspace of 256; main plans both workspaces of its loop body, which
  // COM: the pipeline would hoist, into 256 bytes at one offset, and %a and
  // COM: %b, which the callees only read and write, next to them: one
  // COM: allocation of 384 bytes for the whole run, at the peak of the
  // COM: others (%a, %b, %u and three kernel temporaries).
  // WORKSPACE: alloc-tracker: mallocs=1 frees=1 peak_bytes=384 total_bytes=384 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // COM: Without workspaces: %a and %b merged in main, and per iteration
  // COM: %u and one merged buffer per kernel call (3 of 192 bytes).
  // MERGED: alloc-tracker: mallocs=401 frees=401 peak_bytes=384 total_bytes=64128 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // COM: Every temporary apart: 10 per iteration.
  // DEFAULT: alloc-tracker: mallocs=1002 frees=1002 peak_bytes=384 total_bytes=64128 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // STOCK: alloc-tracker: mallocs=1002 frees=1002 peak_bytes=384 total_bytes=64128 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
