//===- PrepareBufferDeallocation.cpp - Prepare IR for the deallocation ----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a pass that rewrites IR on which the upstream
// ownership-based buffer deallocation would free buffers too early, into
// equivalent IR that it handles.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_PREPAREBUFFERDEALLOCATIONPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;

unsigned mlir::bufferization::castCrossBlockRegionResults(Operation *root) {
  SmallVector<Operation *> regionOps;
  root->walk([&](Operation *op) {
    if (op->getNumRegions() != 0 && op != root)
      regionOps.push_back(op);
  });
  unsigned numCasts = 0;
  OpBuilder builder(root->getContext());
  for (Operation *op : regionOps) {
    Block *block = op->getBlock();
    for (OpResult result : op->getResults()) {
      // An identity cast of an unranked memref is not a valid memref.cast.
      auto type = dyn_cast<MemRefType>(result.getType());
      if (!type)
        continue;
      SmallVector<OpOperand *> usesInOtherBlocks;
      for (OpOperand &use : result.getUses())
        if (!block->findAncestorOpInBlock(*use.getOwner()))
          usesInOtherBlocks.push_back(&use);
      if (usesInOtherBlocks.empty())
        continue;
      builder.setInsertionPointAfter(op);
      Value cast =
          memref::CastOp::create(builder, result.getLoc(), type, result);
      for (OpOperand *use : usesInOtherBlocks)
        use->set(cast);
      ++numCasts;
    }
  }
  return numCasts;
}

namespace {
struct PrepareBufferDeallocationPass
    : public bufferization::impl::PrepareBufferDeallocationPassBase<
          PrepareBufferDeallocationPass> {
  void runOnOperation() override {
    bufferization::castCrossBlockRegionResults(getOperation());
  }
};
} // namespace
