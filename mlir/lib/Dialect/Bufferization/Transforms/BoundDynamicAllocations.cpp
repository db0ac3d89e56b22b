//===- BoundDynamicAllocations.cpp - Loop buffers at their size bound -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the allocation of dynamically sized buffers in loops
// at a constant upper bound of their sizes: the buffer becomes static, so
// that the later stages can recycle or hoist it, and the program sees a view
// of it at the actual sizes.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_BOUNDDYNAMICALLOCATIONSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

/// The category of the remarks of the pass.
static constexpr llvm::StringLiteral kRemarkCategory =
    "bound-dynamic-allocations";

/// Returns true if `op` is nested in a loop of its function.
static bool isInLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<LoopLikeOpInterface>(parent))
      return true;
    if (isa<FunctionOpInterface>(parent))
      return false;
  }
  return false;
}

/// Returns the size in bytes of an element of `alloc`, if it is an integer,
/// an index or a float (`getElementByteSize`).
static std::optional<uint64_t> getElementBytes(memref::AllocOp alloc) {
  Type elementType = alloc.getType().getElementType();
  if (!isa<IntegerType, IndexType, FloatType>(elementType))
    return std::nullopt;
  return getElementByteSize(elementType, alloc);
}

/// Returns true if `alloc` is a candidate: a dynamically sized buffer of the
/// identity layout in a loop, without symbol operands, that the input does
/// not free or reallocate itself.
static bool isCandidate(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  if (alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty() ||
      !type.getLayout().isIdentity() || !getElementBytes(alloc) ||
      !isInLoop(alloc))
    return false;
  return llvm::none_of(alloc->getUsers(), [](Operation *user) {
    return isa<memref::DeallocOp, memref::ReallocOp>(user);
  });
}

/// Returns a constant upper bound (inclusive) of the index value `size`, from
/// its integer range in `solver` or else from `ValueBoundsOpInterface`.
static std::optional<int64_t> getUpperBound(Value size,
                                            DataFlowSolver &solver) {
  if (auto *lattice =
          solver.lookupState<dataflow::IntegerValueRangeLattice>(size)) {
    const IntegerValueRange &range = lattice->getValue();
    if (!range.isUninitialized()) {
      const APInt &umax = range.getValue().umax();
      if (umax.getActiveBits() < 63)
        return static_cast<int64_t>(umax.getZExtValue());
    }
  }
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, size, /*stopCondition=*/nullptr,
      /*closedUB=*/true);
  if (failed(bound) || *bound < 0)
    return std::nullopt;
  return *bound;
}

/// Returns the static shape of `alloc` with each dynamic size replaced by its
/// upper bound, if every dynamic size has one and the buffer at that shape
/// takes at most `maxBytes` bytes.
static std::optional<SmallVector<int64_t>>
getBoundedShape(memref::AllocOp alloc, uint64_t maxBytes,
                DataFlowSolver &solver) {
  MemRefType type = alloc.getType();
  uint64_t bytes = *getElementBytes(alloc);
  SmallVector<int64_t> shape(type.getShape());
  auto dynamicSizes = alloc.getDynamicSizes().begin();
  for (int64_t &dim : shape) {
    if (ShapedType::isDynamic(dim)) {
      std::optional<int64_t> bound = getUpperBound(*dynamicSizes++, solver);
      if (!bound)
        return std::nullopt;
      dim = *bound;
    }
    // Each factor is at most `maxBytes`, so the product cannot overflow
    // before it exceeds the limit.
    if (static_cast<uint64_t>(dim) > maxBytes)
      return std::nullopt;
    bytes *= dim;
    if (bytes > maxBytes)
      return std::nullopt;
  }
  return shape;
}

