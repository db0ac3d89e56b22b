// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,INLINE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{simplify-loop-ownership=false lower-deallocations-to-scf=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HELPER

// Functions that return a view at an offset of a buffer that is either their
// argument or a copy of it. Where the view is of the argument, the
// deallocation clones it, so that the caller owns every result; a clone of a
// view with a static offset did not lower before expand-strided-clones
// (convert-bufferization-to-memref: "failed to legalize operation
// 'bufferization.clone'"), with the stock pipeline as with ours.

// Returns x[8:16], or a copy of x with x[9] = 2 at those places.
func.func private @pick(%x: memref<32xf32>, %same: i1)
    -> memref<8xf32, strided<[1], offset: 8>> {
  %b = scf.if %same -> memref<32xf32> {
    scf.yield %x : memref<32xf32>
  } else {
    %t = memref.alloc() : memref<32xf32>
    memref.copy %x, %t : memref<32xf32> to memref<32xf32>
    %c9 = arith.constant 9 : index
    %two = arith.constant 2.0 : f32
    memref.store %two, %t[%c9] : memref<32xf32>
    scf.yield %t : memref<32xf32>
  }
  %v = memref.subview %b[8] [8] [1]
      : memref<32xf32> to memref<8xf32, strided<[1], offset: 8>>
  return %v : memref<8xf32, strided<[1], offset: 8>>
}

// Returns x[4:4+n], of a dynamic size.
func.func private @pick_dynamic(%x: memref<?xf32>, %same: i1, %n: index)
    -> memref<?xf32, strided<[1], offset: 4>> {
  %b = scf.if %same -> memref<?xf32> {
    scf.yield %x : memref<?xf32>
  } else {
    %c0 = arith.constant 0 : index
    %size = memref.dim %x, %c0 : memref<?xf32>
    %t = memref.alloc(%size) : memref<?xf32>
    memref.copy %x, %t : memref<?xf32> to memref<?xf32>
    scf.yield %t : memref<?xf32>
  }
  %v = memref.subview %b[4] [%n] [1]
      : memref<?xf32> to memref<?xf32, strided<[1], offset: 4>>
  return %v : memref<?xf32, strided<[1], offset: 4>>
}

// Sums a view, as a callee that only reads the clone.
func.func private @sum(%v: memref<8xf32, strided<[1], offset: 8>>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %v[%i] : memref<8xf32, strided<[1], offset: 8>>
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<32xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<32xf32>)
  %a = func.call @pick(%x, %true)
      : (memref<32xf32>, i1) -> memref<8xf32, strided<[1], offset: 8>>
  %b = func.call @pick(%x, %false)
      : (memref<32xf32>, i1) -> memref<8xf32, strided<[1], offset: 8>>
  %xd = memref.cast %x : memref<32xf32> to memref<?xf32>
  %c = func.call @pick_dynamic(%xd, %true, %c6)
      : (memref<?xf32>, i1, index) -> memref<?xf32, strided<[1], offset: 4>>
  // The clone is a copy: writing the argument afterwards leaves it alone.
  %nine = arith.constant 9.0 : f32
  linalg.fill ins(%nine : f32) outs(%x : memref<32xf32>)
  // The first result goes to a call, the second to another block.
  %sa = func.call @sum(%a) : (memref<8xf32, strided<[1], offset: 8>>) -> f32
  cf.br ^next(%b : memref<8xf32, strided<[1], offset: 8>>)
^next(%bb: memref<8xf32, strided<[1], offset: 8>>):
  %sb = func.call @sum(%bb) : (memref<8xf32, strided<[1], offset: 8>>) -> f32
  %sc = scf.for %i = %c0 to %c6 step %c1 iter_args(%s = %zero) -> f32 {
    %v = memref.load %c[%i] : memref<?xf32, strided<[1], offset: 4>>
    %n = arith.addf %s, %v : f32
    scf.yield %n : f32
  }
  // CHECK: 8
  // CHECK-NEXT: 9
  // CHECK-NEXT: 6
  vector.print %sa : f32
  vector.print %sb : f32
  vector.print %sc : f32

  // x (128 bytes), the clone of x[8:16] in 16 elements (its offset of 8 and
  // its 8 elements: 64 bytes), the copy of x (128 bytes) and the clone of
  // x[4:10] in 10 elements (40 bytes), all live at the third call. Freeing
  // the four together with upstream's `dealloc_helper` takes its 5 metadata
  // buffers (4xindex, 0xindex, 4xi1, 4xi1, 0xi1: 40 bytes) on top.
  // INLINE: alloc-tracker: mallocs=4 frees=4 peak_bytes=360 total_bytes=360 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // HELPER: alloc-tracker: mallocs=9 frees=9 peak_bytes=400 total_bytes=400 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
