// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership{canonicalize=true}))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership))" --split-input-file | FileCheck %s --check-prefix=NOCLEANUP

// With `canonicalize=true` the pass cleans up what it changed: the
// indicators of a two-buffer swap fold to false, and the loop-carried `i1`
// values, the deallocs under `false` and the metadata they took go away
// without a canonicalizer run. What it did not change stays as it is: the
// fold of `%unrelated` in another function is left to the canonicalizer.

// CHECK-LABEL: func @swap
//  CHECK-SAME:     (%[[N:.*]]: index)
//   CHECK-NOT:   i1
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %{{.*}}:2 = scf.for {{.*}} iter_args(%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) -> (memref<4xf32>, memref<4xf32>) {
//   CHECK-NOT:     extract_strided_metadata
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:     scf.yield %[[Y]], %[[X]] : memref<4xf32>, memref<4xf32>
//       CHECK:   }
//   CHECK-NOT:   extract_strided_metadata
//       CHECK:   bufferization.dealloc (%[[A]], %[[B]] : memref<4xf32>, memref<4xf32>) if (%true, %true)
//  CHECK-NEXT:   return

// NOCLEANUP-LABEL: func @swap
//       NOCLEANUP:   scf.for {{.*}} -> (memref<4xf32>, memref<4xf32>, i1, i1)
//       NOCLEANUP:     bufferization.dealloc ({{.*}}) if (%[[F:.*]], %[[F]]) retain
//       NOCLEANUP:   bufferization.dealloc ({{.*}}) if (%true, %true, %[[F2:.*]], %[[F2]])
func.func @swap(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r:4 = scf.for %i = %c0 to %n step %c1
      iter_args(%x = %a, %y = %b, %ox = %false, %oy = %false)
      -> (memref<4xf32>, memref<4xf32>, i1, i1) {
    "test.use"(%x, %y) : (memref<4xf32>, memref<4xf32>) -> ()
    %xb, %xo, %xs, %xt = memref.extract_strided_metadata %x : memref<4xf32> -> memref<f32>, index, index, index
    %yb, %yo, %ys, %yt = memref.extract_strided_metadata %y : memref<4xf32> -> memref<f32>, index, index, index
    %u:2 = bufferization.dealloc (%xb, %yb : memref<f32>, memref<f32>) if (%ox, %oy) retain (%y, %x : memref<4xf32>, memref<4xf32>)
    scf.yield %y, %x, %u#0, %u#1 : memref<4xf32>, memref<4xf32>, i1, i1
  }
  %rb0, %ro0, %rs0, %rt0 = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %rb1, %ro1, %rs1, %rt1 = memref.extract_strided_metadata %r#1 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %b, %rb0, %rb1 : memref<4xf32>, memref<4xf32>, memref<f32>, memref<f32>) if (%true, %true, %r#2, %r#3)
  return
}

// CHECK-LABEL: func @unchanged
//       CHECK:   %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : index
//       CHECK:   return %[[SUM]]
// NOCLEANUP-LABEL: func @unchanged
//       NOCLEANUP:   arith.addi
func.func @unchanged() -> index {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %unrelated = arith.addi %c1, %c2 : index
  return %unrelated : index
}

// -----

// A function where the pass changes nothing is not cleaned up either.

// CHECK-LABEL: func @nothing_to_fold
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<4xf32>) if (%[[FALSE]])
func.func @nothing_to_fold() {
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%false)
  return
}
