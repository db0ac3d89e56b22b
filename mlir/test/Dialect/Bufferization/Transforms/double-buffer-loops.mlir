// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(double-buffer-loops))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(double-buffer-loops))" --split-input-file \
// RUN:   --remarks-filter=double-buffer-loops --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// An scf.for that yields a fresh buffer and frees the previous one: the
// freed buffer is the next iteration's spare.

// CHECK-LABEL: func @for_fresh_buffer
//  CHECK-SAME:   (%[[N:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[M:.*]] = %[[A]], %[[S:.*]] = %[[SPARE]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     test.copy(%[[M]], %[[S]])
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield %[[S]], %[[M]] : memref<4xf32>, memref<4xf32>
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[R]]#1 : memref<4xf32>
//  CHECK-NEXT:   "test.use"(%[[R]]#0)
//  CHECK-NEXT:   memref.dealloc %[[R]]#0
// REMARK: remark: [Passed] DoubleBuffered | Category:double-buffer-loops | Remark="recycled 1 freed buffer(s) of an earlier iteration instead of allocating"
func.func @for_fresh_buffer(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    %new = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %new : memref<4xf32>
  }
  "test.use"(%r) : (memref<4xf32>) -> ()
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// The init buffer may be less aligned than the allocation asks for: the
// freed buffer cannot stand in for it.

// CHECK-LABEL: func @for_alignment_unknown
//       CHECK:   scf.for
//       CHECK:     memref.alloc() {alignment = 64 : i64}
//       CHECK:     memref.dealloc
func.func @for_alignment_unknown(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    %new = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %m : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// The loop's state starts as a reshape of a buffer, as One-Shot Bufferize
// emits a `tensor.collapse_shape` feeding `iter_args`, and the loop owns it:
// the buffer is as large and as aligned as the allocation, so it is the
// spare of the second iteration.

// CHECK-LABEL: func @for_reshaped_init
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
//       CHECK:   %[[FLAT:.*]] = memref.collapse_shape %[[A]]
//       CHECK:   %[[SPARE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
//       CHECK:   scf.for {{.*}} iter_args(%[[M:.*]] = %[[FLAT]], %[[S:.*]] = %[[SPARE]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     scf.yield %[[S]], %[[M]] : memref<32xf32>, memref<32xf32>
func.func @for_reshaped_init(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %flat) -> (memref<32xf32>) {
    %new = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
    "test.copy"(%m, %new) : (memref<32xf32>, memref<32xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<32xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %new : memref<32xf32>
  }
  "test.use"(%r) : (memref<32xf32>) -> ()
  memref.dealloc %r : memref<32xf32>
  return
}

// -----

// Must not fire: the reshaped buffer is less aligned than the allocation
// asks for.

// CHECK-LABEL: func @for_reshaped_init_less_aligned
//       CHECK:   scf.for
//       CHECK:     memref.alloc() {alignment = 64 : i64}
//       CHECK:     memref.dealloc
func.func @for_reshaped_init_less_aligned(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %flat) -> (memref<32xf32>) {
    %new = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
    "test.copy"(%m, %new) : (memref<32xf32>, memref<32xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<32xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %new : memref<32xf32>
  }
  "test.use"(%r) : (memref<32xf32>) -> ()
  memref.dealloc %r : memref<32xf32>
  return
}

// -----

// The loop computes in another shape than its state, as One-Shot Bufferize
// emits `y = collapse(f(expand(y)))`: the state it frees has as many
// elements as the allocation, so its buffer is the spare of the next
// iteration, handed on as the allocation's type.

// CHECK-LABEL: func @for_reshaped_body
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
//       CHECK:   %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[M:.*]] = %[[A]], %[[S:.*]] = %[[SPARE]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     %[[GRID:.*]] = memref.expand_shape %[[M]] {{\[\[}}0, 1]] output_shape [4, 8]
//       CHECK:     test.copy(%[[GRID]], %[[S]])
//       CHECK:     %[[NEXT:.*]] = memref.collapse_shape %[[S]] {{\[\[}}0, 1]]
//   CHECK-NOT:     memref.dealloc
//       CHECK:     %[[HANDED:.*]] = memref.expand_shape %[[M]] {{\[\[}}0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
//       CHECK:     scf.yield %[[NEXT]], %[[HANDED]] : memref<32xf32>, memref<4x8xf32>
//       CHECK:   }
//       CHECK:   memref.dealloc %[[R]]#1 : memref<4x8xf32>
// REMARK: remark: [Passed] DoubleBuffered | Category:double-buffer-loops | Remark="recycled 1 freed buffer(s) of an earlier iteration instead of allocating"
func.func @for_reshaped_body(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<32xf32>) {
    %grid = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
    %new = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    "test.copy"(%grid, %new) : (memref<4x8xf32>, memref<4x8xf32>) -> ()
    %next = memref.collapse_shape %new [[0, 1]] : memref<4x8xf32> into memref<32xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<32xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %next : memref<32xf32>
  }
  "test.use"(%r) : (memref<32xf32>) -> ()
  memref.dealloc %r : memref<32xf32>
  return
}

