// RUN: mlir-opt %s --buffer-deallocation-pipeline -split-input-file | FileCheck %s
// RUN: mlir-opt %s -split-input-file \
// RUN:   --buffer-deallocation-pipeline=private-function-dynamic-ownership=true \
// RUN:   | FileCheck %s --check-prefix=DYNAMIC

// Inputs on which upstream passes of the stock pipeline crash, and which the
// series' pipeline handles.

// llvm-project issue #119863: ownership-based-buffer-deallocation crashes
// when a result of an op with regions (here an `scf.for` with no buffers at
// all) is used in another block. prepare-buffer-deallocation gives the use a
// value of the for loop's own block.

// CHECK-LABEL: func @issue_119863
//       CHECK:   %[[R:.*]] = scf.for
//       CHECK:   return %[[R]] : f32
func.func @issue_119863(%arg0: f32) -> f32 {
  cf.br ^bb1
^bb1:
  %c0 = arith.constant 0: index
  %c1 = arith.constant 1: index
  %c10 = arith.constant 10: index
  %1 = scf.for %arg1 = %c0 to %c10 step %c1 iter_args(%arg2 = %arg0) -> f32 {
    %2 = arith.addf %arg2, %arg2 : f32
    scf.yield %2 : f32
  }
  cf.br ^bb2
^bb2:
  return %1 : f32
}

// -----

// The same where the canonicalizer cannot merge the blocks away.

// CHECK-LABEL: func @issue_119863_branch
//       CHECK:   %[[R:.*]] = scf.for
//       CHECK:   cf.cond_br
//       CHECK:   return %[[R]] : f32
//   CHECK-NOT:   unrealized_conversion_cast
func.func @issue_119863_branch(%c: i1, %arg0: f32) -> f32 {
  %c0 = arith.constant 0: index
  %c1 = arith.constant 1: index
  %c10 = arith.constant 10: index
  %1 = scf.for %arg1 = %c0 to %c10 step %c1 iter_args(%arg2 = %arg0) -> f32 {
    %2 = arith.addf %arg2, %arg2 : f32
    scf.yield %2 : f32
  }
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  return %1 : f32
^bb3:
  return %arg0 : f32
}

// -----

// An unranked buffer yielded by an `scf.if` and used in another block (the
// stock pipeline crashes here too): it is freed on the path that does not use
// it before the branch, and after its last use on the other.

// CHECK-LABEL: func @unranked_region_result_in_other_block
//  CHECK-SAME:   (%[[C:.*]]: i1, %[[D:.*]]: i1,
//       CHECK:   %[[R:.*]] = scf.if %[[C]] -> (memref<*xf32>)
//       CHECK:   %[[BASE:.*]], %{{.*}} = memref.extract_strided_metadata
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//       CHECK:   cf.cond_br %[[D]], ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   memref.load
//  CHECK-NEXT:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//   CHECK-NOT:   unrealized_conversion_cast
func.func @unranked_region_result_in_other_block(%c: i1, %d: i1, %m: memref<*xf32>) -> f32 {
  %r = scf.if %c -> memref<*xf32> {
    %a = memref.alloc() : memref<4xf32>
    %u = memref.cast %a : memref<4xf32> to memref<*xf32>
    scf.yield %u : memref<*xf32>
  } else {
    scf.yield %m : memref<*xf32>
  }
  cf.cond_br %d, ^bb1, ^bb2
^bb1:
  %x = memref.cast %r : memref<*xf32> to memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
^bb2:
  %f = arith.constant 0.0 : f32
  return %f : f32
}

// -----

// llvm-project issue #205228: buffer-deallocation-simplification crashes when
// the canonicalizer it runs folds a chain of `memref.cast`s of a
// `memref.memory_space_cast`. The pipeline canonicalizes before the
// simplification, so the chain is gone by then.

// CHECK-LABEL: func @issue_205228
//  CHECK-SAME:   (%[[ARG:.*]]: memref<4x4xf32>)
//  CHECK-NEXT:   %[[SPACE:.*]] = memref.memory_space_cast %[[ARG]]
//  CHECK-NEXT:   %[[CLONE:.*]] = bufferization.clone %[[SPACE]]
//  CHECK-NEXT:   return %[[CLONE]]
func.func @issue_205228(%arg0: memref<4x4xf32>) -> memref<4x4xf32, 1> {
  %memspacecast = memref.memory_space_cast %arg0 : memref<4x4xf32> to memref<4x4xf32, 1>
  %cast = memref.cast %memspacecast : memref<4x4xf32, 1> to memref<?x?xf32, 1>
  %cast_1 = memref.cast %cast : memref<?x?xf32, 1> to memref<4x4xf32, 1>
  return %cast_1 : memref<4x4xf32, 1>
}

// -----

// llvm-project issue #225149: upstream buffer-loop-hoisting hoists
// allocations out of `affine.parallel`, whose iterations may run at once.
// hoist-alloc-dealloc-pairs leaves the temporaries of parallel loops where
// they are.

// CHECK-LABEL: func @issue_225149
//       CHECK:   affine.parallel
//  CHECK-NEXT:     %[[T:.*]] = memref.alloc()
//       CHECK:     memref.dealloc %[[T]]
//       CHECK:   }
//  CHECK-NEXT:   return
func.func @issue_225149(%out: memref<8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    %t = memref.alloc() : memref<4xf32>
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %t[%c0] : memref<4xf32>
    %v = memref.load %t[%c0] : memref<4xf32>
    affine.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// -----

// With private-function-dynamic-ownership, ownership-based-buffer-deallocation
// replaces every call to a private function with a body, and crashes (in
// DeallocationState::getMemrefsToRetain) when a result of the call, of any
// type, is used in another block: its liveness still holds the erased
// call's result. prepare-buffer-deallocation gives that use a cast in the
// call's block, which the canonicalizer folds afterwards.

// CHECK-LABEL: func @private_call_result_in_other_block
//       CHECK:   %[[V:.*]] = call @first(
//       CHECK: ^bb1:
//  CHECK-NEXT:   arith.addf %[[V]], %[[V]]
// DYNAMIC-LABEL: func @private_call_result_in_other_block
//       DYNAMIC:   %[[V:.*]] = call @first(
//       DYNAMIC: ^bb1:
//  DYNAMIC-NEXT:   arith.addf %[[V]], %[[V]]
//   DYNAMIC-NOT:   unrealized_conversion_cast
func.func private @first(%m: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<8xf32>
  return %v : f32
}
func.func @private_call_result_in_other_block(%m: memref<8xf32>, %c: i1) -> f32 {
  %t = call @first(%m) : (memref<8xf32>) -> f32
  cf.cond_br %c, ^bb1, ^bb2(%t : f32)
^bb1:
  %u = arith.addf %t, %t : f32
  cf.br ^bb2(%u : f32)
^bb2(%r: f32):
  return %r : f32
}
