// RUN: mlir-opt %s --bound-dynamic-allocations --split-input-file | FileCheck %s
// RUN: mlir-opt %s --bound-dynamic-allocations="max-bytes=64" --split-input-file \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mlir-opt %s --bound-dynamic-allocations --split-input-file \
// RUN:   --remarks-filter=bound-dynamic-allocations --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The size is 8 + (i mod 64), at most 71 elements, which the integer ranges
// of the loop's induction variable prove: the buffer is allocated at 71
// elements (284 bytes) and viewed at the actual size. Its alignment stays.
// Under a limit of 64 bytes nothing changes.

// CHECK-LABEL: func @remainder_in_loop
//       CHECK:   scf.for %[[I:.*]] =
//       CHECK:     %[[R:.*]] = arith.remui %[[I]]
//       CHECK:     %[[N:.*]] = arith.addi %[[R]]
//       CHECK:     %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<71xf32>
//       CHECK:     %[[M:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [%[[N]]], strides: [1] : memref<71xf32> to memref<?xf32>
//       CHECK:     "test.use"(%[[M]])
// SMALL-LABEL: func @remainder_in_loop
//       SMALL:   memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// REMARK: remark: [Passed] AllocatedAtBound | Category:bound-dynamic-allocations | Remark="allocated at its size bound as memref<71xf32>"
func.func @remainder_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c64 : index
    %size = arith.addi %r, %c8 : index
    %m = memref.alloc(%size) {alignment = 64 : i64} : memref<?xf32>
    "test.use"(%m) : (memref<?xf32>) -> ()
  }
  return
}

// -----

// A tile of at most 16 rows, as tiling emits it: `ValueBoundsOpInterface`
// bounds the `affine.min`. The inner dimension is static; the view's row
// stride is the static 8.

// CHECK-LABEL: func @tile_in_loop
//       CHECK:   scf.for %[[I:.*]] =
//       CHECK:     %[[T:.*]] = affine.min
//       CHECK:     %[[B:.*]] = memref.alloc() : memref<16x8xf64>
//       CHECK:     memref.reinterpret_cast %[[B]] to offset: [0], sizes: [%[[T]], 8], strides: [8, 1] : memref<16x8xf64> to memref<?x8xf64>
// REMARK: remark: [Passed] AllocatedAtBound | Category:bound-dynamic-allocations | Remark="allocated at its size bound as memref<16x8xf64>"
func.func @tile_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %n step %c16 {
    %t = affine.min affine_map<(d0)[s0] -> (16, s0 - d0)>(%i)[%n]
    %m = memref.alloc(%t) : memref<?x8xf64>
    "test.use"(%m) : (memref<?x8xf64>) -> ()
  }
  return
}

// -----

// Two dynamic dimensions: the row stride is the actual size of the inner
// one, computed next to the view.

// CHECK-LABEL: func @two_dynamic_dims
//       CHECK:     %[[B:.*]] = memref.alloc() : memref<4x5xi32>
//       CHECK:     memref.reinterpret_cast %[[B]] to offset: [0], sizes: [%[[R:.*]], %[[C:.*]]], strides: [%[[C]], 1] : memref<4x5xi32> to memref<?x?xi32>
func.func @two_dynamic_dims(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c4 : index
    %r1 = arith.addi %r, %c1 : index
    %c = arith.remui %i, %c5 : index
    %c1b = arith.addi %c, %c1 : index
    %m = memref.alloc(%r1, %c1b) : memref<?x?xi32>
    "test.use"(%m) : (memref<?x?xi32>) -> ()
  }
  return
}

// -----

// No bound: the size is an argument.

// CHECK-LABEL: func @unbounded
//       CHECK:   memref.alloc(%{{.*}}) : memref<?xf32>
//   CHECK-NOT:   memref.reinterpret_cast
func.func @unbounded(%n: index, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %m = memref.alloc(%size) : memref<?xf32>
    "test.use"(%m) : (memref<?xf32>) -> ()
  }
  return
}

// -----

// Outside loops a bound saves no allocation and only costs memory.

// CHECK-LABEL: func @not_in_loop
//       CHECK:   memref.alloc(%{{.*}}) : memref<?xf32>
//   CHECK-NOT:   memref.reinterpret_cast
func.func @not_in_loop(%i: index) {
  %c64 = arith.constant 64 : index
  %size = arith.remui %i, %c64 : index
  %m = memref.alloc(%size) : memref<?xf32>
  "test.use"(%m) : (memref<?xf32>) -> ()
  return
}

// -----

// Bounded at 2^20 elements, 4 MiB: above the default limit of 64 KiB.

// CHECK-LABEL: func @above_limit
//       CHECK:   memref.alloc(%{{.*}}) : memref<?xf32>
//   CHECK-NOT:   memref.reinterpret_cast
func.func @above_limit(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cbig = arith.constant 1048576 : index
  scf.for %i = %c0 to %n step %c1 {
    %size = arith.remui %i, %cbig : index
    %m = memref.alloc(%size) : memref<?xf32>
    "test.use"(%m) : (memref<?xf32>) -> ()
  }
  return
}

// -----

// The input frees the buffer itself: left alone.

// CHECK-LABEL: func @freed_by_input
//       CHECK:   memref.alloc(%{{.*}}) : memref<?xf32>
//   CHECK-NOT:   memref.reinterpret_cast
func.func @freed_by_input(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %n step %c1 {
    %size = arith.remui %i, %c64 : index
    %m = memref.alloc(%size) : memref<?xf32>
    "test.use"(%m) : (memref<?xf32>) -> ()
    memref.dealloc %m : memref<?xf32>
  }
  return
}

// -----

// Buffers managed by hand (marked by mark-manual-deallocations) are left
// alone, also when the input frees them through a view the pass cannot
// follow: the deallocation recognizes them by the marker on their
// allocation.

// CHECK-LABEL: func @managed_by_hand
//       CHECK:   memref.alloc(%{{.*}}) {bufferization.manual_deallocation} : memref<?xf32>
//   CHECK-NOT:   memref.reinterpret_cast
func.func @managed_by_hand(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %n step %c1 {
    %size = arith.remui %i, %c64 : index
    %m = memref.alloc(%size) {bufferization.manual_deallocation} : memref<?xf32>
    %o = memref.alloc(%size) {bufferization.manual_deallocation} : memref<?xf32>
    %s = arith.select %c, %m, %o : memref<?xf32>
    %t = arith.select %c, %o, %m : memref<?xf32>
    "test.use"(%s) : (memref<?xf32>) -> ()
    memref.dealloc %s {bufferization.manual_deallocation} : memref<?xf32>
    memref.dealloc %t {bufferization.manual_deallocation} : memref<?xf32>
  }
  return
}
