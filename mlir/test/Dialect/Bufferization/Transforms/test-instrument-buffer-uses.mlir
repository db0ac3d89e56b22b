// RUN: mlir-opt %s --test-instrument-buffer-uses | FileCheck %s

// Every op that reads, writes or takes a view of a buffer, and every call
// that gets one, reports the buffer's aligned pointer to the tracker first,
// once per buffer. Frees, size queries and terminators that pass a buffer on
// are not uses, nor are ops with regions, whose nested ops report their own.

// CHECK: func.func private @_mlir_alloc_tracker_use(i64)
// CHECK-NOT: func.func private @_mlir_alloc_tracker_use
func.func private @external(memref<8xf32>)

// CHECK-LABEL: func @uses
//  CHECK-SAME:     (%[[A:.*]]: memref<8xf32>, %[[X:.*]]: f32, %[[N:.*]]: index)
func.func @uses(%a: memref<8xf32>, %x: f32, %n: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK:      %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
  // CHECK-NEXT: %[[I0:.*]] = arith.index_cast %[[P0]] : index to i64
  // CHECK-NEXT: call @_mlir_alloc_tracker_use(%[[I0]]) : (i64) -> ()
  // CHECK-NEXT: memref.store %[[X]], %[[A]]
  memref.store %x, %a[%c0] : memref<8xf32>
  // CHECK-NEXT: %[[B:.*]] = memref.alloc()
  %b = memref.alloc() : memref<8xf32>
  // One report per buffer of a copy, none for its size.
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[A]]
  // CHECK-NEXT: arith.index_cast
  // CHECK-NEXT: call @_mlir_alloc_tracker_use
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[B]]
  // CHECK-NEXT: arith.index_cast
  // CHECK-NEXT: call @_mlir_alloc_tracker_use
  // CHECK-NEXT: memref.copy %[[A]], %[[B]]
  // CHECK-NEXT: memref.dim %[[B]]
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  %d = memref.dim %b, %c0 : memref<8xf32>
  // A view, and a call.
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[B]]
  // CHECK-NEXT: arith.index_cast
  // CHECK-NEXT: call @_mlir_alloc_tracker_use
  // CHECK-NEXT: %[[V:.*]] = memref.subview %[[B]]
  %v = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[B]]
  // CHECK-NEXT: arith.index_cast
  // CHECK-NEXT: call @_mlir_alloc_tracker_use
  // CHECK-NEXT: call @external(%[[B]])
  func.call @external(%b) : (memref<8xf32>) -> ()
  // The loop passes %b on; the load in its body reports it.
  // CHECK-NEXT: scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[B]])
  // CHECK-NEXT:   memref.extract_aligned_pointer_as_index %[[CUR]]
  // CHECK-NEXT:   arith.index_cast
  // CHECK-NEXT:   call @_mlir_alloc_tracker_use
  // CHECK-NEXT:   memref.load %[[CUR]]
  // CHECK-NEXT:   scf.yield %[[CUR]]
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %b) -> memref<8xf32> {
    %l = memref.load %cur[%i] : memref<8xf32>
    scf.yield %cur : memref<8xf32>
  }
  // CHECK: memref.dealloc %[[A]]
  // CHECK-NEXT: return
  memref.dealloc %a : memref<8xf32>
  return %r : memref<8xf32>
}
