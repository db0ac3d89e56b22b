//===- BufferDeallocationOpInterfaceImpl.h - Async dealloc models -*- C++ -*-=//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_ASYNC_TRANSFORMS_BUFFERDEALLOCATIONOPINTERFACEIMPL_H
#define MLIR_DIALECT_ASYNC_TRANSFORMS_BUFFERDEALLOCATIONOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace async {
/// Registers the `BufferDeallocationOpInterface` external models of the
/// async dialect: `async.execute`, `async.yield` and `async.await`, so that
/// an `async.execute` that allocates buffers or yields memrefs is
/// deallocated by the ownership-based deallocation.
void registerBufferDeallocationOpInterfaceExternalModels(
    DialectRegistry &registry);
} // namespace async
} // namespace mlir

#endif // MLIR_DIALECT_ASYNC_TRANSFORMS_BUFFERDEALLOCATIONOPINTERFACEIMPL_H
