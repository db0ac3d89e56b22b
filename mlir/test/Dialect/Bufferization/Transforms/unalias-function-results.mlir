// RUN: mlir-opt %s -split-input-file --unalias-function-results=allow-observable-copies=true \
// RUN:   | FileCheck %s
// RUN: mlir-opt %s -split-input-file \
// RUN:   --unalias-function-results="private-function-dynamic-ownership=true allow-observable-copies=true" \
// RUN:   | FileCheck %s --check-prefix=DYN
// RUN: mlir-opt %s -split-input-file --unalias-function-results=allow-observable-copies=true \
// RUN:   --lower-deallocations-to-scf \
// RUN:   | FileCheck %s --check-prefix=LOWER
// RUN: mlir-opt %s -split-input-file --unalias-function-results=allow-observable-copies=true \
// RUN:   --remarks-filter=unalias-function-results --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The mechanics of the ABI, with clones allowed wherever they are needed.
// unalias-function-results-observable.mlir tests which functions take the
// ABI by default.

// The callee's side of the no-alias function boundary ABI: no memref result
// is the same buffer as an earlier result. Results never alias arguments
// already, since the deallocation before this pass returns owned buffers.

// A result known to be the same buffer as an earlier one is cloned.
// CHECK-LABEL: func.func @same_twice()
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
//       CHECK:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[C:.*]] = bufferization.clone %[[A]]
//  CHECK-NEXT:   return %[[A]], %[[C]]
func.func @same_twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  // REMARK: [[@LINE+1]]:3: remark: [Passed] ResultsUnaliased | Category:unalias-function-results | Remark="cloned 1 result(s) that are the same buffer as an earlier result, and 0 that may be, if they are at run time"
  return %a, %a : memref<4xf32>, memref<4xf32>
}

// -----

// So is a view of an earlier result; the clone copies the view only.
// CHECK-LABEL: func.func @view_of_earlier(
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
//       CHECK:   %[[A:.*]] = memref.alloc(
//  CHECK-NEXT:   %[[V:.*]] = memref.subview %[[A]]
//  CHECK-NEXT:   %[[C:.*]] = bufferization.clone %[[V]]
//  CHECK-NEXT:   return %[[A]], %[[C]]
func.func @view_of_earlier(%i: index)
    -> (memref<4xf32>, memref<2xf32, strided<[1], offset: ?>>) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[%i] [2] [1]
      : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  return %a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: ?>>
}

// -----

// A clone of a view with a static offset would not lower (a fresh buffer
// has offset 0), so a function with such a result among several keeps the
// ownership ABI: it is neither rewritten nor marked, and a mark it carried
// is dropped. Its callers keep their alias checks.
// CHECK-LABEL: func.func @static_offset_view()
//  CHECK-SAME:   -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>) {
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return
// CHECK-LABEL: func.func @call_static_offset_view()
//       CHECK:   call @static_offset_view() : ()
func.func @static_offset_view()
    -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>)
    attributes {buffer_abi.no_alias_results} {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1]
      : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>
}
func.func @call_static_offset_view() {
  %r:2 = func.call @static_offset_view()
      : () -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>)
  return
}

// -----

// With a single memref result there is nothing to clone, whatever its type.
// CHECK-LABEL: func.func @single_static_offset_view()
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
func.func @single_static_offset_view()
    -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1]
      : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}

// -----

// Results known to be distinct are returned as they are.
// CHECK-LABEL: func.func @distinct()
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return
func.func @distinct() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  return %a, %b : memref<4xf32>, memref<4xf32>
}

// -----

// A result that may be the same buffer as an earlier one is cloned when the
// aligned pointers say it is; it is compared only with the results it may
// alias (not with %d, a distinct allocation).
// CHECK-LABEL: func.func @maybe(
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[S:.*]] = arith.select
//       CHECK:   %[[D:.*]] = memref.alloc()
//       CHECK:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//       CHECK:   %[[PS:.*]] = memref.extract_aligned_pointer_as_index %[[S]]
//       CHECK:   %[[SAME:.*]] = arith.cmpi eq, %[[PS]], %[[PA]]
//   CHECK-NOT:   extract_aligned_pointer_as_index
//       CHECK:   %[[R:.*]] = scf.if %[[SAME]] -> (memref<4xf32>) {
//  CHECK-NEXT:     %[[C:.*]] = bufferization.clone %[[S]]
//  CHECK-NEXT:     scf.yield %[[C]]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[S]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[A]], %[[R]], %[[D]]
func.func @maybe(%c: i1) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  // REMARK: [[@LINE+1]]:3: remark: [Passed] ResultsUnaliased | Category:unalias-function-results | Remark="cloned 0 result(s) that are the same buffer as an earlier result, and 1 that may be, if they are at run time"
  return %a, %s, %d : memref<4xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// The earlier results a result may be are found among many distinct ones:
