// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s

// A loop whose state starts as an argument and is a fresh buffer after each
// iteration: ownership-based deallocation frees the loop's result under the
// ownership indicator the loop returns (the argument is not the function's
// to free), in a guarded free at the end of the function, which
// free-buffers-at-last-use moves up to the last read of the result, past
// the guarded free of the state in the loop's body (which reads the address
// of the same buffers but stays in the body), so that the result is gone
// before the larger buffer is allocated.

// Doubles the 64 elements of %x %n times, then sums 1024 copies of the
// first element.
func.func @grow(%x0: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> memref<64xf32> {
    %y = memref.alloc() : memref<64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %v = memref.load %x[%j] : memref<64xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %y[%j] : memref<64xf32>
    }
    scf.yield %y : memref<64xf32>
  }
  %first = memref.load %r[%c0] : memref<64xf32>
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%first : f32) outs(%big : memref<1024xf32>)
  %s = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %big[%j] : memref<1024xf32>
    %w = arith.addf %acc, %v : f32
    scf.yield %w : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<64xf32>)
  %a = func.call @grow(%x, %c3) : (memref<64xf32>, index) -> f32
  %b = func.call @grow(%x, %c0) : (memref<64xf32>, index) -> f32
  // CHECK: 8192
  vector.print %a : f32
  // CHECK-NEXT: 1024
  vector.print %b : f32
  // %x (256 bytes) and the 4 KiB buffer at the peak: the loop's result (256
  // bytes) is freed before the larger buffer is allocated (4,608 bytes when
  // it was freed at the end).
  // CHECK: alloc-tracker: {{.*}} peak_bytes=4352 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
