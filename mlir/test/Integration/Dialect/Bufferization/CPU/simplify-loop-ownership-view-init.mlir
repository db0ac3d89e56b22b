// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=OUT,CHECK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="stack-promotion-max-bytes=0 merge-alloc=true" | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=OUT,CHECK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="stack-promotion-max-bytes=0 simplify-loop-ownership=false" | %lower-and-run-tracked \
// RUN:   | FileCheck %s --check-prefixes=OUT,NOSLO

// Loops whose state starts as a view of a buffer the function allocated, as
// One-Shot Bufferize emits a reshape or a slice of a tensor feeding
// `iter_args`: the loop frees the base buffer of its old state, which is the
// whole allocation, so it takes the buffer over and frees it in its first
// iteration instead of the function freeing it after the loop. Each loop
// runs 3 iterations, or none.
//
// Figures: @doubled(3) makes 2 mallocs (the buffer and the spare that
// double buffering now gives the loop) instead of 4, and @doubled(0) 2 (the
// spare) instead of 2 (a clone of the result, which the function no longer
// owned). @doubled_half(3) holds its 256-byte buffer with the first two
// 128-byte states, 512 bytes, without the transfer; with it, the buffer is
// freed in the first iteration: 384 bytes, the peak of the program.
// @half_plus_other_half holds 128 + 64 + 64 bytes either way; its loop
// frees its state under an ownership indicator that is false for the view
// it starts with, so double buffering keeps the first state it frees in a
// slot for the third iteration: 2 states instead of 3.
// Without the transfer, @doubled(3) makes 3 mallocs: the loop frees the
// states it owns under their indicator, and double buffering keeps the
// second state in a slot for the third iteration (it follows the reshape to
// the function's buffer, which is as large as the states). @doubled_half(3)
// then frees its view of the function's buffer never and its states under
// their indicator, and makes 2 states instead of 3 the same way.

// A 4x8 buffer of ones, flattened and doubled by an scf.while: 2^n. The
// result is returned and read by the caller.
func.func @doubled(%n: index) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4x8xf32>)
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %r:2 = scf.while (%st = %flat, %k = %c0) : (memref<32xf32>, index) -> (memref<32xf32>, index) {
    %go = arith.cmpi ult, %k, %n : index
    scf.condition(%go) %st, %k : memref<32xf32>, index
  } do {
  ^bb0(%st: memref<32xf32>, %k: index):
    %next = memref.alloc() : memref<32xf32>
    linalg.map { arith.addf } ins(%st, %st : memref<32xf32>, memref<32xf32>)
        outs(%next : memref<32xf32>)
    %k1 = arith.addi %k, %c1 : index
    scf.yield %next, %k1 : memref<32xf32>, index
  }
  return %r#0 : memref<32xf32>
}

// The upper half of a buffer of 64 twos, doubled by an scf.for: 2 * 2^n.
// The buffer (256 bytes) is the largest of the program; the loop frees it
// in its first iteration.
func.func @doubled_half(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %big = memref.alloc() : memref<64xf32>
  linalg.fill ins(%two : f32) outs(%big : memref<64xf32>)
  %hi = memref.subview %big[32] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 32>>
  %init = memref.cast %hi : memref<32xf32, strided<[1], offset: 32>> to memref<32xf32, strided<[1], offset: ?>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%st = %init) -> memref<32xf32, strided<[1], offset: ?>> {
    %next = memref.alloc() : memref<32xf32>
    linalg.map { arith.addf } ins(%st, %st : memref<32xf32, strided<[1], offset: ?>>, memref<32xf32, strided<[1], offset: ?>>)
        outs(%next : memref<32xf32>)
    %cast = memref.cast %next : memref<32xf32> to memref<32xf32, strided<[1], offset: ?>>
    scf.yield %cast : memref<32xf32, strided<[1], offset: ?>>
  }
  %v = memref.load %r[%c1] : memref<32xf32, strided<[1], offset: ?>>
  return %v : f32
}

// The same, but the lower half, of ones, is added in every iteration: 2 + n.
// The loop reads the buffer after its state has left it, so the buffer
// lives through the loop and the function frees it.
func.func @half_plus_other_half(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %big = memref.alloc() : memref<32xf32>
  %lo = memref.subview %big[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  %hi = memref.subview %big[16] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1], offset: 16>>
  linalg.fill ins(%one : f32) outs(%lo : memref<16xf32, strided<[1]>>)
  linalg.fill ins(%two : f32) outs(%hi : memref<16xf32, strided<[1], offset: 16>>)
  %init = memref.cast %hi : memref<16xf32, strided<[1], offset: 16>> to memref<16xf32, strided<[1], offset: ?>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%st = %init) -> memref<16xf32, strided<[1], offset: ?>> {
    %next = memref.alloc() : memref<16xf32>
    linalg.map { arith.addf } ins(%st, %lo : memref<16xf32, strided<[1], offset: ?>>, memref<16xf32, strided<[1]>>)
        outs(%next : memref<16xf32>)
    %cast = memref.cast %next : memref<16xf32> to memref<16xf32, strided<[1], offset: ?>>
    scf.yield %cast : memref<16xf32, strided<[1], offset: ?>>
  }
  %v = memref.load %r[%c1] : memref<16xf32, strided<[1], offset: ?>>
  return %v : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %d3 = call @doubled(%c3) : (index) -> memref<32xf32>
  %v3 = memref.load %d3[%c5] : memref<32xf32>
  // OUT: 8
  vector.print %v3 : f32
  %d0 = call @doubled(%c0) : (index) -> memref<32xf32>
  %v0 = memref.load %d0[%c5] : memref<32xf32>
  // OUT-NEXT: 1
  vector.print %v0 : f32
  %t3 = call @doubled_half(%c3) : (index) -> f32
  // OUT-NEXT: 16
  vector.print %t3 : f32
  %t0 = call @doubled_half(%c0) : (index) -> f32
  // OUT-NEXT: 2
  vector.print %t0 : f32
  %h3 = call @half_plus_other_half(%c3) : (index) -> f32
  // OUT-NEXT: 5
  vector.print %h3 : f32
  %h0 = call @half_plus_other_half(%c0) : (index) -> f32
  // OUT-NEXT: 2
  vector.print %h0 : f32
  // CHECK-NEXT: alloc-tracker: mallocs=13 frees=13 peak_bytes=384 total_bytes=1792 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=0
  // NOSLO-NEXT: alloc-tracker: mallocs=13 frees=13 peak_bytes=512 total_bytes=1792 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=0
  return
}
