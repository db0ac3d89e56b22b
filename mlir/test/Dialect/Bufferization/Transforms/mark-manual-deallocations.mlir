// RUN: mlir-opt %s --mark-manual-deallocations --split-input-file --verify-diagnostics | FileCheck %s
// RUN: mlir-opt %s --mark-manual-deallocations --manual-aware-ownership-based-deallocation \
// RUN:   --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=DEALLOC

// A buffer freed by hand that comes from an allocation of the function and is
// not returned is managed by hand: its allocation and its free are marked,
// and the deallocation frees the other buffers as usual.
// CHECK-LABEL: func.func @per_buffer(
//  CHECK-SAME:   -> memref<4xf32> {
//       CHECK:   %[[A:.*]] = memref.alloc() {bufferization.manual_deallocation}
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   memref.dealloc %[[A]] {bufferization.manual_deallocation}
// DEALLOC-LABEL: func.func @per_buffer(
//       DEALLOC:   %[[A:.*]] = memref.alloc() {bufferization.manual_deallocation}
//       DEALLOC:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       DEALLOC:   %[[T:.*]] = memref.alloc() : memref<4xf32>
//       DEALLOC:   memref.dealloc %[[A]] {bufferization.manual_deallocation}
//   DEALLOC-NOT:   %[[A]]{{[^_0-9]}}
//       DEALLOC:   %[[TBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[T]]
//   DEALLOC-NOT:   %[[A]]{{[^_0-9]}}
//       DEALLOC:   bufferization.dealloc ({{.*}}%[[TBASE]] : {{.*}}) if ({{.*}}) retain (%[[B]] : memref<4xf32>)
//   DEALLOC-NOT:   %[[A]]{{[^_0-9]}}
//       DEALLOC:   return %[[B]]
func.func @per_buffer() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.copy %b, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %b : memref<4xf32>
}

// A free through a view or of one of several allocations marks all of them.
// CHECK-LABEL: func.func @through_select(
//       CHECK:   memref.alloc() {bufferization.manual_deallocation}
//       CHECK:   memref.alloc() {bufferization.manual_deallocation}
//       CHECK:   memref.dealloc %{{.*}} {bufferization.manual_deallocation}
func.func @through_select(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  return
}

// A function without frees is left as it is.
// CHECK-LABEL: func.func @no_frees(
//   CHECK-NOT:   manual_deallocation
//       CHECK:   return
func.func @no_frees() {
  %a = memref.alloc() : memref<4xf32>
  return
}

// -----

// A function that frees the result of a call (as the pipeline's output
// does) is managed by hand as a whole: it is marked, and the deallocation
// leaves it alone.
// CHECK-LABEL: func.func @frees_call_result()
//  CHECK-SAME:   attributes {buffer_abi.manual_deallocation}
//   CHECK-NOT:   bufferization.manual_deallocation
// DEALLOC-LABEL: func.func @frees_call_result()
//   DEALLOC-NOT:   bufferization.dealloc
//       DEALLOC:   return
func.func private @make() -> memref<4xf32>
func.func @frees_call_result() {
  %r = func.call @make() : () -> memref<4xf32>
  %a = memref.alloc() : memref<4xf32>
  memref.copy %r, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// So is one that frees a buffer it may also return.
// CHECK-LABEL: func.func @frees_maybe_returned(
//  CHECK-SAME:   attributes {buffer_abi.manual_deallocation}
func.func @frees_maybe_returned(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %s : memref<4xf32> -> index
  %other = arith.cmpi ne, %p, %q : index
  scf.if %other {
    memref.dealloc %a : memref<4xf32>
  }
  %r = arith.select %c, %s, %b : memref<4xf32>
  return %r : memref<4xf32>
}

// A function that is already marked is left as it is.
// CHECK-LABEL: func.func @already_marked(
//  CHECK-SAME:   attributes {buffer_abi.manual_deallocation}
//       CHECK:   memref.dealloc %arg0 : memref<4xf32>
func.func @already_marked(%m: memref<4xf32>)
    attributes {buffer_abi.manual_deallocation} {
  memref.dealloc %m : memref<4xf32>
  return
}

// -----

// Managing a function by hand as a whole is sound only if it frees or
// returns every buffer it creates.
func.func private @make() -> memref<4xf32>
func.func @leaks_by_hand(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.alloc' op creates a buffer that is never freed, in a function that frees buffers by hand which do not all come from its own allocations or which it also returns, so that the deallocation leaves the whole function alone; free this buffer by hand as well}}
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}

// -----

func.func private @make() -> memref<4xf32>
func.func @leaks_call_result() {
  // expected-error @+1 {{'func.call' op creates a buffer that is never freed}}
  %r = func.call @make() : () -> memref<4xf32>
  %s = func.call @make() : () -> memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

// The pipeline expands `memref.realloc` without freeing its operand; next
// to frees by hand, the operand may be managed by hand or not.
func.func @realloc_next_to_frees() {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @+1 {{'memref.realloc' op in a function that frees buffers by hand: the deallocation cannot tell whether its operand is managed by hand; expand it first with expand-realloc, which frees the operand}}
  %r = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.dealloc %r : memref<8xf32>
  return
}
