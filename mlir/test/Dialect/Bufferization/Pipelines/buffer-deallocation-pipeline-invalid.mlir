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

// -----

// A multi-way branch of another dialect cannot be lifted to `scf`; the
// pipeline stops with one diagnostic that names it.

func.func @llvm_branch(%c: i1) -> f32 {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @below {{'llvm.cond_br' op has 2 successors, which ownership-based deallocation supports only on 'cf.cond_br'}}
  llvm.cond_br %c, ^a, ^b
^a:
  llvm.br ^b
^b:
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xf32>
  return %v : f32
}
