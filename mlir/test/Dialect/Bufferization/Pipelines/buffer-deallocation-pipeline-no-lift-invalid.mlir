// RUN: mlir-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(buffer-deallocation-pipeline{lift-unstructured-control-flow=false})"

// Without the lifting of unstructured control flow, a loop of blocks is
// rejected with upstream's diagnostic, as by the stock pipeline, and the
// pipeline stops. (buffer-deallocation-pipeline.mlir: the same loop, lifted.)

// expected-error @below {{Only structured control-flow loops are supported.}}
func.func @copy_n_times(%n: index, %in: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %in : index, memref<4xf32>)
^head(%i: index, %cur: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<4xf32>
  memref.copy %cur, %next : memref<4xf32> to memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %next : index, memref<4xf32>)
^exit:
  %v = memref.load %cur[%c0] : memref<4xf32>
  return %v : f32
}
