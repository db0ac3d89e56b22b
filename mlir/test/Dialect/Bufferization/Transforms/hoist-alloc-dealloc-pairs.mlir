// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(hoist-alloc-dealloc-pairs))" --split-input-file | FileCheck %s

// A buffer allocated and freed in each iteration of an scf.for, with a
// loop-invariant dynamic size: one buffer for the whole loop.

// CHECK-LABEL: func @for_dynamic_invariant_size
//  CHECK-SAME:   (%[[N:.*]]: index, %[[SZ:.*]]: index
//       CHECK:   %[[T:.*]] = memref.alloc(%[[SZ]]) {alignment = 64 : i64} : memref<?xf32>
//  CHECK-NEXT:   scf.for
//   CHECK-NOT:     memref.alloc
//   CHECK-NOT:     memref.dealloc
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[T]] : memref<?xf32>
//  CHECK-NEXT:   return
func.func @for_dynamic_invariant_size(%n: index, %sz: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc(%sz) {alignment = 64 : i64} : memref<?xf32>
    %v = memref.subview %t[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
    "test.use"(%v) : (memref<2xf32, strided<[1]>>) -> ()
    memref.dealloc %t : memref<?xf32>
  }
  return
}

// -----

// Nested loops: out of both, one level at a time.

// CHECK-LABEL: func @nested_for
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<8xf32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     scf.for
//  CHECK-NEXT:       "test.use"(%[[T]])
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[T]] : memref<8xf32>
func.func @nested_for(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = memref.alloc() : memref<8xf32>
      "test.use"(%t) : (memref<8xf32>) -> ()
      memref.dealloc %t : memref<8xf32>
    }
  }
  return
}

// -----

// A size defined in the outer loop: out of the inner loop only.

// CHECK-LABEL: func @size_defined_in_outer_loop
//       CHECK:   scf.for %[[I:.*]] =
//  CHECK-NEXT:     %[[T:.*]] = memref.alloc(%[[I]]) : memref<?xf32>
//  CHECK-NEXT:     scf.for
//  CHECK-NEXT:       "test.use"(%[[T]])
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.dealloc %[[T]] : memref<?xf32>
//  CHECK-NEXT:   }
func.func @size_defined_in_outer_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = memref.alloc(%i) : memref<?xf32>
      "test.use"(%t) : (memref<?xf32>) -> ()
      memref.dealloc %t : memref<?xf32>
    }
  }
  return
}

// -----

// Both regions of an scf.while.

// CHECK-LABEL: func @while_both_regions
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   scf.while
//   CHECK-NOT:     memref.alloc
//   CHECK-NOT:     memref.dealloc
//       CHECK:   memref.dealloc %[[A]] : memref<8xf32>
//  CHECK-NEXT:   memref.dealloc %[[B]] : memref<4xf32>
func.func @while_both_regions(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %t = memref.alloc() : memref<4xf32>
    "test.use"(%t) : (memref<4xf32>) -> ()
    memref.dealloc %t : memref<4xf32>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %t = memref.alloc() : memref<8xf32>
    "test.use"(%t) : (memref<8xf32>) -> ()
    memref.dealloc %t : memref<8xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  }
  return
}

// -----

// Must not fire: parallel loops, whose iterations may run at the same time.

// CHECK-LABEL: func @parallel_loops
//       CHECK:   scf.parallel
//  CHECK-NEXT:     memref.alloc
//       CHECK:     memref.dealloc
//       CHECK:   scf.forall
//  CHECK-NEXT:     memref.alloc
//       CHECK:     memref.dealloc
func.func @parallel_loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<8xf32>
    "test.use"(%t) : (memref<8xf32>) -> ()
    memref.dealloc %t : memref<8xf32>
    scf.reduce
  }
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<8xf32>
    "test.use"(%t) : (memref<8xf32>) -> ()
    memref.dealloc %t : memref<8xf32>
  }
  return
}

// -----

// Must not fire: the free is conditional, so it does not happen in every
// iteration.

