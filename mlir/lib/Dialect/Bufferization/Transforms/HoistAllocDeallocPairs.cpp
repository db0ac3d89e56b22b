//===- HoistAllocDeallocPairs.cpp - Hoist per-iteration buffers -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the hoisting of allocations that are freed in the same
// iteration of a sequential loop out of that loop, after deallocations have
// been inserted, so that the loop reuses one buffer.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_HOISTALLOCDEALLOCPAIRSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns `op` as a loop if its iterations run one after the other and its
/// regions each run once per iteration. Parallel loops are not: their
/// iterations may need a buffer each at the same time.
static LoopLikeOpInterface getSequentialLoop(Operation *op) {
  if (!isa_and_present<scf::ForOp, scf::WhileOp>(op))
    return nullptr;
  return cast<LoopLikeOpInterface>(op);
}

/// Returns the `memref.dealloc` that frees `alloc` in the block of `alloc`,
/// after it, if it is the only op that frees the buffer or an alias of it and
/// no alias of the buffer leaves the current iteration of `loop`: it is not
/// an operand of the terminator of the block, nor used outside of `loop`.
static memref::DeallocOp
findDeallocInSameIteration(memref::AllocOp alloc, Operation *loop,
                           const BufferViewFlowAnalysis &aliasAnalysis) {
  Block *block = alloc->getBlock();
  memref::DeallocOp dealloc;
  for (Value alias : aliasAnalysis.resolve(alloc.getResult())) {
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      if (!loop->isAncestor(user) || user == block->getTerminator())
        return nullptr;
      if (!hasEffect<MemoryEffects::Free>(user, alias))
        continue;
      auto deallocOp = dyn_cast<memref::DeallocOp>(user);
      if (dealloc || !deallocOp || deallocOp.getMemref() != alloc.getResult() ||
          deallocOp->getBlock() != block || !alloc->isBeforeInBlock(deallocOp))
        return nullptr;
      dealloc = deallocOp;
    }
  }
  return dealloc;
}

unsigned mlir::bufferization::hoistAllocDeallocPairs(RewriterBase &rewriter,
                                                     Operation *root) {
  BufferViewFlowAnalysis aliasAnalysis(root);
  SmallVector<memref::AllocOp> allocs;
  root->walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });

  unsigned numHoisted = 0;
  for (memref::AllocOp alloc : allocs) {
    // Leave one loop per step: the deallocation moved after the loop is then
    // in the block of the allocation again, one level up.
    while (true) {
      LoopLikeOpInterface loop = getSequentialLoop(alloc->getParentOp());
      if (!loop || !alloc->getParentRegion()->hasOneBlock())
        break;
      if (!llvm::all_of(alloc->getOperands(), [&](Value size) {
            return loop.isDefinedOutsideOfLoop(size);
          }))
        break;
      memref::DeallocOp dealloc =
          findDeallocInSameIteration(alloc, loop, aliasAnalysis);
      if (!dealloc)
        break;
      rewriter.moveOpBefore(alloc, loop);
      rewriter.moveOpAfter(dealloc, loop);
      ++numHoisted;
    }
  }
  return numHoisted;
}

//===----------------------------------------------------------------------===//
// HoistAllocDeallocPairsPass
//===----------------------------------------------------------------------===//

namespace {
/// Hoists per-iteration buffers out of sequential loops.
struct HoistAllocDeallocPairsPass
    : public bufferization::impl::HoistAllocDeallocPairsPassBase<
          HoistAllocDeallocPairsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    (void)hoistAllocDeallocPairs(rewriter, getOperation());
  }
};
} // namespace
