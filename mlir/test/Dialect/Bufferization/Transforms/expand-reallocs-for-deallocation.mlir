// RUN: mlir-opt %s -expand-reallocs-for-deallocation -split-input-file \
// RUN:   | FileCheck %s --check-prefixes=CHECK,FREE
// RUN: mlir-opt %s -expand-reallocs-for-deallocation=emit-deallocs=false \
// RUN:   -split-input-file | FileCheck %s --check-prefixes=CHECK,KEEP

// The pass gives what upstream's `expand-realloc` gives, with either value of
// the option: the same checks hold for upstream's pass (a reallocation that
// shrinks is where they differ: expand-reallocs-for-deallocation-shrink.mlir).
// RUN: mlir-opt %s -expand-realloc -split-input-file \
// RUN:   | FileCheck %s --check-prefixes=CHECK,FREE
// RUN: mlir-opt %s -expand-realloc=emit-deallocs=false -split-input-file \
// RUN:   | FileCheck %s --check-prefixes=CHECK,KEEP

// A dynamically sized reallocation: the buffer grows into a fresh one only
// when the new size is larger.

// CHECK-LABEL: func @grow
//  CHECK-SAME: (%[[OLD:.*]]: memref<?xf32>, %[[SIZE:.*]]: index)
//       CHECK: %[[DIM:.*]] = memref.dim %[[OLD]]
//       CHECK: %[[GROWS:.*]] = arith.cmpi ult, %[[DIM]], %[[SIZE]]
//       CHECK: %[[NEW:.*]] = scf.if %[[GROWS]]
//       CHECK:   %[[ALLOC:.*]] = memref.alloc(%[[SIZE]])
//       CHECK:   %[[PART:.*]] = memref.subview %[[ALLOC]][0] [%[[DIM]]] [1]
//       CHECK:   memref.copy %[[OLD]], %[[PART]]
//        FREE:   memref.dealloc %[[OLD]]
//        KEEP-NOT: memref.dealloc
//       CHECK:   scf.yield %[[ALLOC]]
//       CHECK: } else {
//       CHECK:   %[[SAME:.*]] = memref.reinterpret_cast %[[OLD]]
//       CHECK:   scf.yield %[[SAME]]
//   CHECK-NOT: memref.realloc
//       CHECK: return %[[NEW]]
func.func @grow(%old: memref<?xf32>, %size: index) -> memref<?xf32> {
  %new = memref.realloc %old(%size) : memref<?xf32> to memref<?xf32>
  return %new : memref<?xf32>
}

// -----

// A reallocation nested in a region is expanded where it is.

// CHECK-LABEL: func @nested
//  CHECK-SAME: (%[[OLD:.*]]: memref<4xf32>, %[[C:.*]]: i1)
//       CHECK: %[[R:.*]] = scf.if %[[C]]
//       CHECK:   %[[INNER:.*]] = scf.if
//       CHECK:     %[[ALLOC:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:     memref.copy %[[OLD]]
//        FREE:     memref.dealloc %[[OLD]]
//       CHECK:     scf.yield %[[ALLOC]]
//       CHECK:   scf.yield %[[INNER]]
//       CHECK: } else {
//       CHECK:   %[[OTHER:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   scf.yield %[[OTHER]]
//       CHECK: return %[[R]]
func.func @nested(%old: memref<4xf32>, %c: i1) -> memref<8xf32> {
  %r = scf.if %c -> memref<8xf32> {
    %new = memref.realloc %old : memref<4xf32> to memref<8xf32>
    scf.yield %new : memref<8xf32>
  } else {
    %other = memref.alloc() : memref<8xf32>
    scf.yield %other : memref<8xf32>
  }
  return %r : memref<8xf32>
}

// -----

// Without a reallocation, nothing changes; in particular, the foldable
// `arith.addi` stays (a dialect conversion would not fold it either).

// CHECK-LABEL: func @no_realloc
//  CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
//  CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[C1]], %[[C1]] : index
//  CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc(%[[SUM]]) : memref<?xf32>
//  CHECK-NEXT: return %[[ALLOC]]
func.func @no_realloc() -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %sum = arith.addi %c1, %c1 : index
  %alloc = memref.alloc(%sum) : memref<?xf32>
  return %alloc : memref<?xf32>
}