// CHECK-LABEL: func @conditional_free
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc
//       CHECK:     scf.if
//  CHECK-NEXT:       memref.dealloc
func.func @conditional_free(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    "test.use"(%t) : (memref<8xf32>) -> ()
    scf.if %c {
      memref.dealloc %t : memref<8xf32>
    }
  }
  return
}

// -----

// Must not fire: the size changes from one iteration to the next.

// CHECK-LABEL: func @size_varies
//       CHECK:   scf.for %[[I:.*]] =
//  CHECK-NEXT:     memref.alloc(%[[I]])
//       CHECK:     memref.dealloc
func.func @size_varies(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc(%i) : memref<?xf32>
    "test.use"(%t) : (memref<?xf32>) -> ()
    memref.dealloc %t : memref<?xf32>
  }
  return
}

// -----

// Must not fire: a view of the buffer is yielded to the next iteration.

// CHECK-LABEL: func @alias_yielded
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc
//       CHECK:     memref.dealloc
//       CHECK:     scf.yield
func.func @alias_yielded(%n: index, %init: memref<4xf32, strided<[1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> memref<4xf32, strided<[1]>> {
    %t = memref.alloc() : memref<8xf32>
    %v = memref.subview %t[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    "test.use"(%a) : (memref<4xf32, strided<[1]>>) -> ()
    memref.dealloc %t : memref<8xf32>
    scf.yield %v : memref<4xf32, strided<[1]>>
  }
  return
}

// -----

// Must not fire: freed twice (through an alias), or not freed in the loop.

// CHECK-LABEL: func @not_a_single_free_in_the_loop
//       CHECK:   scf.for
//  CHECK-NEXT:     %[[T:.*]] = memref.alloc
//       CHECK:     memref.dealloc %[[T]]
//       CHECK:     memref.dealloc
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc
//   CHECK-NOT:     memref.dealloc
//       CHECK:   }
func.func @not_a_single_free_in_the_loop(%n: index, %keep: memref<memref<8xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    %v = memref.cast %t : memref<8xf32> to memref<?xf32>
    memref.dealloc %t : memref<8xf32>
    memref.dealloc %v : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.store %t, %keep[] : memref<memref<8xf32>>
  }
  return
}

// -----

// A buffer freed in the branch of an scf.if in a loop body leaves the
// branch and then the loop.

// CHECK-LABEL: func @if_in_loop
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     scf.if
//  CHECK-NEXT:       linalg.fill {{.*}} outs(%[[T]]
//  CHECK-NEXT:       memref.copy %[[T]]
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[T]] : memref<4xf32>
func.func @if_in_loop(%n: index, %c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %t = memref.alloc() : memref<4xf32>
      linalg.fill ins(%cst : f32) outs(%t : memref<4xf32>)
      memref.copy %t, %out : memref<4xf32> to memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
  }
  return
}

// -----

// A buffer freed in a case of an scf.index_switch in a loop body leaves the
// case and then the loop; one that leaves its case through the terminator
// stays, and so does a case buffer of a switch outside a loop.

// CHECK-LABEL: func @index_switch_in_loop
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<8xf32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     scf.index_switch
//  CHECK-NEXT:     case 0 {
//  CHECK-NEXT:       linalg.fill {{.*}} outs(%[[T]]
//  CHECK-NEXT:       memref.copy %[[T]]
//  CHECK-NEXT:       scf.yield
//  CHECK-NEXT:     }
//  CHECK-NEXT:     case 1 {
//  CHECK-NEXT:       memref.alloc() : memref<4xf32>
//       CHECK:   memref.dealloc %[[T]] : memref<8xf32>
//       CHECK:   scf.index_switch
//  CHECK-NEXT:   case 0 {
//  CHECK-NEXT:     memref.alloc() : memref<8xf32>
func.func @index_switch_in_loop(%n: index, %k: index, %out: memref<8xf32>, %small: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %r = scf.index_switch %k -> memref<4xf32>
    case 0 {
      %t = memref.alloc() : memref<8xf32>
      linalg.fill ins(%cst : f32) outs(%t : memref<8xf32>)
      memref.copy %t, %out : memref<8xf32> to memref<8xf32>
      memref.dealloc %t : memref<8xf32>
      scf.yield %small : memref<4xf32>
    }
    case 1 {
      %u = memref.alloc() : memref<4xf32>
      linalg.fill ins(%cst : f32) outs(%u : memref<4xf32>)
      scf.yield %u : memref<4xf32>
    }
    default {
      scf.yield %small : memref<4xf32>
    }
    "test.use"(%r) : (memref<4xf32>) -> ()
  }
  scf.index_switch %k
  case 0 {
    %t = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%t : memref<8xf32>)
    memref.copy %t, %out : memref<8xf32> to memref<8xf32>
    memref.dealloc %t : memref<8xf32>
    scf.yield
  }
  default {
  }
  return
}

