// RUN: mlir-opt %s --lower-deallocations-to-scf="max-alias-checks=2 lower-rest-with-helper=true" \
// RUN:   --split-input-file | FileCheck %s
// RUN: mlir-opt %s --lower-deallocations-to-scf="max-alias-checks=2" --split-input-file \
// RUN:   | FileCheck %s --check-prefix=REST
// RUN: mlir-opt %s --lower-deallocations-to-scf="max-alias-checks=2" \
// RUN:   --bufferization-lower-deallocations --split-input-file | FileCheck %s

// With `lower-rest-with-helper`, the dealloc that needs more runtime alias
// checks than `max-alias-checks` is lowered with upstream's helper, as
// `bufferization-lower-deallocations` lowers it after the pass (the third
// RUN line checks the same lines); without it, the dealloc is left.

// CHECK-LABEL:   func.func @three
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:     call @dealloc_helper
//   CHECK-NOT:     bufferization.dealloc
//       CHECK:     return
// CHECK-LABEL:   func.func @two
//   CHECK-NOT:     call
//       CHECK:     arith.cmpi eq
//       CHECK:     scf.if
//       CHECK:       memref.dealloc
//       CHECK:     return
//       CHECK:   func.func private @dealloc_helper

// REST-LABEL: func.func @three
//       REST:   bufferization.dealloc
// REST-LABEL: func.func @two
//   REST-NOT:   bufferization.dealloc
//       REST:   return
func.func @three(%a: memref<f32>, %b: memref<f32>, %c: memref<f32>,
                 %x: i1, %y: i1, %z: i1) {
  bufferization.dealloc (%a, %b, %c : memref<f32>, memref<f32>, memref<f32>)
      if (%x, %y, %z)
  return
}

func.func @two(%a: memref<f32>, %b: memref<f32>, %x: i1, %y: i1) {
  bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%x, %y)
  return
}

// -----

// Nothing is left: no helper is added.

// CHECK-LABEL: module
//   CHECK-NOT:   dealloc_helper
//       CHECK:   func.func @inline_only
//   CHECK-NOT:   dealloc_helper
func.func @inline_only(%a: memref<f32>, %b: memref<f32>, %x: i1, %y: i1) {
  bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%x, %y)
  return
}

// -----

// Each symbol table that has such a dealloc gets its own helper.

// CHECK-LABEL: module {
//       CHECK:   module @inner {
//       CHECK:     func.func @in_inner
//       CHECK:       call @dealloc_helper
//       CHECK:     func.func private @dealloc_helper
//       CHECK:   }
//       CHECK:   func.func @in_outer
//       CHECK:     call @dealloc_helper
//       CHECK:   func.func private @dealloc_helper
module {
  module @inner {
    func.func @in_inner(%a: memref<f32>, %b: memref<f32>, %c: memref<f32>,
                        %x: i1, %y: i1, %z: i1) {
      bufferization.dealloc (%a, %b, %c : memref<f32>, memref<f32>, memref<f32>)
          if (%x, %y, %z)
      return
    }
  }
  func.func @in_outer(%a: memref<f32>, %b: memref<f32>, %c: memref<f32>,
                      %x: i1, %y: i1, %z: i1) {
    bufferization.dealloc (%a, %b, %c : memref<f32>, memref<f32>, memref<f32>)
        if (%x, %y, %z)
    return
  }
}
