// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{stack-promotion-max-bytes=1024})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{stack-promotion-max-bytes=1024 hoist-alloc-dealloc-pairs=false})" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACKNOHOIST

// Temporaries as a front end emits them:
// - a layer function that computes its result through a temporary and
//   returns the result, called 1000 times in a loop whose results are passed
//   on to the next call and freed by the caller;
// - a sequential loop of 20,000 iterations with a 1 KiB temporary;
// - a parallel loop of 100 iterations with a 1 KiB temporary.
// With stack promotion the temporaries of the layer and of the sequential
// loop take no malloc; the results, which leave their function, and the
// temporaries of the parallel loop, whose iterations may each need one at the
// same time, stay on the heap. Without hoisting, the sequential loop's
// temporary takes one slot of the frame, not one per iteration: 20,000 of
// them would be 20 MB, past the 8 MB of a default main thread stack.

func.func private @printF32(f32)
func.func private @printNewline()

// result[i] = 2 * x[i] + 1, through a temporary of 256 bytes.
func.func private @layer(%x: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %t[%i] : memref<64xf32>
  }
  %r = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %t[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %r[%i] : memref<64xf32>
  }
  return %r : memref<64xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c1000 = arith.constant 1000 : index
  %c19999 = arith.constant 19999 : index
  %c20000 = arith.constant 20000 : index
  %zero = arith.constant 0.0 : f32

  // 1000 layers, each on the previous layer's output; the first input
  // is 0, so the output after k layers is 2^k - 1 in every element, and
  // after 1000 layers that is infinite in f32. Sum the element 63 of the
  // first 20 outputs instead: (2^1 - 1) + ... + (2^20 - 1) = 2^21 - 22
  // = 2097130.
  %x0 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%x0 : memref<64xf32>)
  %c20 = arith.constant 20 : index
  %lastLayer, %sum = scf.for %k = %c0 to %c1000 step %c1
      iter_args(%x = %x0, %acc = %zero) -> (memref<64xf32>, f32) {
    %y = func.call @layer(%x) : (memref<64xf32>) -> memref<64xf32>
    %early = arith.cmpi ult, %k, %c20 : index
    %v = memref.load %y[%c63] : memref<64xf32>
    %added = arith.addf %acc, %v : f32
    %next = arith.select %early, %added, %acc : f32
    scf.yield %y, %next : memref<64xf32>, f32
  }
  func.call @printF32(%sum) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // CHECK: 2.09713e+06

  // seq[i] = sum over j of (i + j) for j < 256 = 256 i + 32640, through a
  // temporary of 1 KiB per iteration.
  %c256 = arith.constant 256 : index
  %seq = scf.for %i = %c0 to %c20000 step %c1 iter_args(%acc = %zero) -> f32 {
    %t = memref.alloc() : memref<256xf32>
    scf.for %j = %c0 to %c256 step %c1 {
      %ij = arith.addi %i, %j : index
      %n = arith.index_cast %ij : index to i32
      %f = arith.sitofp %n : i32 to f32
      memref.store %f, %t[%j] : memref<256xf32>
    }
    %s = scf.for %j = %c0 to %c256 step %c1 iter_args(%a = %zero) -> f32 {
      %v = memref.load %t[%j] : memref<256xf32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    }
    %last = arith.cmpi eq, %i, %c19999 : index
    %keep = arith.select %last, %s, %acc : f32
    scf.yield %keep : f32
  }
  func.call @printF32(%seq) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // 256 * 19999 + 32640 = 5152384.
  // CHECK: 5.15238e+06

  // The same in a parallel loop of 100 iterations, into out[i].
  %c100 = arith.constant 100 : index
  %out = memref.alloc() : memref<100xf32>
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %t = memref.alloc() : memref<256xf32>
    scf.for %j = %c0 to %c256 step %c1 {
      %ij = arith.addi %i, %j : index
      %n = arith.index_cast %ij : index to i32
      %f = arith.sitofp %n : i32 to f32
      memref.store %f, %t[%j] : memref<256xf32>
    }
    %s = scf.for %j = %c0 to %c256 step %c1 iter_args(%a = %zero) -> f32 {
      %v = memref.load %t[%j] : memref<256xf32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    }
    memref.store %s, %out[%i] : memref<100xf32>
    scf.reduce
  }
  %c99 = arith.constant 99 : index
  %o = memref.load %out[%c99] : memref<100xf32>
  func.call @printF32(%o) : (f32) -> ()
  func.call @printNewline() : () -> ()
  // 256 * 99 + 32640 = 57984.
  // CHECK: 57984

  // Heap: per layer call its result and its temporary (2,000), the first
  // input, the sequential loop's hoisted temporary, 100 parallel temporaries
  // and `out`. The last layer's result is freed right after the layer loop
  // (the address comparisons of the guarded frees in the loop do not hold
  // it), so the peak is `out` and a parallel temporary, 400 + 1024 bytes.
  // With promotion the temporaries of the layer and the sequential loop, and
  // `out`, are on the stack: 1,000 results, the first input and the 100
  // parallel temporaries are left. The peak is then a parallel temporary of
  // 1 KiB (the layer loop holds two results of 256 bytes at most).
  // HEAP: alloc-tracker: mallocs=2103 frees=2103 peak_bytes=1424 total_bytes=616080 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // STACK: alloc-tracker: mallocs=1101 frees=1101 peak_bytes=1024 total_bytes=358656 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // STACKNOHOIST: alloc-tracker: mallocs=1101 frees=1101 peak_bytes=1024 total_bytes=358656 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