// -----

// Both branches allocate a buffer of the same type: they share one.

// CHECK-LABEL: func @if_both_branches
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:   scf.if
//  CHECK-NEXT:     linalg.fill {{.*}} outs(%[[T]]
//  CHECK-NEXT:     memref.copy %[[T]]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     memref.copy %{{.*}}, %[[T]]
//  CHECK-NEXT:     memref.copy %[[T]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[T]] : memref<4xf32>
//  CHECK-NEXT:   return
func.func @if_both_branches(%c: i1, %in: memref<4xf32>, %out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  scf.if %c {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  } else {
    %u = memref.alloc() : memref<4xf32>
    memref.copy %in, %u : memref<4xf32> to memref<4xf32>
    memref.copy %u, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %u : memref<4xf32>
  }
  return
}

// -----

// Only one branch allocates and the scf.if is not in a loop: hoisting would
// allocate when the branch is not taken. Not hoisted. Neither is a buffer
// that leaves its branch.

// CHECK-LABEL: func @if_not_hoisted
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.alloc()
//       CHECK:   scf.for
//       CHECK:     scf.if
//  CHECK-NEXT:       memref.alloc()
func.func @if_not_hoisted(%n: index, %c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  scf.if %c {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %r = scf.if %c -> memref<4xf32> {
      %t = memref.alloc() : memref<4xf32>
      linalg.fill ins(%cst : f32) outs(%t : memref<4xf32>)
      scf.yield %t : memref<4xf32>
    } else {
      scf.yield %out : memref<4xf32>
    }
    "test.use"(%r) : (memref<4xf32>) -> ()
  }
  return
}

// -----

// Partners are taken in block order among the allocations of the other
// branch with the same type: one of another type and one that leaves its
// branch (returned through the terminator) are passed over, and each
// partner serves one allocation. No branch frees a buffer before these
// allocations or allocates one after their frees, so held over the whole
// scf.if they raise neither branch's peak.