// the last result is the first one again and is cloned, without comparing
// any addresses.
// CHECK-LABEL: func.func @same_as_first_of_many(
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[D:.*]] = memref.alloc()
//   CHECK-NOT:   extract_aligned_pointer_as_index
//       CHECK:   %[[C:.*]] = bufferization.clone %[[A]]
//  CHECK-NEXT:   return %[[A]], %[[B]], %[[D]], %[[C]]
func.func @same_as_first_of_many() -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  return %a, %b, %d, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// A declaration is trusted to follow the ABI only if it says so: the results
// of @ext are compared, those of @ext_no_alias are not, and only calls of
// functions that follow the ABI are marked.
// CHECK-LABEL: func.func private @ext()
//   CHECK-NOT:   buffer_abi
// CHECK-LABEL: func.func private @ext_no_alias()
//  CHECK-SAME:   attributes {buffer_abi.no_alias_results}
func.func private @ext() -> (memref<4xf32>, memref<4xf32>)
func.func private @ext_no_alias() -> (memref<4xf32>, memref<4xf32>)
    attributes {buffer_abi.no_alias_results}


// CHECK-LABEL: func.func @forward_ext()
//       CHECK:   %[[R:.*]]:2 = call @ext() : () -> (memref<4xf32>, memref<4xf32>)
//       CHECK:   arith.cmpi eq
//       CHECK:   scf.if
//       CHECK:     bufferization.clone %[[R]]#1
func.func @forward_ext() -> (memref<4xf32>, memref<4xf32>) {
  %r:2 = func.call @ext() : () -> (memref<4xf32>, memref<4xf32>)
  return %r#0, %r#1 : memref<4xf32>, memref<4xf32>
}

// CHECK-LABEL: func.func @forward_ext_no_alias()
//       CHECK:   %[[R:.*]]:2 = call @ext_no_alias() {buffer_abi.no_alias_results}
//  CHECK-NEXT:   return %[[R]]#0, %[[R]]#1
func.func @forward_ext_no_alias() -> (memref<4xf32>, memref<4xf32>) {
  %r:2 = func.call @ext_no_alias() : () -> (memref<4xf32>, memref<4xf32>)
  return %r#0, %r#1 : memref<4xf32>, memref<4xf32>
}

// -----

// A function without memref results is not marked.
// CHECK-LABEL: func.func @no_memref_result(
//  CHECK-SAME:   -> f32 {
func.func @no_memref_result(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A mark on a call of a function that does not follow the ABI is dropped.
func.func private @ext() -> (memref<4xf32>, memref<4xf32>)

// CHECK-LABEL: func.func @stale_mark()
//       CHECK:   call @ext() : ()
func.func @stale_mark() {
  %r:2 = func.call @ext() {buffer_abi.no_alias_results}
      : () -> (memref<4xf32>, memref<4xf32>)
  return
}

// -----

// Under dynamic ownership, private functions keep that ABI: neither they nor
// their calls are marked, and their results are left alone.
// DYN-LABEL: func.func private @private_same_twice()
//  DYN-SAME:   -> (memref<4xf32>, memref<4xf32>) {
//   DYN-NOT:   bufferization.clone
// DYN-LABEL: func.func @call_private()
//       DYN:   call @private_same_twice() : ()
// CHECK-LABEL: func.func @call_private()
//       CHECK:   call @private_same_twice() {buffer_abi.no_alias_results}
func.func private @private_same_twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
func.func @call_private() {
  %r:2 = func.call @private_same_twice() : () -> (memref<4xf32>, memref<4xf32>)
  return
}

// -----

// The caller's side: results of marked calls are fresh allocations to the
// lowering of deallocations, which frees them without alias checks; the
// results of an unmarked call are compared with each other.
func.func private @ext_no_alias() -> (memref<4xf32>, memref<4xf32>)
    attributes {buffer_abi.no_alias_results}

// LOWER-LABEL: func.func @free_results(
//   LOWER-NOT:   extract_aligned_pointer_as_index
//       LOWER:   memref.dealloc
//  LOWER-NEXT:   memref.dealloc
//  LOWER-NEXT:   memref.dealloc
//       LOWER:   return
func.func @free_results(%m: memref<4xf32>) {
  %true = arith.constant true
  %r:2 = func.call @ext_no_alias() : () -> (memref<4xf32>, memref<4xf32>)
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%r#0, %r#1, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>)
      if (%true, %true, %true) retain (%m : memref<4xf32>)
  return
}

// -----

func.func private @ext() -> (memref<4xf32>, memref<4xf32>)

// LOWER-LABEL: func.func @free_unmarked_results(
//       LOWER:   %[[R:.*]]:2 = call @ext()
//   LOWER-DAG:   %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#0
//   LOWER-DAG:   %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#1
//       LOWER:   arith.cmpi eq, %[[P1]], %[[P0]]
func.func @free_unmarked_results() {
  %true = arith.constant true
  %r:2 = func.call @ext() : () -> (memref<4xf32>, memref<4xf32>)
  bufferization.dealloc (%r#0, %r#1 : memref<4xf32>, memref<4xf32>)
      if (%true, %true)
  return
}
