// The pipeline runs on its own output under manual-deallocation: the second
// run adds no free and changes no free, and a third run gives the same IR
// as the second. Without the option, the output is rejected as upstream
// rejects it.

// RUN: mlir-opt %s -buffer-deallocation-pipeline > %t.once
// RUN: mlir-opt %t.once -buffer-deallocation-pipeline=manual-deallocation > %t.twice
// RUN: mlir-opt %t.twice -buffer-deallocation-pipeline=manual-deallocation > %t.thrice
// RUN: diff %t.twice %t.thrice
// RUN: grep -c "memref.dealloc" %t.once | FileCheck %s --check-prefix=FREES
// RUN: grep -c "memref.dealloc" %t.twice | FileCheck %s --check-prefix=FREES
// RUN: FileCheck %s --input-file=%t.twice
// RUN: not mlir-opt %t.once -buffer-deallocation-pipeline 2>&1 | FileCheck %s --check-prefix=REJECT

// The first run frees 6 buffers (one in @pick, whose 16-byte temporary
// moves to the stack, the two buffers that double buffering leaves to @loop
// after its loop, three in @main); the second, none more.
// FREES: 6

// REJECT: error: memory free side-effect on MemRef value not supported!

// @pick frees one of its buffers behind a pointer comparison and returns one
// that it may also free, so it is managed by hand as a whole; so is @main,
// which frees the results of calls. @pick is public and its results may be
// the same buffer, so it keeps the ownership ABI.
// CHECK-LABEL: func.func @pick(
//  CHECK-SAME:   attributes {buffer_abi.manual_deallocation} {
func.func @pick(%c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %a, %t : memref<4xf32> to memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  return %a, %s : memref<4xf32>, memref<4xf32>
}

// @loop frees its buffers itself, from its own allocations, none returned:
// they are managed by hand one by one.
// CHECK-LABEL: func.func @loop(
//   CHECK-NOT:   attributes
//       CHECK:   memref.alloc() {bufferization.manual_deallocation}
//       CHECK:   scf.for
//       CHECK:   memref.dealloc {{.*}} {bufferization.manual_deallocation}
func.func @loop(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> memref<4xf32> {
    %y = memref.alloc() : memref<4xf32>
    memref.copy %x, %y : memref<4xf32> to memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @main(
//  CHECK-SAME:   attributes {buffer_abi.manual_deallocation}
func.func @main(%c: i1, %n: index) {
  %p:2 = func.call @pick(%c) : (i1) -> (memref<4xf32>, memref<4xf32>)
  %out = memref.alloc() : memref<4xf32>
  func.call @loop(%n, %out) : (index, memref<4xf32>) -> ()
  memref.copy %p#1, %out : memref<4xf32> to memref<4xf32>
  return
}