// -----

// Both regions of an scf.while free a 2x6 state and compute a 3x4 one: the
// buffer each frees is collapsed and expanded to the other's allocation.

// CHECK-LABEL: func @while_reshaped_regions
//       CHECK:   %[[S0:.*]] = memref.alloc() : memref<3x4xf32>
//       CHECK:   scf.while (%[[B:.*]] = %{{.*}}, %[[BS:.*]] = %[[S0]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     %[[FLAT:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0, 1]] : memref<2x6xf32> into memref<12xf32>
//       CHECK:     %[[GRID:.*]] = memref.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
//       CHECK:     scf.condition(%{{.*}}) %{{.*}}, %[[GRID]] : memref<2x6xf32>, memref<3x4xf32>
//       CHECK:   } do {
//   CHECK-NOT:     memref.alloc
//       CHECK:     memref.collapse_shape
//       CHECK:     memref.expand_shape
//       CHECK:     scf.yield
//       CHECK:   }
//       CHECK:   memref.dealloc %{{.*}}#1 : memref<3x4xf32>
func.func @while_reshaped_regions(%c: i1) {
  %x = memref.alloc() : memref<2x6xf32>
  %r = scf.while (%b = %x) : (memref<2x6xf32>) -> memref<2x6xf32> {
    %new = memref.alloc() : memref<3x4xf32>
    "test.copy"(%b, %new) : (memref<2x6xf32>, memref<3x4xf32>) -> ()
    %flat = memref.collapse_shape %new [[0, 1]] : memref<3x4xf32> into memref<12xf32>
    %next = memref.expand_shape %flat [[0, 1]] output_shape [2, 6] : memref<12xf32> into memref<2x6xf32>
    memref.dealloc %b : memref<2x6xf32>
    scf.condition(%c) %next : memref<2x6xf32>
  } do {
  ^bb0(%a: memref<2x6xf32>):
    %new = memref.alloc() : memref<3x4xf32>
    "test.copy"(%a, %new) : (memref<2x6xf32>, memref<3x4xf32>) -> ()
    %flat = memref.collapse_shape %new [[0, 1]] : memref<3x4xf32> into memref<12xf32>
    %next = memref.expand_shape %flat [[0, 1]] output_shape [2, 6] : memref<12xf32> into memref<2x6xf32>
    memref.dealloc %a : memref<2x6xf32>
    scf.yield %next : memref<2x6xf32>
  }
  memref.dealloc %r : memref<2x6xf32>
  return
}

// -----

// Must not fire: the freed state has as many elements as the allocation but
// a layout with a dynamic stride, so its elements may be spread over a larger
// buffer and the allocation's shape cannot view it.

// CHECK-LABEL: func @for_reshaped_body_strided_state
//       CHECK:   scf.for
//       CHECK:     memref.alloc() : memref<4x8xf32>
//       CHECK:     memref.dealloc
func.func @for_reshaped_body_strided_state(%n: index, %a: memref<32xf32, strided<[?]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<32xf32, strided<[?]>>) {
    %new = memref.alloc() : memref<4x8xf32>
    "test.copy"(%m, %new) : (memref<32xf32, strided<[?]>>, memref<4x8xf32>) -> ()
    %flat = memref.collapse_shape %new [[0, 1]] : memref<4x8xf32> into memref<32xf32>
    %next = memref.cast %flat : memref<32xf32> to memref<32xf32, strided<[?]>>
    memref.dealloc %m : memref<32xf32, strided<[?]>>
    scf.yield %next : memref<32xf32, strided<[?]>>
  }
  "test.use"(%r) : (memref<32xf32, strided<[?]>>) -> ()
  return
}

// -----

// The freed buffer has another type: no pair.

// CHECK-LABEL: func @for_other_type
//       CHECK:   scf.for
//       CHECK:     memref.alloc() : memref<8xf32>
//       CHECK:     memref.dealloc
func.func @for_other_type(%n: index, %a: memref<4xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %k = %b) -> (memref<4xf32>, memref<8xf32>) {
    %new = memref.alloc() : memref<8xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<8xf32>) -> ()
    memref.dealloc %m : memref<4xf32>
    scf.yield %m, %new : memref<4xf32>, memref<8xf32>
  }
  return
}

