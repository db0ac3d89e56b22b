// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers{frees-follow-ownership=true},func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s --check-prefix=TRUST
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(free-buffers-at-last-use))' \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NESTED
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s --check-prefix=REUSE

// A call is a last use when the callee's body shows that it only reads and
// writes the buffer while it runs: directly, through views, in linalg ops,
// or through calls of functions that do the same.

// CHECK-LABEL: func @caller
//       CHECK:   call @reads_through_views(%[[A:.*]]) :
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
// A function pass cannot look into other functions, which may be changing
// concurrently: the deallocation stays.
// NESTED-LABEL: func @caller
//       NESTED:   call @reads_through_views
//  NESTED-NEXT:   "test.other"
//  NESTED-NEXT:   memref.dealloc
func.func private @reads_through_views(%m: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sub = memref.subview %m[8] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 8>>
  %v = memref.load %sub[%c0] : memref<16xf32, strided<[1], offset: 8>>
  %d = memref.dim %m, %c0 : memref<64xf32>
  memref.store %v, %m[%c1] : memref<64xf32>
  linalg.fill ins(%v : f32) outs(%sub : memref<16xf32, strided<[1], offset: 8>>)
  %w = func.call @reads(%m) : (memref<64xf32>) -> f32
  return %w : f32
}
func.func private @reads(%m: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<64xf32>
  return %v : f32
}
func.func @caller() -> f32 {
  %a = memref.alloc() : memref<64xf32>
  %v = func.call @reads_through_views(%a) : (memref<64xf32>) -> f32
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return %v : f32
}

// -----

// The callee passes the buffer on to a declaration, which may keep it.

// CHECK-LABEL: func @through_declaration
//       CHECK:   call @forwards
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
func.func private @keep(memref<64xf32>)
func.func private @forwards(%m: memref<64xf32>) {
  func.call @keep(%m) : (memref<64xf32>) -> ()
  return
}
func.func @through_declaration() {
  %a = memref.alloc() : memref<64xf32>
  func.call @forwards(%a) : (memref<64xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// The callee returns a view of the buffer: the result aliases it.

// CHECK-LABEL: func @returns_view
//       CHECK:   call @view_of
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
func.func private @view_of(%m: memref<64xf32>) -> memref<16xf32, strided<[1], offset: 8>> {
  %sub = memref.subview %m[8] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 8>>
  return %sub : memref<16xf32, strided<[1], offset: 8>>
}
func.func @returns_view() {
  %a = memref.alloc() : memref<64xf32>
  %v = func.call @view_of(%a) : (memref<64xf32>) -> memref<16xf32, strided<[1], offset: 8>>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// A clone reads the buffer into a new one: a callee that returns a clone of
// its argument or a new buffer keeps no address of the argument (the call's
// results are marked fresh, as `unalias-function-results` marks them). One
// that may return the argument itself does.

// CHECK-LABEL: func @returns_clone
//       CHECK:   %[[R:.*]] = call @clone_or_new(%[[A:.*]], %{{.*}}) {{.*}}:
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @clone_or_self(%[[B:.*]], %{{.*}}) :
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[B]]
func.func private @clone_or_new(%m: memref<64xf32>, %c: i1) -> memref<64xf32> {
  %r = scf.if %c -> memref<64xf32> {
    %copy = bufferization.clone %m : memref<64xf32> to memref<64xf32>
    scf.yield %copy : memref<64xf32>
  } else {
    %new = memref.alloc() : memref<64xf32>
    scf.yield %new : memref<64xf32>
  }
  return %r : memref<64xf32>
}
func.func private @clone_or_self(%m: memref<64xf32>, %c: i1) -> memref<64xf32> {
  %r = scf.if %c -> memref<64xf32> {
    %copy = bufferization.clone %m : memref<64xf32> to memref<64xf32>
    scf.yield %copy : memref<64xf32>
  } else {
    scf.yield %m : memref<64xf32>
  }
  return %r : memref<64xf32>
}
func.func @returns_clone(%c: i1) -> (memref<64xf32>, memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %r = func.call @clone_or_new(%a, %c) {buffer_abi.no_alias_results} : (memref<64xf32>, i1) -> memref<64xf32>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %s = func.call @clone_or_self(%b, %c) : (memref<64xf32>, i1) -> memref<64xf32>
  "test.other"() : () -> ()
  memref.dealloc %b : memref<64xf32>
  return %r, %s : memref<64xf32>, memref<64xf32>
}

// -----

// A callee may pass its argument on along the edges of region ops, to values
// that only read and write it: the arguments of a loop's body that only reads
// them, the results of an `scf.if` that only a clone reads. A function whose
// results follow the no-alias ABI (marked as `unalias-function-results`
// marks it) returns no argument, so returning such a value keeps no address
// either: the deallocation returned a clone where the `scf.if` yielded the
// argument. Unmarked, the same function may return its argument.

// CHECK-LABEL: func @forwards_in_regions
//       CHECK:   call @sums_in_loop(%[[A:.*]], %{{.*}}) :
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @self_or_new(%[[B:.*]], %{{.*}}) {{.*}}:
//  CHECK-NEXT:   memref.dealloc %[[B]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @self_or_new_unmarked(%[[D:.*]], %{{.*}}) :
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[D]]
func.func private @sums_in_loop(%m: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %m, %acc = %zero) -> (memref<64xf32>, f32) {
    %v = memref.load %b[%i] : memref<64xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %b, %s : memref<64xf32>, f32
  }
  return %r#1 : f32
}
func.func private @self_or_new(%m: memref<64xf32>, %c: i1) -> memref<64xf32> attributes {buffer_abi.no_alias_results} {
  %r = scf.if %c -> memref<64xf32> {
    scf.yield %m : memref<64xf32>
  } else {
    %new = memref.alloc() : memref<64xf32>
    scf.yield %new : memref<64xf32>
  }
  %s = scf.if %c -> memref<64xf32> {
    %copy = bufferization.clone %r : memref<64xf32> to memref<64xf32>
    scf.yield %copy : memref<64xf32>
  } else {
    scf.yield %r : memref<64xf32>
  }
  return %s : memref<64xf32>
}
func.func private @self_or_new_unmarked(%m: memref<64xf32>, %c: i1) -> memref<64xf32> {
  %r = scf.if %c -> memref<64xf32> {
    scf.yield %m : memref<64xf32>
  } else {
    %new = memref.alloc() : memref<64xf32>
    scf.yield %new : memref<64xf32>
  }
  %s = scf.if %c -> memref<64xf32> {
    %copy = bufferization.clone %r : memref<64xf32> to memref<64xf32>
    scf.yield %copy : memref<64xf32>
  } else {
    scf.yield %r : memref<64xf32>
  }
  return %s : memref<64xf32>
}
func.func @forwards_in_regions(%c: i1, %n: index) -> (f32, memref<64xf32>, memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %v = func.call @sums_in_loop(%a, %n) : (memref<64xf32>, index) -> f32
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %r = func.call @self_or_new(%b, %c) {buffer_abi.no_alias_results} : (memref<64xf32>, i1) -> memref<64xf32>
  "test.other"() : () -> ()
  memref.dealloc %b : memref<64xf32>
  %d = memref.alloc() : memref<64xf32>
  %s = func.call @self_or_new_unmarked(%d, %c) : (memref<64xf32>, i1) -> memref<64xf32>
  "test.other"() : () -> ()
  memref.dealloc %d : memref<64xf32>
  return %v, %r, %s : f32, memref<64xf32>, memref<64xf32>
}

// -----

// After the deallocation, a callee frees what it may return or pass on
// under the value's ownership: the indicator that the `scf.if` sets to the
// constant `false` on the edge that forwards the argument, or the `scf.if`'s
// condition (or its negation) once canonicalization has folded the
// indicator into it. Such a free never frees the argument, nor does one of
// a loop's state under its indicator where the indicator is `false`
// whenever the state is the argument: the edges decide it from the
// conditions of what they pass on. A free on the other side of the
// condition, or of a loop's state that may be the argument while its
// indicator is `true`, may free it.

