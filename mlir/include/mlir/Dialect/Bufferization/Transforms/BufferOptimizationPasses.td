//===-- BufferOptimizationPasses.td - Buffer optimizations -*- tablegen -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Passes that make memory cheap around buffer deallocation: preparing tensor
// IR for bufferization, reusing, hoisting and eliding buffers after the
// ownership-based deallocation has run, and lowering deallocations.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES

include "mlir/Pass/PassBase.td"

def SplitAllocTensorsPass : Pass<"split-alloc-tensors"> {
  let summary = "Give every use of an allocating tensor op its own allocation";
  let description = [{
    This pass runs before One-Shot Bufferize. It looks for
    `bufferization.alloc_tensor` ops (and, unless disabled, `tensor.empty`
    ops) whose result has more than one use and gives each use its own copy
    of the op. The copies are placed right after the original op, so every
    operand of the op still dominates them.

    One-Shot Bufferize materializes each such op as one buffer. When a single
    op feeds several unrelated computations, bufferization may decide to
    write all of them into the same buffer, which keeps that buffer alive
    from the first use to the last one and hides from later passes that the
    computations are independent. With one op per use, every computation gets
    a buffer whose live range is exactly its own, which the reuse stages of
    the deallocation pipeline can free early and reuse. On its own, while
    deallocations are placed at the end of their block, the split can raise
    the number of allocations and the peak memory.

    The contents of a `bufferization.alloc_tensor` without `copy` operand and
    of a `tensor.empty` are undefined, so giving each use a distinct value is
    a refinement; an `alloc_tensor` with a `copy` operand is cloned with it,
    so each use still sees the copied contents.

    Note that `tensor.empty` has no side effects, so CSE merges the copies
    again: run this pass after the last CSE before bufferization.

    Example:

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %0 = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %1 = linalg.fill ins(%c1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    ```

    becomes

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %e_0 = tensor.empty() : tensor<4xf32>
    %0 = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %1 = linalg.fill ins(%c1 : f32) outs(%e_0 : tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let options = [
    Option<"splitEmptyTensors", "split-empty-tensors", "bool",
           /*default=*/"true",
           "Also split `tensor.empty` ops, which One-Shot Bufferize turns "
           "into allocations as well">
  ];
  let dependentDialects = ["bufferization::BufferizationDialect",
                           "tensor::TensorDialect"];
}

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES
