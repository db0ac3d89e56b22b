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
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h"

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
using bufferization::BufferUseAction;
using bufferization::BufferUseRange;

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

namespace {
/// Where the aliases of one buffer are used in its block, found before any
/// rewrite: the first and the last op of the block that use one (or contain
/// a use), and the uses there. The free of the buffer is not a use.
struct BufferUses {
  BufferUseRange range;
  SmallVector<OpOperand *, 2> atFirst;
  SmallVector<OpOperand *, 2> atLast;
  /// Whether every use is understood and in the block; uses that are not
  /// still count for `range` if they are in the block.
  bool confined = true;
};
} // namespace

/// Finds the uses of the aliases of `buffer` in `block`, `free` and the
/// metadata op that feeds it aside.
static BufferUses collectUses(Value buffer, Block &block,
                              memref::DeallocOp free,
                              BufferLifetimeAnalysis &analysis) {
  Operation *metadata = free ? free.getMemref().getDefiningOp() : nullptr;
  BufferUses uses;
  SmallVector<std::pair<OpOperand *, Operation *>> inBlock;
  uses.range = *analysis.getUseRangeInBlock(
      buffer, block, [&](OpOperand &use, Operation *ancestor) {
        Operation *user = use.getOwner();
        if ((free && user == free) || (metadata && user == metadata))
          return BufferUseAction::Skip;
        if (!analysis.isUnderstoodUse(use))
          uses.confined = false;
        if (!ancestor)
          uses.confined = false;
        else
          inBlock.emplace_back(&use, ancestor);
        return BufferUseAction::Count;
      });
  for (auto [use, ancestor] : inBlock) {
    if (ancestor == uses.range.first)
      uses.atFirst.push_back(use);
    if (ancestor == uses.range.last)
      uses.atLast.push_back(use);
  }
  return uses;
}

/// Returns true if the buffer at `init` of `op` is fresh there: nothing uses
/// an alias of it before `op`, nor `op` elsewhere than at `init`.
static bool isFreshAt(const BufferUses &uses, LinalgOp op, OpOperand &init) {
  return uses.range.first == op && uses.atFirst.size() == 1 &&
         uses.atFirst.front() == &init;
}

/// Returns true if the buffer at `input` of `op` dies at `op`: every use of
/// an alias of it is understood and in the block, the last one is `op`, and
/// there `op` reads only the buffer itself, with the indexing map of
/// `input`, so that every iteration reads only the element it writes.
static bool diesAt(const BufferUses &uses, LinalgOp op, OpOperand &input) {
  if (!uses.confined || uses.range.last != op)
    return false;
  AffineMap map = op.getMatchingIndexingMap(&input);
  return llvm::all_of(uses.atLast, [&](OpOperand *use) {
    return use->getOwner() == op && use->get() == input.get() &&
           op.isDpsInput(use) && op.getMatchingIndexingMap(use) == map;
  });
}

/// Returns true if the buffer of `input` can stand for the buffer of `init`
/// everywhere: the same type, the same dynamic sizes, and at least the
/// alignment `init` asks for.
static bool canStandFor(memref::AllocOp input, memref::AllocOp init) {
  if (input.getType() != init.getType() ||
      !llvm::equal(input.getDynamicSizes(), init.getDynamicSizes()) ||
      !llvm::equal(input.getSymbolOperands(), init.getSymbolOperands()))
    return false;
  return bufferization::isAlignedFor(input, init);
}

namespace {
/// The inits of an op that are fresh there and its inputs that die there,
/// found before any rewrite of the block.
struct Candidates {
  LinalgOp op;
  SmallVector<OpOperand *, 2> freshInits;
  SmallVector<OpOperand *, 2> dyingInputs;
};
} // namespace

/// Returns the allocation of `value` if it is in `block`.
static memref::AllocOp getAllocIn(Value value, Block &block) {
  auto alloc = value.getDefiningOp<memref::AllocOp>();
  return alloc && alloc->getBlock() == &block ? alloc : nullptr;
}

