// RUN: mlir-opt %s --buffer-deallocation-pipeline --split-input-file --verify-diagnostics

// The input must not free buffers already: the deallocation stage rejects the
// op with one diagnostic and the pipeline stops.

func.func @already_freed(%i: index) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  %v = memref.load %a[%i] : memref<2xf32>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xf32>
  return %v : f32
}
