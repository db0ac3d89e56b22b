// RUN: mlir-opt %s -allow-unregistered-dialect -simplify-buffer-deallocations \
// RUN:   -split-input-file | FileCheck %s

// Each result of `memref.distinct_objects` is its operand of the same
// position: a result is a view of that buffer only, and so differs from any
// other allocation. Upstream's simplification takes the results for buffers
// of unknown origin and keeps them with every other buffer of the dealloc.

// CHECK-LABEL: func @result_differs_from_other_allocation
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[C:.*]] = memref.alloc()
//       CHECK:   %[[D:.*]]:2 = memref.distinct_objects %[[A]], %[[B]]
//   CHECK-DAG:   bufferization.dealloc (%[[D]]#0 : memref<2xf32>) if (%{{.*}}){{$}}
//   CHECK-DAG:   bufferization.dealloc (%[[C]] : memref<2xf32>) if (%{{.*}}){{$}}
//   CHECK-NOT:   bufferization.dealloc
func.func @result_differs_from_other_allocation(%c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  %d:2 = memref.distinct_objects %a, %b : memref<2xf32>, memref<2xf32>
  "test.use"(%d#0, %d#1, %c) : (memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
  bufferization.dealloc (%d#0, %c : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}

// -----

// A result is the same buffer as its own operand: a dealloc that retains the
// operand never frees the result, and gives the ownership of the operand
// back.

// CHECK-LABEL: func @result_is_its_operand
//  CHECK-SAME: (%{{.*}}: memref<2xf32>, %[[C0:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[D:.*]]:2 = memref.distinct_objects %[[A]],
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   return %[[C0]] : i1
func.func @result_is_its_operand(%arg0: memref<2xf32>, %c0: i1) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %d:2 = memref.distinct_objects %a, %arg0 : memref<2xf32>, memref<2xf32>
  "test.use"(%d#0) : (memref<2xf32>) -> ()
  %r = bufferization.dealloc (%d#0 : memref<2xf32>) if (%c0) retain (%a : memref<2xf32>)
  return %r : i1
}

// -----

// A result may still be the same buffer as an argument it is not the view
// of: both are function arguments, which the caller may pass twice.

// CHECK-LABEL: func @arguments_stay_together
//  CHECK-SAME: (%[[X:.*]]: memref<2xf32>, %[[Y:.*]]: memref<2xf32>, %[[Z:.*]]: memref<2xf32>
//       CHECK:   %[[D:.*]]:2 = memref.distinct_objects %[[X]], %[[Y]]
//       CHECK:   bufferization.dealloc (%[[D]]#0, %[[Z]] : memref<2xf32>, memref<2xf32>)
func.func @arguments_stay_together(%x: memref<2xf32>, %y: memref<2xf32>, %z: memref<2xf32>, %c0: i1, %c1: i1) {
  %d:2 = memref.distinct_objects %x, %y : memref<2xf32>, memref<2xf32>
  "test.use"(%d#0, %d#1) : (memref<2xf32>, memref<2xf32>) -> ()
  bufferization.dealloc (%d#0, %z : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}
