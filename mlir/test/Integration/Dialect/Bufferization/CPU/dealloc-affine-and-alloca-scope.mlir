// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s

// `affine.for` with a memref loop-carried value (which the stock pipeline
// turns into IR that fails to verify), `affine.if` and `affine.parallel`
// with buffers, and a `memref.alloca_scope` that allocates a buffer: every
// buffer is freed exactly once. (An `alloca_scope` that returns a memref is
// checked on IR only: upstream's lowering to LLVM does not convert such a
// result, llvm-project issue #74940.)

func.func private @printF32(f32)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)

// Carries a buffer through `n` iterations, each of which allocates the next
// buffer and stores the previous value plus one: returns `n`.
func.func @chain(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %zero, %a[%c0] : memref<4xf32>
  %r = affine.for %i = 0 to %n iter_args(%b = %a) -> memref<4xf32> {
    %c = memref.alloc() : memref<4xf32>
    %v = memref.load %b[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %c[%c0] : memref<4xf32>
    affine.yield %c : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  return %x : f32
}

// Returns 1 if `i >= 5` and 2 otherwise, through a buffer allocated in
// either branch of an `affine.if`.
func.func @pick(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %r = affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) -> memref<4xf32> {
    %c = memref.alloc() : memref<4xf32>
    memref.store %one, %c[%c0] : memref<4xf32>
    affine.yield %c : memref<4xf32>
  } else {
    %d = memref.alloc() : memref<4xf32>
    memref.store %two, %d[%c0] : memref<4xf32>
    affine.yield %d : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  return %x : f32
}

// out[i] = i, through a temporary buffer per iteration of an
// `affine.parallel`.
func.func @parallel(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  affine.parallel (%i) = (0) to (4) {
    %t = memref.alloc() : memref<4xf32>
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %t[%c0] : memref<4xf32>
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %out[%i] : memref<4xf32>
  }
  return
}

// out[i] = 10 * i, through a heap buffer allocated in an `alloca_scope` per
// iteration (the scope also holds a stack temporary, so it is not inlined).
func.func @scoped(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ten = arith.constant 10.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %r = memref.alloca_scope -> f32 {
      %t = memref.alloca() : memref<4xf32>
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %t[%c0] : memref<4xf32>
      %c = memref.alloc() : memref<4xf32>
      %v = memref.load %t[%c0] : memref<4xf32>
      %w = arith.mulf %v, %ten : f32
      memref.store %w, %c[%c0] : memref<4xf32>
      %x = memref.load %c[%c0] : memref<4xf32>
      memref.alloca_scope.return %x : f32
    }
    memref.store %r, %out[%i] : memref<4xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %0 = func.call @chain(%c3) : (index) -> f32
  func.call @printF32(%0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK: 3
  %1 = func.call @chain(%c0) : (index) -> f32
  func.call @printF32(%1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 0
  %2 = func.call @pick(%c7) : (index) -> f32
  func.call @printF32(%2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 1
  %3 = func.call @pick(%c2) : (index) -> f32
  func.call @printF32(%3) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 2
  %out = memref.alloc() : memref<4xf32>
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  func.call @parallel(%out) : (memref<4xf32>) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // CHECK: [0,  1,  2,  3]
  func.call @scoped(%out) : (memref<4xf32>) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // CHECK: [0,  10,  20,  30]
  // chain(3): the initial buffer and one per iteration (4); chain(0): the
  // initial buffer (1); one per pick (2); %out (1); one per iteration of
  // @parallel (4) and of @scoped (4): 16 buffers of 16 bytes. The peak is in
  // chain(3): the initial buffer, which the loop does not own, lives until
  // the loop ends, next to the previous and the new buffer of an iteration.
  // CHECK: alloc-tracker: mallocs=16 frees=16 peak_bytes=48 total_bytes=256 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
