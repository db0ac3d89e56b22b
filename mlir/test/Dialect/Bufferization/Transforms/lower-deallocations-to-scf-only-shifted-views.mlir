// RUN: mlir-opt %s --pass-pipeline="builtin.module(lower-deallocations-to-scf{only-shifted-views lower-rest-with-helper})" | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(lower-deallocations-to-scf{only-shifted-views})" | FileCheck %s --check-prefix=REST

// With only-shifted-views, the pass lowers the deallocations with an
// operand that may be a `memref.view` at a byte shift, whose allocation the
// helper's aligned pointers do not identify, and leaves every other one to
// the helper-based lowering, however few checks it needs.

// The view is the base's allocation: only the base is freed.
// CHECK-LABEL: func @view_and_base
//  CHECK-SAME:   (%[[C:.*]]: i1)
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %{{.*}} : memref<64xi8>
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.dealloc %[[BASE]] : memref<i8>
//   CHECK-NOT:   call @dealloc_helper
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   return
func.func @view_and_base(%c: i1) {
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<64xi8>
  %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
  %ba, %oa, %sa, %sta = memref.extract_strided_metadata %a : memref<64xi8> -> memref<i8>, index, index, index
  %bv, %ov, %sv, %stv = memref.extract_strided_metadata %v : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%ba, %bv : memref<i8>, memref<f32>) if (%c, %c)
  return
}

// CHECK-LABEL: func @two_arguments
//       CHECK:   call @dealloc_helper
// REST-LABEL: func @two_arguments
//       REST:   bufferization.dealloc
// REST-NOT:   func.func private @dealloc_helper
func.func @two_arguments(%a: memref<f32>, %b: memref<f32>, %c: i1) {
  bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%c, %c)
  return
}
