// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership),canonicalize)" --split-input-file | FileCheck %s
// The pass's own clean-up leaves what the canonicalizer leaves.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership{canonicalize=true}))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership))" --split-input-file \
// RUN:   --remarks-filter=simplify-loop-ownership --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The IR is what ownership-based-buffer-deallocation, canonicalize and
// buffer-deallocation-simplification produce for `x = c ? f(x) : x`: a
// buffer from before an `scf.if` or `scf.index_switch` that some regions
// yield, and that the block frees right after the op, is handed over to the
// regions. Those that yield it return it owned; the others free it. The
// result is then always owned, and the runtime alias check of the buffer
// against the result goes away.

// CHECK-LABEL: func @if_hands_over
//  CHECK-SAME: (%[[C:.*]]: i1)
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]] = scf.if %[[C]] -> (memref<4xf32>) {
//       CHECK:     %[[NEW:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.copy %[[A]], %[[NEW]]
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[TRUE]])
//  CHECK-NEXT:     scf.yield %[[NEW]] : memref<4xf32>
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[A]] : memref<4xf32>
//  CHECK-NEXT:   }
//       CHECK:   %[[RB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @if_hands_over(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %a, %new : memref<4xf32> to memref<4xf32>
    scf.yield %new, %true : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  linalg.fill ins(%f : f32) outs(%r#0 : memref<4xf32>)
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// Two cases of a switch free the buffer, under the condition the block
// freed it with; the case that yields it returns that condition.

// CHECK-LABEL: func @switch_hands_over
//  CHECK-SAME: (%[[I:.*]]: index, %[[OWN:.*]]: i1, %[[A:.*]]: memref<4xf32>)
//       CHECK:   %[[R:.*]]:2 = scf.index_switch %[[I]] -> memref<4xf32>, i1
//       CHECK:   case 0 {
//  CHECK-NEXT:     scf.yield %[[A]], %[[OWN]] : memref<4xf32>, i1
//       CHECK:   case 1 {
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[OWN]])
//  CHECK-NEXT:     scf.yield %{{.*}}, %true
//       CHECK:   default {
//  CHECK-NEXT:     memref.alloc()
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[OWN]])
//  CHECK-NEXT:     scf.yield %{{.*}}, %true
//       CHECK:   %[[RB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[R]]#1)
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @switch_hands_over(%i: index, %own: i1, %a: memref<4xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %r:2 = scf.index_switch %i -> memref<4xf32>, i1
  case 0 {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  case 1 {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %a, %new : memref<4xf32> to memref<4xf32>
    scf.yield %new, %true : memref<4xf32>, i1
  }
  default {
    %new = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  linalg.fill ins(%f : f32) outs(%r#0 : memref<4xf32>)
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%own, %r#1)
  return
}

// -----

// A view of the buffer from before the scf.if is read after it: on the runs
// through the then region, the buffer would be freed before that read. The
// buffer stays with the block.

// CHECK-LABEL: func @view_used_after
//       CHECK:   scf.if
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:   } else {
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<4xf32>, memref<f32>) if (%true, %{{.*}})
// REMARK-NOT: remark:
func.func @view_used_after(%c: i1) -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
    scf.yield %new, %true : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  linalg.fill ins(%f : f32) outs(%r#0 : memref<4xf32>)
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 2>>
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return %x : f32
}

// -----

// The result leaves the function: the dealloc retains it and joins the
// ownership it updates for it with the result's indicator. The indicator
// still tells whether the result is owned once the regions take the buffer
// over, so the hand-over happens, and the result is always owned.

// CHECK-LABEL: func @result_retained
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]] = scf.if
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[TRUE]])
//  CHECK-NEXT:     scf.yield
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[A]] : memref<4xf32>
//  CHECK-NEXT:   }
//   CHECK-NOT:   bufferization.dealloc (%[[A]]
//       CHECK:   return %[[R]], %[[TRUE]] : memref<4xf32>, i1
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @result_retained(%c: i1) -> (memref<4xf32>, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
    scf.yield %new, %true : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %o = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%r#0 : memref<4xf32>)
  %own = arith.ori %o, %r#1 : i1
  return %r#0, %own : memref<4xf32>, i1
}

// -----

// The form the deallocation gives a result that leaves a function whose
// results are owned: a clone where the result is not owned. Once the regions
// take the buffer over, the result is always owned and needs no clone.

