// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="reuse-freed-buffers=false" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP

// A kernel with two 256-byte temporaries of different shapes, the second
// allocated after the first died, called 100 times from a loop on a 2 KiB
// input. reuse-freed-buffers lets the second take over the first's buffer
// through a memref.reinterpret_cast and frees it through that view; the
// stack promotion follows the free to the allocation, so both temporaries
// live in one 256-byte slot of the kernel's frame, as the two slots they
// take without the reuse. The input is the only heap buffer: 1 malloc, 2,048
// bytes at the peak. Without stack promotion, the kernel allocates the
// shared buffer once per call: 101 mallocs, 2,048 + 256 bytes.
//
// x[i] = i mod 5. The kernel at k sums a[r][c] = 2 * x[16 r + c + k] over
// 4 x 16 elements and b[i] = x[i + k] + 1 over 64: 3 * sum(x[k..k+63]) + 64.
// Any 64 consecutive x sum to 12 * 10 + the first 4 residues from k mod 5;
// over k = 0..99 that is 100 * (3 * 120 + 64) + 3 * 20 * (6 + 10 + 9 + 8 + 7)
// = 42,400 + 2,400 = 44,800.

// CHECK: 44800
// STACK-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=2048 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
// HEAP-NEXT: alloc-tracker: mallocs=101 frees=101 peak_bytes=2304 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0

func.func private @kernel(%x: memref<512xf32>, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4x16xf32>
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %row = arith.muli %r, %c16 : index
      %i = arith.addi %row, %c : index
      %j = arith.addi %i, %k : index
      %v = memref.load %x[%j] : memref<512xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %a[%r, %c] : memref<4x16xf32>
    }
  }
  %sa = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %s = scf.for %c = %c0 to %c16 step %c1 iter_args(%in = %acc) -> f32 {
      %v = memref.load %a[%r, %c] : memref<4x16xf32>
      %n = arith.addf %in, %v : f32
      scf.yield %n : f32
    }
    scf.yield %s : f32
  }
  %b = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %j = arith.addi %i, %k : index
    %v = memref.load %x[%j] : memref<512xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %b[%i] : memref<64xf32>
  }
  %sb = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %sa) -> f32 {
    %v = memref.load %b[%i] : memref<64xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %sb : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c100 = arith.constant 100 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %r = arith.remui %i, %c5 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    memref.store %f, %x[%i] : memref<512xf32>
  }
  %total = scf.for %k = %c0 to %c100 step %c1 iter_args(%acc = %zero) -> f32 {
    %s = func.call @kernel(%x, %k) : (memref<512xf32>, index) -> f32
    %n = arith.addf %acc, %s : f32
    scf.yield %n : f32
  }
  vector.print %total : f32
  return
}