// CHECK-LABEL: func @if_partners_in_order
//   CHECK-DAG:   %[[A0:.*]] = memref.alloc() : memref<4xf32>
//   CHECK-DAG:   %[[A1:.*]] = memref.alloc() : memref<4xf32>
//   CHECK-DAG:   %[[A2:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.if
//       CHECK:     "test.use"(%[[A0]])
//  CHECK-NEXT:     "test.use"(%[[A1]])
//  CHECK-NEXT:     "test.use"(%[[A2]])
//       CHECK:   } else {
//  CHECK-NEXT:     %[[I:.*]] = memref.alloc() : memref<8xf32>
//  CHECK-NEXT:     %[[E:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:     "test.use"(%[[I]])
//  CHECK-NEXT:     "test.use"(%[[E]])
//  CHECK-NEXT:     "test.use"(%[[A0]])
//  CHECK-NEXT:     "test.use"(%[[A1]])
//  CHECK-NEXT:     "test.use"(%[[A2]])
//  CHECK-NEXT:     memref.dealloc %[[I]]
//  CHECK-NEXT:     scf.yield %[[E]]
//   CHECK-DAG:   memref.dealloc %[[A2]]
//   CHECK-DAG:   memref.dealloc %[[A1]]
//   CHECK-DAG:   memref.dealloc %[[A0]]
func.func @if_partners_in_order(%c: i1) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %a0 = memref.alloc() : memref<4xf32>
    %a1 = memref.alloc() : memref<4xf32>
    %a2 = memref.alloc() : memref<4xf32>
    %o = memref.alloc() : memref<4xf32>
    "test.use"(%a0) : (memref<4xf32>) -> ()
    "test.use"(%a1) : (memref<4xf32>) -> ()
    "test.use"(%a2) : (memref<4xf32>) -> ()
    memref.dealloc %a0 : memref<4xf32>
    memref.dealloc %a1 : memref<4xf32>
    memref.dealloc %a2 : memref<4xf32>
    scf.yield %o : memref<4xf32>
  } else {
    %i = memref.alloc() : memref<8xf32>
    %e = memref.alloc() : memref<4xf32>
    %b0 = memref.alloc() : memref<4xf32>
    %b1 = memref.alloc() : memref<4xf32>
    %b2 = memref.alloc() : memref<4xf32>
    "test.use"(%i) : (memref<8xf32>) -> ()
    "test.use"(%e) : (memref<4xf32>) -> ()
    "test.use"(%b0) : (memref<4xf32>) -> ()
    "test.use"(%b1) : (memref<4xf32>) -> ()
    "test.use"(%b2) : (memref<4xf32>) -> ()
    memref.dealloc %b0 : memref<4xf32>
    memref.dealloc %b1 : memref<4xf32>
    memref.dealloc %b2 : memref<4xf32>
    memref.dealloc %i : memref<8xf32>
    scf.yield %e : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// A shared buffer that leaves no loop saves no allocation, so it stays in
// its branches where held over the whole scf.if it would raise a peak: the
// else branch frees %b0 before it allocates %b1, and allocates in a loop
// after freeing %b1 (the fuzzer's seed 30675: 216 bytes at once instead of
// 184). Neither %a0 nor %a1 is hoisted; the loop's buffer leaves its loop.

// CHECK-LABEL: func @if_partner_would_raise_peak
//       CHECK:   scf.if
//  CHECK-NEXT:     %[[A0:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.dealloc %[[A0]]
//  CHECK-NEXT:     %[[A1:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.dealloc %[[A1]]
//       CHECK:   } else {
//  CHECK-NEXT:     %[[B0:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.dealloc %[[B0]]
//  CHECK-NEXT:     %[[B1:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.dealloc %[[B1]]
//  CHECK-NEXT:     %[[L:.*]] = memref.alloc() : memref<16xf32>
//  CHECK-NEXT:     scf.for
//  CHECK-NEXT:       "test.use"(%[[L]])
//       CHECK:     memref.dealloc %[[L]]
func.func @if_partner_would_raise_peak(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    %a0 = memref.alloc() : memref<4xf32>
    "test.use"(%a0) : (memref<4xf32>) -> ()
    memref.dealloc %a0 : memref<4xf32>
    %a1 = memref.alloc() : memref<4xf32>
    "test.use"(%a1) : (memref<4xf32>) -> ()
    memref.dealloc %a1 : memref<4xf32>
  } else {
    %b0 = memref.alloc() : memref<4xf32>
    "test.use"(%b0) : (memref<4xf32>) -> ()
    memref.dealloc %b0 : memref<4xf32>
    %b1 = memref.alloc() : memref<4xf32>
    "test.use"(%b1) : (memref<4xf32>) -> ()
    memref.dealloc %b1 : memref<4xf32>
    scf.for %k = %c0 to %n step %c1 {
      %l = memref.alloc() : memref<16xf32>
      "test.use"(%l) : (memref<16xf32>) -> ()
      memref.dealloc %l : memref<16xf32>
    }
  }
  return
}

// -----

// Nor where a buffer of the branch that dies before the allocation is freed
// after it: free-buffers-at-last-use frees %t right after its last use, and
// %a held over the whole scf.if would be held next to it (the fuzzer's seed
// 48956, after the lifting of a cf diamond: 56 bytes at once instead of
// 32).

