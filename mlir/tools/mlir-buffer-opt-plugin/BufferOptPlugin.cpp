//===- BufferOptPlugin.cpp - Pass plugin for a stock mlir-opt -------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A pass plugin that makes the passes of the series available to a stock
// `mlir-opt`:
//
//   mlir-opt --load-pass-plugin=MLIRBufferOptPlugin.so \
//     --optimized-buffer-deallocation-pipeline input.mlir
//
// The same library is also a dialect plugin (`--load-dialect-plugin`) that
// attaches the series' BufferDeallocationOpInterface models, for running
// upstream's `ownership-based-buffer-deallocation` on its own; the pipeline
// attaches them itself.
//
// Upstream's `buffer-deallocation-pipeline` keeps its name in a stock tool,
// so the series' pipeline is offered as `optimized-buffer-deallocation-
// pipeline`.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Affine/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Async/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Pipelines/DeallocationPipeline.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h"
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

/// Entry point of the plugin: registers every pass and pipeline of the series
/// under its own name.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MLIRBufferOptPasses", LLVM_VERSION_STRING,
          []() {
            bufferization::registerBufferOptimizationPasses();
            memref::registerMergeAllocPasses();
            linalg::registerReuseDyingInputsPasses();
            bufferization::registerOptimizedBufferDeallocationPipeline();
          }};
}

/// Entry point of the plugin as a dialect plugin: attaches the interface
/// models of the series.
extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {
      MLIR_PLUGIN_API_VERSION, "MLIRBufferOptModels", LLVM_VERSION_STRING,
      [](DialectRegistry *registry) {
        affine::registerBufferDeallocationOpInterfaceExternalModels(*registry);
        async::registerBufferDeallocationOpInterfaceExternalModels(*registry);
        func::registerBufferViewFlowOpInterfaceExternalModels(*registry);
      }};
}
