// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(elide-buffer-copies))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(double-buffer-loops))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(hoist-alloc-dealloc-pairs))" --split-input-file | FileCheck %s

// The body of an `async.execute` may run concurrently with the ops after it
// until it is awaited. The passes that move frees, take freed buffers over,
// remove copies or recycle buffers across iterations reason on program order
// within a block, so they leave every function that contains an
// `async.execute` as it is. Each function below is one that the pass of the
// same name would rewrite without the `async.execute`.

// CHECK-LABEL: func @free_at_last_use
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   async.execute
//       CHECK:   async.await
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   return
func.func @free_at_last_use(%f: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %t = async.execute {
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %out[%c0] : memref<4xf32>
    async.yield
  }
  memref.store %f, %out[%c1] : memref<4xf32>
  async.await %t : !async.token
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func @reuse_freed
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   memref.dealloc %[[A]]
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc()
//       CHECK:   memref.dealloc %[[B]]
func.func @reuse_freed(%f: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %t = async.execute {
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %out[%c0] : memref<4xf32>
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %b[%c0] : memref<4xf32>
  %w = memref.load %b[%c0] : memref<4xf32>
  memref.store %w, %out[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func @elide_copy
//       CHECK:   %[[S:.*]] = memref.alloc()
//       CHECK:   %[[T:.*]] = memref.alloc()
//       CHECK:   memref.copy %[[S]], %[[T]]
//       CHECK:   memref.dealloc %[[S]]
func.func @elide_copy(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<4xf32>)
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  %tok = async.execute {
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
    async.yield
  }
  async.await %tok : !async.token
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func @loop_buffers
//       CHECK:   scf.for
//  CHECK-NEXT:     %[[NEW:.*]] = memref.alloc()
//       CHECK:     memref.dealloc
//       CHECK:     scf.yield %[[NEW]]
//       CHECK:   scf.for
//  CHECK-NEXT:     %[[TMP:.*]] = memref.alloc()
//       CHECK:     memref.dealloc %[[TMP]]
func.func @loop_buffers(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %m, %new : memref<4xf32> to memref<4xf32>
    memref.dealloc %m : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %tmp = memref.alloc() : memref<4xf32>
    memref.copy %r, %tmp : memref<4xf32> to memref<4xf32>
    memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %tmp : memref<4xf32>
  }
  %t = async.execute {
    memref.copy %r, %out : memref<4xf32> to memref<4xf32>
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %r : memref<4xf32>
  return
}
