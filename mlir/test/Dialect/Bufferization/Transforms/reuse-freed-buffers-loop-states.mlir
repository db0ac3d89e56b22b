// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file \
// RUN:   --remarks-filter=reuse-freed-buffers --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// The state of a loop that the body frees in every iteration, once it is
// done with it, is a buffer like an allocation of the body: a later
// allocation of the body takes it over. Every buffer the state may hold
// comes from a `memref.alloc` of its size, so it is as large and as
// aligned as the allocation asks.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @state_taken_over
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}})
//       CHECK:     %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:     call @step(%[[CUR]], %[[A]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     call @step(%[[A]], %[[CUR]])
//       CHECK:     call @step(%[[CUR]], %[[A]])
//       CHECK:     memref.dealloc %[[CUR]]
//       CHECK:     scf.yield %[[A]]
// REMARK: remark: [Passed] BufferReused | Category:reuse-freed-buffers | Remark="allocation of 16 element(s) takes over a buffer freed before it"
func.func @state_taken_over(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    %base, %offset, %size, %stride = memref.extract_strided_metadata %cur : memref<16xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// The next state is allocated after the old one is freed: it is another
// buffer, and the allocation takes the old one over.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @next_state_after_free
//       CHECK:   scf.for {{.*}} iter_args(%[[CUR:.*]] = %{{.*}})
//       CHECK:     %[[T:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:     call @step(%[[CUR]], %[[T]])
//   CHECK-NOT:     memref.alloc
//       CHECK:     call @step(%[[T]], %[[CUR]])
//       CHECK:     memref.dealloc %[[T]]
//       CHECK:     scf.yield %[[CUR]]
func.func @next_state_after_free(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %t = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %t) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %next = memref.alloc() : memref<16xf32>
    func.call @step(%t, %next) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %t : memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// Must not fire: the state may be a buffer the function did not allocate
// (its argument), whose size and alignment nothing tells.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @state_from_argument
//       CHECK:   scf.for
//       CHECK:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() : memref<16xf32>
func.func @state_from_argument(%init: memref<16xf32>, %n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// Must not fire: the allocation asks for more alignment than the first
// state has.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @underaligned_state
//       CHECK:   scf.for
//       CHECK:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() {alignment = 64 : i64} : memref<16xf32>
func.func @underaligned_state(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// Must not fire: the body reads the address of the state after freeing it;
// with the state's buffer taken over, the comparison would see the
// allocation's buffer.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @address_read_after_free
//       CHECK:   scf.for
//       CHECK:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() : memref<16xf32>
func.func @address_read_after_free(%n: index) -> (memref<16xf32>, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %init = memref.alloc() : memref<16xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %same = %false) -> (memref<16xf32>, i1) {
    %a = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    %pc = memref.extract_aligned_pointer_as_index %cur : memref<16xf32> -> index
    %pb = memref.extract_aligned_pointer_as_index %b : memref<16xf32> -> index
    %eq = arith.cmpi eq, %pc, %pb : index
    memref.dealloc %b : memref<16xf32>
    scf.yield %a, %eq : memref<16xf32>, i1
  }
  return %r#0, %r#1 : memref<16xf32>, i1
}

// -----

// Must not fire: the function reads the address of the first state after
// the loop, which the body frees in its first iteration.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @init_address_after_loop
//       CHECK:   scf.for
//       CHECK:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() : memref<16xf32>
func.func @init_address_after_loop(%n: index) -> (memref<16xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  %p = memref.extract_aligned_pointer_as_index %init : memref<16xf32> -> index
  return %r, %p : memref<16xf32>, index
}

// -----

// Must not fire: a buffer freed in a nested region of the body is freed
// only on some runs, which the later allocation cannot rely on.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// CHECK-LABEL: func @state_freed_in_region
//       CHECK:   scf.for
//       CHECK:     scf.if
//       CHECK:       memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() : memref<16xf32>
func.func @state_freed_in_region(%n: index, %c: i1) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.if %c {
      memref.dealloc %cur : memref<16xf32>
    }
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// Must not fire: the state of an `scf.while` is used in the other region
// too (here, by the condition). The takeover asks that every use of the
// state outside of the body be around the loop, which a use in the before
// region is not, although it runs before the body frees the state.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

func.func private @test(%x: memref<16xf32>) -> i1

// CHECK-LABEL: func @while_state
//       CHECK:   scf.while
//       CHECK:   do
//       CHECK:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() : memref<16xf32>
func.func @while_state() -> memref<16xf32> {
  %init = memref.alloc() : memref<16xf32>
  %r = scf.while (%s = %init) : (memref<16xf32>) -> memref<16xf32> {
    %c = func.call @test(%s) : (memref<16xf32>) -> i1
    scf.condition(%c) %s : memref<16xf32>
  } do {
  ^bb0(%cur: memref<16xf32>):
    %a = memref.alloc() : memref<16xf32>
    func.call @step(%cur, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}

// -----

// Must not fire: the state is passed to a call that returns it. As for any
// freed buffer, the reuse does not follow a buffer through the results of a
// call.

func.func private @step(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

func.func private @pass_on(%x: memref<16xf32>) -> memref<16xf32> {
  return %x : memref<16xf32>
}

// CHECK-LABEL: func @state_through_call
//       CHECK:   scf.for
//       CHECK:     call @pass_on
//       CHECK:     memref.dealloc %{{.*}} : memref<16xf32>
//       CHECK:     memref.alloc() : memref<16xf32>
func.func @state_through_call(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    %k = func.call @pass_on(%cur) : (memref<16xf32>) -> memref<16xf32>
    func.call @step(%k, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %cur : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    func.call @step(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return %r : memref<16xf32>
}