// CHECK-LABEL: func @if_partner_over_dying_buffer
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.alloc() : memref<6xf32>
//       CHECK:     memref.alloc() : memref<8xf32>
//       CHECK:   } else {
//  CHECK-NEXT:     memref.alloc() : memref<8xindex>
//       CHECK:     memref.alloc() : memref<8xf32>
func.func @if_partner_over_dying_buffer(%c: i1) {
  scf.if %c {
    %t = memref.alloc() : memref<6xf32>
    "test.use"(%t) : (memref<6xf32>) -> ()
    %a = memref.alloc() : memref<8xf32>
    "test.use"(%a) : (memref<8xf32>) -> ()
    memref.dealloc %t : memref<6xf32>
    memref.dealloc %a : memref<8xf32>
  } else {
    %u = memref.alloc() : memref<8xindex>
    "test.use"(%u) : (memref<8xindex>) -> ()
    %b = memref.alloc() : memref<8xf32>
    "test.use"(%b) : (memref<8xf32>) -> ()
    memref.dealloc %u : memref<8xindex>
    memref.dealloc %b : memref<8xf32>
  }
  return
}

// -----

// Nor over a buffer of the block around that is dead in a branch when the
// allocation there allocates: %d is last used by the scf.if, and not in its
// then branch, which free-buffers-at-last-use makes free %d at its start
// (the branch allocates after). %a held over the whole scf.if would be held
// next to %d (the fuzzer's seed 80634, after the lifting of a cf diamond:
// 192 bytes at once instead of 128).

// CHECK-LABEL: func @if_partner_over_buffer_dead_in_branch
//       CHECK:   %[[D:.*]] = memref.alloc() : memref<16xf32>
//  CHECK-NEXT:   "test.use"(%[[D]])
//  CHECK-NEXT:   scf.if
//  CHECK-NEXT:     memref.alloc() : memref<8xf32>
//       CHECK:   } else {
//  CHECK-NEXT:     memref.alloc() : memref<8xf32>
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[D]]
func.func @if_partner_over_buffer_dead_in_branch(%c: i1) {
  %d = memref.alloc() : memref<16xf32>
  "test.use"(%d) : (memref<16xf32>) -> ()
  scf.if %c {
    %a = memref.alloc() : memref<8xf32>
    "test.use"(%a) : (memref<8xf32>) -> ()
    memref.dealloc %a : memref<8xf32>
  } else {
    %b = memref.alloc() : memref<8xf32>
    "test.use"(%b) : (memref<8xf32>) -> ()
    "test.use"(%d) : (memref<16xf32>) -> ()
    memref.dealloc %b : memref<8xf32>
  }
  memref.dealloc %d : memref<16xf32>
  return
}

// -----

// A buffer of the block around that each branch uses after its allocation,
// or that is used after the scf.if, is live in both branches when they
// allocate, and held over the whole scf.if anyway: %a and %b share one
// buffer before it. So is a buffer freed through the base buffer of its
// metadata, used after the scf.if.

// CHECK-LABEL: func @if_partner_over_buffer_live_in_branches
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//  CHECK-NEXT:   scf.if
//  CHECK-NEXT:     "test.use"(%[[A]])
//  CHECK-NEXT:     "test.use"(%{{.*}}) : (memref<16xf32>)
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     "test.use"(%[[A]])
//  CHECK-NEXT:     "test.use"(%{{.*}}) : (memref<16xf32>)
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[A]]
func.func @if_partner_over_buffer_live_in_branches(%c: i1) {
  %d = memref.alloc() : memref<16xf32>
  %e = memref.alloc() : memref<16xf32>
  scf.if %c {
    %a = memref.alloc() : memref<8xf32>
    "test.use"(%a) : (memref<8xf32>) -> ()
    "test.use"(%d) : (memref<16xf32>) -> ()
    memref.dealloc %a : memref<8xf32>
  } else {
    %b = memref.alloc() : memref<8xf32>
    "test.use"(%b) : (memref<8xf32>) -> ()
    "test.use"(%d) : (memref<16xf32>) -> ()
    memref.dealloc %b : memref<8xf32>
  }
  "test.use"(%e) : (memref<16xf32>) -> ()
  %base, %offset, %size, %stride = memref.extract_strided_metadata %e
      : memref<16xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  memref.dealloc %d : memref<16xf32>
  return
}

// -----

// Two temporaries of one type in a loop body, freed at the end of the
// iteration, the second allocated after the last use of the first: the
// first leaves the loop, and the second takes its buffer instead of leaving
// the loop too, so the loop holds one buffer, not two. A third one, of
// another type, leaves the loop on its own.

