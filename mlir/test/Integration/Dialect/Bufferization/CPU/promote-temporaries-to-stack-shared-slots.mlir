// RUN: mlir-opt %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=IR
// RUN: mlir-opt %s -buffer-deallocation-pipeline="hoist-alloc-dealloc-pairs=false reuse-freed-buffers=false" \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="hoist-alloc-dealloc-pairs=false reuse-freed-buffers=false" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: mlir-opt %s -buffer-deallocation-pipeline="stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP

// A kernel with three 256-byte temporaries of one type: one in an scf.if
// arm, one per iteration of a loop, and one after both, each filled from
// the input and summed. None is alive while another is, so the stack
// promotion gives all three one 256-byte slot of the kernel's frame
// (without slot sharing: three slots, 768 bytes). The input is the only
// heap buffer: 1 malloc, 2,048 bytes at the peak. On the heap, the kernel
// allocates per call (the loop's temporary hoisted out of the loop and
// taken over by the last one): 1 + 50 + 100 mallocs over the 100 calls.
// Without the hoisting and the reuse, the loop's temporary stays in the
// loop body, and the three still share the slot.
//
// x[i] = i mod 5; S(k) = sum of x[k..k+63] = 130 - ((k + 4) mod 5). The
// kernel at k returns 2 S(k) if k is even (the arm), plus S(k+j) + 64 for
// j = 0, 1, 2 (the loop), plus 3 S(k) (the last temporary). Over k = 0..99
// the S(k) terms repeat with period 5 and sum to 20 * 640 = 12,800 per
// coefficient; the even k give 10 * (126 + 129 + 127 + 130 + 128) = 6,400:
// 2 * 6,400 + 3 * 12,800 + 3 * 64 * 100 + 3 * 12,800 = 108,800.

// IR-LABEL: func.func private @kernel
//       IR:   memref.alloca() : memref<64xf32>
//   IR-NOT:   memref.alloc
//       IR:   return

// CHECK: 108800
// STACK-NEXT: alloc-tracker: mallocs=1 frees=1 peak_bytes=2048 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0
// HEAP-NEXT: alloc-tracker: mallocs=151 frees=151 peak_bytes=2304 {{.*}} leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0

// Fills a temporary with scale * x[k + i] + add and returns its sum.
func.func private @fill_and_sum(%t: memref<64xf32>, %x: memref<512xf32>,
                                %k: index, %scale: f32, %add: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %j = arith.addi %i, %k : index
    %v = memref.load %x[%j] : memref<512xf32>
    %w = arith.mulf %v, %scale : f32
    %u = arith.addf %w, %add : f32
    memref.store %u, %t[%i] : memref<64xf32>
  }
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %t[%i] : memref<64xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %s : f32
}

func.func private @kernel(%x: memref<512xf32>, %k: index, %even: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %s1 = scf.if %even -> f32 {
    %a = memref.alloc() : memref<64xf32>
    %s = func.call @fill_and_sum(%a, %x, %k, %two, %zero)
        : (memref<64xf32>, memref<512xf32>, index, f32, f32) -> f32
    scf.yield %s : f32
  } else {
    scf.yield %zero : f32
  }
  %s2 = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %s1) -> f32 {
    %l = memref.alloc() : memref<64xf32>
    %kj = arith.addi %k, %j : index
    %s = func.call @fill_and_sum(%l, %x, %kj, %one, %one)
        : (memref<64xf32>, memref<512xf32>, index, f32, f32) -> f32
    %n = arith.addf %acc, %s : f32
    scf.yield %n : f32
  }
  %b = memref.alloc() : memref<64xf32>
  %s3 = func.call @fill_and_sum(%b, %x, %k, %three, %zero)
      : (memref<64xf32>, memref<512xf32>, index, f32, f32) -> f32
  %r = arith.addf %s2, %s3 : f32
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
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
    %m = arith.remui %k, %c2 : index
    %even = arith.cmpi eq, %m, %c0 : index
    %s = func.call @kernel(%x, %k, %even) : (memref<512xf32>, index, i1) -> f32
    %n = arith.addf %acc, %s : f32
    scf.yield %n : f32
  }
  vector.print %total : f32
  return
}