/// Finds the candidates of the elementwise ops of `block`. The uses of each
/// buffer are collected once, so that the cost is linear in the uses.
static SmallVector<Candidates>
findCandidates(Block &block, const BlockFrees &frees,
               BufferLifetimeAnalysis &analysis) {
  DenseMap<Value, BufferUses> usesOf;
  auto getUses = [&](Value buffer) -> const BufferUses & {
    auto [it, inserted] = usesOf.try_emplace(buffer);
    if (inserted)
      it->second = collectUses(buffer, block, frees.lookup(buffer), analysis);
    return it->second;
  };
  SmallVector<Candidates> result;
  for (auto op : block.getOps<LinalgOp>()) {
    if (!op.hasPureBufferSemantics())
      continue;
    Candidates candidates{op, {}, {}};
    for (OpOperand &init : op.getDpsInitsMutable())
      if (getAllocIn(init.get(), block) && isElementwiseInit(op, init) &&
          isFreshAt(getUses(init.get()), op, init))
        candidates.freshInits.push_back(&init);
    if (candidates.freshInits.empty())
      continue;
    for (OpOperand *input : op.getDpsInputOperands())
      if (getAllocIn(input->get(), block) &&
          diesAt(getUses(input->get()), op, *input))
        candidates.dyingInputs.push_back(input);
    if (!candidates.dyingInputs.empty())
      result.push_back(std::move(candidates));
  }
  return result;
}

/// Lets the op of `candidates` write into dying inputs instead of fresh
/// inits, each input taken by one init at most. The facts found before any
/// rewrite still hold: a buffer that took an earlier init's place has no
/// use between that init's last use and its own, so it dies where the init
/// died. Returns the number of inits replaced.
static unsigned reuseDyingInputs(RewriterBase &rewriter, Candidates &candidates,
                                 BlockFrees &frees) {
  LinalgOp op = candidates.op;
  Block &block = *op->getBlock();
  unsigned numReplaced = 0;
  for (OpOperand *init : candidates.freshInits) {
    memref::AllocOp initAlloc = getAllocIn(init->get(), block);
    AffineMap map = op.getMatchingIndexingMap(init);
    for (OpOperand *&input : candidates.dyingInputs) {
      if (!input || op.getMatchingIndexingMap(input) != map)
        continue;
      Value buffer = input->get();
      memref::AllocOp inputAlloc = getAllocIn(buffer, block);
      if (!inputAlloc || !canStandFor(inputAlloc, initAlloc))
        continue;
      // Before the deallocation, the input has no free yet; after it, its
      // free comes after the op (its last use), and goes away.
      memref::DeallocOp free = frees.lookup(buffer);
      if (free && !op->isBeforeInBlock(free))
        continue;
      if (free)
        bufferization::eraseDeallocAndMetadata(rewriter, free);

      // The input's buffer takes the place of the init's from the op on:
      // nothing used the init before, and nothing uses the input after.
      frees.replace(initAlloc.getResult(), buffer);
      rewriter.replaceOp(initAlloc, buffer);
      input = nullptr;
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

/// Returns true if `op` may have candidates: an elementwise init and an
/// input, each allocated in the block of `op`. Checks nothing that needs
/// the analyses, so that a root without such an op costs one walk.
static bool mayHaveCandidates(LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return false;
  Block &block = *op->getBlock();
  return llvm::any_of(op.getDpsInitsMutable(),
                      [&](OpOperand &init) {
                        return getAllocIn(init.get(), block) &&
                               isElementwiseInit(op, init);
                      }) &&
         llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
           return getAllocIn(input->get(), block);
         });
}

unsigned mlir::linalg::reuseDyingInputs(RewriterBase &rewriter,
                                        Operation *root) {
  bool mayReuse = false;
  root->walk([&](LinalgOp op) {
    mayReuse = mayHaveCandidates(op);
    return mayReuse ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!mayReuse)
    return 0;
  BufferLifetimeAnalysis analysis(root);
  bufferization::FunctionsLeftAlone leftAlone(root);
  SmallVector<Block *> blocks;
  root->walk([&](Block *block) {
    if (!leftAlone.contains(block->getParentOp()))
      blocks.push_back(block);
  });
  unsigned numReplaced = 0;
  for (Block *block : blocks) {
    BlockFrees frees(*block);
    SmallVector<Candidates> candidates =
        findCandidates(*block, frees, analysis);
    for (Candidates &opCandidates : candidates)
      numReplaced += ::reuseDyingInputs(rewriter, opCandidates, frees);
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
