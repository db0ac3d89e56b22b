// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership),canonicalize)" --split-input-file | FileCheck %s
// The pass's own clean-up leaves what the canonicalizer leaves.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership{canonicalize=true}))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(simplify-loop-ownership))" --split-input-file \
// RUN:   --remarks-filter=simplify-loop-ownership --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The IR is what ownership-based-buffer-deallocation, canonicalize and
// buffer-deallocation-simplification produce.

// A loop that yields a fresh buffer in every iteration takes over its init
// buffer, which the function freed right after the loop: the indicator is
// true in every iteration and folds away.

// CHECK-LABEL: func @for_fresh_buffer
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%[[M:.*]] = %[[A]]) -> (memref<4xf32>) {
//       CHECK:     %[[NEW:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     %[[MB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[M]]
//       CHECK:     bufferization.dealloc (%[[MB]] : memref<f32>) if (%[[TRUE]])
//       CHECK:     scf.yield %[[NEW]] : memref<4xf32>
//       CHECK:   }
//       CHECK:   %[[RB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @for_fresh_buffer(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%r#0) : (memref<4xf32>) -> ()
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The init is passed to an op of unknown effects before the loop, which may
// keep its address: it stays with the function.

// CHECK-LABEL: func @for_init_used_by_unknown_op
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %false)
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<4xf32>, memref<f32>) if (%true, %{{.*}}#1)
func.func @for_init_used_by_unknown_op(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  "test.fill"(%a) : (memref<4xf32>) -> ()
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The descriptor of the init is stored before the loop and loaded back in
// every iteration: freeing the init in the first iteration would let the
// second one read freed memory.

// CHECK-LABEL: func @for_init_descriptor_stored
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %false)
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<4xf32>, memref<f32>) if (%true, %{{.*}}#1)
func.func @for_init_descriptor_stored(%n: index, %box: memref<memref<4xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  memref.store %a, %box[] : memref<memref<4xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    %old = memref.load %box[] : memref<memref<4xf32>>
    test.copy(%old, %new) : (memref<4xf32>, memref<4xf32>)
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The loop reads the init through a `memref.transpose`, which
// `BufferViewFlowAnalysis` does not link to its source, in every iteration.

// CHECK-LABEL: func @for_init_transpose_read_in_loop
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %false)
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<2x2xf32>, memref<f32>) if (%true, %{{.*}}#1)
func.func @for_init_transpose_read_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<2x2xf32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<2x2xf32>, i1) {
    %new = memref.alloc() : memref<2x2xf32>
    test.copy(%t, %new) : (memref<2x2xf32, strided<[1, 2]>>, memref<2x2xf32>)
    %base, %off, %size:2, %stride:2 = memref.extract_strided_metadata %m : memref<2x2xf32> -> memref<f32>, index, index, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<2x2xf32>, i1
  }
  %rb, %roff, %rsize:2, %rstride:2 = memref.extract_strided_metadata %r#0 : memref<2x2xf32> -> memref<f32>, index, index, index, index, index
  bufferization.dealloc (%a, %rb : memref<2x2xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// A dynamic condition is handed over as it is.

// CHECK-LABEL: func @for_dynamic_condition
//  CHECK-SAME:   (%{{.*}}: index, %[[C:.*]]: i1)
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, %[[OWN:.*]] = %[[C]]) -> (memref<4xf32>, i1)
//       CHECK:   bufferization.dealloc ({{.*}} : memref<f32>) if (%{{.*}}#1)
//  CHECK-NEXT:   return
func.func @for_dynamic_condition(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%c, %r#1)
  return
}

// -----

// The init buffer is read after the loop: the loop must not free it.

