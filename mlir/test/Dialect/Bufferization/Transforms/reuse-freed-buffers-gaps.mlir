// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s

// How reuse-freed-buffers bounds what a block holds over the gap between a
// free and the allocation that takes its buffer over.

// Only frees come between the free of %a and the allocation of %b: holding
// %a over them holds no more than the block held right before them. %t,
// which the block frees through a cast, counts as held to the end of the
// block here, above what the block surely holds; the gap rule does not need
// that bound.

// CHECK-LABEL: func @gap_of_frees
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.copy %[[T]], %[[A]]
//       CHECK:   memref.dealloc %{{.*}} : memref<?xf32>
//       CHECK:   memref.dealloc %[[A]]
func.func @gap_of_frees(%out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  %tc = memref.cast %t : memref<4xf32> to memref<?xf32>
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.store %x, %out[] : memref<f32>
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %t, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %tc : memref<?xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// An op that is not a free comes between the free of %a and the allocation
// of %b. %t is freed through a cast before %a is allocated: after that free,
// the last use of an alias of %t, the block holds %t no more, so holding %a
// over the gap stays within what the block held with %a.

// CHECK-LABEL: func @freed_through_alias
//       CHECK:   memref.alloc() : memref<4xf32>
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.store %{{.*}}, %[[A]]
//       CHECK:   memref.dealloc %[[A]]
func.func @freed_through_alias(%out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  %tc = memref.cast %t : memref<4xf32> to memref<?xf32>
  memref.dealloc %tc : memref<?xf32>
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %y = arith.addf %x, %x : f32
  %b = memref.alloc() : memref<4xf32>
  memref.store %y, %b[%c0] : memref<4xf32>
  %z = memref.load %b[%c0] : memref<4xf32>
  memref.store %z, %out[] : memref<f32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// The same, but %t is returned: the block holds it to its end, and %a held
// over the gap would raise the block's peak from 32 to 48 bytes. %b is
// allocated anew.

// CHECK-LABEL: func @alias_returned
//       CHECK:   memref.alloc() : memref<4xf32>
//       CHECK:   memref.alloc() : memref<4xf32>
//       CHECK:   memref.alloc() : memref<4xf32>
func.func @alias_returned(%out: memref<f32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  %tc = memref.cast %t : memref<4xf32> to memref<?xf32>
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %y = arith.addf %x, %x : f32
  %b = memref.alloc() : memref<4xf32>
  memref.store %y, %b[%c0] : memref<4xf32>
  %z = memref.load %b[%c0] : memref<4xf32>
  memref.store %z, %out[] : memref<f32>
  memref.dealloc %b : memref<4xf32>
  return %tc : memref<?xf32>
}