// CHECK-LABEL: func @guarded_frees
//       CHECK:   call @frees_under_condition(%[[A:.*]], %{{.*}}) {{.*}}:
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @frees_under_indicator(%[[B:.*]], %{{.*}}) {{.*}}:
//  CHECK-NEXT:   memref.dealloc %[[B]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @frees_under_negation(%[[G:.*]], %{{.*}}) {{.*}}:
//  CHECK-NEXT:   memref.dealloc %[[G]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @frees_on_other_side(%[[D:.*]], %{{.*}}) {{.*}}:
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[D]]
//       CHECK:   call @frees_owned_loop_state(%[[H:.*]], %{{.*}}) :
//  CHECK-NEXT:   memref.dealloc %[[H]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @frees_loop_state(%[[E:.*]], %{{.*}}) :
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[E]]
func.func private @frees_under_condition(%m: memref<8xf32>, %c: i1) -> memref<8xf32> attributes {buffer_abi.no_alias_results} {
  %r = scf.if %c -> memref<8xf32> {
    %new = memref.alloc() : memref<8xf32>
    scf.yield %new : memref<8xf32>
  } else {
    scf.yield %m : memref<8xf32>
  }
  %copy = bufferization.clone %r : memref<8xf32> to memref<8xf32>
  %base, %offset, %sizes, %strides = memref.extract_strided_metadata %r : memref<8xf32> -> memref<f32>, index, index, index
  scf.if %c {
    memref.dealloc %base : memref<f32>
  }
  return %copy : memref<8xf32>
}
func.func private @frees_under_indicator(%m: memref<8xf32>, %c: i1) -> memref<8xf32> attributes {buffer_abi.no_alias_results} {
  %true = arith.constant true
  %false = arith.constant false
  %r:2 = scf.if %c -> (memref<8xf32>, i1) {
    scf.yield %m, %false : memref<8xf32>, i1
  } else {
    %new = memref.alloc() : memref<8xf32>
    scf.yield %new, %true : memref<8xf32>, i1
  }
  %copy = bufferization.clone %r#0 : memref<8xf32> to memref<8xf32>
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<8xf32>
  }
  return %copy : memref<8xf32>
}
func.func private @frees_under_negation(%m: memref<8xf32>, %c: i1) -> memref<8xf32> attributes {buffer_abi.no_alias_results} {
  %true = arith.constant true
  %not = arith.xori %c, %true : i1
  %r = scf.if %c -> memref<8xf32> {
    scf.yield %m : memref<8xf32>
  } else {
    %new = memref.alloc() : memref<8xf32>
    scf.yield %new : memref<8xf32>
  }
  %copy = bufferization.clone %r : memref<8xf32> to memref<8xf32>
  scf.if %not {
    memref.dealloc %r : memref<8xf32>
  }
  return %copy : memref<8xf32>
}
func.func private @frees_on_other_side(%m: memref<8xf32>, %c: i1) -> memref<8xf32> attributes {buffer_abi.no_alias_results} {
  %r = scf.if %c -> memref<8xf32> {
    %new = memref.alloc() : memref<8xf32>
    scf.yield %new : memref<8xf32>
  } else {
    scf.yield %m : memref<8xf32>
  }
  %copy = bufferization.clone %r : memref<8xf32> to memref<8xf32>
  scf.if %c {
  } else {
    memref.dealloc %r : memref<8xf32>
  }
  return %copy : memref<8xf32>
}
func.func private @frees_owned_loop_state(%m: memref<8xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %m, %owned = %false) -> (memref<8xf32>, i1) {
    %new = memref.alloc() : memref<8xf32>
    memref.copy %b, %new : memref<8xf32> to memref<8xf32>
    scf.if %owned {
      memref.dealloc %b : memref<8xf32>
    }
    scf.yield %new, %true : memref<8xf32>, i1
  }
  %v = memref.load %r#0[%c0] : memref<8xf32>
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<8xf32>
  }
  return %v : f32
}
func.func private @frees_loop_state(%m: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %m, %owned = %false) -> (memref<8xf32>, i1) {
    scf.if %owned {
      memref.dealloc %b : memref<8xf32>
    }
    %c = "test.condition"() : () -> i1
    %next:2 = scf.if %c -> (memref<8xf32>, i1) {
      scf.yield %b, %c : memref<8xf32>, i1
    } else {
      scf.yield %b, %false : memref<8xf32>, i1
    }
    scf.yield %next#0, %next#1 : memref<8xf32>, i1
  }
  return
}
func.func @guarded_frees(%c: i1, %n: index) -> (memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %ra = func.call @frees_under_condition(%a, %c) {buffer_abi.no_alias_results} : (memref<8xf32>, i1) -> memref<8xf32>
  "test.other"() : () -> ()
  memref.dealloc %a : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %rb = func.call @frees_under_indicator(%b, %c) {buffer_abi.no_alias_results} : (memref<8xf32>, i1) -> memref<8xf32>
  "test.other"() : () -> ()
  memref.dealloc %b : memref<8xf32>
  %g = memref.alloc() : memref<8xf32>
  %rg = func.call @frees_under_negation(%g, %c) {buffer_abi.no_alias_results} : (memref<8xf32>, i1) -> memref<8xf32>
  "test.other"() : () -> ()
  memref.dealloc %g : memref<8xf32>
  %d = memref.alloc() : memref<8xf32>
  %rd = func.call @frees_on_other_side(%d, %c) {buffer_abi.no_alias_results} : (memref<8xf32>, i1) -> memref<8xf32>
  "test.other"() : () -> ()
  memref.dealloc %d : memref<8xf32>
  %h = memref.alloc() : memref<8xf32>
  %vh = func.call @frees_owned_loop_state(%h, %n) : (memref<8xf32>, index) -> f32
  "test.other"() : () -> ()
  memref.dealloc %h : memref<8xf32>
  %e = memref.alloc() : memref<8xf32>
  func.call @frees_loop_state(%e, %n) : (memref<8xf32>, index) -> ()
  "test.other"() : () -> ()
  memref.dealloc %e : memref<8xf32>
  return %ra, %rb, %rg, %rd : memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>
}