// CHECK-LABEL: func @for_init_used_after_loop
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   scf.for {{.*}} iter_args({{.*}} = %[[A]], {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%[[A]], {{.*}} : memref<4xf32>, memref<f32>)
func.func @for_init_used_after_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  "test.use"(%a) : (memref<4xf32>) -> ()
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// A view of the init buffer is read in every iteration: freeing the init in
// the first one would make the later reads use freed memory.

// CHECK-LABEL: func @for_init_view_used_in_loop
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%{{.*}}, {{.*}} : memref<4xf32>, memref<f32>)
func.func @for_init_view_used_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %view = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%view, %new) : (memref<2xf32, strided<[1]>>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The loop may yield a buffer it does not own (here its argument): the
// indicator is not constant, and the init stays with the function.

// CHECK-LABEL: func @for_not_always_owned
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%{{.*}}, {{.*}} : memref<4xf32>, memref<f32>)
func.func @for_not_always_owned(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    %next = arith.select %c, %new, %m : memref<4xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    %nb, %noff, %nsize, %nstride = memref.extract_strided_metadata %new : memref<4xf32> -> memref<f32>, index, index, index
    %o:1 = bufferization.dealloc (%base, %nb : memref<f32>, memref<f32>) if (%own, %true) retain (%next : memref<4xf32>)
    scf.yield %next, %o#0 : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The function returns the init buffer, so the dealloc retains it: no
// transfer.

// CHECK-LABEL: func @for_init_retained
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
func.func @for_init_retained(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %keep = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%a : memref<4xf32>)
  return %a : memref<4xf32>
}

// -----

// The loop's result leaves the function. The dealloc after the loop retains
// what the function returns: the result itself if the loop owns it, a clone
// otherwise (a loop that does not iterate). It frees the result under the
// loop's indicator, so the loop can take the init over: the indicator is
// then true, the clone goes away, and the function frees nothing after the
// loop that it returns.

// CHECK-LABEL: func @for_result_returned
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[A]]) -> (memref<4xf32>) {
//       CHECK:   }
//   CHECK-NOT:   bufferization.clone
//       CHECK:   %[[RB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[TRUE]]) retain (%[[R]] : memref<4xf32>)
//  CHECK-NEXT:   return %[[R]]
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @for_result_returned(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %ret = scf.if %r#1 -> (memref<4xf32>) {
    scf.yield %r#0 : memref<4xf32>
  } else {
    %copy = bufferization.clone %r#0 : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %keep = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%ret : memref<4xf32>)
  return %ret : memref<4xf32>
}

// -----

// A dealloc that retains what it returns but frees the loop's result under
// another condition than the loop's indicator: a loop that does not iterate
// would hand the init on with an ownership nobody accounts for. No transfer.

// CHECK-LABEL: func @for_result_freed_under_other_condition
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<4xf32>, memref<f32>) if (%{{.*}}, %{{.*}}) retain
func.func @for_result_freed_under_other_condition(%n: index, %c: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %copy = bufferization.clone %r#0 : memref<4xf32> to memref<4xf32>
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %keep = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %c) retain (%copy : memref<4xf32>)
  return %copy : memref<4xf32>
}

// -----

// The loop's result is yielded by an outer loop: the inner dealloc retains
// it and its updated ownership is joined with the inner loop's indicator,
// as buffer-deallocation-simplification leaves it. The inner loop takes its
// init over, a fresh buffer of the outer iteration that the outer iteration
// argument (a buffer of an earlier iteration) cannot be. Its indicator is
// then true, so the outer loop always yields an owned buffer and takes its
// own init over too.

// CHECK-LABEL: func @for_result_yielded_further
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[O:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[A]]) -> (memref<4xf32>)
//       CHECK:     %[[START:.*]] = memref.alloc()
//       CHECK:     %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[START]]) -> (memref<4xf32>)
//       CHECK:       bufferization.dealloc ({{.*}} : memref<f32>) if (%[[TRUE]])
//       CHECK:     }
//   CHECK-NOT:     bufferization.dealloc (%[[START]]
//       CHECK:     scf.yield %[[R]] : memref<4xf32>
//       CHECK:   }
//   CHECK-NOT:   bufferization.dealloc (%[[A]]
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return %[[O]]
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @for_result_yielded_further(%n: index, %k: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %o:2 = scf.for %j = %c0 to %k step %c1 iter_args(%acc = %a, %accown = %false) -> (memref<4xf32>, i1) {
    %start = memref.alloc() : memref<4xf32>
    "test.copy"(%acc, %start) : (memref<4xf32>, memref<4xf32>) -> ()
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %start, %own = %false) -> (memref<4xf32>, i1) {
      %new = memref.alloc() : memref<4xf32>
      "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
      %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
      bufferization.dealloc (%base : memref<f32>) if (%own)
      scf.yield %new, %true : memref<4xf32>, i1
    }
    %ab, %aoff, %asize, %astride = memref.extract_strided_metadata %acc : memref<4xf32> -> memref<f32>, index, index, index
    %k1 = bufferization.dealloc (%ab : memref<f32>) if (%accown) retain (%r#0 : memref<4xf32>)
    %k2 = bufferization.dealloc (%start : memref<4xf32>) if (%true) retain (%r#0 : memref<4xf32>)
    %k12 = arith.ori %k1, %k2 : i1
    %rown = arith.ori %k12, %r#1 : i1
    scf.yield %r#0, %rown : memref<4xf32>, i1
  }
  %ret = scf.if %o#1 -> (memref<4xf32>) {
    scf.yield %o#0 : memref<4xf32>
  } else {
    %copy = bufferization.clone %o#0 : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  }
  %ob, %ooff, %osize, %ostride = memref.extract_strided_metadata %o#0 : memref<4xf32> -> memref<f32>, index, index, index
  %keep = bufferization.dealloc (%a, %ob : memref<4xf32>, memref<f32>) if (%true, %o#1) retain (%ret : memref<4xf32>)
  return %ret : memref<4xf32>
}

// -----

// The dealloc retains the loop's result, but also a view of it, which is
// the init when the loop does not iterate: dropping the init from the
// dealloc would change the view's ownership. No transfer.

// CHECK-LABEL: func @for_result_and_view_retained
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<4xf32>) if (%{{.*}}) retain
func.func @for_result_and_view_retained(%n: index) -> (memref<4xf32>, memref<2xf32, strided<[1]>>, i1, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %view = memref.subview %r#0[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %k:2 = bufferization.dealloc (%a : memref<4xf32>) if (%true) retain (%r#0, %view : memref<4xf32>, memref<2xf32, strided<[1]>>)
  %rown = arith.ori %k#0, %r#1 : i1
  return %r#0, %view, %rown, %k#1 : memref<4xf32>, memref<2xf32, strided<[1]>>, i1, i1
}

// -----

// The dealloc retains the loop's result, but its updated ownership of it is
// not joined with the loop's indicator. No transfer.

// CHECK-LABEL: func @for_result_retained_without_indicator
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<4xf32>) if (%{{.*}}) retain
func.func @for_result_retained_without_indicator(%n: index) -> (memref<4xf32>, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a, %own = %false) -> (memref<4xf32>, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<4xf32>, i1
  }
  %k = bufferization.dealloc (%a : memref<4xf32>) if (%true) retain (%r#0 : memref<4xf32>)
  return %r#0, %k : memref<4xf32>, i1
}

// -----

// An scf.while that swaps two buffers it does not own: both indicators stay
// false, so their runtime alias checks and the frees of the results go away,
// and only the frees of the inits remain.

