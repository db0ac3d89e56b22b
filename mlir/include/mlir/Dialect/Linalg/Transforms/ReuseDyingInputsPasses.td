//===-- ReuseDyingInputsPasses.td - Elementwise ops in place -*- tablegen -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTSPASSES
#define MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTSPASSES

include "mlir/Pass/PassBase.td"

def LinalgReuseDyingInputsPass : Pass<"linalg-reuse-dying-inputs"> {
  let summary = "Let an elementwise linalg op on buffers write its result "
                "into an input buffer that dies at the op";
  let description = [{
    Runs after bufferization, before or after the deallocation;
    `buffer-deallocation-pipeline` runs it first, before `merge-alloc`,
    which would otherwise hold both buffers. One-Shot Bufferize gives every
    `tensor.empty` destination of an elementwise op a buffer of its own, so a
    chain of elementwise ops holds two buffers at every step even where the
    input of a step is never read again. This pass lets such an op write into
    that input instead: the fresh output buffer is not allocated, and the
    input's buffer lives on in its place until the output would have been
    freed. It saves one allocation per rewrite, and the op holds one buffer
    less while it runs, so the peak never grows.

    A linalg op with buffer operands writes into its input `%in` instead of
    its init `%out` when all of the following hold:

    * every loop of the op is parallel, and `%in` and `%out` have the same
      indexing map, a permutation: each iteration writes exactly the element
      of `%out` that it reads from `%in`, and no other iteration reads it;
    * the payload does not read `%out`'s element;
    * `%out` is a `memref.alloc` in the block of the op, with no use before
      the op, and `%in` is a `memref.alloc` in the same block, of the same
      type (the same dynamic sizes, if any) and at least the alignment
      `%out` asks for;
    * no alias of `%in` is used after the op (but for a `memref.dealloc`
      of `%in` later in the block, which goes away), nor outside of the
      op's block, nor in a way the buffer lifetime analysis does not
      understand (a stored descriptor, an unknown op);
    * no other operand of the op may alias `%in` except `%in` itself as an
      input with the same map, and no op nested in the op uses an alias of
      `%in` or `%out`.

    Example:

    ```mlir
    %out = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%in : memref<64xf32>) outs(%out : memref<64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %e = math.exp %a : f32
      linalg.yield %e : f32
    }
    memref.dealloc %in : memref<64xf32>
    "test.use"(%out) : (memref<64xf32>) -> ()
    memref.dealloc %out : memref<64xf32>
    ```

    becomes

    ```mlir
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%in : memref<64xf32>) outs(%in : memref<64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %e = math.exp %a : f32
      linalg.yield %e : f32
    }
    "test.use"(%in) : (memref<64xf32>) -> ()
    memref.dealloc %in : memref<64xf32>
    ```

    Each rewrite is reported as a `passed` optimization remark of category
    `linalg-reuse-dying-inputs`. Functions that contain an `async.execute`
    or frees by hand are left alone, as by the other lifetime passes.
  }];
  let statistics = [
    Statistic<"numOpsInPlace", "num-ops-in-place",
              "Number of linalg ops that write into a dying input buffer">
  ];
  let dependentDialects = ["memref::MemRefDialect"];
}

#endif // MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTSPASSES
