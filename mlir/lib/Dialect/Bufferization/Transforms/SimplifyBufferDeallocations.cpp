//===- SimplifyBufferDeallocations.cpp - Dealloc simplification -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the simplifications of `bufferization.dealloc` ops that
// need alias information, with the same rewrites and, by default, the same
// alias notion as upstream's `buffer-deallocation-simplification`, but in time
// near-linear in the operands of each op.
//
// The upstream pass asks `BufferOriginAnalysis::isSameAllocation` about every
// pair of operands of a dealloc, and every query walks the view flow graph of
// both values again. A dealloc of n memrefs, as the deallocation emits at the
// end of a function of n temporaries, costs O(n^2) graph walks. Here the
// origin of each value (its view base, its terminal buffers, whether those
// are all allocations or function arguments) is computed once, and each
// dealloc gets an index of its operands by terminal buffer and by kind.
// "May `v` alias any operand" then only looks at the operands that share a
// terminal buffer with `v`, and counts the others by kind.
//
// With `confined-allocations`, an allocation that no call, store or address
// extraction reaches is also a kind of its own: it differs from every value
// that does not share a terminal buffer with it (see `AllocationOrigins`).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "AllocationOrigins.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_SIMPLIFYBUFFERDEALLOCATIONSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

namespace {

/// The blocks whose arguments the upstream block-argument rule relates to an
/// allocation by `op`: the block of `op` and every block around it, up to the
/// body of the closest op isolated from above.
template <typename Fn> static void forEachEnclosingBlock(Operation *op, Fn fn) {
  for (Block *block = op->getBlock(); block;) {
    fn(block);
    Operation *parent = block->getParentOp();
    if (!parent || parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return;
    block = parent->getBlock();
  }
}

/// An index over the memref operands (or retained memrefs) of one dealloc
/// that answers "may `v` alias an entry" without looking at every entry.
///
/// An entry whose terminal buffers are disjoint from those of `v` is a
/// different allocation exactly when the kinds of both fit
/// (`distinctByKind`); so the entries that do not fit are counted by kind, and
/// only the entries sharing a terminal buffer with `v` are looked at one by
/// one. Building the index is linear in the entries (times the nesting depth
/// of their allocations); a query costs the number of terminal buffers of `v`
/// plus the entries that share one with it.
class AliasIndex : public OriginIndex {
public:
  AliasIndex(AllocationOrigins &origins, ValueRange values)
      : OriginIndex(origins, values) {
    for (unsigned pos : llvm::seq<unsigned>(size())) {
      const Origin &entry = (*this)[pos];
      if (!entry.allFreshOrArgs && entry.argBlock)
        ++argsNotAllocsOrArgs[entry.argBlock];
      if (entry.allocOp)
        forEachEnclosingBlock(entry.allocOp, [&](Block *block) {
          ++allocsInside[block];
          if (!entry.allConfined)
            ++unconfinedAllocsInside[block];
        });
    }
  }

  /// The number of entries (except the one at `skip`) that are not known to
  /// be different allocations from `origin` by the kinds of their terminals,
  /// whether or not they share a terminal buffer with it.
  unsigned countNotDistinctByKind(const Origin &origin,
                                  std::optional<unsigned> skip) const {
    unsigned count = size();
    if (origin.allConfined)
      count = unknown().size();
    else if (origin.allFresh)
      count = notAllFreshOrArgs().size();
    else if (origin.allFreshOrArgs)
      count = notAllFresh().size();
    else if (!origin.unknown)
      count = notAllConfined().size();
    if (skip && !AllocationOrigins::distinctByKind(origin, (*this)[*skip]))
      --count;
    return count;
  }

  /// Whether `origin` may be the same allocation as an entry other than the
  /// one at `skip`, where the upstream block-argument rule counts as proof
  /// of the opposite.
  bool mayAliasAny(const Origin &origin, std::optional<unsigned> skip) const {
    auto separatedByBlockRule = [&](unsigned pos) {
      return (skip && pos == *skip) ||
             AllocationOrigins::allocInsideArgBlock(origin, (*this)[pos]);
    };
    // A confined allocation differs from every entry but the unknown ones
    // and those that share a terminal buffer with it.
    if (origin.allConfined)
      return !forEachOverlapping(origin, separatedByBlockRule);
    unsigned notDistinct = countNotDistinctByKind(origin, skip);
    // Among the entries that are not distinct by kind, those the
    // block-argument rule separates from `origin`.
    unsigned separated = 0;
    if (notDistinct != 0) {
      if (origin.allocOp && origin.allFresh) {
        forEachEnclosingBlock(origin.allocOp, [&](Block *block) {
          separated += argsNotAllocsOrArgs.lookup(block);
        });
        if (skip && !(*this)[*skip].allFreshOrArgs &&
            AllocationOrigins::allocInsideArgBlock(origin, (*this)[*skip]))
          --separated;
      } else if (origin.argBlock && !origin.allFreshOrArgs) {
        // Confined allocations are distinct by kind from a known origin, and
        // so not among the entries counted.
        const DenseMap<Block *, unsigned> &inside =
            origin.unknown ? allocsInside : unconfinedAllocsInside;
        separated = inside.lookup(origin.argBlock);
        if (skip && (origin.unknown || !(*this)[*skip].allConfined) &&
            AllocationOrigins::allocInsideArgBlock(origin, (*this)[*skip]))
          --separated;
      }
    }
    if (notDistinct > separated)
      return true;
    // Entries that share a terminal buffer may be the same allocation
    // whatever their kinds; each needs the block-argument rule.
    return !forEachOverlapping(origin, separatedByBlockRule);
  }

private:
  /// Per block, the entries that are arguments of it and not known to be
  /// allocations or function arguments.
  DenseMap<Block *, unsigned> argsNotAllocsOrArgs;
  /// Per block, the entries allocated in it or in a block nested in it, and
  /// those of them that are not confined allocations.
  DenseMap<Block *, unsigned> allocsInside;
  DenseMap<Block *, unsigned> unconfinedAllocsInside;
};

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Base of the patterns: they share one `AllocationOrigins`.
struct DeallocPattern : public OpRewritePattern<DeallocOp> {
  DeallocPattern(MLIRContext *context, AllocationOrigins &origins)
      : OpRewritePattern<DeallocOp>(context), origins(origins) {}

protected:
  AllocationOrigins &origins;
};

/// Replaces `deallocOp` with `replacements`, after detaching its memrefs and
/// conditions. When the greedy driver erases an op, it looks at the users of
/// each of its operands to decide whether to revisit the defining op, and it
/// walks past every use by the erased op itself; a dealloc of n memrefs under
/// one `true` condition would cost O(n^2) there. The detached op is still a
/// valid dealloc (of nothing).
static void replaceDeallocOp(DeallocOp deallocOp, ValueRange replacements,
                             PatternRewriter &rewriter) {
  rewriter.modifyOpInPlace(deallocOp, [&] {
    deallocOp.getMemrefsMutable().clear();
    deallocOp.getConditionsMutable().clear();
  });
  rewriter.replaceOp(deallocOp, replacements);
}

static LogicalResult replaceMemrefsIfChanged(DeallocOp deallocOp,
                                             ArrayRef<Value> memrefs,
                                             ArrayRef<Value> conditions,
                                             PatternRewriter &rewriter) {
  if (memrefs.size() == deallocOp.getMemrefs().size())
    return failure();
  rewriter.modifyOpInPlace(deallocOp, [&] {
    deallocOp.getMemrefsMutable().assign(memrefs);
    deallocOp.getConditionsMutable().assign(conditions);
  });
  return success();
}

/// Drops a memref from the dealloc list when it is the same allocation as a
/// retained memref and may alias no other retained one: it is never freed
/// here, and its condition only feeds the updated conditions of the retained
/// memrefs it is, which get an `arith.ori` with it instead.
struct DropMemrefsThatAreRetained : DeallocPattern {
  using DeallocPattern::DeallocPattern;

  LogicalResult matchAndRewrite(DeallocOp deallocOp,
                                PatternRewriter &rewriter) const override {
    // Each retained memref must have one result to update.
    ValueRange retained = deallocOp.getRetained();
    if (llvm::SmallDenseSet<Value, 8>(retained.begin(), retained.end())
            .size() != retained.size())
      return failure();

    AliasIndex index(origins, retained);
    SmallVector<Value> newMemrefs, newConditions;
    for (auto [memref, cond] :
         llvm::zip_equal(deallocOp.getMemrefs(), deallocOp.getConditions())) {
      if (succeeded(foldIntoRetained(deallocOp, index, memref, cond, rewriter)))
        continue;
      if (auto metadata =
              memref.getDefiningOp<memref::ExtractStridedMetadataOp>())
        if (succeeded(foldIntoRetained(deallocOp, index, metadata.getSource(),
                                       cond, rewriter)))
          continue;
      newMemrefs.push_back(memref);
      newConditions.push_back(cond);
    }
    return replaceMemrefsIfChanged(deallocOp, newMemrefs, newConditions,
                                   rewriter);
  }

private:
  LogicalResult foldIntoRetained(DeallocOp deallocOp, const AliasIndex &index,
                                 Value memref, Value cond,
                                 PatternRewriter &rewriter) const {
    const Origin &origin = origins.get(memref);
    // Retained memrefs without a common terminal buffer must be known to be
    // different allocations, so every one that is not must share one.
    unsigned notDistinct = index.countNotDistinctByKind(origin, std::nullopt);
    unsigned overlappingNotDistinct = 0;
    SmallVector<unsigned> same;
    bool unknown = !index.forEachOverlapping(origin, [&](unsigned pos) {
      std::optional<bool> isSame =
          AllocationOrigins::isSameAllocation(index[pos], origin);
      if (!isSame)
        return false;
      if (*isSame)
        same.push_back(pos);
      if (!AllocationOrigins::distinctByKind(origin, index[pos]))
        ++overlappingNotDistinct;
      return true;
    });
    if (unknown || notDistinct != overlappingNotDistinct || same.empty())
      return failure();

    llvm::sort(same);
    // A constant condition needs no `arith.ori`: one that folds would, when
    // the driver erases it, put this dealloc back on the worklist, once per
    // memref of a dealloc that may free thousands.
    if (matchPattern(cond, m_Zero()))
      return success();
    rewriter.setInsertionPointAfter(deallocOp);
    for (unsigned pos : same) {
      Value updated = deallocOp.getUpdatedConditions()[pos];
      if (matchPattern(cond, m_One())) {
        rewriter.replaceAllUsesWith(updated, cond);
        continue;
      }
      auto disjunction =
          arith::OrIOp::create(rewriter, deallocOp.getLoc(), updated, cond);
      rewriter.replaceAllUsesExcept(updated, disjunction.getResult(),
                                    disjunction);
    }
    return success();
  }
};

/// Drops the retained memrefs that alias no memref of the dealloc list; their
/// updated conditions are `false`.
struct DropRetainedThatAliasNoMemref : DeallocPattern {
  using DeallocPattern::DeallocPattern;

  LogicalResult matchAndRewrite(DeallocOp deallocOp,
                                PatternRewriter &rewriter) const override {
    if (deallocOp.getRetained().empty())
      return failure();
    AliasIndex index(origins, deallocOp.getMemrefs());
    SmallVector<Value> keptRetained;
    SmallVector<Value> replacements;
    Value falseValue;
    for (Value retained : deallocOp.getRetained()) {
      if (index.mayAliasAny(origins.get(retained), std::nullopt)) {
        keptRetained.push_back(retained);
        replacements.push_back(Value());
        continue;
      }
      if (!falseValue)
        falseValue = arith::ConstantOp::create(rewriter, deallocOp.getLoc(),
                                               rewriter.getBoolAttr(false));
      replacements.push_back(falseValue);
    }
    if (keptRetained.size() == deallocOp.getRetained().size())
      return failure();

    auto newDeallocOp =
        DeallocOp::create(rewriter, deallocOp.getLoc(), deallocOp.getMemrefs(),
                          deallocOp.getConditions(), keptRetained);
    unsigned next = 0;
    for (Value &replacement : replacements)
      if (!replacement)
        replacement = newDeallocOp.getUpdatedConditions()[next++];
    replaceDeallocOp(deallocOp, replacements, rewriter);
    return success();
  }
};

/// Gives each memref that may alias no other memref of the list a dealloc of
/// its own, which needs no runtime alias check among the memrefs, and
/// combines the updated conditions of all the deallocs with `arith.ori`.
/// This is the rewrite that upstream's `SplitDeallocWhenNotAliasingAnyOther`
/// performs with a query per pair of memrefs.
///
/// A split-off dealloc retains only the retained memrefs that may be the
/// same allocation as its memref: the updated condition of any other one is
/// `false` there. A function that returns thousands of buffers ends with a
/// dealloc that frees thousands and retains them all; giving every part the
/// whole retained list created a quadratic number of operands and
/// `arith.ori` ops, which `DropRetainedThatAliasNoMemref` then removed again.
struct SplitDeallocByAllocation : DeallocPattern {
  using DeallocPattern::DeallocPattern;

  LogicalResult matchAndRewrite(DeallocOp deallocOp,
                                PatternRewriter &rewriter) const override {
    if (deallocOp.getMemrefs().size() <= 1)
      return failure();
    Location loc = deallocOp.getLoc();
    AliasIndex index(origins, deallocOp.getMemrefs());
    ValueRange retained = deallocOp.getRetained();
    std::optional<OriginIndex> retainedIndex;
    SmallVector<Value> keptMemrefs, keptConditions;
    // Each split-off dealloc with the positions of the retained memrefs it
    // retains.
    SmallVector<std::pair<DeallocOp, SmallVector<unsigned>>> splitOff;
    for (auto [pos, memref, cond] :
         llvm::enumerate(deallocOp.getMemrefs(), deallocOp.getConditions())) {
      if (index.mayAliasAny(index[pos], pos)) {
        keptMemrefs.push_back(memref);
        keptConditions.push_back(cond);
        continue;
      }
      if (!retainedIndex)
        retainedIndex.emplace(origins, retained);
      SmallVector<unsigned> positions;
      retainedIndex->collectCandidates(index[pos], retained.size(), positions);
      SmallVector<Value> partRetained =
          llvm::map_to_vector(positions, [&](unsigned retainedPos) {
            return retained[retainedPos];
          });
      splitOff.emplace_back(
          DeallocOp::create(rewriter, loc, memref, cond, partRetained),
          std::move(positions));
    }
    if (splitOff.empty())
      return failure();

    auto rest =
        DeallocOp::create(rewriter, loc, keptMemrefs, keptConditions, retained);
    SmallVector<Value> replacements(rest.getUpdatedConditions());
    for (auto &[part, positions] : splitOff)
      for (auto [retainedPos, updated] :
           llvm::zip_equal(positions, part.getUpdatedConditions()))
        replacements[retainedPos] = arith::OrIOp::create(
            rewriter, loc, replacements[retainedPos], updated);
    replaceDeallocOp(deallocOp, replacements, rewriter);
    return success();
  }
};

/// When a memref freed under a constant `true` condition is the same
/// allocation as a retained memref, the updated condition of that retained
/// memref is `true`. When that holds for every retained memref, such memrefs
/// need not stay in the list: they are never freed here, and no result needs
/// them any more.
struct FoldRetainedFreedUnconditionally : DeallocPattern {
  using DeallocPattern::DeallocPattern;

  LogicalResult matchAndRewrite(DeallocOp deallocOp,
                                PatternRewriter &rewriter) const override {
    if (deallocOp.getRetained().empty())
      return failure();
    AliasIndex index(origins, deallocOp.getRetained());
    llvm::BitVector covered(deallocOp.getRetained().size());
    bool changed = false;
    SmallVector<Value> newMemrefs, newConditions;
    for (auto [memref, cond] :
         llvm::zip_equal(deallocOp.getMemrefs(), deallocOp.getConditions())) {
      bool dropped = false;
      if (matchPattern(cond, m_One())) {
        auto cover = [&](Value value) {
          for (unsigned pos : index.sameAllocation(origins.get(value))) {
            Value updated = deallocOp.getUpdatedConditions()[pos];
            if (!updated.use_empty()) {
              rewriter.replaceAllUsesWith(updated, cond);
              changed = true;
            }
            covered.set(pos);
            dropped = true;
          }
        };
        cover(memref);
        if (auto metadata =
                memref.getDefiningOp<memref::ExtractStridedMetadataOp>())
          cover(metadata.getSource());
      }
      if (!dropped) {
        newMemrefs.push_back(memref);
        newConditions.push_back(cond);
      }
    }
    if (covered.all() && succeeded(replaceMemrefsIfChanged(
                             deallocOp, newMemrefs, newConditions, rewriter)))
      return success();
    return success(changed);
  }
};

//===----------------------------------------------------------------------===//
// SimplifyBufferDeallocationsPass
//===----------------------------------------------------------------------===//

struct SimplifyBufferDeallocationsPass
    : public bufferization::impl::SimplifyBufferDeallocationsPassBase<
          SimplifyBufferDeallocationsPass> {
  using Base::Base;

  void runOnOperation() override {
    bool changed = false;
    if (failed(simplifyBufferDeallocations(getOperation(), maxOriginWalk,
                                           &changed, confinedAllocations)))
      return signalPassFailure();
    // Nothing changed: this also spares the verifier's run after the pass.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

LogicalResult mlir::bufferization::simplifyBufferDeallocations(
    Operation *root, unsigned maxOriginWalk, bool *changed,
    bool confinedAllocations) {
  if (changed)
    *changed = false;
  MLIRContext *context = root->getContext();
  AllocationOrigins origins(root, /*noAliasCallsAreFresh=*/false, maxOriginWalk,
                            confinedAllocations);
  RewritePatternSet patterns(context);
  patterns.add<DropMemrefsThatAreRetained, DropRetainedThatAliasNoMemref,
               SplitDeallocByAllocation, FoldRetainedFreedUnconditionally>(
      context, origins);
  populateDeallocOpCanonicalizationPatterns(patterns, context);

  // Rewrite the deallocs and what the patterns create (deallocs, `arith.ori`,
  // constants), and fold nothing else, so that the block structure stays as
  // the origins saw it. No pattern creates a memref value, so a cached origin
  // is never taken for that of a new value at the address of an erased one
  // (the dealloc canonicalization erases allocations freed right away).
  SmallVector<Operation *> deallocs;
  root->walk([&](DeallocOp op) { deallocs.push_back(op); });
  if (deallocs.empty())
    return success();
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(deallocs, std::move(patterns), config,
                                 changed);
}
