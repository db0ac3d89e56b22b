// RUN: mlir-opt %s --allow-unregistered-dialect --promote-temporaries-to-stack \
// RUN:   --split-input-file | FileCheck %s
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file \
// RUN:   --pass-pipeline="builtin.module(promote-temporaries-to-stack{max-frame-bytes=64})" \
// RUN:   | FileCheck %s --check-prefix=FRAME
// RUN: mlir-opt %s --allow-unregistered-dialect --promote-temporaries-to-stack \
// RUN:   --split-input-file --remarks-filter=promote-temporaries-to-stack \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Promoted buffers of one type whose lifetimes are disjoint share one stack
// slot: the second is allocated after the first is freed.

// CHECK-LABEL: func @sequence
//       CHECK:   %[[S:.*]] = memref.alloca() : memref<16xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.load %[[S]]
//  CHECK-NEXT:   memref.load %[[S]]
//  CHECK-NEXT:   return
// FRAME-LABEL: func @sequence
//       FRAME:   memref.alloca() : memref<16xf32>
//   FRAME-NOT:   memref.alloc
//       FRAME:   return
// REMARK: :[[@LINE+4]]:8: remark: [Passed] PromotedToStack | Category:promote-temporaries-to-stack | Remark="buffer of 64 bytes moved to the stack"
// REMARK: :[[@LINE+6]]:8: remark: [Passed] PromotedToStack | Category:promote-temporaries-to-stack | Remark="buffer of 64 bytes moved to the stack, in the slot of a buffer dead whenever it is alive"
func.func @sequence() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %u1 = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %u2 = memref.load %b[%c0] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// A buffer of an scf.if arm and one of a loop body are dead after their
// ops: the buffer allocated after both takes their slot.

// CHECK-LABEL: func @after_branch_and_loop
//       CHECK:   %[[S:.*]] = memref.alloca() : memref<8xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   scf.if
//  CHECK-NEXT:     memref.load %[[S]]
//       CHECK:   scf.for
//  CHECK-NEXT:     memref.load %[[S]]
//       CHECK:   memref.load %[[S]]
//  CHECK-NEXT:   return
func.func @after_branch_and_loop(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    %a = memref.alloc() : memref<8xf32>
    %u3 = memref.load %a[%c0] : memref<8xf32>
    memref.dealloc %a : memref<8xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %l = memref.alloc() : memref<8xf32>
    %u4 = memref.load %l[%c0] : memref<8xf32>
    memref.dealloc %l : memref<8xf32>
  }
  %b = memref.alloc() : memref<8xf32>
  %u5 = memref.load %b[%c0] : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}

// -----

// Overlapping lifetimes: each buffer takes a slot of its own. Under a frame
// limit of one buffer, the second stays on the heap.

// CHECK-LABEL: func @overlap
//       CHECK:   %[[A:.*]] = memref.alloca() : memref<16xf32>
//  CHECK-NEXT:   %[[B:.*]] = memref.alloca() : memref<16xf32>
//  CHECK-NEXT:   memref.load %[[A]]
//  CHECK-NEXT:   memref.load %[[B]]
// FRAME-LABEL: func @overlap
//       FRAME:   memref.alloc() : memref<16xf32>
//       FRAME:   memref.dealloc
func.func @overlap() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %ua = memref.load %a[%c0] : memref<16xf32>
  %ub = memref.load %b[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// A buffer alive across a loop overlaps the buffer of the loop body in
// every iteration: two slots.

// CHECK-LABEL: func @around_loop
//       CHECK:   %[[L:.*]] = memref.alloca() : memref<16xf32>
//       CHECK:   %[[A:.*]] = memref.alloca() : memref<16xf32>
//  CHECK-NEXT:   scf.for
//  CHECK-NEXT:     memref.load %[[L]]
//       CHECK:   memref.load %[[A]]
func.func @around_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %l = memref.alloc() : memref<16xf32>
    %u6 = memref.load %l[%c0] : memref<16xf32>
    memref.dealloc %l : memref<16xf32>
  }
  %u7 = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// Another type, or another alignment, takes a slot of its own.

// CHECK-LABEL: func @type_and_alignment
//   CHECK-DAG:   memref.alloca() : memref<16xf32>
//   CHECK-DAG:   memref.alloca() : memref<16xi32>
//   CHECK-DAG:   memref.alloca() {alignment = 64 : i64} : memref<16xf32>
//   CHECK-NOT:   memref.alloc
func.func @type_and_alignment() {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %u8 = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xi32>
  %u9 = memref.load %b[%c0] : memref<16xi32>
  memref.dealloc %b : memref<16xi32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %u10 = memref.load %c[%c0] : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// -----

// A buffer freed in the successors of its block lives past its block's
// terminator: it neither takes nor gives a shared slot.

// CHECK-LABEL: func @freed_in_successors
//       CHECK:   %[[B:.*]] = memref.alloca() : memref<16xf32>
//       CHECK:   %[[A:.*]] = memref.alloca() : memref<16xf32>
//  CHECK-NEXT:   memref.load %[[A]]
//       CHECK:   ^bb3:
//  CHECK-NEXT:   memref.load %[[B]]
func.func @freed_in_successors(%c: i1) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %u11 = memref.load %a[%c0] : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb3
^bb2:
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb3
^bb3:
  %b = memref.alloc() : memref<16xf32>
  %u12 = memref.load %b[%c0] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// Blocks of a cf loop: each buffer dies in its own block, which runs to its
// end before the other runs, so the two share a slot on every path round the
// loop.

// CHECK-LABEL: func @cf_loop_blocks
//       CHECK:   %[[S:.*]] = memref.alloca() : memref<16xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   ^bb1:
//  CHECK-NEXT:   memref.load %[[S]]
//       CHECK:   ^bb2:
//  CHECK-NEXT:   memref.load %[[S]]
//   CHECK-NOT:   memref.alloc
//       CHECK:   return
func.func @cf_loop_blocks(%c: i1) {
  %c0 = arith.constant 0 : index
  cf.br ^bb1
^bb1:
  %a = memref.alloc() : memref<16xf32>
  %u1 = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb2
^bb2:
  %b = memref.alloc() : memref<16xf32>
  %u2 = memref.load %b[%c0] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb3
^bb3:
  return
}