// CHECK-LABEL: func @result_cloned_unless_owned
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]] = scf.if
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>)
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield %[[A]] : memref<4xf32>
//  CHECK-NEXT:   }
//   CHECK-NOT:   bufferization.clone
//   CHECK-NOT:   bufferization.dealloc (%[[A]]
//       CHECK:   return %[[R]] : memref<4xf32>
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @result_cloned_unless_owned(%c: i1) -> memref<4xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    linalg.map { arith.addf } ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%new : memref<4xf32>)
    scf.yield %new, %true : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  %owned = scf.if %r#1 -> (memref<4xf32>) {
    scf.yield %r#0 : memref<4xf32>
  } else {
    %copy = bufferization.clone %r#0 : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %o = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%owned : memref<4xf32>)
  return %owned : memref<4xf32>
}

// -----

// The indicator has a use that does not read it as the ownership of the
// result: the buffer stays with the block.

// CHECK-LABEL: func @indicator_used_otherwise
//       CHECK:   scf.if
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:   } else {
//       CHECK:   bufferization.dealloc ({{.*}}) if ({{.*}}) retain
// REMARK-NOT: remark:
func.func @indicator_used_otherwise(%c: i1) -> (memref<4xf32>, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
    scf.yield %new, %true : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  "test.use"(%r#1) : (i1) -> ()
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %o = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%r#0 : memref<4xf32>)
  %own = arith.ori %o, %r#1 : i1
  return %r#0, %own : memref<4xf32>, i1
}

// -----

// The dealloc retains the buffer itself, not only through the result: the
// buffer stays with the block.

// CHECK-LABEL: func @buffer_retained
//       CHECK:   scf.if
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:   } else {
//       CHECK:   bufferization.dealloc ({{.*}}) if ({{.*}}) retain
// REMARK-NOT: remark:
func.func @buffer_retained(%c: i1) -> (memref<4xf32>, memref<4xf32>, i1, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
    scf.yield %new, %true : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %o:2 = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%r#0, %a : memref<4xf32>, memref<4xf32>)
  %own = arith.ori %o#0, %r#1 : i1
  return %r#0, %a, %own, %o#1 : memref<4xf32>, memref<4xf32>, i1, i1
}

// -----

// A region yields a cast of the buffer, a value of its own that is the
// buffer: it frees the buffer unless the cast is it, and returns the cast
// owned where it is (always, which the lowering sees). The other region
// frees the buffer, and the dealloc after the op frees only the result.

// CHECK-LABEL: func @region_yields_cast
//  CHECK-SAME: (%[[C:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]]:2 = scf.if %[[C]]
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%true){{$}}
//       CHECK:     scf.yield %{{.*}}, %true
//       CHECK:   } else {
//       CHECK:     %[[CAST:.*]] = memref.cast %[[A]]
//       CHECK:     %[[OWN:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%true) retain (%[[CAST]] : memref<?xf32>)
//       CHECK:     scf.yield %[[CAST]], %[[OWN]]
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[R]]#1){{$}}
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @region_yields_cast(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<?xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
    %cast = memref.cast %new : memref<4xf32> to memref<?xf32>
    scf.yield %cast, %true : memref<?xf32>, i1
  } else {
    %cast = memref.cast %a : memref<4xf32> to memref<?xf32>
    scf.yield %cast, %false : memref<?xf32>, i1
  }
  linalg.fill ins(%f : f32) outs(%r#0 : memref<?xf32>)
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<?xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// No region owns what it yields (the then region yields a stack buffer), so
// the scf.if has no indicators and nothing frees its result. The then
// region frees %a, and the scf.if gets an indicator, true where the else
// region, which yields %a, ran: the dealloc after it frees the result under
// it (canonicalized to the negated condition).

// CHECK-LABEL: func @unowned_result(
//  CHECK-SAME: %[[C:[^:]*]]: i1
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[ELSE:.*]] = arith.xori %[[C]], %[[TRUE]] : i1
//       CHECK:   %[[R:.*]] = scf.if %[[C]] -> (memref<4xf32>) {
//  CHECK-NEXT:     %[[S:.*]] = memref.alloca() : memref<4xf32>
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[TRUE]])
//  CHECK-NEXT:     scf.yield %[[S]] : memref<4xf32>
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[A]] : memref<4xf32>
//  CHECK-NEXT:   }
//       CHECK:   %[[RB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[ELSE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @unowned_result(%c: i1, %out: memref<f32>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r = scf.if %c -> (memref<4xf32>) {
    %s = memref.alloca() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
    scf.yield %s : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  memref.store %x, %out[] : memref<f32>
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  return
}

// -----

// The same, but the result is used after the dealloc, which would free it
// before that use where the else region ran. The buffer stays with the
// block.

