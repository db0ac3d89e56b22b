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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/MapVector.h"

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

/// Returns the type under which pairing matches buffers of `type`: a static
/// identity-layout memref type of rank 1 or more stands for every type of the
/// same footprint (see `haveSameFootprint`), as the flat type of its elements;
/// any other type stands for itself.
static Type getFootprintKey(Type type) {
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType || memrefType.getRank() == 0 ||
      !memrefType.hasStaticShape() || !memrefType.getLayout().isIdentity())
    return type;
  return MemRefType::get(
      {memrefType.getNumElements()}, memrefType.getElementType(),
      MemRefLayoutAttrInterface(), memrefType.getMemorySpace());
}

/// Returns `buffer` viewed as `type`. The two types have the same footprint
/// key (`getFootprintKey`): either they are equal, or both are static
/// identity-layout types of the same footprint, and the buffer is collapsed
/// to its flat type and expanded to `type`.
static Value reshapeTo(OpBuilder &builder, Location loc, Value buffer,
                       MemRefType type) {
  auto sourceType = cast<MemRefType>(buffer.getType());
  if (sourceType == type)
    return buffer;
  auto flatType = cast<MemRefType>(getFootprintKey(sourceType));
  auto allDims = [](int64_t rank) {
    return SmallVector<ReassociationIndices, 1>{
        llvm::to_vector(llvm::seq<int64_t>(0, rank))};
  };
  if (sourceType.getRank() != 1)
    buffer = memref::CollapseShapeOp::create(builder, loc, flatType, buffer,
                                             allDims(sourceType.getRank()));
  if (type.getRank() != 1)
    buffer = memref::ExpandShapeOp::create(builder, loc, type, buffer,
                                           allDims(type.getRank()));
  return buffer;
}

/// Returns true if every buffer that `value` may hold, following values
/// through `memref.cast`, reshapes (`memref.collapse_shape`,
/// `memref.expand_shape`), `arith.select`, the arguments and results of loops
/// and the results of `scf.if` and `scf.index_switch`, can stand in for
/// `alloc`: it was allocated by a `memref.alloc` of the same type, or of a
/// static type of the same footprint (a reshape of it reaches `value`), with
/// at least the alignment `alloc` asks for and, if `alloc` has dynamic sizes,
/// the same size operands. Such a buffer is exactly as large as `alloc` and
/// `value` points to its start.
static bool canStandInFor(Value value, memref::AllocOp alloc,
                          llvm::SmallDenseSet<Value> &visited) {
  SmallVector<memref::AllocOp, 2> others;
  if (!collectWholeAllocations(value, others, visited))
    return false;
  return llvm::all_of(others, [&](memref::AllocOp other) {
    if (!isAlignedFor(other, alloc))
      return false;
    if (haveSameFootprint(other.getType(), alloc.getType()))
      return true;
    return other.getType() == alloc.getType() &&
           llvm::equal(other.getDynamicSizes(), alloc.getDynamicSizes());
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
/// footprint key (`getFootprintKey`: the same type, or static identity-layout
/// types of as many elements, such as the two sides of a reshape) that is an
/// argument of `block`, so a buffer of an earlier iteration.
/// Each op is in at most one pair; the allocations that `block` does not
/// free are served first, each taking the first deallocation of its footprint
/// key whose buffers are aligned as it asks and, for dynamic sizes, all
/// allocated with the same size operands. The
/// deallocations are grouped by type, so that pairing costs time linear in
/// the ops of the block (unless allocations ask for an alignment or sizes
/// that the buffers of many deallocations lack).
static SmallVector<BufferPair> findBufferPairs(Block *block) {
  Operation *loop = block->getParentOp();
  SmallVector<memref::AllocOp> allocs;
  /// The deallocations of each footprint key in block order, taken ones
  /// null, and the position of the first that is not.
  DenseMap<Type, std::pair<SmallVector<memref::DeallocOp>, unsigned>>
      deallocsByKey;
  DenseSet<Operation *> freedInBlock;
  for (Operation &op : *block) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (isRecyclableAlloc(alloc, loop))
        allocs.push_back(alloc);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      Value freed = getFreedBuffer(dealloc);
      if (Operation *def = freed.getDefiningOp())
        freedInBlock.insert(def);
      auto arg = dyn_cast<BlockArgument>(freed);
      if (arg && arg.getOwner() == block && getIncomingValues(arg))
        deallocsByKey[getFootprintKey(arg.getType())].first.push_back(dealloc);
    }
  }
  // An allocation that the iteration frees itself can leave the loop
  // without a spare (hoist-alloc-dealloc-pairs) or take over a buffer freed
  // before it; one that outlives the iteration has only the spare. Those
  // take the spares first.
  std::stable_partition(
      allocs.begin(), allocs.end(),
      [&](memref::AllocOp alloc) { return !freedInBlock.contains(alloc); });

  SmallVector<BufferPair> pairs;
  for (memref::AllocOp alloc : allocs) {
    auto it = deallocsByKey.find(getFootprintKey(alloc.getType()));
    if (it == deallocsByKey.end())
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

/// Double-buffers the pairs of the body of `forOp`, which is replaced by the
/// new loop. Returns the number of allocations removed from the loop.
static unsigned doubleBuffer(RewriterBase &rewriter, scf::ForOp &forOp) {
  SmallVector<BufferPair> pairs = findBufferPairs(forOp.getBody());
  if (pairs.empty())
    return 0;
  SmallVector<Value> spares = createSpares(rewriter, forOp, pairs);
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, spares, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location loc, ArrayRef<BlockArgument>) {
        return llvm::map_to_vector(pairs, [&](BufferPair pair) {
          return reshapeTo(builder, loc, getFreedBuffer(pair.dealloc),
                           pair.alloc.getType());
        });
      });
  assert(succeeded(newLoop) && "scf.for always takes additional yields");
  auto newForOp = cast<scf::ForOp>(newLoop->getOperation());
  for (auto [pair, spare] : llvm::zip_equal(
           pairs, newForOp.getRegionIterArgs().take_back(pairs.size())))
    recyclePair(rewriter, pair, spare);
  freeSpares(rewriter, newForOp, pairs.size());
  reportDoubleBuffered(newForOp, pairs.size());
  forOp = newForOp;
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
static unsigned doubleBuffer(RewriterBase &rewriter, scf::WhileOp &whileOp) {
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

  scf::ConditionOp conditionOp = newWhile.getConditionOp();
  scf::YieldOp yieldOp = newWhile.getYieldOp();
  SmallVector<Value> forwarded, yielded;
  unsigned numRecycled = 0;
  for (auto [index, slot] : llvm::enumerate(slots)) {
    Value spare = spares[index];
    auto spareType = cast<MemRefType>(spare.getType());
    Value beforeSpare = before->addArgument(spareType, spare.getLoc());
    Value afterSpare = after->addArgument(spareType, spare.getLoc());
    // A freed buffer of another type of the same footprint is handed on as
    // the spare's type.
    rewriter.setInsertionPoint(conditionOp);
    forwarded.push_back(slot.before ? reshapeTo(rewriter, conditionOp.getLoc(),
                                                freedBefore[index], spareType)
                                    : beforeSpare);
    rewriter.setInsertionPoint(yieldOp);
    yielded.push_back(slot.after ? reshapeTo(rewriter, yieldOp.getLoc(),
                                             freedAfter[index], spareType)
                                 : afterSpare);
    if (slot.before)
      recyclePair(rewriter, *slot.before, beforeSpare);
    if (slot.after)
      recyclePair(rewriter, *slot.after, afterSpare);
    numRecycled +=
        static_cast<bool>(slot.before) + static_cast<bool>(slot.after);
  }
  rewriter.modifyOpInPlace(
      conditionOp, [&] { conditionOp.getArgsMutable().append(forwarded); });
  rewriter.modifyOpInPlace(
      yieldOp, [&] { yieldOp.getResultsMutable().append(yielded); });

  rewriter.replaceOp(
      whileOp, newWhile->getResults().take_front(whileOp.getNumResults()));
  freeSpares(rewriter, newWhile, slots.size());
  reportDoubleBuffered(newWhile, numRecycled);
  whileOp = newWhile;
  return numRecycled;
}

//===----------------------------------------------------------------------===//
// Conditional recycling
//===----------------------------------------------------------------------===//

namespace {
/// The allocations and deallocations of a loop body that share spare buffers
/// of one footprint key (`getFootprintKey`) through a slot: a free list of
/// length one that the loop carries. Deallocations give their buffer to the
/// slot, allocations take the buffer in it when there is one.
struct SlotSites {
  /// The type of the buffers of the slot: that of its first allocation. The
  /// sites of other types of the same footprint reshape the spare.
  MemRefType type;
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
};

/// The state of a slot at a point of the loop body: `spare` holds a buffer
/// of the slot if `valid` is true, and is undefined otherwise.
struct SlotState {
  Value spare, valid;
};

/// The sites of all slots of a loop body, and for each `scf.if` and
/// `scf.index_switch` op that contains sites, the slots whose state the op
/// changes, in increasing order.
struct LoopSlots {
  SmallVector<SlotSites> slots;
  DenseMap<Operation *, unsigned> slotOfSite;
  DenseMap<Operation *, SmallVector<unsigned, 2>> slotsOfRegionOp;
};
} // namespace

/// Collects the `memref.alloc` and `memref.dealloc` ops of `block` and of the
/// regions of the `scf.if` and `scf.index_switch` ops in it, recursively:
/// the ops that run at most once per iteration of the loop whose body
/// contains `block`.
static void
collectConditionalSites(Block *block, SmallVectorImpl<memref::AllocOp> &allocs,
                        SmallVectorImpl<memref::DeallocOp> &deallocs) {
  for (Operation &op : *block) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      allocs.push_back(alloc);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      deallocs.push_back(dealloc);
    } else if (isa<scf::IfOp, scf::IndexSwitchOp>(op)) {
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          collectConditionalSites(&nested, allocs, deallocs);
    }
  }
}

