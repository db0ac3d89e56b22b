//===- ReuseDyingInputs.cpp - Elementwise ops into dying inputs -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the rewrite of elementwise linalg ops on buffers that
// write a fresh allocation while one of their inputs dies at the op: the op
// writes into the input instead, after deallocations have been lowered.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputs.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"

namespace mlir {
namespace linalg {
#define GEN_PASS_DEF_LINALGREUSEDYINGINPUTSPASS
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h.inc"
} // namespace linalg
} // namespace mlir

using namespace mlir;
using namespace mlir::linalg;
using bufferization::BufferLifetimeAnalysis;

namespace {
/// The `memref.dealloc` ops of one block that free the whole buffer of a
/// value, by that value (directly or through the base buffer of its strided
/// metadata), kept up to date across the rewrites of the block.
class BlockFrees {
public:
  explicit BlockFrees(Block &block) {
    for (auto dealloc : block.getOps<memref::DeallocOp>())
      frees.try_emplace(bufferization::getFreedMemRef(dealloc.getMemref()),
                        dealloc);
  }

  memref::DeallocOp lookup(Value buffer) const { return frees.lookup(buffer); }

  /// `to` takes the place of `from`, whose free now frees `to`; the free of
  /// `to` is gone.
  void replace(Value from, Value to) {
    frees.erase(to);
    if (memref::DeallocOp dealloc = frees.lookup(from)) {
      frees.erase(from);
      frees[to] = dealloc;
    }
  }

private:
  DenseMap<Value, memref::DeallocOp> frees;
};
} // namespace

/// Returns true if `op` writes each element of `init` in exactly one
/// iteration, in which it reads the same element of every operand that has
/// the indexing map of `init`: every loop is parallel and that map is a
/// permutation.
static bool isElementwiseInit(LinalgOp op, OpOperand &init) {
  return op.getNumParallelLoops() == op.getNumLoops() &&
         op.getMatchingIndexingMap(&init).isPermutation() &&
         !op.payloadUsesValueFromOperand(&init);
}

/// Returns true if no alias of `buffer`, the init of `op` at `init`, is used
/// before `op` in its block, or by `op` other than at `init`.
static bool isFreshAt(Value buffer, LinalgOp op, OpOperand &init,
                      BufferLifetimeAnalysis &analysis) {
  Block *block = op->getBlock();
  for (Value alias : analysis.getMayAliases(buffer)) {
    for (OpOperand &use : alias.getUses()) {
      Operation *ancestor = block->findAncestorOpInBlock(*use.getOwner());
      if (!ancestor)
        continue;
      if (ancestor == op ? &use != &init : ancestor->isBeforeInBlock(op))
        return false;
    }
  }
  return true;
}

/// Returns true if `buffer`, an input of `op` at `input`, dies at `op`: every
/// use of an alias of it is understood, and is an op of the block of `op`
/// (or nested in one) before `op`, or `free` if any (and the metadata op
/// that feeds it), or `op` reading `buffer` itself with the indexing map of
/// `input`.
static bool diesAt(Value buffer, LinalgOp op, OpOperand &input,
                   memref::DeallocOp free, BufferLifetimeAnalysis &analysis) {
  Block *block = op->getBlock();
  Operation *metadata = free ? free.getMemref().getDefiningOp() : nullptr;
  AffineMap map = op.getMatchingIndexingMap(&input);
  for (Value alias : analysis.getMayAliases(buffer)) {
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      if ((free && user == free) || (metadata && user == metadata))
        continue;
      if (!analysis.isUnderstoodUse(use))
        return false;
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor)
        return false;
      if (ancestor == op) {
        // The op itself may read the buffer at other operands too, as long
        // as every iteration reads only the element it writes.
        if (user != op || alias != buffer || !op.isDpsInput(&use) ||
            op.getMatchingIndexingMap(&use) != map)
          return false;
        continue;
      }
      if (op->isBeforeInBlock(ancestor))
        return false;
    }
  }
  return true;
}

