// RUN: mlir-opt %s -expand-reallocs-for-deallocation | FileCheck %s
// RUN: mlir-opt %s -expand-reallocs-for-deallocation=emit-deallocs=false \
// RUN:   | FileCheck %s

// Upstream's expansion copies the source into a view of the result at the
// source's size, in a branch that runs only when the buffer grows; for a
// static result smaller than the source, that view is out of bounds and the
// IR does not verify.
// RUN: not mlir-opt %s -expand-realloc 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: error: slice along dimension 0 runs out-of-bounds

// A static reallocation that shrinks keeps the buffer, as the expansion does
// at run time when the size does not grow: the result is a view of the first
// elements, and nothing is freed, with or without `emit-deallocs`.

// CHECK-LABEL: func @shrink
//  CHECK-SAME: (%[[OLD:.*]]: memref<8xf32>)
//  CHECK-NEXT: %[[VIEW:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [4], strides: [1] : memref<8xf32> to memref<4xf32>
//  CHECK-NEXT: return %[[VIEW]]
func.func @shrink(%old: memref<8xf32>) -> memref<4xf32> {
  %new = memref.realloc %old : memref<8xf32> to memref<4xf32>
  return %new : memref<4xf32>
}

// A static reallocation to the same size is left to upstream's expansion,
// whose copy is then in bounds (and never runs).

// CHECK-LABEL: func @same_size
//       CHECK: scf.if
//       CHECK:   memref.copy
//   CHECK-NOT: memref.realloc
func.func @same_size(%old: memref<8xf32>) -> memref<8xf32> {
  %new = memref.realloc %old : memref<8xf32> to memref<8xf32>
  return %new : memref<8xf32>
}
