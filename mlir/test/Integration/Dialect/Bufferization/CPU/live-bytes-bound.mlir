// RUN: mlir-opt %s -expand-realloc -test-instrument-buffer-uses | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,BOUND
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %stock_mlir_opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STOCK

// The live-bytes bound of a program: run without deallocation and with every
// use of a buffer reported to the tracker, the most bytes of buffers between
// their allocation and their last use at any time.
//
// %p (1000 bytes) is used first and last, so it lives throughout. %a (400)
// and %b (800) overlap: their last uses come after both allocations. A
// temporary of 256 bytes per loop iteration, used through a view, lives
// within its iteration. %c (200) comes after the last uses of %a and %b. So
// the bound is 1000 + 400 + 800 = 2200 bytes, which our pipeline's peak
// reaches; stock frees %a and %b only at the end of the function, so a loop
// temporary is alive with them (2456). Without deallocation, the 14 buffers
// take 4960 bytes.

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<250xf32>
  linalg.fill ins(%one : f32) outs(%p : memref<250xf32>)
  %a = memref.alloc() : memref<100xf32>
  %b = memref.alloc() : memref<200xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<100xf32>)
  linalg.fill ins(%one : f32) outs(%b : memref<200xf32>)
  %va = memref.load %a[%c0] : memref<100xf32>
  %vb = memref.load %b[%c0] : memref<200xf32>
  %s = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %va) -> f32 {
    %t = memref.alloc() : memref<64xf32>
    %half = memref.subview %t[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
    linalg.fill ins(%acc : f32) outs(%half : memref<32xf32, strided<[1]>>)
    %v = memref.load %half[%c0] : memref<32xf32, strided<[1]>>
    %w = arith.addf %v, %vb : f32
    scf.yield %w : f32
  }
  %c = memref.alloc() : memref<50xf32>
  linalg.fill ins(%s : f32) outs(%c : memref<50xf32>)
  %vc = memref.load %c[%c0] : memref<50xf32>
  %vp = memref.load %p[%c0] : memref<250xf32>
  %r = arith.addf %vc, %vp : f32
  func.call @printF32(%r) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // 1 + 10 * 1 + 1 = 12.
  // CHECK: 12
  // BOUND: alloc-tracker: mallocs=14 frees=0 peak_bytes=4960
  // BOUND: alloc-tracker: live_bytes_bound=2200 uses=
  // OURS: alloc-tracker: mallocs=5 frees=5 peak_bytes=2200 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0
  // OURS-NOT: live_bytes_bound
  // STOCK: alloc-tracker: mallocs=14 frees=14 peak_bytes=2456 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0
  return
}