// CHECK-LABEL: func @unowned_result_used_after
//       CHECK:   scf.if
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:   } else {
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<4xf32>) if (%true)
//  CHECK-NEXT:   memref.load
// REMARK-NOT: remark:
func.func @unowned_result_used_after(%c: i1, %out: memref<f32>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r = scf.if %c -> (memref<4xf32>) {
    %s = memref.alloca() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%s : memref<4xf32>)
    scf.yield %s : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  %x = memref.load %r[%c0] : memref<4xf32>
  memref.store %x, %out[] : memref<f32>
  return
}

// -----

// The then region yields the result of a nested scf.if, which may be %a: it
// frees %a unless that result is %a (a dealloc that retains it), and yields
// the result owned where it is %a. The else region yields %a owned.

// CHECK-LABEL: func @nested_may_keep(
//  CHECK-SAME: %[[C:[^:]*]]: i1, %[[D:[^:]*]]: i1
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]]:2 = scf.if %[[C]] -> (memref<4xf32>, i1) {
//  CHECK-NEXT:     %[[NEW:.*]] = arith.xori %[[D]], %[[TRUE]] : i1
//  CHECK-NEXT:     %[[IN:.*]] = scf.if %[[D]]
//       CHECK:     } else {
//       CHECK:     }
//  CHECK-NEXT:     %[[O:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[TRUE]]) retain (%[[IN]] : memref<4xf32>)
//  CHECK-NEXT:     %[[OWN:.*]] = arith.ori %[[NEW]], %[[O]] : i1
//  CHECK-NEXT:     scf.yield %[[IN]], %[[OWN]] : memref<4xf32>, i1
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[A]], %[[TRUE]] : memref<4xf32>, i1
//  CHECK-NEXT:   }
//       CHECK:   %[[RB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[R]]#1)
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @nested_may_keep(%c: i1, %d: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.if %c -> (memref<4xf32>, i1) {
    %in:2 = scf.if %d -> (memref<4xf32>, i1) {
      scf.yield %a, %false : memref<4xf32>, i1
    } else {
      %new = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%new : memref<4xf32>)
      scf.yield %new, %true : memref<4xf32>, i1
    }
    scf.yield %in#0, %in#1 : memref<4xf32>, i1
  } else {
    scf.yield %a, %false : memref<4xf32>, i1
  }
  linalg.fill ins(%f : f32) outs(%r#0 : memref<4xf32>)
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// A region yields a value of its own that may be the buffer: an `scf.for`
// that takes it as its init and may run no iteration. That region frees the
// buffer unless the loop gave it back, and returns the result owned where
// the loop does or where it is the buffer; the other region frees it.

// CHECK-LABEL: func @region_loop_may_yield_buffer
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]]:2 = scf.if
//       CHECK:     %[[L:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %false)
//       CHECK:     }
//       CHECK:     %[[KEPT:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%true) retain (%[[L]]#0 : memref<4xf32>)
//       CHECK:     %[[OWN:.*]] = arith.ori %[[L]]#1, %[[KEPT]]
//       CHECK:     scf.yield %[[L]]#0, %[[OWN]]
//       CHECK:   } else {
//       CHECK:     bufferization.dealloc (%[[A]] : memref<4xf32>) if (%true){{$}}
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[R]]#1){{$}}
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="regions take over the ownership of a buffer they yield"
func.func @region_loop_may_yield_buffer(%arg0: i1, %arg1: index) -> f32 {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  %0:2 = scf.if %arg0 -> (memref<4xf32>, i1) {
    %2:2 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %alloc, %arg4 = %false) -> (memref<4xf32>, i1) {
      %alloc_4 = memref.alloc() : memref<4xf32>
      linalg.map { arith.addf } ins(%arg3, %arg3 : memref<4xf32>, memref<4xf32>) outs(%alloc_4 : memref<4xf32>)
      %base_buffer_5, %offset_6, %sizes_7, %strides_8 = memref.extract_strided_metadata %arg3 : memref<4xf32> -> memref<f32>, index, index, index
      bufferization.dealloc (%base_buffer_5 : memref<f32>) if (%arg4)
      %true_9 = arith.constant true
      scf.yield %alloc_4, %true_9 : memref<4xf32>, i1
    }
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %2#0 : memref<4xf32> -> memref<f32>, index, index, index
    scf.yield %2#0, %2#1 : memref<4xf32>, i1
  } else {
    %alloc_0 = memref.alloc() : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<4xf32>)
    %true_1 = arith.constant true
    scf.yield %alloc_0, %true_1 : memref<4xf32>, i1
  }
  %1 = memref.load %0#0[%c0] : memref<4xf32>
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%alloc, %base_buffer : memref<4xf32>, memref<f32>) if (%true, %0#1)
  return %1 : f32
}
