// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline="stack-promotion-max-bytes=0 simplify-loop-ownership=false" | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefix=NOSLO

// Buffers from before an scf.if that a region may yield through a value of
// its own: a loop that takes the buffer as its init and may run no
// iteration, or a cast of it. The regions take the buffer over: the one
// with the loop frees it unless the loop gives it back, the other frees it
// first, so that its own buffer does not come on top of it. Without
// `simplify-loop-ownership`, the block frees %x after the scf.if, after
// comparing its address with the result.

// %x (256 bytes) and the buffers the loop doubles it into (256 each), or
// %other (1024 bytes), then the buffer that sums the result (256 bytes).
func.func @double_or_other(%c: i1, %n: index) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<64xf32>)
  %r = scf.if %c -> memref<64xf32> {
    %w:2 = scf.while (%i = %c0, %b = %x) : (index, memref<64xf32>) -> (index, memref<64xf32>) {
      %more = arith.cmpi slt, %i, %n : index
      scf.condition(%more) %i, %b : index, memref<64xf32>
    } do {
    ^bb0(%j: index, %d: memref<64xf32>):
      %next = memref.alloc() : memref<64xf32>
      linalg.map { arith.addf } ins(%d, %d : memref<64xf32>, memref<64xf32>)
          outs(%next : memref<64xf32>)
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %next : index, memref<64xf32>
    }
    scf.yield %w#1 : memref<64xf32>
  } else {
    %other = memref.alloc() : memref<256xf32>
    linalg.fill ins(%one : f32) outs(%other : memref<256xf32>)
    %part = memref.subview %other[0] [64] [1] : memref<256xf32> to memref<64xf32, strided<[1]>>
    %copy = memref.alloc() : memref<64xf32>
    memref.copy %part, %copy : memref<64xf32, strided<[1]>> to memref<64xf32>
    scf.yield %copy : memref<64xf32>
  }
  %sum = memref.alloc() : memref<64xf32>
  linalg.map { arith.addf } ins(%r, %r : memref<64xf32>, memref<64xf32>)
      outs(%sum : memref<64xf32>)
  return %sum : memref<64xf32>
}

// %a (256 bytes), or a fresh buffer of 256 bytes, behind a cast.
func.func @cast_or_fresh(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<64xf32>)
  %r = scf.if %c -> memref<?xf32> {
    %new = memref.alloc() : memref<64xf32>
    linalg.fill ins(%two : f32) outs(%new : memref<64xf32>)
    %cast = memref.cast %new : memref<64xf32> to memref<?xf32>
    scf.yield %cast : memref<?xf32>
  } else {
    %cast = memref.cast %a : memref<64xf32> to memref<?xf32>
    scf.yield %cast : memref<?xf32>
  }
  %v = memref.load %r[%c0] : memref<?xf32>
  return %v : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %r0 = func.call @double_or_other(%true, %c0) : (i1, index) -> memref<64xf32>
  %v0 = memref.load %r0[%c0] : memref<64xf32>
  // CHECK: 2
  vector.print %v0 : f32
  %r3 = func.call @double_or_other(%true, %c3) : (i1, index) -> memref<64xf32>
  %v3 = memref.load %r3[%c0] : memref<64xf32>
  // CHECK-NEXT: 16
  vector.print %v3 : f32
  %ro = func.call @double_or_other(%false, %c3) : (i1, index) -> memref<64xf32>
  %vo = memref.load %ro[%c0] : memref<64xf32>
  // CHECK-NEXT: 2
  vector.print %vo : f32
  %s1 = func.call @cast_or_fresh(%true) : (i1) -> f32
  // CHECK-NEXT: 2
  vector.print %s1 : f32
  %s2 = func.call @cast_or_fresh(%false) : (i1) -> f32
  // CHECK-NEXT: 1
  vector.print %s2 : f32
  // Allocations: 2 (no iteration), 4 (the loop allocates twice and reuses
  // its spare in the third iteration), 4, 2 and 1. The peak is the else
  // region's %other and %copy, with %x freed first; after the scf.if
  // before (1536 bytes).
  // CHECK: alloc-tracker: mallocs=13 frees=13 peak_bytes=1280 total_bytes=4096 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // NOSLO: alloc-tracker: mallocs=13 frees=13 peak_bytes=1536 total_bytes=4096 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
