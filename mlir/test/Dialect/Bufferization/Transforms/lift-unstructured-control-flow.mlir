// RUN: mlir-opt %s --allow-unregistered-dialect -lift-unstructured-control-flow -split-input-file | FileCheck %s

// A loop of blocks that carries a buffer becomes an scf.while that carries
// it. The memref that is undefined on the path that leaves the loop is a
// view of an empty stack buffer, not poison.

// CHECK-LABEL: func @cf_loop
//  CHECK-SAME: (%[[N:.*]]: index, %[[INIT:.*]]: memref<?xf32>)
//   CHECK-NOT: ub.poison : memref
//       CHECK: %[[EMPTY:.*]] = memref.alloca() : memref<0xf32>
//       CHECK: %[[ZERO:.*]] = arith.constant 0 : index
//       CHECK: %[[UNDEF:.*]] = memref.reinterpret_cast %[[EMPTY]] to offset: [0], sizes: [%[[ZERO]]], strides: [1] : memref<0xf32> to memref<?xf32>
//       CHECK: %[[W:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %[[BUF:.*]] = %[[INIT]], %{{.*}} = %[[UNDEF]])
//       CHECK:   scf.if
//       CHECK:     %[[T:.*]] = memref.alloc(%[[N]])
//       CHECK:     "test.use"(%[[BUF]], %[[T]])
//       CHECK:     scf.yield %{{.*}}, %[[T]],
//       CHECK:   } else {
//       CHECK:     scf.yield %{{.*}}, %[[UNDEF]],
//       CHECK:   scf.condition
//       CHECK: return %[[W]]#2
//   CHECK-NOT: {{ cf\.}}
func.func @cf_loop(%n: index, %init: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %init : index, memref<?xf32>)
^head(%i: index, %buf: memref<?xf32>):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %t = memref.alloc(%n) : memref<?xf32>
  "test.use"(%buf, %t) : (memref<?xf32>, memref<?xf32>) -> ()
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %t : index, memref<?xf32>)
^exit:
  return %buf : memref<?xf32>
}

// -----

// The undefined view of a strided memref has the type's static sizes and
// zero for its dynamic offset and strides; an unranked one is a cast.

// CHECK-LABEL: func @strided_undef
//       CHECK: %[[EMPTY:.*]] = memref.alloca() : memref<0xf32>
//       CHECK: %[[ZERO:.*]] = arith.constant 0 : index
//       CHECK: memref.reinterpret_cast %[[EMPTY]] to offset: [%[[ZERO]]], sizes: [4], strides: [%[[ZERO]]] : memref<0xf32> to memref<4xf32, strided<[?], offset: ?>>
//       CHECK: scf.while
//   CHECK-NOT: {{ cf\.}}
func.func @strided_undef(%n: index, %m: memref<8xf32, strided<[?], offset: ?>>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = memref.subview %m[0] [4] [2] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  cf.br ^head(%c0, %v0 : index, memref<4xf32, strided<[?], offset: ?>>)
^head(%i: index, %v: memref<4xf32, strided<[?], offset: ?>>):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %w = memref.subview %m[%i] [4] [1] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %w : index, memref<4xf32, strided<[?], offset: ?>>)
^exit:
  %r = memref.load %v[%c0] : memref<4xf32, strided<[?], offset: ?>>
  return %r : f32
}

// CHECK-LABEL: func @unranked_undef
//       CHECK: %[[EMPTY:.*]] = memref.alloca() : memref<0xf32>
//       CHECK: memref.cast %[[EMPTY]] : memref<0xf32> to memref<*xf32>
//       CHECK: scf.while
//   CHECK-NOT: {{ cf\.}}
func.func @unranked_undef(%n: index, %m: memref<*xf32>) -> memref<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %m : index, memref<*xf32>)
^head(%i: index, %v: memref<*xf32>):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %u : index, memref<*xf32>)
^exit:
  return %v : memref<*xf32>
}

// -----

// A cf.switch becomes an scf.index_switch that yields the buffer.

// CHECK-LABEL: func @switch
//  CHECK-SAME: (%[[S:.*]]: i32, %[[X:.*]]: memref<4xf32>)
//       CHECK: %[[IDX:.*]] = arith.index_castui %[[S]] : i32 to index
//       CHECK: %[[M:.*]] = scf.index_switch %[[IDX]] -> memref<4xf32>
//  CHECK-NEXT: case 1 {
//  CHECK-NEXT:   scf.yield %[[X]]
//       CHECK: default {
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   scf.yield %[[A]]
//       CHECK: "test.use"(%[[M]])
//   CHECK-NOT: {{ cf\.}}
func.func @switch(%s: i32, %x: memref<4xf32>) {
  cf.switch %s : i32, [
    default: ^d,
    1: ^one
  ]
^d:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^exit(%a : memref<4xf32>)
^one:
  cf.br ^exit(%x : memref<4xf32>)
^exit(%m: memref<4xf32>):
  "test.use"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

// Branches that the deallocation supports as they are stay untouched.

// CHECK-LABEL: func @diamond
//  CHECK-NEXT: cf.cond_br %{{.*}}, ^bb1, ^bb2
//       CHECK: ^bb1:
//  CHECK-NEXT: memref.alloc
//  CHECK-NEXT: cf.br ^bb3
//       CHECK: ^bb2:
//  CHECK-NEXT: cf.br ^bb3
//   CHECK-NOT: scf.
func.func @diamond(%c: i1, %x: memref<4xf32>) {
  cf.cond_br %c, ^a, ^b
^a:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^exit(%a : memref<4xf32>)
^b:
  cf.br ^exit(%x : memref<4xf32>)
^exit(%m: memref<4xf32>):
  "test.use"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

// Loops of blocks in any region are lifted, here in an scf.execute_region;
// the function's own region has one block and stays as it is.

// CHECK-LABEL: func @nested
//       CHECK: scf.execute_region {
//       CHECK:   scf.while
//       CHECK:     memref.alloc()
//       CHECK:   scf.yield{{$}}
//  CHECK-NEXT: }
//  CHECK-NEXT: return
//   CHECK-NOT: {{ cf\.}}
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.execute_region {
    cf.br ^head(%c0 : index)
  ^head(%i: index):
    %lt = arith.cmpi slt, %i, %n : index
    cf.cond_br %lt, ^body, ^exit
  ^body:
    %t = memref.alloc() : memref<4xf32>
    "test.use"(%t) : (memref<4xf32>) -> ()
    %i2 = arith.addi %i, %c1 : index
    cf.br ^head(%i2 : index)
  ^exit:
    scf.yield
  }
  return
}

// -----

// A loop of unreachable blocks is dropped, not lifted; the rest of the
// region is supported as it is.

// CHECK-LABEL: func @unreachable_loop
//  CHECK-NEXT: "test.use"
//  CHECK-NEXT: return
//   CHECK-NOT: ^bb
func.func @unreachable_loop(%x: memref<4xf32>) {
  "test.use"(%x) : (memref<4xf32>) -> ()
  return
^dead:
  "test.use"(%x) : (memref<4xf32>) -> ()
  cf.br ^dead
}
