//===- ExpandStridedClones.cpp - Expand clones of strided memrefs ---------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a pass that expands the `bufferization.clone` ops
// that `convert-bufferization-to-memref` cannot lower, those of memrefs with a
// static offset or static strides that a fresh identity-layout buffer cannot
// be cast to, into an allocation, a `memref.reinterpret_cast` and a
// `memref.copy`.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_EXPANDSTRIDEDCLONESPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

namespace {
/// Expands a `bufferization.clone` of a memref with a static offset and static
/// non-negative strides that an identity-layout allocation cannot be cast to:
/// allocates a one-dimensional buffer of every element the layout reaches,
/// reinterprets it as the clone's type and copies the cloned buffer into it.
struct ExpandStridedClone : public OpRewritePattern<CloneOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CloneOp clone,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(clone.getType());
    if (!type || type != clone.getInput().getType() || isCloneLowerable(type))
      return rewriter.notifyMatchFailure(
          clone, "not a ranked memref that the lowering rejects");
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        ShapedType::isDynamic(offset) || offset < 0 ||
        llvm::any_of(strides, [](int64_t stride) {
          return ShapedType::isDynamic(stride) || stride < 0;
        }))
      return rewriter.notifyMatchFailure(
          clone, "layout without a static offset and static non-negative "
                 "strides");

    // The number of elements from the start of the buffer to one past the
    // last element the layout reaches: the offset, plus one, plus
    // `(size - 1) * stride` per dimension; an empty dimension counts as a
    // dimension of one element. The static part is summed here, each
    // dynamic size adds its term at run time.
    std::optional<int64_t> staticExtent = llvm::checkedAdd<int64_t>(offset, 1);
    for (auto [size, stride] : llvm::zip_equal(type.getShape(), strides)) {
      if (ShapedType::isDynamic(size) || !staticExtent)
        continue;
      std::optional<int64_t> term =
          llvm::checkedMul<int64_t>(std::max<int64_t>(size - 1, 0), stride);
      staticExtent =
          term ? llvm::checkedAdd<int64_t>(*staticExtent, *term) : std::nullopt;
    }
    if (!staticExtent)
      return rewriter.notifyMatchFailure(clone, "extent overflows int64_t");

    Location loc = clone.getLoc();
    Value input = clone.getInput();
    SmallVector<OpFoldResult> sizes;
    Value dynamicExtent, zero, one;
    for (auto [dim, size] : llvm::enumerate(type.getShape())) {
      if (!ShapedType::isDynamic(size)) {
        sizes.push_back(rewriter.getIndexAttr(size));
        continue;
      }
      if (!zero) {
        zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      }
      Value dimSize = memref::DimOp::create(rewriter, loc, input, dim);
      sizes.push_back(dimSize);
      Value last = arith::MaxSIOp::create(
          rewriter, loc, arith::SubIOp::create(rewriter, loc, dimSize, one),
          zero);
      Value term = arith::MulIOp::create(
          rewriter, loc, last,
          arith::ConstantIndexOp::create(rewriter, loc, strides[dim]));
      dynamicExtent = dynamicExtent ? arith::AddIOp::create(rewriter, loc,
                                                            dynamicExtent, term)
                                    : term;
    }

    int64_t bufferSize = *staticExtent;
    SmallVector<Value> allocSizes;
    if (dynamicExtent) {
      bufferSize = ShapedType::kDynamic;
      allocSizes.push_back(arith::AddIOp::create(
          rewriter, loc, dynamicExtent,
          arith::ConstantIndexOp::create(rewriter, loc, *staticExtent)));
    }
    auto bufferType =
        MemRefType::get({bufferSize}, type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    Value buffer =
        memref::AllocOp::create(rewriter, loc, bufferType, allocSizes);
    SmallVector<OpFoldResult> strideValues =
        llvm::map_to_vector(strides, [&](int64_t stride) -> OpFoldResult {
          return rewriter.getIndexAttr(stride);
        });
    Value view = memref::ReinterpretCastOp::create(
        rewriter, loc, type, buffer, rewriter.getIndexAttr(offset), sizes,
        strideValues);
    memref::CopyOp::create(rewriter, loc, input, view);
    rewriter.replaceOp(clone, view);
    return success();
  }
};

/// Expands the clones that `convert-bufferization-to-memref` cannot lower.
struct ExpandStridedClonesPass
    : public bufferization::impl::ExpandStridedClonesPassBase<
          ExpandStridedClonesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateExpandStridedClonesPatterns(patterns);
    ChangeRecorder recorder;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &recorder);
    // Nothing changed: this also spares the verifier's run after the pass.
    if (!recorder.changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::bufferization::populateExpandStridedClonesPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ExpandStridedClone>(patterns.getContext());
}
