// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(elide-buffer-copies))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(elide-buffer-copies))" --split-input-file \
// RUN:   --remarks-filter=elide-buffer-copies --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The copies removed in this file, in order: two in @reuse_source, one in
// @reuse_target, one in @target_used_outside_block, one in
// @source_alias_used_after_free and three in @chain_of_copies.
// REMARK: remark: [Passed] CopyElided | Category:elide-buffer-copies | Remark="copy removed: its target is replaced with its source"
// REMARK-COUNT-3: remark: [Passed] CopyElided | Category:elide-buffer-copies | Remark="copy removed: its source is replaced with its target"
// REMARK-COUNT-4: remark: [Passed] CopyElided | Category:elide-buffer-copies | Remark="copy removed: its target is replaced with its source"
// REMARK-NOT: remark

// Reuse the source: the fresh target is unused before the copy and the
// source dies at it. Then the second copy, out of the same buffer into the
// argument, reuses its target: the fill writes the argument directly.

// CHECK-LABEL: func @reuse_source
//  CHECK-SAME:   (%[[OUT:.*]]: memref<4xf32>)
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.fill {{.*}} outs(%[[OUT]]
//  CHECK-NEXT:   return
func.func @reuse_source(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<4xf32>)
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// The source takes the target's place only with at least the alignment the
// target's allocation asks for.

// CHECK-LABEL: func @source_less_aligned
//       CHECK:   memref.alloc() : memref<4xf32>
//       CHECK:   memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   memref.copy
// CHECK-LABEL: func @source_aligned
//  CHECK-SAME:   (%[[OUT:.*]]: memref<4xf32>)
//       CHECK:   %[[S:.*]] = memref.alloc() {alignment = 64 : i64}
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.copy %[[S]], %[[OUT]]
//   CHECK-NOT:   memref.copy
func.func @source_less_aligned(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<4xf32>)
  %t = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}
func.func @source_aligned(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  %s = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<4xf32>)
  %t = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// Reuse the target: the computation writes into the buffer it was copied
// to, which exists before the temporary and is not touched in between. (The
// target is written before, so the source cannot take its place.)

// CHECK-LABEL: func @reuse_target
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[T]]
//  CHECK-NEXT:   %[[IN:.*]] = memref.alloc() : memref<4xf32>
//  CHECK-NEXT:   linalg.fill {{.*}} outs(%[[IN]]
//  CHECK-NEXT:   linalg.map { arith.addf } ins(%[[IN]], %[[IN]] : {{.*}}) outs(%[[T]] :
//  CHECK-NEXT:   memref.dealloc %[[IN]]
//  CHECK-NEXT:   "test.use"(%[[T]])
func.func @reuse_target() {
  %cst = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%t : memref<4xf32>)
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%in : memref<4xf32>)
  %s = memref.alloc() : memref<4xf32>
  linalg.map { arith.addf } ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%s : memref<4xf32>)
  memref.dealloc %in : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// The source is read after the copy into %t: that copy stays. So does the
// copy of %t into the argument: the op in between has no declared memory
// effects and might access the argument's memory, which the argument would
// then hold too early.

// CHECK-LABEL: func @source_used_after
//  CHECK-SAME:   (%[[OUT:.*]]: memref<4xf32>)
//       CHECK:   %[[S:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[T:.*]] = memref.alloc()
//  CHECK-NEXT:   memref.copy %[[S]], %[[T]]
//  CHECK-NEXT:   "test.use"(%[[S]])
//  CHECK-NEXT:   memref.dealloc %[[S]]
//  CHECK-NEXT:   memref.copy %[[T]], %[[OUT]]
//  CHECK-NEXT:   memref.dealloc %[[T]]
//  CHECK-NEXT:   return
func.func @source_used_after(%out: memref<4xf32>) {
  %s = memref.alloc() : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  "test.use"(%s) : (memref<4xf32>) -> ()
  memref.dealloc %s : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// The target is written before the copy (the copy overwrites it, but a
// view of it is read in between): kept.

// CHECK-LABEL: func @target_used_before
//       CHECK:   memref.copy %{{.*}}, %{{.*}} : memref<2xf32, strided<[1]>> to memref<2xf32>
//       CHECK:   memref.copy %{{.*}}, %{{.*}} : memref<4xf32> to memref<4xf32>
func.func @target_used_before(%out: memref<2xf32>) {
  %s = memref.alloc() : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  %v = memref.subview %t[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  memref.copy %v, %out : memref<2xf32, strided<[1]>> to memref<2xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// The target is used before the allocation of the source and after the
// branch that copies into it, but not between the allocation and the copy:
// the branch writes the target directly.

// CHECK-LABEL: func @target_used_outside_block
//  CHECK-SAME: (%[[C:.*]]: i1, %[[F:.*]]: f32, %[[OUT:.*]]: memref<4xf32>)
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     linalg.fill ins(%[[F]] : f32) outs(%[[OUT]] : memref<4xf32>)
//  CHECK-NEXT:   }
//   CHECK-NOT:   memref.copy
func.func @target_used_outside_block(%c: i1, %f: f32, %out: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<4xf32>)
  scf.if %c {
    %s = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
    memref.copy %s, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %s : memref<4xf32>
  }
  %v = memref.load %out[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// The target is read between the allocation of the source and the copy,
// inside a region: kept.

// CHECK-LABEL: func @target_read_in_region_between
//       CHECK:   %[[S:.*]] = memref.alloc()
//       CHECK:   scf.if
//       CHECK:   memref.copy %[[S]]
func.func @target_read_in_region_between(%c: i1, %f: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
  scf.if %c {
    %v = memref.load %out[%c0] : memref<4xf32>
    memref.store %v, %s[%c0] : memref<4xf32>
  }
  memref.copy %s, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

// Between the allocation of the source and the copy, a value that may be
// the source or the target is read: kept.

// CHECK-LABEL: func @source_or_target_read_between
//       CHECK:   memref.alloc()
//       CHECK:   %[[S:.*]] = memref.alloc()
//       CHECK:   arith.select
//       CHECK:   memref.copy %[[S]]
func.func @source_or_target_read_between(%c: i1, %f: f32, %g: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%g : f32) outs(%t : memref<4xf32>)
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
  %either = arith.select %c, %s, %t : memref<4xf32>
  %v = memref.load %either[%c0] : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  %w = memref.load %t[%c0] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %v, %w : f32, f32
}

// -----

// Reusing the target would write a function argument early while another
// argument, which may be the same buffer, is still read: kept.

// CHECK-LABEL: func @target_may_alias_input
//       CHECK:   linalg.map
//  CHECK-NEXT:   memref.copy
func.func @target_may_alias_input(%in: memref<4xf32>, %out: memref<4xf32>) {
  %s = memref.alloc() : memref<4xf32>
  linalg.map { arith.addf } ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%s : memref<4xf32>)
  memref.copy %s, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

// Different types: kept.

// CHECK-LABEL: func @different_types
//       CHECK:   memref.copy
func.func @different_types(%out: memref<4xf32, strided<[1], offset: ?>>) {
  %s = memref.alloc() : memref<4xf32>
  "test.fill"(%s) : (memref<4xf32>) -> ()
  memref.copy %s, %out : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

// A value that may be the source is read after the source is freed: there
// it can only be the other buffer, so the source still takes the place of
// the target.

// CHECK-LABEL: func @source_alias_used_after_free
//  CHECK-SAME:   (%[[C:.*]]: i1, %[[F:.*]]: f32, %[[O:.*]]: memref<4xf32>)
//       CHECK:   %[[S:.*]] = memref.alloc()
//  CHECK-NEXT:   linalg.fill ins(%[[F]] : f32) outs(%[[S]]
//  CHECK-NEXT:   %[[EITHER:.*]] = arith.select %[[C]], %[[S]], %[[O]]
//  CHECK-NEXT:   %[[V:.*]] = memref.load %[[EITHER]]
//  CHECK-NEXT:   %[[W:.*]] = memref.load %[[EITHER]]
//  CHECK-NEXT:   "test.use"(%[[S]])
//  CHECK-NEXT:   memref.dealloc %[[S]]
//  CHECK-NEXT:   return %[[V]], %[[W]]
func.func @source_alias_used_after_free(%c: i1, %f: f32, %o: memref<4xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
  %either = arith.select %c, %s, %o : memref<4xf32>
  %v = memref.load %either[%c0] : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  %w = memref.load %either[%c0] : memref<4xf32>
  "test.use"(%t) : (memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  return %v, %w : f32, f32
}

// -----

// Between the copy and the free of the source, a view of the source is read
// inside a region, or a value that may be the source is: both copies stay.

// CHECK-LABEL: func @source_read_before_free
//       CHECK:   memref.copy
//  CHECK-NEXT:   scf.if
//       CHECK:   arith.select
//  CHECK-NEXT:   memref.alloc
//  CHECK-NEXT:   memref.copy
func.func @source_read_before_free(%c: i1, %f: f32, %o: memref<4xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  %v = scf.if %c -> f32 {
    %view = memref.subview %s[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    %x = memref.load %view[%c0] : memref<2xf32, strided<[1], offset: 1>>
    scf.yield %x : f32
  } else {
    scf.yield %f : f32
  }
  memref.dealloc %s : memref<4xf32>
  %u = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%u : memref<4xf32>)
  %either = arith.select %c, %u, %o : memref<4xf32>
  %w0 = memref.alloc() : memref<4xf32>
  memref.copy %u, %w0 : memref<4xf32> to memref<4xf32>
  %w = memref.load %either[%c0] : memref<4xf32>
  memref.dealloc %u : memref<4xf32>
  "test.use"(%t, %w0) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %t : memref<4xf32>
  memref.dealloc %w0 : memref<4xf32>
  return %v, %w : f32, f32
}

// -----

// A chain of copies, each out of a buffer that dies at it and into a fresh
// one read after: the first buffer serves the whole chain.

// CHECK-LABEL: func @chain_of_copies
//       CHECK:   %[[S:.*]] = memref.alloc()
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//       CHECK:   "test.use"(%[[S]])
//  CHECK-NEXT:   "test.use"(%[[S]])
//  CHECK-NEXT:   "test.use"(%[[S]])
//  CHECK-NEXT:   memref.dealloc %[[S]]
//  CHECK-NEXT:   return
func.func @chain_of_copies(%f: f32) {
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
  %t1 = memref.alloc() : memref<4xf32>
  memref.copy %s, %t1 : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  "test.use"(%t1) : (memref<4xf32>) -> ()
  %t2 = memref.alloc() : memref<4xf32>
  memref.copy %t1, %t2 : memref<4xf32> to memref<4xf32>
  memref.dealloc %t1 : memref<4xf32>
  "test.use"(%t2) : (memref<4xf32>) -> ()
  %t3 = memref.alloc() : memref<4xf32>
  memref.copy %t2, %t3 : memref<4xf32> to memref<4xf32>
  memref.dealloc %t2 : memref<4xf32>
  "test.use"(%t3) : (memref<4xf32>) -> ()
  memref.dealloc %t3 : memref<4xf32>
  return
}
