// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(lower-deallocations-to-scf{max-alias-checks=0 lower-rest-with-helper=true}))" \
// RUN:   --verify-diagnostics -o /dev/null

// On a function, the pass cannot add the helper to the module: one error,
// naming the dealloc that needs it.

func.func @three(%a: memref<f32>, %b: memref<f32>, %c: memref<f32>,
                 %x: i1, %y: i1, %z: i1) {
  // expected-error @below {{needs the `dealloc_helper` library function, which `lower-rest-with-helper` adds only to a symbol table that the pass runs on or in: run the pass on the module}}
  bufferization.dealloc (%a, %b, %c : memref<f32>, memref<f32>, memref<f32>)
      if (%x, %y, %z)
  return
}
