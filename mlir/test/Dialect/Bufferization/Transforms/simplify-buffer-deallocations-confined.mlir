// RUN: mlir-opt %s -allow-unregistered-dialect -split-input-file \
// RUN:   -simplify-buffer-deallocations=confined-allocations \
// RUN:   | FileCheck %s

// Without the option, the pass keeps upstream's notion: a call result may be
// any buffer, so no dealloc of this file is split.
// RUN: mlir-opt %s -allow-unregistered-dialect -split-input-file \
// RUN:   -simplify-buffer-deallocations | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM-NOT: bufferization.dealloc ({{[^,]*}}){{.*$}}

func.func private @make() -> memref<8xf32>
func.func private @take(memref<8xf32>)
func.func private @take_view(memref<4xf32, strided<[1], offset: 2>>)

// An allocation that is only written, read, viewed, forwarded through an
// `scf.if` and freed is none of the results of a call: the call cannot have
// received it. Each gets a dealloc of its own, without a runtime check.

// CHECK-LABEL: func @read_and_viewed
//  CHECK-SAME: (%[[C:.*]]: i1, %[[CA:.*]]: i1, %[[CR:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]] = call @make()
//       CHECK:   bufferization.dealloc (%[[A]] : memref<8xf32>) if (%[[CA]]){{$}}
//       CHECK:   bufferization.dealloc (%[[R]] : memref<8xf32>) if (%[[CR]]){{$}}
func.func @read_and_viewed(%c: i1, %ca: i1, %cr: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
  %v = memref.subview %a[2] [4] [1]
      : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %r = func.call @make() : () -> memref<8xf32>
  %s = scf.if %c -> memref<4xf32, strided<[1], offset: 2>> {
    scf.yield %v : memref<4xf32, strided<[1], offset: 2>>
  } else {
    scf.yield %v : memref<4xf32, strided<[1], offset: 2>>
  }
  %x = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %y = memref.load %r[%c0] : memref<8xf32>
  %z = arith.addf %x, %y : f32
  memref.store %z, %a[%c0] : memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return %z : f32
}

// -----

// A buffer loaded from memory differs from a confined allocation too.

// CHECK-LABEL: func @loaded_descriptor
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<8xf32>) if (%{{.*}}){{$}}
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<8xf32>) if (%{{.*}}){{$}}
func.func @loaded_descriptor(%box: memref<memref<8xf32>>, %ca: i1, %cb: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  memref.store %f, %a[%c0] : memref<8xf32>
  %b = memref.load %box[] : memref<memref<8xf32>>
  bufferization.dealloc (%a, %b : memref<8xf32>, memref<8xf32>) if (%ca, %cb)
  return
}

// -----

// Each function holds an allocation that something lets out: the call may
// return it, so the dealloc keeps both memrefs (and its runtime check).

func.func private @make() -> memref<8xf32>
func.func private @take(memref<8xf32>)
func.func private @take_view(memref<4xf32, strided<[1], offset: 2>>)

// CHECK-LABEL: func @passed_to_a_call
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>)
func.func @passed_to_a_call(%ca: i1, %cr: i1) {
  %a = memref.alloc() : memref<8xf32>
  func.call @take(%a) : (memref<8xf32>) -> ()
  %r = func.call @make() : () -> memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return
}

// CHECK-LABEL: func @view_passed_to_a_call
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>)
func.func @view_passed_to_a_call(%ca: i1, %cr: i1) {
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[2] [4] [1]
      : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  func.call @take_view(%v) : (memref<4xf32, strided<[1], offset: 2>>) -> ()
  %r = func.call @make() : () -> memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return
}

// The buffer reaches the call through a loop's iteration argument.
// CHECK-LABEL: func @passed_on_in_a_loop
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>)
func.func @passed_on_in_a_loop(%n: index, %ca: i1, %cr: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%b = %a) -> (memref<8xf32>) {
    func.call @take(%b) : (memref<8xf32>) -> ()
    scf.yield %b : memref<8xf32>
  }
  %r = func.call @make() : () -> memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return
}

// CHECK-LABEL: func @descriptor_stored
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>)
func.func @descriptor_stored(%box: memref<memref<8xf32>>, %ca: i1, %cr: i1) {
  %a = memref.alloc() : memref<8xf32>
  memref.store %a, %box[] : memref<memref<8xf32>>
  %r = func.call @make() : () -> memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return
}

// CHECK-LABEL: func @address_taken
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>)
func.func @address_taken(%ca: i1, %cr: i1) -> index {
  %a = memref.alloc() : memref<8xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<8xf32> -> index
  %r = func.call @make() : () -> memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return %p : index
}

// An op that the view flow does not follow (`memref.transpose` in MLIR 22)
// and one without declared effects.
// CHECK-LABEL: func @unknown_users
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8x8xf32>, memref<8xf32>)
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<8xf32>, memref<8xf32>)
func.func @unknown_users(%ca: i1, %cr: i1) {
  %a = memref.alloc() : memref<8x8xf32>
  %t = memref.transpose %a (i, j) -> (j, i)
      : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  "test.keep"(%t) : (memref<8x8xf32, strided<[1, 8]>>) -> ()
  %b = memref.alloc() : memref<8xf32>
  "test.keep"(%b) : (memref<8xf32>) -> ()
  %r = func.call @make() : () -> memref<8xf32>
  bufferization.dealloc (%a, %r : memref<8x8xf32>, memref<8xf32>) if (%ca, %cr)
  bufferization.dealloc (%b, %r : memref<8xf32>, memref<8xf32>) if (%ca, %cr)
  return
}