/// Appends to `guards` the arguments of `body` that `cond` implies: `cond`
/// itself, or those of the operands of the `arith.andi` it is.
static void collectImpliedArguments(Value cond, Block *body,
                                    SmallVectorImpl<BlockArgument> &guards) {
  if (auto arg = dyn_cast<BlockArgument>(cond)) {
    if (arg.getOwner() == body)
      guards.push_back(arg);
    return;
  }
  if (auto andOp = cond.getDefiningOp<arith::AndIOp>()) {
    collectImpliedArguments(andOp.getLhs(), body, guards);
    collectImpliedArguments(andOp.getRhs(), body, guards);
  }
}

/// Returns the `i1` arguments of `body`, a loop body, that are true whenever
/// `op`, nested in `body`, runs: those that the condition of an `scf.if`
/// implies, for each `scf.if` between `op` and `body` whose "then" region
/// holds `op`.
static SmallVector<BlockArgument> getGuardingArguments(Operation *op,
                                                       Block *body) {
  SmallVector<BlockArgument> guards;
  for (Operation *parent = op->getParentOp(); parent && op->getBlock() != body;
       op = parent, parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (ifOp && op->getParentRegion() == &ifOp.getThenRegion())
      collectImpliedArguments(ifOp.getCondition(), body, guards);
  }
  return guards;
}

/// Returns true if, whenever `flag` is true, every buffer that `value` may
/// hold can stand in for `alloc` (see `canStandInFor`). Where `value` and
/// `flag` are arguments of the same block of a loop, they take their values
/// on the same edges, in the same order: an edge that brings a constant
/// false flag is skipped, and the others are followed pairwise, so that a
/// buffer that enters the loop with a false ownership indicator, such as a
/// function argument, is never asked about. A pair seen before is being
/// decided by the edges it takes elsewhere.
static bool
canStandInForWhenSet(Value value, Value flag, memref::AllocOp alloc,
                     llvm::SmallDenseSet<std::pair<Value, Value>> &visitedPairs,
                     llvm::SmallDenseSet<Value> &visited) {
  if (matchPattern(flag, m_Zero()))
    return true;
  auto arg = dyn_cast<BlockArgument>(value);
  auto flagArg = dyn_cast<BlockArgument>(flag);
  if (arg && flagArg && arg.getOwner() == flagArg.getOwner()) {
    if (!visitedPairs.insert({value, flag}).second)
      return true;
    std::optional<SmallVector<Value, 2>> values = getIncomingValues(arg);
    std::optional<SmallVector<Value, 2>> flags = getIncomingValues(flagArg);
    if (values && flags && values->size() == flags->size())
      return llvm::all_of(llvm::zip_equal(*values, *flags), [&](auto edge) {
        return canStandInForWhenSet(std::get<0>(edge), std::get<1>(edge), alloc,
                                    visitedPairs, visited);
      });
  }
  return canStandInFor(value, alloc, visited);
}

