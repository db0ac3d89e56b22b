// RUN: mlir-opt %s --allow-unregistered-dialect -prepare-buffer-deallocation -split-input-file | FileCheck %s

// A memref result of a region op used in another block gets an identity
// cast in its own block, and the uses in other blocks use the cast.

// CHECK-LABEL: func @if_result_in_other_block
//       CHECK: %[[R:.*]] = scf.if
//       CHECK: %[[CAST:.*]] = memref.cast %[[R]] : memref<4xf32> to memref<4xf32>
//  CHECK-NEXT: "test.use"(%[[R]])
//  CHECK-NEXT: cf.cond_br
//       CHECK: ^bb1:
//  CHECK-NEXT: "test.use"(%[[CAST]])
//       CHECK: ^bb2:
//  CHECK-NEXT: "test.use"(%[[CAST]])
func.func @if_result_in_other_block(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) {
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  "test.use"(%r) : (memref<4xf32>) -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%r) : (memref<4xf32>) -> ()
  cf.br ^bb2
^bb2:
  "test.use"(%r) : (memref<4xf32>) -> ()
  return
}

// -----

// COM: Uses in the same block and in regions nested in it are left alone.

// CHECK-LABEL: func @nothing_to_do
//   CHECK-NOT: memref.cast
//   CHECK-NOT: unrealized_conversion_cast
func.func @nothing_to_do(%c: i1, %a: memref<4xf32>, %i: index) -> index {
  %r:2 = scf.if %c -> (memref<4xf32>, index) {
    scf.yield %a, %i : memref<4xf32>, index
  } else {
    scf.yield %a, %i : memref<4xf32>, index
  }
  scf.if %c {
    "test.use"(%r#0) : (memref<4xf32>) -> ()
  }
  "test.use"(%r#1) : (index) -> ()
  cf.br ^bb1
^bb1:
  return %i : index
}

// -----

// COM: The upstream deallocation replaces every region op, whatever its
// COM: results, and crashes on a result of the replaced op that is live out
// COM: of the block (llvm-project issue #119863). Results that are not ranked
// COM: memrefs get an identity unrealized_conversion_cast, which the
// COM: canonicalizer folds afterwards.

// CHECK-LABEL: func @other_types_in_other_block
//       CHECK: %[[R:.*]]:2 = scf.if
//       CHECK: } else {
//       CHECK: }
//   CHECK-DAG: %[[U:.*]] = builtin.unrealized_conversion_cast %[[R]]#0 : memref<*xf32> to memref<*xf32>
//   CHECK-DAG: %[[F:.*]] = builtin.unrealized_conversion_cast %[[R]]#1 : f32 to f32
//       CHECK: cf.br ^bb1
//       CHECK: ^bb1:
//  CHECK-NEXT: "test.use"(%[[U]], %[[F]])
func.func @other_types_in_other_block(%c: i1, %a: memref<*xf32>, %x: f32) {
  %r:2 = scf.if %c -> (memref<*xf32>, f32) {
    scf.yield %a, %x : memref<*xf32>, f32
  } else {
    scf.yield %a, %x : memref<*xf32>, f32
  }
  cf.br ^bb1
^bb1:
  "test.use"(%r#0, %r#1) : (memref<*xf32>, f32) -> ()
  return
}

// -----

// COM: Under private-function-dynamic-ownership the upstream deallocation
// COM: replaces every call to a private function with a body, whatever its
// COM: results, and crashes on a result of the replaced call that is live out
// COM: of the block. Such results get the same casts. Calls to a public
// COM: function or to a declaration are never replaced and are left alone.

// CHECK-LABEL: func @private_call_results_in_other_block
//       CHECK: %[[R:.*]]:2 = call @private_callee
//   CHECK-DAG: %[[M:.*]] = memref.cast %[[R]]#0 : memref<4xf32> to memref<4xf32>
//   CHECK-DAG: %[[F:.*]] = builtin.unrealized_conversion_cast %[[R]]#1 : f32 to f32
//       CHECK: %[[P:.*]] = call @public_callee
//  CHECK-NEXT: %[[D:.*]] = call @declared_callee
//  CHECK-NEXT: cf.br ^bb1
//       CHECK: ^bb1:
//  CHECK-NEXT: "test.use"(%[[M]], %[[F]], %[[P]], %[[D]])
func.func private @private_callee(%a: memref<4xf32>) -> (memref<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  return %a, %v : memref<4xf32>, f32
}
func.func @public_callee(%x: f32) -> f32 {
  return %x : f32
}
func.func private @declared_callee(f32) -> f32
func.func @private_call_results_in_other_block(%a: memref<4xf32>, %x: f32) {
  %r:2 = call @private_callee(%a) : (memref<4xf32>) -> (memref<4xf32>, f32)
  %p = call @public_callee(%x) : (f32) -> f32
  %d = call @declared_callee(%x) : (f32) -> f32
  cf.br ^bb1
^bb1:
  "test.use"(%r#0, %r#1, %p, %d) : (memref<4xf32>, f32, f32, f32) -> ()
  return
}

// -----

// A descriptor kept in a stack slot and loaded back in another block becomes
// an SSA value that the blocks pass on, so that the deallocation sees the
// buffer live there (a use after free found by the deallocation fuzzer).

// CHECK-LABEL: func @descriptor_slot_across_blocks
//  CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>)
//   CHECK-NOT: memref.alloca
//   CHECK-NOT: memref.store
//       CHECK: cf.cond_br %[[C]], ^bb1, ^bb2(%[[A]] : memref<4xf32>)
//       CHECK: ^bb1:
//  CHECK-NEXT: cf.br ^bb2(%[[B]] : memref<4xf32>)
//       CHECK: ^bb2(%[[X:.*]]: memref<4xf32>):
//   CHECK-NOT: memref.load
//  CHECK-NEXT: "test.use"(%[[X]])
func.func @descriptor_slot_across_blocks(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) {
  %slot = memref.alloca() : memref<memref<4xf32>>
  memref.store %a, %slot[] : memref<memref<4xf32>>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %b, %slot[] : memref<memref<4xf32>>
  cf.br ^bb2
^bb2:
  %x = memref.load %slot[] : memref<memref<4xf32>>
  "test.use"(%x) : (memref<4xf32>) -> ()
  return
}

// -----

// COM: A slot that a nested region loads from is not promoted (upstream's
// COM: mem2reg does not look into regions); nor is a slot of plain data.

// CHECK-LABEL: func @slots_left
//       CHECK: %[[SLOT:.*]] = memref.alloca() : memref<memref<4xf32>>
//       CHECK: memref.store %{{.*}}, %[[SLOT]][]
//       CHECK: scf.if
//  CHECK-NEXT: memref.load %[[SLOT]][]
//       CHECK: %[[DATA:.*]] = memref.alloca() : memref<f32>
//       CHECK: memref.load %[[DATA]][]
func.func @slots_left(%c: i1, %a: memref<4xf32>, %f: f32) -> f32 {
  %slot = memref.alloca() : memref<memref<4xf32>>
  memref.store %a, %slot[] : memref<memref<4xf32>>
  scf.if %c {
    %x = memref.load %slot[] : memref<memref<4xf32>>
    "test.use"(%x) : (memref<4xf32>) -> ()
  }
  %data = memref.alloca() : memref<f32>
  memref.store %f, %data[] : memref<f32>
  %g = memref.load %data[] : memref<f32>
  return %g : f32
}

// -----

// A load that no store reaches on some path gets an empty stack buffer, not
// `ub.poison`, whose address the deallocation could take for any buffer's.

// CHECK-LABEL: func @descriptor_slot_unset_on_a_path
//  CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: memref<4xf32>)
//   CHECK-NOT: ub.poison
//       CHECK: %[[EMPTY:.*]] = memref.alloca() : memref<0xf32>
//       CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[EMPTY]] to offset: [0], sizes: [4], strides: [1]
//       CHECK: cf.cond_br %[[C]], ^bb1, ^bb2(%[[VIEW]] : memref<4xf32>)
//       CHECK: ^bb1:
//  CHECK-NEXT: cf.br ^bb2(%[[A]] : memref<4xf32>)
func.func @descriptor_slot_unset_on_a_path(%c: i1, %a: memref<4xf32>) {
  %slot = memref.alloca() : memref<memref<4xf32>>
  cf.cond_br %c, ^set, ^join
^set:
  memref.store %a, %slot[] : memref<memref<4xf32>>
  cf.br ^join
^join:
  %x = memref.load %slot[] : memref<memref<4xf32>>
  "test.use"(%x) : (memref<4xf32>) -> ()
  return
}
