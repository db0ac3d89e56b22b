// RUN: mlir-opt %s --lower-deallocations-to-scf --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(lower-deallocations-to-scf{max-alias-checks=0}))" --split-input-file \
// RUN:   | FileCheck %s --check-prefix=NOCHECKS
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(lower-deallocations-to-scf{max-alias-checks=1}))" --split-input-file \
// RUN:   | FileCheck %s --check-prefix=ONECHECK

// A dealloc of 3000 distinct allocations needs no runtime check: 3000 guarded
// frees. With a call result of unknown origin first, each allocation would
// need a check against it, and the op is left to the helper-based lowering.
// RUN: %python %S/Inputs/wide-dealloc.py 3000 | mlir-opt -allow-unregistered-dialect \
// RUN:   -lower-deallocations-to-scf > %t.wide
// RUN: grep -c "memref.dealloc %" %t.wide | FileCheck %s --check-prefix=WIDE
// RUN: not grep -e "arith.cmpi" -e "bufferization.dealloc" %t.wide
// WIDE: {{^}}3000{{$}}
// RUN: %python %S/Inputs/wide-dealloc.py 3000 --unknown \
// RUN:   | mlir-opt -allow-unregistered-dialect -lower-deallocations-to-scf \
// RUN:   | FileCheck %s --check-prefix=WIDE-UNKNOWN
// WIDE-UNKNOWN-NOT: memref.dealloc
// WIDE-UNKNOWN:     bufferization.dealloc (%{{.*}}) if
// WIDE-UNKNOWN-NOT: memref.dealloc

// One memref, nothing retained: a guarded free, no alias check.

// CHECK-LABEL: func @one_memref
//  CHECK-SAME:   (%[[M:.*]]: memref<2xf32>, %[[C:.*]]: i1)
//  CHECK-NEXT:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.dealloc %[[M]] : memref<2xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
// NOCHECKS-LABEL: func @one_memref
//   NOCHECKS-NOT:   bufferization.dealloc
func.func @one_memref(%m: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%m : memref<2xf32>) if (%c)
  return
}

// -----

// Constant conditions need no guard: a plain free, or nothing at all.

// CHECK-LABEL: func @constant_conditions
//  CHECK-SAME:   (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>)
//   CHECK-NOT:   scf.if
//       CHECK:   memref.dealloc %[[A]] : memref<2xf32>
//   CHECK-NOT:   memref.dealloc
//   CHECK-NOT:   scf.if
//       CHECK:   return
func.func @constant_conditions(%a: memref<2xf32>, %b: memref<2xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  bufferization.dealloc (%a : memref<2xf32>) if (%true)
  bufferization.dealloc (%b : memref<2xf32>) if (%false)
  return
}

// -----

// Conditions whose value is the same whatever the values they are computed
// from: as the deallocation computes the ownership of a buffer of the block
// of a cf.cond_br on %c in both successors, `select %c, %c, (xori %c,
// true)`, true on both paths; and an expression of two values that is false
// for each of their values. A condition that depends on its values keeps
// its guard: `select %c, %d, (xori %c, true)` is %d where %c holds.

// CHECK-LABEL: func @conditions_known_on_every_path
//  CHECK-SAME:   (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>, %[[E:.*]]: memref<2xf32>, %[[C:.*]]: i1, %[[D:.*]]: i1)
//       CHECK:   %[[NOTC:.*]] = arith.xori %[[C]]
//   CHECK-NOT:   scf.if
//       CHECK:   memref.dealloc %[[A]] : memref<2xf32>
//   CHECK-NOT:   memref.dealloc %[[B]]
//       CHECK:   %[[S:.*]] = arith.select %[[C]], %[[D]], %[[NOTC]]
//  CHECK-NEXT:   scf.if %[[S]] {
//  CHECK-NEXT:     memref.dealloc %[[E]] : memref<2xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @conditions_known_on_every_path(%a: memref<2xf32>, %b: memref<2xf32>,
                                          %e: memref<2xf32>, %c: i1, %d: i1) {
  %true = arith.constant true
  %not_c = arith.xori %c, %true : i1
  %owned = arith.select %c, %c, %not_c : i1
  bufferization.dealloc (%a : memref<2xf32>) if (%owned)
  %both = arith.andi %c, %d : i1
  %not_d = arith.xori %d, %true : i1
  %never = arith.andi %both, %not_d : i1
  bufferization.dealloc (%b : memref<2xf32>) if (%never)
  %depends = arith.select %c, %d, %not_c : i1
  bufferization.dealloc (%e : memref<2xf32>) if (%depends)
  return
}