// -----

// A buffer that the loop frees only in some iterations (its ownership is
// only known at run time) is not recycled when the pass cannot see its
// allocation: the init is a function argument, which may be smaller or less
// aligned than the type says.

// CHECK-LABEL: func @for_conditional_free
//       CHECK:   scf.for
//       CHECK:     memref.alloc()
//       CHECK:     scf.if
//       CHECK:       memref.dealloc
func.func @for_conditional_free(%n: index, %a: memref<4xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %c {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new : memref<4xf32>
  }
  return
}

// -----

// A buffer allocated and freed in the same iteration is left to
// hoist-alloc-dealloc-pairs.

// CHECK-LABEL: func @for_same_iteration
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc()
//  CHECK-NEXT:     "test.use"
//  CHECK-NEXT:     memref.dealloc
func.func @for_same_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    "test.use"(%t) : (memref<4xf32>) -> ()
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// -----

// Parallel loops are not touched.

// CHECK-LABEL: func @parallel
//       CHECK:   scf.parallel
//  CHECK-NEXT:     memref.alloc()
func.func @parallel(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32>
    "test.copy"(%a, %t) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %t : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// An scf.while whose both regions allocate a fresh buffer and free the one
// they received: the buffer the "before" region frees serves the allocation
// of the "after" region and vice versa, so one spare suffices and the loop
// uses two buffers in total, like the original at its peak.

// CHECK-LABEL: func @while_both_regions
//       CHECK:   %[[X:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[S0:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]]:2 = scf.while (%[[B:.*]] = %[[X]], %[[BS:.*]] = %[[S0]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     test.copy(%[[B]], %[[BS]])
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.condition(%{{.*}}) %[[BS]], %[[B]]
//       CHECK:   } do {
//       CHECK:   ^bb0(%[[A:.*]]: memref<4xf32>, %[[AS:.*]]: memref<4xf32>):
//   CHECK-NOT:     memref.alloc
//       CHECK:     test.copy(%[[A]], %[[AS]])
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield %[[AS]], %[[A]]
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[R]]#1
//  CHECK-NEXT:   memref.dealloc %[[R]]#0
// REMARK: remark: [Passed] DoubleBuffered | Category:double-buffer-loops | Remark="recycled 2 freed buffer(s) of an earlier iteration instead of allocating"
func.func @while_both_regions(%c: i1) {
  %x = memref.alloc() : memref<4xf32>
  %r = scf.while (%b = %x) : (memref<4xf32>) -> memref<4xf32> {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%b, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %b : memref<4xf32>
    scf.condition(%c) %new : memref<4xf32>
  } do {
  ^bb0(%a: memref<4xf32>):
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%a, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %a : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Only the "after" region allocates: its spare passes through the "before"
// region.

// CHECK-LABEL: func @while_after_region
//       CHECK:   %[[X:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[S0:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]]:2 = scf.while (%[[B:.*]] = %[[X]], %[[BS:.*]] = %[[S0]])
//       CHECK:     scf.condition(%{{.*}}) %[[B]], %[[BS]]
//       CHECK:   ^bb0(%[[A:.*]]: memref<4xf32>, %[[AS:.*]]: memref<4xf32>):
//  CHECK-NEXT:     test.copy(%[[A]], %[[AS]])
//  CHECK-NEXT:     scf.yield %[[AS]], %[[A]]
func.func @while_after_region(%c: i1) {
  %x = memref.alloc() : memref<4xf32>
  %r = scf.while (%b = %x) : (memref<4xf32>) -> memref<4xf32> {
    scf.condition(%c) %b : memref<4xf32>
  } do {
  ^bb0(%a: memref<4xf32>):
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%a, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %a : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Three buffers freed per iteration, two of one type: each allocation takes
// the first freed buffer of its type that is aligned as it asks. The aligned
// allocation passes over the buffer that comes from an argument, which the
// unaligned one then takes; the other type pairs with its own.

// CHECK-LABEL: func @for_pairs_by_type
//  CHECK-SAME:   (%[[N:.*]]: index, %[[ARG:.*]]: memref<4xf32>)
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   %[[S1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//  CHECK-NEXT:   %[[S2:.*]] = memref.alloc() : memref<8xf32>
//  CHECK-NEXT:   %[[S3:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.for {{.*}} iter_args(%[[M0:.*]] = %[[ARG]], %[[M1:.*]] = %[[B]], %[[M2:.*]] = %[[C]], %[[P1:.*]] = %[[S1]], %[[P2:.*]] = %[[S2]], %[[P3:.*]] = %[[S3]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     "test.use"(%[[M0]], %[[M1]], %[[M2]], %[[P1]], %[[P2]], %[[P3]])
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield %[[P3]], %[[P2]], %[[P1]], %[[M2]], %[[M1]], %[[M0]]
// REMARK: remark: [Passed] DoubleBuffered | Category:double-buffer-loops | Remark="recycled 3 freed buffer(s) of an earlier iteration instead of allocating"
func.func @for_pairs_by_type(%n: index, %arg: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<8xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%m0 = %arg, %m1 = %b, %m2 = %c)
      -> (memref<4xf32>, memref<8xf32>, memref<4xf32>) {
    %new1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %new2 = memref.alloc() : memref<8xf32>
    %new3 = memref.alloc() : memref<4xf32>
    "test.use"(%m0, %m1, %m2, %new1, %new2, %new3)
        : (memref<4xf32>, memref<8xf32>, memref<4xf32>, memref<4xf32>, memref<8xf32>, memref<4xf32>) -> ()
    memref.dealloc %m0 : memref<4xf32>
    memref.dealloc %m1 : memref<8xf32>
    memref.dealloc %m2 : memref<4xf32>
    scf.yield %new3, %new2, %new1 : memref<4xf32>, memref<8xf32>, memref<4xf32>
  }
  "test.use"(%r#0, %r#1, %r#2) : (memref<4xf32>, memref<8xf32>, memref<4xf32>) -> ()
  return
}

// -----

// One freed buffer and two allocations of its type: the allocation that
// outlives the iteration (it is yielded) takes the spare, although the
// temporary that the iteration frees comes first. The temporary can leave
// the loop on its own (hoist-alloc-dealloc-pairs), the yielded buffer only
// as the spare.

// CHECK-LABEL: func @for_spare_to_outliving_buffer
//  CHECK-SAME:   (%[[N:.*]]: index, %[[ARG:.*]]: memref<4xf32>)
//       CHECK:   %[[INIT:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.for {{.*}} iter_args(%[[M:.*]] = %[[INIT]], %[[P:.*]] = %[[SPARE]])
//  CHECK-NEXT:     %[[TMP:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:     "test.use"(%[[M]], %[[TMP]])
//  CHECK-NEXT:     "test.use"(%[[TMP]], %[[P]])
//  CHECK-NEXT:     memref.dealloc %[[TMP]]
//  CHECK-NEXT:     scf.yield %[[P]], %[[M]]
func.func @for_spare_to_outliving_buffer(%n: index, %arg: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %init) -> (memref<4xf32>) {
    %tmp = memref.alloc() : memref<4xf32>
    "test.use"(%m, %tmp) : (memref<4xf32>, memref<4xf32>) -> ()
    %new = memref.alloc() : memref<4xf32>
    "test.use"(%tmp, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.dealloc %m : memref<4xf32>
    memref.dealloc %tmp : memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  "test.use"(%r) : (memref<4xf32>) -> ()
  return
}

// -----

// Dynamic sizes computed before the loop: the init and every buffer the
// loop allocates have the same size operand, so the freed buffer can stand
// in for the allocation, and the first spare is allocated before the loop.

// CHECK-LABEL: func @for_dynamic_size
//  CHECK-SAME:   (%[[N:.*]]: index, %[[D:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc(%[[D]]) : memref<?xf32>
//       CHECK:   %[[SPARE:.*]] = memref.alloc(%[[D]]) : memref<?xf32>
//       CHECK:   %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[M:.*]] = %[[A]], %[[S:.*]] = %[[SPARE]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     scf.yield %[[S]], %[[M]] : memref<?xf32>, memref<?xf32>
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[R]]#1 : memref<?xf32>
// REMARK: remark: [Passed] DoubleBuffered | Category:double-buffer-loops | Remark="recycled 1 freed buffer(s) of an earlier iteration instead of allocating"
func.func @for_dynamic_size(%n: index, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%d) : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<?xf32>) {
    %new = memref.alloc(%d) : memref<?xf32>
    "test.copy"(%m, %new) : (memref<?xf32>, memref<?xf32>) -> ()
    memref.dealloc %m : memref<?xf32>
    scf.yield %new : memref<?xf32>
  }
  "test.use"(%r) : (memref<?xf32>) -> ()
  memref.dealloc %r : memref<?xf32>
  return
}

// -----

// The init has another size operand, which may be smaller: no recycling.

// CHECK-LABEL: func @for_dynamic_size_other_init
//       CHECK:   scf.for
//       CHECK:     memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:     memref.dealloc
func.func @for_dynamic_size_other_init(%n: index, %d: index, %e: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%e) : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<?xf32>) {
    %new = memref.alloc(%d) : memref<?xf32>
    "test.copy"(%m, %new) : (memref<?xf32>, memref<?xf32>) -> ()
    memref.dealloc %m : memref<?xf32>
    scf.yield %new : memref<?xf32>
  }
  "test.use"(%r) : (memref<?xf32>) -> ()
  memref.dealloc %r : memref<?xf32>
  return
}

// -----

// The size changes from iteration to iteration: no spare can be allocated
// before the loop, and a freed buffer may be too small.

// CHECK-LABEL: func @for_dynamic_size_in_loop
//       CHECK:   scf.for
//       CHECK:     memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:     memref.dealloc
func.func @for_dynamic_size_in_loop(%n: index, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%d) : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<?xf32>) {
    %size = arith.addi %d, %i : index
    %new = memref.alloc(%size) : memref<?xf32>
    "test.copy"(%m, %new) : (memref<?xf32>, memref<?xf32>) -> ()
    memref.dealloc %m : memref<?xf32>
    scf.yield %new : memref<?xf32>
  }
  "test.use"(%r) : (memref<?xf32>) -> ()
  memref.dealloc %r : memref<?xf32>
  return
}
// -----

