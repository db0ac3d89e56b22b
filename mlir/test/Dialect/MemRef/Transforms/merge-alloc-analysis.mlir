// RUN: mlir-opt %s --allow-unregistered-dialect -merge-alloc="analysis-only allow-peak-increase" -split-input-file | FileCheck %s
// RUN: mlir-opt %s --allow-unregistered-dialect -merge-alloc="analysis-only stack-promotion-max-bytes=63" -split-input-file | FileCheck %s --check-prefix=MIN

// The lifetimes (ticks) and offsets merge-alloc finds, and the reason for
// every allocation it leaves alone. Ticks number the ops of each input in
// pre-order from 0 (the module); an access inside a region op lasts as long
// as the outermost region op in the block of the allocation.

// CHECK-LABEL: func @straight_line
// CHECK-SAME: merge_alloc.scope_id = 0 : i64, merge_alloc.total = {default = 128 : i64}
func.func @straight_line(%f: f32) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 5, 6>}
  %a = memref.alloc() : memref<16xf32>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 64 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 6, 8>}
  %b = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  // COM: %c is first accessed after the last access of %a: it takes %a's
  // COM: place. A view is not an access; the load through it is.
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 8, 11>}
  %c = memref.alloc() : memref<16xf32>
  memref.copy %b, %c : memref<16xf32> to memref<16xf32>
  %v = memref.subview %c[0] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
  %d = memref.dim %c, %c0 : memref<16xf32>
  %x = memref.load %v[%c0] : memref<4xf32, strided<[1]>>
  "test.use"(%x) : (f32) -> ()
  return
}

// -----

// COM: Both buffers are used in inner loops of the same outer loop, so both
// COM: live as long as the outer loop and must not share memory.
// CHECK-LABEL: func @sibling_inner_loops
func.func @sibling_inner_loops(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 6, 13>}
  %a = memref.alloc() : memref<16xf32>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 64 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 6, 13>}
  %b = memref.alloc() : memref<16xf32>
  // CHECK: scf.for
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %f, %a[%j] : memref<16xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      memref.store %f, %b[%j] : memref<16xf32>
    }
  }
  return
}

// -----

// COM: Buffers allocated in a loop body and used only there keep their
// COM: exact ticks: the scope is the function, and they share memory.
// CHECK-LABEL: func @loop_local
// CHECK-SAME: merge_alloc.scope_id = 0 : i64, merge_alloc.total = {default = 64 : i64}
func.func @loop_local(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 6, 6>}
    %g = memref.alloc() : memref<16xf32>
    memref.store %f, %g[%c0] : memref<16xf32>
    // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 8, 8>}
    %h = memref.alloc() : memref<16xf32>
    memref.store %f, %h[%c0] : memref<16xf32>
  }
  return
}

// -----

// COM: A use in a branch covers the whole scf.if.
// CHECK-LABEL: func @branch
func.func @branch(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 4, 8>}
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.store %f, %a[%c0] : memref<16xf32>
  } else {
    vector.print %f : f32
  }
  %b = memref.alloc() : memref<16xf32>
  memref.store %f, %b[%c0] : memref<16xf32>
  return
}

// -----

// COM: Unless a branch that does not use the buffer allocates: the pipeline
// COM: frees the buffer at the start of that branch (free-buffers-at-last-use),
// COM: and the buffer lives up to its last use in the branches before.
// CHECK-LABEL: func @branch_allocating
func.func @branch_allocating(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 4, 5>}
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.store %f, %a[%c0] : memref<16xf32>
  } else {
    %b = memref.alloc() : memref<16xf32>
    memref.store %f, %b[%c0] : memref<16xf32>
  }
  return
}

// -----

// COM: An scf.forall body is an allocation scope of its own.
// CHECK-LABEL: func @forall_scope
// CHECK-SAME: merge_alloc.scope_id = 0 : i64
func.func @forall_scope(%f: f32) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 0 : i64, merge_alloc.ticks = array<i64: 4, 8>}
  %x = memref.alloc() : memref<16xf32>
  // CHECK: scf.forall
  scf.forall (%i) in (4) {
    // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, merge_alloc.scope = 1 : i64, merge_alloc.ticks = array<i64: 6, 6>}
    %y = memref.alloc() : memref<16xf32>
    memref.store %f, %y[%c0] : memref<16xf32>
    memref.store %f, %x[%i] : memref<16xf32>
  }
  // CHECK: merge_alloc.scope_id = 1 : i64, merge_alloc.total = {default = 64 : i64}
  return
}

