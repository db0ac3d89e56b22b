// RUN: mlir-opt -ownership-based-buffer-deallocation -split-input-file %s | FileCheck %s
// RUN: mlir-opt -buffer-deallocation-pipeline -split-input-file %s | FileCheck %s --check-prefix=PIPELINE
// The plugin attaches the affine.for model to a stock mlir-opt too, as a
// dialect plugin and through the pipeline.
// RUN: %stock_mlir_opt --load-dialect-plugin=%buffer_opt_plugin -ownership-based-buffer-deallocation -split-input-file %s | FileCheck %s
// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin --pass-pipeline='builtin.module(optimized-buffer-deallocation-pipeline)' -split-input-file %s | FileCheck %s --check-prefix=PIPELINE

// Without the model, the generic handling appends the ownership of the init
// to the operand list but not to the `inits` operand segment, and the loop
// fails to verify. The model passes a `false` ownership (the loop does not own
// its init) through the `inits` segment and gets the ownership of the result
// back as a new loop result.

// CHECK-LABEL: func @affine_for_iter_args
//  CHECK-SAME: (%[[N:.*]]: index)
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[FOR:.*]]:2 = affine.for %{{.*}} = 0 to %[[N]] iter_args(%[[ITER:.*]] = %[[A]], %[[OWN:.*]] = %[[FALSE]]) -> (memref<2xf32>, i1) {
//       CHECK:     %[[NEW:.*]] = memref.alloc()
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[ITER]]
//       CHECK:     %[[NEWBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[NEW]]
//       CHECK:     %[[UPD:.*]] = bufferization.dealloc (%[[BASE]], %[[NEWBASE]] : {{.*}}) if (%[[OWN]], %{{.*}}) retain (%[[NEW]] : memref<2xf32>)
//       CHECK:     affine.yield %[[NEW]], %[[UPD]] : memref<2xf32>, i1
//       CHECK:   }
//       CHECK:   %[[RES:.*]] = scf.if %[[FOR]]#1
//       CHECK:   %[[ABASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//       CHECK:   %[[RBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[FOR]]#0
//       CHECK:   bufferization.dealloc (%[[ABASE]], %[[RBASE]], %{{.*}} : {{.*}}) if (%{{.*}}, %[[FOR]]#1, %{{.*}}) retain (%[[RES]] : memref<2xf32>)

// PIPELINE-LABEL: func @affine_for_iter_args
//       PIPELINE:   affine.for {{.*}} -> (memref<2xf32>, i1) {
//       PIPELINE:     scf.if %{{.*}} {
//  PIPELINE-NEXT:       memref.dealloc
//       PIPELINE:     affine.yield
func.func @affine_for_iter_args(%n: index) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = affine.for %i = 0 to %n iter_args(%b = %a) -> memref<2xf32> {
    %c = memref.alloc() : memref<2xf32>
    affine.yield %c : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// Loop-carried values that are not memrefs get no ownership; the bounds and
// the step keep their operands.

// CHECK-LABEL: func @affine_for_mixed_iter_args
//       CHECK:   affine.for %{{.*}} = %{{.*}} to %{{.*}} step 2 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %false) -> (f32, memref<2xf32>, i1) {
//       CHECK:     affine.yield %{{.*}}, %{{.*}}, %{{.*}} : f32, memref<2xf32>, i1
func.func @affine_for_mixed_iter_args(%lb: index, %ub: index, %f: f32,
                                      %m: memref<2xf32>) -> f32 {
  %r:2 = affine.for %i = %lb to %ub step 2 iter_args(%x = %f, %b = %m)
      -> (f32, memref<2xf32>) {
    %c = memref.alloc() : memref<2xf32>
    %y = arith.addf %x, %x : f32
    affine.yield %y, %c : f32, memref<2xf32>
  }
  %c0 = arith.constant 0 : index
  %v = memref.load %r#1[%c0] : memref<2xf32>
  %s = arith.addf %v, %r#0 : f32
  return %s : f32
}

// -----

// Without memref loop-carried values the loop is left as it is; an
// allocation in its body is freed in the body.

// CHECK-LABEL: func @affine_for_no_iter_args
//       CHECK:   affine.for
//       CHECK:     %[[A:.*]] = memref.alloc()
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//  CHECK-NEXT:     bufferization.dealloc (%[[BASE]] : memref<f32>) if (%true
//  CHECK-NEXT:   }
//   CHECK-NOT:   memref.alloc
//       CHECK:   return
func.func @affine_for_no_iter_args(%m: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = memref.alloc() : memref<2xf32>
    %v = affine.load %a[0] : memref<2xf32>
    affine.store %v, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// `affine.if` and `affine.parallel` need no model: the generic handling of
// region ops is correct for them.

// CHECK-LABEL: func @affine_if
//       CHECK:   %[[IF:.*]]:2 = affine.if {{.*}} -> (memref<2xf32>, i1) {
//       CHECK:     affine.yield %{{.*}}, %{{.*}} : memref<2xf32>, i1
//       CHECK:   } else {
//       CHECK:     affine.yield %{{.*}}, %{{.*}} : memref<2xf32>, i1
//       CHECK:   }
//       CHECK:   scf.if %[[IF]]#1
func.func @affine_if(%i: index) -> memref<2xf32> {
  %r = affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) -> memref<2xf32> {
    %c = memref.alloc() : memref<2xf32>
    affine.yield %c : memref<2xf32>
  } else {
    %d = memref.alloc() : memref<2xf32>
    affine.yield %d : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// CHECK-LABEL: func @affine_parallel
//       CHECK:   affine.parallel
//       CHECK:     %[[A:.*]] = memref.alloc()
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//  CHECK-NEXT:     bufferization.dealloc (%[[BASE]] : memref<f32>) if (%true
//  CHECK-NEXT:     affine.yield %{{.*}} : f32
func.func @affine_parallel(%m: memref<4xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (4) reduce ("addf") -> f32 {
    %a = memref.alloc() : memref<2xf32>
    %v = affine.load %a[0] : memref<2xf32>
    affine.yield %v : f32
  }
  return %r : f32
}
