//===- BufferLifetimes.cpp - Shorter buffer lifetimes and their reuse -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements three passes on the lifetimes of buffers within a
// block, after deallocations have been lowered: one moves each
// `memref.dealloc` up to right after the last use of the buffer and its
// aliases, one removes copies between a buffer that dies at the copy and a
// fresh one, and one lets a later allocation of the same size take over a
// freed buffer instead of asking the allocator for a new one.
//
//===----------------------------------------------------------------------===//

#include "AllocationOrigins.h"
#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Bufferization/Transforms/HeldBytesTree.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <limits>
#include <optional>
#include <queue>

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_FREEBUFFERSATLASTUSEPASS
#define GEN_PASS_DEF_REUSEFREEDBUFFERSPASS
#define GEN_PASS_DEF_ELIDEBUFFERCOPIESPASS
#define GEN_PASS_DEF_SUMMARIZECALLEEBUFFERSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns true if an alias of `buffer` is used by an op other than those in
/// `ignored`, either outside of `block` or such that `isInRange` accepts the
/// user and its ancestor in `block`.
static bool
hasUseIn(Value buffer, Block *block, ArrayRef<Operation *> ignored,
         function_ref<bool(OpOperand &use, Operation *ancestor)> isInRange,
         BufferLifetimeAnalysis &analysis) {
  return failed(analysis.getUseRangeInBlock(
      buffer, *block, [&](OpOperand &use, Operation *ancestor) {
        if (llvm::is_contained(ignored, use.getOwner()))
          return BufferUseAction::Skip;
        if (!ancestor || isInRange(use, ancestor))
          return BufferUseAction::Stop;
        return BufferUseAction::Skip;
      }));
}

/// Returns true if an alias of `buffer` is used strictly between `from` and
/// `to` (ops of one block) by an op other than those in `ignored`, or
/// outside of their block.
static bool hasUseBetween(Value buffer, Operation *from, Operation *to,
                          ArrayRef<Operation *> ignored,
                          BufferLifetimeAnalysis &analysis) {
  return hasUseIn(
      buffer, from->getBlock(), ignored,
      [&](OpOperand &, Operation *ancestor) {
        return from->isBeforeInBlock(ancestor) && ancestor->isBeforeInBlock(to);
      },
      analysis);
}

/// Returns true if an alias of `buffer` is used after `op` by an op other
/// than those in `ignored`, or outside of the block of `op`.
static bool hasUseAfter(Value buffer, Operation *op,
                        ArrayRef<Operation *> ignored,
                        BufferLifetimeAnalysis &analysis) {
  return hasUseIn(
      buffer, op->getBlock(), ignored,
      [&](OpOperand &, Operation *ancestor) {
        return op->isBeforeInBlock(ancestor);
      },
      analysis);
}

/// Erases `dealloc` and the metadata op that only feeds it, and tells
/// `analysis`, so that no link leads to an erased value.
static void eraseFree(RewriterBase &rewriter, memref::DeallocOp dealloc,
                      BufferLifetimeAnalysis &analysis) {
  auto metadata =
      dealloc.getMemref().getDefiningOp<memref::ExtractStridedMetadataOp>();
  if (metadata && metadata->hasOneUse())
    for (Value result : metadata->getResults())
      analysis.notifyErased(result);
  eraseDeallocAndMetadata(rewriter, dealloc);
}

/// Returns true if `op` is a plain free: a deallocation, or a metadata op
/// whose results only feed deallocations.
static bool isPlainFree(Operation *op) {
  if (isa<memref::DeallocOp>(op))
    return true;
  return isa<memref::ExtractStridedMetadataOp>(op) &&
         llvm::all_of(op->getUsers(), llvm::IsaPred<memref::DeallocOp>);
}

//===----------------------------------------------------------------------===//
// Free at last use
//===----------------------------------------------------------------------===//

namespace {
/// A free under runtime alias checks, as the lowering of
/// `bufferization.dealloc` emits it: an `scf.if` without results or `else`
/// whose body only frees buffers defined outside of it (the guard), and the
/// ops of its block that do nothing but compute its condition or the freed
/// base buffers from the addresses of buffers. These ops read no buffer's
/// contents, their integers reach nothing but the guard, and their values do
/// not depend on where they run, so they move with the guard. They still
/// count as uses of the buffers whose addresses they read for every other
/// free: a buffer freed before they compare its address with that of a
/// later allocation could compare equal to it.
struct GuardedFree {
  scf::IfOp guard;
  /// The ops that compute the condition and the freed values, in block
  /// order, and the guard last.
  SmallVector<Operation *> ops;
};
} // namespace

/// Returns true if `op` may compute the condition of a guarded free from
/// addresses of buffers and constants, or a base buffer it frees.
static bool isAddressComputation(Operation *op) {
  return isa<memref::ExtractStridedMetadataOp,
             memref::ExtractAlignedPointerAsIndexOp, arith::ConstantOp,
             arith::CmpIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op);
}

/// Adds to `ancestors` the ops of the block of `end` that hold the
/// comparisons of the address `user` reads (see
/// `BufferLifetimeAnalysis::getAddressComparisons`), an address used up to
/// the last of them. Returns false if `user` does more with the address, or
/// a comparison is not in an op of the block before `end`, or is one of
/// `excluded`.
static bool addComparisonsBefore(Operation *user, Operation *end,
                                 const SmallPtrSetImpl<Operation *> *excluded,
                                 SmallVectorImpl<Operation *> &ancestors) {
  std::optional<SmallVector<Operation *>> comparisons =
      BufferLifetimeAnalysis::getAddressComparisons(user);
  if (!comparisons)
    return false;
  for (Operation *comparison : *comparisons) {
    Operation *ancestor = end->getBlock()->findAncestorOpInBlock(*comparison);
    if (!ancestor || !ancestor->isBeforeInBlock(end) ||
        (excluded && excluded->contains(comparison)))
      return false;
    ancestors.push_back(ancestor);
  }
  return true;
}

/// Returns the guarded free of `guard`, if it is the guard of one. The ops
/// of other guarded frees are in `taken`, and so are those of this one on
/// return. `shared` holds the ops found to have a user outside of the
/// guarded free that looked at them: such an op cannot join any guarded
/// free, since that user belongs to the one that looked, so each op is
/// looked at once in all.
static std::optional<GuardedFree>
getGuardedFree(scf::IfOp guard, DenseSet<Operation *> &taken,
               DenseSet<Operation *> &shared) {
  if (guard->getNumResults() != 0 || !guard.getElseRegion().empty())
    return std::nullopt;
  Block *body = guard.thenBlock();
  if (!llvm::all_of(body->without_terminator(), [&](Operation &op) {
        auto free = dyn_cast<memref::DeallocOp>(op);
        return free && free.getMemref().getParentBlock() != body;
      }))
    return std::nullopt;

  // Take the ops that compute the guard's operands, latest first: an op
  // joins once every user of its results is the guard, an op in its body or
  // an op that joined, and all of those come after it in the block.
  Block *block = guard->getBlock();
  SmallPtrSet<Operation *, 8> members;
  members.insert(guard);
  auto isMemberUse = [&](OpOperand &use) {
    return members.contains(use.getOwner()) ||
           guard->isProperAncestor(use.getOwner());
  };
  auto later = [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); };
  std::priority_queue<Operation *, SmallVector<Operation *>, decltype(later)>
      candidates(later);
  SmallPtrSet<Operation *, 8> queued;
  auto enqueueDefs = [&](Operation *op) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def && def->getBlock() == block && !taken.contains(def) &&
            !shared.contains(def) && isAddressComputation(def) &&
            queued.insert(def).second)
          candidates.push(def);
      }
    });
  };
  enqueueDefs(guard);
  while (!candidates.empty()) {
    Operation *op = candidates.top();
    candidates.pop();
    if (!llvm::all_of(op->getUses(), isMemberUse)) {
      shared.insert(op);
      continue;
    }
    members.insert(op);
    enqueueDefs(op);
  }

  GuardedFree free{guard, {}};
  for (Operation *op : members)
    free.ops.push_back(op);
  llvm::sort(free.ops, later);
  taken.insert(free.ops.begin(), free.ops.end());
  return free;
}

/// Returns the last op of the block of `region` that uses a value of
/// `aliases` or defines one, or null if there is none. The uses must all be
/// understood.
static Operation *
getLastUseInRegion(const BufferLifetimeAnalysis::ValueSetT &aliases,
                   Region &region) {
  Block &body = region.front();
  SmallVector<Operation *> comparisons;
  FailureOr<BufferUseRange> range = BufferLifetimeAnalysis::getUseRangeInBlock(
      aliases, body,
      [&](OpOperand &use, Operation *) {
        if (auto compared =
                BufferLifetimeAnalysis::getAddressComparisons(use.getOwner()))
          llvm::append_range(comparisons, *compared);
        return BufferUseAction::Count;
      },
      [](Operation *, Operation *) { return BufferUseAction::Count; });
  for (Operation *comparison : comparisons)
    if (Operation *ancestor = body.findAncestorOpInBlock(*comparison))
      range->include(ancestor);
  return range->last;
}

