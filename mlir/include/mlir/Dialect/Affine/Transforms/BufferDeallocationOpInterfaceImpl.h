//===- BufferDeallocationOpInterfaceImpl.h - Affine dealloc models -*- C++ -*-//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_AFFINE_TRANSFORMS_BUFFERDEALLOCATIONOPINTERFACEIMPL_H
#define MLIR_DIALECT_AFFINE_TRANSFORMS_BUFFERDEALLOCATIONOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace affine {
/// Registers the `BufferDeallocationOpInterface` external models of the
/// affine dialect: `affine.for` with memref `iter_args`, whose operand
/// segments the generic handling of region branch ops does not update.
void registerBufferDeallocationOpInterfaceExternalModels(
    DialectRegistry &registry);
} // namespace affine
} // namespace mlir

#endif // MLIR_DIALECT_AFFINE_TRANSFORMS_BUFFERDEALLOCATIONOPINTERFACEIMPL_H
