// RUN: mlir-opt %s --allow-unregistered-dialect --promote-temporaries-to-stack \
// RUN:   --split-input-file | FileCheck %s
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file \
// RUN:   --pass-pipeline="builtin.module(promote-temporaries-to-stack{max-buffer-bytes=4096 max-frame-bytes=4352})" \
// RUN:   | FileCheck %s --check-prefix=LIMITS
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(promote-temporaries-to-stack))" \
// RUN:   | FileCheck %s --check-prefix=NESTED
// RUN: mlir-opt %s --allow-unregistered-dialect --promote-temporaries-to-stack \
// RUN:   --split-input-file --remarks-filter=promote-temporaries-to-stack \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// A buffer freed in its block, read by a callee that only reads it, moves to
// the stack; its free goes away.

func.func private @reader(%m: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<16xf32>
  return %v : f32
}

// CHECK-LABEL: func @straight
//       CHECK:   %[[T:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[T]] : memref<16xf32>)
//  CHECK-NEXT:   call @reader(%[[T]])
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return
// REMARK: :[[@LINE+2]]:8: remark: [Passed] PromotedToStack | Category:promote-temporaries-to-stack | Remark="buffer of 64 bytes moved to the stack"
func.func @straight(%x: f32) -> f32 {
  %t = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<16xf32>)
  %v = func.call @reader(%t) : (memref<16xf32>) -> f32
  memref.dealloc %t : memref<16xf32>
  return %v : f32
}

// -----

// In a loop body, the buffer takes one slot of the frame at the start of the
// function, which every iteration takes again: it dies in each iteration,
// and the stack does not grow with them.

// CHECK-LABEL: func @in_loop
//  CHECK-SAME:     (%[[X:.*]]: f32, %[[N:.*]]: index)
//  CHECK-NEXT:   %[[T:.*]] = memref.alloca() : memref<16xf32>
//       CHECK:   scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[X]]) -> (f32)
//  CHECK-NEXT:     linalg.fill ins(%[[ACC]] : f32) outs(%[[T]] : memref<16xf32>)
//  CHECK-NEXT:     %[[V:.*]] = memref.load %[[T]]
//  CHECK-NEXT:     %[[W:.*]] = arith.addf %[[V]], %[[ACC]]
//  CHECK-NEXT:     "test.after"(%[[W]]) : (f32) -> ()
//  CHECK-NEXT:     scf.yield %[[W]] : f32
// REMARK: :[[@LINE+5]]:10: remark: [Passed] PromotedToStack | Category:promote-temporaries-to-stack | Remark="buffer of 64 bytes moved to the stack"
func.func @in_loop(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> f32 {
    %t = memref.alloc() : memref<16xf32>
    linalg.fill ins(%acc : f32) outs(%t : memref<16xf32>)
    %v = memref.load %t[%c0] : memref<16xf32>
    %w = arith.addf %v, %acc : f32
    memref.dealloc %t : memref<16xf32>
    "test.after"(%w) : (f32) -> ()
    scf.yield %w : f32
  }
  return %r : f32
}

// -----

// The same in both regions of an scf.while, and in a block of a region with
// several blocks, which may run more than once.

// CHECK-LABEL: func @while_and_blocks
//  CHECK-NEXT:   memref.alloca() : memref<8xf32>
//  CHECK-NEXT:   memref.alloca() : memref<2xf32>
//  CHECK-NEXT:   memref.alloca() : memref<4xf32>
//       CHECK:   scf.while
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.dealloc
//       CHECK: ^bb1:
//  CHECK-NEXT:   linalg.fill
func.func @while_and_blocks(%x: f32, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %b = memref.alloc() : memref<8xf32>
    linalg.fill ins(%x : f32) outs(%b : memref<8xf32>)
    memref.dealloc %b : memref<8xf32>
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %a = memref.alloc() : memref<2xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<2xf32>)
    memref.dealloc %a : memref<2xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  memref.dealloc %t : memref<4xf32>
  cf.br ^bb2
^bb2:
  return
}

// -----

// An existing alloca_scope releases the stack at its end, so the buffer goes
// to its start; an scf.if branch runs at most once per run of its parent.

// CHECK-LABEL: func @inside_scope_and_branch
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.alloca_scope {
//  CHECK-NEXT:       memref.alloca() : memref<4xf32>
//  CHECK-NEXT:       scf.if
//  CHECK-NEXT:         linalg.fill
//   CHECK-NOT:         memref.dealloc
func.func @inside_scope_and_branch(%x: f32, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      scf.if %c {
        %t = memref.alloc() : memref<4xf32>
        linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
        memref.dealloc %t : memref<4xf32>
      }
    }
  }
  return
}

// -----

// The lowered deallocation frees the base buffer of the strided metadata.

// CHECK-LABEL: func @freed_through_metadata
//       CHECK:   memref.alloca() : memref<8xi32>
//   CHECK-NOT:   extract_strided_metadata
//   CHECK-NOT:   memref.dealloc
func.func @freed_through_metadata(%v: i32) {
  %t = memref.alloc() : memref<8xi32>
  linalg.fill ins(%v : i32) outs(%t : memref<8xi32>)
  %base, %offset, %size, %stride = memref.extract_strided_metadata %t
      : memref<8xi32> -> memref<i32>, index, index, index
  memref.dealloc %base : memref<i32>
  return
}

// -----

// reuse-freed-buffers frees a buffer it took over through the view it made
// of it: the free of a cast or reinterpret_cast frees the allocation.

// CHECK-LABEL: func @freed_through_view
//       CHECK:   %[[T:.*]] = memref.alloca() : memref<4x4xf32>
//       CHECK:   %[[V:.*]] = memref.reinterpret_cast %[[T]]
//       CHECK:   %[[C:.*]] = memref.cast %[[V]]
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[C]]
//   CHECK-NOT:   memref.dealloc
func.func @freed_through_view(%x: f32) {
  %t = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4x4xf32>)
  %v = memref.reinterpret_cast %t to offset: [0], sizes: [16], strides: [1]
      : memref<4x4xf32> to memref<16xf32>
  %c = memref.cast %v : memref<16xf32> to memref<?xf32>
  linalg.fill ins(%x : f32) outs(%c : memref<?xf32>)
  memref.dealloc %c : memref<?xf32>
  return
}

// -----

// Must not fire: the view is used after the free of the buffer.

// CHECK-LABEL: func @view_used_after_free
//       CHECK:   memref.alloc() : memref<4x4xf32>
//       CHECK:   memref.dealloc
func.func @view_used_after_free(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4x4xf32>
  %v = memref.reinterpret_cast %t to offset: [0], sizes: [16], strides: [1]
      : memref<4x4xf32> to memref<16xf32>
  linalg.fill ins(%x : f32) outs(%v : memref<16xf32>)
  memref.dealloc %t : memref<4x4xf32>
  %r = memref.load %v[%c0] : memref<16xf32>
  return %r : f32
}

// -----

// Views of the buffer are fine as long as they die before the free.

// CHECK-LABEL: func @views
//       CHECK:   %[[T:.*]] = memref.alloca() : memref<4x4xf32>
//       CHECK:   memref.subview %[[T]]
//   CHECK-NOT:   memref.dealloc
func.func @views(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4x4xf32>
  %row = memref.subview %t[1, 0] [1, 4] [1, 1]
      : memref<4x4xf32> to memref<4xf32, strided<[1], offset: 4>>
  linalg.fill ins(%x : f32) outs(%row : memref<4xf32, strided<[1], offset: 4>>)
  %v = memref.load %row[%c0] : memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %t : memref<4x4xf32>
  return %v : f32
}

// -----

// Must not fire: a buffer passed to a function without a body, which may
// keep it.

func.func private @external(%m: memref<16xf32>)