/// Returns true if `dealloc` frees an argument of a loop body only when
/// another `i1` argument of the body is true (an ownership indicator the
/// loop carries, as the deallocation emits for a state that starts as a
/// buffer it does not own), and every buffer the argument holds while the
/// indicator is true can stand in for `alloc` (see `canStandInForWhenSet`).
static bool canOwnedStandInFor(memref::DeallocOp dealloc,
                               memref::AllocOp alloc) {
  auto arg = dyn_cast<BlockArgument>(getFreedBuffer(dealloc));
  Block *body = arg ? arg.getOwner() : nullptr;
  if (!body || !isa<scf::ForOp, scf::WhileOp>(body->getParentOp()) ||
      !body->getParentOp()->isProperAncestor(dealloc))
    return false;
  // Each guard is a reason of its own; each try starts afresh, since a
  // failed one may leave values it did not decide in its sets.
  return llvm::any_of(
      getGuardingArguments(dealloc, body), [&](BlockArgument flag) {
        llvm::SmallDenseSet<std::pair<Value, Value>> visitedPairs;
        llvm::SmallDenseSet<Value> visited;
        return flag != arg && flag.getType().isInteger(1) &&
               canStandInForWhenSet(arg, flag, alloc, visitedPairs, visited);
      });
}

namespace {
/// Where the ops of the bodies of a loop that may allocate are: for each
/// body, the number of such ops (directly in the body, counting what they
/// nest and call) before each position, computed once per loop.
class AllocationWaits {
public:
  explicit AllocationWaits(Operation *loop, ArrayRef<Block *> bodies)
      : bodies(bodies) {
    // Looks into no function but the loop's own (or the op isolated from
    // above that holds the loop): calls count as allocating.
    bufferization::AllocatingOps allocating(
        loop->getParentWithTrait<OpTrait::IsIsolatedFromAbove>());
    for (Block *body : bodies) {
      SmallVector<unsigned> &prefix = counts[body];
      prefix.push_back(0);
      for (Operation &op : *body) {
        positions[&op] = prefix.size() - 1;
        bool mayAllocate =
            isa<memref::AllocOp>(op) || allocating.mayAllocate(&op);
        prefix.push_back(prefix.back() + (mayAllocate ? 1 : 0));
      }
    }
  }

  /// Returns true if nothing may allocate while a spare given by `give`
  /// waits for the first of `takes`: from `give` to the end of its body
  /// (including what the op of the body that holds `give` allocates), in the
  /// other bodies if the wait goes around, and before the first take. False
  /// if the takes are in another body than `give`.
  bool isWaitFree(Operation *give, ArrayRef<memref::AllocOp> takes) const {
    Block *body = getBody(give);
    unsigned givePos = positions.lookup(getAncestorIn(give, body));
    unsigned takePos = ~0u;
    for (memref::AllocOp take : takes) {
      if (getBody(take) != body)
        return false;
      takePos = std::min(takePos, positions.lookup(getAncestorIn(take, body)));
    }
    const SmallVector<unsigned> &prefix = counts.find(body)->second;
    unsigned end = prefix.size() - 1;
    // From the op that holds `give` (which may allocate after it, in its
    // regions) on.
    if (givePos < takePos)
      return prefix[takePos] == prefix[givePos];
    if (prefix[end] != prefix[givePos] || prefix[takePos] != 0)
      return false;
    return llvm::all_of(bodies, [&](Block *other) {
      return other == body || counts.find(other)->second.back() == 0;
    });
  }

private:
  Block *getBody(Operation *op) const {
    for (Block *body : bodies)
      if (getAncestorIn(op, body))
        return body;
    return nullptr;
  }
  static Operation *getAncestorIn(Operation *op, Block *body) {
    return body->findAncestorOpInBlock(*op);
  }

  ArrayRef<Block *> bodies;
  DenseMap<Block *, SmallVector<unsigned>> counts;
  DenseMap<Operation *, unsigned> positions;
};
} // namespace

/// Finds the slots of the bodies of `loop`: for each footprint key of static
/// identity-layout types, the allocations of such types that run at most
/// once per iteration, and the deallocations in such places of buffers that
/// every allocation of the key could use in its place (see `canStandInFor`). A
/// slot needs an allocation and a deallocation, one of which is conditional:
/// pairs of unconditional ones are recycled without a slot.
static LoopSlots findLoopSlots(Operation *loop, ArrayRef<Block *> bodies) {
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  for (Block *body : bodies)
    collectConditionalSites(body, allocs, deallocs);

  // A buffer allocated and freed in the same block is a temporary of its
  // block, which `hoist-alloc-dealloc-pairs` gives one buffer for the whole
  // loop: it is better left out than competing for the spare.
  llvm::SmallPtrSet<Operation *, 8> temporaries;
  for (memref::DeallocOp dealloc : deallocs) {
    auto alloc = dealloc.getMemref().getDefiningOp<memref::AllocOp>();
    if (alloc && alloc->getBlock() == dealloc->getBlock()) {
      temporaries.insert(alloc);
      temporaries.insert(dealloc);
    }
  }

  LoopSlots result;
  std::optional<AllocationWaits> waits;
  auto getWaits = [&]() -> const AllocationWaits & {
    if (!waits)
      waits.emplace(loop, bodies);
    return *waits;
  };
  llvm::MapVector<Type, SlotSites> byKey;
  for (memref::AllocOp alloc : allocs)
    if (!temporaries.contains(alloc) && alloc.getType().hasStaticShape() &&
        isRecyclableAlloc(alloc, loop))
      byKey[getFootprintKey(alloc.getType())].allocs.push_back(alloc);
  if (byKey.empty())
    return result;
  for (memref::DeallocOp dealloc : deallocs) {
    if (temporaries.contains(dealloc))
      continue;
    Value freed = getFreedBuffer(dealloc);
    auto freedType = dyn_cast<MemRefType>(freed.getType());
    if (!freedType || !freedType.hasStaticShape())
      continue;
    auto it = byKey.find(getFootprintKey(getIdentityLayoutType(freedType)));
    if (it == byKey.end())
      continue;
    // The freed buffer must serve every allocation of the slot, which
    // differ only in their shape, of the same footprint, and the alignment
    // they ask for: it serves them all if it serves the one that asks for
    // the most.
    memref::AllocOp mostAligned = *llvm::max_element(
        it->second.allocs, [](memref::AllocOp lhs, memref::AllocOp rhs) {
          return lhs.getAlignment().value_or(0) <
                 rhs.getAlignment().value_or(0);
        });
    // A buffer freed under the loop's ownership indicator joins the slot
    // only where the spare waits for the next allocation without holding
    // memory that an allocation in between could have reused.
    llvm::SmallDenseSet<Value> visited;
    if (!canStandInFor(freed, mostAligned, visited) &&
        !(canOwnedStandInFor(dealloc, mostAligned) &&
          getWaits().isWaitFree(dealloc, it->second.allocs)))
      continue;
    it->second.deallocs.push_back(dealloc);
  }
  for (SlotSites &sites : llvm::make_second_range(byKey)) {
    if (sites.deallocs.empty())
      continue;
    auto isUnconditional = [&](Operation *op) {
      return llvm::is_contained(bodies, op->getBlock());
    };
    if (llvm::all_of(sites.allocs, isUnconditional) &&
        llvm::all_of(sites.deallocs, isUnconditional))
      continue;
    sites.type = sites.allocs.front().getType();
    unsigned index = result.slots.size();
    auto addSite = [&](Operation *op) {
      result.slotOfSite[op] = index;
      for (Operation *parent = op->getParentOp(); parent != loop;
           parent = parent->getParentOp()) {
        SmallVector<unsigned, 2> &slots = result.slotsOfRegionOp[parent];
        if (slots.empty() || slots.back() != index)
          slots.push_back(index);
      }
    };
    for (memref::AllocOp alloc : sites.allocs)
      addSite(alloc);
    for (memref::DeallocOp dealloc : sites.deallocs)
      addSite(dealloc);
    result.slots.push_back(std::move(sites));
  }
  return result;
}

/// Returns a constant i1 of value `value` before the insertion point.
static Value createBool(RewriterBase &rewriter, Location loc, bool value) {
  return arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(value));
}

