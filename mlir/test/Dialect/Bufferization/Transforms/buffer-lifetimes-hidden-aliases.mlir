// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s --check-prefix=FREE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s --check-prefix=REUSE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(elide-buffer-copies))" --split-input-file | FileCheck %s --check-prefix=ELIDE

// Aliases that `BufferViewFlowAnalysis` does not see and uses that may keep a
// buffer reachable: the lifetime passes must take both into account. Every
// function here is valid input that the passes must leave as it is, except
// for the moves and rewrites checked explicitly.

// `memref.transpose` is neither a view nor known to the analysis, which
// takes its result for a fresh buffer. The buffer is read through it after
// the last direct use, so its free stays after that read.

// FREE-LABEL: func @read_through_transpose
//       FREE:   %[[T:.*]] = memref.transpose %[[A:[^ ]*]]
//       FREE:   %[[B:.*]] = memref.alloc()
//  FREE-NEXT:   linalg.fill {{.*}} outs(%[[B]] :
//  FREE-NEXT:   memref.dealloc %[[B]]
//  FREE-NEXT:   memref.load %[[T]]
//  FREE-NEXT:   memref.dealloc %[[A]]
//  FREE-NEXT:   memref.store
func.func @read_through_transpose(%out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<2x2xf32>)
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %b = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<2x2xf32>)
  %v = memref.load %t[%c0, %c0] : memref<2x2xf32, strided<[1, 2]>>
  memref.store %v, %out[] : memref<f32>
  memref.dealloc %a : memref<2x2xf32>
  memref.dealloc %b : memref<2x2xf32>
  return
}

// -----

// `memref.distinct_objects` returns its operands, each as the result of its
// position, which `BufferViewFlowAnalysis` does not know: the analysis links
// each result to its own operand only. A read through %d#1 keeps %b alive,
// and one through %d#0 keeps %a, not %b.

// FREE-LABEL: func @read_through_distinct_objects
//       FREE:   %[[D:.*]]:2 = memref.distinct_objects %[[A:[^,]*]], %[[B:[^ ]*]]
//  FREE-NEXT:   linalg.fill
//  FREE-NEXT:   linalg.fill
//  FREE-NEXT:   memref.load %[[D]]#1
//  FREE-NEXT:   memref.dealloc %[[B]]
//  FREE-NEXT:   memref.load %[[D]]#0
//  FREE-NEXT:   memref.dealloc %[[A]]
//  FREE-NEXT:   arith.addf
func.func @read_through_distinct_objects(%out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %d:2 = memref.distinct_objects %a, %b : memref<4xf32>, memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%cst : f32) outs(%b : memref<4xf32>)
  %w = memref.load %d#1[%c0] : memref<4xf32>
  %v = memref.load %d#0[%c0] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  memref.store %s, %out[] : memref<f32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// The descriptor of the buffer is stored into memory and loaded back: the
// store is no read or write of the buffer, and the load gives an alias that
// nothing tracks. The buffer stays alive until the deallocation the input
// has.

// FREE-LABEL: func @stored_descriptor
//       FREE:   memref.store %[[A:.*]], %{{.*}}[] : memref<memref<4xf32>>
//       FREE:   %[[L:.*]] = memref.load %{{.*}}[] : memref<memref<4xf32>>
//  FREE-NEXT:   memref.load %[[L]]
//  FREE-NEXT:   memref.store
//  FREE-NEXT:   memref.dealloc %[[A]]
//  FREE-NEXT:   return
func.func @stored_descriptor(%box: memref<memref<4xf32>>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<4xf32>)
  memref.store %a, %box[] : memref<memref<4xf32>>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<4xf32>)
  memref.dealloc %b : memref<4xf32>
  %l = memref.load %box[] : memref<memref<4xf32>>
  %v = memref.load %l[%c0] : memref<4xf32>
  memref.store %v, %out[] : memref<f32>
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// A buffer whose descriptor was stored is not handed to a later allocation,
// even after it is freed: the stored descriptor may still be loaded.

// REUSE-LABEL: func @reuse_after_stored_descriptor
//       REUSE:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//  REUSE-NEXT:   memref.store %[[A]]
//  REUSE-NEXT:   memref.dealloc %[[A]]
//  REUSE-NEXT:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//  REUSE-NEXT:   linalg.fill {{.*}} outs(%[[B]]
func.func @reuse_after_stored_descriptor(%box: memref<memref<4xf32>>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<4xf32>)
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// The source of the copy is read through a transpose after the copy: the
// target cannot take over the source's buffer, which the target's writes
// would change.

// ELIDE-LABEL: func @copy_source_read_through_transpose
//       ELIDE:   memref.copy
//       ELIDE:   return
func.func @copy_source_read_through_transpose(%out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %s = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<2x2xf32>)
  %st = memref.transpose %s (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %t = memref.alloc() : memref<2x2xf32>
  memref.copy %s, %t : memref<2x2xf32> to memref<2x2xf32>
  linalg.fill ins(%two : f32) outs(%t : memref<2x2xf32>)
  %v = memref.load %st[%c0, %c0] : memref<2x2xf32, strided<[1, 2]>>
  memref.store %v, %out[] : memref<f32>
  memref.dealloc %s : memref<2x2xf32>
  memref.dealloc %t : memref<2x2xf32>
  return
}

// -----

// The descriptor of the source was stored before the copy and is loaded
// and read between the copy and the source's deallocation.

// ELIDE-LABEL: func @copy_source_stored(
//       ELIDE:   memref.copy
//       ELIDE:   return
func.func @copy_source_stored(%box: memref<memref<4xf32>>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = memref.alloc() : memref<4xf32>
  memref.store %s, %box[] : memref<memref<4xf32>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  linalg.fill ins(%two : f32) outs(%t : memref<4xf32>)
  %l = memref.load %box[] : memref<memref<4xf32>>
  %v = memref.load %l[%c0] : memref<4xf32>
  memref.store %v, %out[] : memref<f32>
  memref.dealloc %s : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// The same with nothing between the copy and the deallocation of the source:
// a stored descriptor of the source can only be loaded after the input frees
// the source, so the copy goes.

// ELIDE-LABEL: func @copy_source_stored_freed_at_copy
//   ELIDE-NOT:   memref.copy
//       ELIDE:   return
func.func @copy_source_stored_freed_at_copy(%box: memref<memref<4xf32>>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %s = memref.alloc() : memref<4xf32>
  memref.store %s, %box[] : memref<memref<4xf32>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32> to memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%t : memref<4xf32>)
  %v = memref.load %t[%c0] : memref<4xf32>
  memref.store %v, %out[] : memref<f32>
  memref.dealloc %t : memref<4xf32>
  return
}
