// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,MERGED
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DEFAULT

// A loop whose trip count is known only at run time calls a kernel with a
// temporary, as a front end emits a loop over a dynamic dimension: @steps
// accumulates @kernel's result into a buffer it returns, and @main runs it
// for 0 steps while it holds a large buffer, then for 5 steps, and reads the
// results in other blocks.
//
// Under merge-alloc, @kernel's temporary (512 bytes) becomes a workspace that
// @steps allocates around each call. hoist-alloc-dealloc-pairs moves it out
// of the loop with a size of 512 bytes if the loop runs and 0 if it does
// not: the run with 0 steps, at the program's peak, holds no more than
// without merge-alloc (the workspace held anyway would raise the peak from
// 5120 to 5632 bytes).
//
// acc = 2 * steps * x with x = 1: acc[3] is 0 and then 10, the sum of the
// second result 1280; big[3] is 1.
//
// Without merge-alloc: x, big, two accumulators and 5 temporaries, 9
// mallocs, 8192 bytes. With it: x, big, two accumulators, and one workspace
// per run of @steps, of 0 and of 512 bytes: 6 mallocs, 6144 bytes. The peak
// is x, big and the first accumulator either way: 5120 bytes.

func.func private @kernel(%x: memref<128xf32>, %acc: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 128 : index
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<128xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<128xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %t[%i] : memref<128xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %t[%i] : memref<128xf32>
    %a = memref.load %acc[%i] : memref<128xf32>
    %s = arith.addf %a, %v : f32
    memref.store %s, %acc[%i] : memref<128xf32>
  }
  return
}

func.func @steps(%x: memref<128xf32>, %n: index) -> memref<128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<128xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<128xf32>)
  scf.for %i = %c0 to %n step %c1 {
    func.call @kernel(%x, %acc) : (memref<128xf32>, memref<128xf32>) -> ()
  }
  return %acc : memref<128xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %n = arith.constant 128 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<128xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<128xf32>)
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%one : f32) outs(%big : memref<1024xf32>)
  %r0 = func.call @steps(%x, %c0) : (memref<128xf32>, index) -> memref<128xf32>
  %g = memref.load %big[%c3] : memref<1024xf32>
  vector.print %g : f32
  %r5 = func.call @steps(%x, %c5) : (memref<128xf32>, index) -> memref<128xf32>
  %a = memref.load %r0[%c3] : memref<128xf32>
  vector.print %a : f32
  %b = memref.load %r5[%c3] : memref<128xf32>
  vector.print %b : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> f32 {
    %v = memref.load %r5[%i] : memref<128xf32>
    %t = arith.addf %s, %v : f32
    scf.yield %t : f32
  }
  vector.print %sum : f32
  return
}

// CHECK: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 10
// CHECK-NEXT: 1280
// MERGED-NEXT: alloc-tracker: mallocs=6 frees=6 peak_bytes=5120 total_bytes=6144 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// DEFAULT-NEXT: alloc-tracker: mallocs=9 frees=9 peak_bytes=5120 total_bytes=8192 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
