// RUN: mlir-opt %s --unalias-function-results --split-input-file | FileCheck %s
// RUN: mlir-opt %s --unalias-function-results=allow-observable-copies=true --split-input-file \
// RUN:   | FileCheck %s --check-prefix=ALLOW
// RUN: mlir-opt %s --unalias-function-results --split-input-file \
// RUN:   --remarks-filter=unalias-function-results --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Which functions take the no-alias ABI by default. A clone of a result that
// is the same buffer as an earlier one changes what a caller computes if it
// writes through one and reads the other, so by default a function that may
// need a clone takes the ABI only if no caller can tell.

// Six functions keep the ownership ABI: @public_same_twice, @written,
// @passed_on, @kept_by_callee, and in the last case @inner and then @outer.
// REMARK-COUNT-6: remark: [Missed] ObservableCopy | Category:unalias-function-results | Remark="function keeps the ownership ABI: a caller could tell a copy of a result from the result"
// REMARK-NOT: ObservableCopy

// A public function may have callers this module does not show.

// CHECK-LABEL: func.func @public_same_twice()
//   CHECK-NOT:   buffer_abi.no_alias_results
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return
// CHECK-LABEL: func.func @main
//       CHECK:   call @public_same_twice() : ()
// ALLOW-LABEL: func.func @public_same_twice()
//  ALLOW-SAME:   attributes {buffer_abi.no_alias_results}
//       ALLOW:   bufferization.clone
func.func @public_same_twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %x, %y = call @public_same_twice() : () -> (memref<4xf32>, memref<4xf32>)
  %v = memref.load %y[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A private function whose callers only read its results: a clone is a copy
// nobody can tell from the buffer.

// CHECK-LABEL: func.func private @read_only
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
//       CHECK:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[C:.*]] = bufferization.clone %[[A]]
//  CHECK-NEXT:   return %[[A]], %[[C]]
// CHECK-LABEL: func.func @main
//       CHECK:   call @read_only() {buffer_abi.no_alias_results}
func.func private @read_only() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %x, %y = call @read_only() : () -> (memref<4xf32>, memref<4xf32>)
  %s = memref.subview %x[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %v = memref.load %s[%c0] : memref<2xf32, strided<[1]>>
  %w = memref.load %y[%c0] : memref<4xf32>
  %r = arith.addf %v, %w : f32
  return %r : f32
}

// -----

// A caller writes through one result and reads the other.

// CHECK-LABEL: func.func private @written()
//   CHECK-NOT:   buffer_abi.no_alias_results
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return
// CHECK-LABEL: func.func @main
//       CHECK:   call @written() : ()
func.func private @written() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 5.0 : f32
  %x, %y = call @written() : () -> (memref<4xf32>, memref<4xf32>)
  linalg.fill ins(%f : f32) outs(%x : memref<4xf32>)
  %v = memref.load %y[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A caller passes a result on to a function, which may write it.

// CHECK-LABEL: func.func private @passed_on()
//   CHECK-NOT:   buffer_abi.no_alias_results
//       CHECK:   return
func.func private @passed_on() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func private @consume(memref<4xf32>)
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %x, %y = call @passed_on() : () -> (memref<4xf32>, memref<4xf32>)
  call @consume(%x) : (memref<4xf32>) -> ()
  %v = memref.load %y[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// The callee stores the descriptor of the buffer it returns: whoever loads
// it could write the buffer while the caller reads a clone.

// CHECK-LABEL: func.func private @kept_by_callee
//   CHECK-NOT:   buffer_abi.no_alias_results
//       CHECK:   return
func.func private @kept_by_callee(%box: memref<memref<4xf32>>) -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @main(%box: memref<memref<4xf32>>) -> f32 {
  %c0 = arith.constant 0 : index
  %x, %y = call @kept_by_callee(%box) : (memref<memref<4xf32>>) -> (memref<4xf32>, memref<4xf32>)
  %v = memref.load %y[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// Results that are never the same buffer need no clone: the function takes
// the ABI whoever calls it, and its callers free the results without alias
// checks.

// CHECK-LABEL: func.func @distinct
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return
// CHECK-LABEL: func.func @main
//       CHECK:   call @distinct() {buffer_abi.no_alias_results}
func.func @distinct() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  return %a, %b : memref<4xf32>, memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 5.0 : f32
  %x, %y = call @distinct() : () -> (memref<4xf32>, memref<4xf32>)
  linalg.fill ins(%f : f32) outs(%x : memref<4xf32>)
  %v = memref.load %y[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// @inner's results are returned on by @outer, so @inner keeps the ownership
// ABI. The results of the call in @outer may then be the same buffer, and
// @outer, public, keeps it too.

// CHECK-LABEL: func.func private @inner()
//   CHECK-NOT:   buffer_abi.no_alias_results
//       CHECK:   return
// CHECK-LABEL: func.func @outer()
//   CHECK-NOT:   buffer_abi.no_alias_results
//       CHECK:   call @inner() : ()
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return
func.func private @inner() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @outer() -> (memref<4xf32>, memref<4xf32>) {
  %x, %y = call @inner() : () -> (memref<4xf32>, memref<4xf32>)
  return %x, %y : memref<4xf32>, memref<4xf32>
}
