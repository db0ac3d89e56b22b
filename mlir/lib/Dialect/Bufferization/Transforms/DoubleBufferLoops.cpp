//===- DoubleBufferLoops.cpp - Recycle freed loop buffers -----------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements double buffering of sequential loops after
// deallocation: a buffer that a loop region frees in every iteration, after
// getting it from the previous iteration, is carried to the next iteration
// as a spare instead, where it replaces an allocation of the same type.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_DOUBLEBUFFERLOOPSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

/// The category of the remarks of the pass.
static constexpr llvm::StringLiteral kRemarkCategory = "double-buffer-loops";

namespace {
/// An allocation in a loop region and a deallocation in the same block that
/// frees a buffer of the same type received from the previous iteration.
struct BufferPair {
  memref::AllocOp alloc;
  memref::DeallocOp dealloc;
};
} // namespace

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

/// Returns the buffer that `dealloc` frees.
static Value getFreedBuffer(memref::DeallocOp dealloc) {
  return getFreedMemRef(dealloc.getMemref());
}

/// Returns the values that the region argument `arg` of a `scf.for` or
/// `scf.while` takes, or std::nullopt for other arguments (such as an
/// induction variable).
static std::optional<SmallVector<Value, 2>>
getIncomingValues(BlockArgument arg) {
  Operation *parent = arg.getOwner()->getParentOp();
  if (!isa<scf::ForOp, scf::WhileOp>(parent))
    return std::nullopt;
  auto branchOp = cast<RegionBranchOpInterface>(parent);
  // Find how control enters the region of `arg`, to learn the position of
  // `arg` among the values it receives.
  SmallVector<RegionSuccessor> successors;
  branchOp.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  for (Region &region : parent->getRegions())
    branchOp.getSuccessorRegions(region, successors);
  for (const RegionSuccessor &successor : successors) {
    if (successor.getSuccessor() != arg.getParentRegion())
      continue;
    ValueRange inputs = successor.getSuccessorInputs();
    auto it = llvm::find(inputs, arg);
    if (it == inputs.end())
      return std::nullopt;
    SmallVector<Value, 2> values;
    branchOp.getPredecessorValues(successor, std::distance(inputs.begin(), it),
                                  values);
    return values;
  }
  return std::nullopt;
}

/// Returns true if every buffer that `value` may hold, following values
/// through the arguments of loops, can stand in for `alloc`: it was
/// allocated with at least the alignment `alloc` asks for and, if `alloc`
/// has dynamic sizes, by an allocation of the same type with the same size
/// operands.
static bool canStandInFor(Value value, memref::AllocOp alloc,
                          llvm::SmallDenseSet<Value> &visited) {
  // A value seen before is being decided by the values it takes elsewhere.
  if (!visited.insert(value).second)
    return true;
  if (auto other = value.getDefiningOp<memref::AllocOp>()) {
    if (std::optional<uint64_t> alignment = alloc.getAlignment())
      if (!other.getAlignment() || *other.getAlignment() < *alignment)
        return false;
    return alloc.getDynamicSizes().empty() ||
           (other.getType() == alloc.getType() &&
            llvm::equal(other.getDynamicSizes(), alloc.getDynamicSizes()));
  }
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  std::optional<SmallVector<Value, 2>> incoming = getIncomingValues(arg);
  return incoming && llvm::all_of(*incoming, [&](Value in) {
           return canStandInFor(in, alloc, visited);
         });
}

/// Returns true if the allocation `alloc` in a region of `loop` can be
/// served by a buffer of an earlier iteration: a whole buffer of identity
/// layout whose sizes are static or computed before the loop, so that the
/// first spare can be allocated before the loop.
static bool isRecyclableAlloc(memref::AllocOp alloc, Operation *loop) {
  MemRefType type = alloc.getType();
  return type.getLayout().isIdentity() && alloc.getSymbolOperands().empty() &&
         llvm::all_of(alloc.getDynamicSizes(), [&](Value size) {
           return !loop->isAncestor(size.getParentRegion()->getParentOp());
         });
}

/// Pairs each allocation in `block` that a buffer of an earlier iteration
/// can serve with a deallocation in `block` that frees a buffer of the same
/// type that is an argument of `block`, so a buffer of an earlier iteration.
/// Each op is in at most one pair; an allocation takes the first
/// deallocation of its type whose buffers are aligned as it asks and, for
/// dynamic sizes, all allocated with the same size operands. The
/// deallocations are grouped by type, so that pairing costs time linear in
/// the ops of the block (unless allocations ask for an alignment or sizes
/// that the buffers of many deallocations lack).
static SmallVector<BufferPair> findBufferPairs(Block *block) {
  Operation *loop = block->getParentOp();
  SmallVector<memref::AllocOp> allocs;
  /// The deallocations of each type in block order, taken ones null, and
  /// the position of the first that is not.
  DenseMap<Type, std::pair<SmallVector<memref::DeallocOp>, unsigned>>
      deallocsByType;
  for (Operation &op : *block) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (isRecyclableAlloc(alloc, loop))
        allocs.push_back(alloc);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      auto arg = dyn_cast<BlockArgument>(getFreedBuffer(dealloc));
      if (arg && arg.getOwner() == block && getIncomingValues(arg))
        deallocsByType[arg.getType()].first.push_back(dealloc);
    }
  }

  SmallVector<BufferPair> pairs;
  for (memref::AllocOp alloc : allocs) {
    auto it = deallocsByType.find(alloc.getType());
    if (it == deallocsByType.end())
      continue;
    auto &[deallocs, first] = it->second;
    // The spare stands in for `alloc`, so it must be aligned as requested
    // and, for dynamic sizes, as large.
    bool needsCheck = alloc.getAlignment() || !alloc.getDynamicSizes().empty();
    for (unsigned pos = first; pos < deallocs.size(); ++pos) {
      memref::DeallocOp dealloc = deallocs[pos];
      if (!dealloc)
        continue;
      llvm::SmallDenseSet<Value> visited;
      if (needsCheck && !canStandInFor(getFreedBuffer(dealloc), alloc, visited))
        continue;
      pairs.push_back({alloc, dealloc});
      deallocs[pos] = nullptr;
      while (first < deallocs.size() && !deallocs[first])
        ++first;
      break;
    }
  }
  return pairs;
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// Replaces `pair.alloc` with `spare` and drops `pair.dealloc`, whose buffer
/// becomes the spare of the next iteration instead.
static void recyclePair(RewriterBase &rewriter, BufferPair pair, Value spare) {
  rewriter.replaceAllUsesWith(pair.alloc.getResult(), spare);
  rewriter.eraseOp(pair.alloc);
  eraseDeallocAndMetadata(rewriter, pair.dealloc);
}

/// Allocates the first spare of each pair before `loop`.
static SmallVector<Value> createSpares(RewriterBase &rewriter, Operation *loop,
                                       ArrayRef<BufferPair> pairs) {
  rewriter.setInsertionPoint(loop);
  return llvm::map_to_vector(pairs, [&](BufferPair pair) -> Value {
    return rewriter.clone(*pair.alloc)->getResult(0);
  });
}

/// Frees the last spares, the trailing `numSpares` results of `loop`.
static void freeSpares(RewriterBase &rewriter, Operation *loop,
                       unsigned numSpares) {
  rewriter.setInsertionPointAfter(loop);
  for (Value spare : loop->getResults().take_back(numSpares))
    memref::DeallocOp::create(rewriter, loop->getLoc(), spare);
}

static void reportDoubleBuffered(Operation *loop, unsigned numPairs) {
  remark::passed(
      loop->getLoc(),
      remark::RemarkOpts::name("DoubleBuffered").category(kRemarkCategory))
      << ("recycled " + Twine(numPairs) +
          " freed buffer(s) of an earlier iteration instead of allocating")
             .str();
}

/// Double-buffers the pairs of the body of `forOp`. Returns the number of
/// allocations removed from the loop.
static unsigned doubleBuffer(RewriterBase &rewriter, scf::ForOp forOp) {
  SmallVector<BufferPair> pairs = findBufferPairs(forOp.getBody());
  if (pairs.empty())
    return 0;
  SmallVector<Value> spares = createSpares(rewriter, forOp, pairs);
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, spares, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
        return llvm::map_to_vector(pairs, [](BufferPair pair) {
          return getFreedBuffer(pair.dealloc);
        });
      });
  assert(succeeded(newLoop) && "scf.for always takes additional yields");
  auto newForOp = cast<scf::ForOp>(newLoop->getOperation());
  for (auto [pair, spare] : llvm::zip_equal(
           pairs, newForOp.getRegionIterArgs().take_back(pairs.size())))
    recyclePair(rewriter, pair, spare);
  freeSpares(rewriter, newForOp, pairs.size());
  reportDoubleBuffered(newForOp, pairs.size());
  return pairs.size();
}

namespace {
/// A spare buffer threaded through both regions of a `scf.while`, and the
/// pairs that use it: at most one per region.
struct WhileSlot {
  std::optional<BufferPair> before, after;
};
} // namespace

/// Returns true if `lhs` and `rhs` can share a spare: the buffer one frees
/// can stand in for the allocation of the other.
static bool canShareSpare(BufferPair lhs, BufferPair rhs) {
  return lhs.alloc.getType() == rhs.alloc.getType() &&
         lhs.alloc.getAlignment() == rhs.alloc.getAlignment() &&
         llvm::equal(lhs.alloc.getDynamicSizes(), rhs.alloc.getDynamicSizes());
}

