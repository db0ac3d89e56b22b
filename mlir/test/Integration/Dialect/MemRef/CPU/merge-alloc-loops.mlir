// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,UNMERGED

// Two accumulators updated in sibling inner loops of one outer loop. Each is
// only accessed in its own inner loop, but both must live across the outer
// loop: if they shared memory, every element would end up at 30.

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%zero : f32) outs(%a : memref<8xf32>)
  linalg.fill ins(%zero : f32) outs(%b : memref<8xf32>)
  scf.for %i = %c0 to %c10 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%j] : memref<8xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%j] : memref<8xf32>
    }
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %b[%j] : memref<8xf32>
      %w = arith.addf %v, %two : f32
      memref.store %w, %b[%j] : memref<8xf32>
    }
  }
  %x = memref.load %a[%c7] : memref<8xf32>
  %y = memref.load %b[%c7] : memref<8xf32>
  // CHECK: 10
  // CHECK-NEXT: 20
  func.call @printF32(%x) : (f32) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%y) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // COM: Both accumulators in one 64-byte buffer at offsets 0 and 32: the
  // COM: same peak as apart, with no alignment slack, as f32 needs none
  // COM: beyond what malloc gives.
  // MERGED: alloc-tracker: mallocs=1 frees=1 peak_bytes=64 total_bytes=64 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // UNMERGED: alloc-tracker: mallocs=2 frees=2 peak_bytes=64 total_bytes=64 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
