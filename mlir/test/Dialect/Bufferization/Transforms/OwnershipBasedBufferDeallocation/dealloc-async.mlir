// RUN: mlir-opt -ownership-based-buffer-deallocation -canonicalize -buffer-deallocation-simplification -canonicalize -split-input-file %s | FileCheck %s
// RUN: mlir-opt -buffer-deallocation-pipeline -split-input-file %s | FileCheck %s --check-prefix=PIPELINE
// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin --pass-pipeline='builtin.module(optimized-buffer-deallocation-pipeline)' -split-input-file %s | FileCheck %s --check-prefix=PIPELINE

// A memref yielded by `async.execute` is owned by the block that awaits it:
// the body frees what it allocated except the yielded buffer, and the awaiting
// block frees the awaited one.

// CHECK-LABEL: func @yield_fresh_buffer
//       CHECK:   async.execute -> !async.value<memref<4xf32>> {
//       CHECK:     %[[TMP:.*]] = memref.alloc()
//       CHECK:     %[[OUT:.*]] = memref.alloc()
//       CHECK:     bufferization.dealloc (%[[TMP]] : memref<4xf32>) if (%true{{.*}})
//  CHECK-NEXT:     async.yield %[[OUT]] : memref<4xf32>
//       CHECK:   %[[M:.*]] = async.await
//       CHECK:   %[[V:.*]] = memref.load %[[M]]
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
//       CHECK:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%true{{.*}})
//  CHECK-NEXT:   return %[[V]]

// PIPELINE-LABEL: func @yield_fresh_buffer
//       PIPELINE:   async.execute
//       PIPELINE:     memref.dealloc
//  PIPELINE-NEXT:     async.yield
//       PIPELINE:   async.await
//       PIPELINE:   memref.dealloc
//  PIPELINE-NEXT:   return
func.func @yield_fresh_buffer(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %tmp = memref.alloc() : memref<4xf32>
    memref.store %f, %tmp[%c0] : memref<4xf32>
    %out = memref.alloc() : memref<4xf32>
    memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
    async.yield %out : memref<4xf32>
  }
  %m = async.await %r : !async.value<memref<4xf32>>
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A buffer the body does not own (here a function argument) is cloned before
// it is yielded, as for the return of a public function.

// CHECK-LABEL: func @yield_argument
//  CHECK-SAME: (%[[ARG:.*]]: memref<4xf32>)
//       CHECK:   async.execute
//  CHECK-NEXT:     %[[CLONE:.*]] = bufferization.clone %[[ARG]]
//  CHECK-NEXT:     async.yield %[[CLONE]]
//       CHECK:   %[[M:.*]] = async.await
//  CHECK-NEXT:   return %[[M]]
func.func @yield_argument(%arg: memref<4xf32>) -> memref<4xf32> {
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    async.yield %arg : memref<4xf32>
  }
  %m = async.await %r : !async.value<memref<4xf32>>
  return %m : memref<4xf32>
}

// -----

// Ownership only known at run time: the dealloc before the yield tells
// whether the body owned the yielded buffer, which is cloned if not. (The
// ownership the deallocation infers statically for the `arith.select` would
// wrongly claim the argument.)

// CHECK-LABEL: func @yield_select
//       CHECK:   async.execute
//       CHECK:     %[[A:.*]] = memref.alloc()
//       CHECK:     %[[SEL:.*]] = arith.select %{{.*}}, %[[A]], %{{.*}}
//       CHECK:     %[[OWN:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%true{{.*}}) retain (%[[SEL]] : memref<4xf32>)
//       CHECK:     %[[OWNED:.*]] = scf.if %[[OWN]] -> (memref<4xf32>) {
//  CHECK-NEXT:       scf.yield %[[SEL]]
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[CLONE:.*]] = bufferization.clone %[[SEL]]
//  CHECK-NEXT:       scf.yield %[[CLONE]]
//       CHECK:     async.yield %[[OWNED]]
func.func @yield_select(%arg: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %a = memref.alloc() : memref<4xf32>
    %s = arith.select %c, %a, %arg : memref<4xf32>
    async.yield %s : memref<4xf32>
  }
  %m = async.await %r : !async.value<memref<4xf32>>
  return %m : memref<4xf32>
}

// -----

// A buffer the body reads from outside stays owned by the enclosing block
// and is freed at its end, after the await. Its last use in program order is
// in the body, but the passes that move frees up to the last use leave
// functions with `async.execute` alone, so the pipeline does not free it
// between the `async.execute` and the `async.await`.

// CHECK-LABEL: func @captured_buffer
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   async.execute {
//   CHECK-NOT:     dealloc
//       CHECK:     async.yield
//       CHECK:   async.await
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<4xf32>) if (%true{{.*}})

// PIPELINE-LABEL: func @captured_buffer
//       PIPELINE:   %[[A:.*]] = memref.alloc()
//       PIPELINE:   async.execute {
//   PIPELINE-NOT:   memref.dealloc
//       PIPELINE:   async.await
//  PIPELINE-NEXT:   memref.dealloc %[[A]]
//  PIPELINE-NEXT:   return
func.func @captured_buffer(%f: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %t = async.execute {
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %out[%c0] : memref<4xf32>
    async.yield
  }
  %g = arith.addf %f, %f : f32
  memref.store %g, %out[%c0] : memref<4xf32>
  async.await %t : !async.token
  return
}
