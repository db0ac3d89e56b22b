// The plugin gives a stock mlir-opt the passes of the series. A stock tool
// builds its `--<pass>` flags before it loads plugins, so plugin passes are
// named in `--pass-pipeline` strings (they are listed by `--help`).

// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin --help | FileCheck %s --check-prefix=HELP
// HELP: --check-buffer-deallocation-input
// HELP: --double-buffer-loops
// HELP: --elide-buffer-copies
// HELP: --free-buffers-at-last-use
// HELP: --hoist-alloc-dealloc-pairs
// HELP: --lift-unstructured-control-flow
// HELP: --linalg-reuse-dying-inputs
// HELP: --lower-deallocations-to-scf
// HELP: --merge-alloc
// HELP: --prepare-buffer-deallocation
// HELP: --reuse-freed-buffers
// HELP: --simplify-loop-ownership
// HELP: --split-alloc-tensors
// HELP: --optimized-buffer-deallocation-pipeline
// HELP-NEXT: --allow-observable-result-copies
// HELP-NEXT: --bound-dynamic-allocations
// HELP-NEXT: --callee-workspace
// HELP-NEXT: --double-buffer-loops
// HELP-NEXT: --dynamic-allocation-max-bytes
// HELP-NEXT: --elide-copies
// HELP-NEXT: --expand-strided-clones
// HELP-NEXT: --free-at-last-use
// HELP-NEXT: --fresh-results-to-out-params
// HELP-NEXT: --hoist-alloc-dealloc-pairs
// HELP-NEXT: --lift-allocating-branches
// HELP-NEXT: --lift-unstructured-control-flow
// HELP-NEXT: --lower-deallocations-to-scf
// HELP-NEXT: --manual-deallocation
// HELP-NEXT: --merge-alloc
// HELP-NEXT: --merge-alloc-worst-run
// HELP-NEXT: --no-alias-function-results
// HELP-NEXT: --private-function-dynamic-ownership
// HELP-NEXT: --public-function-workspace
// HELP-NEXT: --reuse-before-loop-stages
// HELP-NEXT: --reuse-dying-inputs
// HELP-NEXT: --reuse-freed-buffers
// HELP-NEXT: --simplify-loop-ownership

// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin %s \
// RUN:   --pass-pipeline="builtin.module(split-alloc-tensors)" | FileCheck %s --check-prefix=SPLIT
// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin %s \
// RUN:   --pass-pipeline="builtin.module(func.func(split-alloc-tensors{split-empty-tensors=false}))" \
// RUN:   | FileCheck %s --check-prefix=NOSPLIT

// The series' pipeline under its own name, after bufferization, with the
// small temporaries kept on the heap.
// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin %s \
// RUN:   --pass-pipeline="builtin.module(split-alloc-tensors,one-shot-bufferize{bufferize-function-boundaries},optimized-buffer-deallocation-pipeline{stack-promotion-max-bytes=0})" \
// RUN:   | FileCheck %s --check-prefix=PIPE

// Without the plugin, the stock tool does not know the passes.
// RUN: not %stock_mlir_opt %s --pass-pipeline="builtin.module(split-alloc-tensors)" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: 'split-alloc-tensors' does not refer to a registered pass or pass pipeline

// SPLIT-LABEL: func @two_fills
//       SPLIT:   %[[E0:.*]] = tensor.empty() : tensor<4xf32>
//  SPLIT-NEXT:   %[[E1:.*]] = tensor.empty() : tensor<4xf32>
//       SPLIT:   linalg.fill ins(%{{.*}} : f32) outs(%[[E0]] : tensor<4xf32>)
//       SPLIT:   linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<4xf32>)

// NOSPLIT-LABEL: func @two_fills
//       NOSPLIT:   tensor.empty
//   NOSPLIT-NOT:   tensor.empty
//       NOSPLIT:   return

// After splitting, each fill has a buffer of its own and both are freed. The
// add writes into the argument in place; as a function result must not alias
// an argument, the result is a clone of it. The temporaries are freed right
// after their last use, before the clone.
// PIPE-LABEL: func @two_fills
//  PIPE-SAME:   (%[[ARG:.*]]: memref<4xf32, strided<[?], offset: ?>>)
//       PIPE:   %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32>
//       PIPE:   %[[B:.*]] = memref.alloc() {{.*}} : memref<4xf32>
//       PIPE:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
//       PIPE:   linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<4xf32>)
//       PIPE:   linalg.add ins(%[[A]], %[[B]] : {{.*}}) outs(%[[ARG]] : {{.*}})
//   PIPE-DAG:   memref.dealloc %[[A]] : memref<4xf32>
//   PIPE-DAG:   memref.dealloc %[[B]] : memref<4xf32>
//       PIPE:   %[[R:.*]] = bufferization.clone %[[ARG]]
//       PIPE:   return %[[R]]

func.func @two_fills(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%c1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.fill ins(%c2 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.add ins(%0, %1 : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// merge-alloc is available from the plugin too, and in the plugin's pipeline.
// RUN: %stock_mlir_opt --load-pass-plugin=%buffer_opt_plugin %s \
// RUN:   --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},optimized-buffer-deallocation-pipeline{merge-alloc=true stack-promotion-max-bytes=0})" \
// RUN:   | FileCheck %s --check-prefix=MERGE
// COM: The two 16-byte temporaries of @two_fills stay apart: in 64-byte
// COM: slots of a merged buffer (One-Shot Bufferize aligns them to 64) they
// COM: would take more than apart. The two 1024-byte temporaries of
// COM: @two_large_fills share one 2048-byte buffer.
// MERGE-LABEL: func @two_fills
//   MERGE-NOT: memref.view
// MERGE-LABEL: func @two_large_fills
//       MERGE: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2048xi8>
//       MERGE: memref.view %[[BUF]]
//       MERGE: memref.view %[[BUF]]
//       MERGE: memref.dealloc %[[BUF]] : memref<2048xi8>

func.func @two_large_fills(%a: tensor<256xf32>) -> tensor<256xf32> {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %0 = linalg.fill ins(%c1 : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %1 = linalg.fill ins(%c2 : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %2 = linalg.add ins(%0, %1 : tensor<256xf32>, tensor<256xf32>) outs(%a : tensor<256xf32>) -> tensor<256xf32>
  return %2 : tensor<256xf32>
}