/// Returns true if a buffer whose values are `aliases` and whose last use is
/// `lastUse` is freed in the regions of `lastUse` by `sinkIntoRegions`
/// (`isFreedInRegions`).
static bool
isFreedInRegionsOf(Operation *lastUse,
                   const BufferLifetimeAnalysis::ValueSetT &aliases,
                   DenseMap<Region *, Operation *> &lastAllocating) {
  if (!isa<scf::IfOp, scf::IndexSwitchOp>(lastUse))
    return false;
  return isFreedInRegions(
      lastUse, [&](Value value) { return aliases.contains(value); },
      [&](Region &region) { return getLastUseInRegion(aliases, region); },
      &lastAllocating);
}

/// Frees the buffer of `dealloc` in each region of `lastUse`, the last use of
/// the buffer and its aliases, instead of after it, if `isFreedInRegions`
/// holds: the buffer then dies right at the start of a region that does not
/// use it (an `scf.if` without results and without an `else` gets one), and
/// after its last use in a region that uses it. Ownership-based deallocation
/// frees a buffer used in one branch of a `cf` diamond before the branches, on
/// the path through the other one, and after its last use in the branch that
/// uses it, but one used in a region of an `scf.if` only after the `scf.if`,
/// over what the regions allocate. Where no region allocates after the buffer
/// is dead in it, the free stays after `lastUse`, where a later allocation of
/// the block may take its buffer over. Where the last use in a region is an
/// op of the same kind, the free goes on into its regions if that holds
/// for it. `lastAllocating` caches the last op of
/// a region's block that may allocate. Returns true if it sank `dealloc`,
/// which it erases (the metadata op that fed it stays, dead, for the
/// canonicalizer).
static bool sinkIntoRegions(RewriterBase &rewriter, memref::DeallocOp dealloc,
                            Operation *lastUse,
                            BufferLifetimeAnalysis &analysis,
                            DenseMap<Region *, Operation *> &lastAllocating) {
  if (!isa<scf::IfOp, scf::IndexSwitchOp>(lastUse))
    return false;
  auto metadata =
      dealloc.getMemref().getDefiningOp<memref::ExtractStridedMetadataOp>();
  Value buffer = metadata ? metadata.getSource() : dealloc.getMemref();
  BufferLifetimeAnalysis::ValueSetT aliases = analysis.getMayAliases(buffer);
  if (!isFreedInRegionsOf(lastUse, aliases, lastAllocating))
    return false;

  for (Region &region : lastUse->getRegions()) {
    Operation *last =
        region.empty() ? nullptr : getLastUseInRegion(aliases, region);
    // The `else` of an `scf.if` without results, which it did not have.
    if (region.empty()) {
      Block *body = rewriter.createBlock(&region);
      scf::YieldOp::create(rewriter, lastUse->getLoc());
      rewriter.setInsertionPointToStart(body);
    } else if (last) {
      rewriter.setInsertionPointAfter(last);
    } else {
      rewriter.setInsertionPointToStart(&region.front());
    }
    Value freed = buffer;
    if (metadata) {
      auto copy = memref::ExtractStridedMetadataOp::create(
          rewriter, metadata.getLoc(), buffer);
      freed = copy.getBaseBuffer();
      analysis.notifyDerived(buffer, freed);
    }
    auto free = memref::DeallocOp::create(rewriter, dealloc.getLoc(), freed);
    // A last use in the region that runs one of its regions in turn.
    if (last)
      sinkIntoRegions(rewriter, free, last, analysis, lastAllocating);
  }
  remark::passed(dealloc.getLoc(), remark::RemarkOpts::name("FreedInRegions")
                                       .category("free-buffers-at-last-use"))
      << ("buffer freed in each region of '" +
          lastUse->getName().getStringRef() + "', its last use")
             .str();
  rewriter.eraseOp(dealloc);
  return true;
}

/// Returns true if `user` runs before `op` whenever both run: an op of a
/// block around `op` holds it and comes before the op of that block that
/// holds `op`.
static bool runsBefore(Operation *user, Operation *op) {
  for (Operation *anchor = op; anchor; anchor = anchor->getParentOp()) {
    Block *block = anchor->getBlock();
    if (!block)
      return false;
    if (Operation *ancestor = block->findAncestorOpInBlock(*user))
      return ancestor != anchor && ancestor->isBeforeInBlock(anchor);
  }
  return false;
}

/// Returns true if `value` exists before `op` runs: an argument of a block
/// around `op`, or the result of an op that runs before it.
static bool existsBefore(Value value, Operation *op) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->findAncestorOpInBlock(*op) != nullptr;
  return runsBefore(value.getDefiningOp(), op);
}

/// Returns true if `op` may run more than once per run of its function: in
/// a loop-like op or a cycle of blocks, or in a region that its op may run
/// again.
static bool mayRunAgain(Operation *op) {
  return LoopLikeOpInterface::blockIsInLoop(op->getBlock()) ||
         getEnclosingRepetitiveRegion(op) != nullptr;
}

/// Returns true if `use` of `alias`, an alias of a buffer freed in `block`,
/// outside of `block`, leaves the free free to move up in `block`. That
/// holds where `block` is the body of a region of an `scf.if` or
/// `scf.index_switch` op, which runs one region once when the op runs, and
/// the use is in another region of the op, which does not run on the runs
/// that reach the block (whatever the use does, unless the op may run again,
/// `mayRepeat`: a run of another region in an earlier iteration may have
/// compared the address of the buffer, if it is the same buffer), or is
/// understood and comes before the op, so that it is done before the block
/// runs. A use
/// after the op (through a result of the op, which on the runs through
/// `block` is not the freed buffer, as `block` frees it) is fine too, if
/// the alias does not exist before the op: a use of one that does, even one
/// that only reads its address, would see the buffer freed earlier than
/// before, maybe with its address given to an allocation of `block`.
static bool isUseAroundBranch(OpOperand &use, Value alias, Block *block,
                              BufferLifetimeAnalysis &analysis,
                              function_ref<bool()> mayRepeat) {
  Operation *op = block->getParentOp();
  if (!isa<scf::IfOp, scf::IndexSwitchOp>(op))
    return false;
  Operation *user = use.getOwner();
  if (op->isProperAncestor(user))
    return !mayRepeat() || analysis.isUnderstoodUse(use);
  if (runsBefore(user, op))
    return analysis.isUnderstoodUse(use);
  return !existsBefore(alias, op);
}

/// Returns true if `use` of `alias`, an alias of a buffer that the body of
/// an `scf.for` frees in every iteration (`block`), outside of the body,
/// leaves the free free to move up in the body. Each run of the body frees
/// the buffer it holds, so a use outside of the loop only sees the buffer
/// before the loop runs or after it, but through its address: the use must
/// be the loop's own (an init operand, which the loop hands to the body), or
/// understood and before the loop, or after the loop through an alias that
/// does not exist before the loop (a result of the loop, which is not the
/// freed buffer). The init itself, used after the loop, even only to read
/// its address, would be compared with buffers that the body now allocates
/// after freeing it.
static bool isUseAroundLoop(OpOperand &use, Value alias, Block *block,
                            BufferLifetimeAnalysis &analysis) {
  auto loop = dyn_cast<scf::ForOp>(block->getParentOp());
  if (!loop)
    return false;
  Operation *user = use.getOwner();
  if (user == loop)
    return use.getOperandNumber() >= loop.getNumControlOperands();
  if (runsBefore(user, loop))
    return analysis.isUnderstoodUse(use);
  return !existsBefore(alias, loop);
}

/// Returns true if `value` is a buffer that its defining op creates apart
/// from every buffer alive when it runs: a fresh buffer of the origins
/// (an allocation, or a result of a call that follows the no-alias function
/// boundary ABI), but a reallocation, which may give back the memory of its
/// source.
static bool isCreatedFresh(Value value) {
  return !value.getDefiningOp<memref::ReallocOp>() &&
         AllocationOrigins::isFreshBuffer(value,
                                          /*noAliasCallsAreFresh=*/true);
}

/// Returns true if `value` is a buffer that an op of `block` creates fresh
/// (`isCreatedFresh`). When a buffer that exists as `block` starts is freed
/// in it, such a value is another buffer: it is alive along with the freed
/// one, or created after its free, and it aliases the freed buffer only
/// across runs of the block (a loop's next state).
static bool isCreatedFreshIn(Value value, Block *block) {
  Operation *def = value.getDefiningOp();
  return def && def->getBlock() == block && isCreatedFresh(value);
}

/// Returns true if `use`, outside of `block`, of an alias of a buffer freed
/// in `block` leaves the free free to move up in `block`: a use around the
/// branch or the loop that `block` is a region of (`isUseAroundBranch`,
/// `isUseAroundLoop`), or one in another block of its region that is never
/// done after `block` runs (`isUseBefore`).
static bool
isUseAroundBlock(OpOperand &use, Block *block, BufferLifetimeAnalysis &analysis,
                 function_ref<bool()> mayRepeat,
                 function_ref<bool(OpOperand &, Block *)> isUseBefore) {
  return isUseAroundBranch(use, use.get(), block, analysis, mayRepeat) ||
         isUseAroundLoop(use, use.get(), block, analysis) ||
         isUseBefore(use, block);
}

/// Returns the op after which the ops of `free` can go: the last op of its
/// block that uses a buffer it frees or an alias of it (other than a free,
/// or an op of `free`), or that defines a value the ops of `free` use.
/// Returns nullptr if the free cannot move, also when an op of another
/// guarded free (in `guardOps`) reads the address of such an alias: it must
/// do so before the buffer is freed. A use outside of the block must be one
/// that `isUseAroundBlock` accepts: the free frees, on the runs where its
/// condition holds, what a deallocation of its own would free on every
/// run, so it may move where such a deallocation may.
static Operation *
findLastUse(const GuardedFree &free, const DenseSet<Operation *> &guardOps,
            BufferLifetimeAnalysis &analysis,
            function_ref<bool(OpOperand &, Block *)> isUseBefore) {
  scf::IfOp guard = free.guard;
  Block *block = guard->getBlock();
  SmallPtrSet<Operation *, 8> members(free.ops.begin(), free.ops.end());
  // Whether the op whose region `block` is may run again, asked once.
  std::optional<bool> repeats;
  auto mayRepeat = [&] {
    if (!repeats)
      repeats = mayRunAgain(block->getParentOp());
    return *repeats;
  };
  BufferUseRange uses;
  // An address only compared is used up to the last comparison.
  SmallVector<Operation *> comparisonAncestors;
  auto onUse = [&](OpOperand &use, Operation *ancestor) {
    Operation *user = use.getOwner();
    // A correct program frees a buffer once, so the frees of other buffers
    // may come in any order.
    if (members.contains(user) || isa<memref::DeallocOp>(user))
      return BufferUseAction::Skip;
    if (!ancestor &&
        isUseAroundBlock(use, block, analysis, mayRepeat, isUseBefore))
      return BufferUseAction::Skip;
    // An op of another guarded free of the block reads the address: that
    // free may move too. One nested deeper moves only within its own block,
    // inside `ancestor`.
    if (!ancestor || !ancestor->isBeforeInBlock(guard) ||
        ancestor == block->getTerminator() || guardOps.contains(ancestor))
      return BufferUseAction::Stop;
    if (!analysis.isUnderstoodUse(use) &&
        !addComparisonsBefore(user, guard, &members, comparisonAncestors))
      return BufferUseAction::Stop;
    return BufferUseAction::Count;
  };
  auto onDefinition = [&](Operation *def, Operation *ancestor) {
    if (members.contains(def))
      return BufferUseAction::Skip;
    // Another guarded free's base buffer: it moves too, unless that free is
    // nested deeper, where it moves only within its own block.
    if (guardOps.contains(def) && (!ancestor || ancestor == def))
      return BufferUseAction::Stop;
    return BufferUseAction::Count;
  };
  for (Operation &op : guard.thenBlock()->without_terminator()) {
    FailureOr<BufferUseRange> range = analysis.getUseRangeInBlock(
        cast<memref::DeallocOp>(op).getMemref(), *block, onUse, onDefinition);
    if (failed(range))
      return nullptr;
    if (range->last)
      uses.include(range->last);
  }
  for (Operation *comparisonAncestor : comparisonAncestors)
    uses.include(comparisonAncestor);
  // What the moved ops use must exist where they go.
  for (Operation *op : free.ops) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || members.contains(def) || guard->isProperAncestor(def))
          continue;
        if (Operation *ancestor = block->findAncestorOpInBlock(*def))
          uses.include(ancestor);
      }
    });
  }
  return uses.last;
}

/// Returns where `dealloc` can free its buffer: after the returned op, the
/// last op in its block that uses the buffer or an alias of it, or the op
/// that defines the buffer, or at the start of the block if the returned
/// op is null (a buffer from around the block that the block does not use,
/// see `isUseAroundBranch`, or from a block that never runs after it,
/// `isUseBefore`). The ops of guarded frees (`guardOps`) that read the
/// address of an alias are uses like others. Returns none if the
/// deallocation cannot move.
static std::optional<Operation *>
findLastUse(memref::DeallocOp dealloc, const DenseSet<Operation *> &guardOps,
            BufferLifetimeAnalysis &analysis,
            function_ref<bool(OpOperand &, Block *)> isUseBefore) {
  Block *block = dealloc->getBlock();
  Value memref = dealloc.getMemref();
  // The deallocation frees the base buffer of this op, which moves with it.
  auto metadata = memref.getDefiningOp<memref::ExtractStridedMetadataOp>();
  if (metadata && !memref.hasOneUse())
    return std::nullopt;

  Value freed = metadata ? metadata.getSource() : memref;
  // An alias that the block creates before `dealloc`, once `freed` exists, is
  // another buffer: `dealloc` frees the freed buffer in every run of the
  // block, so it is alive until then.
  auto isCreatedWhileFreedIsAlive = [&](Value alias) {
    Operation *def = alias.getDefiningOp();
    return isCreatedFreshIn(alias, block) && def->isBeforeInBlock(dealloc) &&
           existsBefore(freed, def);
  };

  bool fromAround = false;
  // Whether the op whose region `block` is may run again, asked once.
  std::optional<bool> repeats;
  auto mayRepeat = [&] {
    if (!repeats)
      repeats = mayRunAgain(block->getParentOp());
    return *repeats;
  };
  // An address only compared is used up to the last comparison.
  SmallVector<Operation *> comparisonAncestors;
  auto onUse = [&](OpOperand &use, Operation *ancestor) {
    Operation *user = use.getOwner();
    if (user == dealloc || user == metadata ||
        isCreatedWhileFreedIsAlive(use.get()))
      return BufferUseAction::Skip;
    if (!ancestor) {
      if (!isUseAroundBlock(use, block, analysis, mayRepeat, isUseBefore))
        return BufferUseAction::Stop;
      fromAround = true;
      return BufferUseAction::Skip;
    }
    // Used after the deallocation, or in a way that may keep the buffer
    // alive: leave it. The address an op of a guarded free reads reaches
    // nothing but the guard.
    if (!ancestor->isBeforeInBlock(dealloc) ||
        ancestor == block->getTerminator())
      return BufferUseAction::Stop;
    if (!guardOps.contains(user) && !analysis.isUnderstoodUse(use) &&
        !addComparisonsBefore(user, dealloc, /*excluded=*/nullptr,
                              comparisonAncestors))
      return BufferUseAction::Stop;
    return BufferUseAction::Count;
  };
  // The buffer must exist where the deallocation goes.
  auto onDefinition = [&](Operation *def, Operation *ancestor) {
    if (def == metadata || !ancestor || !ancestor->isBeforeInBlock(dealloc))
      return BufferUseAction::Skip;
    if (llvm::any_of(def->getResults(), isCreatedWhileFreedIsAlive))
      return BufferUseAction::Skip;
    return BufferUseAction::Count;
  };
  FailureOr<BufferUseRange> uses =
      analysis.getUseRangeInBlock(memref, *block, onUse, onDefinition);
  if (failed(uses))
    return std::nullopt;
  for (Operation *comparisonAncestor : comparisonAncestors)
    uses->include(comparisonAncestor);
  if (metadata) {
    Operation *sourceDef = metadata.getSource().getDefiningOp();
    if (Operation *ancestor =
            sourceDef ? block->findAncestorOpInBlock(*sourceDef) : nullptr)
      uses->include(ancestor);
  }
  // Freed buffers that come from outside of the block (arguments, values
  // defined above) with no use in it stay where they are, unless they come
  // from around a branch.
  if (!uses->last && !fromAround)
    return std::nullopt;
  return uses->last;
}

namespace {
/// Moves the frees of the buffers of a root up to the last uses of the
/// buffers: the guarded frees (runtime alias checks that free under an
/// `scf.if`), then the deallocations of their own. The ops that only free
/// buffers (deallocations, the metadata ops that only feed them, and the ops
/// of guarded frees) are the only ops it moves.
class LastUseMover {
public:
  LastUseMover(RewriterBase &rewriter, Operation *root,
               BufferLifetimeAnalysis &analysis, bool intoRegions)
      : rewriter(rewriter), analysis(analysis), intoRegions(intoRegions) {
    collectFrees(root);
  }

  /// Moves the frees, and returns how many moved.
  unsigned run() {
    unsigned numMoved = moveGuardedFrees();
    return numMoved + moveDeallocs();
  }

private:
  /// Collects the guarded frees and the deallocations that move on their
  /// own (all but those of guarded frees), outside of the functions left
  /// alone.
  void collectFrees(Operation *root);

  /// Returns true if `op` only frees buffers.
  bool onlyFrees(Operation *op) const {
    return guardOps.contains(op) || isPlainFree(op);
  }

  /// Returns the next op after `op` in its block that does more than free
  /// buffers, or null. The moves never change it. Computed per block on
  /// first use, so that the deallocations at the end of a long block are not
  /// walked once each.
  Operation *getNextOpDoingMore(Operation *op);

  /// Returns true if `use`, outside of `block`, is never done after a run of
  /// `block` in the same run of its function: its op is in another block of
  /// the region of `block` that `block` does not reach, and `block` runs at
  /// most once per run of its function (in no loop-like op, in no cycle of
  /// blocks). So the use is done before `block` runs, or on runs that do not
  /// reach it. It must also leave no alias that the analysis does not see:
  /// it is understood, or it only frees a buffer or reads an address (the
  /// ops of a guarded free of a path that does not reach `block`).
  bool isUseNeverAfter(OpOperand &use, Block *block);

