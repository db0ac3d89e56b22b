//===- MergeAllocPasses.h - merge-alloc pass --------------------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the merge-alloc pass and its registration. In tree, these
// declarations are generated into mlir/Dialect/MemRef/Transforms/Passes.h
// from its Passes.td; the stages of the transformation are declared in
// MergeAlloc.h.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOCPASSES_H
#define MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOCPASSES_H

#include "mlir/Dialect/MemRef/Transforms/StaticMemoryPlanner.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace memref {

#define GEN_PASS_DECL
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h.inc"

} // namespace memref
} // namespace mlir

#endif // MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOCPASSES_H
