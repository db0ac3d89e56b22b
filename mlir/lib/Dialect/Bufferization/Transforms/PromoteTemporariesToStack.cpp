//===- PromoteTemporariesToStack.cpp - Small buffers on the stack ---------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the promotion of small buffers that die in the block
// that allocates them to stack allocations, after deallocations have been
// inserted, lowered and moved to the last use of their buffers.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SCCIterator.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_PROMOTETEMPORARIESTOSTACKPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

static constexpr llvm::StringLiteral kRemarkCategory =
    "promote-temporaries-to-stack";

/// Returns the functions nested in `root` that may call themselves, directly
/// or through other functions of `root`: a stack buffer in one of them is
/// held once per active call. A function that calls a function outside of
/// `root` (the pass run per function) counts as recursive too: the pass may
/// not look into that function, which may call back.
static DenseSet<Operation *> findRecursiveFunctions(Operation *root) {
  DenseSet<Operation *> recursive;
  CallGraph callGraph(root);
  const CallGraph *graph = &callGraph;
  for (auto scc = llvm::scc_begin(graph); !scc.isAtEnd(); ++scc) {
    if (!scc.hasCycle())
      continue;
    for (const CallGraphNode *node : *scc)
      if (!node->isExternal())
        recursive.insert(node->getCallableRegion()->getParentOp());
  }
  SymbolTableCollection symbolTables;
  root->walk([&](CallOpInterface call) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    if (!callee || root->isAncestor(callee))
      return;
    if (auto function = call->getParentOfType<FunctionOpInterface>())
      recursive.insert(function);
  });
  return recursive;
}

/// Returns true if the iterations of `op`, a loop, run one after the other,
/// so that a buffer that dies within an iteration may take the same memory
/// in every iteration.
static bool isSequentialLoop(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, affine::AffineForOp>(op);
}

Region *bufferization::getStackScopeRegion(Operation *alloc) {
  for (Region *region = alloc->getParentRegion(); region;
       region = region->getParentOp()->getParentRegion()) {
    Operation *parent = region->getParentOp();
    if (isa<FunctionOpInterface, memref::AllocaScopeOp>(parent))
      return region;
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (!branch)
      return nullptr;
    bool isLoop = isa<LoopLikeOpInterface>(parent) ||
                  branch.isRepetitiveRegion(region->getRegionNumber());
    if (isLoop && !isSequentialLoop(parent))
      return nullptr;
  }
  return nullptr;
}

/// The frees of a small static buffer that may go to the stack: one
/// `memref.dealloc` later in the block of its allocation, or one in each
/// region of an `scf.if` or `scf.index_switch` later in that block, directly
/// in the region's block (where `free-buffers-at-last-use` sinks the free of a
/// buffer whose last use is the op) or, in turn, in each region of one such
/// op of that block (where it sinks the free on into the regions of a last
/// use in the region), or, where that block ends in a branch,
/// one in some of its successors whose only predecessor it is and at most
/// one guarded free in the block (`isGuardedFree`): the ownership-based
/// deallocation frees a buffer of the block of a `cf` branch in each
/// successor that uses it, and in the block, under the branch's condition,
/// for the paths on which it is dead.
struct SmallBufferFrees {
  memref::AllocOp alloc;
  SmallVector<memref::DeallocOp, 2> deallocs;
  uint64_t bytes = 0;
  /// False if its type or its frees rule the buffer out.
  bool promotable = false;
};

/// Returns true if `dealloc` is all that an `scf.if` without results and
/// without an `else` does (with the `memref.extract_strided_metadata` that
/// gives it its operand, if any): a free under a condition.
static bool isGuardedFree(memref::DeallocOp dealloc) {
  auto ifOp = dyn_cast<scf::IfOp>(dealloc->getParentOp());
  if (!ifOp || ifOp.getNumResults() != 0 || !ifOp.getElseRegion().empty())
    return false;
  Operation *metadata = dealloc.getMemref().getDefiningOp();
  return llvm::all_of(ifOp.getThenRegion().front(), [&](Operation &op) {
    return &op == dealloc || &op == metadata || isa<scf::YieldOp>(op);
  });
}

/// Returns the op of the block of `alloc` at which a buffer freed by
/// `dealloc` dies: `dealloc` itself in that block; the terminator of that
/// block, if it branches, if `dealloc` is in one of its successors in the
/// same region or is a guarded free in the block; or the op in one of whose
/// regions `dealloc` is, directly or through `scf.if` and
/// `scf.index_switch` ops nested in each other (the outermost that is not
/// in the block, if there is no op of the block around).
static Operation *getDyingOp(memref::AllocOp alloc, memref::DeallocOp dealloc) {
  Block *block = alloc->getBlock();
  if (dealloc->getBlock() == block)
    return dealloc;
  if (dealloc->getParentRegion() == alloc->getParentRegion())
    return block->getTerminator();
  Operation *parent = dealloc->getParentOp();
  if (parent->getBlock() == block && isGuardedFree(dealloc) &&
      block->getTerminator()->getNumSuccessors() != 0)
    return block->getTerminator();
  while (parent->getBlock() != block &&
         isa<scf::IfOp, scf::IndexSwitchOp>(parent) &&
         isa_and_present<scf::IfOp, scf::IndexSwitchOp>(parent->getParentOp()))
    parent = parent->getParentOp();
  return parent;
}

/// Where the frees of a buffer that dies at an `scf.if` or
/// `scf.index_switch` of its block are: per block of a region of that op or
/// of an op of the same kind nested in it, the free directly in it, or the
/// op of the block in whose regions the frees are in turn.
struct RegionFrees {
  DenseMap<Block *, Operation *> frees;
  DenseMap<Block *, Operation *> nestedOps;

  /// Records `dealloc`, nested in `dying`. Returns false if a block gets a
  /// second free or frees in a second op, or both.
  bool add(Operation *dealloc, Operation *dying) {
    if (!frees.try_emplace(dealloc->getBlock(), dealloc).second)
      return false;
    for (Operation *op = dealloc->getParentOp(); op != dying;
         op = op->getParentOp()) {
      auto [it, inserted] = nestedOps.try_emplace(op->getBlock(), op);
      if (!inserted && it->second != op)
        return false;
    }
    return true;
  }

  /// Returns true if the frees cover every run of `op` once: each region
  /// of it frees the buffer directly in its block, or in each region of
  /// the one op of its block that the same holds for, and not both.
  bool coversEveryRun(Operation *op) const {
    return llvm::all_of(op->getRegions(), [&](Region &region) {
      if (region.empty())
        return false;
      Block *body = &region.front();
      Operation *free = frees.lookup(body);
      Operation *nested = nestedOps.lookup(body);
      if (free)
        return !nested;
      return nested && coversEveryRun(nested);
    });
  }

  /// Returns true if `user`, nested in `op` (which the frees cover),
  /// runs before the free on its path: before the free of a block or the
  /// op that frees in its regions, or in that op before its free in turn.
  bool runsBeforeFree(Operation *user, Operation *op) const {
    while (true) {
      Region *region = user->getParentRegion();
      while (region->getParentOp() != op)
        region = region->getParentOp()->getParentRegion();
      Block *body = &region->front();
      Operation *inRegion = body->findAncestorOpInBlock(*user);
      if (!inRegion)
        return false;
      if (Operation *free = frees.lookup(body))
        return inRegion->isBeforeInBlock(free);
      Operation *nested = nestedOps.lookup(body);
      if (!nested)
        return false;
      if (inRegion != nested)
        return inRegion->isBeforeInBlock(nested);
      op = nested;
    }
  }
};

/// Returns the op of the allocation's block at which the buffer of `frees`
/// dies (see the overload above).
static Operation *getDyingOp(const SmallBufferFrees &frees) {
  return getDyingOp(frees.alloc, frees.deallocs.front());
}

