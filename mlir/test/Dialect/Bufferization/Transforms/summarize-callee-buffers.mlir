// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" \
// RUN:   --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(free-buffers-at-last-use))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NONE
// A pass on the module between the summary and the function passes drops
// it: the answers may no longer describe the functions.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,symbol-privatize,func.func(free-buffers-at-last-use))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NONE
// On the module, the pass looks into the callees itself, as the summary
// does.
// RUN: mlir-opt %s --free-buffers-at-last-use --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,any(free-buffers-at-last-use))" \
// RUN:   --split-input-file | FileCheck %s --check-prefixes=CHECK,NESTED

// The summary decides, for @scale's argument, that the function only reads
// and writes its memory: the free moves up to the call. Without it, the
// function pass may not look into @scale and keeps the free at the end.

// CHECK-LABEL: func @released
//       CHECK:   call @scale(%[[A:.*]]) :
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
// NONE-LABEL: func{{.*}} @released
//       NONE:   call @scale
//  NONE-NEXT:   "test.other"
//  NONE-NEXT:   memref.dealloc
func.func private @scale(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<16xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %m[%c0] : memref<16xf32>
  return
}
func.func private @declared(memref<16xf32>)
func.func @released() {
  %a = memref.alloc() : memref<16xf32>
  func.call @scale(%a) : (memref<16xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A callee that stores the descriptor, frees the buffer, or passes it to a
// declaration may keep it or free it: the summary says so, and the free
// stays after every such call.

// CHECK-LABEL: func @kept
//       CHECK:   call @stores
//       CHECK:   call @frees
//       CHECK:   call @forwards
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   memref.dealloc
func.func private @stores(%m: memref<16xf32>, %box: memref<memref<16xf32>>) {
  memref.store %m, %box[] : memref<memref<16xf32>>
  return
}
func.func private @frees(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
func.func private @keep(memref<16xf32>)
func.func private @forwards(%m: memref<16xf32>) {
  func.call @keep(%m) : (memref<16xf32>) -> ()
  return
}
func.func @kept(%box: memref<memref<16xf32>>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  func.call @stores(%a, %box) : (memref<16xf32>, memref<memref<16xf32>>) -> ()
  func.call @frees(%b) : (memref<16xf32>) -> ()
  func.call @forwards(%c) : (memref<16xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// -----

// Nested in the module as the pipeline nests them (`any(...)`), the passes
// run on each function of the module and on a nested module as a whole,
// whose functions they look into themselves: the free before the call of
// @inner::@scale moves up to it, as the free before the call of @scale in
// the outer module does with the summary.

// NESTED-LABEL: module @inner
//       NESTED:   func @inner_caller
//       NESTED:     call @scale(%[[B:.*]]) :
//  NESTED-NEXT:     memref.dealloc %[[B]]
//  NESTED-NEXT:     "test.other"
//       NESTED: func @outer_caller
//       NESTED:   call @scale(%[[A:.*]]) :
//  NESTED-NEXT:   memref.dealloc %[[A]]
//  NESTED-NEXT:   "test.other"
module @inner {
  func.func private @scale(%m: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %v = memref.load %m[%c0] : memref<16xf32>
    memref.store %v, %m[%c0] : memref<16xf32>
    return
  }
  func.func @inner_caller() {
    %b = memref.alloc() : memref<16xf32>
    func.call @scale(%b) : (memref<16xf32>) -> ()
    "test.other"() : () -> ()
    memref.dealloc %b : memref<16xf32>
    return
  }
}
func.func private @scale(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<16xf32>
  memref.store %v, %m[%c0] : memref<16xf32>
  return
}
func.func @outer_caller() {
  %a = memref.alloc() : memref<16xf32>
  func.call @scale(%a) : (memref<16xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<16xf32>
  return
}
