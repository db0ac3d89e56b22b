// RUN: mlir-opt %s -expand-strided-clones -split-input-file | FileCheck %s

// A static offset: the buffer holds the offset and the 8 elements.

// CHECK-LABEL: func @static_offset(
//  CHECK-SAME:     %[[V:.*]]: memref<8xf32, strided<[1], offset: 8>>)
//       CHECK:   %[[BUF:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   %[[VIEW:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [8], sizes: [8], strides: [1]
//  CHECK-SAME:       memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
//       CHECK:   memref.copy %[[V]], %[[VIEW]]
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return %[[VIEW]]
func.func @static_offset(%v: memref<8xf32, strided<[1], offset: 8>>)
    -> memref<8xf32, strided<[1], offset: 8>> {
  %c = bufferization.clone %v : memref<8xf32, strided<[1], offset: 8>>
      to memref<8xf32, strided<[1], offset: 8>>
  return %c : memref<8xf32, strided<[1], offset: 8>>
}

// -----

// Strides of a column of a 4x6 matrix, transposed: the last element is at
// 2 + 3 * 1 + 1 * 6 = 11, so the buffer has 12 elements.

// CHECK-LABEL: func @static_strides(
//       CHECK:   %[[BUF:.*]] = memref.alloc() : memref<12xi32>
//       CHECK:   memref.reinterpret_cast %[[BUF]] to offset: [2], sizes: [4, 2], strides: [1, 6]
//  CHECK-SAME:       memref<12xi32> to memref<4x2xi32, strided<[1, 6], offset: 2>>
//       CHECK:   memref.copy
//   CHECK-NOT:   bufferization.clone
func.func @static_strides(%v: memref<4x2xi32, strided<[1, 6], offset: 2>>)
    -> memref<4x2xi32, strided<[1, 6], offset: 2>> {
  %c = bufferization.clone %v : memref<4x2xi32, strided<[1, 6], offset: 2>>
      to memref<4x2xi32, strided<[1, 6], offset: 2>>
  return %c : memref<4x2xi32, strided<[1, 6], offset: 2>>
}

// -----

// A dynamic size: the buffer size is computed from the cloned buffer's.

// CHECK-LABEL: func @dynamic_size(
//  CHECK-SAME:     %[[V:.*]]: memref<?x3xf32, strided<[5, 1], offset: 4>>)
//       CHECK:   %[[ZERO:.*]] = arith.constant 0 : index
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[DIM:.*]] = memref.dim %[[V]], %{{.*}}
//       CHECK:   %[[LAST:.*]] = arith.subi %[[DIM]], %[[C1]]
//       CHECK:   %[[NONNEG:.*]] = arith.maxsi %[[LAST]], %[[ZERO]]
//       CHECK:   %[[C5:.*]] = arith.constant 5 : index
//       CHECK:   %[[TERM:.*]] = arith.muli %[[NONNEG]], %[[C5]]
//       CHECK:   %[[C7:.*]] = arith.constant 7 : index
//       CHECK:   %[[SIZE:.*]] = arith.addi %[[TERM]], %[[C7]]
//       CHECK:   %[[BUF:.*]] = memref.alloc(%[[SIZE]]) : memref<?xf32>
//       CHECK:   %[[VIEW:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [4], sizes: [%[[DIM]], 3], strides: [5, 1]
//       CHECK:   memref.copy %[[V]], %[[VIEW]]
//       CHECK:   return %[[VIEW]]
func.func @dynamic_size(%v: memref<?x3xf32, strided<[5, 1], offset: 4>>)
    -> memref<?x3xf32, strided<[5, 1], offset: 4>> {
  %c = bufferization.clone %v : memref<?x3xf32, strided<[5, 1], offset: 4>>
      to memref<?x3xf32, strided<[5, 1], offset: 4>>
  return %c : memref<?x3xf32, strided<[5, 1], offset: 4>>
}

// -----

// Clones that convert-bufferization-to-memref lowers (the identity layout, a
// dynamic offset and strides), and those this pass cannot expand (a dynamic
// stride next to a static offset, an unranked memref), stay.

// CHECK-LABEL: func @left_alone(
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.reinterpret_cast
//       CHECK:   bufferization.clone {{.*}} : memref<8xf32> to memref<8xf32>
//       CHECK:   bufferization.clone {{.*}} : memref<8xf32, strided<[?], offset: ?>> to
//       CHECK:   bufferization.clone {{.*}} : memref<8x8xf32, strided<[?, 1], offset: 2>> to
//       CHECK:   bufferization.clone {{.*}} : memref<*xf32> to
func.func @left_alone(%a: memref<8xf32>,
                      %b: memref<8xf32, strided<[?], offset: ?>>,
                      %c: memref<8x8xf32, strided<[?, 1], offset: 2>>,
                      %d: memref<*xf32>)
    -> (memref<8xf32>, memref<8xf32, strided<[?], offset: ?>>,
        memref<8x8xf32, strided<[?, 1], offset: 2>>, memref<*xf32>) {
  %ca = bufferization.clone %a : memref<8xf32> to memref<8xf32>
  %cb = bufferization.clone %b : memref<8xf32, strided<[?], offset: ?>>
      to memref<8xf32, strided<[?], offset: ?>>
  %cc = bufferization.clone %c : memref<8x8xf32, strided<[?, 1], offset: 2>>
      to memref<8x8xf32, strided<[?, 1], offset: 2>>
  %cd = bufferization.clone %d : memref<*xf32> to memref<*xf32>
  return %ca, %cb, %cc, %cd : memref<8xf32>,
      memref<8xf32, strided<[?], offset: ?>>,
      memref<8x8xf32, strided<[?, 1], offset: 2>>, memref<*xf32>
}
