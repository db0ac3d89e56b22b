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

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "mlir/Dialect/Affine/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Async/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "mlir/Transforms/Mem2Reg.h"

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
      SmallVector<OpOperand *> usesInOtherBlocks;
      for (OpOperand &use : result.getUses())
        if (!block->findAncestorOpInBlock(*use.getOwner()))
          usesInOtherBlocks.push_back(&use);
      if (usesInOtherBlocks.empty())
        continue;
      builder.setInsertionPointAfter(op);
      // A ranked memref gets a `memref.cast`, which the deallocation and the
      // alias analyses see through. Any other value, including an unranked
      // memref (whose identity `memref.cast` is invalid), gets an identity
      // `builtin.unrealized_conversion_cast`, which the canonicalizer folds.
      Value cast;
      if (auto type = dyn_cast<MemRefType>(result.getType()))
        cast = memref::CastOp::create(builder, result.getLoc(), type, result);
      else
        cast = UnrealizedConversionCastOp::create(builder, result.getLoc(),
                                                  result.getType(), result)
                   .getResult(0);
      for (OpOperand *use : usesInOtherBlocks)
        use->set(cast);
      ++numCasts;
    }
  }
  return numCasts;
}

bool mlir::bufferization::promoteDescriptorSlots(Operation *root) {
  SmallVector<PromotableAllocationOpInterface> slots;
  root->walk([&](memref::AllocaOp alloca) {
    if (isa<BaseMemRefType>(alloca.getType().getElementType()))
      slots.push_back(cast<PromotableAllocationOpInterface>(*alloca));
  });
  if (slots.empty())
    return false;
  // mem2reg gives a load that no store reaches on some path `ub.poison`;
  // those of memref type become empty buffers (`createEmptyMemRef`), whose
  // addresses the deallocation may compare.
  DenseSet<Operation *> poisonBefore;
  root->walk([&](ub::PoisonOp poison) { poisonBefore.insert(poison); });
  OpBuilder builder(root->getContext());
  DominanceInfo dominance(root);
  if (failed(tryToPromoteMemorySlots(slots, builder, DataLayout::closest(root),
                                     dominance)))
    return false;
  SmallVector<ub::PoisonOp> poisons;
  root->walk([&](ub::PoisonOp poison) {
    if (!poisonBefore.contains(poison) && isa<BaseMemRefType>(poison.getType()))
      poisons.push_back(poison);
  });
  for (ub::PoisonOp poison : poisons) {
    builder.setInsertionPoint(poison);
    if (Value empty =
            createEmptyMemRef(poison.getLoc(), builder, poison.getType())) {
      poison.getResult().replaceAllUsesWith(empty);
      poison->erase();
    }
  }
  return true;
}

namespace {
struct PrepareBufferDeallocationPass
    : public bufferization::impl::PrepareBufferDeallocationPassBase<
          PrepareBufferDeallocationPass> {
  /// The deallocation that follows this pass needs the series' interface
  /// models; declaring them here attaches them in any tool that runs the
  /// pipeline, a stock `mlir-opt` with the plugin included.
  void getDependentDialects(DialectRegistry &registry) const override {
    PrepareBufferDeallocationPassBase::getDependentDialects(registry);
    affine::registerBufferDeallocationOpInterfaceExternalModels(registry);
    async::registerBufferDeallocationOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    bool promoted = bufferization::promoteDescriptorSlots(getOperation());
    // Nothing changed: this also spares the verifier's run after the pass.
    if (bufferization::castCrossBlockRegionResults(getOperation()) == 0 &&
        !promoted)
      markAllAnalysesPreserved();
  }
};
} // namespace
