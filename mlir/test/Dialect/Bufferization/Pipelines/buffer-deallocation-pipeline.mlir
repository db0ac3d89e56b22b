// RUN: mlir-opt %s -split-input-file --buffer-deallocation-pipeline | FileCheck %s
// RUN: mlir-opt %s -split-input-file \
// RUN:   --pass-pipeline="builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" \
// RUN:   | FileCheck %s --check-prefix=DYN
// RUN: mlir-opt %s -split-input-file \
// RUN:   --pass-pipeline="builtin.module(optimized-buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" \
// RUN:   | FileCheck %s --check-prefix=DYN

// What the pipeline does to whole functions. The stages and options are
// tested in buffer-deallocation-pipeline-stages.mlir, each stage in its own
// test under Transforms/.

// By default, the function boundary ABI holds: the caller owns the result,
// under the no-alias ABI, which marks the function and its call.
// CHECK-LABEL: func.func private @make
//  CHECK-SAME:   -> memref<4xf32> attributes {buffer_abi.no_alias_results} {
// CHECK-LABEL: func.func @caller
//       CHECK:   %[[R:.*]] = call @make() {buffer_abi.no_alias_results} : () -> memref<4xf32>
//   CHECK-NOT:   scf.if
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   memref.dealloc %[[BASE]] : memref<f32>

// With dynamic ownership, the private function returns the ownership of its
// result next to it and the caller frees the buffer only when it owns it.
// The private function keeps that ABI, not the no-alias one.
// DYN-LABEL: func.func private @make
//  DYN-SAME:   -> (memref<4xf32>, i1) {
//       DYN:   %[[TRUE:.*]] = arith.constant true
//       DYN:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       DYN:   return %[[A]], %[[TRUE]] : memref<4xf32>, i1
// DYN-LABEL: func.func @caller
//       DYN:   %[[R:.*]]:2 = call @make() : () -> (memref<4xf32>, i1)
//   DYN-NOT:   buffer_abi
//       DYN:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  DYN-NEXT:   scf.if %[[R]]#1 {
//  DYN-NEXT:     memref.dealloc %[[BASE]] : memref<f32>

func.func private @make() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

func.func @caller() -> f32 {
  %c0 = arith.constant 0 : index
  %r = func.call @make() : () -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A loop of blocks, which ownership-based deallocation rejects, is lifted to
// `scf.while` first; the buffer the loop carries is then freed under the
// ownership the loop carries next to it: never on the first iteration, where
// it is the argument, and on every later one. The buffers freed under it are
// the loop's own, so double-buffer-loops keeps each in a slot (a spare and
// whether there is one) for the next iteration's allocation, and frees the
// last spare after the loop. No `cf` op and no `bufferization.dealloc` is
// left.
// (buffer-deallocation-pipeline-no-lift-invalid.mlir: the same loop without
// the lifting.)
// CHECK-LABEL: func.func @copy_n_times(
//  CHECK-SAME:     %[[N:.*]]: index, %[[IN:.*]]: memref<4xf32>)
//   CHECK-DAG:   %[[FALSE:.*]] = arith.constant false
//   CHECK-DAG:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[W:.*]]:5 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[IN]], %{{.*}} = %[[FALSE]], %{{.*}} = %{{.*}}, %{{.*}} = %[[FALSE]])
//       CHECK:   } do {
//       CHECK:   ^bb0(%{{.*}}: index, %[[CUR:.*]]: memref<4xf32>, %[[OWN:.*]]: i1, %[[SPARE:.*]]: memref<4xf32>, %[[HAS:.*]]: i1):
//       CHECK:     %[[NEXT:.*]] = scf.if %[[HAS]] -> (memref<4xf32>) {
//  CHECK-NEXT:       scf.yield %[[SPARE]]
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       memref.alloc() : memref<4xf32>
//       CHECK:     memref.copy %[[CUR]], %[[NEXT]]
//       CHECK:     %[[KEPT:.*]] = arith.select %[[OWN]], %[[CUR]], %[[SPARE]]
//  CHECK-NEXT:     scf.yield %{{.*}}, %[[NEXT]], %[[TRUE]], %[[KEPT]], %[[OWN]]
//       CHECK:   scf.if %[[W]]#4 {
//  CHECK-NEXT:     memref.dealloc %[[W]]#3
//       CHECK:   memref.load %[[W]]#1
//       CHECK:   scf.if %[[W]]#2 {
//  CHECK-NEXT:     memref.dealloc
//   CHECK-NOT: {{ cf\.}}
//   CHECK-NOT: bufferization.dealloc
//       CHECK:   return
func.func @copy_n_times(%n: index, %in: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %in : index, memref<4xf32>)
^head(%i: index, %cur: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<4xf32>
  memref.copy %cur, %next : memref<4xf32> to memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %next : index, memref<4xf32>)
^exit:
  %v = memref.load %cur[%c0] : memref<4xf32>
  return %v : f32
}