// -----

// The path to a block decides the conditions of the cf.cond_br ops on the
// way, through blocks of one predecessor: in ^bb1, %c holds (a plain free
// of %a), and %d does not in ^bb2, which the false edge of ^bb1's branch
// leads to (%b is not freed). The join ^bb3 has two predecessors: its free
// keeps its guard.

// CHECK-LABEL: func @conditions_known_on_the_path
//  CHECK-SAME:   (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>, %[[C:.*]]: i1, %[[D:.*]]: i1)
//       CHECK: ^bb1:
//  CHECK-NEXT:   memref.dealloc %[[A]] : memref<2xf32>
//  CHECK-NEXT:   cf.cond_br %[[D]]
//       CHECK: ^bb2:
//  CHECK-NEXT:   cf.br ^bb3
//       CHECK: ^bb3:
//  CHECK-NEXT:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.dealloc %[[B]]
func.func @conditions_known_on_the_path(%a: memref<2xf32>, %b: memref<2xf32>,
                                        %c: i1, %d: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  cf.cond_br %d, ^bb3, ^bb2
^bb2:
  bufferization.dealloc (%b : memref<2xf32>) if (%d)
  cf.br ^bb3
^bb3:
  bufferization.dealloc (%b : memref<2xf32>) if (%c)
  return
}

// -----

// Two memrefs that may alias: the second is freed only if it is not the
// first one while the first one is owned.

// CHECK-LABEL: func @two_may_alias
//  CHECK-SAME:   (%[[A:.*]]: memref<f32>, %[[B:.*]]: memref<f32>, %[[CA:.*]]: i1, %[[CB:.*]]: i1)
//  CHECK-NEXT:   scf.if %[[CA]] {
//  CHECK-NEXT:     memref.dealloc %[[A]] : memref<f32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
//  CHECK-NEXT:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//  CHECK-NEXT:   %[[SAME:.*]] = arith.cmpi eq, %[[PB]], %[[PA]] : index
//  CHECK-NEXT:   %[[OWNED_SAME:.*]] = arith.andi %[[SAME]], %[[CA]] : i1
//  CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NOT:.*]] = arith.xori %[[OWNED_SAME]], %[[TRUE]] : i1
//  CHECK-NEXT:   %[[FREE_B:.*]] = arith.andi %[[CB]], %[[NOT]] : i1
//  CHECK-NEXT:   scf.if %[[FREE_B]] {
//  CHECK-NEXT:     memref.dealloc %[[B]] : memref<f32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
// The runtime check is over the limit of 0: left for the helper lowering.
// NOCHECKS-LABEL: func @two_may_alias
//       NOCHECKS:   bufferization.dealloc
//   NOCHECKS-NOT:   memref.dealloc
func.func @two_may_alias(%a: memref<f32>, %b: memref<f32>, %ca: i1, %cb: i1) {
  bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%ca, %cb)
  return
}

// -----

// A memref that is never owned (%a: its condition is false on every path) is
// compared with nothing: it is neither freed nor an owned earlier alias of
// %b, so no comparison reads its address. An address read would otherwise be
// a use of %a for the stages that free buffers at their last use.

