// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc wrap-public-functions=false stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,NOWRAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-to-llvm | %run-tracked -e run | FileCheck %s --check-prefixes=CHECK,OUTSIDE

// Public functions that the module calls, as a front end emits them: @layer
// writes into a buffer it is given, through two temporaries of 1 KiB; @run,
// the entry point of the model, calls it 100 times from a loop,
// ping-ponging between two buffers of its own, and returns nothing. @main
// calls @run twice, as a host would.
//
// Under merge-alloc, both keep their signature for callers outside the
// module: @layer's temporaries become a workspace of 2,048 bytes (t1 and t2
// are alive at once) that a private function with its body takes, and @run's
// loop allocates it around each call, hoisted out of the loop (the loop runs
// 50 times). @run's own buffers and that workspace become the workspace of
// @run_impl, 4,096 bytes, which @main allocates around each of its two
// calls and merges into one buffer, since the two never live at once: 1
// allocation. Run as the entry point (the fourth RUN line), @run is the
// wrapper, which allocates the workspace of @run_impl: 1 allocation too.
//
// Without the wrappers, @layer merges its two temporaries into one buffer per
// call, and @run its two buffers into one: 101 allocations per run of @run.
// Without merge-alloc, 2 + 100 * 2 = 202 per run. The peak is always 4,096
// bytes: x, y, t1 and t2.
//
// Each call of @layer maps v to (v * 1 + v) * 0.5 + 1 = v + 1; x[i] starts
// at i mod 7, and after 100 calls x[5] = 105, x[13] = 106 and the sum of x is
// 762 + 25600 = 26362.

func.func @layer(%x: memref<256xf32>, %out: memref<256xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %t1 = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %t1[%i] : memref<256xf32>
  }
  %t2 = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %t1[%i] : memref<256xf32>
    %u = memref.load %x[%i] : memref<256xf32>
    %w = arith.addf %v, %u : f32
    memref.store %w, %t2[%i] : memref<256xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %t2[%i] : memref<256xf32>
    %h = arith.mulf %v, %half : f32
    %w = arith.addf %h, %one : f32
    memref.store %w, %out[%i] : memref<256xf32>
  }
  return
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c50 = arith.constant 50 : index
  %n = arith.constant 256 : index
  %k = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c7 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<256xf32>
  }
  %y = memref.alloc() : memref<256xf32>
  scf.for %t = %c0 to %c50 step %c1 {
    func.call @layer(%x, %y, %k) : (memref<256xf32>, memref<256xf32>, f32) -> ()
    func.call @layer(%y, %x, %k) : (memref<256xf32>, memref<256xf32>, f32) -> ()
  }
  %a = memref.load %x[%c5] : memref<256xf32>
  %b = memref.load %x[%c13] : memref<256xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<256xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print %a : f32
  vector.print %b : f32
  vector.print %sum : f32
  return
}

func.func @main() {
  func.call @run() : () -> ()
  func.call @run() : () -> ()
  return
}

// CHECK: 105
// CHECK-NEXT: 106
// CHECK-NEXT: 26362
// MERGED-NEXT: 105
// MERGED-NEXT: 106
// MERGED-NEXT: 26362
// MERGED-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=4096 total_bytes=4096 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// NOWRAP-NEXT: 105
// NOWRAP-NEXT: 106
// NOWRAP-NEXT: 26362
// NOWRAP-NEXT: alloc-tracker: mallocs=202 frees=202 peak_bytes=4096 total_bytes=413696 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// DEFAULT-NEXT: 105
// DEFAULT-NEXT: 106
// DEFAULT-NEXT: 26362
// DEFAULT-NEXT: alloc-tracker: mallocs=404 frees=404 peak_bytes=4096 total_bytes=413696 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// OUTSIDE-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=4096 total_bytes=4096 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