// CHECK-LABEL: func @sequential_temporaries_share
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[U:.*]] = memref.alloc() : memref<32xf32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     linalg.add ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[T]] : memref<64xf32>)
//  CHECK-NEXT:     linalg.add ins(%[[T]], %[[T]] : {{.*}}) outs(%{{.*}} : memref<64xf32>)
//  CHECK-NEXT:     linalg.add ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[T]] : memref<64xf32>)
//  CHECK-NEXT:     linalg.fill ins(%{{.*}} : f32) outs(%[[U]] : memref<32xf32>)
//  CHECK-NEXT:     linalg.add ins(%[[T]], %[[T]] : {{.*}}) outs(%{{.*}} : memref<64xf32>)
//  CHECK-NEXT:   }
//   CHECK-DAG:   memref.dealloc %[[T]] : memref<64xf32>
//   CHECK-DAG:   memref.dealloc %[[U]] : memref<32xf32>
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return
func.func @sequential_temporaries_share(%n: index, %x: memref<64xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>)
    linalg.add ins(%a, %a : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
    %b = memref.alloc() : memref<64xf32>
    linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
    %u = memref.alloc() : memref<32xf32>
    linalg.fill ins(%f : f32) outs(%u : memref<32xf32>)
    linalg.add ins(%b, %b : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    memref.dealloc %u : memref<32xf32>
  }
  return
}

// -----

// The second temporary is allocated before the last use of the first: the
// two hold data at the same time, and each leaves the loop with a buffer of
// its own.

// CHECK-LABEL: func @overlapping_temporaries
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<64xf32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     linalg.add ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[A]] : memref<64xf32>)
//  CHECK-NEXT:     linalg.add ins(%[[A]], %{{.*}} : {{.*}}) outs(%[[B]] : memref<64xf32>)
func.func @overlapping_temporaries(%n: index, %x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>)
    %b = memref.alloc() : memref<64xf32>
    linalg.add ins(%a, %x : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
    linalg.add ins(%b, %b : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
  }
  return
}

// -----

// The first temporary's descriptor is stored, and a load brings it back
// after the second one is allocated: its memory may be used later than its
// last visible use, so the two keep a buffer each.

// CHECK-LABEL: func @stored_descriptor
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<64xf32>
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<64xf32>
//  CHECK-NEXT:   scf.for
//       CHECK:     memref.store %[[A]]
//       CHECK:     linalg.add ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[B]] : memref<64xf32>)
func.func @stored_descriptor(%n: index, %x: memref<64xf32>, %box: memref<memref<64xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    memref.store %a, %box[] : memref<memref<64xf32>>
    %b = memref.alloc() : memref<64xf32>
    linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
    %again = memref.load %box[] : memref<memref<64xf32>>
    linalg.add ins(%b, %b : memref<64xf32>, memref<64xf32>) outs(%again : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
  }
  return
}

// -----

// merge-alloc's allocation of a callee's workspace stays in its branch,
// where merge-alloc took it for held only while the branch runs; the same
// allocation without the mark leaves the branch and the loop.

// CHECK-LABEL: func @workspace_in_branch
//       CHECK:   %[[PLAIN:.*]] = memref.alloc() : memref<64xi8>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     scf.if
//  CHECK-NEXT:       %[[WS:.*]] = memref.alloc() {merge_alloc.workspace} : memref<64xi8>
//  CHECK-NEXT:       linalg.fill ins(%{{.*}} : i8) outs(%[[WS]] : memref<64xi8>)
//  CHECK-NEXT:       memref.dealloc %[[WS]]
//       CHECK:   memref.dealloc %[[PLAIN]]
func.func @workspace_in_branch(%n: index, %c: i1, %v: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %ws = memref.alloc() {merge_alloc.workspace} : memref<64xi8>
      linalg.fill ins(%v : i8) outs(%ws : memref<64xi8>)
      memref.dealloc %ws : memref<64xi8>
    }
    scf.if %c {
      %plain = memref.alloc() : memref<64xi8>
      linalg.fill ins(%v : i8) outs(%plain : memref<64xi8>)
      memref.dealloc %plain : memref<64xi8>
    }
  }
  return
}