// -----

// COM: i1 and index elements are planned like any other (their sizes come
// COM: from the data layout); each memory space gets a merged buffer of its
// COM: own. Offsets are aligned as the largest element needs: the 3 bytes
// COM: of i1 take 8 next to index, in 40 bytes in all; the two 28-byte f32
// COM: buffers take 28.
// CHECK-LABEL: func @element_types_and_spaces
// CHECK-SAME: merge_alloc.total = {"1 : i64" = 28 : i64, default = 40 : i64}
func.func @element_types_and_spaces(%f: f32, %i: index, %b: i1) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<3xi1>
  %a = memref.alloc() : memref<3xi1>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<5xindex>
  %x = memref.alloc() : memref<5xindex>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<7xf32, 1>
  %s = memref.alloc() : memref<7xf32, 1>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64, {{.*}}} : memref<7xf32, 1>
  %t = memref.alloc() : memref<7xf32, 1>
  memref.store %b, %a[%c0] : memref<3xi1>
  memref.store %i, %x[%c0] : memref<5xindex>
  memref.store %f, %s[%c0] : memref<7xf32, 1>
  memref.store %f, %t[%c0] : memref<7xf32, 1>
  return
}

// -----

func.func private @use(memref<4xf32>)

// CHECK-LABEL: func @left_alone
func.func @left_alone(%n: index, %f: f32, %c: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc(%{{.*}}) {merge_alloc.skipped = "dynamic shape"}
  %dyn = memref.alloc(%n) : memref<?xf32>
  // CHECK: memref.alloc() {merge_alloc.skipped = "non-identity layout"}
  %strided = memref.alloc() : memref<4xf32, strided<[2]>>
  // CHECK: memref.alloc() {merge_alloc.skipped = "element type without a known size in memory"}
  %vec = memref.alloc() : memref<4xvector<4xf32>>
  // COM: Yielded by an scf.if, whose result is returned.
  // CHECK: memref.alloc() {merge_alloc.skipped = "yielded or returned by 'func.return'"}
  %ret = memref.alloc() : memref<4xf32>
  // CHECK: memref.alloc() {merge_alloc.skipped = "passed to a call by 'func.call'"}
  %called = memref.alloc() : memref<4xf32>
  func.call @use(%called) : (memref<4xf32>) -> ()
  // CHECK: memref.alloc() {merge_alloc.skipped = "freed by 'memref.dealloc'"}
  %freed = memref.alloc() : memref<4xf32>
  memref.dealloc %freed : memref<4xf32>
  // CHECK: memref.alloc() {merge_alloc.skipped = "converted by 'memref.extract_aligned_pointer_as_index'"}
  %ptr = memref.alloc() : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %ptr : memref<4xf32> -> index
  "test.use"(%p) : (index) -> ()
  // CHECK: memref.alloc() {merge_alloc.skipped = "carried into the regions of 'scf.for'"}
  %carried = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c0 iter_args(%it = %carried) -> memref<4xf32> {
    // CHECK: memref.alloc() {merge_alloc.skipped = "yielded or returned by 'scf.yield'"}
    %next = memref.alloc() : memref<4xf32>
    memref.store %f, %next[%c0] : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  // CHECK: memref.alloc() {merge_alloc.skipped = "used by an op with unknown memory effects, 'test.use'"}
  %unknown = memref.alloc() : memref<4xf32>
  "test.use"(%unknown) : (memref<4xf32>) -> ()
  // CHECK: memref.alloc() {merge_alloc.skipped = "yielded or returned by 'func.return'"}
  %yielded = memref.alloc() : memref<4xf32>
  %s = scf.if %c -> memref<4xf32> {
    scf.yield %yielded : memref<4xf32>
  } else {
    scf.yield %ret : memref<4xf32>
  }
  // CHECK: memref.alloc() {merge_alloc.skipped = "used inside 'linalg.generic', which is not a synchronous RegionBranchOpInterface op, by 'memref.load'"}
  %in_generic = memref.alloc() : memref<4xf32>
  // COM: The output of the linalg.generic is a plain access.
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64
  %out = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%out : memref<4xf32>) {
  ^bb0(%o: f32):
    %v = memref.load %in_generic[%c0] : memref<4xf32>
    linalg.yield %v : f32
  }
  // CHECK: memref.alloc() {merge_alloc.skipped = "used inside 'async.execute', which is not a synchronous RegionBranchOpInterface op, by 'memref.store'"}
  %async = memref.alloc() : memref<4xf32>
  %t = async.execute {
    memref.store %f, %async[%c0] : memref<4xf32>
    async.yield
  }
  // CHECK: memref.alloc() {merge_alloc.skipped = "converted by 'bufferization.to_tensor'"}
  %tensor = memref.alloc() : memref<4xf32>
  %tt = bufferization.to_tensor %tensor : memref<4xf32> to tensor<4xf32>
  "test.use"(%tt) : (tensor<4xf32>) -> ()
  // CHECK: memref.alloc() {merge_alloc.skipped = "freed by 'memref.realloc'"}
  %realloc = memref.alloc() : memref<4xf32>
  %grown = memref.realloc %realloc : memref<4xf32> to memref<8xf32>
  return %s : memref<4xf32>
}

