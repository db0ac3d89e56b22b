// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file \
// RUN:   --remarks-filter=free-buffers-at-last-use --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Five deallocations move: two in @chain, one in @view_and_loop, one in
// @alias_through_if and one in @base_buffer_use.
// REMARK-COUNT-5: remark: [Passed] FreedAtLastUse | Category:free-buffers-at-last-use | Remark="buffer freed right after its last use"
// REMARK-NOT: FreedAtLastUse

// A chain of temporaries: each is freed right after the op that reads it
// last, and the base buffer extraction moves along.

// CHECK-LABEL: func @chain
//       CHECK:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[A]]
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc()
//  CHECK-NEXT:   memref.copy %[[A]], %[[B]]
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   %[[C:.*]] = memref.alloc()
//  CHECK-NEXT:   memref.copy %[[B]], %[[C]]
//  CHECK-NEXT:   %[[BB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[B]]
//  CHECK-NEXT:   memref.dealloc %[[BB]]
//  CHECK-NEXT:   memref.copy %[[C]], %[[C]]
//  CHECK-NEXT:   memref.dealloc %[[C]]
//  CHECK-NEXT:   return
func.func @chain() {
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  memref.copy %a, %b : memref<64xf32> to memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  memref.copy %b, %c : memref<64xf32> to memref<64xf32>
  memref.copy %c, %c : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %bb, %off, %size, %stride = memref.extract_strided_metadata %b : memref<64xf32> -> memref<f32>, index, index, index
  memref.dealloc %bb : memref<f32>
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// A view keeps the buffer alive until the view's last use; a use inside a
// loop counts as a use by the loop.

// CHECK-LABEL: func @view_and_loop
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   scf.for
//       CHECK:     memref.load %[[A]]
//       CHECK:   }
//  CHECK-NEXT:   memref.subview
//  CHECK-NEXT:   memref.copy
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
func.func @view_and_loop(%n: index, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
  }
  %s = memref.subview %a[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
  memref.copy %s, %out : memref<8xf32, strided<[1]>> to memref<8xf32>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// A call may keep the address: the deallocation stays.

// CHECK-LABEL: func @call_user
//       CHECK:   call @keep
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
func.func private @keep(memref<64xf32>)
func.func @call_user() {
  %a = memref.alloc() : memref<64xf32>
  func.call @keep(%a) : (memref<64xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// An extracted pointer may be compared with later addresses: stays.

// CHECK-LABEL: func @pointer_user
//       CHECK:   memref.extract_aligned_pointer_as_index
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
func.func @pointer_user() -> index {
  %a = memref.alloc() : memref<64xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return %p : index
}

// -----

// An alias through the result of an scf.if keeps the buffer alive until the
// last use of that result.

// CHECK-LABEL: func @alias_through_if
//       CHECK:   %[[R:.*]] = scf.if
//       CHECK:   "test.other"
//  CHECK-NEXT:   memref.copy %[[R]]
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   "test.other"
func.func @alias_through_if(%c: i1, %b: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %r = scf.if %c -> memref<64xf32> {
    scf.yield %a : memref<64xf32>
  } else {
    scf.yield %b : memref<64xf32>
  }
  "test.other"() : () -> ()
  memref.copy %r, %out : memref<64xf32> to memref<64xf32>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// An op the pass does not know (no memory effects declared) may keep the
// address: the deallocation stays.

// CHECK-LABEL: func @unknown_user
//       CHECK:   "test.unknown"
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
func.func @unknown_user() {
  %a = memref.alloc() : memref<64xf32>
  "test.unknown"(%a) : (memref<64xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// A buffer used after its deallocation in the original IR is left alone.

// CHECK-LABEL: func @use_after
//       CHECK:   "test.other"
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   memref.copy
func.func @use_after(%out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}

// -----

// The base buffer extracted from the buffer is the same memory: its use
// keeps the buffer alive.

// CHECK-LABEL: func @base_buffer_use
//       CHECK:   %[[BASE:[^,]*]], {{.*}} = memref.extract_strided_metadata
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.copy %[[BASE]]
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   "test.other"
func.func @base_buffer_use(%out: memref<f32>) {
  %a = memref.alloc() : memref<4xf32>
  %base, %o, %s, %st = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  "test.other"() : () -> ()
  memref.copy %base, %out : memref<f32> to memref<f32>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<4xf32>
  return
}