// CHECK-LABEL: func @never_owned_not_compared
//  CHECK-SAME:   (%[[A:.*]]: memref<f32>, %[[B:.*]]: memref<f32>, %[[R:.*]]: memref<f32>, %[[C:.*]]: i1, %[[CB:.*]]: i1)
//   CHECK-NOT:   memref.extract_aligned_pointer_as_index %[[A]]
//       CHECK:   %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
//  CHECK-NEXT:   %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
//  CHECK-NEXT:   %[[SAME:.*]] = arith.cmpi eq, %[[PB]], %[[PR]] : index
//   CHECK-NOT:   arith.cmpi
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[B]] : memref<f32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[OWNED:.*]] = arith.andi %[[SAME]], %[[CB]] : i1
//  CHECK-NEXT:   return %[[OWNED]] : i1
// The one comparison needed is all that counts against the budget.
// ONECHECK-LABEL: func @never_owned_not_compared
//   ONECHECK-NOT:   bufferization.dealloc
//       ONECHECK:   arith.cmpi
//   ONECHECK-NOT:   arith.cmpi
//       ONECHECK:   return
func.func @never_owned_not_compared(%a: memref<f32>, %b: memref<f32>,
                                    %r: memref<f32>, %c: i1, %cb: i1) -> i1 {
  %false = arith.constant false
  %never = arith.select %c, %false, %false : i1
  %o = bufferization.dealloc (%a, %b : memref<f32>, memref<f32>)
      if (%never, %cb) retain (%r : memref<f32>)
  return %o : i1
}

// -----

// %x is the allocation of %y, which is owned: %x is not freed, whatever its
// comparison with %a. That comparison, emitted before the pair (%x, %y)
// decided the guard, is erased with the addresses only it read.

// CHECK-LABEL: func @comparison_left_unused
//  CHECK-SAME:   (%[[A:.*]]: memref<4xf32>, %[[X:.*]]: memref<4xf32>, %[[CA:.*]]: i1, %[[CX:.*]]: i1)
//       CHECK:   %[[Y:.*]] = memref.cast %[[X]]
//       CHECK:   scf.if %[[CA]] {
//  CHECK-NEXT:     memref.dealloc %[[A]] : memref<4xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[PY:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
//  CHECK-NEXT:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//  CHECK-NEXT:   %[[SAME:.*]] = arith.cmpi eq, %[[PY]], %[[PA]] : index
//  CHECK-NEXT:   %[[OWNED_SAME:.*]] = arith.andi %[[SAME]], %[[CA]] : i1
//  CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NOT:.*]] = arith.xori %[[OWNED_SAME]], %[[TRUE]] : i1
//  CHECK-NEXT:   scf.if %[[NOT]] {
//  CHECK-NEXT:     memref.dealloc %[[Y]] : memref<?xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @comparison_left_unused(%a: memref<4xf32>, %x: memref<4xf32>,
                                  %ca: i1, %cx: i1) {
  %true = arith.constant true
  %y = memref.cast %x : memref<4xf32> to memref<?xf32>
  bufferization.dealloc (%a, %y, %x : memref<4xf32>, memref<?xf32>, memref<4xf32>)
      if (%ca, %true, %cx)
  return
}

// -----

// A retained memref: not freed if it is the same buffer, and the updated
// condition says whether the retained memref is owned.

// CHECK-LABEL: func @retained_may_alias
//  CHECK-SAME:   (%[[M:.*]]: memref<f32>, %[[C:.*]]: i1, %[[R:.*]]: memref<2xf32>)
//  CHECK-NEXT:   %[[PM:.*]] = memref.extract_aligned_pointer_as_index %[[M]]
//  CHECK-NEXT:   %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
//  CHECK-NEXT:   %[[SAME:.*]] = arith.cmpi eq, %[[PM]], %[[PR]] : index
//  CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NOT:.*]] = arith.xori %[[SAME]], %[[TRUE]] : i1
//  CHECK-NEXT:   %[[FREE:.*]] = arith.andi %[[C]], %[[NOT]] : i1
//  CHECK-NEXT:   scf.if %[[FREE]] {
//  CHECK-NEXT:     memref.dealloc %[[M]] : memref<f32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[OWNED:.*]] = arith.andi %[[SAME]], %[[C]] : i1
//  CHECK-NEXT:   return %[[OWNED]] : i1
func.func @retained_may_alias(%m: memref<f32>, %c: i1, %r: memref<2xf32>) -> i1 {
  %0 = bufferization.dealloc (%m : memref<f32>) if (%c) retain (%r : memref<2xf32>)
  return %0 : i1
}