// -----

// A selection may hold the argument where its operand does: its uses must
// do no more. Comparing the argument's address keeps nothing.
// The deallocation frees a loop's state, which may be the argument, under
// an indicator that it updates with a runtime alias check: no condition
// decides that free. Only when frees follow the ownership (the
// deallocation inserted them all, and a function owns none of its
// arguments) does the free keep no argument.

// CHECK-LABEL: func @selections
//       CHECK:   call @reads_selection(%[[A:.*]], %{{.*}}) :
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @compares_address(%[[B:.*]], %{{.*}}) :
//  CHECK-NEXT:   memref.dealloc %[[B]]
//  CHECK-NEXT:   "test.other"
//       CHECK:   call @returns_selection(%[[C:.*]], %{{.*}}) :
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[C]]
//       CHECK:   call @frees_selected_state(%[[D:.*]], %{{.*}}) :
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[D]]
// TRUST-LABEL: func @selections
//       TRUST:   call @returns_selection(%[[C:.*]], %{{.*}}) :
//  TRUST-NEXT:   "test.other"
//  TRUST-NEXT:   memref.dealloc %[[C]]
//       TRUST:   call @frees_selected_state(%[[D:.*]], %{{.*}}) :
//  TRUST-NEXT:   memref.dealloc %[[D]]
//  TRUST-NEXT:   "test.other"
func.func private @reads_selection(%m: memref<8xf32>, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %other = memref.alloca() : memref<8xf32>
  %s = arith.select %c, %m, %other : memref<8xf32>
  %v = memref.load %s[%c0] : memref<8xf32>
  return %v : f32
}
func.func private @compares_address(%m: memref<8xf32>, %o: memref<8xf32>) -> i1 {
  %p = memref.extract_aligned_pointer_as_index %m : memref<8xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %o : memref<8xf32> -> index
  %same = arith.cmpi eq, %p, %q : index
  return %same : i1
}
func.func private @returns_selection(%m: memref<8xf32>, %c: i1) -> memref<8xf32> {
  %other = memref.alloc() : memref<8xf32>
  %s = arith.select %c, %m, %other : memref<8xf32>
  return %s : memref<8xf32>
}
func.func private @frees_selected_state(%m: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %false = arith.constant false
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %m, %owned = %false) -> (memref<8xf32>, i1) {
    %new = memref.alloc() : memref<8xf32>
    %v = memref.load %b[%c0] : memref<8xf32>
    %positive = arith.cmpf ogt, %v, %zero : f32
    %next = arith.select %positive, %new, %b : memref<8xf32>
    %p = memref.extract_aligned_pointer_as_index %b : memref<8xf32> -> index
    %q = memref.extract_aligned_pointer_as_index %next : memref<8xf32> -> index
    %same = arith.cmpi eq, %p, %q : index
    %differ = arith.cmpi ne, %p, %q : index
    %free = arith.andi %owned, %differ : i1
    scf.if %free {
      memref.dealloc %b : memref<8xf32>
    }
    %keep = arith.andi %owned, %same : i1
    %fresh = arith.xori %same, %positive : i1
    %next_owned = arith.ori %keep, %fresh : i1
    scf.if %same {
    } else {
      scf.if %positive {
      } else {
        memref.dealloc %new : memref<8xf32>
      }
    }
    scf.yield %next, %next_owned : memref<8xf32>, i1
  }
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<8xf32>
  }
  return
}
func.func @selections(%c: i1, %n: index) -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  %x = func.call @reads_selection(%a, %c) : (memref<8xf32>, i1) -> f32
  "test.other"() : () -> ()
  memref.dealloc %a : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %o = memref.alloca() : memref<8xf32>
  %y = func.call @compares_address(%b, %o) : (memref<8xf32>, memref<8xf32>) -> i1
  "test.other"() : () -> ()
  memref.dealloc %b : memref<8xf32>
  %cc = memref.alloc() : memref<8xf32>
  %r = func.call @returns_selection(%cc, %c) : (memref<8xf32>, i1) -> memref<8xf32>
  "test.other"() : () -> ()
  memref.dealloc %cc : memref<8xf32>
  %d = memref.alloc() : memref<8xf32>
  func.call @frees_selected_state(%d, %n) : (memref<8xf32>, index) -> ()
  "test.other"() : () -> ()
  memref.dealloc %d : memref<8xf32>
  return %r : memref<8xf32>
}

// -----

// Each of 40 nested scf.if ops passes the buffer on from both of its
// regions. The walk visits each value once per edge that reaches it, not
// once per path: it decides the call in linear time.

// CHECK-LABEL: func @passed_on_in_both_regions
//       CHECK:   call @deep_choices(%[[A:.*]], %{{.*}}) :
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   "test.other"
func.func private @deep_choices(%m: memref<8xf32>, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %r0 = scf.if %c -> memref<8xf32> { scf.yield %m : memref<8xf32> } else { %v0 = memref.cast %m : memref<8xf32> to memref<8xf32> scf.yield %v0 : memref<8xf32> }
  %r1 = scf.if %c -> memref<8xf32> { scf.yield %r0 : memref<8xf32> } else { %v1 = memref.cast %r0 : memref<8xf32> to memref<8xf32> scf.yield %v1 : memref<8xf32> }
  %r2 = scf.if %c -> memref<8xf32> { scf.yield %r1 : memref<8xf32> } else { %v2 = memref.cast %r1 : memref<8xf32> to memref<8xf32> scf.yield %v2 : memref<8xf32> }
  %r3 = scf.if %c -> memref<8xf32> { scf.yield %r2 : memref<8xf32> } else { %v3 = memref.cast %r2 : memref<8xf32> to memref<8xf32> scf.yield %v3 : memref<8xf32> }
  %r4 = scf.if %c -> memref<8xf32> { scf.yield %r3 : memref<8xf32> } else { %v4 = memref.cast %r3 : memref<8xf32> to memref<8xf32> scf.yield %v4 : memref<8xf32> }
  %r5 = scf.if %c -> memref<8xf32> { scf.yield %r4 : memref<8xf32> } else { %v5 = memref.cast %r4 : memref<8xf32> to memref<8xf32> scf.yield %v5 : memref<8xf32> }
  %r6 = scf.if %c -> memref<8xf32> { scf.yield %r5 : memref<8xf32> } else { %v6 = memref.cast %r5 : memref<8xf32> to memref<8xf32> scf.yield %v6 : memref<8xf32> }
  %r7 = scf.if %c -> memref<8xf32> { scf.yield %r6 : memref<8xf32> } else { %v7 = memref.cast %r6 : memref<8xf32> to memref<8xf32> scf.yield %v7 : memref<8xf32> }
  %r8 = scf.if %c -> memref<8xf32> { scf.yield %r7 : memref<8xf32> } else { %v8 = memref.cast %r7 : memref<8xf32> to memref<8xf32> scf.yield %v8 : memref<8xf32> }
  %r9 = scf.if %c -> memref<8xf32> { scf.yield %r8 : memref<8xf32> } else { %v9 = memref.cast %r8 : memref<8xf32> to memref<8xf32> scf.yield %v9 : memref<8xf32> }
  %r10 = scf.if %c -> memref<8xf32> { scf.yield %r9 : memref<8xf32> } else { %v10 = memref.cast %r9 : memref<8xf32> to memref<8xf32> scf.yield %v10 : memref<8xf32> }
  %r11 = scf.if %c -> memref<8xf32> { scf.yield %r10 : memref<8xf32> } else { %v11 = memref.cast %r10 : memref<8xf32> to memref<8xf32> scf.yield %v11 : memref<8xf32> }
  %r12 = scf.if %c -> memref<8xf32> { scf.yield %r11 : memref<8xf32> } else { %v12 = memref.cast %r11 : memref<8xf32> to memref<8xf32> scf.yield %v12 : memref<8xf32> }
  %r13 = scf.if %c -> memref<8xf32> { scf.yield %r12 : memref<8xf32> } else { %v13 = memref.cast %r12 : memref<8xf32> to memref<8xf32> scf.yield %v13 : memref<8xf32> }
  %r14 = scf.if %c -> memref<8xf32> { scf.yield %r13 : memref<8xf32> } else { %v14 = memref.cast %r13 : memref<8xf32> to memref<8xf32> scf.yield %v14 : memref<8xf32> }
  %r15 = scf.if %c -> memref<8xf32> { scf.yield %r14 : memref<8xf32> } else { %v15 = memref.cast %r14 : memref<8xf32> to memref<8xf32> scf.yield %v15 : memref<8xf32> }
  %r16 = scf.if %c -> memref<8xf32> { scf.yield %r15 : memref<8xf32> } else { %v16 = memref.cast %r15 : memref<8xf32> to memref<8xf32> scf.yield %v16 : memref<8xf32> }
  %r17 = scf.if %c -> memref<8xf32> { scf.yield %r16 : memref<8xf32> } else { %v17 = memref.cast %r16 : memref<8xf32> to memref<8xf32> scf.yield %v17 : memref<8xf32> }
  %r18 = scf.if %c -> memref<8xf32> { scf.yield %r17 : memref<8xf32> } else { %v18 = memref.cast %r17 : memref<8xf32> to memref<8xf32> scf.yield %v18 : memref<8xf32> }
  %r19 = scf.if %c -> memref<8xf32> { scf.yield %r18 : memref<8xf32> } else { %v19 = memref.cast %r18 : memref<8xf32> to memref<8xf32> scf.yield %v19 : memref<8xf32> }
  %r20 = scf.if %c -> memref<8xf32> { scf.yield %r19 : memref<8xf32> } else { %v20 = memref.cast %r19 : memref<8xf32> to memref<8xf32> scf.yield %v20 : memref<8xf32> }
  %r21 = scf.if %c -> memref<8xf32> { scf.yield %r20 : memref<8xf32> } else { %v21 = memref.cast %r20 : memref<8xf32> to memref<8xf32> scf.yield %v21 : memref<8xf32> }
  %r22 = scf.if %c -> memref<8xf32> { scf.yield %r21 : memref<8xf32> } else { %v22 = memref.cast %r21 : memref<8xf32> to memref<8xf32> scf.yield %v22 : memref<8xf32> }
  %r23 = scf.if %c -> memref<8xf32> { scf.yield %r22 : memref<8xf32> } else { %v23 = memref.cast %r22 : memref<8xf32> to memref<8xf32> scf.yield %v23 : memref<8xf32> }
  %r24 = scf.if %c -> memref<8xf32> { scf.yield %r23 : memref<8xf32> } else { %v24 = memref.cast %r23 : memref<8xf32> to memref<8xf32> scf.yield %v24 : memref<8xf32> }
  %r25 = scf.if %c -> memref<8xf32> { scf.yield %r24 : memref<8xf32> } else { %v25 = memref.cast %r24 : memref<8xf32> to memref<8xf32> scf.yield %v25 : memref<8xf32> }
  %r26 = scf.if %c -> memref<8xf32> { scf.yield %r25 : memref<8xf32> } else { %v26 = memref.cast %r25 : memref<8xf32> to memref<8xf32> scf.yield %v26 : memref<8xf32> }
  %r27 = scf.if %c -> memref<8xf32> { scf.yield %r26 : memref<8xf32> } else { %v27 = memref.cast %r26 : memref<8xf32> to memref<8xf32> scf.yield %v27 : memref<8xf32> }
  %r28 = scf.if %c -> memref<8xf32> { scf.yield %r27 : memref<8xf32> } else { %v28 = memref.cast %r27 : memref<8xf32> to memref<8xf32> scf.yield %v28 : memref<8xf32> }
  %r29 = scf.if %c -> memref<8xf32> { scf.yield %r28 : memref<8xf32> } else { %v29 = memref.cast %r28 : memref<8xf32> to memref<8xf32> scf.yield %v29 : memref<8xf32> }
  %r30 = scf.if %c -> memref<8xf32> { scf.yield %r29 : memref<8xf32> } else { %v30 = memref.cast %r29 : memref<8xf32> to memref<8xf32> scf.yield %v30 : memref<8xf32> }
  %r31 = scf.if %c -> memref<8xf32> { scf.yield %r30 : memref<8xf32> } else { %v31 = memref.cast %r30 : memref<8xf32> to memref<8xf32> scf.yield %v31 : memref<8xf32> }
  %r32 = scf.if %c -> memref<8xf32> { scf.yield %r31 : memref<8xf32> } else { %v32 = memref.cast %r31 : memref<8xf32> to memref<8xf32> scf.yield %v32 : memref<8xf32> }
  %r33 = scf.if %c -> memref<8xf32> { scf.yield %r32 : memref<8xf32> } else { %v33 = memref.cast %r32 : memref<8xf32> to memref<8xf32> scf.yield %v33 : memref<8xf32> }
  %r34 = scf.if %c -> memref<8xf32> { scf.yield %r33 : memref<8xf32> } else { %v34 = memref.cast %r33 : memref<8xf32> to memref<8xf32> scf.yield %v34 : memref<8xf32> }
  %r35 = scf.if %c -> memref<8xf32> { scf.yield %r34 : memref<8xf32> } else { %v35 = memref.cast %r34 : memref<8xf32> to memref<8xf32> scf.yield %v35 : memref<8xf32> }
  %r36 = scf.if %c -> memref<8xf32> { scf.yield %r35 : memref<8xf32> } else { %v36 = memref.cast %r35 : memref<8xf32> to memref<8xf32> scf.yield %v36 : memref<8xf32> }
  %r37 = scf.if %c -> memref<8xf32> { scf.yield %r36 : memref<8xf32> } else { %v37 = memref.cast %r36 : memref<8xf32> to memref<8xf32> scf.yield %v37 : memref<8xf32> }
  %r38 = scf.if %c -> memref<8xf32> { scf.yield %r37 : memref<8xf32> } else { %v38 = memref.cast %r37 : memref<8xf32> to memref<8xf32> scf.yield %v38 : memref<8xf32> }
  %r39 = scf.if %c -> memref<8xf32> { scf.yield %r38 : memref<8xf32> } else { %v39 = memref.cast %r38 : memref<8xf32> to memref<8xf32> scf.yield %v39 : memref<8xf32> }
  %x = memref.load %r39[%c0] : memref<8xf32>
  return %x : f32
}
func.func @passed_on_in_both_regions(%c: i1) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  %x = func.call @deep_choices(%a, %c) : (memref<8xf32>, i1) -> f32
  "test.other"() : () -> ()
  memref.dealloc %a : memref<8xf32>
  return %x : f32
}

// -----

// The callee stores the buffer itself into memory, or takes its address.

// CHECK-LABEL: func @captures
//       CHECK:   call @stores_buffer
//  CHECK-NEXT:   call @takes_address
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   memref.dealloc
func.func private @stores_buffer(%m: memref<64xf32>, %slot: memref<1xmemref<64xf32>>) {
  %c0 = arith.constant 0 : index
  memref.store %m, %slot[%c0] : memref<1xmemref<64xf32>>
  return
}
func.func private @takes_address(%m: memref<64xf32>) -> index {
  %p = memref.extract_aligned_pointer_as_index %m : memref<64xf32> -> index
  return %p : index
}
func.func @captures(%slot: memref<1xmemref<64xf32>>) -> index {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  func.call @stores_buffer(%a, %slot) : (memref<64xf32>, memref<1xmemref<64xf32>>) -> ()
  %p = func.call @takes_address(%b) : (memref<64xf32>) -> index
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %p : index
}

// -----

// Recursion is not followed. A buffer carried into a loop is followed to
// the loop's iteration argument and results: the loop only passes it on.

// CHECK-LABEL: func @recursion_and_loops
//       CHECK:   call @recursive(%[[A:[^,]*]],
//  CHECK-NEXT:   call @loop_carried(%[[B:[^)]*]])
//  CHECK-NEXT:   memref.dealloc %[[B]]
//  CHECK-NEXT:   "test.other"
//  CHECK-NEXT:   memref.dealloc %[[A]]
func.func private @recursive(%m: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  scf.if %done {
  } else {
    %n1 = arith.subi %n, %c1 : index
    func.call @recursive(%m, %n1) : (memref<64xf32>, index) -> ()
  }
  return
}
func.func private @loop_carried(%m: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %m) -> memref<64xf32> {
    scf.yield %x : memref<64xf32>
  }
  return
}
func.func @recursion_and_loops(%n: index) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  func.call @recursive(%a, %n) : (memref<64xf32>, index) -> ()
  func.call @loop_carried(%b) : (memref<64xf32>) -> ()
  "test.other"() : () -> ()
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// reuse-freed-buffers: a buffer freed after calls that release it serves
// the next allocations (%b, then %c); once it has been passed to a call that
// may keep it (%c to @keep), it serves no further one (%d).

// REUSE-LABEL: func @reuse_after_calls
//       REUSE:   %[[A:.*]] = memref.alloc()
//  REUSE-NEXT:   call @fills(%[[A]])
//  REUSE-NEXT:   call @fills(%[[A]])
//  REUSE-NEXT:   call @keep(%[[A]])
//  REUSE-NEXT:   memref.dealloc %[[A]]
//  REUSE-NEXT:   %[[D:.*]] = memref.alloc()
//  REUSE-NEXT:   call @fills(%[[D]])
//  REUSE-NEXT:   memref.dealloc %[[D]]
func.func private @keep(memref<64xf32>)
func.func private @fills(%m: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %m[%c0] : memref<64xf32>
  return
}
func.func @reuse_after_calls() {
  %a = memref.alloc() : memref<64xf32>
  func.call @fills(%a) : (memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  func.call @fills(%b) : (memref<64xf32>) -> ()
  memref.dealloc %b : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  func.call @keep(%c) : (memref<64xf32>) -> ()
  memref.dealloc %c : memref<64xf32>
  %d = memref.alloc() : memref<64xf32>
  func.call @fills(%d) : (memref<64xf32>) -> ()
  memref.dealloc %d : memref<64xf32>
  return
}

// -----

// A callee's workspace that merge-alloc passes (the call's
// merge_alloc.workspace_operand) is released when the call returns,
// whatever the callee does with views of it: merge-alloc put only
// temporaries that die in the callee there. Here the callee selects between
// two of them, which the callee's body alone does not show to stay inside.

// CHECK-LABEL: func @workspace_caller
//       CHECK:   %[[W:.*]] = memref.alloc() {merge_alloc.workspace} : memref<128xi8>
//  CHECK-NEXT:   call @selects_views(%[[W]], %{{.*}})
//  CHECK-NEXT:   memref.dealloc %[[W]]
//       CHECK:   memref.alloc() : memref<8xf32>
// NESTED-LABEL: func @workspace_caller
//       NESTED:   call @selects_views
//  NESTED-NEXT:   memref.dealloc
func.func @workspace_caller(%c: i1, %out: memref<f32>) {
  %w = memref.alloc() {merge_alloc.workspace} : memref<128xi8>
  func.call @selects_views(%w, %c) {merge_alloc.workspace_operand = 0 : i64}
      : (memref<128xi8>, i1) -> ()
  %f = arith.constant 2.0 : f32
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<8xf32>
  memref.store %v, %out[] : memref<f32>
  memref.dealloc %w : memref<128xi8>
  memref.dealloc %b : memref<8xf32>
  return
}

func.func private @selects_views(%w: memref<128xi8> {merge_alloc.workspace}, %c: i1) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %f = arith.constant 1.0 : f32
  %a = memref.view %w[%c0][] : memref<128xi8> to memref<4x4xf32>
  %b = memref.view %w[%c64][] : memref<128xi8> to memref<4x4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4x4xf32>)
  %s = arith.select %c, %a, %b : memref<4x4xf32>
  memref.store %f, %s[%c0, %c0] : memref<4x4xf32>
  return
}
