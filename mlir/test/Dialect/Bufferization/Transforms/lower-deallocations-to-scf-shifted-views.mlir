// RUN: mlir-opt %s --lower-deallocations-to-scf --split-input-file -verify-diagnostics | FileCheck %s

// A `memref.view` at a byte shift has the aligned pointer of its source plus
// the shift: comparing aligned pointers does not tell that it shares the
// source's allocation. The lowering compares what identifies the allocation
// instead: the aligned pointer of the buffer the view was taken from,
// carried out of `scf.if` regions and through `scf.for` and `scf.while`
// loops as an extra `index` value.

// The two results share an allocation when %c holds. Their identities come
// out of the `scf.if`; the view is freed only if it is not the base's.

// CHECK-LABEL: func @if_base_and_view
//       CHECK:   %[[R:.*]]:3 = scf.if %{{.*}} -> (memref<64xi8>, memref<4xf32>, index) {
//       CHECK:     %[[A:.*]] = memref.alloc() : memref<64xi8>
//       CHECK:     %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//       CHECK:     scf.yield %[[A]], %{{.*}}, %[[PA]]
//       CHECK:   } else {
//       CHECK:     %[[B:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
//       CHECK:     scf.yield %{{.*}}, %[[B]], %[[PB]]
//       CHECK:   }
//       CHECK:   %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[BASE0:.*]] :
//       CHECK:   %[[SAME:.*]] = arith.cmpi eq, %[[R]]#2, %[[P0]] : index
//       CHECK:   %[[NOT:.*]] = arith.xori %[[SAME]], %true
//       CHECK:   scf.if %[[NOT]] {
//  CHECK-NEXT:     memref.dealloc
func.func @if_base_and_view(%c: i1) {
  %true = arith.constant true
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
  %b0, %o0, %s0, %st0 = memref.extract_strided_metadata %r#0 : memref<64xi8> -> memref<i8>, index, index, index
  %b1, %o1, %s1, %st1 = memref.extract_strided_metadata %r#1 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%b0, %b1 : memref<i8>, memref<f32>) if (%true, %true)
  return
}

// -----

// A loop carries a buffer and a view of it at a byte shift, both owned by the
// same indicator: the loop gets an `index` iteration argument with the
// view's identity, and the view is not freed when it is the buffer's.

// CHECK-LABEL: func @for_base_and_view
//       CHECK:   %[[PI:.*]] = memref.extract_aligned_pointer_as_index %[[A0:[^ ]*]] :
//       CHECK:   scf.for {{.*}} iter_args(%[[A:.*]] = %[[A0]], %[[V:.*]] = %{{.*}}, %[[OWN:.*]] = %false, %[[ID:.*]] = %[[PI]]) -> (memref<64xi8>, memref<4xf32>, i1, index) {
//       CHECK:     %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[BA:.*]] : memref<i8>
//       CHECK:     %[[SAME:.*]] = arith.cmpi eq, %[[ID]], %[[PA]] : index
//       CHECK:     %[[BOTH:.*]] = arith.andi %[[SAME]], %[[OWN]]
//       CHECK:     %[[NOT:.*]] = arith.xori %[[BOTH]], %{{.*}}
//       CHECK:     %[[FREE:.*]] = arith.andi %[[OWN]], %[[NOT]]
//       CHECK:     scf.if %[[FREE]] {
//       CHECK:     %[[PN:.*]] = memref.extract_aligned_pointer_as_index %[[N:.*]] : memref<64xi8>
//       CHECK:     scf.yield %[[N]], %{{.*}}, %true, %[[PN]]
func.func @for_base_and_view(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %a0 = memref.alloc() : memref<64xi8>
  %v0 = memref.view %a0[%c16][] : memref<64xi8> to memref<4xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %v = %v0, %own = %false) -> (memref<64xi8>, memref<4xf32>, i1) {
    %new = memref.alloc() : memref<64xi8>
    %w = memref.view %new[%c16][] : memref<64xi8> to memref<4xf32>
    %ba, %oa, %sa, %sta = memref.extract_strided_metadata %a : memref<64xi8> -> memref<i8>, index, index, index
    %bv, %ov, %sv, %stv = memref.extract_strided_metadata %v : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%ba, %bv : memref<i8>, memref<f32>) if (%own, %own)
    scf.yield %new, %w, %true : memref<64xi8>, memref<4xf32>, i1
  }
  return
}

// -----

// Nested loops carry a view at a byte shift: the inner loop's init is the
// outer loop's iteration argument, and the outer loop yields the inner one's
// result. The deallocation in the inner loop comes first: threading its loop
// needs the outer loop's identity, whose rebuild threads the inner loop
// already (the pass used the erased inner loop before: fuzzer's seed 11384).
// Each loop gets one identity, the inner one's starting from the outer's.