// CHECK-LABEL: func @external_call
//       CHECK:   memref.alloc()
//       CHECK:   memref.dealloc
func.func @external_call() {
  %t = memref.alloc() : memref<16xf32>
  func.call @external(%t) : (memref<16xf32>) -> ()
  memref.dealloc %t : memref<16xf32>
  return
}

// -----

// Must not fire: the descriptor is stored, so the buffer may be reached
// after the free.

// CHECK-LABEL: func @stored_descriptor
//       CHECK:   memref.alloc()
//       CHECK:   memref.dealloc
func.func @stored_descriptor(%box: memref<memref<4xf32>>) {
  %t = memref.alloc() : memref<4xf32>
  memref.store %t, %box[] : memref<memref<4xf32>>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// Must not fire: freed in another block, or not at all, or used after the
// free through a value that may alias it.

// CHECK-LABEL: func @not_freed_in_block
//   CHECK-NOT:   memref.alloca
func.func @not_freed_in_block(%c: i1, %other: memref<4xf32>) -> memref<4xf32> {
  %t = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %t : memref<4xf32>
  }
  %u = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %u, %other : memref<4xf32>
  memref.dealloc %u : memref<4xf32>
  "test.use"(%s) : (memref<4xf32>) -> ()
  %r = memref.alloc() : memref<4xf32>
  return %r : memref<4xf32>
}

// -----

// A buffer freed in each region of an scf.if or scf.index_switch of its
// block, after its last use there (where free-buffers-at-last-use sinks a
// free), dies within that op: it goes to the stack, and its frees (and the
// metadata op of one) go away.

// CHECK-LABEL: func @freed_in_regions
//   CHECK-DAG:   %[[T:.*]] = memref.alloca() : memref<4xf32>
//   CHECK-DAG:   %[[S:.*]] = memref.alloca() : memref<8xf32>
//   CHECK-NOT:   memref.alloc()
//   CHECK-NOT:   memref.dealloc
//   CHECK-NOT:   memref.extract_strided_metadata
//       CHECK:   return
// REMARK: :[[@LINE+4]]:8: remark: [Passed] PromotedToStack | Category:promote-temporaries-to-stack | Remark="buffer of 16 bytes moved to the stack"
// REMARK: :[[@LINE+12]]:8: remark: [Passed] PromotedToStack | Category:promote-temporaries-to-stack | Remark="buffer of 32 bytes moved to the stack"
func.func @freed_in_regions(%c: i1, %i: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  memref.store %f, %t[%c0] : memref<4xf32>
  scf.if %c {
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    vector.print %v : f32
  } else {
    memref.dealloc %t : memref<4xf32>
  }
  %s = memref.alloc() : memref<8xf32>
  %view = memref.subview %s[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  scf.index_switch %i
  case 0 {
    memref.store %f, %view[%c0] : memref<4xf32, strided<[1], offset: 2>>
    %base, %offset, %size, %stride = memref.extract_strided_metadata %s : memref<8xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    scf.yield
  }
  default {
    memref.dealloc %s : memref<8xf32>
    scf.yield
  }
  return
}

// -----

// Must not fire: freed in one region of two, in the regions of two ops, or
// deeper than a region's block on some runs only (%w: not where %c holds
// and %d does not).

// CHECK-LABEL: func @not_freed_in_every_region
//   CHECK-NOT:   memref.alloca
func.func @not_freed_in_every_region(%c: i1, %d: i1) {
  %t = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %t : memref<4xf32>
  } else {
    "test.use"(%t) : (memref<4xf32>) -> ()
  }
  %u = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %u : memref<4xf32>
  } else {
  }
  scf.if %d {
  } else {
    memref.dealloc %u : memref<4xf32>
  }
  %w = memref.alloc() : memref<4xf32>
  scf.if %c {
    scf.if %d {
      memref.dealloc %w : memref<4xf32>
    }
  } else {
    memref.dealloc %w : memref<4xf32>
  }
  return
}

// -----

// Freed in each region of the scf.if, directly or in each case of the
// scf.index_switch in it (where free-buffers-at-last-use sinks the free of
// a buffer whose last use in the region is that op), it dies within the
// scf.if: it goes to the stack. A use after the nested op, which runs
// after its frees, keeps %u on the heap.

// CHECK-LABEL: func @freed_in_nested_regions
//       CHECK:   %[[T:.*]] = memref.alloca() : memref<4xf32>
//       CHECK:   %[[U:.*]] = memref.alloc() : memref<4xf32>
//   CHECK-NOT:   memref.dealloc %[[T]]
//       CHECK:   memref.dealloc %[[U]]
//   CHECK-NOT:   memref.dealloc %[[T]]
//       CHECK:   return
func.func @freed_in_nested_regions(%c: i1, %i: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  memref.store %f, %t[%c0] : memref<4xf32>
  scf.if %c {
    scf.index_switch %i
    case 0 {
      %v = memref.load %t[%c0] : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
      vector.print %v : f32
      scf.yield
    }
    default {
      memref.dealloc %t : memref<4xf32>
      scf.yield
    }
  } else {
    memref.dealloc %t : memref<4xf32>
  }
  %u = memref.alloc() : memref<4xf32>
  memref.store %f, %u[%c0] : memref<4xf32>
  scf.if %c {
    scf.if %c {
      memref.dealloc %u : memref<4xf32>
    } else {
      memref.dealloc %u : memref<4xf32>
    }
    "test.use"(%u) : (memref<4xf32>) -> ()
  } else {
    memref.dealloc %u : memref<4xf32>
  }
  return
}

// -----

// A buffer of the block of a cf.cond_br freed at the start of, or after its
// last use in, each successor whose only predecessor that block is (as the
// deallocation frees a buffer that both arms of a diamond use) dies there:
// it moves to the stack, also when a successor reads it in a nested op or
// through a view.

// CHECK-LABEL: func @freed_in_successors
//       CHECK:   memref.alloca() : memref<4xf32>
//   CHECK-NOT:   memref.alloc()
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return
func.func @freed_in_successors(%c: i1, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = memref.alloc() : memref<4xf32>
  memref.store %f, %t[%c0] : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %v = memref.load %t[%c0] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  cf.br ^bb3(%v : f32)
^bb2:
  %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %f) -> f32 {
    %sub = memref.subview %t[1] [2] [1]
        : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    %w = memref.load %sub[%i] : memref<2xf32, strided<[1], offset: 1>>
    %n = arith.addf %a, %w : f32
    scf.yield %n : f32
  }
  memref.dealloc %t : memref<4xf32>
  cf.br ^bb3(%s : f32)
^bb3(%r: f32):
  return %r : f32
}

// -----

// A buffer that one successor reads and frees, and that the block of the
// branch frees under a guard for the path on which it is dead (as the
// deallocation frees a buffer that one arm of a diamond uses): it moves
// too, and the guard goes with the free.

// CHECK-LABEL: func @freed_in_successor_and_guarded
//       CHECK:   memref.alloca() : memref<4xf32>
//   CHECK-NOT:   memref.dealloc
//   CHECK-NOT:   scf.if
//       CHECK:   cf.cond_br
func.func @freed_in_successor_and_guarded(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %b[%c0] : memref<4xf32>
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %b : memref<4xf32>
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %v = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  "test.use"(%v) : (f32) -> ()
  cf.br ^bb2
^bb2:
  return
}

// -----

// Must not fire: a successor that another block reaches too (%a: the join
// ^bb3 frees it); a use in a block that frees nothing and is reached after
// a guarded free (%g); a use after the free in a successor (%d); a branch
// that passes the buffer on (%e); two guarded frees in the block (%h); a
// guard that does more than free (%k); and a guarded free in a block that
// does not branch (%r, in @guarded_without_branch).