/// Returns true if the buffer of `input` can stand for the buffer of `init`
/// everywhere: the same type, the same dynamic sizes, and at least the
/// alignment `init` asks for.
static bool canStandFor(memref::AllocOp input, memref::AllocOp init) {
  if (input.getType() != init.getType() ||
      !llvm::equal(input.getDynamicSizes(), init.getDynamicSizes()) ||
      !llvm::equal(input.getSymbolOperands(), init.getSymbolOperands()))
    return false;
  std::optional<uint64_t> alignment = init.getAlignment();
  std::optional<uint64_t> inputAlignment = input.getAlignment();
  return !alignment || (inputAlignment && *inputAlignment >= *alignment);
}

/// Lets `op` write into a dying input instead of a fresh init, once at most
/// per init. Returns the number of inits replaced.
static unsigned reuseDyingInputs(RewriterBase &rewriter, LinalgOp op,
                                 BlockFrees &frees,
                                 BufferLifetimeAnalysis &analysis) {
  Block *block = op->getBlock();
  unsigned numReplaced = 0;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    auto initAlloc = init.get().getDefiningOp<memref::AllocOp>();
    if (!initAlloc || initAlloc->getBlock() != block ||
        !isElementwiseInit(op, init) ||
        !isFreshAt(initAlloc.getResult(), op, init, analysis))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&init);
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value buffer = input->get();
      auto inputAlloc = buffer.getDefiningOp<memref::AllocOp>();
      if (!inputAlloc || inputAlloc->getBlock() != block ||
          op.getMatchingIndexingMap(input) != map ||
          !canStandFor(inputAlloc, initAlloc))
        continue;
      // Before the deallocation, the input has no free yet; after it, its
      // free must come after the op, where it goes away.
      memref::DeallocOp free = frees.lookup(buffer);
      if ((free && !op->isBeforeInBlock(free)) ||
          !diesAt(buffer, op, *input, free, analysis))
        continue;

      // The input's buffer takes the place of the init's from the op on:
      // nothing used the init before, and nothing uses the input after.
      Value fresh = initAlloc.getResult();
      if (free) {
        auto metadata =
            free.getMemref().getDefiningOp<memref::ExtractStridedMetadataOp>();
        if (metadata && metadata->hasOneUse())
          for (Value result : metadata->getResults())
            analysis.notifyErased(result);
        rewriter.eraseOp(free);
        if (metadata && metadata->use_empty())
          rewriter.eraseOp(metadata);
      }
      frees.replace(fresh, buffer);
      analysis.notifyReplaced(fresh, buffer);
      rewriter.replaceOp(initAlloc, buffer);
      remark::passed(op->getLoc(), remark::RemarkOpts::name("InputReused")
                                       .category("linalg-reuse-dying-inputs"))
          << ("'" + op->getName().getStringRef() +
              "' writes into an input buffer that dies at it")
                 .str();
      ++numReplaced;
      break;
    }
  }
  return numReplaced;
}

unsigned mlir::linalg::reuseDyingInputs(RewriterBase &rewriter,
                                        Operation *root) {
  BufferLifetimeAnalysis analysis(root);
  bufferization::FunctionsLeftAlone leftAlone(root);
  SmallVector<Block *> blocks;
  root->walk([&](Block *block) {
    if (!leftAlone.contains(block->getParentOp()))
      blocks.push_back(block);
  });
  unsigned numReplaced = 0;
  for (Block *block : blocks) {
    SmallVector<LinalgOp> ops;
    for (auto op : block->getOps<LinalgOp>())
      if (op.hasPureBufferSemantics())
        ops.push_back(op);
    if (ops.empty())
      continue;
    BlockFrees frees(*block);
    for (LinalgOp op : ops)
      numReplaced += ::reuseDyingInputs(rewriter, op, frees, analysis);
  }
  return numReplaced;
}

namespace {
/// Lets elementwise linalg ops write into inputs that die at them.
struct LinalgReuseDyingInputsPass
    : public linalg::impl::LinalgReuseDyingInputsPassBase<
          LinalgReuseDyingInputsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned numReplaced = reuseDyingInputs(rewriter, getOperation());
    numOpsInPlace += numReplaced;
    if (numReplaced == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace
