// RUN: mlir-opt %s --unalias-function-results --split-input-file -verify-diagnostics | FileCheck %s
// RUN: mlir-opt %s --unalias-function-results=private-function-dynamic-ownership=true --split-input-file -verify-diagnostics | FileCheck %s --check-prefix=DYN

// A function that returns a buffer and a `memref.view` of it at a byte shift
// returns two owned results that share one allocation at different
// addresses. No caller can free them correctly: runtime alias checks compare
// aligned pointers. Whatever the function's ABI, the view is cloned when, at
// run time, it shares the allocation of the earlier result at another
// address, which the pass tells from the identities the `scf.if` carries.

// CHECK-LABEL: func.func @base_and_view
//   CHECK-NOT:   buffer_abi.no_alias_results
//       CHECK:   %[[R:.*]]:3 = scf.if
//       CHECK:   %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#0
//       CHECK:   %[[SAME:.*]] = arith.cmpi eq, %[[R]]#2, %[[P0]] : index
//       CHECK:   %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#1
//       CHECK:   %[[OTHER:.*]] = arith.cmpi ne, %[[P1]], %[[P0]] : index
//       CHECK:   %[[CLONE:.*]] = arith.andi %[[SAME]], %[[OTHER]] : i1
//       CHECK:   %[[V:.*]] = scf.if %[[CLONE]] -> (memref<4xf32>) {
//       CHECK:     bufferization.clone %[[R]]#1
//       CHECK:   return %[[R]]#0, %[[V]]
func.func @base_and_view(%c: i1) -> (memref<64xi8>, memref<4xf32>) {
  %c16 = arith.constant 16 : index
  %r:2 = scf.if %c -> (memref<64xi8>, memref<4xf32>) {
    %a = memref.alloc() : memref<64xi8>
    %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
    scf.yield %a, %v : memref<64xi8>, memref<4xf32>
  } else {
    %a = memref.alloc() : memref<64xi8>
    %b = memref.alloc() : memref<4xf32>
    scf.yield %a, %b : memref<64xi8>, memref<4xf32>
  }
  return %r#0, %r#1 : memref<64xi8>, memref<4xf32>
}

// -----

// A view at byte shift 0 has the aligned pointer of its source: nothing to
// do beyond the ABI's own checks.

// CHECK-LABEL: func.func @view_at_zero
//   CHECK-NOT:   index)
//       CHECK:   return
func.func @view_at_zero(%c: i1) -> (memref<64xi8>, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %r:2 = scf.if %c -> (memref<64xi8>, memref<4xf32>) {
    %a = memref.alloc() : memref<64xi8>
    %v = memref.view %a[%c0][] : memref<64xi8> to memref<4xf32>
    scf.yield %a, %v : memref<64xi8>, memref<4xf32>
  } else {
    %a = memref.alloc() : memref<64xi8>
    %b = memref.alloc() : memref<4xf32>
    scf.yield %a, %b : memref<64xi8>, memref<4xf32>
  }
  return %r#0, %r#1 : memref<64xi8>, memref<4xf32>
}

// -----

// Through a block argument the identity is unknown: the pass says that
// callers may free the allocation twice.

func.func @through_block_argument(%c: i1) -> (memref<64xi8>, memref<4xf32>) {
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<64xi8>
  %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1(%v : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%x: memref<4xf32>):
  // expected-warning @below {{cannot tell at run time whether result #1 shares its allocation with an earlier result at another address}}
  return %a, %x : memref<64xi8>, memref<4xf32>
}

// -----

// Under dynamic ownership a private function returns an ownership indicator
// per memref result: the view is cloned only if both results are owned, and
// its indicator becomes true when it is.

// DYN-LABEL: func.func private @owned_base_and_view
//       DYN:   %[[R:.*]]:3 = scf.if
//       DYN:   %[[SAME:.*]] = arith.cmpi eq, %[[R]]#2, %{{.*}} : index
//       DYN:   %[[OTHER:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : index
//       DYN:   %[[BOTH:.*]] = arith.andi %[[SAME]], %[[OTHER]] : i1
//       DYN:   %[[OWNED:.*]] = arith.andi %[[O1:[^,]*]], %[[O0:[^ ]*]] : i1
//       DYN:   %[[CLONE:.*]] = arith.andi %[[BOTH]], %[[OWNED]] : i1
//       DYN:   %[[V:.*]] = scf.if %[[CLONE]] -> (memref<4xf32>) {
//       DYN:   %[[O1NEW:.*]] = arith.ori %[[O1]], %[[CLONE]] : i1
//       DYN:   return %[[R]]#0, %[[V]], %[[O0]], %[[O1NEW]]
func.func private @owned_base_and_view(%c: i1, %o0: i1, %o1: i1) -> (memref<64xi8>, memref<4xf32>, i1, i1) {
  %c16 = arith.constant 16 : index
  %r:2 = scf.if %c -> (memref<64xi8>, memref<4xf32>) {
    %a = memref.alloc() : memref<64xi8>
    %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
    scf.yield %a, %v : memref<64xi8>, memref<4xf32>
  } else {
    %a = memref.alloc() : memref<64xi8>
    %b = memref.alloc() : memref<4xf32>
    scf.yield %a, %b : memref<64xi8>, memref<4xf32>
  }
  return %r#0, %r#1, %o0, %o1 : memref<64xi8>, memref<4xf32>, i1, i1
}
