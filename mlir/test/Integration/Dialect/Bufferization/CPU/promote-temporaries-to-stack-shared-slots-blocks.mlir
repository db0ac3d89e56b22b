// RUN: mlir-opt %s -buffer-deallocation-pipeline="hoist-alloc-dealloc-pairs=false reuse-freed-buffers=false" \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="hoist-alloc-dealloc-pairs=false reuse-freed-buffers=false" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="hoist-alloc-dealloc-pairs=false reuse-freed-buffers=false stack-promotion-max-bytes=0" \
// RUN:   | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP

// A loop of two blocks, as a front end emits it: each block fills a 256-byte
// temporary from the input and adds its sum to the running total, 100 times
// round. The pipeline lifts the loop to an scf.while, one temporary in each
// region. Without hoisting and reuse, which would otherwise turn the two into
// one buffer first, each temporary dies in its region, and the stack
// promotion gives both one slot of the frame: the loop takes no heap memory
// (the default pipeline gets there too). On the heap, each block allocates
// per run: 1 + 200 mallocs, one temporary at a time.
//
// x[i] = i mod 5; the first block adds sum(x[k..k+63]) = 130 - ((k+4) mod 5)
// and the second twice that of k + 1, for k = 0..99. Each sum over 100
// consecutive k is 20 * 640 = 12,800: 12,800 + 2 * 12,800 = 38,400.

// IR-LABEL: func.func private @blocks
//       IR:   memref.alloca() : memref<64xf32>
//   IR-NOT:   memref.alloc
//       IR:   return

// CHECK: 38400
// STACK-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=2048 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
// HEAP-NEXT: alloc-tracker: mallocs=201 frees=201 peak_bytes=2304 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0

func.func private @blocks(%x: memref<512xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  cf.br ^first(%c0, %zero : index, f32)
^first(%k: index, %acc: f32):
  %a = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %j = arith.addi %i, %k : index
    %v = memref.load %x[%j] : memref<512xf32>
    memref.store %v, %a[%i] : memref<64xf32>
  }
  %sa = scf.for %i = %c0 to %c64 step %c1 iter_args(%s = %acc) -> f32 {
    %v = memref.load %a[%i] : memref<64xf32>
    %t = arith.addf %s, %v : f32
    scf.yield %t : f32
  }
  %k1 = arith.addi %k, %c1 : index
  cf.br ^second(%k1, %sa : index, f32)
^second(%m: index, %acc2: f32):
  %b = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %j = arith.addi %i, %m : index
    %v = memref.load %x[%j] : memref<512xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %b[%i] : memref<64xf32>
  }
  %sb = scf.for %i = %c0 to %c64 step %c1 iter_args(%s = %acc2) -> f32 {
    %v = memref.load %b[%i] : memref<64xf32>
    %t = arith.addf %s, %v : f32
    scf.yield %t : f32
  }
  %more = arith.cmpi ult, %m, %n : index
  cf.cond_br %more, ^first(%m, %sb : index, f32), ^done(%sb : f32)
^done(%r: f32):
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c100 = arith.constant 100 : index
  %c512 = arith.constant 512 : index
  %x = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %r = arith.remui %i, %c5 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<512xf32>
  }
  %s = func.call @blocks(%x, %c100) : (memref<512xf32>, index) -> f32
  vector.print %s : f32
  return
}