// CHECK-LABEL: func @while_swap
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[X:.*]] = memref.alloc()
//       CHECK:   %[[Y:.*]] = memref.alloc()
//       CHECK:   scf.while ({{.*}} = %[[X]], {{.*}} = %[[Y]]) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   } do {
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   }
//  CHECK-NEXT:   "test.use"
//  CHECK-NEXT:   bufferization.dealloc (%[[X]], %[[Y]] : memref<4xf32>, memref<4xf32>) if (%[[TRUE]], %[[TRUE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipFolded | Category:simplify-loop-ownership | Remark="folded 4 loop-carried ownership indicator(s) to false"
func.func @while_swap(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  %r:4 = scf.while (%a = %x, %b = %y, %oa = %false, %ob = %false)
      : (memref<4xf32>, memref<4xf32>, i1, i1) -> (memref<4xf32>, memref<4xf32>, i1, i1) {
    %ab, %o1, %s1, %t1 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
    %bb, %o2, %s2, %t2 = memref.extract_strided_metadata %b : memref<4xf32> -> memref<f32>, index, index, index
    %own:2 = bufferization.dealloc (%ab, %bb : memref<f32>, memref<f32>) if (%oa, %ob) retain (%a, %b : memref<4xf32>, memref<4xf32>)
    scf.condition(%c) %a, %b, %own#0, %own#1 : memref<4xf32>, memref<4xf32>, i1, i1
  } do {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>, %oa: i1, %ob: i1):
    "test.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
    %ab, %o1, %s1, %t1 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
    %bb, %o2, %s2, %t2 = memref.extract_strided_metadata %b : memref<4xf32> -> memref<f32>, index, index, index
    %own:2 = bufferization.dealloc (%ab, %bb : memref<f32>, memref<f32>) if (%oa, %ob) retain (%b, %a : memref<4xf32>, memref<4xf32>)
    %either = arith.ori %own#0, %oa : i1
    scf.yield %b, %a, %either, %own#1 : memref<4xf32>, memref<4xf32>, i1, i1
  }
  "test.use"(%r#0) : (memref<4xf32>) -> ()
  %rb0, %p1, %q1, %u1 = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %rb1, %p2, %q2, %u2 = memref.extract_strided_metadata %r#1 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%x, %y, %rb0, %rb1 : memref<4xf32>, memref<4xf32>, memref<f32>, memref<f32>) if (%true, %true, %r#2, %r#3)
  return
}

// -----

// One indicator becomes true in the loop: it does not fold to false, and
// neither does the one whose value depends on it. Since the loop always
// yields an owned buffer in place of the first buffer, the loop takes over
// its init. It passes the second buffer on with the ownership it received,
// so it takes that init over as well: both indicators are then true in
// every iteration and fold, and the function frees the results, the second
// of which is the loop-invariant second init.

// CHECK-LABEL: func @while_becomes_owned
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[X:.*]] = memref.alloc()
//       CHECK:   %[[Y:.*]] = memref.alloc()
//       CHECK:   scf.while (%{{.*}} = %[[X]]) : (memref<4xf32>) -> memref<4xf32>
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[TRUE]]) retain (%[[Y]], %{{.*}} : memref<4xf32>, memref<4xf32>)
//       CHECK:   bufferization.dealloc (%{{.*}}, %[[Y]] : memref<f32>, memref<4xf32>) if (%[[TRUE]], %[[TRUE]])
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #1"
// REMARK: remark: [Passed] OwnershipFolded | Category:simplify-loop-ownership | Remark="folded 4 loop-carried ownership indicator(s) to true"
func.func @while_becomes_owned(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  %r:4 = scf.while (%a = %x, %b = %y, %oa = %false, %ob = %false)
      : (memref<4xf32>, memref<4xf32>, i1, i1) -> (memref<4xf32>, memref<4xf32>, i1, i1) {
    scf.condition(%c) %a, %b, %oa, %ob : memref<4xf32>, memref<4xf32>, i1, i1
  } do {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>, %oa: i1, %ob: i1):
    %new = memref.alloc() : memref<4xf32>
    %ab, %o1, %s1, %t1 = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
    %own:2 = bufferization.dealloc (%ab : memref<f32>) if (%oa) retain (%b, %new : memref<4xf32>, memref<4xf32>)
    %nb = arith.ori %own#0, %ob : i1
    scf.yield %new, %b, %true, %nb : memref<4xf32>, memref<4xf32>, i1, i1
  }
  %rb0, %p1, %q1, %u1 = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %rb1, %p2, %q2, %u2 = memref.extract_strided_metadata %r#1 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%x, %y, %rb0, %rb1 : memref<4xf32>, memref<4xf32>, memref<f32>, memref<f32>) if (%true, %true, %r#2, %r#3)
  return
}

// -----

// An scf.while whose "before" region computes the next state into a fresh
// buffer and forwards it: the "after" region yields the indicator that
// scf.condition forwarded, which is true, so the loop takes its init over.
// The result is always a buffer of the "before" region, never the init.

// CHECK-LABEL: func @while_before_region_allocates
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]]:2 = scf.while (%{{.*}} = %[[A]], %{{.*}} = %{{.*}}) : (memref<4xf32>, index) -> (memref<4xf32>, index)
//       CHECK:     bufferization.dealloc ({{.*}} : memref<f32>) if (%[[TRUE]])
//   CHECK-NOT:   bufferization.dealloc (%[[A]]
//       CHECK:   return %[[R]]#0
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @while_before_region_allocates(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %r:3 = scf.while (%m = %a, %i = %c0, %own = %false) : (memref<4xf32>, index, i1) -> (memref<4xf32>, index, i1) {
    %new = memref.alloc() : memref<4xf32>
    "test.copy"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    %i1 = arith.addi %i, %c1 : index
    %more = arith.cmpi slt, %i1, %n : index
    scf.condition(%more) %new, %i1, %true : memref<4xf32>, index, i1
  } do {
  ^bb0(%x: memref<4xf32>, %j: index, %xown: i1):
    scf.yield %x, %j, %xown : memref<4xf32>, index, i1
  }
  %ret = scf.if %r#2 -> (memref<4xf32>) {
    scf.yield %r#0 : memref<4xf32>
  } else {
    %copy = bufferization.clone %r#0 : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a : memref<4xf32>) if (%true)
  %keep = bufferization.dealloc (%rb : memref<f32>) if (%r#2) retain (%ret : memref<4xf32>)
  return %ret : memref<4xf32>
}

// -----

// An interpreter loop: each step either replaces the state by a fresh buffer
// or keeps it. The loop yields a false indicator where it keeps the state,
// but then the dealloc retains the state it frees under the loop's
// indicator, so the yielded ownership is true whenever the loop's is: the
// loop takes its init over, and the indicator is true in every iteration.

// CHECK-LABEL: func @switch_keeps_state
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%[[ST:.*]] = %[[A]]) -> (memref<4xf32>)
//       CHECK:     %[[NEXT:.*]] = scf.index_switch
//       CHECK:     %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[ST]]
//       CHECK:     bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[TRUE]]) retain (%[[NEXT]] : memref<4xf32>)
//       CHECK:     scf.yield %[[NEXT]] : memref<4xf32>
//       CHECK:   %[[RBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
//       CHECK:   bufferization.dealloc (%[[RBASE]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
// REMARK: remark: [Passed] OwnershipFolded | Category:simplify-loop-ownership | Remark="folded 1 loop-carried ownership indicator(s) to true"
func.func @switch_keeps_state(%n: index, %op: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %a, %own = %false) -> (memref<4xf32>, i1) {
    %next:2 = scf.index_switch %op -> memref<4xf32>, i1
    case 0 {
      %new = memref.alloc() : memref<4xf32>
      memref.copy %st, %new : memref<4xf32> to memref<4xf32>
      scf.yield %new, %true : memref<4xf32>, i1
    }
    default {
      scf.yield %st, %false : memref<4xf32>, i1
    }
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<4xf32> -> memref<f32>, index, index, index
    %kept = bufferization.dealloc (%base : memref<f32>) if (%own) retain (%next#0 : memref<4xf32>)
    %nown = arith.ori %kept, %next#1 : i1
    scf.yield %next#0, %nown : memref<4xf32>, i1
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  vector.print %v : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// As above, but one case yields a buffer the loop does not own: the yielded
// indicator is false there, so the loop keeps its indicator and the function
// keeps its init.

// CHECK-LABEL: func @switch_yields_borrowed
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[FALSE]]) -> (memref<4xf32>, i1)
//       CHECK:   bufferization.dealloc (%[[A]], %{{.*}} : memref<4xf32>, memref<f32>)
func.func @switch_yields_borrowed(%n: index, %op: index, %other: memref<4xf32>) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %a, %own = %false) -> (memref<4xf32>, i1) {
    %next:2 = scf.index_switch %op -> memref<4xf32>, i1
    case 0 {
      %new = memref.alloc() : memref<4xf32>
      memref.copy %st, %new : memref<4xf32> to memref<4xf32>
      scf.yield %new, %true : memref<4xf32>, i1
    }
    case 1 {
      scf.yield %other, %false : memref<4xf32>, i1
    }
    default {
      scf.yield %st, %false : memref<4xf32>, i1
    }
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<4xf32> -> memref<f32>, index, index, index
    %kept = bufferization.dealloc (%base : memref<f32>) if (%own) retain (%next#0 : memref<4xf32>)
    %nown = arith.ori %kept, %next#1 : i1
    scf.yield %next#0, %nown : memref<4xf32>, i1
  }
  %v = memref.load %r#0[%c0] : memref<4xf32>
  vector.print %v : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The loop carries its buffers under a more general layout than they were
// allocated with, as One-Shot Bufferize emits them: the function frees the
// allocation of which the init is a cast, and the loop takes it over.

// CHECK-LABEL: func @cast_init
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[CAST:.*]] = memref.cast %[[A]]
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[CAST]]) -> (memref<4xf32, strided<[?], offset: ?>>)
//       CHECK:     bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[TRUE]])
//       CHECK:   %[[RBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
//       CHECK:   bufferization.dealloc (%[[RBASE]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @cast_init(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %cast = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %cast, %own = %false) -> (memref<4xf32, strided<[?], offset: ?>>, i1) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %st, %new : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
    %newcast = memref.cast %new : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %newcast, %true : memref<4xf32, strided<[?], offset: ?>>, i1
  }
  %v = memref.load %r#0[%c0] : memref<4xf32, strided<[?], offset: ?>>
  vector.print %v : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The cast of the init is used after the loop: the function keeps the init.