// -----

// Aliasing decided statically: two allocations never alias, and a view of an
// allocation always aliases it. No pointer is compared.

// CHECK-LABEL: func @statically_decided
//  CHECK-SAME:   (%[[CA:.*]]: i1, %[[CB:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[V:.*]] = memref.subview %[[A]]
//   CHECK-NOT:   memref.extract_aligned_pointer_as_index
//   CHECK-NOT:   arith.cmpi
//       CHECK:   scf.if %[[CB]] {
//  CHECK-NEXT:     memref.dealloc %[[B]] : memref<4xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[CA]] : i1
// Nothing needs a runtime check, so even a limit of 0 lowers it.
// NOCHECKS-LABEL: func @statically_decided
//   NOCHECKS-NOT:   bufferization.dealloc
//       NOCHECKS:   return
func.func @statically_decided(%ca: i1, %cb: i1) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %0 = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%ca, %cb)
      retain (%v : memref<2xf32, strided<[1], offset: 1>>)
  return %0 : i1
}

// -----

// Nothing to free: every retained memref is not owned.

// CHECK-LABEL: func @nothing_to_free
//  CHECK-NEXT:   %[[FALSE:.*]] = arith.constant false
//  CHECK-NEXT:   return %[[FALSE]], %[[FALSE]] : i1, i1
func.func @nothing_to_free(%r0: memref<2xf32>, %r1: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc retain (%r0, %r1 : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// The block-argument rule of the simplification, with the result of a call
// that follows the no-alias ABI taken for an allocation: a loop's state
// replaced by a call's fresh result in every iteration. The call's result is
// created while the state buffer, an argument of the loop's block, is alive,
// so it is another buffer: the state is freed under its ownership alone, the
// result does not become owned through it, and no address is compared.

func.func private @step(memref<4xf32>) -> memref<4xf32>

// CHECK-LABEL: func @call_result_and_block_argument
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}})
//  CHECK-NEXT:     %[[NEXT:.*]] = func.call @step(%[[CUR]])
//   CHECK-NOT:     memref.extract_aligned_pointer_as_index
//   CHECK-NOT:     arith.cmpi
//       CHECK:     scf.if %[[OWN]] {
//  CHECK-NEXT:       memref.dealloc %[[CUR]] : memref<4xf32>
//  CHECK-NEXT:     }
//   CHECK-NOT:     arith.cmpi
//       CHECK:     scf.yield %[[NEXT]], %{{.*}} : memref<4xf32>, i1
func.func @call_result_and_block_argument(%init: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %own = %false) -> (memref<4xf32>, i1) {
    %next = func.call @step(%cur) {buffer_abi.no_alias_results} : (memref<4xf32>) -> memref<4xf32>
    %kept = bufferization.dealloc (%cur : memref<4xf32>) if (%own) retain (%next : memref<4xf32>)
    %owned = arith.ori %kept, %true : i1
    scf.yield %next, %owned : memref<4xf32>, i1
  }
  return %r#0 : memref<4xf32>
}

// -----

// Between two freed memrefs, the same: the state and a fresh result freed
// together need no comparison either.

func.func private @step(memref<4xf32>) -> memref<4xf32>

