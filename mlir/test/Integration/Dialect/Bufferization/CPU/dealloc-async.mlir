// RUN: mlir-opt %s -buffer-deallocation-pipeline \
// RUN:   | mlir-opt -pass-pipeline='builtin.module(async-to-async-runtime,func.func(async-runtime-ref-counting,async-runtime-ref-counting-opt),convert-async-to-llvm)' \
// RUN:   | %lower-to-llvm \
// RUN:   | %run-tracked -O1 -shared-libs=%mlir_async_runtime \
// RUN:   | FileCheck %s
// RUN: mlir-opt %s -buffer-deallocation-pipeline \
// RUN:   | mlir-opt -buffer-deallocation-pipeline=manual-deallocation \
// RUN:   | mlir-opt -pass-pipeline='builtin.module(async-to-async-runtime,func.func(async-runtime-ref-counting,async-runtime-ref-counting-opt),convert-async-to-llvm)' \
// RUN:   | %lower-to-llvm \
// RUN:   | %run-tracked -O1 -shared-libs=%mlir_async_runtime \
// RUN:   | FileCheck %s

// `async.execute` bodies that allocate, yield and read buffers, run on the
// async runtime's threads: the body frees its temporaries, the awaiting block
// frees the awaited buffers, a buffer the body reads from outside is freed
// only after the await, and a buffer the body does not own is cloned before
// it is yielded. (The coroutines of the lowered `async.execute` need LLVM's
// coroutine passes, which the runner only runs from -O1 on.) The pipeline
// run again on its own output under manual-deallocation (the second RUN)
// leaves the functions whose buffers cross an `async.yield` as they are and
// gives the same figures.

func.func private @printF32(f32)
func.func private @printNewline()

// Returns f + 1 through a temporary and a yielded buffer of the body.
func.func @produce(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %tmp = memref.alloc() : memref<4xf32>
    memref.store %f, %tmp[%c0] : memref<4xf32>
    %v = memref.load %tmp[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    %out = memref.alloc() : memref<4xf32>
    memref.store %w, %out[%c0] : memref<4xf32>
    async.yield %out : memref<4xf32>
  }
  %m = async.await %r : !async.value<memref<4xf32>>
  %x = memref.load %m[%c0] : memref<4xf32>
  return %x : f32
}

// Yields a fresh buffer holding 7 if `c`, else the argument (which the body
// does not own, so it is cloned); returns element 0 of what it awaited.
func.func @fresh_or_argument(%arg: memref<4xf32>, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %a = memref.alloc() : memref<4xf32>
    memref.store %seven, %a[%c0] : memref<4xf32>
    %s = arith.select %c, %a, %arg : memref<4xf32>
    async.yield %s : memref<4xf32>
  }
  %m = async.await %r : !async.value<memref<4xf32>>
  %x = memref.load %m[%c0] : memref<4xf32>
  return %x : f32
}

// The body reads a buffer of the caller's block, which is last used there in
// program order; returns 2 * f.
func.func @captured(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  %t = async.execute {
    %v = memref.load %a[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %out[%c0] : memref<4xf32>
    async.yield
  }
  async.await %t : !async.token
  %x = memref.load %out[%c0] : memref<4xf32>
  return %x : f32
}

// The same buffer yielded twice: both awaited values are owned, and the
// buffer is freed once. Returns 3 + 3.
func.func @yielded_twice() -> f32 {
  %c0 = arith.constant 0 : index
  %three = arith.constant 3.0 : f32
  %t, %r0, %r1 = async.execute
      -> (!async.value<memref<4xf32>>, !async.value<memref<4xf32>>) {
    %a = memref.alloc() : memref<4xf32>
    memref.store %three, %a[%c0] : memref<4xf32>
    async.yield %a, %a : memref<4xf32>, memref<4xf32>
  }
  %m0 = async.await %r0 : !async.value<memref<4xf32>>
  %m1 = async.await %r1 : !async.value<memref<4xf32>>
  %x = memref.load %m0[%c0] : memref<4xf32>
  %y = memref.load %m1[%c0] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %five = arith.constant 5.0 : f32
  %0 = func.call @produce(%five) : (f32) -> f32
  func.call @printF32(%0) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK: 6
  %arg = memref.alloc() : memref<4xf32>
  memref.store %five, %arg[%c0] : memref<4xf32>
  %1 = func.call @fresh_or_argument(%arg, %true) : (memref<4xf32>, i1) -> f32
  func.call @printF32(%1) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 7
  %2 = func.call @fresh_or_argument(%arg, %false) : (memref<4xf32>, i1) -> f32
  func.call @printF32(%2) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 5
  %3 = func.call @captured(%five) : (f32) -> f32
  func.call @printF32(%3) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 10
  %4 = func.call @yielded_twice() : () -> f32
  func.call @printF32(%4) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK-NEXT: 6
  // produce: tmp and out (2); %arg (1); fresh_or_argument: one fresh buffer
  // per call, plus the clone of %arg in the second (3); captured: a and out
  // (2); yielded_twice: one (1). 9 buffers of 16 bytes; at most 3 live at
  // once: %arg, the fresh buffer and the clone of %arg in the second call.
  // CHECK: alloc-tracker: mallocs=9 frees=9 peak_bytes=48 total_bytes=144 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