// -----

// merge-alloc's allocation of a callee's workspace leaves its loop only when
// merge-alloc marked it hoistable: held over the loop, it adds to what the
// rest of the loop allocates, where the callee held it only during the call.

// CHECK-LABEL: func @workspace_in_loop
//       CHECK:   %[[HOISTED:.*]] = memref.alloc() {merge_alloc.hoistable, merge_alloc.workspace} : memref<64xi8>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     %[[PINNED:.*]] = memref.alloc() {merge_alloc.workspace} : memref<32xi8>
//  CHECK-NEXT:     linalg.fill ins(%{{.*}} : i8) outs(%[[PINNED]] : memref<32xi8>)
//  CHECK-NEXT:     memref.dealloc %[[PINNED]]
//  CHECK-NEXT:     linalg.fill ins(%{{.*}} : i8) outs(%[[HOISTED]] : memref<64xi8>)
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.dealloc %[[HOISTED]]
func.func @workspace_in_loop(%v: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %pinned = memref.alloc() {merge_alloc.workspace} : memref<32xi8>
    linalg.fill ins(%v : i8) outs(%pinned : memref<32xi8>)
    memref.dealloc %pinned : memref<32xi8>
    %ws = memref.alloc() {merge_alloc.hoistable, merge_alloc.workspace} : memref<64xi8>
    linalg.fill ins(%v : i8) outs(%ws : memref<64xi8>)
    memref.dealloc %ws : memref<64xi8>
  }
  return
}

// -----

// Out of an scf.for that may run no iteration, a hoistable workspace takes
// no bytes unless the loop runs, as without merge-alloc, where the callee
// allocates it only when called: its size is chosen before the loop (with
// the loop's comparison, unsigned for an unsigned loop), and the loop casts
// it to its type. It keeps its alignment, and leaves no further loop.

// CHECK-LABEL: func @workspace_in_loop_that_may_not_run
//  CHECK-SAME:     (%[[N:.*]]: index, %[[M:.*]]: index, %{{.*}}: i8)
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[M]]
//       CHECK:     %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : index
//   CHECK-DAG:     %[[NONE:.*]] = arith.constant 0 : index
//   CHECK-DAG:     %[[BYTES:.*]] = arith.constant 64 : index
//       CHECK:     %[[SIZE:.*]] = arith.select %[[RUNS]], %[[BYTES]], %[[NONE]] : index
//       CHECK:     %[[BUFFER:.*]] = memref.alloc(%[[SIZE]]) {alignment = 32 : i64} : memref<?xi8>
//  CHECK-NEXT:     scf.for %{{.*}} = %{{.*}} to %[[N]]
//  CHECK-NEXT:       %[[WS:.*]] = memref.cast %[[BUFFER]] : memref<?xi8> to memref<64xi8>
//  CHECK-NEXT:       linalg.fill ins(%{{.*}} : i8) outs(%[[WS]] : memref<64xi8>)
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.dealloc %[[BUFFER]] : memref<?xi8>
//  CHECK-NEXT:   }
//       CHECK:   %[[URUNS:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
//       CHECK:   memref.alloc(%{{.*}}) : memref<?xi8>
//       CHECK:   scf.for unsigned
//   CHECK-NOT:   memref.alloc
//       CHECK:   return
func.func @workspace_in_loop_that_may_not_run(%n: index, %m: index, %v: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %m step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      %ws = memref.alloc() {alignment = 32 : i64, merge_alloc.hoistable, merge_alloc.workspace} : memref<64xi8>
      linalg.fill ins(%v : i8) outs(%ws : memref<64xi8>)
      memref.dealloc %ws : memref<64xi8>
    }
  }
  scf.for unsigned %i = %c0 to %n step %c1 {
    %ws = memref.alloc() {merge_alloc.hoistable, merge_alloc.workspace} : memref<64xi8>
    linalg.fill ins(%v : i8) outs(%ws : memref<64xi8>)
    memref.dealloc %ws : memref<64xi8>
  }
  return
}
