// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s

// A loop that keeps a spare buffer, as `double-buffer-loops` builds it: the
// state moves into the spare slot only where its ownership indicator holds
// (`select %owned, %s, %spare`). The init enters with a false indicator, so
// it never reaches the slot: it is freed after the last use of the loop's
// result (which is the init when the loop runs no iteration), not after the
// spare buffer's free.

// CHECK-LABEL: func @spare_slot
//       CHECK:   linalg.map {{.*}} ins(%[[R:.*]]#0, %[[R]]#0
//       CHECK:   scf.if %[[R]]#1 {
//  CHECK-NEXT:     memref.dealloc
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[INIT:.*]] : memref<8xf32>
//  CHECK-NEXT:   memref.load
func.func @spare_slot(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%init : memref<8xf32>)
  %none = ub.poison : memref<8xf32>
  %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %init, %owned = %false, %spare = %none, %hasSpare = %false, %k = %c0) -> (memref<8xf32>, i1, memref<8xf32>, i1, index) {
    %next = scf.if %hasSpare -> (memref<8xf32>) {
      scf.yield %spare : memref<8xf32>
    } else {
      %a = memref.alloc() : memref<8xf32>
      scf.yield %a : memref<8xf32>
    }
    linalg.map { arith.addf } ins(%s, %s : memref<8xf32>, memref<8xf32>) outs(%next : memref<8xf32>)
    %newSpare = arith.select %owned, %s, %spare : memref<8xf32>
    %k1 = arith.addi %k, %c1 : index
    scf.yield %next, %true, %newSpare, %owned, %k1 : memref<8xf32>, i1, memref<8xf32>, i1, index
  }
  %big = memref.alloc() : memref<64xf32>
  %sub = memref.subview %big[0] [8] [1] : memref<64xf32> to memref<8xf32>
  linalg.map { arith.addf } ins(%r#0, %r#0 : memref<8xf32>, memref<8xf32>) outs(%sub : memref<8xf32>)
  %v = memref.load %big[%c0] : memref<64xf32>
  memref.dealloc %big : memref<64xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %r#0 : memref<8xf32> -> memref<f32>, index, index, index
  scf.if %r#1 {
    memref.dealloc %base : memref<f32>
  }
  scf.if %r#3 {
    memref.dealloc %r#2 : memref<8xf32>
  }
  memref.dealloc %init : memref<8xf32>
  return %v : f32
}

// -----

// The same loop, whose init enters with an indicator that may hold: the init
// may become the spare buffer, and its free stays after the spare's.

// CHECK-LABEL: func @spare_slot_owned_init
//       CHECK:   scf.if %{{.*}}#3 {
//  CHECK-NEXT:     memref.dealloc %{{.*}}#2
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %{{.*}} : memref<8xf32>
//  CHECK-NEXT:   return
func.func @spare_slot_owned_init(%n: index, %given: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%init : memref<8xf32>)
  %none = ub.poison : memref<8xf32>
  %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %init, %owned = %given, %spare = %none, %hasSpare = %false, %k = %c0) -> (memref<8xf32>, i1, memref<8xf32>, i1, index) {
    %next = scf.if %hasSpare -> (memref<8xf32>) {
      scf.yield %spare : memref<8xf32>
    } else {
      %a = memref.alloc() : memref<8xf32>
      scf.yield %a : memref<8xf32>
    }
    linalg.map { arith.addf } ins(%s, %s : memref<8xf32>, memref<8xf32>) outs(%next : memref<8xf32>)
    %newSpare = arith.select %owned, %s, %spare : memref<8xf32>
    %k1 = arith.addi %k, %c1 : index
    scf.yield %next, %true, %newSpare, %owned, %k1 : memref<8xf32>, i1, memref<8xf32>, i1, index
  }
  %big = memref.alloc() : memref<64xf32>
  %sub = memref.subview %big[0] [8] [1] : memref<64xf32> to memref<8xf32>
  linalg.map { arith.addf } ins(%r#0, %r#0 : memref<8xf32>, memref<8xf32>) outs(%sub : memref<8xf32>)
  %v = memref.load %big[%c0] : memref<64xf32>
  memref.dealloc %big : memref<64xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %r#0 : memref<8xf32> -> memref<f32>, index, index, index
  scf.if %r#1 {
    memref.dealloc %base : memref<f32>
  }
  scf.if %r#3 {
    memref.dealloc %r#2 : memref<8xf32>
  }
  memref.dealloc %init : memref<8xf32>
  return %v : f32
}
