// RUN: mlir-opt %s -allow-unregistered-dialect --check-buffer-deallocation-input --split-input-file --verify-diagnostics
// RUN: mlir-opt %s -allow-unregistered-dialect --buffer-deallocation-pipeline --split-input-file --verify-diagnostics -o /dev/null

// An op that takes or returns a memref must say what it does with it: through
// its memory effects, a deallocation model, or an interface the deallocation
// handles (calls, branches, region ops). Otherwise the pipeline stops at the
// first such op with one diagnostic that names it and the interfaces it needs.

func.func @unknown_operand() {
  %0 = memref.alloc() : memref<5xf32>
  // expected-error @below {{'foo.consume' op takes or returns a memref but implements neither MemoryEffectOpInterface nor BufferDeallocationOpInterface, so ownership-based deallocation cannot tell whether it frees, keeps or forwards a buffer; declare its memory effects (MemoryEffectOpInterface) or attach a BufferDeallocationOpInterface model}}
  "foo.consume"(%0) : (memref<5xf32>) -> ()
  // Only the first op is reported.
  "foo.consume_again"(%0) : (memref<5xf32>) -> ()
  return
}

// -----

func.func @unknown_result(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'foo.make' op takes or returns a memref but implements neither MemoryEffectOpInterface nor BufferDeallocationOpInterface}}
  %0 = "foo.make"() : () -> memref<5xf32>
  memref.store %f, %0[%c0] : memref<5xf32>
  %v = memref.load %0[%c0] : memref<5xf32>
  return %v : f32
}

// -----

func.func @nested_in_region(%c: i1, %m: memref<5xf32>) {
  scf.if %c {
    // expected-error @below {{'foo.consume' op takes or returns a memref}}
    "foo.consume"(%m) : (memref<5xf32>) -> ()
  }
  return
}

// -----

// Ops with memory effects, calls, region ops and branches are accepted. (An
// unknown op that touches no memref is left to the upstream pass, which
// rejects it with its own message.)

func.func private @callee(memref<5xf32>) -> memref<5xf32>

func.func @known(%c: i1, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<5xf32>
  memref.store %f, %0[%c0] : memref<5xf32>
  %1 = func.call @callee(%0) : (memref<5xf32>) -> memref<5xf32>
  %2 = scf.if %c -> memref<5xf32> {
    scf.yield %0 : memref<5xf32>
  } else {
    scf.yield %1 : memref<5xf32>
  }
  %3 = arith.select %c, %0, %2 : memref<5xf32>
  cf.br ^bb1(%3 : memref<5xf32>)
^bb1(%4: memref<5xf32>):
  %v = memref.load %4[%c0] : memref<5xf32>
  %s = arith.addf %v, %f : f32
  return %s : f32
}