// CHECK-LABEL: func @nested_loops
//       CHECK:   %[[PI:.*]] = memref.extract_aligned_pointer_as_index %[[A:[^ ]*]] : memref<64xi8>
//       CHECK:   %[[OUTER:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[OWN:.*]] = %false, %[[OID:.*]] = %[[PI]]) -> (memref<12xf32>, i1, index) {
//       CHECK:     %[[INNER:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %false, %{{.*}} = %[[OID]]) -> (memref<12xf32>, i1, index) {
//       CHECK:       %[[PN:.*]] = memref.extract_aligned_pointer_as_index %[[N:.*]] : memref<12xf32>
//       CHECK:       scf.yield %[[N]], %true, %[[PN]]
//       CHECK:     %[[SAME:.*]] = arith.cmpi eq, %[[OID]], %[[INNER]]#2 : index
//       CHECK:     %[[DIFF:.*]] = arith.xori %[[SAME]], %{{.*}} : i1
//       CHECK:     %[[FREE:.*]] = arith.andi %[[OWN]], %[[DIFF]]
//       CHECK:     scf.if %[[FREE]] {
//       CHECK:     scf.yield %[[INNER]]#0, %{{.*}}, %[[INNER]]#2
//       CHECK:   memref.dealloc %[[A]] : memref<64xi8>
//       CHECK:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]] : memref<64xi8>
//       CHECK:   arith.cmpi eq, %[[OUTER]]#2, %[[PA]] : index
func.func @nested_loops() {
  %false = arith.constant false
  %true = arith.constant true
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<64xi8>
  %view = memref.view %a[%c16][] : memref<64xi8> to memref<12xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%b = %view, %own = %false) -> (memref<12xf32>, i1) {
    %s:2 = scf.for %j = %c0 to %c3 step %c1 iter_args(%d = %b, %downs = %false) -> (memref<12xf32>, i1) {
      %n = memref.alloc() : memref<12xf32>
      %bd, %od, %sd, %std = memref.extract_strided_metadata %d : memref<12xf32> -> memref<f32>, index, index, index
      bufferization.dealloc (%bd : memref<f32>) if (%downs)
      scf.yield %n, %true : memref<12xf32>, i1
    }
    %bb, %ob, %sb, %stb = memref.extract_strided_metadata %b : memref<12xf32> -> memref<f32>, index, index, index
    %kept = bufferization.dealloc (%bb : memref<f32>) if (%own) retain (%s#0 : memref<12xf32>)
    %o = arith.ori %kept, %s#1 : i1
    scf.yield %s#0, %o : memref<12xf32>, i1
  }
  %br, %or, %sr, %str = memref.extract_strided_metadata %r#0 : memref<12xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %br : memref<64xi8>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// A select between a view at a byte shift and a fresh buffer picks the
// identity of the one it picks: the fresh buffer is freed unless the select
// picked it. Before, the identity was unknown there, and the fresh buffer
// was kept and leaked, with a warning (the fuzzer's seed 11868, where
// merge-alloc made the view).

// CHECK-LABEL: func @select_view_or_fresh
//  CHECK-SAME:     (%[[C:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xi8>
//       CHECK:   %[[F:.*]] = memref.alloc() : memref<4xf64>
//       CHECK:   %[[S:.*]] = arith.select %[[C]], %{{.*}}, %[[F]] : memref<4xf64>
//       CHECK:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]] : memref<64xi8>
//       CHECK:   %[[PF:.*]] = memref.extract_aligned_pointer_as_index %[[F]] : memref<4xf64>
//       CHECK:   %[[ID:.*]] = arith.select %[[C]], %[[PA]], %[[PF]] : index
//       CHECK:   %[[PF2:.*]] = memref.extract_aligned_pointer_as_index %[[F]]
//       CHECK:   %[[SAME:.*]] = arith.cmpi eq, %[[PF2]], %[[ID]] : index
//       CHECK:   %[[NOT:.*]] = arith.xori %[[SAME]], %{{.*}} : i1
//       CHECK:   scf.if %[[NOT]] {
//  CHECK-NEXT:     memref.dealloc %[[F]] : memref<4xf64>
func.func @select_view_or_fresh(%c: i1) -> memref<4xf64> {
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<64xi8>
  %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf64>
  %f = memref.alloc() : memref<4xf64>
  %s = arith.select %c, %v, %f : memref<4xf64>
  %kept = bufferization.dealloc (%f : memref<4xf64>) if (%true) retain (%s : memref<4xf64>)
  return %s : memref<4xf64>
}

// -----

// Through a block argument the identity is unknown: the view is kept rather
// than risk freeing its allocation twice, with a warning.

// CHECK-LABEL: func @block_argument
//       CHECK:   memref.dealloc %{{.*}} : memref<i8>
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return
func.func @block_argument(%c: i1) {
  %true = arith.constant true
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<64xi8>
  %v = memref.view %a[%c16][] : memref<64xi8> to memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1(%v : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%x: memref<4xf32>):
  %b0, %o0, %s0, %st0 = memref.extract_strided_metadata %a : memref<64xi8> -> memref<i8>, index, index, index
  %b1, %o1, %s1, %st1 = memref.extract_strided_metadata %x : memref<4xf32> -> memref<f32>, index, index, index
  // expected-warning @below {{cannot tell at run time whether buffers of this deallocation share an allocation}}
  bufferization.dealloc (%b0, %b1 : memref<i8>, memref<f32>) if (%true, %true)
  return
}

// -----

// The same in an scf.while: both regions get an identity argument, and the
// loop an identity result.

// CHECK-LABEL: func @while_base_and_view
//       CHECK:   %[[PI:.*]] = memref.extract_aligned_pointer_as_index %[[A0:[^ ]*]] :
//       CHECK:   scf.while ({{.*}}, %[[ID:.*]] = %[[PI]]) : (memref<64xi8>, memref<4xf32>, i1, index) -> (memref<64xi8>, memref<4xf32>, i1, index) {
//       CHECK:     scf.condition(%{{.*}}) {{.*}}, %[[ID]] :
//       CHECK:   } do {
//       CHECK:   ^bb0({{.*}}, %[[AID:.*]]: index):
//       CHECK:     arith.cmpi eq, %[[AID]], %{{.*}} : index
//       CHECK:     %[[PN:.*]] = memref.extract_aligned_pointer_as_index %[[N:.*]] : memref<64xi8>
//       CHECK:     scf.yield %[[N]], %{{.*}}, %true, %[[PN]]
func.func @while_base_and_view(%n: i1) {
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %a0 = memref.alloc() : memref<64xi8>
  %v0 = memref.view %a0[%c16][] : memref<64xi8> to memref<4xf32>
  %r:3 = scf.while (%a = %a0, %v = %v0, %own = %false) : (memref<64xi8>, memref<4xf32>, i1) -> (memref<64xi8>, memref<4xf32>, i1) {
    scf.condition(%n) %a, %v, %own : memref<64xi8>, memref<4xf32>, i1
  } do {
  ^bb0(%a: memref<64xi8>, %v: memref<4xf32>, %own: i1):
    %new = memref.alloc() : memref<64xi8>
    %w = memref.view %new[%c16][] : memref<64xi8> to memref<4xf32>
    %ba, %oa, %sa, %sta = memref.extract_strided_metadata %a : memref<64xi8> -> memref<i8>, index, index, index
    %bv, %ov, %sv, %stv = memref.extract_strided_metadata %v : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%ba, %bv : memref<i8>, memref<f32>) if (%own, %own)
    scf.yield %new, %w, %true : memref<64xi8>, memref<4xf32>, i1
  }
  return
}

