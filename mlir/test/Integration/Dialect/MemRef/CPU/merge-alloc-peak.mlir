// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNMERGED
// RUN: mlir-opt %s -merge-alloc="allow-peak-increase" -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,ALLOW

// merge-alloc never raises the peak. Three shapes a front end emits: a
// function whose temporaries are copied (elide-buffer-copies removes most of
// them without merging), a chain that returns its result (the merged buffer
// would be held while the result is written), and the same chain writing
// into an argument, which merges. With the peak check, two mallocs less at
// the same peak; merging everything (allow-peak-increase) nearly doubles the
// peak.

func.func private @printF32(f32)
func.func private @printNewline()

// Phases of a scope: two large temporaries, then a returned buffer of the
// same size while two small temporaries are alive.
func.func @phases(%in: memref<256xf32>, %small: memref<16xf32>) -> memref<256xf32> {
  %a = memref.alloc() : memref<256xf32>
  memref.copy %in, %a : memref<256xf32> to memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.copy %a, %b : memref<256xf32> to memref<256xf32>
  %r = memref.alloc() : memref<256xf32>
  memref.copy %b, %r : memref<256xf32> to memref<256xf32>
  %c = memref.alloc() : memref<16xf32>
  memref.copy %small, %c : memref<16xf32> to memref<16xf32>
  %d = memref.alloc() : memref<16xf32>
  memref.copy %c, %d : memref<16xf32> to memref<16xf32>
  memref.copy %d, %small : memref<16xf32> to memref<16xf32>
  return %r : memref<256xf32>
}

// A matmul-like chain whose last step writes a returned buffer.
func.func @chain(%x: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %t1 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t1[%i] : memref<64xf32>
  }
  %t2 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t1[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t2[%i] : memref<64xf32>
  }
  %t3 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t2[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t3[%i] : memref<64xf32>
  }
  %out = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t3[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<64xf32>
  }
  return %out : memref<64xf32>
}

// The same chain writing its result into an argument.
func.func @chain_into(%x: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %t1 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t1[%i] : memref<64xf32>
  }
  %t2 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t1[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t2[%i] : memref<64xf32>
  }
  %t3 = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t2[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t3[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t3[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<64xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c255 = arith.constant 255 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %in = memref.alloc() : memref<256xf32>
  linalg.fill ins(%two : f32) outs(%in : memref<256xf32>)
  %small = memref.alloc() : memref<16xf32>
  linalg.fill ins(%three : f32) outs(%small : memref<16xf32>)
  %r = func.call @phases(%in, %small) : (memref<256xf32>, memref<16xf32>) -> memref<256xf32>
  %v = memref.load %r[%c255] : memref<256xf32>
  %s = memref.load %small[%c7] : memref<16xf32>
  // CHECK: 2
  // CHECK-NEXT: 3
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%s) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %x = memref.alloc() : memref<64xf32>
  linalg.fill ins(%two : f32) outs(%x : memref<64xf32>)
  %y = func.call @chain(%x) : (memref<64xf32>) -> memref<64xf32>
  %w = memref.load %y[%c7] : memref<64xf32>
  // 2 + 4 * 1.
  // CHECK-NEXT: 6
  func.call @printF32(%w) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %z = memref.alloc() : memref<64xf32>
  func.call @chain_into(%x, %z) : (memref<64xf32>, memref<64xf32>) -> ()
  %u = memref.load %z[%c7] : memref<64xf32>
  // CHECK-NEXT: 6
  func.call @printF32(%u) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // COM: @chain_into's three temporaries become a workspace of 512 bytes,
  // COM: which @main merges with %z (256 bytes): 8 mallocs instead of 10,
  // COM: the same bytes, and the same peak, which @phases sets.
  // MERGED: alloc-tracker: mallocs=8 frees=8 peak_bytes=2176 total_bytes=3712 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // UNMERGED: alloc-tracker: mallocs=10 frees=10 peak_bytes=2176 total_bytes=3712 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // COM: Merged, the copied temporaries of @phases are no longer removed.
  // ALLOW: alloc-tracker: mallocs=9 frees=9 peak_bytes=4160 total_bytes=5952 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
