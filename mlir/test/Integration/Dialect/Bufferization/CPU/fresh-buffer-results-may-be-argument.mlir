// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,COPY,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,COPY,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,COPY,DEFAULT
// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params private-function-dynamic-ownership stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,ALIAS,DYNAMIC

// A function that returns its argument when it is within a limit and a
// clamped copy otherwise, as a front end emits `x if ok(x) else f(x)`:
// @clamp may return %x or a fresh buffer. @main calls it in a loop whose
// iterations take both paths, passes its result on to @inc (which returns
// a fresh buffer) and carries that to the next iteration; after the loop it
// clamps the result once more on each path, and writes the result of the
// path that returns the argument.
//
// Under fresh-results-to-out-params the callers allocate both results:
// @clamp copies %x into the new argument where it returned %x, which is
// what the deallocation does without the option (it clones %x for the
// caller), without the allocation. The write after the loop goes to that
// copy, as it goes to the clone without the option: %y keeps its value.
// Under private-function-dynamic-ownership the deallocation returns %x
// itself, so the write is seen through %y; there @clamp keeps its result
// (and the program its answer), and only @inc's becomes an argument.
//
// Without the option: 11 mallocs, x, per iteration @clamp's buffer or its
// clone of %x and @inc's result, and two after the loop; @clamp and @inc
// never keep their argument (where @clamp would return it, it returns a
// clone), so the loop takes x over and frees each buffer right after the
// call that reads it last: two buffers at most, 512 bytes. With it: 5, x, the spare that the double-buffered loop
// carries (the buffer of cur serves the next iteration's next), c once (it
// dies in the iteration and leaves the loop), and two after the loop; peak
// cur, c and next: 768 bytes. merge-alloc finds nothing to share. Under dynamic ownership: x, @clamp's two clamped buffers in the
// loop and one after it, and @inc's results, which the loop carries as a
// spare when it has one: 6 mallocs, peak 1,024 bytes.
//
// x[i] = i; per iteration c = clamp(cur, limit), next = c + 1, limits
// 10, 20, 5, 8 (clamps, returns, clamps, returns):
//   t = 0: next = min(i, 10) + 1
//   t = 1: next = min(i, 10) + 2               (max 11 <= 20)
//   t = 2: next = min(min(i, 10) + 2, 5) + 1   (max 12 > 5)
//   t = 3: next = min(min(i, 10) + 2, 5) + 2   (max 6 <= 8)
// y = [4, 5, 6, 7, 7, ...]: sum 4 + 5 + 6 + 61 * 7 = 442. clamp(y, 6) is
// [4, 5, 6, 6, ...], sum 381; clamp(y, 100) returns y, whose copy gets
// -1 at 0 while y[0] stays 4.

func.func private @clamp(%x: memref<64xf32>, %limit: f32) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %neg = arith.negf %limit : f32
  %max = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<64xf32>
    %a = math.absf %v : f32
    %m = arith.maximumf %acc, %a : f32
    scf.yield %m : f32
  }
  %inside = arith.cmpf ole, %max, %limit : f32
  %r = scf.if %inside -> memref<64xf32> {
    scf.yield %x : memref<64xf32>
  } else {
    %out = memref.alloc() : memref<64xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<64xf32>
      %a = arith.maximumf %v, %neg : f32
      %b = arith.minimumf %a, %limit : f32
      memref.store %b, %out[%i] : memref<64xf32>
    }
    scf.yield %out : memref<64xf32>
  }
  return %r : memref<64xf32>
}

func.func private @inc(%x: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %out = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<64xf32>
  }
  return %out : memref<64xf32>
}

func.func private @sum(%x: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<64xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 64 : index
  %l10 = arith.constant 10.0 : f32
  %l20 = arith.constant 20.0 : f32
  %l5 = arith.constant 5.0 : f32
  %l8 = arith.constant 8.0 : f32
  %l6 = arith.constant 6.0 : f32
  %l100 = arith.constant 100.0 : f32
  %m1 = arith.constant -1.0 : f32
  %x = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %x[%i] : memref<64xf32>
  }
  %y = scf.for %t = %c0 to %c4 step %c1 iter_args(%cur = %x) -> memref<64xf32> {
    %limit = scf.index_switch %t -> f32
    case 0 {
      scf.yield %l10 : f32
    }
    case 1 {
      scf.yield %l20 : f32
    }
    case 2 {
      scf.yield %l5 : f32
    }
    default {
      scf.yield %l8 : f32
    }
    %c = func.call @clamp(%cur, %limit) : (memref<64xf32>, f32) -> memref<64xf32>
    %next = func.call @inc(%c) : (memref<64xf32>) -> memref<64xf32>
    scf.yield %next : memref<64xf32>
  }
  %y0 = memref.load %y[%c0] : memref<64xf32>
  %y3 = memref.load %y[%c3] : memref<64xf32>
  %ysum = func.call @sum(%y) : (memref<64xf32>) -> f32
  vector.print %y0 : f32
  vector.print %y3 : f32
  vector.print %ysum : f32
  %a = func.call @clamp(%y, %l6) : (memref<64xf32>, f32) -> memref<64xf32>
  %asum = func.call @sum(%a) : (memref<64xf32>) -> f32
  vector.print %asum : f32
  %b = func.call @clamp(%y, %l100) : (memref<64xf32>, f32) -> memref<64xf32>
  memref.store %m1, %b[%c0] : memref<64xf32>
  %b0 = memref.load %b[%c0] : memref<64xf32>
  %y0again = memref.load %y[%c0] : memref<64xf32>
  vector.print %b0 : f32
  vector.print %y0again : f32
  return
}

// CHECK: 4
// CHECK-NEXT: 7
// CHECK-NEXT: 442
// CHECK-NEXT: 381
// CHECK-NEXT: -1
// COPY-NEXT: 4
// ALIAS-NEXT: -1
// FRESH-NEXT: alloc-tracker: mallocs=5 frees=5 peak_bytes=768 total_bytes=1280 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// DEFAULT-NEXT: alloc-tracker: mallocs=11 frees=11 peak_bytes=512 total_bytes=2816 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// DYNAMIC-NEXT: alloc-tracker: mallocs=6 frees=6 peak_bytes=1024 total_bytes=1536 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