// CHECK-LABEL: func @cast_init_used_after_loop
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[CAST:.*]] = memref.cast %[[A]]
//       CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %[[CAST]], %{{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%[[A]], %{{.*}} : memref<4xf32>, memref<f32>)
func.func @cast_init_used_after_loop(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %cast = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %cast, %own = %false) -> (memref<4xf32, strided<[?], offset: ?>>, i1) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %st, %new : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
    %newcast = memref.cast %new : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %newcast, %true : memref<4xf32, strided<[?], offset: ?>>, i1
  }
  %v = memref.load %r#0[%c0] : memref<4xf32, strided<[?], offset: ?>>
  %w = memref.load %cast[%c0] : memref<4xf32, strided<[?], offset: ?>>
  vector.print %v : f32
  vector.print %w : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The loop carries a reshape of a buffer, as One-Shot Bufferize emits a
// `tensor.collapse_shape` feeding `iter_args`: the function frees the buffer,
// and the loop, which frees the base buffer of its state, takes it over.

// CHECK-LABEL: func @reshaped_init
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4x8xf32>
//       CHECK:   %[[FLAT:.*]] = memref.collapse_shape %[[A]]
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[FLAT]]) -> (memref<32xf32>)
//       CHECK:     bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[TRUE]])
//       CHECK:   %[[RBASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
//       CHECK:   bufferization.dealloc (%[[RBASE]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT:   return
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @reshaped_init(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %flat, %own = %false) -> (memref<32xf32>, i1) {
    %new = memref.alloc() : memref<32xf32>
    memref.copy %st, %new : memref<32xf32> to memref<32xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<32xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<32xf32>, i1
  }
  %v = memref.load %r#0[%c0] : memref<32xf32>
  vector.print %v : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<32xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4x8xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The init is a cast of a subview at an offset: the base buffer that the
