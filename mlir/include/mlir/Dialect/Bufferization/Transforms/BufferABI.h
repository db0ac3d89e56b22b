//===- BufferABI.h - Function attributes of the buffer ABI ------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The discardable attributes with which the series marks functions whose
// buffers the deallocation passes treat in their own way. (The attribute of
// the no-alias function boundary ABI is declared with the `func.call` model
// that reads it, in mlir/Dialect/Func/Transforms/
// BufferViewFlowOpInterfaceImpl.h.) In tree, these would be attributes of
// the bufferization dialect. And the split of a public function whose
// signature a pass changes for the module's calls.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERABI_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERABI_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class SymbolTable;

namespace bufferization {

/// The unit attribute that marks a `func.func` whose buffers are managed by
/// hand as a whole: the deallocation pipeline leaves it alone.
constexpr llvm::StringLiteral kManualFunctionAttrName =
    "buffer_abi.manual_deallocation";

/// Moves the body of `func`, a public function with a body, into a new
/// private function with the same signature and attributes (but
/// `llvm.emit_c_interface`), named after it with the suffix `_impl` and
/// inserted right after it into `symbolTable` (which makes the name unique),
/// and gives `func` a body that calls the new function with its arguments
/// and returns the results. `func` keeps its name, signature and attributes
/// for callers outside the module; the module's calls may then call the
/// private function, whose signature is the module's to change. Returns the
/// private function and the call in `func`. Every change goes through
/// `rewriter`.
std::pair<func::FuncOp, func::CallOp>
splitOffPrivateBody(RewriterBase &rewriter, func::FuncOp func,
                    SymbolTable &symbolTable);

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERABI_H