  /// Returns true if only frees come between `lastUse` and `free`: the free
  /// is right after it already.
  bool isRightAfter(Operation *free, Operation *lastUse);

  /// Moves each guarded free right after the last use of its buffers.
  /// Returns the number moved.
  unsigned moveGuardedFrees();

  /// Moves each deallocation right after the last use of its buffer, or
  /// into the regions of the op that is its last use. Returns the number
  /// moved.
  unsigned moveDeallocs();

  RewriterBase &rewriter;
  BufferLifetimeAnalysis &analysis;
  /// Whether a deallocation may go into the regions of its last use.
  bool intoRegions;
  SmallVector<GuardedFree> guardedFrees;
  DenseSet<Operation *> guardOps, sharedOps;
  SmallVector<memref::DeallocOp> deallocs;
  DenseMap<Operation *, Operation *> nextDoingMore;
  /// The last op of a region's block that may allocate (`isFreedInRegions`).
  DenseMap<Region *, Operation *> lastAllocating;
  /// The blocks that a block reaches through its successors
  /// (`isUseNeverAfter`), computed once per block that frees a buffer used
  /// in another block; null for a block that may run again, or that reaches
  /// more than `kMaxReachableBlocks` blocks. Moving ops within their blocks
  /// leaves them as they are.
  DenseMap<Block *, std::unique_ptr<DenseSet<Block *>>> reachableBlocks;
  static constexpr size_t kMaxReachableBlocks = 1024;
  DenseSet<Block *> indexedBlocks;
};
} // namespace

bool LastUseMover::isUseNeverAfter(OpOperand &use, Block *block) {
  Region *region = block->getParent();
  if (region->hasOneBlock())
    return false;
  Operation *ancestor = region->findAncestorOpInRegion(*use.getOwner());
  if (!ancestor || ancestor->getBlock() == block)
    return false;
  if (!analysis.isUnderstoodUse(use) && !guardOps.contains(ancestor) &&
      !isa<memref::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(
          use.getOwner()))
    return false;
  auto [it, inserted] = reachableBlocks.try_emplace(block);
  if (inserted) {
    // A block that may run again reaches itself, and with it every block
    // that runs before it.
    if (LoopLikeOpInterface::blockIsInLoop(block))
      return false;
    auto reachable = std::make_unique<DenseSet<Block *>>();
    SmallVector<Block *> worklist(block->getSuccessors());
    while (!worklist.empty()) {
      Block *next = worklist.pop_back_val();
      if (!reachable->insert(next).second)
        continue;
      if (reachable->size() > kMaxReachableBlocks)
        return false;
      llvm::append_range(worklist, next->getSuccessors());
    }
    it->second = std::move(reachable);
  }
  return it->second && !it->second->contains(ancestor->getBlock());
}

void LastUseMover::collectFrees(Operation *root) {
  FunctionsLeftAlone leftAlone(root);
  root->walk([&](scf::IfOp guard) {
    if (!leftAlone.contains(guard))
      if (std::optional<GuardedFree> free =
              getGuardedFree(guard, guardOps, sharedOps))
        guardedFrees.push_back(std::move(*free));
  });
  root->walk([&](memref::DeallocOp dealloc) {
    if (!leftAlone.contains(dealloc) &&
        !guardOps.contains(dealloc->getParentOp()))
      deallocs.push_back(dealloc);
  });
}

Operation *LastUseMover::getNextOpDoingMore(Operation *op) {
  Block *block = op->getBlock();
  if (indexedBlocks.insert(block).second) {
    Operation *next = nullptr;
    for (Operation &blockOp : llvm::reverse(*block)) {
      nextDoingMore[&blockOp] = next;
      if (!onlyFrees(&blockOp))
        next = &blockOp;
    }
  }
  return nextDoingMore.lookup(op);
}

bool LastUseMover::isRightAfter(Operation *free, Operation *lastUse) {
  // `lastUse` uses the buffer, so it is not an op that only frees, unless it
  // is the definition of a value the free needs; then walk.
  if (!onlyFrees(lastUse)) {
    Operation *next = getNextOpDoingMore(lastUse);
    return !next || free->isBeforeInBlock(next);
  }
  for (Operation *op = lastUse->getNextNode(); op != free;
       op = op->getNextNode())
    if (!onlyFrees(op))
      return false;
  return true;
}

unsigned LastUseMover::moveGuardedFrees() {
  // Move only once every last use is known: a move makes the order of the
  // ops of its block be computed again on the next query, which would cost
  // the length of the block per free. Guarded frees move first: their ops
  // are the last use of no other guarded free, and each deallocation goes
  // after the ops of guarded frees that read the address of its buffer,
  // wherever they went.
  SmallVector<std::pair<GuardedFree *, Operation *>> moves;
  for (GuardedFree &free : guardedFrees) {
    Operation *lastUse = findLastUse(free, guardOps, analysis,
                                     [&](OpOperand &use, Block *block) {
                                       return isUseNeverAfter(use, block);
                                     });
    if (lastUse && !isRightAfter(free.guard, lastUse))
      moves.emplace_back(&free, lastUse);
  }
  for (auto [free, lastUse] : moves) {
    Operation *after = lastUse;
    for (Operation *op : free->ops) {
      rewriter.moveOpAfter(op, after);
      after = op;
    }
    remark::passed(free->guard.getLoc(),
                   remark::RemarkOpts::name("FreedAtLastUse")
                       .category("free-buffers-at-last-use"))
        << "buffers freed under runtime alias checks right after their last "
           "use";
  }
  return moves.size();
}

unsigned LastUseMover::moveDeallocs() {
  // A deallocation never changes the last use of another buffer: no other
  // buffer is freed by the same ops. One whose last use is an op that runs
  // one of its regions may go into each region instead, right after its
  // last use there.
  SmallVector<std::pair<memref::DeallocOp, Operation *>> moves;
  unsigned numSunk = 0;
  for (memref::DeallocOp dealloc : deallocs) {
    std::optional<Operation *> lastUse = findLastUse(
        dealloc, guardOps, analysis, [&](OpOperand &use, Block *block) {
          return isUseNeverAfter(use, block);
        });
    if (!lastUse)
      continue;
    if (!*lastUse) {
      // To the start of its block, unless only frees come before it.
      Operation &front = dealloc->getBlock()->front();
      Operation *firstDoingMore =
          onlyFrees(&front) ? getNextOpDoingMore(&front) : &front;
      if (firstDoingMore && firstDoingMore->isBeforeInBlock(dealloc))
        moves.emplace_back(dealloc, nullptr);
      continue;
    }
    if (intoRegions && sinkIntoRegions(rewriter, dealloc, *lastUse, analysis,
                                       lastAllocating)) {
      ++numSunk;
      continue;
    }
    if (!isRightAfter(dealloc, *lastUse))
      moves.emplace_back(dealloc, *lastUse);
  }
  for (auto [dealloc, lastUse] : moves) {
    auto metadata =
        dealloc.getMemref().getDefiningOp<memref::ExtractStridedMetadataOp>();
    Operation *first = metadata ? metadata.getOperation() : dealloc;
    if (lastUse)
      rewriter.moveOpAfter(first, lastUse);
    else
      rewriter.moveOpBefore(first, &dealloc->getBlock()->front());
    if (metadata)
      rewriter.moveOpAfter(dealloc, metadata);
    remark::passed(dealloc.getLoc(), remark::RemarkOpts::name("FreedAtLastUse")
                                         .category("free-buffers-at-last-use"))
        << "buffer freed right after its last use";
  }
  return numSunk + moves.size();
}

unsigned mlir::bufferization::freeBuffersAtLastUse(
    RewriterBase &rewriter, Operation *root, BufferLifetimeAnalysis *analysis,
    bool intoRegions) {
  // Moving frees creates no alias and removes none; the metadata ops it
  // erases or creates are told to the analysis.
  std::optional<BufferLifetimeAnalysis> own;
  if (!analysis)
    analysis = &own.emplace(root);
  return LastUseMover(rewriter, root, *analysis, intoRegions).run();
}

//===----------------------------------------------------------------------===//
// FreeBuffersAtLastUsePass
//===----------------------------------------------------------------------===//

