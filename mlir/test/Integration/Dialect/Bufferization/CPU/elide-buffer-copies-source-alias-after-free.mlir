// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(elide-buffer-copies))" | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ELIDE
// RUN: cat %s | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,KEEP

// Input that frees its buffers by hand. A value that may be the source of a
// copy (a select of the source and another buffer) is read after the source
// is freed; there it is the other buffer, so the source may take the place
// of the copy's target. The program must print the same before and after.

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %false = arith.constant false
  // A condition the passes cannot fold: false.
  %flags = memref.alloc() : memref<1xi1>
  memref.store %false, %flags[%c0] : memref<1xi1>
  %pick = memref.load %flags[%c0] : memref<1xi1>
  memref.dealloc %flags : memref<1xi1>

  %o = memref.alloc() : memref<4xf32>
  linalg.fill ins(%three : f32) outs(%o : memref<4xf32>)
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%s : memref<4xf32>)
  %either = arith.select %pick, %s, %o : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  // %either is %o: writing it leaves %t (now %s) alone.
  %v = memref.load %either[%c1] : memref<4xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %either[%c0] : memref<4xf32>

  %pt = memref.cast %t : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%pt) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [2, 2, 2, 2]
  %po = memref.cast %o : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%po) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [6, 3, 3, 3]
  memref.dealloc %t : memref<4xf32>
  memref.dealloc %o : memref<4xf32>

  // With the copy elided: %flags, %o and %s; peak when %o and %s are live.
  // ELIDE: alloc-tracker: mallocs=3 frees=3 peak_bytes=32 total_bytes=33 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // Kept: %t too, live with %o and %s at the copy.
  // KEEP: alloc-tracker: mallocs=4 frees=4 peak_bytes=48 total_bytes=49 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