// The loop frees the buffer of the previous iteration only when it owns it,
// and allocates in every iteration. Every buffer the argument may hold is an
// allocation of the loop's type, so a buffer the loop frees becomes the
// spare of a slot (a spare and whether it holds a buffer, carried by the
// loop) and the next allocation takes it when there is one. The spare left
// after the loop is freed there.

// CHECK-LABEL: func @for_conditional_free_recycled
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[NONE:.*]] = ub.poison : memref<4xf32>
//       CHECK:   %[[R:.*]]:3 = scf.for {{.*}} iter_args(%[[M:.*]] = %[[A]], %[[SP:.*]] = %[[NONE]], %[[HAS:.*]] = %[[FALSE]])
//       CHECK:     %[[NEW:.*]] = scf.if %[[HAS]] -> (memref<4xf32>) {
//  CHECK-NEXT:       scf.yield %[[SP]]
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[FRESH:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:       scf.yield %[[FRESH]]
//  CHECK-NEXT:     }
//       CHECK:     test.copy(%[[M]], %[[NEW]])
//  CHECK-NEXT:     %[[NEXT:.*]]:2 = scf.if %{{.*}} -> (memref<4xf32>, i1) {
//       CHECK:       scf.yield %[[M]], %{{.*}} : memref<4xf32>, i1
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       scf.yield %[[SP]], %{{.*}} : memref<4xf32>, i1
//  CHECK-NEXT:     }
//  CHECK-NOT:      memref.dealloc
//       CHECK:     scf.yield %[[NEW]], %[[NEXT]]#0, %[[NEXT]]#1
//       CHECK:   scf.if %[[R]]#2 {
//  CHECK-NEXT:     memref.dealloc %[[R]]#1 : memref<4xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[R]]#0
// REMARK: remark: [Passed] SpareCarried | Category:double-buffer-loops | Remark="carries 1 spare buffer(s) from the iterations that free one to the 1 allocation(s) that may use one"
func.func @for_conditional_free_recycled(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %c {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// The usual form of a loop whose state starts as a buffer it does not own
// (a function argument): the deallocation carries an ownership indicator,
// false for the init and true for the buffers the loop allocates, and frees
// the old state under it. The buffers the loop frees are all its own
// allocations, so they are recycled through a slot although the init is of
// unknown origin.

// CHECK-LABEL: func @for_owned_state_recycled
//       CHECK:   %[[NONE:.*]] = ub.poison : memref<4xf32>
//       CHECK:   %[[R:.*]]:4 = scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}}, %[[SP:.*]] = %[[NONE]], %[[HAS:.*]] = %{{.*}})
//       CHECK:     %[[NEW:.*]] = scf.if %[[HAS]] -> (memref<4xf32>) {
//  CHECK-NEXT:       scf.yield %[[SP]]
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       memref.alloc() : memref<4xf32>
//       CHECK:     test.copy(%[[M]], %[[NEW]])
//       CHECK:     scf.if %[[OWN]] -> (memref<4xf32>, i1) {
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield %[[NEW]], %{{.*}}, %{{.*}}#0, %{{.*}}#1
//       CHECK:   scf.if %[[R]]#3 {
//  CHECK-NEXT:     memref.dealloc %[[R]]#2 : memref<4xf32>
func.func @for_owned_state_recycled(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    scf.if %own {
      memref.dealloc %base : memref<f32>
    }
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// The same through an scf.while whose "before" region passes the state and
// its indicator on to the "after" region, which frees the state under it
// (a loop of blocks lifted to scf): the indicator is followed through the
// `scf.condition`.

// CHECK-LABEL: func @while_owned_state_recycled
//       CHECK:   scf.while
//       CHECK:   } do {
//       CHECK:     scf.if %{{.*}} -> (memref<4xf32>) {
//       CHECK:     } else {
//       CHECK:       memref.alloc() : memref<4xf32>
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield
func.func @while_owned_state_recycled(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:3 = scf.while (%i = %c0, %m = %a, %own = %false) : (index, memref<4xf32>, i1) -> (index, memref<4xf32>, i1) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %m, %own : index, memref<4xf32>, i1
  } do {
  ^bb0(%j: index, %s: memref<4xf32>, %o: i1):
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%s, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %j1 = arith.addi %j, %c1 : index
    scf.if %o {
      memref.dealloc %s : memref<4xf32>
    }
    scf.yield %j1, %new, %true : index, memref<4xf32>, i1
  }
  "test.use"(%r#1, %r#2) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// The deallocation runs under the indicator and a runtime check (an
// `arith.andi`, as a lowered alias check emits): it still frees only what
// the state holds while the indicator is true.

// CHECK-LABEL: func @for_owned_and_checked
//       CHECK:   scf.for
//       CHECK:     scf.if %{{.*}} -> (memref<4xf32>) {
//       CHECK:     } else {
//       CHECK:       memref.alloc() : memref<4xf32>
//   CHECK-NOT:     memref.dealloc
//       CHECK:     scf.yield
func.func @for_owned_and_checked(%n: index, %a: memref<4xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %free = arith.andi %c, %own : i1
    scf.if %free {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// Must not fire: after the old state is freed under the indicator, the
// iteration allocates another buffer, which could take the freed memory; a
// spare kept for the next iteration's state would be held across that
// allocation and raise the peak.

// CHECK-LABEL: func @for_owned_state_allocation_while_waiting
//       CHECK:   scf.for
//       CHECK:     memref.alloc() : memref<4xf32>
//       CHECK:     scf.if
//  CHECK-NEXT:       memref.dealloc
//       CHECK:     memref.alloc() : memref<8xf32>
func.func @for_owned_state_allocation_while_waiting(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %own {
      memref.dealloc %m : memref<4xf32>
    }
    %t = memref.alloc() : memref<8xf32>
    "test.copy"(%new, %t) : (memref<4xf32>, memref<8xf32>) -> ()
    memref.dealloc %t : memref<8xf32>
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// Must not fire: the indicator is true for the init, a function argument,
// which the loop may then free.

// CHECK-LABEL: func @for_owned_argument
//       CHECK:   scf.for
//       CHECK:     memref.alloc() : memref<4xf32>
//       CHECK:     scf.if
//       CHECK:       memref.dealloc
func.func @for_owned_argument(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %true) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %own {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// Must not fire: an iteration may yield the argument again with a true
// indicator, so a buffer the loop frees may be the argument.

// CHECK-LABEL: func @for_owned_indicator_with_argument
//       CHECK:   scf.for
//       CHECK:     memref.alloc() : memref<4xf32>
//       CHECK:     scf.if
//       CHECK:       memref.dealloc
func.func @for_owned_indicator_with_argument(%n: index, %a: memref<4xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %own {
      memref.dealloc %m : memref<4xf32>
    }
    %next = arith.select %c, %a, %new : memref<4xf32>
    scf.yield %next, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// Must not fire: the deallocation runs when the indicator is false, in the
// "else" region.

// CHECK-LABEL: func @for_freed_when_not_owned
//       CHECK:   scf.for
//       CHECK:     memref.alloc() : memref<4xf32>
//       CHECK:     scf.if
//       CHECK:       memref.dealloc
func.func @for_freed_when_not_owned(%n: index, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %own {
    } else {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32>, i1) -> ()
  return
}

// -----

// An interpreter loop: a case replaces the state by a fresh buffer, the
// default keeps it, and the loop frees the old state when it was replaced,
// as the lowered runtime alias check does. The slot is threaded through the
// scf.index_switch (as two more results) and through the scf.if of the
// free. A free while the slot holds a spare frees the buffer as before.

// CHECK-LABEL: func @switch_interpreter
//       CHECK:   scf.for {{.*}} iter_args(%[[ST:.*]] = %{{.*}}, %[[SP:.*]] = %{{.*}}, %[[HAS:.*]] = %{{.*}}) -> (memref<16xf32>, memref<16xf32>, i1)
//       CHECK:     %[[NEXT:.*]]:3 = scf.index_switch %{{.*}} -> memref<16xf32>, memref<16xf32>, i1
//  CHECK-NEXT:     case 0 {
//  CHECK-NEXT:       %[[NEW:.*]] = scf.if %[[HAS]] -> (memref<16xf32>) {
//  CHECK-NEXT:         scf.yield %[[SP]]
//  CHECK-NEXT:       } else {
//  CHECK-NEXT:         memref.alloc() : memref<16xf32>
//       CHECK:       scf.yield %[[NEW]], %[[SP]], %{{.*}} : memref<16xf32>, memref<16xf32>, i1
//       CHECK:     default {
//  CHECK-NEXT:       scf.yield %[[ST]], %[[SP]], %[[HAS]] : memref<16xf32>, memref<16xf32>, i1
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[ST]]
//       CHECK:     %[[FREED:.*]]:2 = scf.if %{{.*}} -> (memref<16xf32>, i1) {
//  CHECK-NEXT:       scf.if %[[NEXT]]#2 {
//  CHECK-NEXT:         memref.dealloc %[[BASE]] : memref<f32>
//  CHECK-NEXT:       }
//  CHECK-NEXT:       %[[KEPT:.*]] = arith.select %[[NEXT]]#2, %[[NEXT]]#1, %[[ST]] : memref<16xf32>
//       CHECK:       scf.yield %[[KEPT]], %{{.*}} : memref<16xf32>, i1
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       scf.yield %[[NEXT]]#1, %[[NEXT]]#2 : memref<16xf32>, i1
//       CHECK:     scf.yield %[[NEXT]]#0, %[[FREED]]#0, %[[FREED]]#1
func.func @switch_interpreter(%n: index, %op: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%st = %a) -> (memref<16xf32>) {
    %next = scf.index_switch %op -> memref<16xf32>
    case 0 {
      %new = memref.alloc() : memref<16xf32>
      "test.copy"(%st, %new) : (memref<16xf32>, memref<16xf32>) -> ()
      scf.yield %new : memref<16xf32>
    }
    default {
      scf.yield %st : memref<16xf32>
    }
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<16xf32> -> memref<f32>, index, index, index
    %p = memref.extract_aligned_pointer_as_index %base : memref<f32> -> index
    %q = memref.extract_aligned_pointer_as_index %next : memref<16xf32> -> index
    %replaced = arith.cmpi ne, %p, %q : index
    scf.if %replaced {
      memref.dealloc %base : memref<f32>
    }
    scf.yield %next : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  return
}

// -----

// The loop carries its buffers under a fully dynamic layout, as One-Shot
// Bufferize emits them, and frees the base buffer of the previous one. Each
// buffer it may hold is a cast of an allocation of the loop's type with the
// alignment the allocation asks for: a cast back to that type is the spare.

// CHECK-LABEL: func @for_cast_buffers
//       CHECK:   scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[SP:.*]] = %{{.*}}, %[[HAS:.*]] = %{{.*}})
//       CHECK:     scf.if %[[HAS]] -> (memref<4xf32>)
//       CHECK:       memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
//       CHECK:     %[[CAST:.*]] = memref.cast %[[M]] : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
//       CHECK:     scf.if %[[HAS2:.*]] {
//  CHECK-NEXT:       memref.dealloc %[[BASE]] : memref<f32>
//  CHECK-NEXT:     }
//  CHECK-NEXT:     %[[SPARE:.*]] = arith.select %[[HAS2]], %{{.*}}, %[[CAST]] : memref<4xf32>
//       CHECK:     scf.yield %{{.*}}, %[[SPARE]], %{{.*}} : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>, i1
func.func @for_cast_buffers(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %ac = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ac) -> (memref<4xf32, strided<[?], offset: ?>>) {
    %new = scf.if %c -> (memref<4xf32, strided<[?], offset: ?>>) {
      %fresh = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      "test.copy"(%m, %fresh) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
      %fc = memref.cast %fresh : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %fc : memref<4xf32, strided<[?], offset: ?>>
    } else {
      %fresh = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      %fc = memref.cast %fresh : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %fc : memref<4xf32, strided<[?], offset: ?>>
    }
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield %new : memref<4xf32, strided<[?], offset: ?>>
  }
  "test.use"(%r) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
  return
}

// -----

// Must not fire: the init is allocated with less alignment than the
// allocation in the loop asks for, so the buffer the loop frees in some
// iterations cannot stand in for it.

// CHECK-LABEL: func @for_conditional_free_less_aligned
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc() {alignment = 64 : i64}
//       CHECK:     scf.if
//  CHECK-NEXT:       memref.dealloc
//   CHECK-NOT:   ub.poison
func.func @for_conditional_free_less_aligned(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    %new = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.if %c {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %new : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// Must not fire: a buffer allocated and freed in the same branch is a
// temporary, left to hoist-alloc-dealloc-pairs; an allocation in a nested
// loop runs more than once per iteration of the outer loop, and is the
// inner loop's business.

// CHECK-LABEL: func @temporaries_and_nested_loops
//   CHECK-NOT:   ub.poison
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.alloc()
//  CHECK-NEXT:     "test.use"
//  CHECK-NEXT:     memref.dealloc
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc()
func.func @temporaries_and_nested_loops(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (memref<4xf32>) {
    scf.if %c {
      %t = memref.alloc() : memref<4xf32>
      "test.use"(%t) : (memref<4xf32>) -> ()
      memref.dealloc %t : memref<4xf32>
    }
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%k = %m) -> (memref<4xf32>) {
      %u = memref.alloc() : memref<4xf32>
      "test.copy"(%k, %u) : (memref<4xf32>, memref<4xf32>) -> ()
      scf.yield %u : memref<4xf32>
    }
    scf.if %c {
      memref.dealloc %m : memref<4xf32>
    }
    scf.yield %inner : memref<4xf32>
  }
  "test.use"(%r) : (memref<4xf32>) -> ()
  return
}

// -----

// An scf.while that replaces its state under an scf.if in the "after"
// region and frees the old state when it was replaced: the slot enters the
// "before" region as two arguments, goes to the "after" region and out of
// the loop through scf.condition, and back through scf.yield.

// CHECK-LABEL: func @while_conditional_free
//       CHECK:   %[[R:.*]]:4 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[SP0:.*]] = %{{.*}}, %[[HAS0:.*]] = %{{.*}}) : (index, memref<4xf32>, memref<4xf32>, i1)
//       CHECK:     scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %[[SP0]], %[[HAS0]] : index, memref<4xf32>, memref<4xf32>, i1
//       CHECK:   ^bb0(%{{.*}}: index, %[[ST:.*]]: memref<4xf32>, %[[SP:.*]]: memref<4xf32>, %[[HAS:.*]]: i1):
//       CHECK:     %[[NEXT:.*]]:3 = scf.if %{{.*}} -> (memref<4xf32>, memref<4xf32>, i1) {
//  CHECK-NEXT:       %[[NEW:.*]] = scf.if %[[HAS]] -> (memref<4xf32>) {
//  CHECK-NEXT:         scf.yield %[[SP]]
//       CHECK:     %[[FREED:.*]]:2 = scf.if %{{.*}} -> (memref<4xf32>, i1) {
//       CHECK:     scf.yield %{{.*}}, %[[NEXT]]#0, %[[FREED]]#0, %[[FREED]]#1
//       CHECK:   scf.if %[[R]]#3 {
//  CHECK-NEXT:     memref.dealloc %[[R]]#2 : memref<4xf32>
// REMARK: remark: [Passed] SpareCarried | Category:double-buffer-loops | Remark="carries 1 spare buffer(s) from the iterations that free one to the 1 allocation(s) that may use one"
func.func @while_conditional_free(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.while (%i = %c0, %st = %a) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %st : index, memref<4xf32>
  } do {
  ^bb0(%i: index, %st: memref<4xf32>):
    %i1 = arith.addi %i, %c1 : index
    %next = scf.if %c -> memref<4xf32> {
      %new = memref.alloc() : memref<4xf32>
      "test.copy"(%st, %new) : (memref<4xf32>, memref<4xf32>) -> ()
      scf.yield %new : memref<4xf32>
    } else {
      scf.yield %st : memref<4xf32>
    }
    %p = memref.extract_aligned_pointer_as_index %st : memref<4xf32> -> index
    %q = memref.extract_aligned_pointer_as_index %next : memref<4xf32> -> index
    %replaced = arith.cmpi ne, %p, %q : index
    scf.if %replaced {
      memref.dealloc %st : memref<4xf32>
    }
    scf.yield %i1, %next : index, memref<4xf32>
  }
  "test.use"(%r#1) : (memref<4xf32>) -> ()
  return
}
