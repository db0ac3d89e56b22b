// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNMERGED

// Code that a front end specializes away: a loop over a dimension that is
// zero, and a branch on a flag that is false, both after the last real use
// of %t and after %u is allocated. The pipeline's first canonicalization
// removes them, so that %t dies at the `linalg.map` and %u never lives next
// to it. merge-alloc plans after that canonicalization: it gives %t and %u
// one 64-byte buffer, which keeps the peak. Planned before it, it took the
// dead code's uses of %t for real and merged %t and %u into 96 bytes held
// together (the fuzzer's seeds 5348 and 5750).

func.func private @printF64(f64)
func.func private @printNewline()

// Returns the sum of a buffer of four times 1.5; %x stays as it is.
func.func @zero_batch(%x: memref<16xf32>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %batch = arith.constant 0 : index
  %t = memref.alloc() : memref<16xf32>
  linalg.map { arith.addf } ins(%x, %x : memref<16xf32>, memref<16xf32>)
      outs(%t : memref<16xf32>)
  %u = memref.alloc() : memref<4xf64>
  %fill = arith.constant 1.5 : f64
  linalg.fill ins(%fill : f64) outs(%u : memref<4xf64>)
  scf.for %i = %c0 to %batch step %c1 {
    %v = memref.load %t[%i] : memref<16xf32>
    memref.store %v, %x[%i] : memref<16xf32>
  }
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %v = memref.load %u[%i] : memref<4xf64>
    %a = arith.addf %acc, %v : f64
    scf.yield %a : f64
  }
  return %s : f64
}

// Returns the sum of a buffer of four times 2.5.
func.func @no_debug(%x: memref<16xf32>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %debug = arith.constant false
  %t = memref.alloc() : memref<16xf32>
  linalg.map { arith.addf } ins(%x, %x : memref<16xf32>, memref<16xf32>)
      outs(%t : memref<16xf32>)
  %u = memref.alloc() : memref<4xf64>
  %fill = arith.constant 2.5 : f64
  linalg.fill ins(%fill : f64) outs(%u : memref<4xf64>)
  scf.if %debug {
    %v = memref.load %t[%c3] : memref<16xf32>
    vector.print %v : f32
  }
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f64 {
    %v = memref.load %u[%i] : memref<4xf64>
    %a = arith.addf %acc, %v : f64
    scf.yield %a : f64
  }
  return %s : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<16xf32>)
  // CHECK: 6
  // CHECK-NEXT: 10
  // CHECK-NEXT: 1
  %a = func.call @zero_batch(%x) : (memref<16xf32>) -> f64
  func.call @printF64(%a) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %b = func.call @no_debug(%x) : (memref<16xf32>) -> f64
  func.call @printF64(%b) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %x0 = memref.load %x[%c0] : memref<16xf32>
  %x0d = arith.extf %x0 : f32 to f64
  func.call @printF64(%x0d) : (f64) -> ()
  func.call @printNewline() : () -> ()
  // COM: %x (64 bytes), and per call %t (64) freed after the map, then %u
  // COM: (32): 5 mallocs, at most 64 + 64 bytes at once. Merged, %t and %u
  // COM: share one buffer of 64 bytes per call: 3 mallocs, the same peak.
  // MERGED: alloc-tracker: mallocs=3 frees=3 peak_bytes=128 total_bytes=192 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // UNMERGED: alloc-tracker: mallocs=5 frees=5 peak_bytes=128 total_bytes=256 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
