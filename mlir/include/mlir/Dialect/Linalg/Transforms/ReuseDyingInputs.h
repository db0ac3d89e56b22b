//===- ReuseDyingInputs.h - Elementwise ops into dying inputs ---*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// After deallocation, an elementwise linalg op on buffers may write its
// result into an input buffer that is freed right after it, instead of into
// a fresh allocation.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTS_H
#define MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
class RewriterBase;

namespace linalg {

/// Lets each elementwise linalg op nested in `root` whose init is a fresh
/// `memref.alloc` write into an input buffer of the same type that is freed
/// after the op and not used any more: the allocation of the init and the
/// deallocation of the input go away, and the input's buffer takes the
/// init's place. Returns the number of ops rewritten.
unsigned reuseDyingInputs(RewriterBase &rewriter, Operation *root);

} // namespace linalg
} // namespace mlir

#endif // MLIR_DIALECT_LINALG_TRANSFORMS_REUSEDYINGINPUTS_H
