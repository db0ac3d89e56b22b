//===- ReuseDyingInputsPasses.h - Reuse dying inputs pass -------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the linalg-reuse-dying-inputs pass and its registration. In
// tree, these declarations are generated into mlir/Dialect/Linalg/Passes.h
// from its Passes.td; the transformation is declared in ReuseDyingInputs.h.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTSPASSES_H
#define MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTSPASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace linalg {

#define GEN_PASS_DECL
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h.inc"

} // namespace linalg
} // namespace mlir

#endif // MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTSPASSES_H
