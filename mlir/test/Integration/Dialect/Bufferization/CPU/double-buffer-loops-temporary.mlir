// RUN: sed 's/TRIP_COUNT/10/' %s | mlir-opt -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,CHECK-10,OURS-10
// RUN: sed 's/TRIP_COUNT/0/' %s | mlir-opt -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,CHECK-0,OURS-0
// RUN: sed 's/TRIP_COUNT/10/' %s | mlir-opt --pass-pipeline="builtin.module(buffer-deallocation-pipeline{double-buffer-loops=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,CHECK-10,NORECYCLE-10

// A function that makes an initial state and runs a loop whose iteration
// computes a temporary from the state and the next state from the
// temporary, as a front end emits `state = f(g(state))`; it returns the
// final state to the caller, which prints it. The iteration allocates
// two buffers of one type and frees one it received (the old state):
// double-buffer-loops carries that buffer as a spare to the allocation of
// the next state, which outlives the iteration, and the temporary, which
// the iteration frees, leaves the loop (hoist-alloc-dealloc-pairs).
//
// Per iteration v -> 2 v + 1: after 10 iterations of [0, 1, 2, 3],
// 1024 (v0 + 1) - 1 = [1023, 2047, 3071, 4095].
//
// 10 iterations: the initial state, one spare and the temporary, 3 mallocs;
// the state, the spare (the next state) and the temporary are held at once,
// 48 bytes. Without double buffering, the iteration frees the old state at
// its last use, before it allocates the next one, which takes the old
// state's buffer over (reuse-freed-buffers): the initial state and the
// temporary, 2 mallocs, and the temporary and one state are held at once,
// 32 bytes. 0 iterations: the state,
// and the spare and the temporary, allocated before the loop and freed
// after it (3 mallocs, 48 bytes).

func.func private @printMemrefF32(memref<*xf32>)

func.func private @run(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    memref.store %fi, %x[%i] : memref<4xf32>
  }
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%cur = %x) -> memref<4xf32> {
    %tmp = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %cur[%i] : memref<4xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %tmp[%i] : memref<4xf32>
    }
    %next = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %tmp[%i] : memref<4xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %next[%i] : memref<4xf32>
    }
    scf.yield %next : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @main() {
  %n = arith.constant TRIP_COUNT : index
  %r = func.call @run(%n) : (index) -> memref<4xf32>
  %p = memref.cast %r : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}

// CHECK: Unranked Memref
// CHECK-10-NEXT: [1023,  2047,  3071,  4095]
// CHECK-0-NEXT: [0,  1,  2,  3]
// OURS-10-NEXT: alloc-tracker: mallocs=3 frees=3 peak_bytes=48 total_bytes=48 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// OURS-0-NEXT: alloc-tracker: mallocs=3 frees=3 peak_bytes=48 total_bytes=48 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// NORECYCLE-10-NEXT: alloc-tracker: mallocs=2 frees=2 peak_bytes=32 total_bytes=32 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