// -----

// COM: A memref made of a buffer by an op that the alias analysis does not
// COM: know is only assumed to alias it, and such an op may rely on how the
// COM: buffer was allocated: `memref.distinct_objects` tells LLVM that its
// COM: operands are separate allocations, which two views of one merged
// COM: buffer are not. Both buffers are left alone, and so is the operand of
// COM: `memref.transpose`; the subview of a buffer is a view the analysis
// COM: knows, and that buffer is merged.
// CHECK-LABEL: func @assumed_aliases
func.func @assumed_aliases(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.skipped = "made into a memref by an op the alias analysis does not know, 'memref.distinct_objects'"}
  %a = memref.alloc() : memref<4xf32>
  // CHECK: memref.alloc() {merge_alloc.skipped = "made into a memref by an op the alias analysis does not know, 'memref.distinct_objects'"}
  %b = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.store %f, %b[%c0] : memref<4xf32>
  %d:2 = memref.distinct_objects %a, %b : memref<4xf32>, memref<4xf32>
  %v = memref.load %d#1[%c0] : memref<4xf32>
  // CHECK: memref.alloc() {merge_alloc.skipped = "made into a memref by an op the alias analysis does not know, 'memref.transpose'"}
  %m = memref.alloc() : memref<2x2xf32>
  %t = memref.transpose %m (i, j) -> (j, i) : memref<2x2xf32> to memref<2x2xf32, strided<[1, 2]>>
  memref.store %f, %t[%c0, %c0] : memref<2x2xf32, strided<[1, 2]>>
  %w = memref.load %m[%c0, %c0] : memref<2x2xf32>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64
  %s = memref.alloc() : memref<8xf32>
  %sv = memref.subview %s[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %f, %sv[%c0] : memref<4xf32, strided<[1], offset: 4>>
  %x = memref.load %s[%c0] : memref<8xf32>
  // CHECK: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = 0 : i64
  %u = memref.alloc() : memref<8xf32>
  memref.store %x, %u[%c0] : memref<8xf32>
  %y = memref.load %u[%c0] : memref<8xf32>
  %vw = arith.addf %v, %w : f32
  %r = arith.addf %vw, %y : f32
  return %r : f32
}

// -----

// COM: Allocations in a region with several blocks, where ticks do not follow
// COM: execution order, and allocations in a parallel region that is not an
// COM: allocation scope, are left alone.
// CHECK-LABEL: func @unstructured
func.func @unstructured(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  // CHECK: memref.alloc() {merge_alloc.skipped = "in a region with more than one block"}
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %f, %a[%c0] : memref<4xf32>
  cf.br ^bb2
^bb2:
  return
}

// -----

// stack-promotion-max-bytes: a buffer of at most that many bytes that the
// promotion is expected to take stays apart; a larger one is merged.
// MIN-LABEL: func @small_buffers
// MIN-SAME: merge_alloc.total = {default = 128 : i64}
func.func @small_buffers(%f: f32) {
  %c0 = arith.constant 0 : index
  // MIN: memref.alloc() {merge_alloc.skipped = "left to stack promotion"} : memref<15xf32>
  %a = memref.alloc() : memref<15xf32>
  // MIN: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = {{[0-9]+}} : i64{{.*}}} : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  // MIN: memref.alloc() {merge_alloc.buffer = {{[0-9]+}} : i64, merge_alloc.offset = {{[0-9]+}} : i64{{.*}}} : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<15xf32>
  memref.store %f, %b[%c0] : memref<16xf32>
  memref.store %f, %c[%c0] : memref<16xf32>
  %x = memref.load %a[%c0] : memref<15xf32>
  %y = memref.load %b[%c0] : memref<16xf32>
  %z = memref.load %c[%c0] : memref<16xf32>
  "test.use"(%x, %y, %z) : (f32, f32, f32) -> ()
  return
}

// -----

// A small buffer that dies in its block is left to the stack promotion: it
// holds no heap bytes in the peak check, so %a and %b merge (the merged
// buffer is held while %s lives; counted on the heap, %s would make that
// 2048 + 16 bytes, more than the 2048 held apart).
// MIN-LABEL: func @small_buffer_to_stack
// MIN-SAME: merge_alloc.total = {default = 2048 : i64}
func.func @small_buffer_to_stack(%f: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  // MIN: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64
  %a = memref.alloc() : memref<256xf32>
  // MIN: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64
  %b = memref.alloc() : memref<256xf32>
  memref.store %f, %a[%c0] : memref<256xf32>
  memref.store %f, %b[%c0] : memref<256xf32>
  %x = memref.load %a[%i] : memref<256xf32>
  // MIN: memref.alloc() {merge_alloc.skipped = "left to stack promotion"} : memref<4xf32>
  %s = memref.alloc() : memref<4xf32>
  memref.store %x, %s[%c0] : memref<4xf32>
  %y = memref.load %b[%i] : memref<256xf32>
  memref.store %y, %s[%i] : memref<4xf32>
  %z = memref.load %s[%c0] : memref<4xf32>
  return %z : f32
}

// -----

// A small buffer that a branch yields is freed after the branch, under the
// ownership the deallocation tracks, which the stack promotion does not
// take: it merges like a large one, at the offset of %a, which is dead by
// then.
// MIN-LABEL: func @small_buffer_on_heap
// MIN-SAME: merge_alloc.total = {default = 2048 : i64}
// MIN: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64{{.*}}} : memref<256xf32>
// MIN: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 1024 : i64{{.*}}} : memref<256xf32>
// MIN: memref.alloc() {merge_alloc.buffer = 0 : i64, merge_alloc.offset = 0 : i64{{.*}}} : memref<4xf32>
func.func @small_buffer_on_heap(%f: f32, %i: index, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  memref.store %f, %a[%c0] : memref<256xf32>
  memref.store %f, %b[%c0] : memref<256xf32>
  %x = memref.load %a[%i] : memref<256xf32>
  %s = scf.if %c -> memref<4xf32> {
    %t = memref.alloc() : memref<4xf32>
    scf.yield %t : memref<4xf32>
  } else {
    %u = memref.alloc() : memref<4xf32>
    scf.yield %u : memref<4xf32>
  }
  memref.store %x, %s[%c0] : memref<4xf32>
  %y = memref.load %b[%i] : memref<256xf32>
  memref.store %y, %s[%i] : memref<4xf32>
  %z = memref.load %s[%c0] : memref<4xf32>
  return %z : f32
}

// -----

// A small buffer of a loop body dies in the body, whatever the blocks of
// the function around the loop: the stack promotion takes it, so it stays
// apart (merged, it would take a stack slot of its own, where apart it can
// take that of a dead buffer of the same type). One directly in a block of
// the function is not merged at all.
// MIN-LABEL: func @small_buffer_in_loop_in_block
func.func @small_buffer_in_loop_in_block(%c: i1, %f: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // MIN: memref.alloc() {merge_alloc.skipped = "in a region with more than one block"} : memref<8xf32>
  %a = memref.alloc() : memref<8xf32>
  memref.store %f, %a[%c0] : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    // MIN: memref.alloc() {merge_alloc.skipped = "left to stack promotion"} : memref<8xf32>
    %s = memref.alloc() : memref<8xf32>
    memref.store %f, %s[%i] : memref<8xf32>
    %x = memref.load %s[%c0] : memref<8xf32>
    "test.use"(%x) : (f32) -> ()
  }
  cf.br ^bb2
^bb2:
  return
}