/// Replaces `alloc` with the spare of `state` when the slot holds one; the
/// slot is empty afterwards.
static void takeSpare(RewriterBase &rewriter, memref::AllocOp alloc,
                      SlotState &state) {
  // An empty slot: the allocation stays.
  if (matchPattern(state.valid, m_Zero()))
    return;
  Location loc = alloc.getLoc();
  rewriter.setInsertionPoint(alloc);
  auto ifOp = scf::IfOp::create(rewriter, loc, alloc.getType(), state.valid,
                                /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(rewriter, loc,
                       reshapeTo(rewriter, loc, state.spare, alloc.getType()));
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  auto yieldOp = scf::YieldOp::create(rewriter, loc, alloc.getResult());
  rewriter.replaceAllUsesExcept(alloc.getResult(), ifOp.getResult(0), yieldOp);
  rewriter.moveOpBefore(alloc, yieldOp);
  rewriter.setInsertionPointAfter(ifOp);
  state.valid = createBool(rewriter, loc, false);
}

/// Gives the buffer that `dealloc` frees to the slot of `state` when the
/// slot is empty; otherwise the dealloc frees it.
static void giveSpare(RewriterBase &rewriter, memref::DeallocOp dealloc,
                      MemRefType type, SlotState &state) {
  Location loc = dealloc.getLoc();
  rewriter.setInsertionPoint(dealloc);
  Value freed = getFreedBuffer(dealloc);
  // A buffer freed under a more general layout is an allocation of a static
  // identity-layout type (`canStandInFor`): cast it back to that type, then
  // view it as the slot's type.
  auto freedType = cast<MemRefType>(freed.getType());
  MemRefType identityType = getIdentityLayoutType(freedType);
  if (freedType != identityType)
    freed = memref::CastOp::create(rewriter, loc, identityType, freed);
  freed = reshapeTo(rewriter, loc, freed, type);
  if (matchPattern(state.valid, m_Zero())) {
    eraseDeallocAndMetadata(rewriter, dealloc);
  } else {
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange(), state.valid,
                                  /*withElseRegion=*/false);
    rewriter.moveOpBefore(dealloc, ifOp.thenBlock()->getTerminator());
    rewriter.setInsertionPointAfter(ifOp);
    freed =
        arith::SelectOp::create(rewriter, loc, state.valid, state.spare, freed);
  }
  state.spare = freed;
  state.valid = createBool(rewriter, loc, true);
}

static void threadSlots(RewriterBase &rewriter, Block *block,
                        const LoopSlots &slots,
                        SmallVectorImpl<SlotState> &states);

/// Threads the states of the slots that `op` (an `scf.if` or
/// `scf.index_switch`) changes through its regions, and replaces it with an
/// op that also returns their states after it.
static void threadSlotsThroughRegionOp(RewriterBase &rewriter, Operation *op,
                                       const LoopSlots &slots,
                                       SmallVectorImpl<SlotState> &states) {
  SmallVector<unsigned, 2> changed = slots.slotsOfRegionOp.lookup(op);
  unsigned numResults = op->getNumResults();
  // The states at the end of each region, appended to its terminator.
  Location loc = op->getLoc();
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    SmallVector<SlotState> regionStates(states.begin(), states.end());
    threadSlots(rewriter, &region.front(), slots, regionStates);
    auto yieldOp = cast<scf::YieldOp>(region.front().getTerminator());
    rewriter.modifyOpInPlace(yieldOp, [&] {
      for (unsigned index : changed)
        yieldOp.getResultsMutable().append(
            {regionStates[index].spare, regionStates[index].valid});
    });
  }

  SmallVector<Type> resultTypes(op->getResultTypes());
  for (unsigned index : changed)
    resultTypes.append({slots.slots[index].type, rewriter.getI1Type()});
  rewriter.setInsertionPoint(op);
  Operation *newOp;
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    auto newIf =
        scf::IfOp::create(rewriter, loc, resultTypes, ifOp.getCondition(),
                          /*withElseRegion=*/false);
    rewriter.eraseBlock(newIf.thenBlock());
    rewriter.inlineRegionBefore(ifOp.getThenRegion(), newIf.getThenRegion(),
                                newIf.getThenRegion().end());
    if (ifOp.getElseRegion().empty()) {
      // A missing "else" leaves the states as they were.
      Block *elseBlock = rewriter.createBlock(&newIf.getElseRegion());
      rewriter.setInsertionPointToStart(elseBlock);
      SmallVector<Value> unchanged;
      for (unsigned index : changed)
        unchanged.append({states[index].spare, states[index].valid});
      scf::YieldOp::create(rewriter, loc, unchanged);
    } else {
      rewriter.inlineRegionBefore(ifOp.getElseRegion(), newIf.getElseRegion(),
                                  newIf.getElseRegion().end());
    }
    newOp = newIf;
  } else {
    auto switchOp = cast<scf::IndexSwitchOp>(op);
    auto newSwitch = scf::IndexSwitchOp::create(
        rewriter, loc, resultTypes, switchOp.getArg(), switchOp.getCases(),
        switchOp.getNumCases());
    for (auto [from, to] :
         llvm::zip_equal(switchOp->getRegions(), newSwitch->getRegions()))
      rewriter.inlineRegionBefore(from, to, to.end());
    newOp = newSwitch;
  }
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.replaceOp(op, newOp->getResults().take_front(numResults));
  for (auto [position, index] : llvm::enumerate(changed)) {
    unsigned resultIndex = numResults + 2 * position;
    states[index] = {newOp->getResult(resultIndex),
                     newOp->getResult(resultIndex + 1)};
  }
  rewriter.setInsertionPointAfter(newOp);
}