/// Returns true if every use of the buffer of `frees` and of every value that
/// may alias it is understood (see `BufferLifetimeAnalysis::isUnderstoodUse`)
/// and runs before the buffer dies: in an op strictly between the allocation
/// and the single `memref.dealloc` in their block, or between the allocation
/// and the op in whose regions or successors the frees are, or in a region
/// or successor block of that op before its free. The frees themselves and
/// the `memref.extract_strided_metadata` ops that give them the base buffer
/// are not uses, and nothing else may free the buffer.
static bool diesInBlock(const SmallBufferFrees &frees,
                        BufferLifetimeAnalysis &analysis) {
  memref::AllocOp alloc = frees.alloc;
  Operation *dying = getDyingOp(frees);
  // The free of each region or successor block of `dying`, if the frees are
  // there (`collectSmallBufferFrees` checked that they cover every run).
  RegionFrees regionFrees;
  SmallPtrSet<Operation *, 4> freeOps;
  for (memref::DeallocOp dealloc : frees.deallocs) {
    freeOps.insert(dealloc);
    if (Operation *metadata = dealloc.getMemref().getDefiningOp())
      if (isa<memref::ExtractStridedMetadataOp>(metadata))
        freeOps.insert(metadata);
    if (dealloc == dying)
      continue;
    if (dying->hasTrait<OpTrait::IsTerminator>())
      regionFrees.frees[dealloc->getBlock()] = dealloc;
    else if (!regionFrees.add(dealloc, dying))
      return false;
  }
  return succeeded(analysis.getUseRangeInBlock(
      alloc.getResult(), *alloc->getBlock(),
      [&](OpOperand &use, Operation *ancestor) {
        Operation *user = use.getOwner();
        if (freeOps.contains(user))
          return BufferUseAction::Skip;
        if (!ancestor && dying->hasTrait<OpTrait::IsTerminator>()) {
          // In a successor block that frees it: before the free.
          Block *successor =
              alloc->getParentRegion()->findAncestorBlockInRegion(
                  *user->getBlock());
          Operation *free =
              successor ? regionFrees.frees.lookup(successor) : nullptr;
          Operation *inSuccessor =
              free ? successor->findAncestorOpInBlock(*user) : nullptr;
          if (!inSuccessor || !inSuccessor->isBeforeInBlock(free))
            return BufferUseAction::Stop;
        } else if (!ancestor || !alloc->isBeforeInBlock(ancestor)) {
          return BufferUseAction::Stop;
        } else if (ancestor == dying &&
                   dying->hasTrait<OpTrait::IsTerminator>()) {
          // The branch passes it on to a successor.
          return BufferUseAction::Stop;
        } else if (ancestor == dying) {
          // In a region of the op that frees it: before the region's free.
          if (!regionFrees.runsBeforeFree(user, dying))
            return BufferUseAction::Stop;
        } else if (!ancestor->isBeforeInBlock(dying)) {
          return BufferUseAction::Stop;
        }
        if (isa<memref::DeallocOp, memref::ReallocOp, bufferization::DeallocOp>(
                user))
          return BufferUseAction::Stop;
        auto effects = dyn_cast<MemoryEffectOpInterface>(user);
        if (effects && effects.getEffectOnValue<MemoryEffects::Free>(use.get()))
          return BufferUseAction::Stop;
        if (!analysis.isUnderstoodUse(use))
          return BufferUseAction::Stop;
        return BufferUseAction::Count;
      }));
}

/// Returns the buffer that a `memref.dealloc` of `memref` frees: the source
/// of the `memref.extract_strided_metadata` that gives its base buffer, and
/// of the `memref.cast` and `memref.reinterpret_cast` ops it is a view of
/// (`reuse-freed-buffers` frees a buffer it took over through the view it
/// made), whose allocation is the same.
static Value getFreedBuffer(Value memref) {
  Value freed = getFreedMemRef(memref);
  while (Operation *def = freed.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      freed = cast.getSource();
    else if (auto view = dyn_cast<memref::ReinterpretCastOp>(def))
      freed = view.getSource();
    else
      break;
  }
  return freed;
}

/// Returns the frees of the small static buffers of their own block under
/// `root` (see `SmallBufferFrees`), outside of the functions left alone, with
/// the bytes of each, in the order of their first free: what the IR alone
/// says, before the analyses are built.
static SmallVector<SmallBufferFrees>
collectSmallBufferFrees(Operation *root, uint64_t maxBufferBytes) {
  FunctionsLeftAlone leftAlone(root);
  SmallVector<SmallBufferFrees> candidates;
  DenseMap<Operation *, unsigned> candidateOf;
  root->walk([&](memref::DeallocOp dealloc) {
    if (leftAlone.contains(dealloc))
      return;
    auto alloc =
        getFreedBuffer(dealloc.getMemref()).getDefiningOp<memref::AllocOp>();
    // merge-alloc gave a callee this workspace where holding it during the
    // call keeps the peak; on the stack, the caller's frame would hold it
    // throughout.
    if (!alloc || alloc->hasAttr(kWorkspaceAttrName))
      return;
    // In its block, in a region of an op of its block that runs one of its
    // regions, or in a successor of its block of which it is the only
    // predecessor (a block that runs right after it, once per run of it).
    Operation *dying = getDyingOp(alloc, dealloc);
    if (dying->hasTrait<OpTrait::IsTerminator>()) {
      if (dealloc->getParentRegion() == alloc->getParentRegion() &&
          dealloc->getBlock()->getSinglePredecessor() != alloc->getBlock())
        return;
    } else if (dying != dealloc && !isa<scf::IfOp, scf::IndexSwitchOp>(dying)) {
      return;
    }
    if (dying->getBlock() != alloc->getBlock() ||
        !alloc->isBeforeInBlock(dying))
      return;
    auto [it, inserted] = candidateOf.try_emplace(alloc, candidates.size());
    if (!inserted) {
      // One more free: one per region of the same op, or per successor of
      // the same block.
      SmallBufferFrees &frees = candidates[it->second];
      if (dying == dealloc || getDyingOp(frees) != dying)
        frees.promotable = false;
      frees.deallocs.push_back(dealloc);
      return;
    }
    // Only the default memory space (`MemRefType` drops an integer 0 one)
    // is host memory that `memref.alloca` can take. A buffer with operands
    // (dynamic sizes, layout symbols) would need them defined at the start
    // of the scope.
    SmallBufferFrees &frees = candidates.emplace_back();
    frees.alloc = alloc;
    frees.deallocs.push_back(dealloc);
    MemRefType type = alloc.getType();
    if (type.getMemorySpace() || alloc->getNumOperands() != 0)
      return;
    std::optional<int64_t> bytes = getStaticByteSize(type, alloc);
    if (bytes && static_cast<uint64_t>(*bytes) <= maxBufferBytes) {
      frees.bytes = *bytes;
      frees.promotable = true;
    }
  });
  // Frees in regions or successors: exactly one in each region of the op,
  // each in the region's block or in each region of one op of it in turn,
  // or one in each successor of the block, and none in the block of the
  // allocation.
  llvm::erase_if(candidates, [](const SmallBufferFrees &frees) {
    if (!frees.promotable)
      return true;
    Operation *dying = getDyingOp(frees);
    if (dying == frees.deallocs.front())
      return frees.deallocs.size() != 1;
    SmallPtrSet<Block *, 4> blocks;
    if (dying->hasTrait<OpTrait::IsTerminator>()) {
      // At most one free in each successor, at least one successor that
      // frees, and at most one guarded free in the block. A path that frees
      // the buffer nowhere does not use it after the block (`diesInBlock`).
      unsigned numGuarded = 0;
      for (memref::DeallocOp dealloc : frees.deallocs) {
        if (dealloc->getParentRegion() != frees.alloc->getParentRegion())
          ++numGuarded;
        else if (!blocks.insert(dealloc->getBlock()).second)
          return true;
      }
      return numGuarded > 1 || blocks.empty();
    }
    RegionFrees regionFrees;
    for (memref::DeallocOp dealloc : frees.deallocs)
      if (!regionFrees.add(dealloc, dying))
        return true;
    return !regionFrees.coversEveryRun(dying);
  });
  return candidates;
}

/// Erases `deallocs`, with the metadata ops that only feed them and the
/// `scf.if` of a guarded free, which it leaves empty.
static void eraseFrees(RewriterBase &rewriter,
                       ArrayRef<memref::DeallocOp> deallocs) {
  for (memref::DeallocOp dealloc : deallocs) {
    Operation *guard =
        isGuardedFree(dealloc) ? dealloc->getParentOp() : nullptr;
    eraseDeallocAndMetadata(rewriter, dealloc);
    if (guard)
      rewriter.eraseOp(guard);
  }
}

namespace {
/// The stretch of the ops of a stack scope over which a promoted buffer is
/// alive, as positions in a pre-order walk of the scope: from its
/// allocation to the last op nested in the op of its block at which it dies.
/// The buffer lives within one run of its block, from its allocation to
/// that op, and every op between the two, with its regions, takes the
/// positions in between; a buffer whose stretch is disjoint from another's
/// is never alive at the same time as it, in any run of the function: the
/// loops and branches around both run one of the two, or both, in turn.
struct LiveStretch {
  unsigned first = 0, last = 0;
  bool overlaps(const LiveStretch &other) const {
    return first <= other.last && other.first <= last;
  }
};

/// A stack allocation and the stretches of the buffers that it holds.
struct StackSlot {
  memref::AllocaOp alloca;
  /// Disjoint, in order.
  SmallVector<LiveStretch, 2> stretches;

  /// Returns true if no buffer of the slot is alive over `stretch`.
  bool isFreeOver(const LiveStretch &stretch) {
    LiveStretch *next = findFirstEndingAtOrAfter(stretch.first);
    return next == stretches.end() || !next->overlaps(stretch);
  }

  /// Records a buffer alive over `stretch`, which `isFreeOver`.
  void hold(const LiveStretch &stretch) {
    stretches.insert(findFirstEndingAtOrAfter(stretch.first), stretch);
  }

private:
  /// Returns the first stretch held that ends at `position` or later: the
  /// only one that may overlap a stretch starting there.
  LiveStretch *findFirstEndingAtOrAfter(unsigned position) {
    return llvm::lower_bound(stretches, position,
                             [](const LiveStretch &held, unsigned position) {
                               return held.last < position;
                             });
  }
};

/// The stack slots of the promoted buffers, by scope and by type, so that a
/// buffer takes the slot of buffers of its type that are dead whenever it is
/// alive instead of a slot of its own.
class StackSlots {
public:
  /// Numbers the ops of `root` in a pre-order walk.
  explicit StackSlots(Operation *root);

  /// Returns the position of `op` in the walk of the root.
  unsigned getPosition(Operation *op) const {
    return positions.lookup(op).first;
  }

  /// Returns the stretch of the buffer of `frees`, dying at `dying`, or
  /// nullopt if it does not live within one run of its block: freed in the
  /// successors of its block.
  std::optional<LiveStretch> getStretch(const SmallBufferFrees &frees,
                                        Operation *dying) const;

  /// Returns a slot of `scope` of the type and alignment of `alloc` that
  /// holds no buffer whose stretch overlaps `stretch`, or null.
  StackSlot *findFreeSlot(Region *scope, memref::AllocOp alloc,
                          const LiveStretch &stretch);

  /// Records `alloca` as a new slot of `scope` holding a buffer alive over
  /// `stretch`.
  void addSlot(Region *scope, memref::AllocaOp alloca,
               const LiveStretch &stretch) {
    slots[{scope, alloca.getType()}].push_back({alloca, {stretch}});
  }

private:
  /// The position of each op of the root as the walk found it, and that of
  /// the last op nested in it. Rewrites do not change the order of the ops
  /// that are left.
  DenseMap<Operation *, std::pair<unsigned, unsigned>> positions;
  DenseMap<std::pair<Region *, Type>, SmallVector<StackSlot, 1>> slots;
};
} // namespace

