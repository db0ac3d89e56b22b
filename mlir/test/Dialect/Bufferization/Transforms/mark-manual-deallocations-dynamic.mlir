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