/// Returns `lhs * rhs`, folded when both are constants or one is 1.
static OpFoldResult multiply(RewriterBase &rewriter, Location loc,
                             OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<int64_t> lhsConst = getConstantIntValue(lhs);
  std::optional<int64_t> rhsConst = getConstantIntValue(rhs);
  if (lhsConst && rhsConst)
    return rewriter.getIndexAttr(*lhsConst * *rhsConst);
  if (lhsConst == 1)
    return rhs;
  if (rhsConst == 1)
    return lhs;
  auto materialize = [&](OpFoldResult value) -> Value {
    if (auto attr = dyn_cast<Attribute>(value))
      return arith::ConstantIndexOp::create(rewriter, loc,
                                            cast<IntegerAttr>(attr).getInt());
    return cast<Value>(value);
  };
  return arith::MulIOp::create(rewriter, loc, materialize(lhs),
                               materialize(rhs))
      .getResult();
}

/// Replaces `alloc` with an allocation of the static shape `shape` and a
/// view of it at the sizes of `alloc`, in the row-major layout of its type.
static void allocateAtBound(RewriterBase &rewriter, memref::AllocOp alloc,
                            ArrayRef<int64_t> shape) {
  MemRefType type = alloc.getType();
  Location loc = alloc.getLoc();
  rewriter.setInsertionPoint(alloc);
  auto boundedType =
      MemRefType::get(shape, type.getElementType(), MemRefLayoutAttrInterface(),
                      type.getMemorySpace());
  auto bounded = memref::AllocOp::create(rewriter, loc, boundedType,
                                         alloc.getAlignmentAttr());
  // Markers of other passes stay with the allocation.
  bounded->setDiscardableAttrs(alloc->getDiscardableAttrDictionary());
  SmallVector<OpFoldResult> sizes = alloc.getMixedSizes();
  SmallVector<OpFoldResult> strides(sizes.size());
  OpFoldResult stride = rewriter.getIndexAttr(1);
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    strides[dim] = stride;
    if (dim > 0)
      stride = multiply(rewriter, loc, stride, sizes[dim]);
  }
  Value view = memref::ReinterpretCastOp::create(
      rewriter, loc, type, bounded.getResult(), rewriter.getIndexAttr(0), sizes,
      strides);
  rewriter.replaceOp(alloc, view);
}

unsigned mlir::bufferization::boundDynamicAllocations(RewriterBase &rewriter,
                                                      Operation *root,
                                                      uint64_t maxBytes) {
  // Buffers managed by hand stay as the input has them: the deallocation
  // leaves them alone by a marker on their allocation, and a free of theirs
  // through a view would not tell the pass that the buffer is freed.
  FunctionsLeftAlone leftAlone(root);
  SmallVector<memref::AllocOp> candidates;
  root->walk([&](memref::AllocOp alloc) {
    if (isCandidate(alloc) && !leftAlone.contains(alloc))
      candidates.push_back(alloc);
  });
  if (candidates.empty())
    return 0;

  // The integer ranges of all values, computed once.
  DataFlowSolver solver;
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<dataflow::IntegerRangeAnalysis>();
  if (failed(solver.initializeAndRun(root)))
    return 0;

  // Decide every bound before rewriting, since the solver describes the IR
  // as it was.
  SmallVector<std::pair<memref::AllocOp, SmallVector<int64_t>>> bounded;
  for (memref::AllocOp alloc : candidates)
    if (std::optional<SmallVector<int64_t>> shape =
            getBoundedShape(alloc, maxBytes, solver))
      bounded.emplace_back(alloc, std::move(*shape));

  for (auto &[alloc, shape] : bounded) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "allocated at its size bound as "
       << MemRefType::get(shape, alloc.getType().getElementType());
    remark::passed(
        alloc.getLoc(),
        remark::RemarkOpts::name("AllocatedAtBound").category(kRemarkCategory))
        << message;
    allocateAtBound(rewriter, alloc, shape);
  }
  return bounded.size();
}

//===----------------------------------------------------------------------===//
// BoundDynamicAllocationsPass
//===----------------------------------------------------------------------===//

namespace {
/// Allocates the dynamically sized buffers of loops at their size bounds.
struct BoundDynamicAllocationsPass
    : public bufferization::impl::BoundDynamicAllocationsPassBase<
          BoundDynamicAllocationsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned numBounded =
        boundDynamicAllocations(rewriter, getOperation(), maxBytes);
    numAllocsBounded += numBounded;
    // Nothing changed: this also spares the verifier's run after the pass.
    if (numBounded == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace
