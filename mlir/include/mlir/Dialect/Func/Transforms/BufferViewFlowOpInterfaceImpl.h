//===- BufferViewFlowOpInterfaceImpl.h - func.call view flow ----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_FUNC_TRANSFORMS_BUFFERVIEWFLOWOPINTERFACEIMPL_H
#define MLIR_DIALECT_FUNC_TRANSFORMS_BUFFERVIEWFLOWOPINTERFACEIMPL_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class DialectRegistry;

namespace func {
/// The unit attribute that marks a `func.func` whose memref results follow
/// the no-alias function boundary ABI (each result is a buffer that the
/// caller owns alone: it aliases no other result and no argument), and a
/// `func.call` of such a function. In tree, this would be an attribute of the
/// bufferization dialect; out of tree, that dialect's verifier rejects
/// attributes in its namespace that it does not know.
constexpr llvm::StringLiteral kNoAliasResultsAttrName =
    "buffer_abi.no_alias_results";

/// The integer attribute of a `func.call` that passes its callee's workspace
/// (merge-alloc's `callee-workspace`) as the argument operand of that index.
/// The callee holds its temporaries in views of the workspace that never
/// outlive the call, so no result of the call aliases that operand.
constexpr llvm::StringLiteral kWorkspaceOperandAttrName =
    "merge_alloc.workspace_operand";

/// Registers the `BufferViewFlowOpInterface` external model of `func.call`.
/// A call marked with `kNoAliasResultsAttrName` returns fresh buffers: its
/// results depend on none of its operands. Any other call keeps the analysis'
/// conservative default, each memref result may alias each operand, but the
/// workspace operand that `kWorkspaceOperandAttrName` names.
void registerBufferViewFlowOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace func
} // namespace mlir

#endif // MLIR_DIALECT_FUNC_TRANSFORMS_BUFFERVIEWFLOWOPINTERFACEIMPL_H
