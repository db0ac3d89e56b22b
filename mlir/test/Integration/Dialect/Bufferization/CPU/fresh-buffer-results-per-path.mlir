// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params private-function-dynamic-ownership stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DEFAULT

// A step function whose result is, on each path of an `scf.index_switch`,
// a buffer of its own: twice the input or the input plus one, each in a
// fresh buffer, or a clone of the input. @main runs it in a loop of 6
// iterations (paths 0, 1, 2, 0, 1, 2) that carries the result, and prints
// the final state.
//
// Under fresh-results-to-out-params the caller allocates the result: the
// new argument replaces both allocations, and the clone becomes a copy into
// it. The loop's state then comes from the caller, and double buffering
// recycles it: x and one spare, 2 mallocs of 32 bytes, with or without
// dynamic ownership of private functions (the clone is a copy either way)
// and with merge-alloc; the peak is the state and the next one, 64 bytes.
// Without the option: x, and a buffer per call, 7 mallocs. @step only
// reads x (the clone is a new buffer), so the loop owns x from its first
// iteration and frees each old state after the call: the state and the
// next one, 64 bytes.
//
// v -> 2v -> 2v -> 2v + 1 -> 4v + 2 -> 4v + 2 -> 4v + 3: from [0, ..., 7],
// [3, 7, 11, 15, 19, 23, 27, 31].

func.func private @printMemrefF32(memref<*xf32>)

func.func private @step(%x: memref<8xf32>, %k: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %r = scf.index_switch %k -> memref<8xf32>
  case 0 {
    %twice = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %x[%i] : memref<8xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %twice[%i] : memref<8xf32>
    }
    scf.yield %twice : memref<8xf32>
  }
  case 1 {
    %same = bufferization.clone %x : memref<8xf32> to memref<8xf32>
    scf.yield %same : memref<8xf32>
  }
  default {
    %next = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %x[%i] : memref<8xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %next[%i] : memref<8xf32>
    }
    scf.yield %next : memref<8xf32>
  }
  return %r : memref<8xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %x = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %x[%i] : memref<8xf32>
  }
  %y = scf.for %t = %c0 to %c6 step %c1 iter_args(%cur = %x) -> memref<8xf32> {
    %k = arith.remui %t, %c3 : index
    %next = func.call @step(%cur, %k) : (memref<8xf32>, index) -> memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  %p = memref.cast %y : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}

// CHECK: Unranked Memref
// CHECK-NEXT: [3,  7,  11,  15,  19,  23,  27,  31]
// FRESH-NEXT: alloc-tracker: mallocs=2 frees=2 peak_bytes=64 total_bytes=64 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// DEFAULT-NEXT: alloc-tracker: mallocs=7 frees=7 peak_bytes=64 total_bytes=224 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