namespace {
/// Moves deallocations up to the last use of their buffers.
struct FreeBuffersAtLastUsePass
    : public bufferization::impl::FreeBuffersAtLastUsePassBase<
          FreeBuffersAtLastUsePass> {
  using Base::Base;

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return isFunctionOrSymbolTable(opName);
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned numMoved = freeBuffersAtLastUse(
        rewriter, getOperation(), &getAnalysis<BufferLifetimeAnalysis>(),
        intoRegions);
    numDeallocsMoved += numMoved;
    // Nothing changed: this also spares the verifier's run after the pass.
    if (numMoved == 0)
      markAllAnalysesPreserved();
    else // Kept up to date: the next pass on the function takes it.
      markAnalysesPreserved<BufferLifetimeAnalysis>();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Reuse of freed buffers
//===----------------------------------------------------------------------===//

namespace {
/// A whole buffer that a deallocation frees and that a later allocation of
/// the same size may take over.
struct FreedBuffer {
  memref::DeallocOp dealloc;
  /// What `dealloc` frees: a `memref.alloc` or an argument of the body of a
  /// loop, of a static identity-layout type.
  Value buffer;
  /// The least alignment that the allocations `buffer` may come from ask
  /// for, 0 if one asks for none.
  uint64_t alignment;

  MemRefType getType() const { return cast<MemRefType>(buffer.getType()); }
};
} // namespace

/// Returns the whole buffer that `dealloc` frees, if it has a static,
/// identity-layout type and is either a `memref.alloc` or an argument of the
/// body of an `scf.for` or `scf.while` that `dealloc` is in, all of whose
/// buffers come from `memref.alloc` ops of the same footprint (see
/// `collectWholeAllocations`): a loop state the iteration frees, which is
/// as large as its type and starts where its allocation does.
static std::optional<FreedBuffer>
getFreedWholeBuffer(memref::DeallocOp dealloc) {
  Value freed = getFreedMemRef(dealloc.getMemref());
  auto type = dyn_cast<MemRefType>(freed.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return std::nullopt;
  if (auto alloc = freed.getDefiningOp<memref::AllocOp>())
    return FreedBuffer{dealloc, freed, alloc.getAlignment().value_or(0)};
  auto arg = dyn_cast<BlockArgument>(freed);
  if (!arg || arg.getOwner() != dealloc->getBlock())
    return std::nullopt;
  SmallVector<memref::AllocOp, 2> allocs;
  llvm::SmallDenseSet<Value> visited;
  if (!collectWholeAllocations(arg, allocs, visited) || allocs.empty())
    return std::nullopt;
  uint64_t alignment = std::numeric_limits<uint64_t>::max();
  for (memref::AllocOp alloc : allocs) {
    if (!haveSameFootprint(alloc.getType(), type))
      return std::nullopt;
    alignment = std::min(alignment, alloc.getAlignment().value_or(0));
  }
  return FreedBuffer{dealloc, freed, alignment};
}

/// Returns true if no alias of `buffer` is used after `dealloc` (or outside
/// of the block of `dealloc`), by an op other than `dealloc` and the
/// `memref.extract_strided_metadata` that feeds it.
static bool isDeadAfter(Value buffer, memref::DeallocOp dealloc,
                        BufferLifetimeAnalysis &analysis) {
  Operation *metadata = dealloc.getMemref().getDefiningOp();
  return !hasUseIn(
      buffer, dealloc->getBlock(), {dealloc, metadata},
      [&](OpOperand &use, Operation *ancestor) {
        return !ancestor->isBeforeInBlock(dealloc) ||
               !analysis.isUnderstoodUse(use);
      },
      analysis);
}

/// Returns true if no alias of `arg`, an argument of the body of a loop that
/// `dealloc` frees in the body, holds the buffer that `dealloc` frees after
/// it: every use of an alias in the body is understood and comes before
/// `dealloc`, unless the alias is a buffer that an op of the body creates
/// (`isCreatedFreshIn`, such as the next state): the argument's buffer exists
/// when the body starts and is freed in it, so the buffers the body creates
/// are others, alive with it or created after its free. Every use outside
/// of the body is one around the loop (`isUseAroundLoop`: the loop's own
/// init operand, a use before the loop, or one after it through a result,
/// which is not the freed buffer).
static bool isArgumentDeadAfter(BlockArgument arg, memref::DeallocOp dealloc,
                                BufferLifetimeAnalysis &analysis) {
  Block *block = dealloc->getBlock();
  Operation *metadata = dealloc.getMemref().getDefiningOp();
  return succeeded(analysis.getUseRangeInBlock(
      arg, *block, [&](OpOperand &use, Operation *ancestor) {
        Operation *user = use.getOwner();
        if (user == dealloc || user == metadata ||
            isCreatedFreshIn(use.get(), block))
          return BufferUseAction::Skip;
        if (!ancestor)
          return isUseAroundLoop(use, use.get(), block, analysis)
                     ? BufferUseAction::Skip
                     : BufferUseAction::Stop;
        if (!ancestor->isBeforeInBlock(dealloc) ||
            !analysis.isUnderstoodUse(use))
          return BufferUseAction::Stop;
        return BufferUseAction::Skip;
      }));
}

/// Returns true if the last op before `dealloc` that does more than free
/// buffers is an `scf.if` or `scf.index_switch` that uses `buffer` in its
/// regions and in whose regions `free-buffers-at-last-use` frees it instead
/// (`isFreedInRegionsOf`): on the runs through a region that no longer uses
/// it, the buffer dies before what the region allocates, which a later
/// allocation taking it over after the op would keep it alive over.
static bool
isFreedAfterBranch(memref::DeallocOp dealloc, Value buffer,
                   BufferLifetimeAnalysis &analysis,
                   DenseMap<Region *, Operation *> &lastAllocating) {
  Operation *prev = dealloc->getPrevNode();
  while (prev && isPlainFree(prev))
    prev = prev->getPrevNode();
  if (!prev || !isa<scf::IfOp, scf::IndexSwitchOp>(prev))
    return false;
  BufferLifetimeAnalysis::ValueSetT aliases = analysis.getMayAliases(buffer);
  bool usedInRegions = llvm::any_of(prev->getRegions(), [&](Region &region) {
    return !region.empty() && getLastUseInRegion(aliases, region);
  });
  return usedInRegions && isFreedInRegionsOf(prev, aliases, lastAllocating);
}

/// Returns true if the buffer of `freed` can serve as the buffer of `alloc`:
/// the same element type, number of elements and memory space, and at least
/// the alignment `alloc` asks for.
static bool canServe(const FreedBuffer &freed, memref::AllocOp alloc) {
  MemRefType freedType = freed.getType(), type = alloc.getType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      freedType.getElementType() != type.getElementType() ||
      freedType.getMemorySpace() != type.getMemorySpace() ||
      freedType.getNumElements() != type.getNumElements())
    return false;
  std::optional<uint64_t> alignment = alloc.getAlignment();
  return !alignment || freed.alignment >= *alignment;
}

FunctionOpInterface
bufferization::AllocatingOps::getVisibleCallee(CallOpInterface call) {
  if (!isCalleeLookedUpInside(call, root))
    return nullptr;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&symbolTables));
  if (!callee || callee.isExternal() || !root->isProperAncestor(callee))
    return nullptr;
  return callee;
}

bool bufferization::AllocatingOps::mayAllocateItself(Operation *op) {
  if (isa<memref::AllocOp, memref::ReallocOp>(op))
    return true;
  auto effectOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effectOp)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> effects;
  effectOp.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect()) &&
           !isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource());
  });
}

bool bufferization::AllocatingOps::mayAllocateOutside(
    CallOpInterface call) const {
  std::optional<bool> answer = outer ? outer->mayAllocate(call) : std::nullopt;
  return answer.value_or(true);
}

bool bufferization::AllocatingOps::mayAllocate(CallOpInterface call) {
  FunctionOpInterface callee = getVisibleCallee(call);
  if (!callee)
    return mayAllocateOutside(call);
  if (!known.count(callee))
    decideFunctions(callee);
  return known.lookup(callee);
}

void bufferization::AllocatingOps::decideFunctions(FunctionOpInterface entry) {
  // The functions reachable from `entry` that are not decided yet, whether
  // each allocates by itself, and who calls whom among them.
  SmallVector<FunctionOpInterface> reached = {entry};
  DenseSet<Operation *> seen = {entry};
  DenseMap<Operation *, SmallVector<Operation *>> callers;
  SmallVector<Operation *> allocating;
  for (size_t i = 0; i < reached.size(); ++i) {
    FunctionOpInterface function = reached[i];
    bool allocates = false;
    function->walk([&](Operation *op) {
      if (op == function.getOperation() || allocates)
        return;
      auto call = dyn_cast<CallOpInterface>(op);
      if (!call) {
        allocates = mayAllocateItself(op);
        return;
      }
      FunctionOpInterface callee = getVisibleCallee(call);
      if (!callee) {
        allocates = mayAllocateOutside(call);
        return;
      }
      auto it = known.find(callee);
      if (it != known.end()) {
        allocates = it->second;
        return;
      }
      callers[callee].push_back(function);
      if (seen.insert(callee).second)
        reached.push_back(callee);
    });
    known[function] = false;
    if (allocates)
      allocating.push_back(function);
  }
  // A function may allocate if it does by itself or calls one that may.
  for (Operation *function : allocating)
    known[function] = true;
  while (!allocating.empty()) {
    Operation *function = allocating.pop_back_val();
    for (Operation *caller : callers.lookup(function)) {
      bool &answer = known[caller];
      if (!answer) {
        answer = true;
        allocating.push_back(caller);
      }
    }
  }
}