/// Threads the states of the slots through `block`, in program order:
/// allocations take spares, deallocations give them, and the `scf.if` and
/// `scf.index_switch` ops that contain either get the states in and out.
static void threadSlots(RewriterBase &rewriter, Block *block,
                        const LoopSlots &slots,
                        SmallVectorImpl<SlotState> &states) {
  for (Operation &op : llvm::make_early_inc_range(*block)) {
    auto site = slots.slotOfSite.find(&op);
    if (site != slots.slotOfSite.end()) {
      unsigned index = site->second;
      if (auto alloc = dyn_cast<memref::AllocOp>(op))
        takeSpare(rewriter, alloc, states[index]);
      else
        giveSpare(rewriter, cast<memref::DeallocOp>(op),
                  slots.slots[index].type, states[index]);
      continue;
    }
    if (slots.slotsOfRegionOp.contains(&op))
      threadSlotsThroughRegionOp(rewriter, &op, slots, states);
  }
}

/// Frees the spares left after `loop`, whose (spare, holds one) pairs of
/// `slots` are `results`, and reports the loop. Returns the number of
/// allocations that may take a spare.
static unsigned freeLastSpares(RewriterBase &rewriter, Operation *loop,
                               ValueRange results, const LoopSlots &slots) {
  Location loc = loop->getLoc();
  rewriter.setInsertionPointAfter(loop);
  for (unsigned index = 0; index < slots.slots.size(); ++index) {
    auto ifOp =
        scf::IfOp::create(rewriter, loc, TypeRange(), results[2 * index + 1],
                          /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    memref::DeallocOp::create(rewriter, loc, results[2 * index]);
    rewriter.setInsertionPointAfter(ifOp);
  }

  unsigned numAllocs = 0;
  for (const SlotSites &sites : slots.slots)
    numAllocs += sites.allocs.size();
  remark::passed(
      loc, remark::RemarkOpts::name("SpareCarried").category(kRemarkCategory))
      << ("carries " + Twine(slots.slots.size()) +
          " spare buffer(s) from the iterations that free one to the " +
          Twine(numAllocs) + " allocation(s) that may use one")
             .str();
  return numAllocs;
}

/// Creates, before `loop`, the initial states of `slots`: an undefined
/// spare and false, for each.
static SmallVector<Value> createEmptySlots(RewriterBase &rewriter,
                                           Operation *loop,
                                           const LoopSlots &slots) {
  Location loc = loop->getLoc();
  rewriter.setInsertionPoint(loop);
  Value noSpare = createBool(rewriter, loc, false);
  SmallVector<Value> inits;
  for (const SlotSites &sites : slots.slots)
    inits.append({ub::PoisonOp::create(rewriter, loc, sites.type), noSpare});
  return inits;
}

/// Recycles, through slots, the buffers that the body of `forOp` frees in
/// some iterations for the allocations of the same type that it makes in
/// some iterations. Each slot is a pair of iteration arguments: the spare,
/// undefined until the loop frees a buffer, and whether it holds one. The
/// spare left after the loop is freed there. Returns the number of
/// allocations that may take a spare.
static unsigned recycleConditionally(RewriterBase &rewriter, scf::ForOp forOp) {
  LoopSlots slots = findLoopSlots(forOp, {forOp.getBody()});
  if (slots.slots.empty())
    return 0;
  SmallVector<Value> inits = createEmptySlots(rewriter, forOp, slots);
  FailureOr<LoopLikeOpInterface> newLoop =
      cast<LoopLikeOpInterface>(forOp.getOperation())
          .replaceWithAdditionalIterOperands(
              rewriter, inits,
              /*replaceInitOperandUsesInLoop=*/false);
  assert(succeeded(newLoop) && "scf.for always takes additional yields");
  auto newForOp = cast<scf::ForOp>(newLoop->getOperation());

  SmallVector<SlotState> states;
  ArrayRef<BlockArgument> args =
      newForOp.getRegionIterArgs().take_back(inits.size());
  for (unsigned index = 0; index < slots.slots.size(); ++index)
    states.push_back({args[2 * index], args[2 * index + 1]});
  threadSlots(rewriter, newForOp.getBody(), slots, states);

  auto yieldOp = cast<scf::YieldOp>(newForOp.getBody()->getTerminator());
  unsigned firstSlotResult = newForOp.getNumResults() - inits.size();
  rewriter.modifyOpInPlace(yieldOp, [&] {
    for (auto [index, state] : llvm::enumerate(states)) {
      yieldOp.getResultsMutable()[firstSlotResult + 2 * index].set(state.spare);
      yieldOp.getResultsMutable()[firstSlotResult + 2 * index + 1].set(
          state.valid);
    }
  });

  return freeLastSpares(rewriter, newForOp,
                        newForOp.getResults().drop_front(firstSlotResult),
                        slots);
}

/// Recycles, through slots threaded through both regions of `whileOp`, the
/// buffers that it frees in some iterations for the allocations of the same
/// type that it makes in some iterations. The slots enter the "before"
/// region as arguments, go on to the "after" region and out of the loop
/// through `scf.condition`, and back to the "before" region through
/// `scf.yield`. Returns the number of allocations that may take a spare.
static unsigned recycleConditionally(RewriterBase &rewriter,
                                     scf::WhileOp whileOp) {
  LoopSlots slots =
      findLoopSlots(whileOp, {whileOp.getBeforeBody(), whileOp.getAfterBody()});
  if (slots.slots.empty())
    return 0;
  Location loc = whileOp.getLoc();
  SmallVector<Value> inits = createEmptySlots(rewriter, whileOp, slots);
  scf::WhileOp newWhile = createWhileWithMoreValues(
      rewriter, whileOp, inits, ValueRange(inits).getTypes());

  // Adds the arguments of the slots to `block`, threads them through it and
  // returns their states at its end.
  auto thread = [&](Block *block) {
    SmallVector<SlotState> states;
    for (const SlotSites &sites : slots.slots) {
      Value spare = block->addArgument(sites.type, loc);
      Value valid = block->addArgument(rewriter.getI1Type(), loc);
      states.push_back({spare, valid});
    }
    threadSlots(rewriter, block, slots, states);
    SmallVector<Value> values;
    for (SlotState state : states)
      values.append({state.spare, state.valid});
    return values;
  };
  SmallVector<Value> forwarded = thread(newWhile.getBeforeBody());
  scf::ConditionOp conditionOp = newWhile.getConditionOp();
  rewriter.modifyOpInPlace(
      conditionOp, [&] { conditionOp.getArgsMutable().append(forwarded); });
  SmallVector<Value> yielded = thread(newWhile.getAfterBody());
  scf::YieldOp yieldOp = newWhile.getYieldOp();
  rewriter.modifyOpInPlace(
      yieldOp, [&] { yieldOp.getResultsMutable().append(yielded); });

  unsigned numResults = whileOp.getNumResults();
  rewriter.replaceOp(whileOp, newWhile->getResults().take_front(numResults));
  return freeLastSpares(rewriter, newWhile,
                        newWhile->getResults().drop_front(numResults), slots);
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
    if (auto forOp = dyn_cast<scf::ForOp>(loop)) {
      numRecycled += doubleBuffer(rewriter, forOp);
      numRecycled += recycleConditionally(rewriter, forOp);
    } else {
      auto whileOp = cast<scf::WhileOp>(loop);
      numRecycled += doubleBuffer(rewriter, whileOp);
      numRecycled += recycleConditionally(rewriter, whileOp);
    }
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

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return isFunctionOrSymbolTable(opName);
  }

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
