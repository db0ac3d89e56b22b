// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params reuse-before-loop-stages stack-promotion-max-bytes=0" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,EARLY
// RUN: mlir-opt %s -buffer-deallocation-pipeline="fresh-results-to-out-params stack-promotion-max-bytes=0" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,FRESH
// RUN: mlir-opt %s -buffer-deallocation-pipeline="reuse-before-loop-stages stack-promotion-max-bytes=0" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,RESULTS
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc fresh-results-to-out-params reuse-before-loop-stages stack-promotion-max-bytes=0" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,EARLY

// The solver of reuse-freed-buffers-loop-states.mlir, x := (x / 2 + 1) + 2
// from x[i] = i, in the loop shapes that front ends emit besides
// `scf.for`: a loop of blocks (lifted to an `scf.while`), an `scf.while`,
// and an `scf.for` whose last step is a call that returns its argument on
// odd steps (x := x / 2 + 1, + 2 on even steps only). Each runs for 10 and
// 100 steps and for none; the results must not depend on the pipeline, and
// the buffers that the loops hold must not grow with the number of steps.

func.func private @scaled(%x: memref<1024xf32>, %k: f32) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  %out = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<1024xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %out[%i] : memref<1024xf32>
  }
  return %out : memref<1024xf32>
}

func.func private @shifted(%x: memref<1024xf32>, %d: f32) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  %out = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<1024xf32>
    %w = arith.addf %v, %d : f32
    memref.store %w, %out[%i] : memref<1024xf32>
  }
  return %out : memref<1024xf32>
}

// Returns `x` itself where `skip` holds, a shifted copy otherwise.
func.func private @maybe_shifted(%x: memref<1024xf32>, %d: f32, %skip: i1) -> memref<1024xf32> {
  %r = scf.if %skip -> memref<1024xf32> {
    scf.yield %x : memref<1024xf32>
  } else {
    %s = func.call @shifted(%x, %d) : (memref<1024xf32>, f32) -> memref<1024xf32>
    scf.yield %s : memref<1024xf32>
  }
  return %r : memref<1024xf32>
}

func.func private @iota() -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  %init = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %init[%i] : memref<1024xf32>
  }
  return %init : memref<1024xf32>
}

// x := (x / 2 + 1) + 2 as a loop of blocks.
func.func @relax_blocks(%steps: index) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %init = func.call @iota() : () -> memref<1024xf32>
  cf.br ^head(%c0, %init : index, memref<1024xf32>)
^head(%t: index, %cur: memref<1024xf32>):
  %more = arith.cmpi slt, %t, %steps : index
  cf.cond_br %more, ^body, ^exit
^body:
  %a = func.call @scaled(%cur, %half) : (memref<1024xf32>, f32) -> memref<1024xf32>
  %b = func.call @shifted(%a, %one) : (memref<1024xf32>, f32) -> memref<1024xf32>
  %c = func.call @shifted(%b, %two) : (memref<1024xf32>, f32) -> memref<1024xf32>
  %next = arith.addi %t, %c1 : index
  cf.br ^head(%next, %c : index, memref<1024xf32>)
^exit:
  return %cur : memref<1024xf32>
}

// The same as an scf.while.
func.func @relax_while(%steps: index) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %init = func.call @iota() : () -> memref<1024xf32>
  %r:2 = scf.while (%t = %c0, %cur = %init) : (index, memref<1024xf32>) -> (index, memref<1024xf32>) {
    %more = arith.cmpi slt, %t, %steps : index
    scf.condition(%more) %t, %cur : index, memref<1024xf32>
  } do {
  ^bb0(%t: index, %cur: memref<1024xf32>):
    %a = func.call @scaled(%cur, %half) : (memref<1024xf32>, f32) -> memref<1024xf32>
    %b = func.call @shifted(%a, %one) : (memref<1024xf32>, f32) -> memref<1024xf32>
    %c = func.call @shifted(%b, %two) : (memref<1024xf32>, f32) -> memref<1024xf32>
    %next = arith.addi %t, %c1 : index
    scf.yield %next, %c : index, memref<1024xf32>
  }
  return %r#1 : memref<1024xf32>
}