bool bufferization::AllocatingOps::mayAllocate(Operation *op) {
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    if (!known.count(op))
      decideFunctions(function);
    return known.lookup(op);
  }
  // A call's own effects are its callee's.
  if (auto call = dyn_cast<CallOpInterface>(op))
    return mayAllocate(call);
  if (op->getNumRegions() == 0)
    return mayAllocateItself(op);
  auto it = known.find(op);
  if (it != known.end())
    return it->second;
  bool result = mayAllocateItself(op);
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (!result && mayAllocate(&nested))
        result = true;
  known[op] = result;
  return result;
}

namespace {
/// The bytes that a block holds in the buffers of one memory space, at each
/// of its ops: at least `sure` bytes (the static allocations of the block
/// between their allocation and their deallocation in the block), and at
/// most `most` bytes on top of what was held when the block began, except
/// at a barrier (an op that may allocate memory the block cannot count).
///
/// An allocation that takes over a buffer freed at position `d`, from
/// position `a`, holds that buffer over [d, a) as well. That never raises
/// the peak if, at every position of the gap, what the block holds at most
/// plus the buffer stays within what it surely holds at another position
/// that holds at least as much of what the block does not count:
///  - an earlier position since the last barrier, as buffers from before the
///    block are only freed while it runs, and no allocation the block cannot
///    count happened since;
///  - position `a` itself, where the buffer is held anyway, when the gap
///    frees nothing the block does not count.
class BlockHeldBytes {
public:
  BlockHeldBytes(Block &block, Attribute memorySpace, AllocatingOps &allocating,
                 BufferLifetimeAnalysis &analysis);

  /// Returns true if holding `bytes` more from the op `freed` to the op
  /// `allocated` (excluded) keeps within the block's peak.
  bool canExtend(Operation *freed, Operation *allocated, int64_t bytes) const;

  /// Records that the bytes are now held from `freed` to `allocated`.
  void extend(Operation *freed, Operation *allocated, int64_t bytes);

private:
  DenseMap<Operation *, int64_t> positions;
  /// The position of the last barrier at or before each position, or -1.
  SmallVector<int64_t> lastBarrier;
  /// The number of deallocations up to each position (included) of buffers
  /// the block does not count.
  SmallVector<int64_t> uncountedFrees;
  /// The last position at or before each position whose op is not a
  /// deallocation, or -1: a gap of deallocations only holds less than the
  /// position before it.
  SmallVector<int64_t> lastNotFreeing;
  std::optional<HeldBytesTree> sure, most;
};
} // namespace

/// Returns the position of `block` (indexed by `positions`) up to which,
/// excluded, the block holds the buffer of `alloc`, an allocation of the
/// block that no deallocation of the block frees directly: after the last
/// op of the block that uses an alias of it, a free of an alias included
/// (such as the free of the result of an `scf.if` that yields it, or one in
/// a region that does not), nothing can free it any more, so a program
/// without leaks has freed it by then. The end of the block if an alias
/// leaves the block or has a use the analysis does not understand.
static int64_t
getHeldAtMostUntil(memref::AllocOp alloc, Block &block,
                   const DenseMap<Operation *, int64_t> &positions,
                   BufferLifetimeAnalysis &analysis) {
  FailureOr<BufferUseRange> uses = analysis.getUseRangeInBlock(
      alloc.getResult(), block, [&](OpOperand &use, Operation *ancestor) {
        if (!ancestor || ancestor == block.getTerminator() ||
            !analysis.isUnderstoodUse(use))
          return BufferUseAction::Stop;
        return BufferUseAction::Count;
      });
  if (failed(uses))
    return static_cast<int64_t>(positions.size());
  int64_t last = positions.lookup(alloc);
  if (uses->last)
    last = std::max(last, positions.lookup(uses->last));
  return last + 1;
}

BlockHeldBytes::BlockHeldBytes(Block &block, Attribute memorySpace,
                               AllocatingOps &allocating,
                               BufferLifetimeAnalysis &analysis) {
  int64_t size = 0;
  for (Operation &op : block)
    positions[&op] = size++;
  // Where the block frees each of its allocations.
  DenseMap<Operation *, int64_t> freedAt;
  for (auto dealloc : block.getOps<memref::DeallocOp>())
    if (Operation *def = getFreedMemRef(dealloc.getMemref()).getDefiningOp())
      if (def->getBlock() == &block && !freedAt.count(def))
        freedAt[def] = positions.lookup(dealloc);

  SmallVector<int64_t> sureDelta(size + 1), mostDelta(size + 1);
  DenseSet<Operation *> counted;
  lastBarrier.assign(size, -1);
  uncountedFrees.assign(size, 0);
  lastNotFreeing.assign(size, -1);
  int64_t barrier = -1, numUncountedFrees = 0, notFreeing = -1;
  for (Operation &op : block) {
    int64_t position = positions.lookup(&op);
    if (!isa<memref::DeallocOp>(op))
      notFreeing = position;
    lastNotFreeing[position] = notFreeing;
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (alloc.getType().getMemorySpace() == memorySpace) {
        std::optional<int64_t> bytes =
            getStaticByteSize(alloc.getType(), alloc);
        if (!bytes) {
          barrier = position;
        } else {
          // Held surely until the block frees it, or at least right after
          // its allocation; at most until the end of the block.
          counted.insert(alloc);
          auto it = freedAt.find(alloc);
          int64_t end =
              it == freedAt.end()
                  ? getHeldAtMostUntil(alloc, block, positions, analysis)
                  : it->second;
          int64_t sureEnd = it == freedAt.end() ? position + 1 : end;
          sureDelta[position] += *bytes;
          sureDelta[sureEnd] -= *bytes;
          mostDelta[position] += *bytes;
          mostDelta[end] -= *bytes;
        }
      }
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      Operation *def = getFreedMemRef(dealloc.getMemref()).getDefiningOp();
      if (!def || !counted.contains(def) || freedAt.lookup(def) != position)
        ++numUncountedFrees;
    } else if (allocating.mayAllocate(&op)) {
      barrier = position;
    }
    lastBarrier[position] = barrier;
    uncountedFrees[position] = numUncountedFrees;
  }
  SmallVector<int64_t> sureBytes(size), mostBytes(size);
  int64_t sureSum = 0, mostSum = 0;
  for (int64_t i = 0; i < size; ++i) {
    sureSum += sureDelta[i];
    mostSum += mostDelta[i];
    sureBytes[i] = sureSum;
    mostBytes[i] = mostSum;
  }
  sure.emplace(sureBytes);
  most.emplace(mostBytes);
}

bool BlockHeldBytes::canExtend(Operation *freed, Operation *allocated,
                               int64_t bytes) const {
  int64_t first = positions.lookup(freed);
  int64_t last = positions.lookup(allocated) - 1;
  if (last < first || lastNotFreeing[last] < first)
    return true;
  if (lastBarrier[last] >= first)
    return false;
  int64_t bound = sure->getMax(lastBarrier[first] + 1, first - 1);
  int64_t allocatedAt = last + 1;
  if (uncountedFrees[last] == uncountedFrees[first])
    bound = std::max(bound, sure->getMax(allocatedAt, allocatedAt));
  return most->getMax(first, last) + bytes <= bound;
}

void BlockHeldBytes::extend(Operation *freed, Operation *allocated,
                            int64_t bytes) {
  int64_t first = positions.lookup(freed);
  int64_t last = positions.lookup(allocated) - 1;
  sure->add(first, last, bytes);
  most->add(first, last, bytes);
}

/// Replaces `alloc` with the buffer of `freed`, which its deallocation frees
/// before it and which has as many elements of the same type, viewed at the
/// type of `alloc` if that differs, and drops the deallocation.
static void takeOverFreedBuffer(RewriterBase &rewriter, memref::AllocOp alloc,
                                const FreedBuffer &freed,
                                BufferLifetimeAnalysis &analysis) {
  MemRefType type = alloc.getType();
  Value buffer = freed.buffer;
  if (buffer.getType() != type) {
    rewriter.setInsertionPoint(alloc);
    auto [strides, offset] = type.getStridesAndOffset();
    buffer = memref::ReinterpretCastOp::create(rewriter, alloc.getLoc(), type,
                                               buffer, offset, type.getShape(),
                                               strides);
    analysis.notifyDerived(freed.buffer, buffer);
  }
  eraseFree(rewriter, freed.dealloc, analysis);
  analysis.notifyReplaced(alloc.getResult(), buffer);
  rewriter.replaceOp(alloc, buffer);
  remark::passed(
      buffer.getLoc(),
      remark::RemarkOpts::name("BufferReused").category("reuse-freed-buffers"))
      << ("allocation of " + Twine(type.getNumElements()) +
          " element(s) takes over a buffer freed before it")
             .str();
}

