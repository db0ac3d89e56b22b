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
// the bufferization dialect.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERABI_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERABI_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace bufferization {

/// The unit attribute that marks a `func.func` whose buffers are managed by
/// hand as a whole: the deallocation pipeline leaves it alone.
constexpr llvm::StringLiteral kManualFunctionAttrName =
    "buffer_abi.manual_deallocation";

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERABI_H