// CHECK-LABEL: func @not_freed_in_every_successor
//   CHECK-NOT:   memref.alloca
func.func @not_freed_in_every_successor(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %g = memref.alloc() : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  %e = memref.alloc() : memref<4xf32>
  %h = memref.alloc() : memref<4xf32>
  %k = memref.alloc() : memref<4xf32>
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %g : memref<4xf32>
  }
  scf.if %nc {
    memref.dealloc %h : memref<4xf32>
  }
  scf.if %c {
    memref.dealloc %h : memref<4xf32>
  }
  scf.if %nc {
    memref.store %f, %a[%c0] : memref<4xf32>
    memref.dealloc %k : memref<4xf32>
  }
  cf.cond_br %c, ^bb1, ^bb2(%e : memref<4xf32>)
^bb1:
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  memref.store %f, %d[%c0] : memref<4xf32>
  memref.dealloc %e : memref<4xf32>
  memref.dealloc %k : memref<4xf32>
  cf.br ^bb3
^bb2(%m: memref<4xf32>):
  memref.store %f, %m[%c0] : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  memref.dealloc %e : memref<4xf32>
  cf.br ^bb3
^bb3:
  memref.store %f, %g[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: func @guarded_without_branch
//   CHECK-NOT:   memref.alloca
func.func @guarded_without_branch(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %r = memref.alloc() : memref<4xf32>
  memref.store %f, %r[%c0] : memref<4xf32>
  scf.if %c {
    memref.dealloc %r : memref<4xf32>
  }
  return
}

// -----

// Must not fire: a dynamic size, a memory space other than the default one,
// and an op with regions whose execution is unknown.

// CHECK-LABEL: func @unknown_shapes
//   CHECK-NOT:   memref.alloca
func.func @unknown_shapes(%n: index, %x: f32) {
  %d = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%x : f32) outs(%d : memref<?xf32>)
  memref.dealloc %d : memref<?xf32>
  %g = memref.alloc() : memref<4xf32, 3>
  linalg.fill ins(%x : f32) outs(%g : memref<4xf32, 3>)
  memref.dealloc %g : memref<4xf32, 3>
  "test.region"() ({
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
    memref.dealloc %t : memref<4xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Must not fire: the iterations of a parallel loop may each need their
// buffer at the same time.

// CHECK-LABEL: func @parallel_loop
//       CHECK:   scf.parallel
//  CHECK-NEXT:     memref.alloc() : memref<4xf32>
//   CHECK-NOT:   memref.alloca
func.func @parallel_loop(%x: f32, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    memref.dealloc %t : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// Must not fire: a recursive function would hold the buffer once per active
// call.

// CHECK-LABEL: func @recursive
//       CHECK:   memref.alloc()
func.func @recursive(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  %done = arith.cmpi eq, %n, %c0 : index
  scf.if %done {
  } else {
    %m = arith.subi %n, %c1 : index
    func.call @recursive(%m, %x) : (index, f32) -> ()
  }
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// Two functions that call each other. Over the module, the call graph shows
// the cycle and neither buffer moves. Run per function, the pass may not
// look into the other function, which another thread may be rewriting: a
// call of a function outside of the pass's root counts as one that may
// come back, so neither buffer moves either. @leaf calls nobody and moves
// both ways.

// CHECK-LABEL: func @ping
//       CHECK:   memref.alloc()
// CHECK-LABEL: func @pong
//       CHECK:   memref.alloc()
// CHECK-LABEL: func @leaf
//       CHECK:   memref.alloca()
// NESTED-LABEL: func @ping
//       NESTED:   memref.alloc()
// NESTED-LABEL: func @pong
//       NESTED:   memref.alloc()
// NESTED-LABEL: func @leaf
//       NESTED:   memref.alloca()
func.func @ping(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  %done = arith.cmpi eq, %n, %c0 : index
  scf.if %done {
  } else {
    func.call @pong(%n, %x) : (index, f32) -> ()
  }
  memref.dealloc %t : memref<4xf32>
  return
}

func.func @pong(%n: index, %x: f32) {
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  %m = arith.subi %n, %c1 : index
  func.call @ping(%m, %x) : (index, f32) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

func.func @leaf(%x: f32) {
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%t : memref<4xf32>)
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// The byte limits: a 4 KiB buffer is too large by default and moves with
// max-buffer-bytes=4096; max-frame-bytes=4352 lets the frame of one function
// take 4,352 bytes and no more.

// CHECK-LABEL: func @large
//       CHECK:   memref.alloc() : memref<1024xf32>
// LIMITS-LABEL: func @large
//       LIMITS:   memref.alloca() : memref<1024xf32>
func.func @large(%x: f32) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  return
}

// A buffer's bytes are those the lowering allocates: an i17 element takes 4
// bytes, as in an LLVM array, so 1,200 of them take 4,800 bytes, above
// max-buffer-bytes=4096 (at the data layout's 3 bytes they would fit).

// CHECK-LABEL: func @odd_width
//       CHECK:   memref.alloc() : memref<1200xi17>
// LIMITS-LABEL: func @odd_width
//       LIMITS:   memref.alloc() : memref<1200xi17>
func.func @odd_width(%x: i17) {
  %a = memref.alloc() : memref<1200xi17>
  linalg.fill ins(%x : i17) outs(%a : memref<1200xi17>)
  memref.dealloc %a : memref<1200xi17>
  return
}

// max-frame-bytes counts the slots of a function: %b and %c are alive at the
// same time, so each needs one, and under a limit of 4,352 bytes, after the
// 4,096 of %a, only %b fits.

// CHECK-LABEL: func @frame
//       CHECK:   memref.alloc() : memref<1024xf32>
//       CHECK:   memref.alloca() : memref<64xf32>
//       CHECK:   memref.alloca() : memref<64xf32>
// LIMITS-LABEL: func @frame
//       LIMITS:   memref.alloca() : memref<1024xf32>
//       LIMITS:   memref.alloca() : memref<64xf32>
//       LIMITS:   memref.alloc() : memref<64xf32>
func.func @frame(%x: f32) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  %b = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%c : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// Inputs on which upstream's promote-buffers-to-stack crashes, freed in their
// block here. A memref of memrefs has no data-layout size: it stays on the
// heap, with no crash (llvm-project issues #60092, #61375 with a 32-bit
// index, #109646 with a loop of unknown ops).

// CHECK-LABEL: func @memref_of_memref
//       CHECK:   memref.alloc() : memref<1xmemref<2xf32>>
//       CHECK:   memref.dealloc
func.func @memref_of_memref() {
  %0 = memref.alloc() : memref<1xmemref<2xf32>>
  memref.dealloc %0 : memref<1xmemref<2xf32>>
  return
}

// -----

module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32>> } {
  // CHECK-LABEL: func @memref_of_memref_32
  //       CHECK:   memref.alloc() : memref<1xmemref<1xf32>>
  //       CHECK:   memref.alloca() : memref<4xindex>
  func.func @memref_of_memref_32(%i: index) {
    %0 = memref.alloc() : memref<1xmemref<1xf32>>
    memref.dealloc %0 : memref<1xmemref<1xf32>>
    %1 = memref.alloc() : memref<4xindex>
    linalg.fill ins(%i : index) outs(%1 : memref<4xindex>)
    memref.dealloc %1 : memref<4xindex>
    return
  }
}

// -----

// CHECK-LABEL: func @memref_allocation_only_in_loop
//       CHECK:   memref.alloc() : memref<2xmemref<4xmemref<8xf32>>>
//       CHECK:   scf.for
func.func @memref_allocation_only_in_loop() {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<2 x memref<4 x memref<8 x f32>>>
  scf.for %i = %c0 to %c0 step %c0 {
    %1 = "test.dummy"(%i) : (index) -> (index)
    scf.yield
  }
  memref.dealloc %A : memref<2 x memref<4 x memref<8 x f32>>>
  return
}

// -----

// A private callee whose loop starts as its argument, frees each old state
// under its ownership indicator, and keeps it as double-buffer-loops' spare
// (`scf.if` on the indicator) rather than freeing it: the argument enters the
// loop with a false indicator, so it never reaches the spare, which the
// callee frees under its own flag. The caller's buffer is released when the
// call returns and goes to the stack.

// CHECK-LABEL: func @caller_of_double_buffered_callee
//       CHECK:   %[[B:.*]] = memref.alloca() : memref<4xf32>
//       CHECK:   call @double_buffered_steps(%[[B]]
//  CHECK-NEXT:   return
func.func private @double_buffered_steps(%x: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %none = ub.poison : memref<4xf32>
  %r:4 = scf.for %i = %c0 to %n step %c1
      iter_args(%m = %x, %own = %false, %spare = %none, %has = %false)
      -> (memref<4xf32>, i1, memref<4xf32>, i1) {
    %new = scf.if %has -> (memref<4xf32>) {
      scf.yield %spare : memref<4xf32>
    } else {
      %a = memref.alloc() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    memref.copy %m, %new : memref<4xf32> to memref<4xf32>
    %kept:2 = scf.if %own -> (memref<4xf32>, i1) {
      scf.yield %m, %true : memref<4xf32>, i1
    } else {
      scf.yield %spare, %false : memref<4xf32>, i1
    }
    scf.yield %new, %true, %kept#0, %kept#1 : memref<4xf32>, i1, memref<4xf32>, i1
  }
  scf.if %r#3 {
    memref.dealloc %r#2 : memref<4xf32>
  }
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<4xf32>
  }
  return
}

func.func @caller_of_double_buffered_callee(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  func.call @double_buffered_steps(%b, %n) : (memref<4xf32>, index) -> ()
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// The same once the canonicalizer has folded the hand-over to the spare into
// an `arith.select` on the indicator: where the indicator is false, the
// selection picks the old spare, never the argument.

// CHECK-LABEL: func @caller_of_selecting_callee
//       CHECK:   %[[B:.*]] = memref.alloca() : memref<4xf32>
//       CHECK:   call @selecting_steps(%[[B]]
//  CHECK-NEXT:   return
func.func private @selecting_steps(%x: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %none = ub.poison : memref<4xf32>
  %r:4 = scf.for %i = %c0 to %n step %c1
      iter_args(%m = %x, %own = %false, %spare = %none, %has = %false)
      -> (memref<4xf32>, i1, memref<4xf32>, i1) {
    %new = scf.if %has -> (memref<4xf32>) {
      scf.yield %spare : memref<4xf32>
    } else {
      %a = memref.alloc() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    memref.copy %m, %new : memref<4xf32> to memref<4xf32>
    %kept = arith.select %own, %m, %spare : memref<4xf32>
    scf.yield %new, %true, %kept, %own : memref<4xf32>, i1, memref<4xf32>, i1
  }
  scf.if %r#3 {
    memref.dealloc %r#2 : memref<4xf32>
  }
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<4xf32>
  }
  return
}

func.func @caller_of_selecting_callee(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  func.call @selecting_steps(%b, %n) : (memref<4xf32>, index) -> ()
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// Must not fire: merge-alloc allocated this buffer as a callee's workspace,
// having checked that holding it during the call keeps the caller's peak.
// On the stack, the caller's frame would hold it from its start.

func.func private @callee(%ws: memref<32xi8> {merge_alloc.workspace}) {
  "test.use"(%ws) : (memref<32xi8>) -> ()
  return
}

// CHECK-LABEL: func @workspace_stays_on_heap
//   CHECK-NOT:   memref.alloca
//       CHECK:   %[[W:.*]] = memref.alloc() {merge_alloc.workspace} : memref<32xi8>
//       CHECK:   call @callee(%[[W]])
//       CHECK:   memref.dealloc %[[W]]
func.func @workspace_stays_on_heap() {
  %w = memref.alloc() {merge_alloc.workspace} : memref<32xi8>
  func.call @callee(%w) {merge_alloc.workspace_operand = 0 : i64} : (memref<32xi8>) -> ()
  memref.dealloc %w : memref<32xi8>
  return
}