// CHECK-LABEL: func @call_result_and_block_argument_freed
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}})
//  CHECK-NEXT:     %[[TMP:.*]] = func.call @step(%[[CUR]])
//  CHECK-NEXT:     %[[NEXT:.*]] = func.call @step(%[[TMP]])
//  CHECK-NEXT:     scf.if %[[OWN]] {
//  CHECK-NEXT:       memref.dealloc %[[CUR]] : memref<4xf32>
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.dealloc %[[TMP]] : memref<4xf32>
//   CHECK-NOT:     arith.cmpi
//       CHECK:     scf.yield %[[NEXT]], %{{.*}} : memref<4xf32>, i1
func.func @call_result_and_block_argument_freed(%init: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %own = %false) -> (memref<4xf32>, i1) {
    %tmp = func.call @step(%cur) {buffer_abi.no_alias_results} : (memref<4xf32>) -> memref<4xf32>
    %next = func.call @step(%tmp) {buffer_abi.no_alias_results} : (memref<4xf32>) -> memref<4xf32>
    %none = bufferization.dealloc (%cur, %tmp : memref<4xf32>, memref<4xf32>) if (%own, %true) retain (%next : memref<4xf32>)
    scf.yield %next, %true : memref<4xf32>, i1
  }
  return %r#0 : memref<4xf32>
}

// -----

// Must not fire: the call is not inside the block whose argument is freed
// (the loop's state may be the call's result, its initial value).

func.func private @step(memref<4xf32>) -> memref<4xf32>

// CHECK-LABEL: func @call_result_outside_block
//       CHECK:   %[[FIRST:.*]] = call @step
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}})
//  CHECK-NEXT:     %[[PC:.*]] = memref.extract_aligned_pointer_as_index %[[CUR]]
//  CHECK-NEXT:     %[[PF:.*]] = memref.extract_aligned_pointer_as_index %[[FIRST]]
//  CHECK-NEXT:     arith.cmpi eq, %[[PC]], %[[PF]]
func.func @call_result_outside_block(%x: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %first = func.call @step(%x) {buffer_abi.no_alias_results} : (memref<4xf32>) -> memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x, %own = %false) -> (memref<4xf32>, i1) {
    %kept = bufferization.dealloc (%cur : memref<4xf32>) if (%own) retain (%first : memref<4xf32>)
    scf.yield %first, %kept : memref<4xf32>, i1
  }
  return %r#0 : memref<4xf32>
}

// -----

// Must not fire: a call without the mark may return any buffer it can reach.

func.func private @step(memref<4xf32>) -> memref<4xf32>

// CHECK-LABEL: func @unmarked_call_result
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}})
//  CHECK-NEXT:     %[[NEXT:.*]] = func.call @step(%[[CUR]]) :
//  CHECK-NEXT:     %[[PC:.*]] = memref.extract_aligned_pointer_as_index %[[CUR]]
//  CHECK-NEXT:     %[[PN:.*]] = memref.extract_aligned_pointer_as_index %[[NEXT]]
//  CHECK-NEXT:     arith.cmpi eq, %[[PC]], %[[PN]]
func.func @unmarked_call_result(%init: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %own = %false) -> (memref<4xf32>, i1) {
    %next = func.call @step(%cur) : (memref<4xf32>) -> memref<4xf32>
    %kept = bufferization.dealloc (%cur : memref<4xf32>) if (%own) retain (%next : memref<4xf32>)
    scf.yield %next, %kept : memref<4xf32>, i1
  }
  return %r#0 : memref<4xf32>
}

// -----

// A function that may return its argument, as the ownership-based
// deallocation leaves it: the result is the buffer of the branch where it is
// owned, and a clone of it where it is not. The dealloc after it frees the
// buffer under its ownership unless it is the result, which it always is
// then: no free and no runtime check. The clean-up merges the two branches,
// so that the function reads its argument and returns a clone or a new
// buffer.

// CHECK-LABEL: func @returned_when_owned
//  CHECK-SAME:     (%[[ARG:.*]]: memref<4xf32>, %[[C:.*]]: i1)
//  CHECK-NEXT:   %[[R:.*]] = scf.if %[[C]]
//  CHECK-NEXT:     %[[CLONE:.*]] = bufferization.clone %[[ARG]]
//  CHECK-NEXT:     scf.yield %[[CLONE]]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     %[[NEW:.*]] = memref.alloc()
//  CHECK-NEXT:     scf.yield %[[NEW]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]]
func.func @returned_when_owned(%arg: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %m:2 = scf.if %c -> (memref<4xf32>, i1) {
    scf.yield %arg, %false : memref<4xf32>, i1
  } else {
    %new = memref.alloc() : memref<4xf32>
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %r = scf.if %m#1 -> (memref<4xf32>) {
    scf.yield %m#0 : memref<4xf32>
  } else {
    %clone = bufferization.clone %m#0 : memref<4xf32> to memref<4xf32>
    scf.yield %clone : memref<4xf32>
  }
  %base, %offset, %size, %stride = memref.extract_strided_metadata %m#0 : memref<4xf32> -> memref<f32>, index, index, index
  %0 = bufferization.dealloc (%base : memref<f32>) if (%m#1) retain (%r : memref<4xf32>)
  return %r : memref<4xf32>
}

// -----

// The same with an `arith.select`; the retained memref is owned where the
// buffer was, and a buffer the selection does not pick is still checked.

// CHECK-LABEL: func @selected_when_owned
//  CHECK-SAME:     (%[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>, %[[OWN:.*]]: i1, %[[OWNB:.*]]: i1)
//       CHECK:   %[[R:.*]] = arith.select %[[OWN]], %[[A]], %[[B]]
//   CHECK-NOT:   memref.dealloc %[[A]]
//       CHECK:   %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
//       CHECK:   %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
//       CHECK:   arith.cmpi
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[B]]
//   CHECK-NOT:   memref.dealloc
//       CHECK:   %[[OWNED:.*]] = arith.ori %[[OWN]],
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return %[[R]], %[[OWNED]]
func.func @selected_when_owned(%a: memref<4xf32>, %b: memref<4xf32>, %own: i1, %ownb: i1) -> (memref<4xf32>, i1) {
  %r = arith.select %own, %a, %b : memref<4xf32>
  %0 = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%own, %ownb) retain (%r : memref<4xf32>)
  return %r, %0 : memref<4xf32>, i1
}

// -----

// Must not fire: the branch on the buffer's condition yields the buffer in
// its `else` region, or a branch on another condition yields it.

// CHECK-LABEL: func @not_returned_when_owned
//  CHECK-SAME:     (%[[A:.*]]: memref<4xf32>, %[[OWN:.*]]: i1, %[[OTHER:.*]]: i1)
//   CHECK-DAG:   %[[R1:.*]] = scf.if %[[OWN]]
//   CHECK-DAG:   %[[R2:.*]] = scf.if %[[OTHER]]
//       CHECK:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//   CHECK-DAG:   memref.extract_aligned_pointer_as_index %[[R1]]
//   CHECK-DAG:   memref.extract_aligned_pointer_as_index %[[R2]]
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[A]]
func.func @not_returned_when_owned(%a: memref<4xf32>, %own: i1, %other: i1) -> (memref<4xf32>, memref<4xf32>) {
  %r1 = scf.if %own -> (memref<4xf32>) {
    %clone = bufferization.clone %a : memref<4xf32> to memref<4xf32>
    scf.yield %clone : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %r2 = scf.if %other -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %clone = bufferization.clone %a : memref<4xf32> to memref<4xf32>
    scf.yield %clone : memref<4xf32>
  }
  %0:2 = bufferization.dealloc (%a : memref<4xf32>) if (%own) retain (%r1, %r2 : memref<4xf32>, memref<4xf32>)
  return %r1, %r2 : memref<4xf32>, memref<4xf32>
}
