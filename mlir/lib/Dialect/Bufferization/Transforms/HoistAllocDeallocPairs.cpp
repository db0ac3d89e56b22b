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

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
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
                           const BufferLifetimeAnalysis &analysis) {
  Block *block = alloc->getBlock();
  memref::DeallocOp dealloc;
  for (Value alias : analysis.getMayAliases(alloc.getResult())) {
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

/// Returns true if `value` is defined outside of `op`.
static bool isDefinedOutside(Value value, Operation *op) {
  return !op->isAncestor(value.getParentRegion()->getParentOp());
}

/// Returns a hash of what two allocations that share one buffer have in
/// common (type, sizes, attributes); `isSameShape` tells collisions apart.
static llvm::hash_code getShapeKey(memref::AllocOp alloc) {
  return llvm::hash_combine(
      alloc.getType().getAsOpaquePointer(),
      alloc->getAttrDictionary().getAsOpaquePointer(),
      llvm::hash_combine_range(alloc->getOperands().begin(),
                               alloc->getOperands().end()));
}

/// Returns true if `a` and `b` can share one buffer.
static bool isSameShape(memref::AllocOp a, memref::AllocOp b) {
  return a.getType() == b.getType() && a->getOperands() == b->getOperands() &&
         a->getAttrDictionary() == b->getAttrDictionary();
}

namespace {
/// The allocations of the branches of `scf.if` ops, grouped by what an
/// allocation of the other branch must match to share their buffer (type,
/// sizes, attributes), each group in block order. A branch is indexed on the
/// first question about it, so that finding the partners of all allocations
/// costs time linear in their number, not quadratic.
class BranchPartners {
public:
  explicit BranchPartners(const BufferLifetimeAnalysis &analysis)
      : analysis(analysis) {}

  /// Returns the first allocation of the other branch of `ifOp` that `alloc`
  /// can share its buffer with: one of the same type, sizes and attributes,
  /// freed in its branch, whose aliases stay in the branch. The allocation
  /// returned leaves the index, and so does every candidate found unable to
  /// share: hoisting neither removes uses nor adds frees of its aliases, so
  /// it stays unable.
  std::pair<memref::AllocOp, memref::DeallocOp> take(memref::AllocOp alloc,
                                                     scf::IfOp ifOp) {
    Region *other = alloc->getParentRegion() == &ifOp.getThenRegion()
                        ? &ifOp.getElseRegion()
                        : &ifOp.getThenRegion();
    if (other->empty())
      return {};
    Block *block = &other->front();
    auto [blockIt, inserted] = groups.try_emplace(block);
    if (inserted)
      for (auto candidate : block->getOps<memref::AllocOp>())
        blockIt->second[getShapeKey(candidate)].allocs.push_back(candidate);
    auto it = blockIt->second.find(getShapeKey(alloc));
    if (it == blockIt->second.end())
      return {};
    Group &group = it->second;
    for (unsigned pos = group.first; pos < group.allocs.size(); ++pos) {
      memref::AllocOp partner = group.allocs[pos];
      if (!partner || !isSameShape(partner, alloc))
        continue;
      group.remove(pos);
      if (partner->getBlock() != block)
        continue;
      if (memref::DeallocOp dealloc =
              findDeallocInSameIteration(partner, ifOp, analysis))
        return {partner, dealloc};
    }
    return {};
  }

  /// An allocation was moved into `block`: its index is built anew on the
  /// next question about it. (Allocations are visited in walk order, so a
  /// branch takes in the allocations hoisted out of its nested ops before
  /// the other branch asks about it.)
  void notifyMovedInto(Block *block) { groups.erase(block); }

private:
  /// The candidates of one key, in block order; taken ones are null.
  struct Group {
    SmallVector<memref::AllocOp, 1> allocs;
    /// The position of the first candidate that is not null.
    unsigned first = 0;

    void remove(unsigned pos) {
      allocs[pos] = nullptr;
      while (first < allocs.size() && !allocs[first])
        ++first;
    }
  };

  const BufferLifetimeAnalysis &analysis;
  DenseMap<Block *, DenseMap<llvm::hash_code, Group>> groups;
};

/// The buffers hoisted out of the body of a sequential loop, by what an
/// allocation must match to take one (type, sizes, attributes), with the last
/// op of the body that uses their occupant. A later allocation of the body
/// that the loop would hoist too takes such a buffer instead, when it is
/// allocated after that op: the two never hold data at the same time in an
/// iteration, and the loop then holds one buffer for both instead of two.
class HoistedSlots {
public:
  explicit HoistedSlots(BufferLifetimeAnalysis &analysis)
      : analysis(analysis) {}

  /// Returns a buffer hoisted out of the loop around the block of `alloc`
  /// that `alloc` can take: its occupant's uses in the body end before
  /// `alloc`. Buffers in `erased` (taken by a branch partner since) are not
  /// offered.
  memref::AllocOp take(memref::AllocOp alloc,
                       const llvm::SmallPtrSetImpl<Operation *> &erased) {
    auto blockIt = slots.find(alloc->getBlock());
    if (blockIt == slots.end())
      return nullptr;
    auto it = blockIt->second.find(getShapeKey(alloc));
    if (it == blockIt->second.end())
      return nullptr;
    // Look at a few slots only, so that the search stays linear.
    size_t numSearched = std::min(it->second.size(), kMaxSlotsSearched);
    for (Slot &slot : llvm::make_range(it->second.rbegin(),
                                       it->second.rbegin() + numSearched)) {
      if (erased.contains(slot.buffer) || !isSameShape(slot.buffer, alloc) ||
          (slot.lastUse && !slot.lastUse->isBeforeInBlock(alloc)))
        continue;
      return slot.buffer;
    }
    return nullptr;
  }

  /// Records that `buffer`, hoisted out of the loop around `block`, holds
  /// `occupant` there, which `dealloc` frees. An occupant whose uses are not
  /// all understood, or not all in the loop, leaves the buffer out of the
  /// slots: its memory may be used later than its last visible use.
  void occupy(Block *block, memref::AllocOp buffer, Value occupant,
              memref::DeallocOp dealloc) {
    SmallVector<Slot, 1> &keySlots = slots[block][getShapeKey(buffer)];
    auto slotIt = llvm::find_if(
        keySlots, [&](const Slot &slot) { return slot.buffer == buffer; });
    std::optional<Operation *> lastUse = findLastUse(block, occupant, dealloc);
    if (!lastUse) {
      if (slotIt != keySlots.end())
        keySlots.erase(slotIt);
      return;
    }
    if (slotIt != keySlots.end())
      slotIt->lastUse = *lastUse;
    else
      keySlots.push_back({buffer, *lastUse});
  }

private:
  static constexpr size_t kMaxSlotsSearched = 8;

  struct Slot {
    memref::AllocOp buffer;
    /// The last op of the block that uses the occupant, or null if none
    /// does.
    Operation *lastUse;
  };

  /// Returns the last op of `block` that uses `buffer` or an alias, `dealloc`
  /// aside, or null if none does; nothing if a use is not understood or is
  /// outside of `block`. The pass moves only allocations and frees, so the
  /// op stays where it is.
  std::optional<Operation *> findLastUse(Block *block, Value buffer,
                                         memref::DeallocOp dealloc) {
    if (analysis.mayEscape(buffer, {dealloc.getOperation()}))
      return std::nullopt;
    FailureOr<BufferUseRange> uses = analysis.getUseRangeInBlock(
        buffer, *block, [&](OpOperand &use, Operation *ancestor) {
          if (use.getOwner() == dealloc)
            return BufferUseAction::Skip;
          if (!ancestor || isa<memref::AllocOp, memref::DeallocOp>(ancestor))
            return BufferUseAction::Stop;
          return BufferUseAction::Count;
        });
    if (failed(uses))
      return std::nullopt;
    return uses->last;
  }

  BufferLifetimeAnalysis &analysis;
  DenseMap<Block *, DenseMap<llvm::hash_code, SmallVector<Slot, 1>>> slots;
};
} // namespace

namespace {
/// Moves allocations out of branches and sequential loops, one region per
/// step, with the analyses the steps share.
class AllocDeallocHoister {
public:
  AllocDeallocHoister(RewriterBase &rewriter, Operation *root,
                      BufferLifetimeAnalysis &analysis)
      : rewriter(rewriter), analysis(analysis), partners(analysis),
        slots(analysis), allocating(root, analysis.getCallees().getOuter()) {}

  /// Hoists `alloc` out of as many regions as it can leave, unless it was
  /// erased for sharing the buffer of another allocation.
  void hoist(memref::AllocOp alloc);

  /// The number of regions left by all allocations.
  unsigned getNumHoisted() const { return numHoisted; }

private:
  /// What one step did to an allocation.
  enum class Step {
    /// It left its region; the next step may take it further.
    Moved,
    /// It left its region as a new allocation and goes no further.
    Replaced,
    /// It takes a buffer already hoisted and is erased.
    Shared,
    /// It stays where it is.
    Stopped
  };

  /// Moves `alloc` out of the region of `branchOp` (an `scf.if` or
  /// `scf.index_switch`) when that pays off.
  Step hoistOutOfBranch(memref::AllocOp alloc, Operation *branchOp);

  /// Moves `alloc` out of the sequential loop `parent`, or lets it take a
  /// buffer already hoisted out of it.
  Step hoistOutOfLoop(memref::AllocOp alloc, Operation *parent);

  /// Moves `alloc`, merge-alloc's allocation of a callee's workspace that
  /// `dealloc` frees, out of `loop`, which may run no iteration: the new
  /// allocation takes no bytes unless the loop runs.
  Step hoistGuarded(memref::AllocOp alloc, memref::DeallocOp dealloc,
                    scf::ForOp loop);

  /// Returns true if no op of the block of `alloc` before it may free a
  /// buffer and no op after `dealloc` may allocate one, looking at no more
  /// than `kMaxWindowOps` ops on either side. The block holds no more before
  /// `alloc` than at it, and no more after `dealloc` than right before it:
  /// held over the whole block, the buffer raises no peak of it.
  bool keepsPeakOverBlock(memref::AllocOp alloc, memref::DeallocOp dealloc);

  /// Returns true if no buffer of the block of `branchOp` is dead in the
  /// region of `alloc`, directly in a region of `branchOp`, when `alloc`
  /// allocates: no `memref.dealloc` among the `kMaxWindowOps` ops after
  /// `branchOp` frees a buffer whose last use in the block is `branchOp` and
  /// that no op of the region before `alloc` uses. `free-buffers-at-last-use`
  /// frees such a buffer in the region before `alloc`, because the region
  /// allocates after its last use there (`isFreedInRegions`); held over the
  /// whole of `branchOp`, `alloc`'s buffer would be held next to it.
  bool keepsPeakOverDyingBuffers(memref::AllocOp alloc, Operation *branchOp);

  /// Replaces `taken`, which `dealloc` frees, with `buffer`, which is freed
  /// elsewhere.
  void share(memref::AllocOp taken, memref::DeallocOp dealloc,
             memref::AllocOp buffer);

  RewriterBase &rewriter;
  BufferLifetimeAnalysis &analysis;
  BranchPartners partners;
  HoistedSlots slots;
  AllocatingOps allocating;
  /// Allocations erased because they share the buffer of another one.
  llvm::SmallPtrSet<Operation *, 8> erased;
  unsigned numHoisted = 0;
};
} // namespace

void AllocDeallocHoister::share(memref::AllocOp taken,
                                memref::DeallocOp dealloc,
                                memref::AllocOp buffer) {
  rewriter.eraseOp(dealloc);
  analysis.notifyReplaced(taken.getResult(), buffer.getResult());
  rewriter.replaceOp(taken, buffer.getResult());
  erased.insert(taken);
}

bool AllocDeallocHoister::keepsPeakOverBlock(memref::AllocOp alloc,
                                             memref::DeallocOp dealloc) {
  constexpr unsigned kMaxWindowOps = 64;
  Block *block = alloc->getBlock();
  if (dealloc->getBlock() != block)
    return false;
  unsigned seen = 0;
  for (Operation &op : llvm::make_range(block->begin(), alloc->getIterator()))
    if (++seen > kMaxWindowOps || freesBuffers(&op))
      return false;
  seen = 0;
  for (Operation &op :
       llvm::make_range(std::next(dealloc->getIterator()), block->end()))
    if (++seen > kMaxWindowOps || allocating.mayAllocate(&op))
      return false;
  // Nor may a free of the block between `alloc` and `dealloc` go before
  // `alloc` later: `free-buffers-at-last-use` moves it up to the last use of
  // its buffer (fuzz seed 48956: a buffer of a branch held over a temporary
  // that dies before it, 56 bytes at once instead of 32).
  seen = 0;
  for (Operation &op : llvm::make_range(std::next(alloc->getIterator()),
                                        dealloc->getIterator())) {
    auto free = dyn_cast<memref::DeallocOp>(op);
    if (!free)
      continue;
    if (++seen > kMaxWindowOps)
      return false;
    Operation *metadata = free.getMemref().getDefiningOp();
    FailureOr<BufferUseRange> uses =
        analysis.getUseRangeInBlock(getFreedMemRef(free.getMemref()), *block,
                                    [&](OpOperand &use, Operation *) {
                                      Operation *user = use.getOwner();
                                      return user == free || user == metadata
                                                 ? BufferUseAction::Skip
                                                 : BufferUseAction::Count;
                                    });
    if (!uses->last || !alloc->isBeforeInBlock(uses->last))
      return false;
  }
  return true;
}

bool AllocDeallocHoister::keepsPeakOverDyingBuffers(memref::AllocOp alloc,
                                                    Operation *branchOp) {
  constexpr unsigned kMaxWindowOps = 64;
  Block *block = branchOp->getBlock();
  Block &region = *alloc->getBlock();
  unsigned seen = 0;
  for (Operation &op :
       llvm::make_range(std::next(branchOp->getIterator()), block->end())) {
    if (++seen > kMaxWindowOps)
      return false;
    auto free = dyn_cast<memref::DeallocOp>(op);
    if (!free)
      continue;
    Value buffer = getFreedMemRef(free.getMemref());
    Operation *metadata = free.getMemref().getDefiningOp();
    FailureOr<BufferUseRange> uses = analysis.getUseRangeInBlock(
        buffer, *block, [&](OpOperand &use, Operation *) {
          Operation *user = use.getOwner();
          return user == free || user == metadata ? BufferUseAction::Skip
                                                  : BufferUseAction::Count;
        });
    if (uses->last != branchOp)
      continue;
    FailureOr<BufferUseRange> usesInRegion = analysis.getUseRangeInBlock(
        buffer, region,
        [](OpOperand &, Operation *) { return BufferUseAction::Count; });
    if (!usesInRegion->last || usesInRegion->last->isBeforeInBlock(alloc))
      return false;
  }
  return true;
}

AllocDeallocHoister::Step
AllocDeallocHoister::hoistOutOfBranch(memref::AllocOp alloc,
                                      Operation *branchOp) {
  // merge-alloc's allocation of a callee's workspace stays in its branch:
  // merge-alloc took it for held only while the branch runs.
  if (alloc->hasAttr(kWorkspaceAttrName))
    return Step::Stopped;
  // A region of a branch runs at most once: hoisting pays off when the
  // other branch of an `scf.if` can share the buffer (one allocation either
  // way), or when the branch op is in a sequential loop that the buffer can
  // leave next.
  memref::DeallocOp dealloc =
      findDeallocInSameIteration(alloc, branchOp, analysis);
  if (!dealloc)
    return Step::Stopped;
  std::pair<memref::AllocOp, memref::DeallocOp> partner;
  if (auto ifOp = dyn_cast<scf::IfOp>(branchOp))
    partner = partners.take(alloc, ifOp);
  LoopLikeOpInterface enclosingLoop =
      getSequentialLoop(branchOp->getParentOp());
  bool leavesLoopNext =
      enclosingLoop && llvm::all_of(alloc->getOperands(), [&](Value v) {
        return enclosingLoop.isDefinedOutsideOfLoop(v);
      });
  if (!partner.first && !leavesLoopNext)
    return Step::Stopped;
  // Shared with the other branch but leaving no loop, the buffer saves no
  // allocation: it moves only if held over both branches it raises neither
  // one's peak (fuzz seed 30675: a buffer held over a loop of the branch
  // that allocates, 216 bytes at once instead of 184).
  // Nor over a buffer of the block around that dies in the branch before
  // either allocation (fuzz seed 80634: a buffer of the function that one
  // arm of a lifted cf diamond does not use, 192 bytes at once instead of
  // 128).
  if (!leavesLoopNext && (!keepsPeakOverBlock(alloc, dealloc) ||
                          !keepsPeakOverBlock(partner.first, partner.second) ||
                          !keepsPeakOverDyingBuffers(alloc, branchOp) ||
                          !keepsPeakOverDyingBuffers(partner.first, branchOp)))
    return Step::Stopped;
  rewriter.moveOpBefore(alloc, branchOp);
  rewriter.moveOpAfter(dealloc, branchOp);
  partners.notifyMovedInto(alloc->getBlock());
  if (auto [partnerAlloc, partnerDealloc] = partner; partnerAlloc)
    share(partnerAlloc, partnerDealloc, alloc);
  ++numHoisted;
  return Step::Moved;
}

AllocDeallocHoister::Step
AllocDeallocHoister::hoistOutOfLoop(memref::AllocOp alloc, Operation *parent) {
  LoopLikeOpInterface loop = getSequentialLoop(parent);
  if (!loop)
    return Step::Stopped;
  memref::DeallocOp dealloc = findDeallocInSameIteration(alloc, loop, analysis);
  if (!dealloc)
    return Step::Stopped;
  Block *body = alloc->getBlock();
  if (memref::AllocOp hoisted = slots.take(alloc, erased)) {
    // A buffer already hoisted out of this loop is free from here on in the
    // iteration: the allocation takes it instead of a second one.
    slots.occupy(body, hoisted, alloc.getResult(), dealloc);
    share(alloc, dealloc, hoisted);
    ++numHoisted;
    return Step::Shared;
  }
  // merge-alloc's allocation of a callee's workspace leaves its loop only
  // where merge-alloc found that holding it over the loop keeps the peak;
  // taking a buffer already hoisted (above) adds none. Held over a loop that
  // runs no iteration, it would hold bytes that the callee never holds.
  if (alloc->hasAttr(kWorkspaceAttrName)) {
    if (!alloc->hasAttr(kHoistableWorkspaceAttrName))
      return Step::Stopped;
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    std::optional<APInt> tripCount =
        forOp ? forOp.getStaticTripCount() : std::nullopt;
    if (forOp && (!tripCount || tripCount->isZero()))
      return hoistGuarded(alloc, dealloc, forOp);
  }
  slots.occupy(body, alloc, alloc.getResult(), dealloc);
  rewriter.moveOpBefore(alloc, loop);
  rewriter.moveOpAfter(dealloc, loop);
  partners.notifyMovedInto(alloc->getBlock());
  ++numHoisted;
  return Step::Moved;
}

AllocDeallocHoister::Step
AllocDeallocHoister::hoistGuarded(memref::AllocOp alloc,
                                  memref::DeallocOp dealloc, scf::ForOp loop) {
  auto type = alloc.getType();
  if (type.getRank() != 1 || !type.hasStaticShape() ||
      !type.getLayout().isIdentity())
    return Step::Stopped;
  // %runs = arith.cmpi slt, %lb, %ub
  // %size = arith.select %runs, %c<N>, %c0
  // %buffer = memref.alloc(%size) : memref<?xi8>
  // scf.for ... {
  //   %workspace = memref.cast %buffer : memref<?xi8> to memref<Nxi8>
  // }
  // memref.dealloc %buffer
  Location loc = alloc.getLoc();
  rewriter.setInsertionPoint(loop);
  Value runs =
      arith::CmpIOp::create(rewriter, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  Value bytes =
      arith::ConstantIndexOp::create(rewriter, loc, type.getNumElements());
  Value none = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value size = arith::SelectOp::create(rewriter, loc, runs, bytes, none);
  auto bufferType =
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  auto buffer = memref::AllocOp::create(
      rewriter, loc, bufferType, ValueRange{size}, alloc.getAlignmentAttr());
  rewriter.setInsertionPoint(alloc);
  auto workspace = memref::CastOp::create(rewriter, loc, type, buffer);
  analysis.notifyReplaced(alloc.getResult(), workspace.getResult());
  analysis.notifyDerived(buffer.getResult(), workspace.getResult());
  rewriter.replaceOp(alloc, workspace.getResult());
  rewriter.setInsertionPointAfter(loop);
  memref::DeallocOp::create(rewriter, dealloc.getLoc(), buffer.getResult());
  rewriter.eraseOp(dealloc);
  ++numHoisted;
  return Step::Replaced;
}

void AllocDeallocHoister::hoist(memref::AllocOp alloc) {
  if (erased.contains(alloc))
    return;
  // Leave one region per step: the deallocation moved after the loop (or
  // the `scf.if`) is then in the block of the allocation again, one level
  // up.
  while (alloc->getParentRegion()->hasOneBlock()) {
    Operation *parent = alloc->getParentOp();
    if (!llvm::all_of(alloc->getOperands(), [&](Value size) {
          return isDefinedOutside(size, parent);
        }))
      return;
    Step step = isa<scf::IfOp, scf::IndexSwitchOp>(parent)
                    ? hoistOutOfBranch(alloc, parent)
                    : hoistOutOfLoop(alloc, parent);
    if (step != Step::Moved)
      return;
  }
}

unsigned mlir::bufferization::hoistAllocDeallocPairs(
    RewriterBase &rewriter, Operation *root, BufferLifetimeAnalysis *analysis) {
  FunctionsLeftAlone leftAlone(root);
  SmallVector<memref::AllocOp> allocs;
  root->walk([&](memref::AllocOp alloc) {
    if (!leftAlone.contains(alloc))
      allocs.push_back(alloc);
  });
  // Moving allocations creates no alias; the buffers it lets allocations
  // share and the workspaces it allocates are told to the analysis.
  std::optional<BufferLifetimeAnalysis> own;
  if (!analysis)
    analysis = &own.emplace(root);
  AllocDeallocHoister hoister(rewriter, root, *analysis);
  for (memref::AllocOp alloc : allocs)
    hoister.hoist(alloc);
  return hoister.getNumHoisted();
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

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return isFunctionOrSymbolTable(opName);
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Nothing changed: this also spares the verifier's run after the pass.
    if (hoistAllocDeallocPairs(rewriter, getOperation(),
                               &getAnalysis<BufferLifetimeAnalysis>()) == 0)
      markAllAnalysesPreserved();
    else // Kept up to date: the next pass on the function takes it.
      markAnalysesPreserved<BufferLifetimeAnalysis>();
  }
};
} // namespace
