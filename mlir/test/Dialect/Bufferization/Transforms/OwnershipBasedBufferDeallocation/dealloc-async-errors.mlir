// RUN: mlir-opt -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics %s
// RUN: mlir-opt -buffer-deallocation-pipeline -split-input-file -verify-diagnostics %s

// The `async.execute` model accepts only the uses of its results under which
// the deallocation is sound; every other use gets one diagnostic.

// The bodies write to an argument, so that the canonicalizer of the pipeline
// does not erase them.

func.func @result_not_awaited(%out: memref<4xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'async.execute' op result #1 holds a memref, which ownership-based deallocation frees where it is awaited; it must be awaited exactly once, by an 'async.await' in the same block}}
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %a = memref.alloc() : memref<4xf32>
    memref.store %f, %out[%c0] : memref<4xf32>
    async.yield %a : memref<4xf32>
  }
  return
}

// -----

func.func @result_awaited_twice() -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'async.execute' op result #1 holds a memref}}
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %a = memref.alloc() : memref<4xf32>
    async.yield %a : memref<4xf32>
  }
  %m = async.await %r : !async.value<memref<4xf32>>
  %n = async.await %r : !async.value<memref<4xf32>>
  %v = memref.load %m[%c0] : memref<4xf32>
  %w = memref.load %n[%c0] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// -----

func.func @result_awaited_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t, %r = async.execute -> !async.value<memref<4xf32>> {
    %a = memref.alloc() : memref<4xf32>
    async.yield %a : memref<4xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    // The loop body is processed before the block of the `async.execute`.
    // expected-error @below {{'async.await' op awaits a memref that does not come from an 'async.execute' in the same block awaited only here, so ownership-based deallocation cannot tell who frees it}}
    %m = async.await %r : !async.value<memref<4xf32>>
    %v = memref.load %m[%c0] : memref<4xf32>
  }
  return
}

// -----

func.func @captured_not_awaited(%out: memref<4xf32>) -> !async.token {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @below {{'async.execute' op uses a memref defined outside of it, which ownership-based deallocation may free at the end of the enclosing block while the body still runs; await its token or one of its values in the same block}}
  %t = async.execute {
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    async.yield
  }
  return %t : !async.token
}

// -----

func.func @memref_body_operand(%v: !async.value<memref<4xf32>>) {
  // expected-error @below {{'async.execute' op takes a memref as an '!async.value' body operand, which ownership-based deallocation does not support; await it before the 'async.execute' and use the memref directly}}
  %t = async.execute (%v as %m : !async.value<memref<4xf32>>) {
    %c0 = arith.constant 0 : index
    %x = memref.load %m[%c0] : memref<4xf32>
    async.yield
  }
  async.await %t : !async.token
  return
}

// -----

func.func @await_argument(%v: !async.value<memref<4xf32>>) -> memref<4xf32> {
  // expected-error @below {{'async.await' op awaits a memref that does not come from an 'async.execute' in the same block awaited only here, so ownership-based deallocation cannot tell who frees it}}
  %m = async.await %v : !async.value<memref<4xf32>>
  return %m : memref<4xf32>
}
