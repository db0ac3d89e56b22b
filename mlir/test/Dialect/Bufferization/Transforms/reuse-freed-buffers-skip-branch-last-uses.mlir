// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers))" --split-input-file | FileCheck %s --check-prefixes=CHECK,TAKE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(summarize-callee-buffers,func.func(reuse-freed-buffers{skip-branch-last-uses}))" --split-input-file | FileCheck %s --check-prefixes=CHECK,SKIP

// `skip-branch-last-uses` leaves a buffer to `free-buffers-at-last-use`
// where its last use is an scf.if or scf.index_switch whose regions use it
// and one region allocates after it is dead there: that pass frees it in the
// regions, before the allocation, and a takeover after the op would keep it
// alive through them.

func.func private @use(%x: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<256xf32>
  memref.store %v, %x[%c0] : memref<256xf32>
  return
}

// Fires without the option, not with it: the `else` allocates once it no
// longer needs %a.
// CHECK-LABEL: func @branch_allocates_after_last_use
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<256xf32>
//       CHECK:   scf.if
//       CHECK:   } else {
//       CHECK:     memref.alloc() : memref<1024xf32>
//       CHECK:   }
//   TAKE-NEXT:   call @use(%[[A]])
//   TAKE-NEXT:   memref.dealloc %[[A]]
//   SKIP-NEXT:   memref.dealloc %[[A]]
//   SKIP-NEXT:   %[[B:.*]] = memref.alloc() : memref<256xf32>
//   SKIP-NEXT:   call @use(%[[B]])
func.func @branch_allocates_after_last_use(%c: i1, %f: f32) {
  %a = memref.alloc() : memref<256xf32>
  func.call @use(%a) : (memref<256xf32>) -> ()
  scf.if %c {
    func.call @use(%a) : (memref<256xf32>) -> ()
  } else {
    func.call @use(%a) : (memref<256xf32>) -> ()
    %t = memref.alloc() : memref<1024xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<1024xf32>)
    memref.dealloc %t : memref<1024xf32>
  }
  memref.dealloc %a : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  func.call @use(%b) : (memref<256xf32>) -> ()
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

func.func private @use(%x: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<256xf32>
  memref.store %v, %x[%c0] : memref<256xf32>
  return
}

// Fires with the option too: no region allocates after its last use of %a,
// so free-buffers-at-last-use keeps the free after the scf.if.
// CHECK-LABEL: func @branch_allocates_nothing_after
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<256xf32>
//       CHECK:   scf.if
//       CHECK:   } else {
//       CHECK:   }
//  CHECK-NEXT:   call @use(%[[A]])
//  CHECK-NEXT:   memref.dealloc %[[A]]
func.func @branch_allocates_nothing_after(%c: i1, %f: f32) {
  %a = memref.alloc() : memref<256xf32>
  scf.if %c {
    func.call @use(%a) : (memref<256xf32>) -> ()
  } else {
    %t = memref.alloc() : memref<1024xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<1024xf32>)
    memref.dealloc %t : memref<1024xf32>
    func.call @use(%a) : (memref<256xf32>) -> ()
  }
  memref.dealloc %a : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  func.call @use(%b) : (memref<256xf32>) -> ()
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

func.func private @use(%x: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<256xf32>
  memref.store %v, %x[%c0] : memref<256xf32>
  return
}

// Fires with the option too: the scf.if before the free does not use %a,
// whose last use comes before it.
// CHECK-LABEL: func @branch_without_use
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<256xf32>
//       CHECK:   scf.if
//       CHECK:   }
//  CHECK-NEXT:   call @use(%[[A]])
//  CHECK-NEXT:   memref.dealloc %[[A]]
func.func @branch_without_use(%c: i1, %f: f32) {
  %a = memref.alloc() : memref<256xf32>
  func.call @use(%a) : (memref<256xf32>) -> ()
  scf.if %c {
    %t = memref.alloc() : memref<256xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<256xf32>)
    memref.dealloc %t : memref<256xf32>
  }
  memref.dealloc %a : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  func.call @use(%b) : (memref<256xf32>) -> ()
  memref.dealloc %b : memref<256xf32>
  return
}