// loop frees is still the allocation, so the loop takes it over.

// CHECK-LABEL: func @offset_subview_init
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   scf.for {{.*}} -> (memref<4xf32, strided<[1], offset: ?>>)
//       CHECK:     bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[TRUE]])
//   CHECK-NOT:   bufferization.dealloc (%[[A]]
func.func @offset_subview_init(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  %hi = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %cast = memref.cast %hi : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: ?>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %cast, %own = %false) -> (memref<4xf32, strided<[1], offset: ?>>, i1) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %st, %new : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
    %newcast = memref.cast %new : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %newcast, %true : memref<4xf32, strided<[1], offset: ?>>, i1
  }
  %v = memref.load %r#0[%c0] : memref<4xf32, strided<[1], offset: ?>>
  vector.print %v : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<8xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The init is one half of a buffer whose other half the loop reads in every
// iteration: freeing the buffer in the first one would make the later reads
// use freed memory.

// CHECK-LABEL: func @subview_init_other_half_read_in_loop
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%[[A]], {{.*}} : memref<8xf32>, memref<f32>)
func.func @subview_init_other_half_read_in_loop(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  %lo = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %hi = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %cast = memref.cast %hi : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[1], offset: ?>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %cast, %own = %false) -> (memref<4xf32, strided<[1], offset: ?>>, i1) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %lo, %new : memref<4xf32, strided<[1]>> to memref<4xf32>
    %newcast = memref.cast %new : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %newcast, %true : memref<4xf32, strided<[1], offset: ?>>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<8xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The buffer of which the init is a reshape is read after the loop: the
// function keeps it.

// CHECK-LABEL: func @reshaped_init_read_after_loop
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4x8xf32>
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%[[A]], {{.*}} : memref<4x8xf32>, memref<f32>)
func.func @reshaped_init_read_after_loop(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %flat, %own = %false) -> (memref<32xf32>, i1) {
    %new = memref.alloc() : memref<32xf32>
    memref.copy %st, %new : memref<32xf32> to memref<32xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<32xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<32xf32>, i1
  }
  %v = memref.load %a[%c0, %c1] : memref<4x8xf32>
  vector.print %v : f32
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<32xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4x8xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The init is a `memref.view` at a byte shift of an i8 buffer. Its aligned
// pointer is not the buffer's, and the pass does not look through it.

// CHECK-LABEL: func @shifted_view_init
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[RAW:.*]] = memref.alloc() : memref<48xi8>
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%[[RAW]], {{.*}} : memref<48xi8>, memref<f32>)
func.func @shifted_view_init(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %raw = memref.alloc() : memref<48xi8>
  %init = memref.view %raw[%c16][] : memref<48xi8> to memref<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %init, %own = %false) -> (memref<8xf32>, i1) {
    %new = memref.alloc() : memref<8xf32>
    memref.copy %st, %new : memref<8xf32> to memref<8xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<8xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<8xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<8xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%raw, %rb : memref<48xi8>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// The init is a `memref.reinterpret_cast` whose type claims more memory than
// its buffer has. Owned by the loop, the buffer would be freed in the first
// iteration and could be recycled for an allocation of the state's type.
// The pass does not look through it.

// CHECK-LABEL: func @reinterpreted_init
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   scf.for {{.*}} iter_args({{.*}}, {{.*}} = %[[FALSE]])
//       CHECK:   bufferization.dealloc (%[[A]], {{.*}} : memref<4xf32>, memref<f32>)
func.func @reinterpreted_init(%n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %init = memref.reinterpret_cast %a to offset: [0], sizes: [8], strides: [1] : memref<4xf32> to memref<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%st = %init, %own = %false) -> (memref<8xf32>, i1) {
    %new = memref.alloc() : memref<8xf32>
    %v = memref.load %st[%c0] : memref<8xf32>
    memref.store %v, %new[%c0] : memref<8xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %st : memref<8xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base : memref<f32>) if (%own)
    scf.yield %new, %true : memref<8xf32>, i1
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<8xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
  return
}

// -----

// A search that keeps the better of the incumbent and a candidate with
// arith.select: two deallocs retain the selected buffer, one freeing the
// incumbent under the loop's indicator, one the candidate. Whichever is
// kept is owned whenever the loop's indicator is true, so the loop takes
// its init over.

// CHECK-LABEL: func @select_keeps_best
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%[[INC:.*]] = %[[A]]) -> (memref<4xf32>)
//       CHECK:     %[[KEEP:.*]] = arith.select
//       CHECK:     bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[TRUE]]) retain (%[[KEEP]] : memref<4xf32>)
//       CHECK:     scf.yield %[[KEEP]] : memref<4xf32>
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return %[[R]]
// REMARK: remark: [Passed] OwnershipTransferred | Category:simplify-loop-ownership | Remark="loop takes over the ownership of init #0"
func.func @select_keeps_best(%n: index, %c: i1) -> memref<4xf32> {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%inc = %a, %own = %false) -> (memref<4xf32>, i1) {
    %cand = memref.alloc() : memref<4xf32>
    memref.copy %inc, %cand : memref<4xf32> to memref<4xf32>
    %keep = arith.select %c, %cand, %inc : memref<4xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %inc : memref<4xf32> -> memref<f32>, index, index, index
    %k0 = bufferization.dealloc (%base : memref<f32>) if (%own) retain (%keep : memref<4xf32>)
    %k1 = bufferization.dealloc (%cand : memref<4xf32>) if (%true) retain (%keep : memref<4xf32>)
    %nown = arith.ori %k0, %k1 : i1
    scf.yield %keep, %nown : memref<4xf32>, i1
  }
  %ret = scf.if %r#1 -> (memref<4xf32>) {
    scf.yield %r#0 : memref<4xf32>
  } else {
    %copy = bufferization.clone %r#0 : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %kept = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%ret : memref<4xf32>)
  return %ret : memref<4xf32>
}

// -----

// As above, but the select keeps the candidate or a buffer the loop does
// not own: the loop keeps its indicator, and the clone for the case where
// the result is not owned stays.

// CHECK-LABEL: func @select_keeps_borrowed
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[FALSE]]) -> (memref<4xf32>, i1)
//       CHECK:   bufferization.clone
func.func @select_keeps_borrowed(%n: index, %c: i1, %other: memref<4xf32>) -> memref<4xf32> {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%inc = %a, %own = %false) -> (memref<4xf32>, i1) {
    %cand = memref.alloc() : memref<4xf32>
    memref.copy %inc, %cand : memref<4xf32> to memref<4xf32>
    %keep = arith.select %c, %other, %cand : memref<4xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %inc : memref<4xf32> -> memref<f32>, index, index, index
    %k0 = bufferization.dealloc (%base : memref<f32>) if (%own) retain (%keep : memref<4xf32>)
    %k1 = bufferization.dealloc (%cand : memref<4xf32>) if (%true) retain (%keep : memref<4xf32>)
    %nown = arith.ori %k0, %k1 : i1
    scf.yield %keep, %nown : memref<4xf32>, i1
  }
  %ret = scf.if %r#1 -> (memref<4xf32>) {
    scf.yield %r#0 : memref<4xf32>
  } else {
    %copy = bufferization.clone %r#0 : memref<4xf32> to memref<4xf32>
    scf.yield %copy : memref<4xf32>
  }
  %rb, %roff, %rsize, %rstride = memref.extract_strided_metadata %r#0 : memref<4xf32> -> memref<f32>, index, index, index
  %kept = bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1) retain (%ret : memref<4xf32>)
  return %ret : memref<4xf32>
}
