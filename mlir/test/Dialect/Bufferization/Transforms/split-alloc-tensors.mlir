// RUN: mlir-opt %s --split-alloc-tensors --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(split-alloc-tensors{split-empty-tensors=false})" --split-input-file | FileCheck %s --check-prefix=NOEMPTY

// Two fills of one `tensor.empty` each get their own op, in program order.

// CHECK-LABEL: func @empty_two_uses
//       CHECK:   %[[E0:.*]] = tensor.empty() : tensor<4xf32>
//  CHECK-NEXT:   %[[E1:.*]] = tensor.empty() : tensor<4xf32>
//       CHECK:   %[[F0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E0]] : tensor<4xf32>)
//       CHECK:   %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<4xf32>)
//       CHECK:   return %[[F0]], %[[F1]]
// NOEMPTY-LABEL: func @empty_two_uses
//       NOEMPTY:   %[[E:.*]] = tensor.empty() : tensor<4xf32>
//   NOEMPTY-NOT:   tensor.empty
//       NOEMPTY:   linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4xf32>)
//       NOEMPTY:   linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4xf32>)
func.func @empty_two_uses() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.fill ins(%c1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// `bufferization.alloc_tensor` is split with its dynamic sizes, its copy
// operand and its attributes; the split-empty-tensors option does not apply
// to it.

// CHECK-LABEL: func @alloc_tensor_dynamic_and_copy
//  CHECK-SAME:   (%[[SZ:.*]]: index, %[[T:.*]]: tensor<4xf32>)
//       CHECK:   %[[A0:.*]] = bufferization.alloc_tensor(%[[SZ]]) {memory_space = 1 : i64} : tensor<?xf32>
//  CHECK-NEXT:   %[[A1:.*]] = bufferization.alloc_tensor(%[[SZ]]) {memory_space = 1 : i64} : tensor<?xf32>
//  CHECK-NEXT:   %[[A2:.*]] = bufferization.alloc_tensor(%[[SZ]]) {memory_space = 1 : i64} : tensor<?xf32>
//  CHECK-NEXT:   %[[C0:.*]] = bufferization.alloc_tensor() copy(%[[T]]) : tensor<4xf32>
//  CHECK-NEXT:   %[[C1:.*]] = bufferization.alloc_tensor() copy(%[[T]]) : tensor<4xf32>
//  CHECK-NEXT:   "test.use"(%[[A0]], %[[A1]]) : (tensor<?xf32>, tensor<?xf32>) -> ()
//  CHECK-NEXT:   "test.use"(%[[A2]], %[[C0]]) : (tensor<?xf32>, tensor<4xf32>) -> ()
//  CHECK-NEXT:   "test.use"(%[[C1]]) : (tensor<4xf32>) -> ()
// NOEMPTY-LABEL: func @alloc_tensor_dynamic_and_copy
//  NOEMPTY-COUNT-5:   bufferization.alloc_tensor
//   NOEMPTY-NOT:   bufferization.alloc_tensor
func.func @alloc_tensor_dynamic_and_copy(%sz: index, %t: tensor<4xf32>) {
  %a = bufferization.alloc_tensor(%sz) {memory_space = 1 : i64} : tensor<?xf32>
  %c = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  "test.use"(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> ()
  "test.use"(%a, %c) : (tensor<?xf32>, tensor<4xf32>) -> ()
  "test.use"(%c) : (tensor<4xf32>) -> ()
  return
}

// -----

// Uses in nested regions: the clones stay next to the original, outside of
// the loop, so that the number of allocations per iteration does not change.

// CHECK-LABEL: func @use_in_loop
//       CHECK:   %[[E0:.*]] = tensor.empty() : tensor<8xi32>
//  CHECK-NEXT:   %[[E1:.*]] = tensor.empty() : tensor<8xi32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     "test.use"(%[[E0]])
//       CHECK:   "test.use"(%[[E1]])
// NOEMPTY-LABEL: func @use_in_loop
//       NOEMPTY:   tensor.empty
//   NOEMPTY-NOT:   tensor.empty
//       NOEMPTY:   scf.for
func.func @use_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xi32>
  scf.for %i = %c0 to %n step %c1 {
    "test.use"(%e) : (tensor<8xi32>) -> ()
  }
  "test.use"(%e) : (tensor<8xi32>) -> ()
  return
}

// -----

// A single use, and no use at all, leave the op alone.

// CHECK-LABEL: func @nothing_to_split
//       CHECK:   tensor.empty
//       CHECK:   bufferization.alloc_tensor
//   CHECK-NOT:   tensor.empty
//   CHECK-NOT:   bufferization.alloc_tensor
func.func @nothing_to_split() -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = bufferization.alloc_tensor() : tensor<4xf32>
  "test.use"(%a) : (tensor<4xf32>) -> ()
  return %e : tensor<4xf32>
}
