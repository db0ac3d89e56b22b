// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNMERGED
// RUN: mlir-opt %s -merge-alloc="planner=greedy-by-size" -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED

// Temporaries in straight-line code, in a loop body and in both branches of
// an scf.if, all in one function, with calls to external functions between
// them: merge-alloc plans each of the three groups into one buffer, but no
// merged buffer spans a call, since the callee may allocate while the merged
// buffer would hold more than the temporaries it replaces. The program makes
// three mallocs instead of six, with the same results, the same peak, no leak
// and no bad free. (The second and third merged buffers have the same size,
// but a call to an external function, which may allocate, runs between
// them, so reuse-freed-buffers does not hold the second one across it.)

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32

  // A chain: a[i] = i, b = 2 * a, c = b + 1. %c takes the place of %a.
  %a = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %a[%i] : memref<64xf32>
  }
  %b = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %b[%i] : memref<64xf32>
  }
  %c = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %b[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %c[%i] : memref<64xf32>
  }
  %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %c[%i] : memref<64xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  // 1 + 3 + ... + 127 = 4096.
  // CHECK: 4096
  func.call @printF32(%sum) : (f32) -> ()
  func.call @printNewline() : () -> ()

  // Two temporaries per iteration of a loop: t = k, u = t + 1.
  %loop = scf.for %k = %c0 to %c100 step %c1 iter_args(%acc = %zero) -> f32 {
    %kk = arith.index_cast %k : index to i32
    %fk = arith.sitofp %kk : i32 to f32
    %t = memref.alloc() : memref<16xf32>
    linalg.fill ins(%fk : f32) outs(%t : memref<16xf32>)
    %u = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %t[%i] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %u[%i] : memref<16xf32>
    }
    %last = memref.load %u[%c15] : memref<16xf32>
    %next = arith.addf %acc, %last : f32
    scf.yield %next : f32
  }
  // 1 + 2 + ... + 100 = 5050.
  // CHECK-NEXT: 5050
  func.call @printF32(%loop) : (f32) -> ()
  func.call @printNewline() : () -> ()

  // A temporary in each branch: k for even k, 2k for odd k.
  %branch = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> f32 {
    %kk = arith.index_cast %k : index to i32
    %fk = arith.sitofp %kk : i32 to f32
    %rem = arith.remui %k, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %v = scf.if %even -> f32 {
      %e = memref.alloc() : memref<32xf32>
      linalg.fill ins(%fk : f32) outs(%e : memref<32xf32>)
      %x = memref.load %e[%c0] : memref<32xf32>
      scf.yield %x : f32
    } else {
      %o = memref.alloc() : memref<8xf64>
      %dk = arith.extf %fk : f32 to f64
      %dk2 = arith.addf %dk, %dk : f64
      linalg.fill ins(%dk2 : f64) outs(%o : memref<8xf64>)
      %x = memref.load %o[%c7] : memref<8xf64>
      %y = arith.truncf %x : f64 to f32
      scf.yield %y : f32
    }
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  // (0 + 2 + 4 + 6 + 8) + 2 * (1 + 3 + 5 + 7 + 9) = 70.
  // CHECK-NEXT: 70
  func.call @printF32(%branch) : (f32) -> ()
  func.call @printNewline() : () -> ()

  // COM: The chain in 512 bytes (%c in the place of %a), each loop's pair in
  // COM: 128; without merge-alloc, six mallocs after the pipeline's hoisting
  // COM: and reuse, and the same peak.
  // MERGED: alloc-tracker: mallocs=3 frees=3 peak_bytes=512 total_bytes=768 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // UNMERGED: alloc-tracker: mallocs=6 frees=6 peak_bytes=512 total_bytes=832 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
