// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s

// A buffer that only one branch of an scf.if reads, while the other branch
// allocates a larger one: free-buffers-at-last-use frees it at the start of
// the allocating branch and after its read in the other, as ownership-based
// deallocation does for a cf diamond, rather than after the scf.if (the
// fuzzer's seed 621, once merge-alloc lifted its diamond: 248 bytes at once
// instead of 216).

// Sums the 64 ones of %a, or the 256 twos of a fresh buffer when `%big` is
// set.
func.func @branchy(%big: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<64xf32>)
  %s = scf.if %big -> f32 {
    %b = memref.alloc() : memref<256xf32>
    linalg.fill ins(%two : f32) outs(%b : memref<256xf32>)
    %t = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %b[%i] : memref<256xf32>
      %w = arith.addf %acc, %v : f32
      scf.yield %w : f32
    }
    scf.yield %t : f32
  } else {
    %t = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %a[%i] : memref<64xf32>
      %w = arith.addf %acc, %v : f32
      scf.yield %w : f32
    }
    scf.yield %t : f32
  }
  return %s : f32
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %x = func.call @branchy(%true) : (i1) -> f32
  %y = func.call @branchy(%false) : (i1) -> f32
  // CHECK: 512
  vector.print %x : f32
  // CHECK-NEXT: 64
  vector.print %y : f32
  // Two buffers in the first call (256 + 1024 bytes), one in the second.
  // %a is freed before the 1 KiB buffer is allocated: the peak is that
  // buffer alone, where it was both before.
  // CHECK: alloc-tracker: mallocs=3 frees=3 peak_bytes=1024 total_bytes=1536 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
