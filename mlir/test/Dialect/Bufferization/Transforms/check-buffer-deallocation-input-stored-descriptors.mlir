// RUN: mlir-opt %s --split-input-file --verify-diagnostics \
// RUN:   --check-buffer-deallocation-input | FileCheck %s

// Through the pipeline: prepare-buffer-deallocation promotes the slots it
// can first; the same diagnostics remain for the others.
// RUN: mlir-opt %s --split-input-file --verify-diagnostics \
// RUN:   --buffer-deallocation-pipeline -o /dev/null

// Buffers whose descriptors are stored into memory: ownership-based
// deallocation follows SSA values only and frees a buffer at the end of a
// block that holds its last SSA use. A descriptor loaded back outside of the
// store's block would be read after that free (a use after free found by
// the deallocation fuzzer, which the stock pipeline has too).

// The slot is loaded in the block of the store and in a region nested in
// it, after the store: accepted.

// CHECK-LABEL: func.func @same_block_and_nested
func.func @same_block_and_nested(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %slot = memref.alloca() : memref<memref<4xf32>>
  memref.store %a, %slot[] : memref<memref<4xf32>>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> f32 {
    %b = memref.load %slot[] : memref<memref<4xf32>>
    %v = memref.load %b[%c0] : memref<4xf32>
    %w = arith.addf %acc, %v : f32
    scf.yield %w : f32
  }
  %b = memref.load %slot[] : memref<memref<4xf32>>
  %sub = memref.subview %b[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %v = memref.load %sub[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %r = arith.addf %s, %v : f32
  return %r : f32
}

// -----

// A load in a block after a branch, where a nested load keeps the slot from
// becoming an SSA value.

func.func @loaded_in_other_block(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %slot = memref.alloca() : memref<memref<4xf32>>
  // expected-error @below {{'memref.store' op stores a memref descriptor that is loaded back, or used, where ownership-based deallocation cannot follow it (before the store or outside of its block), so the buffer could be freed before that use; pass the memref as an SSA value instead}}
  memref.store %a, %slot[] : memref<memref<4xf32>>
  scf.if %c {
    %b0 = memref.load %slot[] : memref<memref<4xf32>>
    %v0 = memref.load %b0[%c0] : memref<4xf32>
    vector.print %v0 : f32
  }
  cf.cond_br %d, ^bb1, ^bb2
^bb1:
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  cf.br ^bb2
^bb2:
  // expected-note @below {{used here}}
  %b = memref.load %slot[] : memref<memref<4xf32>>
  %v = memref.load %b[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A load in the store's block whose memref leaves the block through the
// branch; and stores into one slot in two blocks, one nested.

func.func @leaves_through_branch(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %slot = memref.alloca() : memref<memref<4xf32>>
  // expected-error @below {{stores a memref descriptor that is loaded back, or used, where ownership-based deallocation cannot follow it}}
  memref.store %a, %slot[] : memref<memref<4xf32>>
  scf.if %c {
    %b0 = memref.load %slot[] : memref<memref<4xf32>>
    %v0 = memref.load %b0[%c0] : memref<4xf32>
    vector.print %v0 : f32
  }
  %b = memref.load %slot[] : memref<memref<4xf32>>
  // expected-note @below {{used here}}
  cf.cond_br %c, ^bb1(%b : memref<4xf32>), ^bb2
^bb1(%x: memref<4xf32>):
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
^bb2:
  return %f : f32
}

// -----

func.func @stored_in_nested_block(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %slot = memref.alloca() : memref<memref<4xf32>>
  memref.store %a, %slot[] : memref<memref<4xf32>>
  scf.if %c {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
    // expected-error @below {{'memref.store' op stores a memref descriptor into a stack slot that a store in another block fills too, so ownership-based deallocation cannot tell which buffer a load of it yields; pass the memref as an SSA value instead}}
    memref.store %t, %slot[] : memref<memref<4xf32>>
  }
  %b = memref.load %slot[] : memref<memref<4xf32>>
  %v = memref.load %b[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// Memory that is not a stack slot of this function.

func.func @stored_into_argument(%box: memref<memref<4xf32>>) {
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  // expected-error @below {{'memref.store' op stores a memref descriptor into memory other than a stack slot that only loads and stores use, so ownership-based deallocation cannot tell how long the buffer must live; pass the memref as an SSA value instead}}
  memref.store %a, %box[] : memref<memref<4xf32>>
  return
}