// -----

// Every region yields a view of %a, so the lowering decides without runtime
// check that the `scf.index_switch` result is %a's and keeps it. The
// identities threaded out of the two region ops for the check end up unused:
// they are dropped again with the addresses they took, so that nothing takes
// the address of %a's views after the regions (a use that would keep the
// free of the yielded view from moving up to the clone).

// CHECK-LABEL: func @unused_identities
//   CHECK-NOT:   extract_aligned_pointer_as_index
//       CHECK:   %[[R:.*]]:2 = scf.if %{{.*}} -> (memref<8xi32>, i1) {
//       CHECK:     memref.dealloc %[[A:.*]] : memref<64xi8>
//       CHECK:   } else {
//       CHECK:     %[[S:.*]] = scf.index_switch %{{.*}} -> memref<8xi32>
//   CHECK-NOT:   extract_aligned_pointer_as_index
//       CHECK:     scf.yield %[[S]], %true
//       CHECK:   }
//   CHECK-NOT:   extract_aligned_pointer_as_index
//       CHECK:   bufferization.clone %[[R]]#0
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK:   scf.if %[[R]]#1 {
//       CHECK:     memref.dealloc %[[BASE]] : memref<i32>
//   CHECK-NOT:   extract_aligned_pointer_as_index
//       CHECK:   return
func.func @unused_identities(%c: i1, %i: index, %arg: memref<8xi32>) -> memref<8xi32> {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %a = memref.alloc() : memref<64xi8>
  %r:2 = scf.if %c -> (memref<8xi32>, i1) {
    bufferization.dealloc (%a : memref<64xi8>) if (%true)
    scf.yield %arg, %false : memref<8xi32>, i1
  } else {
    %v = memref.view %a[%c0][] : memref<64xi8> to memref<8xi32>
    %s = scf.index_switch %i -> memref<8xi32>
    case 0 {
      %w = memref.view %a[%c32][] : memref<64xi8> to memref<8xi32>
      scf.yield %w : memref<8xi32>
    }
    default {
      scf.yield %v : memref<8xi32>
    }
    %o = bufferization.dealloc (%a : memref<64xi8>) if (%true) retain (%s : memref<8xi32>)
    scf.yield %s, %o : memref<8xi32>, i1
  }
  %copy = bufferization.clone %r#0 : memref<8xi32> to memref<8xi32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %r#0 : memref<8xi32> -> memref<i32>, index, index, index
  bufferization.dealloc (%base : memref<i32>) if (%r#1)
  return %copy : memref<8xi32>
}
