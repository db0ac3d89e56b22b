// With every stage of the series switched off, the pipeline produces exactly
// what the stock mlir-opt's pipeline produces: the baseline stays reachable
// from the pipeline options. Each new stage adds its switch to STOCK.

// DEFINE: %{stock_options} = lift-unstructured-control-flow=false bound-dynamic-allocations=false stock-dealloc-simplification=true no-alias-function-results=false simplify-loop-ownership=false lower-deallocations-to-scf=false double-buffer-loops=false hoist-alloc-dealloc-pairs=false free-at-last-use=false elide-copies=false reuse-dying-inputs=false reuse-freed-buffers=false expand-strided-clones=false stack-promotion-max-bytes=0

// RUN: mlir-opt %s --pass-pipeline="builtin.module(buffer-deallocation-pipeline{%{stock_options}})" > %t.ours
// RUN: %stock_mlir_opt %s --buffer-deallocation-pipeline > %t.stock
// RUN: diff %t.stock %t.ours

// RUN: mlir-opt %S/../../../Integration/Dialect/Bufferization/CPU/dealloc-scf-for-fresh-buffer.mlir --pass-pipeline="builtin.module(buffer-deallocation-pipeline{%{stock_options}})" > %t.loop.ours
// RUN: %stock_mlir_opt %S/../../../Integration/Dialect/Bufferization/CPU/dealloc-scf-for-fresh-buffer.mlir --buffer-deallocation-pipeline > %t.loop.stock
// RUN: diff %t.loop.stock %t.loop.ours

// RUN: mlir-opt %S/../../../Integration/Dialect/Bufferization/CPU/dealloc-cf-diamond.mlir --pass-pipeline="builtin.module(buffer-deallocation-pipeline{%{stock_options}})" > %t.cf.ours
// RUN: %stock_mlir_opt %S/../../../Integration/Dialect/Bufferization/CPU/dealloc-cf-diamond.mlir --buffer-deallocation-pipeline > %t.cf.stock
// RUN: diff %t.cf.stock %t.cf.ours

// A loop that swaps two buffers, a realloc and a select between buffers: the
// inputs that exercise the runtime alias check.

func.func @swap(%n: index, %cond: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<8xf32>, memref<8xf32>) {
    memref.copy %x, %y : memref<8xf32> to memref<8xf32>
    scf.yield %y, %x : memref<8xf32>, memref<8xf32>
  }
  %s = arith.select %cond, %r#0, %r#1 : memref<8xf32>
  %v = memref.load %s[%c0] : memref<8xf32>
  return %v : f32
}

func.func @grow(%m: memref<4xf32>, %n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  %g = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32>
  return %g : memref<?xf32>
}

// Ops of the `test` dialect, which upstream's deallocation tests use, parse
// and bufferize alike in both tools (seed 002, "condBranch").
func.func @cond_branch_test_ops(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  test.buffer_based in(%arg1: memref<2xf32>) out(%arg2: memref<2xf32>)
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}