/// Double-buffers the pairs of both regions of `whileOp`. Every spare is
/// threaded through the "before" arguments, the `scf.condition`, the "after"
/// arguments and the `scf.yield`. A region that owns a pair of the spare
/// uses the spare in place of the allocation and hands on the buffer it
/// freed; otherwise it passes the spare on. A pair of each region shares one
/// spare where their types allow, since the buffer that one region frees can
/// serve the allocation of the other. Returns the number of allocations
/// removed from the loop.
static unsigned doubleBuffer(RewriterBase &rewriter, scf::WhileOp whileOp) {
  SmallVector<WhileSlot> slots;
  for (BufferPair pair : findBufferPairs(whileOp.getBeforeBody()))
    slots.push_back({pair, std::nullopt});
  for (BufferPair pair : findBufferPairs(whileOp.getAfterBody())) {
    auto *it = llvm::find_if(slots, [&](const WhileSlot &slot) {
      return !slot.after && canShareSpare(*slot.before, pair);
    });
    if (it != slots.end())
      it->after = pair;
    else
      slots.push_back({std::nullopt, pair});
  }
  if (slots.empty())
    return 0;

  // The first spares, and the freed buffers read before the regions move.
  rewriter.setInsertionPoint(whileOp);
  SmallVector<Value> spares, freedBefore, freedAfter;
  for (const WhileSlot &slot : slots) {
    BufferPair first = slot.before ? *slot.before : *slot.after;
    spares.push_back(rewriter.clone(*first.alloc)->getResult(0));
    freedBefore.push_back(slot.before ? getFreedBuffer(slot.before->dealloc)
                                      : Value());
    freedAfter.push_back(slot.after ? getFreedBuffer(slot.after->dealloc)
                                    : Value());
  }

  scf::WhileOp newWhile = createWhileWithMoreValues(
      rewriter, whileOp, spares, ValueRange(spares).getTypes());
  Block *before = newWhile.getBeforeBody();
  Block *after = newWhile.getAfterBody();

  SmallVector<Value> forwarded, yielded;
  unsigned numRecycled = 0;
  for (auto [index, slot] : llvm::enumerate(slots)) {
    Value spare = spares[index];
    Value beforeSpare = before->addArgument(spare.getType(), spare.getLoc());
    Value afterSpare = after->addArgument(spare.getType(), spare.getLoc());
    forwarded.push_back(slot.before ? freedBefore[index] : beforeSpare);
    yielded.push_back(slot.after ? freedAfter[index] : afterSpare);
    if (slot.before)
      recyclePair(rewriter, *slot.before, beforeSpare);
    if (slot.after)
      recyclePair(rewriter, *slot.after, afterSpare);
    numRecycled +=
        static_cast<bool>(slot.before) + static_cast<bool>(slot.after);
  }
  scf::ConditionOp conditionOp = newWhile.getConditionOp();
  rewriter.modifyOpInPlace(
      conditionOp, [&] { conditionOp.getArgsMutable().append(forwarded); });
  scf::YieldOp yieldOp = newWhile.getYieldOp();
  rewriter.modifyOpInPlace(
      yieldOp, [&] { yieldOp.getResultsMutable().append(yielded); });

  rewriter.replaceOp(
      whileOp, newWhile->getResults().take_front(whileOp.getNumResults()));
  freeSpares(rewriter, newWhile, slots.size());
  reportDoubleBuffered(newWhile, numRecycled);
  return numRecycled;
}

unsigned mlir::bufferization::doubleBufferLoops(RewriterBase &rewriter,
                                                Operation *root) {
  FunctionsLeftAlone leftAlone(root);
  SmallVector<Operation *> loops;
  root->walk([&](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp>(op) && !leftAlone.contains(op))
      loops.push_back(op);
  });
  unsigned numRecycled = 0;
  for (Operation *loop : loops) {
    if (auto forOp = dyn_cast<scf::ForOp>(loop))
      numRecycled += doubleBuffer(rewriter, forOp);
    else
      numRecycled += doubleBuffer(rewriter, cast<scf::WhileOp>(loop));
  }
  return numRecycled;
}

//===----------------------------------------------------------------------===//
// DoubleBufferLoopsPass
//===----------------------------------------------------------------------===//

namespace {
/// Recycles the buffers that sequential loops free in every iteration.
struct DoubleBufferLoopsPass
    : public bufferization::impl::DoubleBufferLoopsPassBase<
          DoubleBufferLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned numRemoved = doubleBufferLoops(rewriter, getOperation());
    numAllocsRemoved += numRemoved;
    // Nothing changed: this also spares the verifier's run after the pass.
    if (numRemoved == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace
