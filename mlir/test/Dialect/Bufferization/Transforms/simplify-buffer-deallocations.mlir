// RUN: mlir-opt %s -allow-unregistered-dialect -simplify-buffer-deallocations \
// RUN:   -split-input-file | FileCheck %s

// The rewrites are upstream's: after canonicalization, both passes give the
// same IR on every case of this file.
// RUN: mlir-opt %s -allow-unregistered-dialect -split-input-file \
// RUN:   -buffer-deallocation-simplification -canonicalize -cse > %t.stock
// RUN: mlir-opt %s -allow-unregistered-dialect -split-input-file \
// RUN:   -simplify-buffer-deallocations -canonicalize -cse > %t.ours
// RUN: diff %t.stock %t.ours

// A wide dealloc of distinct allocations is split into one op per memref; one
// operand of unknown origin keeps them all together.
// RUN: %python %S/Inputs/wide-dealloc.py 3000 \
// RUN:   | mlir-opt -allow-unregistered-dialect -simplify-buffer-deallocations \
// RUN:   | grep -c "bufferization.dealloc (" | FileCheck %s --check-prefix=WIDE
// WIDE: {{^}}3000{{$}}
// RUN: %python %S/Inputs/wide-dealloc.py 3000 --unknown \
// RUN:   | mlir-opt -allow-unregistered-dialect -simplify-buffer-deallocations \
// RUN:   | grep -c "bufferization.dealloc (" | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: {{^}}1{{$}}

// A value whose walk to its terminal buffers visits more than
// `max-origin-walk` values may alias any other.
// RUN: mlir-opt %s -allow-unregistered-dialect -split-input-file \
// RUN:   -simplify-buffer-deallocations=max-origin-walk=2 \
// RUN:   | FileCheck %s --check-prefix=WALK

// Two allocations and a function argument are three different buffers: each
// allocation gets its own dealloc, and the argument, which is retained and so
// never freed here, leaves with its condition as the result.

// CHECK-LABEL: func @distinct_allocs
//  CHECK-SAME: (%[[ARG:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1, %[[C2:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C0]]){{$}}
//       CHECK:   bufferization.dealloc (%[[B]] : memref<2xf32>) if (%[[C1]]){{$}}
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   return %[[C2]]
func.func @distinct_allocs(%arg0: memref<2xf32>, %c0: i1, %c1: i1, %c2: i1) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  "test.use"(%a, %b) : (memref<2xf32>, memref<2xf32>) -> ()
  %0 = bufferization.dealloc (%a, %b, %arg0 : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %c2) retain (%arg0 : memref<2xf32>)
  return %0 : i1
}

// -----

// Each memref split off retains only the retained memrefs that may be it:
// both allocations the select of `%s` picks from, but not the argument,
// whose result is `false`.

// CHECK-LABEL: func @split_retains_what_it_may_be
//  CHECK-SAME: (%[[ARG:.*]]: memref<2xf32>, %{{.*}}: i1, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[S:.*]] = arith.select
//   CHECK-DAG:   %[[FALSE:.*]] = arith.constant false
//   CHECK-DAG:   %[[RA:.*]] = bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C0]]) retain (%[[S]] : memref<2xf32>)
//   CHECK-DAG:   %[[RB:.*]] = bufferization.dealloc (%[[B]] : memref<2xf32>) if (%[[C1]]) retain (%[[S]] : memref<2xf32>)
//       CHECK:   %[[OR:.*]] = arith.ori %[[RA]], %[[RB]]
//       CHECK:   return %[[OR]], %[[FALSE]]
func.func @split_retains_what_it_may_be(%arg0: memref<2xf32>, %c: i1, %c0: i1, %c1: i1) -> (i1, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  "test.use"(%s) : (memref<2xf32>) -> ()
  %0:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%s, %arg0 : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// A memref whose origin is a function argument may be any retained argument:
// its part retains `%y`; the allocation's part retains nothing.

// CHECK-LABEL: func @split_argument_retains_argument
//  CHECK-SAME: (%[[X:.*]]: memref<2xf32>, %[[Y:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//   CHECK-DAG:   bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C0]]){{$}}
//   CHECK-DAG:   %[[R:.*]] = bufferization.dealloc (%[[X]] : memref<2xf32>) if (%[[C1]]) retain (%[[Y]] : memref<2xf32>)
//       CHECK:   return %[[R]]
func.func @split_argument_retains_argument(%x: memref<2xf32>, %y: memref<2xf32>, %c0: i1, %c1: i1) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  "test.use"(%a) : (memref<2xf32>) -> ()
  %0 = bufferization.dealloc (%a, %x : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%y : memref<2xf32>)
  return %0 : i1
}

// -----

// Two function arguments may be the same buffer; the allocation is split off.

// CHECK-LABEL: func @two_arguments
//  CHECK-SAME: (%[[X:.*]]: memref<2xf32>, %[[Y:.*]]: memref<2xf32>
//       CHECK:   %[[A:.*]] = memref.alloc()
//   CHECK-DAG:   bufferization.dealloc (%[[A]] : memref<2xf32>)
//   CHECK-DAG:   bufferization.dealloc (%[[X]], %[[Y]] : memref<2xf32>, memref<2xf32>)
func.func @two_arguments(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %c0: i1, %c1: i1, %c2: i1) {
  %a = memref.alloc() : memref<2xf32>
  "test.use"(%a) : (memref<2xf32>) -> ()
  bufferization.dealloc (%a, %arg0, %arg1 : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %c2)
  return
}

// -----

// A select of two allocations may be either: the three stay together, and
// only the third allocation is split off.

// CHECK-LABEL: func @select
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[D:.*]] = memref.alloc()
//       CHECK:   %[[S:.*]] = arith.select
//   CHECK-DAG:   bufferization.dealloc (%[[D]] : memref<2xf32>)
//   CHECK-DAG:   bufferization.dealloc (%[[A]], %[[S]], %[[B]] : memref<2xf32>, memref<2xf32>, memref<2xf32>)
func.func @select(%c: i1, %c0: i1, %c1: i1, %c2: i1, %c3: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %d = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  "test.use"(%s, %d) : (memref<2xf32>, memref<2xf32>) -> ()
  bufferization.dealloc (%a, %s, %d, %b : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %c2, %c3)
  return
}

// -----

// A call result may be any buffer, including the allocations: nothing is
// split.

func.func private @get() -> memref<2xf32>

// CHECK-LABEL: func @unknown_origin
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[U:.*]] = call @get()
//       CHECK:   bufferization.dealloc (%[[A]], %[[B]], %[[U]] :
//   CHECK-NOT:   bufferization.dealloc
func.func @unknown_origin(%c0: i1, %c1: i1, %c2: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %u = func.call @get() : () -> memref<2xf32>
  "test.use"(%a, %b, %u) : (memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
  bufferization.dealloc (%a, %b, %u : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %c2)
  return
}

// -----

// Views of one allocation stay together; another allocation is split off.

// CHECK-LABEL: func @views
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[V:.*]] = memref.subview %[[A]]
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<2xf32>
//   CHECK-DAG:   bufferization.dealloc (%[[B]] : memref<2xf32>)
//   CHECK-DAG:   bufferization.dealloc (%[[A]], %[[V]] :
func.func @views(%c0: i1, %c1: i1, %c2: i1) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %b = memref.alloc() : memref<2xf32>
  "test.use"(%v, %b) : (memref<2xf32, strided<[1]>>, memref<2xf32>) -> ()
  bufferization.dealloc (%a, %v, %b : memref<4xf32>, memref<2xf32, strided<[1]>>, memref<2xf32>) if (%c0, %c1, %c2)
  return
}

// -----

// The iteration argument of a loop may be a buffer allocated in an earlier
// iteration, but not the ones this iteration allocates: the base of the
// argument gets a dealloc of its own, whose results for the new buffers are
// `false`; the retained `%u`, freed under `true`, has the result `true` and
// is not freed.

// CHECK-LABEL: func @loop_argument_and_fresh_buffer
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:[^ ]*]] = {{[^,]*}}, %[[OWN:[^ ]*]] = {{[^)]*}})
//       CHECK:     %[[T:.*]] = memref.alloc()
//       CHECK:     %[[BASE:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[CUR]]
//       CHECK:     %[[U:.*]] = memref.alloc()
//       CHECK:     %[[FALSE:.*]] = arith.constant false
//       CHECK:     bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[OWN]]){{$}}
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:     "test.use"(%[[FALSE]], %[[TRUE]])
func.func @loop_argument_and_fresh_buffer(%lb: index, %ub: index, %step: index, %init: memref<2xf32>) -> memref<2xf32> {
  %true = arith.constant true
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%cur = %init, %own = %true) -> (memref<2xf32>, i1) {
    %t = memref.alloc() : memref<2xf32>
    %v = memref.load %cur[%i] : memref<2xf32>
    memref.store %v, %t[%i] : memref<2xf32>
    %base, %off, %size, %str = memref.extract_strided_metadata %cur : memref<2xf32> -> memref<f32>, index, index, index
    %u = memref.alloc() : memref<2xf32>
    "test.use"(%u) : (memref<2xf32>) -> ()
    %n:2 = bufferization.dealloc (%base, %u : memref<f32>, memref<2xf32>) if (%own, %true) retain (%t, %u : memref<2xf32>, memref<2xf32>)
    "test.use"(%n#0, %n#1) : (i1, i1) -> ()
    scf.yield %t, %true : memref<2xf32>, i1
  }
  return %r#0 : memref<2xf32>
}

// -----

// A memref that is the base of a retained one is never freed here: it leaves
// the list, and its condition becomes the result of the retained one.

// CHECK-LABEL: func @memref_is_retained
//  CHECK-SAME: (%[[C0:.*]]: i1, %[[C1:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   bufferization.dealloc (%[[B]] : memref<2xf32>) if (%[[C1]])
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   return %[[A]], %[[C0]]
func.func @memref_is_retained(%c0: i1, %c1: i1) -> (memref<2xf32>, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  "test.use"(%b) : (memref<2xf32>) -> ()
  %base, %off, %size, %str = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %0 = bufferization.dealloc (%base, %b : memref<f32>, memref<2xf32>) if (%c0, %c1) retain (%a : memref<2xf32>)
  return %a, %0 : memref<2xf32>, i1
}

// -----

// A retained memref that may alias a freed one (both are arguments) keeps
// the freed one in the list.

// CHECK-LABEL: func @memref_may_be_retained
//  CHECK-SAME: (%[[X:.*]]: memref<2xf32>, %[[Y:.*]]: memref<2xf32>, %[[C:.*]]: i1)
//       CHECK:   bufferization.dealloc (%[[X]] : memref<2xf32>) if (%[[C]]) retain (%[[X]], %[[Y]] :
func.func @memref_may_be_retained(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %c: i1) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%c) retain (%arg0, %arg1 : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// Memrefs freed under `true` that are the retained ones make their results
// `true`, and leave the list when every retained memref is one of them.

// CHECK-LABEL: func @retained_freed_unconditionally
//  CHECK-SAME: (%[[X:.*]]: memref<2xf32>, %[[Y:.*]]: memref<2xf32>, %[[C:.*]]: i1)
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   bufferization.dealloc (%[[X]] : memref<2xf32>) if (%[[C]]) retain (%[[X]], %[[Y]] :
//       CHECK:   return %[[TRUE]], %[[TRUE]]
func.func @retained_freed_unconditionally(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %c: i1) -> (i1, i1) {
  %true = arith.constant true
  %0:2 = bufferization.dealloc (%arg0, %arg1, %arg0 : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%true, %true, %c) retain (%arg0, %arg1 : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// An allocation in a block differs from the block's arguments, even in
// unstructured control flow.

// CHECK-LABEL: func @block_argument
//       CHECK: ^bb1(%[[M:.*]]: memref<2xf32>):
//       CHECK:   %[[A:.*]] = memref.alloc()
//   CHECK-DAG:   bufferization.dealloc (%[[M]] : memref<2xf32>)
//   CHECK-DAG:   bufferization.dealloc (%[[A]] : memref<2xf32>)
func.func @block_argument(%x: memref<2xf32>, %c0: i1, %c1: i1) {
  cf.br ^bb1(%x : memref<2xf32>)
^bb1(%m: memref<2xf32>):
  %a = memref.alloc() : memref<2xf32>
  "test.use"(%a) : (memref<2xf32>) -> ()
  bufferization.dealloc (%m, %a : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}

// -----

// The block-argument rule does not reach an allocation outside the block.

// CHECK-LABEL: func @allocation_outside_block
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<2xf32>, memref<2xf32>)
func.func @allocation_outside_block(%c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<2xf32>
  "test.use"(%a) : (memref<2xf32>) -> ()
  %s = "test.make"() : () -> memref<2xf32>
  cf.br ^bb1(%s : memref<2xf32>)
^bb1(%m: memref<2xf32>):
  bufferization.dealloc (%m, %a : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}

// -----

// The walk from `%s` visits three values (`%s`, `%b`, `%c`): both memrefs are
// split off with the default bound; with a bound of two, the origin of `%s`
// is unknown and the op stays whole.

// CHECK-LABEL: func @origin_walk_bound
//  CHECK-SAME: (%[[COND:.*]]: i1, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[S:.*]] = arith.select
//   CHECK-DAG:   bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C0]])
//   CHECK-DAG:   bufferization.dealloc (%[[S]] : memref<2xf32>) if (%[[C1]])
//       CHECK:   return

// WALK-LABEL: func @origin_walk_bound
//  WALK-SAME: (%[[COND:.*]]: i1, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
//       WALK:   %[[A:.*]] = memref.alloc()
//       WALK:   %[[S:.*]] = arith.select
//  WALK-NEXT:   "test.use"
//  WALK-NEXT:   bufferization.dealloc (%[[A]], %[[S]] : memref<2xf32>, memref<2xf32>) if (%[[C0]], %[[C1]])
//  WALK-NEXT:   return
func.func @origin_walk_bound(%cond: i1, %c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  %s = arith.select %cond, %b, %c : memref<2xf32>
  "test.use"(%a, %s) : (memref<2xf32>, memref<2xf32>) -> ()
  bufferization.dealloc (%a, %s : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}
