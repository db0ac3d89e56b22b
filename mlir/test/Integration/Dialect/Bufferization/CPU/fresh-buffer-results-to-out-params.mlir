// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params stack-promotion-max-bytes=0" | %lower-to-llvm | %run-tracked -e run_outside | FileCheck %s --check-prefix=OUTSIDE

// Functions that return fresh buffers, as a front end emits layers that
// return tensors: @scaled (private) and @shifted (public) allocate their
// result first; @later allocates a temporary before its result. @main runs
// them in a loop of 10 iterations, each result passed on to the next call and
// the last one carried to the next iteration, and reads the final result
// after the loop.
//
// Under fresh-results-to-out-params, @main allocates the results of @scaled
// and of @shifted_impl (the private function with @shifted's body) right
// before the calls; both die in the iteration, so the pipeline hoists them
// out of the loop. @later keeps its result, which the loop carries, and its
// temporary. @shifted keeps its signature for callers outside the module
// (the third RUN line calls it through @run_outside, which the module does
// not call): it allocates its result and calls @shifted_impl.
//
// Without the option: x, and per iteration a, b, and @later's temporary and
// result, 41 mallocs of 1 KiB; the iteration frees the state (x at first)
// after @scaled and a after @shifted, so the peak is b and @later's two
// buffers, 3 KiB. With it: x, a and b once, and @later's two buffers per
// iteration, 23 mallocs. The hoisted a and b are held over the whole loop,
// also while @later runs, where the loop without hoisting has freed a: the
// peak grows to 5 KiB. The option trades that for the mallocs, as hoisting
// does for any buffer that dies early in an iteration; it is off by default.
//
// Per iteration v -> 2v -> 2v + 1 -> 2v + 1: after 10 iterations v is
// 1024 (v0 + 1) - 1, with v0 = i mod 5: y[3] = 4095, and the sum over 256
// elements is 1024 * 766 - 256 = 784128.

func.func private @scaled(%x: memref<256xf32>, %k: f32) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %out = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %out[%i] : memref<256xf32>
  }
  return %out : memref<256xf32>
}

func.func @shifted(%x: memref<256xf32>) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %out = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<256xf32>
  }
  return %out : memref<256xf32>
}

func.func private @later(%x: memref<256xf32>) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %t[%i] : memref<256xf32>
  }
  %out = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %t[%i] : memref<256xf32>
    %u = memref.load %x[%i] : memref<256xf32>
    %w = arith.subf %v, %u : f32
    memref.store %w, %out[%i] : memref<256xf32>
  }
  return %out : memref<256xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %n = arith.constant 256 : index
  %k = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c5 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<256xf32>
  }
  %y = scf.for %t = %c0 to %c10 step %c1 iter_args(%cur = %x) -> memref<256xf32> {
    %a = func.call @scaled(%cur, %k) : (memref<256xf32>, f32) -> memref<256xf32>
    %b = func.call @shifted(%a) : (memref<256xf32>) -> memref<256xf32>
    %c = func.call @later(%b) : (memref<256xf32>) -> memref<256xf32>
    scf.yield %c : memref<256xf32>
  }
  %v = memref.load %y[%c3] : memref<256xf32>
  vector.print %v : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> f32 {
    %e = memref.load %y[%i] : memref<256xf32>
    %a = arith.addf %s, %e : f32
    scf.yield %a : f32
  }
  vector.print %sum : f32
  return
}

// Not called by the module: it calls @shifted as a caller outside the
// module would, through the wrapper.
func.func @run_outside() {
  %c7 = arith.constant 7 : index
  %one = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<256xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<256xf32>)
  %r = func.call @shifted(%x) : (memref<256xf32>) -> memref<256xf32>
  %v = memref.load %r[%c7] : memref<256xf32>
  vector.print %v : f32
  return
}

// CHECK: 4095
// CHECK-NEXT: 784128
// OUTSIDE: 2
// FRESH-NEXT: alloc-tracker: mallocs=23 frees=23 peak_bytes=5120 total_bytes=23552 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// DEFAULT-NEXT: alloc-tracker: mallocs=41 frees=41 peak_bytes=3072 total_bytes=41984 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
// OUTSIDE-NEXT: alloc-tracker: mallocs=2 frees=2 peak_bytes=2048 total_bytes=2048 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
