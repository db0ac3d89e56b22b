// RUN: mlir-opt %s --mark-manual-deallocations=private-function-dynamic-ownership=true \
// RUN:   --split-input-file --verify-diagnostics | FileCheck %s

// Under dynamic ownership, the callers of a private function expect its
// ownership results, so it cannot be left alone.
// expected-error @+1 {{'func.func' op frees buffers by hand which do not all come from its own allocations or which it also returns, so that the deallocation would leave it alone, which private-function-dynamic-ownership does not support for private functions; make the function public or set private-function-dynamic-ownership=false}}
func.func private @frees_argument(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

// -----

// A public one can be.
// CHECK-LABEL: func.func @public_frees_argument(
//  CHECK-SAME:   attributes {buffer_abi.manual_deallocation}
func.func @public_frees_argument(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

// A private function whose frees are all per buffer is fine.
// CHECK-LABEL: func.func private @private_per_buffer(
//       CHECK:   memref.dealloc %{{.*}} {bufferization.manual_deallocation}
func.func private @private_per_buffer() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// The deallocation under dynamic ownership gives the private functions that
// are not left alone their ownership results, and leaves the buffers freed
// by hand to the input.
// RUN: mlir-opt %s --split-input-file \
// RUN:   --mark-manual-deallocations=private-function-dynamic-ownership=true \
// RUN:   --manual-aware-ownership-based-deallocation=private-function-dynamic-ownership=true \
// RUN:   --verify-diagnostics | FileCheck %s --check-prefix=DEALLOC
// DEALLOC-LABEL: func.func private @private_result(
//  DEALLOC-SAME:   -> (memref<4xf32>, i1)
//       DEALLOC:   %[[A:.*]] = memref.alloc() {bufferization.manual_deallocation}
//       DEALLOC:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       DEALLOC:   memref.dealloc %[[A]] {bufferization.manual_deallocation}
//       DEALLOC:   return %[[B]], %{{.*}} : memref<4xf32>, i1
func.func private @private_result() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %b : memref<4xf32>
}
