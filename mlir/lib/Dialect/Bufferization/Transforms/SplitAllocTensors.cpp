//===- SplitAllocTensors.cpp - One allocating tensor op per use -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a pass that gives each use of a
// `bufferization.alloc_tensor` (and `tensor.empty`) op its own op, so that
// One-Shot Bufferize creates one buffer per computation instead of sharing a
// buffer, and its live range, between unrelated computations.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_SPLITALLOCTENSORSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns true if `op` materializes as a fresh buffer of undefined (or
/// copied) contents, so that each of its uses may get a distinct one.
static bool isSplittableAllocation(Operation *op, bool splitEmptyTensors) {
  if (isa<AllocTensorOp>(op))
    return true;
  return splitEmptyTensors && isa<tensor::EmptyOp>(op);
}

//===----------------------------------------------------------------------===//
// Implementation
//===----------------------------------------------------------------------===//

unsigned mlir::bufferization::splitAllocTensors(RewriterBase &rewriter,
                                                Operation *root,
                                                bool splitEmptyTensors) {
  // Collect the candidates and number all ops in pre-order, so that the uses
  // of each candidate can be visited in program order: the first use keeps
  // the original op and the clones appear in the order of their users, which
  // keeps the output deterministic and readable.
  SmallVector<Operation *> candidates;
  DenseMap<Operation *, unsigned> programOrder;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    programOrder[op] = programOrder.size();
    if (isSplittableAllocation(op, splitEmptyTensors) &&
        op->getNumResults() == 1 && !op->use_empty() &&
        !op->getResult(0).hasOneUse())
      candidates.push_back(op);
  });

  unsigned numCreated = 0;
  for (Operation *op : candidates) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : op->getResult(0).getUses())
      uses.push_back(&use);
    llvm::stable_sort(uses, [&](OpOperand *lhs, OpOperand *rhs) {
      unsigned lhsPos = programOrder.lookup(lhs->getOwner());
      unsigned rhsPos = programOrder.lookup(rhs->getOwner());
      if (lhsPos != rhsPos)
        return lhsPos < rhsPos;
      return lhs->getOperandNumber() < rhs->getOperandNumber();
    });

    // Clones go right after the original op: its operands dominate them and
    // they dominate every use of the original.
    rewriter.setInsertionPointAfter(op);
    for (OpOperand *use : llvm::drop_begin(uses)) {
      Operation *clone = rewriter.clone(*op);
      rewriter.modifyOpInPlace(use->getOwner(),
                               [&]() { use->set(clone->getResult(0)); });
      ++numCreated;
    }
  }
  return numCreated;
}

//===----------------------------------------------------------------------===//
// SplitAllocTensorsPass
//===----------------------------------------------------------------------===//

namespace {
/// Gives each use of an allocating tensor op its own op.
struct SplitAllocTensorsPass
    : public bufferization::impl::SplitAllocTensorsPassBase<
          SplitAllocTensorsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)splitAllocTensors(rewriter, getOperation(), splitEmptyTensors);
  }
};
} // namespace
