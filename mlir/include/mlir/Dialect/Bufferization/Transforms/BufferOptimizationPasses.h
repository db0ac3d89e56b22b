//===- BufferOptimizationPasses.h - Buffer optimization passes --*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the series' bufferization passes and their registration. In tree,
// these declarations are generated into
// mlir/Dialect/Bufferization/Transforms/Passes.h from its Passes.td; the
// transformations behind the passes are declared in BufferOptimization.h.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace bufferization {

#define GEN_PASS_DECL
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES_H