/// At most this many slots of one type are tried per buffer, so that a
/// function with many buffers alive at once is not searched all pairs.
static constexpr unsigned kMaxSlotsTried = 16;

StackSlots::StackSlots(Operation *root) {
  unsigned next = 0;
  // The position of an op is taken before its regions are walked, and the
  // last position in it after.
  SmallVector<Operation *> open;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    while (!open.empty() && !open.back()->isProperAncestor(op)) {
      positions[open.back()].second = next - 1;
      open.pop_back();
    }
    positions[op] = {next, next};
    ++next;
    if (op->getNumRegions() != 0)
      open.push_back(op);
  });
  for (Operation *op : open)
    positions[op].second = next - 1;
}

std::optional<LiveStretch> StackSlots::getStretch(const SmallBufferFrees &frees,
                                                  Operation *dying) const {
  if (dying->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;
  auto first = positions.find(frees.alloc);
  auto last = positions.find(dying);
  if (first == positions.end() || last == positions.end())
    return std::nullopt;
  return LiveStretch{first->second.first, last->second.second};
}

StackSlot *StackSlots::findFreeSlot(Region *scope, memref::AllocOp alloc,
                                    const LiveStretch &stretch) {
  auto it = slots.find({scope, alloc.getType()});
  if (it == slots.end())
    return nullptr;
  unsigned numTried = 0;
  for (StackSlot &slot : llvm::reverse(it->second)) {
    if (++numTried > kMaxSlotsTried)
      break;
    if (slot.alloca.getAlignmentAttr() != alloc.getAlignmentAttr())
      continue;
    if (slot.isFreeOver(stretch))
      return &slot;
  }
  return nullptr;
}

/// Replaces `alloc`, whose buffer `deallocs` free and which is dead after
/// them, with a `memref.alloca` in the entry block of `scope`, and erases
/// `deallocs`: one slot of the frame, which every run of the block (each
/// iteration of a loop around it) takes again, as the buffer dies within
/// that run. Buffers moved there keep their order, after those moved before
/// them (`lastMoved`, by entry block). Returns the stack allocation.
static memref::AllocaOp moveToStack(RewriterBase &rewriter,
                                    memref::AllocOp alloc,
                                    ArrayRef<memref::DeallocOp> deallocs,
                                    Region *scope,
                                    DenseMap<Block *, Operation *> &lastMoved,
                                    BufferLifetimeAnalysis &analysis) {
  eraseFrees(rewriter, deallocs);
  Block *entry = &scope->front();
  if (alloc->getBlock() == entry)
    rewriter.setInsertionPoint(alloc);
  else if (Operation *previous = lastMoved.lookup(entry))
    rewriter.setInsertionPointAfter(previous);
  else
    rewriter.setInsertionPointToStart(entry);
  auto alloca = memref::AllocaOp::create(
      rewriter, alloc.getLoc(), alloc.getType(), alloc.getAlignmentAttr());
  if (alloc->getBlock() != entry)
    lastMoved[entry] = alloca;
  alloca->setDiscardableAttrs(alloc->getDiscardableAttrDictionary());
  analysis.notifyReplaced(alloc.getResult(), alloca.getResult());
  rewriter.replaceOp(alloc, alloca.getResult());
  return alloca;
}

/// Replaces `alloc`, whose buffer `deallocs` free and which is dead after
/// them, with `alloca`, a stack allocation of its type in the entry block of
/// its scope that holds only buffers dead whenever it is alive, and erases
/// `deallocs`. `alloca` moves to the start of the entry block if it does not
/// come before `alloc` there.
static void shareSlot(RewriterBase &rewriter, memref::AllocOp alloc,
                      ArrayRef<memref::DeallocOp> deallocs,
                      memref::AllocaOp alloca,
                      BufferLifetimeAnalysis &analysis) {
  eraseFrees(rewriter, deallocs);
  Block *entry = alloca->getBlock();
  Operation *inEntry = entry->findAncestorOpInBlock(*alloc);
  if (inEntry && !alloca->isBeforeInBlock(inEntry))
    rewriter.moveOpBefore(alloca, &entry->front());
  analysis.notifyReplaced(alloc.getResult(), alloca.getResult());
  rewriter.replaceOp(alloc, alloca.getResult());
}

StackPromotionCounts mlir::bufferization::promoteTemporariesToStack(
    RewriterBase &rewriter, Operation *root, uint64_t maxBufferBytes,
    uint64_t maxFrameBytes) {
  StackPromotionCounts counts;
  SmallVector<SmallBufferFrees> candidates =
      collectSmallBufferFrees(root, maxBufferBytes);
  if (candidates.empty())
    return counts;

  BufferLifetimeAnalysis analysis(root);
  DenseSet<Operation *> recursive = findRecursiveFunctions(root);
  // The bytes promoted so far in each function.
  DenseMap<Operation *, uint64_t> frameBytes;
  // The last stack allocation moved to the start of each entry block.
  DenseMap<Block *, Operation *> lastMoved;
  // In the order of their allocations, so that a buffer takes the slot of
  // buffers dead before it before those allocated in its lifetime ask for
  // one: first fit over stretches in order of their starts takes no more
  // slots than buffers are alive at once.
  StackSlots slots(root);
  llvm::stable_sort(candidates, [&](const SmallBufferFrees &lhs,
                                    const SmallBufferFrees &rhs) {
    return slots.getPosition(lhs.alloc) < slots.getPosition(rhs.alloc);
  });
  for (SmallBufferFrees &frees : candidates) {
    memref::AllocOp alloc = frees.alloc;
    uint64_t bytes = frees.bytes;
    Operation *function = alloc->getParentOfType<FunctionOpInterface>();
    if (!function || recursive.contains(function))
      continue;
    uint64_t &promotedInFunction = frameBytes[function];
    Region *scope = getStackScopeRegion(alloc);
    if (!scope)
      continue;
    if (!diesInBlock(frees, analysis))
      continue;

    // The buffer is dead after the deallocation, so its aliases are too.
    // It takes the slot of buffers of its type dead whenever it is alive, if
    // there is one, else a slot of its own.
    std::optional<LiveStretch> stretch =
        slots.getStretch(frees, getDyingOp(frees));
    StackSlot *slot =
        stretch ? slots.findFreeSlot(scope, alloc, *stretch) : nullptr;
    Location loc = alloc.getLoc();
    if (slot) {
      shareSlot(rewriter, alloc, frees.deallocs, slot->alloca, analysis);
      slot->hold(*stretch);
      ++counts.numShared;
    } else {
      if (promotedInFunction + bytes > maxFrameBytes)
        continue;
      memref::AllocaOp alloca = moveToStack(rewriter, alloc, frees.deallocs,
                                            scope, lastMoved, analysis);
      if (stretch)
        slots.addSlot(scope, alloca, *stretch);
      promotedInFunction += bytes;
    }
    ++counts.numBuffers;
    counts.numBytes += bytes;
    remark::passed(
        loc,
        remark::RemarkOpts::name("PromotedToStack").category(kRemarkCategory))
        << ("buffer of " + Twine(bytes) + " bytes moved to the stack" +
            (slot ? ", in the slot of a buffer dead whenever it is alive" : ""))
               .str();
  }
  return counts;
}

namespace {
/// Turns small buffers that die in their block into stack allocations.
struct PromoteTemporariesToStackPass
    : public bufferization::impl::PromoteTemporariesToStackPassBase<
          PromoteTemporariesToStackPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    StackPromotionCounts counts = promoteTemporariesToStack(
        rewriter, getOperation(), maxBufferBytes, maxFrameBytes);
    numBuffersPromoted += counts.numBuffers;
    numBytesPromoted += counts.numBytes;
    numSlotsShared += counts.numShared;
    if (counts.numBuffers == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace
