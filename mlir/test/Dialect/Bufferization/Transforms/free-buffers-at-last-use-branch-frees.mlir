// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s

// A free in a region of an scf.if or scf.index_switch of a buffer from
// before the op (as simplify-loop-ownership leaves it when it hands the
// buffer over to the regions) moves up to the buffer's last use in the
// region, or to the region's start. Uses before the op, in its other
// regions, and of the op's results after it do not hold it back: the region
// runs after the former, on other runs than the latter, and where it frees
// the buffer the results are other buffers.

// CHECK-LABEL: func @unused_in_region
//  CHECK-SAME: (%[[C:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.if %[[C]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield %[[A]]
func.func @unused_in_region(%c: i1) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r = scf.if %c -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  linalg.fill ins(%f : f32) outs(%r : memref<4xf32>)
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func @used_in_region
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.index_switch
//       CHECK:   case 1 {
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//  CHECK-NEXT:     memref.copy %[[A]], %[[B]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     linalg.fill
func.func @used_in_region(%i: index) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r = scf.index_switch %i -> memref<4xf32>
  case 1 {
    %b = memref.alloc() : memref<4xf32>
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  default {
    scf.yield %a : memref<4xf32>
  }
  linalg.fill ins(%f : f32) outs(%r : memref<4xf32>)
  memref.dealloc %r : memref<4xf32>
  return
}

// -----

// The other region compares the buffer's address and stores its descriptor:
// neither runs on the runs through the region that frees the buffer, whose
// free moves to its start.

// CHECK-LABEL: func @escapes_in_other_region
//  CHECK-SAME: (%[[C:.*]]: i1, %[[SLOT:.*]]: memref<memref<4xf32>>)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.if %[[C]]
//       CHECK:     memref.store %[[A]], %[[SLOT]]
//       CHECK:   } else {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
func.func @escapes_in_other_region(%c: i1, %slot: memref<memref<4xf32>>) -> index {
  %f = arith.constant 1.0 : f32
  %z = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, index) {
    %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
    memref.store %a, %slot[] : memref<memref<4xf32>>
    scf.yield %a, %p : memref<4xf32>, index
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %a : memref<4xf32>
    scf.yield %b, %z : memref<4xf32>, index
  }
  linalg.fill ins(%f : f32) outs(%r#0 : memref<4xf32>)
  return %r#1 : index
}

// -----

// In a loop, a run of the other region in an earlier iteration may have
// taken the address of the same buffer: the free stays.

// CHECK-LABEL: func @address_in_other_region_in_loop
//       CHECK:   } else {
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     memref.dealloc
func.func @address_in_other_region_in_loop(%n: index, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
    %r:2 = scf.if %c -> (memref<4xf32>, index) {
      %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
      scf.yield %a, %p : memref<4xf32>, index
    } else {
      %b = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
      memref.dealloc %a : memref<4xf32>
      scf.yield %b, %acc : memref<4xf32>, index
    }
    linalg.fill ins(%f : f32) outs(%r#0 : memref<4xf32>)
    memref.dealloc %r#0 : memref<4xf32>
    scf.yield %r#1 : index
  }
  return %s : index
}

// -----

// A descriptor of the buffer stored before the op may be loaded in the
// region: the free stays.

// CHECK-LABEL: func @escapes_before
//       CHECK:   } else {
//  CHECK-NEXT:     %[[B:.*]] = memref.alloc()
//  CHECK-NEXT:     memref.load
//  CHECK-NEXT:     linalg.copy
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     memref.dealloc
func.func @escapes_before(%c: i1, %slot: memref<memref<4xf32>>) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  memref.store %a, %slot[] : memref<memref<4xf32>>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    %d = memref.load %slot[] : memref<memref<4xf32>>
    linalg.copy ins(%d : memref<4xf32>) outs(%b : memref<4xf32>)
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  linalg.fill ins(%f : f32) outs(%r : memref<4xf32>)
  return
}

// -----

// The address of a view from before the scf.if is read after it: freed
// earlier, the buffer's address could be given to %b and compare equal. The
// free stays.

// CHECK-LABEL: func @address_read_after
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.alloc()
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     memref.dealloc
//  CHECK-NEXT:     scf.yield
func.func @address_read_after(%c: i1) -> index {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %r = scf.if %c -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %a : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %p = memref.extract_aligned_pointer_as_index %v : memref<2xf32, strided<[1], offset: 2>> -> index
  memref.dealloc %r : memref<4xf32>
  return %p : index
}

// -----

// A loop whose state is replaced in every iteration, as a front end emits
// `state = f(g(state))`: the body frees the old state at its last use, before
// it allocates the next state, which is another buffer (the old state is
// alive until the body frees it). The loop's init, handed to the body, and
// its result are used only around the loop.

// CHECK-LABEL: func @loop_state
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}})
//  CHECK-NEXT:     %[[T:.*]] = memref.alloc()
//  CHECK-NEXT:     memref.copy %[[CUR]], %[[T]]
//  CHECK-NEXT:     memref.dealloc %[[CUR]]
//  CHECK-NEXT:     %[[NEXT:.*]] = memref.alloc()
//  CHECK-NEXT:     memref.copy %[[T]], %[[NEXT]]
//  CHECK-NEXT:     memref.dealloc %[[T]]
//  CHECK-NEXT:     scf.yield %[[NEXT]]
func.func @loop_state(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> memref<4xf32> {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %cur, %t : memref<4xf32> to memref<4xf32>
    %next = memref.alloc() : memref<4xf32>
    memref.copy %t, %next : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// The same with the next state from a call that follows the no-alias ABI:
// its result is a buffer of its own too.

func.func private @step(%x: memref<4xf32>) -> memref<4xf32> attributes {buffer_abi.no_alias_results} {
  %r = memref.alloc() : memref<4xf32>
  memref.copy %x, %r : memref<4xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: func @loop_state_marked_call
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}})
//  CHECK-NEXT:     %[[NEXT:.*]] = func.call @step(%[[CUR]])
//  CHECK-NEXT:     memref.dealloc %[[CUR]]
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     scf.yield %[[NEXT]]
func.func @loop_state_marked_call(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> memref<4xf32> {
    %next = func.call @step(%cur) {buffer_abi.no_alias_results} : (memref<4xf32>) -> memref<4xf32>
    linalg.fill ins(%f : f32) outs(%next : memref<4xf32>)
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// Must not move: a call without the mark may return its operand, so the
// next state may be the old one.

func.func private @step(%x: memref<4xf32>) -> memref<4xf32> {
  %r = memref.alloc() : memref<4xf32>
  memref.copy %x, %r : memref<4xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: func @loop_state_unmarked_call
//       CHECK:   scf.for
//  CHECK-NEXT:     func.call @step
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     memref.dealloc
//  CHECK-NEXT:     scf.yield
func.func @loop_state_unmarked_call(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> memref<4xf32> {
    %next = func.call @step(%cur) : (memref<4xf32>) -> memref<4xf32>
    linalg.fill ins(%f : f32) outs(%next : memref<4xf32>)
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// Must not move: the loop's init is used after the loop (its address is
// read), which would see it freed before allocations of the body that may
// take its address.

// CHECK-LABEL: func @loop_state_init_used_after
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloc()
//  CHECK-NEXT:     memref.copy
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     memref.dealloc
//  CHECK-NEXT:     scf.yield
func.func @loop_state_init_used_after(%n: index) -> (memref<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> memref<4xf32> {
    %next = memref.alloc() : memref<4xf32>
    memref.copy %cur, %next : memref<4xf32> to memref<4xf32>
    linalg.fill ins(%f : f32) outs(%next : memref<4xf32>)
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  return %r, %p : memref<4xf32>, index
}

// -----

// Must not move: the body of an scf.while is not a body that runs once per
// iteration with only the loop's init and results around it.

// CHECK-LABEL: func @while_body
//       CHECK:   } do {
//  CHECK-NEXT:   ^bb0(%[[CUR:.*]]: memref<4xf32>):
//  CHECK-NEXT:     memref.alloc()
//  CHECK-NEXT:     memref.copy
//  CHECK-NEXT:     linalg.fill
//  CHECK-NEXT:     memref.dealloc %[[CUR]]
func.func @while_body(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %f = arith.constant 1.0 : f32
  %r = scf.while (%x = %a) : (memref<4xf32>) -> memref<4xf32> {
    scf.condition(%c) %x : memref<4xf32>
  } do {
  ^bb0(%cur: memref<4xf32>):
    %next = memref.alloc() : memref<4xf32>
    memref.copy %cur, %next : memref<4xf32> to memref<4xf32>
    linalg.fill ins(%f : f32) outs(%next : memref<4xf32>)
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// An address that is only compared, as the runtime alias checks of the
// deallocation compare them, uses the buffer up to the last comparison:
// the free of %a goes right after it, not further, and into the regions
// of the scf.if whose then region allocates and does not use %a.

// CHECK-LABEL: func @compared_address
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:     memref.alloc()
//       CHECK:   } else {
//  CHECK-NEXT:     arith.cmpi eq, %[[P]]
//  CHECK-NEXT:     memref.dealloc %[[A]]
func.func @compared_address(%c: i1, %q: index, %out: memref<i1>) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  scf.if %c {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %b : memref<4xf32>
  } else {
    %eq = arith.cmpi eq, %p, %q : index
    memref.store %eq, %out[] : memref<i1>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// An address that leaves as an integer may be compared later: the free
// stays.

// CHECK-LABEL: func @address_returned
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.if
//   CHECK-NOT:     memref.dealloc %[[A]] :
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   return
func.func @address_returned(%c: i1) -> index {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
  scf.if %c {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return %p : index
}

// -----

// The same holds for a guarded free: the address of an alias of %r that a
// region of the first scf.if compares does not keep the guarded free of %r
// after %big.

// CHECK-LABEL: func @guarded_free_past_compared_address
//       CHECK:   %[[R:.*]] = scf.if
//       CHECK:   memref.load %[[R]]
//  CHECK-NEXT:   scf.if %{{.*}} {
//  CHECK-NEXT:     memref.dealloc %[[R]]
//  CHECK-NEXT:   }
//       CHECK:   memref.alloc() : memref<64xf32>
func.func @guarded_free_past_compared_address(%c: i1, %d: i1, %q: index,
                                              %out: memref<f32>,
                                              %flag: memref<i1>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r = scf.if %c -> memref<4xf32> {
    %p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index
    %eq = arith.cmpi eq, %p, %q : index
    memref.store %eq, %flag[] : memref<i1>
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.store %v, %out[] : memref<f32>
  %big = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<64xf32>)
  memref.dealloc %big : memref<64xf32>
  scf.if %d {
    memref.dealloc %r : memref<4xf32>
  }
  return
}
