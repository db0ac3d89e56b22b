// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(free-buffers-at-last-use))" --split-input-file | FileCheck %s

// A free in a block of a buffer that other blocks use (as the deallocation
// frees a buffer at the end of an arm of a diamond of blocks, and under the
// negated condition in the block of the branch) moves up to the last use in
// its own block when no use in another block can come after it: the other
// block is one that the freeing block does not reach, and the freeing block
// runs at most once per run of the function. Such a use must be understood,
// free the buffer or read its address.

// Both arms read %a; the block of the branch frees it on no path to them
// and reads its address.
// CHECK-LABEL: func @freed_in_arm
//  CHECK-SAME: (%[[C:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<16xf32>
//       CHECK:   cf.cond_br
//       CHECK: ^bb1:
//  CHECK-NEXT:   memref.load %[[A]]
//  CHECK-NEXT:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc() : memref<64xf32>
//       CHECK: ^bb2:
//  CHECK-NEXT:   %[[D:.*]] = memref.alloc() : memref<32xf32>
//  CHECK-NEXT:   memref.load %[[A]]
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   linalg.fill
func.func @freed_in_arm(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<16xf32>
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %v = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<64xf32>)
  %w = memref.load %b[%c0] : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  }
  cf.br ^bb3(%w : f32)
^bb2:
  %d = memref.alloc() : memref<32xf32>
  %u = memref.load %a[%c0] : memref<16xf32>
  linalg.fill ins(%u : f32) outs(%d : memref<32xf32>)
  %x = memref.load %d[%c0] : memref<32xf32>
  memref.dealloc %d : memref<32xf32>
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb3(%x : f32)
^bb3(%r: f32):
  return %r : f32
}

// -----

// The join block frees %a: the arm that writes it runs before the join.

// CHECK-LABEL: func @used_before_join
//       CHECK: ^bb3:
//  CHECK-NEXT:   memref.load
//  CHECK-NEXT:   memref.dealloc %{{.*}} : memref<16xf32>
//  CHECK-NEXT:   memref.alloc() : memref<64xf32>
func.func @used_before_join(%c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %u = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%u : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// Must not fire: the block that frees is in a cycle of blocks (the use in
// the loop's header runs again after it), the use in another block stores
// the descriptor, and a block that the freeing block reaches reads the
// address of a value that may be the buffer.

// CHECK-LABEL: func @in_cycle
//       CHECK: ^bb2:
//       CHECK:   memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %{{.*}} : memref<64xf32>
//  CHECK-NEXT:   memref.dealloc %{{.*}} : memref<16xf32>
//  CHECK-NEXT:   cf.br ^bb1
func.func @in_cycle(%c: i1, %a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  cf.br ^bb0
^bb0:
  %v = memref.load %a[%c0] : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %u = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%u : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb0
^bb2:
  return
}

// CHECK-LABEL: func @stored_before
//       CHECK: ^bb1:
//       CHECK:   memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %{{.*}} : memref<64xf32>
//  CHECK-NEXT:   memref.dealloc %{{.*}} : memref<16xf32>
//  CHECK-NEXT:   return
func.func @stored_before(%c: i1, %slot: memref<memref<16xf32>>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %a, %slot[] : memref<memref<16xf32>>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %u = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%u : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %a : memref<16xf32>
  return
^bb2:
  memref.dealloc %a : memref<16xf32>
  return
}

// CHECK-LABEL: func @address_read_after
//       CHECK: ^bb1:
//       CHECK:   memref.alloc() : memref<64xf32>
//       CHECK:   memref.dealloc %{{.*}} : memref<64xf32>
//  CHECK-NEXT:   scf.if
//  CHECK-NEXT:     memref.dealloc %{{.*}} : memref<16xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   cf.br ^bb2
func.func @address_read_after(%c: i1, %own: i1, %other: memref<16xf32>) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %other : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %u = memref.load %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%u : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  scf.if %own {
    memref.dealloc %a : memref<16xf32>
  }
  cf.br ^bb2
^bb2:
  %p = memref.extract_aligned_pointer_as_index %s : memref<16xf32> -> index
  return %p : index
}
