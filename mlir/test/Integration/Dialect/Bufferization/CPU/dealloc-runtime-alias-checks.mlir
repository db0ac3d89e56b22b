// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,INLINE
// RUN: mlir-opt %s -buffer-deallocation-pipeline="no-alias-function-results=false stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,INLINE
// RUN: mlir-opt %s -buffer-deallocation-pipeline="allow-observable-result-copies=true stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,NOALIAS
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{no-alias-function-results=false simplify-loop-ownership=false lower-deallocations-to-scf=false hoist-alloc-dealloc-pairs=false stack-promotion-max-bytes=0})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HELPER

// Deallocations whose operands alias only at run time. With the inline alias
// checks of lower-deallocations-to-scf each buffer is freed exactly once and
// no heap memory is needed for the checks; the helper-based lowering
// (upstream's, the last RUN, with hoisting off as well) gets the same
// result with 5 metadata allocations per call. @same_twice is public, so by
// default (the first RUN) it keeps the ownership ABI, as with the no-alias
// ABI off (the second RUN). With allow-observable-result-copies (the third
// RUN) it returns a copy as its second result instead, so @main frees both
// without alias checks.

func.func private @printMemrefF32(memref<*xf32>)

// Returns one buffer twice (seed 003): the caller frees two results that are
// the same buffer.
func.func @same_twice(%v: f32) -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a, %a : memref<4xf32>, memref<4xf32>
}

// Swaps two buffers `n` times while adding one buffer into the other:
// (x, y) -> (x + y, x).
func.func @swap_loop(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %x0 = memref.alloc() : memref<4xf32>
  %y0 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%x0 : memref<4xf32>)
  linalg.fill ins(%zero : f32) outs(%y0 : memref<4xf32>)
  %r:3 = scf.while (%i = %c0, %x = %x0, %y = %y0)
      : (index, memref<4xf32>, memref<4xf32>) -> (index, memref<4xf32>, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %x, %y : index, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%i: index, %x: memref<4xf32>, %y: memref<4xf32>):
    scf.for %j = %c0 to %c4 step %c1 {
      %a = memref.load %x[%j] : memref<4xf32>
      %b = memref.load %y[%j] : memref<4xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %y[%j] : memref<4xf32>
    }
    %next = arith.addi %i, %c1 : index
    scf.yield %next, %y, %x : index, memref<4xf32>, memref<4xf32>
  }
  memref.copy %r#1, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %three = arith.constant 3.0 : f32
  %p:2 = func.call @same_twice(%three) : (f32) -> (memref<4xf32>, memref<4xf32>)
  %u = memref.cast %p#1 : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [3, 3, 3, 3]

  %out = memref.alloc() : memref<4xf32>
  func.call @swap_loop(%c7, %out) : (index, memref<4xf32>) -> ()
  %o = memref.cast %out : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%o) : (memref<*xf32>) -> ()
  // Fibonacci: after 7 swaps the first buffer holds F(8) = 21.
  // CHECK: data =
  // CHECK-NEXT: [21, 21, 21, 21]

  // 1 buffer in @same_twice, %out, 2 buffers in @swap_loop; each freed
  // once even though @main frees two names of the first one.
  // Under the no-alias ABI, one more: the copy of the second result, which
  // replaces the first result's 16 bytes from the call on; the first result
  // is freed right after the call, so the peak stays the same.
  // NOALIAS: alloc-tracker: mallocs=5 frees=5 peak_bytes=64 total_bytes=80 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // INLINE: alloc-tracker: mallocs=4 frees=4 peak_bytes=64 total_bytes=64 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // With the helper: 17 calls (8 runs of the while's before region, 7 of its
  // after region, 1 after the loop, 1 in @main) of 5 metadata buffers each.
  // HELPER: alloc-tracker: mallocs=89 frees=89 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
