// RUN: mlir-opt %s -buffer-deallocation-pipeline=stack-promotion-max-bytes=0 | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline="merge-alloc lift-allocating-branches stack-promotion-max-bytes=0" | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: mlir-opt %s -buffer-deallocation-pipeline | %lower-and-run-tracked | FileCheck %s --check-prefixes=CHECK,STACK

// A buffer that a branch reads first and then allocates a larger one:
// free-buffers-at-last-use frees it in each region of the scf.if, after its
// read in that branch, rather than after the scf.if, over the larger buffer.
// An scf.if without an `else` (here a diamond of blocks that merge-alloc's
// lifting turns into one, the fuzzer's seeds 63137 and 66516) gets an `else`
// that frees it. In the blocks of that diamond, the free at the end of the
// arm moves up past the ops of the block before the branch (which free the
// buffer on the other path) to the read. promote-temporaries-to-stack still
// takes the buffer freed in the regions.

// The sum of 256 copies of the sum of 64 copies of %n when %big is set,
// else %n.
func.func @scaled(%big: i1, %n: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%n : f32) outs(%a : memref<64xf32>)
  %s = scf.if %big -> f32 {
    %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %a[%i] : memref<64xf32>
      %w = arith.addf %acc, %v : f32
      scf.yield %w : f32
    }
    %b = memref.alloc() : memref<256xf32>
    linalg.fill ins(%sum : f32) outs(%b : memref<256xf32>)
    %t = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %b[%i] : memref<256xf32>
      %w = arith.addf %acc, %v : f32
      scf.yield %w : f32
    }
    scf.yield %t : f32
  } else {
    %v = memref.load %a[%c0] : memref<64xf32>
    scf.yield %v : f32
  }
  return %s : f32
}

// Prints the sum of 256 copies of %n when %big is set, from a diamond of
// blocks whose one arm reads %a and then allocates.
func.func @report(%big: i1, %n: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%n : f32) outs(%a : memref<64xf32>)
  cf.cond_br %big, ^arm, ^join
^arm:
  %v = memref.load %a[%c0] : memref<64xf32>
  %b = memref.alloc() : memref<256xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<256xf32>)
  %t = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
    %w = memref.load %b[%i] : memref<256xf32>
    %x = arith.addf %acc, %w : f32
    scf.yield %x : f32
  }
  vector.print %t : f32
  cf.br ^join
^join:
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %x = func.call @scaled(%true, %one) : (i1, f32) -> f32
  %y = func.call @scaled(%false, %three) : (i1, f32) -> f32
  // CHECK: 16384
  vector.print %x : f32
  // CHECK-NEXT: 3
  vector.print %y : f32
  // CHECK-NEXT: 512
  func.call @report(%true, %two) : (i1, f32) -> ()
  func.call @report(%false, %two) : (i1, f32) -> ()
  // Each call allocates %a (256 bytes); those with %big set also the 1 KiB
  // buffer, after %a is freed: the peak is that buffer alone (1,280 bytes
  // when %a was freed after the scf.if, or at the end of the arm of the
  // blocks of @report).
  // HEAP: alloc-tracker: mallocs=6 frees=6 peak_bytes=1024 total_bytes=3072 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  // With stack promotion (buffers of at most 1 KiB), the buffers of @scaled
  // are on the stack, %a too, freed in the regions; and so are those of
  // @report: %a, freed in the arm that reads it and, on the other path, in
  // the block of the branch.
  // STACK: alloc-tracker: mallocs=0 frees=0 peak_bytes=0 total_bytes=0 leaks=0 leaked_bytes=0 bad_frees=0 double_frees=0 null_frees=0
  return
}