// x := x / 2 + 1, and + 2 on even steps only: the last call keeps its
// argument on odd steps.
func.func @relax_kept(%steps: index) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %init = func.call @iota() : () -> memref<1024xf32>
  %r = scf.for %t = %c0 to %steps step %c1 iter_args(%cur = %init) -> memref<1024xf32> {
    %a = func.call @scaled(%cur, %half) : (memref<1024xf32>, f32) -> memref<1024xf32>
    %b = func.call @shifted(%a, %one) : (memref<1024xf32>, f32) -> memref<1024xf32>
    %parity = arith.remui %t, %c2 : index
    %odd = arith.cmpi ne, %parity, %c0 : index
    %c = func.call @maybe_shifted(%b, %two, %odd) : (memref<1024xf32>, f32, i1) -> memref<1024xf32>
    scf.yield %c : memref<1024xf32>
  }
  return %r : memref<1024xf32>
}

func.func private @print_sum(%x: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<1024xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  vector.print %sum : f32
  return
}

// Prints the sums of the three loops after `steps` steps.
func.func @report(%steps: index) {
  %a = func.call @relax_blocks(%steps) : (index) -> memref<1024xf32>
  func.call @print_sum(%a) : (memref<1024xf32>) -> ()
  %b = func.call @relax_while(%steps) : (index) -> memref<1024xf32>
  func.call @print_sum(%b) : (memref<1024xf32>) -> ()
  %c = func.call @relax_kept(%steps) : (index) -> memref<1024xf32>
  func.call @print_sum(%c) : (memref<1024xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  // Element i is 6 + (i - 6) / 2^10 after ten steps of the first two
  // loops; the third alternates between x / 2 + 3 and x / 2 + 1, from
  // x[i] = i, ending after an even step.
  // CHECK: 6649.5
  // CHECK-NEXT: 6649.5
  // CHECK-NEXT: 3921.5
  func.call @report(%c10) : (index) -> ()
  // After 100 steps the first two are at their fixed point, 6; the third
  // ends after an odd step, at x = x / 4 + 5 / 2, whose fixed point is 10 / 3
  // (3413.33 in exact arithmetic, 3413.31 summed in f32).
  // CHECK-NEXT: 6144
  // CHECK-NEXT: 6144
  // CHECK-NEXT: 3413.31
  func.call @report(%c100) : (index) -> ()
  // No step: 0 + 1 + ... + 1023.
  // CHECK-NEXT: 523776
  // CHECK-NEXT: 523776
  // CHECK-NEXT: 523776
  func.call @report(%c0) : (index) -> ()
  // Buffers of 4 KiB. Under the early reuse, each of the first two loops
  // holds its state, a spare and one temporary for any number of steps, 3
  // mallocs a call (the spare and the temporary also where no step runs);
  // without it, 4. The third loop does the same, except that the call that
  // may return its argument returns a fresh buffer (a clone where it keeps
  // the argument), 1 malloc a step: 3 * (3 + 3) + (3 * 3 + 110) = 137
  // mallocs; without the early reuse, 3 * (4 + 4) + (3 * 3 + 110) = 143.
  // Without out-parameters, every step allocates its three results and
  // each call its initial state: 3 * (3 + 3 * 110) = 999 mallocs, the early
  // reuse finding nothing to take over. At most three
  // buffers at once, four without the early reuse.
  // EARLY: alloc-tracker: mallocs=137 frees=137 peak_bytes=12288 total_bytes=561152 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=0
  // FRESH: alloc-tracker: mallocs=143 frees=143 peak_bytes=16384 total_bytes=585728 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=0
  // RESULTS: alloc-tracker: mallocs=999 frees=999 peak_bytes=12288 total_bytes=4091904 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0 stack_frees=0 global_frees=0 interior_frees=0
  return
}