/// Lets the allocations of `block` take over buffers freed earlier in the
/// block. Returns the number of allocations removed and adds the bytes they
/// would have allocated to `numBytesReused`.
static unsigned reuseFreedBuffers(RewriterBase &rewriter, Block &block,
                                  BufferLifetimeAnalysis &analysis,
                                  AllocatingOps *allocating,
                                  bool skipBranchLastUses,
                                  uint64_t &numBytesReused) {
  // Whether each freed allocation is dead after its deallocation, decided
  // before any rewrite. A reuse replaces an allocation `B` with a buffer `A`
  // freed before `B` is allocated, so every use of `A` comes before every
  // use of `B`, and `A` is dead after the deallocation of `B` exactly when
  // `B` was. Deciding it on the rewritten IR instead would scan the uses of
  // a buffer once per reuse, and a buffer recycled through a chain of `n`
  // allocations has `O(n)` uses.
  DenseSet<Operation *> deadAfterDealloc;
  DenseMap<Region *, Operation *> lastAllocating;
  for (auto dealloc : block.getOps<memref::DeallocOp>()) {
    std::optional<FreedBuffer> freed = getFreedWholeBuffer(dealloc);
    if (!freed ||
        (skipBranchLastUses &&
         isFreedAfterBranch(dealloc, freed->buffer, analysis, lastAllocating)))
      continue;
    auto arg = dyn_cast<BlockArgument>(freed->buffer);
    if (arg ? isArgumentDeadAfter(arg, dealloc, analysis)
            : isDeadAfter(freed->buffer, dealloc, analysis))
      deadAfterDealloc.insert(dealloc);
  }

  // Freed buffers nobody uses any more, in the order they were freed, by
  // what `canServe` compares: element type, memory space, element count.
  using Key = std::tuple<Type, Attribute, int64_t>;
  auto keyOf = [](MemRefType type) {
    return Key(type.getElementType(), type.getMemorySpace(),
               type.getNumElements());
  };
  DenseMap<Key, SmallVector<FreedBuffer>> available;
  // What the block holds, per memory space, built at the first allocation
  // that could take over a buffer; only when the peak is to be kept.
  DenseMap<Attribute, std::unique_ptr<BlockHeldBytes>> heldBytes;
  unsigned numReused = 0;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      if (!deadAfterDealloc.contains(dealloc))
        continue;
      // Asked on the rewritten IR: the deallocation may now free a buffer
      // that an earlier allocation took over.
      if (std::optional<FreedBuffer> freed = getFreedWholeBuffer(dealloc))
        available[keyOf(freed->getType())].push_back(*freed);
      continue;
    }
    auto alloc = dyn_cast<memref::AllocOp>(op);
    if (!alloc || alloc->getNumOperands() != 0 ||
        !alloc.getType().hasStaticShape())
      continue;
    auto candidates = available.find(keyOf(alloc.getType()));
    if (candidates == available.end())
      continue;
    SmallVector<FreedBuffer> &entries = candidates->second;
    MemRefType type = alloc.getType();
    std::optional<int64_t> staticBytes = getStaticByteSize(type, alloc);
    if (!staticBytes)
      continue;
    int64_t bytes = *staticBytes;
    BlockHeldBytes *held = nullptr;
    if (allocating) {
      std::unique_ptr<BlockHeldBytes> &slot = heldBytes[type.getMemorySpace()];
      if (!slot)
        slot = std::make_unique<BlockHeldBytes>(block, type.getMemorySpace(),
                                                *allocating, analysis);
      held = slot.get();
    }
    // Prefer the most recently freed buffer of the same type, then the most
    // recently freed one of another shape. The most recently freed one of a
    // kind is the one whose reuse is most likely to keep the peak: its gap
    // is the shortest and it has the most positions before the gap to
    // compare with.
    auto findLast = [&](bool sameType) {
      auto *it = llvm::find_if(llvm::reverse(entries), [&](FreedBuffer &entry) {
                   return (!sameType || entry.getType() == type) &&
                          canServe(entry, alloc);
                 }).base();
      if (it == entries.begin())
        return entries.end();
      it = std::prev(it);
      if (held && !held->canExtend(it->dealloc, alloc, bytes))
        return entries.end();
      return it;
    };
    auto *it = findLast(/*sameType=*/true);
    if (it == entries.end())
      it = findLast(/*sameType=*/false);
    if (it == entries.end())
      continue;
    FreedBuffer freed = *it;
    entries.erase(it);
    if (held)
      held->extend(freed.dealloc, alloc, bytes);
    takeOverFreedBuffer(rewriter, alloc, freed, analysis);
    numBytesReused += bytes;
    ++numReused;
  }
  return numReused;
}

unsigned mlir::bufferization::reuseFreedBuffers(
    RewriterBase &rewriter, Operation *root, uint64_t &numBytesReused,
    bool allowPeakIncrease, bool skipBranchLastUses,
    BufferLifetimeAnalysis *analysis) {
  // Reuse replaces allocations, which the analysis is told about; it never
  // changes how a function uses its arguments, so the answers about calls
  // stay valid throughout.
  std::optional<BufferLifetimeAnalysis> own;
  if (!analysis)
    analysis = &own.emplace(root);
  FunctionsLeftAlone leftAlone(root);
  SmallVector<Block *> blocks;
  root->walk([&](Block *block) {
    if (!leftAlone.contains(block->getParentOp()))
      blocks.push_back(block);
  });
  AllocatingOps allocating(root, analysis->getCallees().getOuter());
  unsigned numReused = 0;
  for (Block *block : blocks)
    numReused += ::reuseFreedBuffers(rewriter, *block, *analysis,
                                     allowPeakIncrease ? nullptr : &allocating,
                                     skipBranchLastUses, numBytesReused);
  return numReused;
}

namespace {
/// Lets allocations take over buffers freed before them.
struct ReuseFreedBuffersPass
    : public bufferization::impl::ReuseFreedBuffersPassBase<
          ReuseFreedBuffersPass> {
  using Base::Base;

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return isFunctionOrSymbolTable(opName);
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    uint64_t numBytes = 0;
    unsigned numReused = reuseFreedBuffers(
        rewriter, getOperation(), numBytes, allowPeakIncrease,
        skipBranchLastUses, &getAnalysis<BufferLifetimeAnalysis>());
    numAllocsReused += numReused;
    numBytesReused += numBytes;
    if (numReused == 0)
      markAllAnalysesPreserved();
    else // Kept up to date: the next pass on the function takes it.
      markAnalysesPreserved<BufferLifetimeAnalysis>();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Copy elision
//===----------------------------------------------------------------------===//

namespace {
/// The deallocations of the blocks that have copies, by the buffer they free
/// (directly or through the base buffer of its strided metadata), kept up to
/// date across the rewrites of copy elision.
class DeallocIndex {
public:
  /// Returns the first `memref.dealloc` after `op` in its block that frees
  /// `buffer`.
  memref::DeallocOp findAfter(Operation *op, Value buffer) {
    Block *block = op->getBlock();
    if (indexedBlocks.insert(block).second)
      for (auto dealloc : block->getOps<memref::DeallocOp>())
        byBuffer[getFreedMemRef(dealloc.getMemref())].push_back(dealloc);
    memref::DeallocOp first;
    for (memref::DeallocOp dealloc : byBuffer.lookup(buffer))
      if (dealloc->getBlock() == block && op->isBeforeInBlock(dealloc) &&
          (!first || dealloc->isBeforeInBlock(first)))
        first = dealloc;
    return first;
  }

  /// `dealloc` is about to be erased.
  void erase(memref::DeallocOp dealloc) {
    auto it = byBuffer.find(getFreedMemRef(dealloc.getMemref()));
    if (it != byBuffer.end())
      llvm::erase(it->second, dealloc);
  }

  /// The uses of `from` are about to be replaced with `to`.
  void replace(Value from, Value to) {
    auto it = byBuffer.find(from);
    if (it == byBuffer.end())
      return;
    SmallVector<memref::DeallocOp> deallocs = std::move(it->second);
    byBuffer.erase(it);
    llvm::append_range(byBuffer[to], deallocs);
  }

private:
  DenseSet<Block *> indexedBlocks;
  DenseMap<Value, SmallVector<memref::DeallocOp, 1>> byBuffer;
};

/// What copy elision keeps across its rewrites: the analyses, built once and
/// updated by each rewrite.
struct CopyElisionState {
  CopyElisionState(Operation *root, BufferLifetimeAnalysis &analysis)
      : analysis(analysis), origins(root), domInfo(root) {}

  BufferLifetimeAnalysis &analysis;
  AllocationOrigins origins;
  DominanceInfo domInfo;
  DeallocIndex deallocs;

  /// Returns true if `a` and `b` are known to be different allocations.
  bool areDistinct(Value a, Value b) {
    const Origin &originA = origins.get(a);
    std::optional<bool> same =
        AllocationOrigins::isSameAllocation(originA, origins.get(b));
    return same && !*same;
  }

  /// Removes `copy` and `sourceDealloc`, the deallocation of its source, and
  /// replaces the allocation `replaced` with `buffer`.
  void rewrite(RewriterBase &rewriter, memref::CopyOp copy,
               memref::DeallocOp sourceDealloc, memref::AllocOp replaced,
               Value buffer) {
    deallocs.erase(sourceDealloc);
    eraseFree(rewriter, sourceDealloc, analysis);
    rewriter.eraseOp(copy);
    Value from = replaced.getResult();
    analysis.notifyReplaced(from, buffer);
    origins.notifyReplaced(from, buffer);
    deallocs.replace(from, buffer);
    rewriter.replaceOp(replaced, buffer);
    // `buffer` now has the uses of both buffers; a function that passed one
    // of them on may now keep the other.
    analysis.notifyBodiesChanged();
  }
};
} // namespace

/// Returns true if `buffer` has at least the alignment `alloc` asks for: it
/// asks for none, or `buffer` is an allocation aligned for it.
static bool isValueAlignedFor(Value buffer, memref::AllocOp alloc) {
  if (!alloc.getAlignment())
    return true;
  auto bufferAlloc = buffer.getDefiningOp<memref::AllocOp>();
  return bufferAlloc && isAlignedFor(bufferAlloc, alloc);
}

namespace {
/// The ops of a copy that one of the buffers can replace.
struct CopyCandidate {
  memref::CopyOp copy;
  /// The deallocation of the source after the copy.
  memref::DeallocOp sourceDealloc;
};
} // namespace

/// Returns true if a use that is not understood, such as a stored
/// descriptor, may let an op see the source of the copy of `candidate` after
/// the copy: the source may escape, and an op other than a deallocation runs
/// between the copy and the deallocation of the source. After that
/// deallocation the input program cannot touch the source any more, and
/// before the copy both rewrites leave the source's memory as it was.
static bool isSourceSeenAfterCopy(CopyCandidate candidate,
                                  BufferLifetimeAnalysis &analysis) {
  for (Operation *op = candidate.copy->getNextNode();
       op != candidate.sourceDealloc; op = op->getNextNode())
    if (!isa<memref::DeallocOp, memref::ExtractStridedMetadataOp>(op))
      return analysis.mayEscape(candidate.copy.getSource());
  return false;
}

/// Returns true if an op between the copy of `candidate` and the free of its
/// source (other than `metadata`, which feeds the free), or an op nested in
/// one, uses a buffer that may share the source's allocation. Nothing after
/// the free needs a look: the input cannot touch the source's memory there,
/// so a buffer used after the free that may alias the source is in fact
/// another one; nor do uses outside the block, which run before the copy or
/// after the free, except through an escaped descriptor
/// (`isSourceSeenAfterCopy`). This walk costs the ops between the two, where
/// a look at every use of every alias of the source would cost, in a chain
/// of copies that each hand the same buffer on, the uses of all the buffers
/// merged into it before.
static bool isSourceUsedBeforeFree(CopyCandidate candidate, Operation *metadata,
                                   CopyElisionState &state) {
  Value source = candidate.copy.getSource();
  for (Operation *op = candidate.copy->getNextNode();
       op != candidate.sourceDealloc; op = op->getNextNode()) {
    if (op == metadata)
      continue;
    WalkResult result = op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (isa<BaseMemRefType>(operand.getType()) &&
            (operand == source || !state.areDistinct(operand, source)))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return true;
  }
  return false;
}

/// Reuses the source: `%t = alloc; ...; copy %s, %t; dealloc %s` where `%t`
/// is unused before the copy and `%s` is dead after it becomes `%s` in
/// place of `%t`.
static bool reuseSource(RewriterBase &rewriter, CopyCandidate candidate,
                        CopyElisionState &state) {
  BufferLifetimeAnalysis &analysis = state.analysis;
  memref::CopyOp copy = candidate.copy;
  Value source = copy.getSource(), target = copy.getTarget();
  auto targetAlloc = target.getDefiningOp<memref::AllocOp>();
  if (!targetAlloc || targetAlloc->getBlock() != copy->getBlock() ||
      source.getType() != target.getType() ||
      !isValueAlignedFor(source, targetAlloc))
    return false;
  Operation *metadata = candidate.sourceDealloc.getMemref().getDefiningOp();
  if (hasUseBetween(target, targetAlloc, copy, {copy}, analysis) ||
      isSourceUsedBeforeFree(candidate, metadata, state) ||
      isSourceSeenAfterCopy(candidate, analysis))
    return false;
  state.rewrite(rewriter, copy, candidate.sourceDealloc, targetAlloc, source);
  return true;
}

/// Reuses the target: `%s = alloc; ...; copy %s, %t; dealloc %s` where `%t`
/// exists before `%s` and nothing between the two ops touches the memory of
/// `%t` becomes `%t` in place of `%s`.
static bool reuseTarget(RewriterBase &rewriter, CopyCandidate candidate,
                        CopyElisionState &state) {
  BufferLifetimeAnalysis &analysis = state.analysis;
  memref::CopyOp copy = candidate.copy;
  Value source = copy.getSource(), target = copy.getTarget();
  auto sourceAlloc = source.getDefiningOp<memref::AllocOp>();
  if (!sourceAlloc || sourceAlloc->getBlock() != copy->getBlock() ||
      source.getType() != target.getType() ||
      !state.domInfo.properlyDominates(target, sourceAlloc) ||
      !isValueAlignedFor(target, sourceAlloc))
    return false;
  Operation *metadata = candidate.sourceDealloc.getMemref().getDefiningOp();
  if (hasUseAfter(source, copy, {candidate.sourceDealloc, metadata},
                  analysis) ||
      isSourceSeenAfterCopy(candidate, analysis))
    return false;
  // The ops between the allocation and the copy now write the target early:
  // they must have known memory effects, must not use the target, and every
  // other buffer they use must be known not to share the target's memory.
  // Only these ops run between the two: the others that use the target run
  // before the allocation or after the copy (which overwrote the target
  // anyway), so the walk looks at them and not at every use of the target,
  // which has the uses of all the buffers merged into it before.
  BufferLifetimeAnalysis::ValueSetT sourceAliases =
      analysis.getMayAliases(source);
  BufferLifetimeAnalysis::ValueSetT targetAliases =
      analysis.getMayAliases(target);
  for (Operation *op = sourceAlloc->getNextNode(); op != copy;
       op = op->getNextNode()) {
    WalkResult result = op->walk([&](Operation *nested) {
      // An op that may touch memory it does not name could read or write
      // the target's.
      if (isa<CallOpInterface>(nested) ||
          (!isa<MemoryEffectOpInterface>(nested) &&
           !nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>()))
        return WalkResult::interrupt();
      for (Value operand : nested->getOperands()) {
        if (!isa<BaseMemRefType>(operand.getType()))
          continue;
        // A value that may be the target, even if it may also be the source
        // (a select of both), may see the target written early.
        if (targetAliases.contains(operand))
          return WalkResult::interrupt();
        if (sourceAliases.contains(operand))
          continue;
        if (!state.areDistinct(operand, target))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return false;
  }
  state.rewrite(rewriter, copy, candidate.sourceDealloc, sourceAlloc, target);
  return true;
}

unsigned
mlir::bufferization::elideBufferCopies(RewriterBase &rewriter, Operation *root,
                                       BufferLifetimeAnalysis *analysis) {
  FunctionsLeftAlone leftAlone(root);
  SmallVector<memref::CopyOp> copies;
  root->walk([&](memref::CopyOp copy) {
    if (!leftAlone.contains(copy))
      copies.push_back(copy);
  });

  // The analyses are built once, on the first copy that may go, and kept up
  // to date by the rewrites.
  std::optional<BufferLifetimeAnalysis> own;
  std::optional<CopyElisionState> state;
  unsigned numElided = 0;
  for (memref::CopyOp copy : copies) {
    if (!state)
      state.emplace(root, analysis ? *analysis : own.emplace(root));
    memref::DeallocOp dealloc =
        state->deallocs.findAfter(copy, copy.getSource());
    if (!dealloc)
      continue;
    Location loc = copy.getLoc();
    CopyCandidate candidate{copy, dealloc};
    StringRef kind;
    if (reuseSource(rewriter, candidate, *state))
      kind = "its target is replaced with its source";
    else if (reuseTarget(rewriter, candidate, *state))
      kind = "its source is replaced with its target";
    else
      continue;
    remark::passed(
        loc,
        remark::RemarkOpts::name("CopyElided").category("elide-buffer-copies"))
        << ("copy removed: " + kind).str();
    ++numElided;
  }
  return numElided;
}

namespace {
/// Removes copies between a dying buffer and a fresh one.
struct ElideBufferCopiesPass
    : public bufferization::impl::ElideBufferCopiesPassBase<
          ElideBufferCopiesPass> {
  using Base::Base;

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return isFunctionOrSymbolTable(opName);
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    unsigned numElided = elideBufferCopies(
        rewriter, getOperation(), &getAnalysis<BufferLifetimeAnalysis>());
    numCopiesElided += numElided;
    if (numElided == 0)
      markAllAnalysesPreserved();
    else // Kept up to date: the next pass on the function takes it.
      markAnalysesPreserved<BufferLifetimeAnalysis>();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// SummarizeCalleeBuffersPass
//===----------------------------------------------------------------------===//

namespace {
/// Decides what the functions of a module do with their buffer arguments,
/// for the passes nested per function right after it.
struct SummarizeCalleeBuffersPass
    : public bufferization::impl::SummarizeCalleeBuffersPassBase<
          SummarizeCalleeBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    // A fresh instance: one left by an earlier run may describe functions
    // that passes have changed since.
    getAnalysisManager().invalidate({});
    auto &facts = getAnalysis<CalleeBufferFacts>();
    if (freesFollowOwnership)
      facts.assumeFreesFollowOwnership();
    facts.decideAll();
    numFunctionsSummarized += facts.getNumDecidedFunctions();
    markAllAnalysesPreserved();
  }
};
} // namespace
