//===- PrepareBufferDeallocation.cpp - Prepare IR for the deallocation ----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the passes that rewrite IR which the upstream
// ownership-based buffer deallocation would free too early, or does not
// model, into equivalent IR that it handles.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "mlir/Dialect/Affine/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Mem2Reg.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_EXPANDREALLOCSFORDEALLOCATIONPASS
#define GEN_PASS_DEF_PREPAREBUFFERDEALLOCATIONPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;

/// Returns true if ownership-based deallocation may replace `op` by a copy
/// with more results: an op with regions, or (under
/// `private-function-dynamic-ownership`) a call to a private function with a
/// body, which gets an ownership result per memref result.
static bool mayBeReplacedByDeallocation(Operation *op,
                                        SymbolTableCollection &symbolTables) {
  if (op->getNumRegions() != 0)
    return true;
  auto call = dyn_cast<CallOpInterface>(op);
  return call && bufferization::getPrivateCalleeWithBody(call, symbolTables);
}

unsigned mlir::bufferization::castResultsUsedInOtherBlocks(Operation *root) {
  SymbolTableCollection symbolTables;
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (op != root && op->getNumResults() != 0 &&
        mayBeReplacedByDeallocation(op, symbolTables))
      ops.push_back(op);
  });
  unsigned numCasts = 0;
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    for (OpResult result : op->getResults()) {
      SmallVector<OpOperand *> usesInOtherBlocks;
      for (OpOperand &use : result.getUses())
        if (bufferization::isUseInOtherBlock(use))
          usesInOtherBlocks.push_back(&use);
      if (usesInOtherBlocks.empty())
        continue;
      rewriter.setInsertionPointAfter(op);
      // A ranked memref gets a `memref.cast`, which the deallocation and the
      // alias analyses see through. Any other value, including an unranked
      // memref (whose identity `memref.cast` is invalid), gets an identity
      // `builtin.unrealized_conversion_cast`, which the canonicalizer folds.
      Value cast;
      if (auto type = dyn_cast<MemRefType>(result.getType()))
        cast = memref::CastOp::create(rewriter, result.getLoc(), type, result);
      else
        cast = UnrealizedConversionCastOp::create(rewriter, result.getLoc(),
                                                  result.getType(), result)
                   .getResult(0);
      for (OpOperand *use : usesInOtherBlocks)
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(cast); });
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
  // mem2reg takes a builder; the rewriter is one.
  IRRewriter rewriter(root->getContext());
  DominanceInfo dominance(root);
  if (failed(tryToPromoteMemorySlots(slots, rewriter, DataLayout::closest(root),
                                     dominance)))
    return false;
  SmallVector<ub::PoisonOp> poisons;
  root->walk([&](ub::PoisonOp poison) {
    if (!poisonBefore.contains(poison) && isa<BaseMemRefType>(poison.getType()))
      poisons.push_back(poison);
  });
  for (ub::PoisonOp poison : poisons) {
    rewriter.setInsertionPoint(poison);
    if (Value empty =
            createEmptyMemRef(poison.getLoc(), rewriter, poison.getType()))
      rewriter.replaceOp(poison, empty);
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
    if (bufferization::castResultsUsedInOtherBlocks(getOperation()) == 0 &&
        !promoted)
      markAllAnalysesPreserved();
  }
};

/// Returns true if `realloc` has static sizes and its result is smaller than
/// its source. Upstream's expansion copies the source into a view of the
/// result at the source's size, in a branch that then never runs, but that
/// view is out of bounds of a static result and fails to verify.
static bool shrinksStatically(memref::ReallocOp realloc) {
  MemRefType sourceType = realloc.getSource().getType();
  MemRefType resultType = realloc.getType();
  return sourceType.hasStaticShape() && resultType.hasStaticShape() &&
         resultType.getNumElements() < sourceType.getNumElements();
}

/// Replaces `realloc`, which shrinks a buffer of static size, with what the
/// expansion computes at run time for a buffer that does not grow: a view of
/// the source at the result's size. The buffer is not freed, as in that case
/// of the expansion.
static void replaceShrinkingRealloc(RewriterBase &rewriter,
                                    memref::ReallocOp realloc) {
  MemRefType resultType = realloc.getType();
  rewriter.setInsertionPoint(realloc);
  auto view = memref::ReinterpretCastOp::create(
      rewriter, realloc.getLoc(), resultType, realloc.getSource(),
      /*offset=*/static_cast<int64_t>(0), resultType.getShape(),
      /*strides=*/ArrayRef<int64_t>{1});
  rewriter.replaceOp(realloc, view.getResult());
}

/// Expands the `memref.realloc` ops with upstream's patterns, converting
/// those ops only.
struct ExpandReallocsForDeallocationPass
    : public bufferization::impl::ExpandReallocsForDeallocationPassBase<
          ExpandReallocsForDeallocationPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> reallocs;
    SmallVector<memref::ReallocOp> shrinking;
    getOperation()->walk([&](memref::ReallocOp realloc) {
      if (shrinksStatically(realloc))
        shrinking.push_back(realloc);
      else
        reallocs.push_back(realloc);
    });
    // Nothing to expand: this also spares the verifier's run after the pass.
    if (reallocs.empty() && shrinking.empty()) {
      markAllAnalysesPreserved();
      return;
    }
    IRRewriter rewriter(&getContext());
    for (memref::ReallocOp realloc : shrinking)
      replaceShrinkingRealloc(rewriter, realloc);
    if (reallocs.empty())
      return;
    RewritePatternSet patterns(&getContext());
    memref::populateExpandReallocPatterns(patterns, emitDeallocs);
    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                           scf::SCFDialect>();
    target.addIllegalOp<memref::ReallocOp>();
    if (failed(applyPartialConversion(reallocs, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
