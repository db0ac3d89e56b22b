//===- SimplifyLoopOwnership.cpp - Constant ownership of loop buffers -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the simplification of the ownership indicators that
// the ownership-based buffer deallocation threads through `scf.for` and
// `scf.while` loops: indicators that are false in every iteration fold to
// constants, and a buffer that the caller frees right after a loop that
// always yields owned buffers is handed to the loop instead, so that its
// indicator becomes true in every iteration.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_SIMPLIFYLOOPOWNERSHIPPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

/// The category of the remarks of the pass.
static constexpr llvm::StringLiteral kRemarkCategory =
    "simplify-loop-ownership";

/// How deep `isFalseInEveryIteration` looks through the ops that compute an
/// indicator.
static constexpr unsigned kMaxDepth = 16;

//===----------------------------------------------------------------------===//
// Constant-false indicators
//===----------------------------------------------------------------------===//

/// Returns the value that `scf.condition` forwards, in the same iteration, to
/// `arg` if it is an argument of the "after" region of an `scf.while`; null
/// otherwise.
static Value getForwardedValue(BlockArgument arg) {
  auto whileOp = dyn_cast<scf::WhileOp>(arg.getOwner()->getParentOp());
  if (!whileOp || arg.getOwner() != whileOp.getAfterBody())
    return Value();
  return whileOp.getConditionOp().getArgs()[arg.getArgNumber()];
}

/// Returns true if `value` is false whenever every value of `assumed` is
/// false. Ownership indicators are built from constants, `arith.andi`,
/// `arith.ori`, `arith.select` and the updated conditions of
/// `bufferization.dealloc` ops (a retained buffer is owned only if one of the
/// freed candidates that aliases it is), all of which are understood here.
static bool isFalseInEveryIteration(Value value,
                                    const llvm::SmallDenseSet<Value> &assumed,
                                    unsigned depth = 0) {
  if (depth > kMaxDepth || !value.getType().isInteger(1))
    return false;
  if (assumed.contains(value) || matchPattern(value, m_Zero()))
    return true;
  auto recurse = [&](Value operand) {
    return isFalseInEveryIteration(operand, assumed, depth + 1);
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Value forwarded = getForwardedValue(arg);
    return forwarded && recurse(forwarded);
  }
  Operation *def = value.getDefiningOp();
  if (isa<arith::AndIOp>(def))
    return llvm::any_of(def->getOperands(), recurse);
  if (isa<arith::OrIOp>(def))
    return llvm::all_of(def->getOperands(), recurse);
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return recurse(select.getTrueValue()) && recurse(select.getFalseValue());
  if (auto dealloc = dyn_cast<DeallocOp>(def))
    return llvm::all_of(dealloc.getConditions(), recurse);
  return false;
}

/// Returns `value` without the `memref.cast` ops that produced it, which
/// change the type of a buffer but not the buffer.
static Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// Returns the buffer that `value` is a view of, through the views whose
/// descriptor keeps the allocated and the aligned pointer of their source and
/// that lie within it (casts, reshapes and subviews): a free of the base
/// buffer of `value` frees that buffer. Not looked through: `memref.view`,
/// whose aligned pointer is shifted, address-space casts, and
/// `memref.reinterpret_cast`, whose type may claim more memory than its
/// source has, so that `double-buffer-loops` could recycle the freed buffer
/// for a larger allocation of the view's type.
static Value stripSamePointerViews(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<memref::CastOp, memref::CollapseShapeOp, memref::ExpandShapeOp,
             memref::SubViewOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

static bool isTrueInEveryIteration(Value value,
                                   const llvm::SmallDenseSet<Value> &assumed,
                                   unsigned depth = 0);

/// Returns true if `buffer` is a buffer of `owned` or else `indicator` (if
/// any) is true, whenever both are computed and every value of `assumed` is
/// true. An `arith.select` of buffers is decided for both of its operands;
/// the results of `scf.if` and `scf.index_switch`, with an indicator that the
/// same op returns, region by region: in each, the yielded buffer is one of
/// `owned` or the yielded indicator is true.
static bool isOwnedOrTrue(Value buffer, Value indicator,
                          const llvm::SmallDenseSet<Value> &owned,
                          const llvm::SmallDenseSet<Value> &assumed,
                          unsigned depth) {
  if (depth > kMaxDepth)
    return false;
  if (owned.contains(stripCasts(buffer)) ||
      (indicator && isTrueInEveryIteration(indicator, assumed, depth + 1)))
    return true;
  if (auto select = buffer.getDefiningOp<arith::SelectOp>())
    return isOwnedOrTrue(select.getTrueValue(), indicator, owned, assumed,
                         depth + 1) &&
           isOwnedOrTrue(select.getFalseValue(), indicator, owned, assumed,
                         depth + 1);
  auto bufferResult = dyn_cast<OpResult>(buffer);
  auto indicatorResult = dyn_cast_or_null<OpResult>(indicator);
  if (!bufferResult || !indicatorResult ||
      bufferResult.getOwner() != indicatorResult.getOwner() ||
      !isa<scf::IfOp, scf::IndexSwitchOp>(bufferResult.getOwner()))
    return false;
  return llvm::all_of(bufferResult.getOwner()->getRegions(), [&](Region &r) {
    auto yield = dyn_cast<scf::YieldOp>(r.front().getTerminator());
    return yield &&
           isOwnedOrTrue(yield.getOperand(bufferResult.getResultNumber()),
                         yield.getOperand(indicatorResult.getResultNumber()),
                         owned, assumed, depth + 1);
  });
}

/// How many operands `isJoinedOwnership` looks at in a tree of `arith.ori`.
static constexpr unsigned kMaxOrOperands = 16;

/// Returns true if `orOp` is true whenever it is computed and every value of
/// `assumed` is true because it joins the updated conditions that
/// `bufferization.dealloc` ops give a buffer they retain with what makes up
/// for them: the retained buffer is owned after the deallocs if it is one of
/// the buffers they free under a true condition, and another operand of the
/// `arith.ori` tree is true wherever it is not (see `isOwnedOrTrue`). This is
/// how the deallocation computes the ownership of a buffer that a loop
/// iteration passes on from the previous one, replaces by an owned one, or
/// picks among such buffers.
static bool isJoinedOwnership(arith::OrIOp orOp,
                              const llvm::SmallDenseSet<Value> &assumed,
                              unsigned depth) {
  // The operands of the tree of `arith.ori` ops rooted at `orOp`.
  SmallVector<Value> operands;
  SmallVector<Value> worklist = {orOp.getLhs(), orOp.getRhs()};
  while (!worklist.empty() && operands.size() < kMaxOrOperands) {
    Value value = worklist.pop_back_val();
    if (auto inner = value.getDefiningOp<arith::OrIOp>()) {
      worklist.append({inner.getLhs(), inner.getRhs()});
      continue;
    }
    operands.push_back(value);
  }
  if (!worklist.empty())
    return false;

  // The buffers that the deallocs of each retained buffer free under a true
  // condition, and the operands that are not its updated conditions.
  llvm::SmallMapVector<Value, llvm::SmallDenseSet<Value>, 2> ownedOf;
  for (Value operand : operands) {
    auto result = dyn_cast<OpResult>(operand);
    auto dealloc =
        result ? dyn_cast<DeallocOp>(result.getOwner()) : DeallocOp();
    if (!dealloc)
      continue;
    llvm::SmallDenseSet<Value> &owned =
        ownedOf[dealloc.getRetained()[result.getResultNumber()]];
    for (auto [memref, condition] :
         llvm::zip_equal(dealloc.getMemrefs(), dealloc.getConditions()))
      if (isTrueInEveryIteration(condition, assumed, depth + 1))
        owned.insert(stripCasts(getFreedMemRef(memref)));
  }
  for (auto &[retained, owned] : ownedOf) {
    if (owned.empty())
      continue;
    if (isOwnedOrTrue(retained, Value(), owned, assumed, depth + 1))
      return true;
    for (Value operand : operands) {
      auto result = dyn_cast<OpResult>(operand);
      if (result && isa<DeallocOp>(result.getOwner()))
        continue;
      if (isOwnedOrTrue(retained, operand, owned, assumed, depth + 1))
        return true;
    }
  }
  return false;
}

/// Returns true if `value` is true whenever it is computed and every value
/// of `assumed` (the induction hypothesis of an enclosing loop) is true: a
/// constant true, `arith.ori` with such an operand or that joins the updated
/// ownership of a retained buffer (see `isJoinedOwnership`), `arith.andi`
/// of such operands, an argument of the "after" region of an `scf.while`
/// that `scf.condition` forwards such a value to, or the indicator result of
/// an `scf.for` that starts true and stays true over an iteration that
/// starts with it true (such as one that took its init over from a function
/// that owned it).
static bool isTrueInEveryIteration(Value value,
                                   const llvm::SmallDenseSet<Value> &assumed,
                                   unsigned depth) {
  if (depth > kMaxDepth || !value.getType().isInteger(1))
    return false;
  if (assumed.contains(value) || matchPattern(value, m_One()))
    return true;
  auto recurse = [&](Value operand) {
    return isTrueInEveryIteration(operand, assumed, depth + 1);
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Value forwarded = getForwardedValue(arg);
    return forwarded && recurse(forwarded);
  }
  if (auto result = dyn_cast<OpResult>(value)) {
    if (auto forOp = dyn_cast<scf::ForOp>(result.getOwner())) {
      unsigned index = result.getResultNumber();
      llvm::SmallDenseSet<Value> inLoop(assumed);
      inLoop.insert(forOp.getRegionIterArgs()[index]);
      return recurse(forOp.getInitArgs()[index]) &&
             isTrueInEveryIteration(forOp.getYieldedValues()[index], inLoop,
                                    depth + 1);
    }
  }
  Operation *def = value.getDefiningOp();
  if (auto orOp = dyn_cast_or_null<arith::OrIOp>(def))
    return recurse(orOp.getLhs()) || recurse(orOp.getRhs()) ||
           isJoinedOwnership(orOp, assumed, depth);
  if (isa_and_nonnull<arith::AndIOp>(def))
    return llvm::all_of(def->getOperands(), recurse);
  return false;
}

/// Returns true if `value` equals `constant` whenever every value of
/// `assumed` does.
static bool
isConstantInEveryIteration(Value value, bool constant,
                           const llvm::SmallDenseSet<Value> &assumed) {
  return constant ? isTrueInEveryIteration(value, assumed)
                  : isFalseInEveryIteration(value, assumed);
}

/// Shrinks `candidates`, a set of i1 region arguments whose initial values
/// are `constant`, to the greatest subset whose values carried to the next
/// iteration (given by `getNextValue`) equal `constant` whenever the whole
/// subset does. By induction over the iterations, the arguments left equal
/// `constant` in every iteration.
static void
keepConstantInEveryIteration(llvm::SmallDenseSet<Value> &candidates,
                             bool constant,
                             function_ref<Value(BlockArgument)> getNextValue) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Value candidate : llvm::to_vector(candidates)) {
      Value next = getNextValue(cast<BlockArgument>(candidate));
      if (isConstantInEveryIteration(next, constant, candidates))
        continue;
      candidates.erase(candidate);
      changed = true;
    }
  }
}

/// Returns true if `value` is the constant `constant` of type i1.
static bool isConstant(Value value, bool constant) {
  return constant ? matchPattern(value, m_One())
                  : matchPattern(value, m_Zero());
}

/// Replaces the uses of `value` with `replacement` and returns whether there
/// were any.
static bool replaceUses(RewriterBase &rewriter, Value value,
                        Value replacement) {
  if (value.use_empty())
    return false;
  rewriter.replaceAllUsesWith(value, replacement);
  return true;
}

/// Folds the i1 iteration arguments of `forOp` that equal `constant` in
/// every iteration, and the corresponding results. Returns the number of
/// arguments folded.
static unsigned foldConstantIterArgs(RewriterBase &rewriter, scf::ForOp forOp,
                                     bool constant) {
  llvm::SmallDenseSet<Value> candidates;
  for (auto [init, arg] :
       llvm::zip_equal(forOp.getInitArgs(), forOp.getRegionIterArgs()))
    if (arg.getType().isInteger(1) && isConstant(init, constant))
      candidates.insert(arg);
  auto yieldOp = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  keepConstantInEveryIteration(candidates, constant, [&](BlockArgument arg) {
    return yieldOp
        .getResults()[arg.getArgNumber() - forOp.getNumInductionVars()];
  });
  if (candidates.empty())
    return 0;

  rewriter.setInsertionPoint(forOp);
  Value constantValue = arith::ConstantOp::create(
      rewriter, forOp.getLoc(), rewriter.getBoolAttr(constant));
  unsigned numFolded = 0;
  for (auto [arg, result] :
       llvm::zip_equal(forOp.getRegionIterArgs(), forOp.getResults())) {
    if (!candidates.contains(arg))
      continue;
    bool folded = replaceUses(rewriter, arg, constantValue);
    folded |= replaceUses(rewriter, result, constantValue);
    numFolded += folded;
  }
  return numFolded;
}

/// Folds the i1 arguments of the "before" region of `whileOp` that equal
/// `constant` in every iteration, and the values forwarded by its
/// `scf.condition` that follow from them. Returns the number of values
/// folded.
static unsigned foldConstantIterArgs(RewriterBase &rewriter,
                                     scf::WhileOp whileOp, bool constant) {
  llvm::SmallDenseSet<Value> candidates;
  for (auto [init, arg] :
       llvm::zip_equal(whileOp.getInits(), whileOp.getBeforeArguments()))
    if (arg.getType().isInteger(1) && isConstant(init, constant))
      candidates.insert(arg);
  scf::YieldOp yieldOp = whileOp.getYieldOp();
  keepConstantInEveryIteration(candidates, constant, [&](BlockArgument arg) {
    return yieldOp.getResults()[arg.getArgNumber()];
  });
  if (candidates.empty())
    return 0;

  rewriter.setInsertionPoint(whileOp);
  Value constantValue = arith::ConstantOp::create(
      rewriter, whileOp.getLoc(), rewriter.getBoolAttr(constant));
  // Decide which forwarded values are constant before rewriting any use.
  SmallVector<bool> forwardedConstant = llvm::map_to_vector(
      whileOp.getConditionOp().getArgs(), [&](Value forwarded) {
        return !isConstant(forwarded, constant) &&
               isConstantInEveryIteration(forwarded, constant, candidates);
      });
  unsigned numFolded = 0;
  for (BlockArgument arg : whileOp.getBeforeArguments())
    if (candidates.contains(arg))
      numFolded += replaceUses(rewriter, arg, constantValue);
  for (auto [index, isFolded] : llvm::enumerate(forwardedConstant)) {
    if (!isFolded)
      continue;
    bool folded = replaceUses(rewriter, whileOp.getAfterArguments()[index],
                              constantValue);
    folded |= replaceUses(rewriter, whileOp.getResult(index), constantValue);
    numFolded += folded;
  }
  return numFolded;
}

/// Folds the ownership indicators of the loops nested in `root` that equal
/// `constant` in every iteration, inner loops first, so that an outer loop
/// sees the folded results of the inner ones. Returns the number folded.
static unsigned foldConstantIndicators(RewriterBase &rewriter, Operation *root,
                                       bool constant) {
  unsigned numFolded = 0;
  root->walk([&](Operation *op) {
    unsigned numFoldedInLoop = 0;
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      numFoldedInLoop = foldConstantIterArgs(rewriter, forOp, constant);
    else if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      numFoldedInLoop = foldConstantIterArgs(rewriter, whileOp, constant);
    else
      return;
    if (numFoldedInLoop)
      remark::passed(
          op->getLoc(),
          remark::RemarkOpts::name("OwnershipFolded").category(kRemarkCategory))
          << ("folded " + Twine(numFoldedInLoop) +
              " loop-carried ownership indicator(s) to " +
              (constant ? "true" : "false"))
                 .str();
    numFolded += numFoldedInLoop;
  });
  return numFolded;
}

//===----------------------------------------------------------------------===//
// Ownership transfer into loops
//===----------------------------------------------------------------------===//

/// Returns the position among `values` (the inits or the results of a loop)
/// of the ownership indicator that the ownership-based deallocation appended
/// for the memref at `index`: the indicators follow all other values, in the
/// order of the memrefs.
static std::optional<unsigned> getOwnershipIndex(ValueRange values,
                                                 unsigned index) {
  unsigned numMemRefs = llvm::count_if(
      values.getTypes(), [](Type type) { return isa<BaseMemRefType>(type); });
  if (numMemRefs * 2 > values.size())
    return std::nullopt;
  unsigned rank = llvm::count_if(values.take_front(index).getTypes(),
                                 [](Type t) { return isa<BaseMemRefType>(t); });
  unsigned ownershipIndex = values.size() - numMemRefs + rank;
  if (!values[ownershipIndex].getType().isInteger(1))
    return std::nullopt;
  return ownershipIndex;
}

/// The positions at which the `bufferization.dealloc` ops nested in a root
/// free each buffer, indexed by the buffer (see `getFreedMemRef`).
using FreedBuffers =
    llvm::DenseMap<Value, SmallVector<std::pair<DeallocOp, unsigned>, 1>>;

/// The `bufferization.dealloc` ops that retain each value, with the
/// positions, ascending per dealloc.
using RetainedBuffers =
    llvm::DenseMap<Value, SmallVector<std::pair<DeallocOp, unsigned>, 1>>;

/// Indexes the buffers freed by the `bufferization.dealloc` ops in `root`,
/// and the values they retain into `retained`.
static FreedBuffers collectFreedBuffers(Operation *root,
                                        RetainedBuffers &retained) {
  FreedBuffers freed;
  root->walk([&](DeallocOp dealloc) {
    for (auto [index, memref] : llvm::enumerate(dealloc.getMemrefs()))
      freed[getFreedMemRef(memref)].push_back(
          {dealloc, static_cast<unsigned>(index)});
    for (auto [index, value] : llvm::enumerate(dealloc.getRetained()))
      retained[value].push_back({dealloc, static_cast<unsigned>(index)});
  });
  return freed;
}

/// Returns the first position at which `dealloc` retains `value`, if any.
static std::optional<unsigned>
findRetained(DeallocOp dealloc, Value value,
             const RetainedBuffers &retainedBuffers) {
  auto it = retainedBuffers.find(value);
  if (it == retainedBuffers.end())
    return std::nullopt;
  for (auto [retaining, index] : it->second)
    if (retaining == dealloc)
      return index;
  return std::nullopt;
}

/// Returns true if `dealloc` retains a value of `aliases` at a position
/// other than `except`. Looks at the shorter of the two lists: a dealloc at
/// the end of a function that returns thousands of buffers retains them
/// all, and each loop and branch op before it asks.
static bool retainsAlias(DeallocOp dealloc,
                         const BufferLifetimeAnalysis::ValueSetT &aliases,
                         const RetainedBuffers &retainedBuffers,
                         std::optional<unsigned> except = std::nullopt) {
  ValueRange retained = dealloc.getRetained();
  if (aliases.size() < retained.size()) {
    for (Value alias : aliases) {
      auto it = retainedBuffers.find(alias);
      if (it == retainedBuffers.end())
        continue;
      for (auto [retaining, index] : it->second)
        if (retaining == dealloc && index != except)
          return true;
    }
    return false;
  }
  for (auto [index, value] : llvm::enumerate(retained))
    if (index != except && aliases.contains(value))
      return true;
  return false;
}

/// Finds the `bufferization.dealloc` after `loop` in its block that frees
/// the init `buffer` of the loop, and returns it with the position of
/// `buffer` among its memrefs; none if several positions free it.
static std::optional<std::pair<DeallocOp, unsigned>>
findDeallocAfterLoop(Operation *loop, Value buffer,
                     const FreedBuffers &freedBuffers) {
  auto it = freedBuffers.find(buffer);
  if (it == freedBuffers.end())
    return std::nullopt;
  std::optional<std::pair<DeallocOp, unsigned>> found;
  for (auto [dealloc, index] : it->second) {
    if (dealloc->getBlock() != loop->getBlock() ||
        !loop->isBeforeInBlock(dealloc))
      continue;
    if (found)
      return std::nullopt;
    found = std::make_pair(dealloc, index);
  }
  return found;
}

/// Returns true if no alias of `buffer` (the values in `aliases`) that
/// exists before `op` is used after `op` other than by `dealloc`, to free it
/// at `position`, or in a region that is neither, nor by `op` or an op nested
/// in it unless `isAcceptedUseInOp` accepts the use, and no alias that exists
/// before `op` or in it has a use that may keep the buffer reachable (such as
/// a stored descriptor, which a later iteration of a loop, or the code after
/// a branch, could load back after the buffer was freed).
static bool
isOnlyFreedAfter(Operation *op, Value buffer, DeallocOp dealloc,
                 unsigned position,
                 const BufferLifetimeAnalysis::ValueSetT &aliases,
                 BufferLifetimeAnalysis &analysis, DominanceInfo &domInfo,
                 function_ref<bool(Value, OpOperand &)> isAcceptedUseInOp) {
  Block *block = op->getBlock();
  OpOperand &freeingOperand = dealloc.getMemrefsMutable()[position];
  // A value computed before a fresh allocation cannot hold it, whatever the
  // alias sets say: in a loop around both, it holds a buffer of an earlier
  // iteration at most.
  Value allocated = stripSamePointerViews(buffer);
  Operation *allocOp = allocated.getDefiningOp();
  if (allocOp && !hasEffect<MemoryEffects::Allocate>(allocOp, allocated))
    allocOp = nullptr;
  for (Value alias : aliases) {
    if (allocOp && domInfo.properlyDominates(alias, allocOp))
      continue;
    // Aliases that do not exist before `op` are either created by it (which
    // owns them after the transfer) or derived after it from an alias that
    // exists before it, whose use is checked here. In `op`, they must not
    // escape.
    if (!domInfo.properlyDominates(alias, op)) {
      if (llvm::any_of(alias.getUses(), [&](OpOperand &use) {
            return op->isProperAncestor(use.getOwner()) &&
                   !analysis.isUnderstoodUse(use);
          }))
        return false;
      continue;
    }
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      if (op->isAncestor(user)) {
        if (!isAcceptedUseInOp(alias, use))
          return false;
        continue;
      }
      if (&use == &freeingOperand)
        continue;
      // `memref.extract_strided_metadata` of the buffer that only feeds the
      // dealloc.
      if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(user);
          metadata && alias == buffer &&
          llvm::all_of(metadata->getUses(), [&](OpOperand &metadataUse) {
            return &metadataUse == &freeingOperand;
          }))
        continue;
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || !ancestor->isBeforeInBlock(op) ||
          !analysis.isUnderstoodUse(use))
        return false;
    }
  }
  return true;
}

/// Returns true if no alias of the init `buffer` of `loop` that exists
/// before the loop is used by the loop other than as the init, once, and the
/// buffer is otherwise only freed after the loop (see `isOnlyFreedAfter`).
static bool
isOnlyFreedAfterLoop(Operation *loop, Value buffer, DeallocOp dealloc,
                     unsigned position,
                     const BufferLifetimeAnalysis::ValueSetT &aliases,
                     BufferLifetimeAnalysis &analysis, DominanceInfo &domInfo) {
  unsigned numInitUses = 0;
  return isOnlyFreedAfter(loop, buffer, dealloc, position, aliases, analysis,
                          domInfo,
                          [&](Value alias, OpOperand &use) {
                            return use.getOwner() == loop && alias == buffer &&
                                   ++numInitUses == 1;
                          }) &&
         numInitUses == 1;
}

/// How many single-use `arith.ori` ops `joinsOwnership` follows.
static constexpr unsigned kMaxOrChain = 8;

/// Returns true if `ownership` is used once, by a chain of `arith.ori` ops
/// each used once, one of which joins `indicator` in.
static bool joinsOwnership(Value ownership, Value indicator) {
  for (unsigned depth = 0; depth < kMaxOrChain; ++depth) {
    if (!ownership.hasOneUse())
      return false;
    auto orOp = dyn_cast<arith::OrIOp>(*ownership.user_begin());
    if (!orOp)
      return false;
    Value other = orOp.getLhs() == ownership ? orOp.getRhs() : orOp.getLhs();
    if (other == indicator)
      return true;
    ownership = orOp.getResult();
  }
  return false;
}

/// Returns true if `dealloc`, which frees the init buffer of `loop` (whose
/// aliases are `aliases`) at `position`, still accounts for that buffer when
/// the loop takes it over and the dealloc no longer frees it there. After
/// the transfer, a loop that does not iterate hands the init on as its
/// result, with the ownership the dealloc freed it with. So each memref
/// result of the loop that may be the init must reach the dealloc with its
/// ownership indicator, in one of the two forms the deallocation and its
/// simplification leave:
///
/// * the dealloc frees the result under the result's indicator; what it
///   retained in place of the init it then retains in place of the result;
/// * the dealloc retains the result itself, its updated ownership of it is
///   joined with the result's indicator by `arith.ori` ops, and no other
///   retained value may be the init.
///
/// Without retained values, the first form is also what keeps a result that
/// is the init from leaking.
static bool resultsCarryInit(LoopLikeOpInterface loop, DeallocOp dealloc,
                             unsigned position,
                             const BufferLifetimeAnalysis::ValueSetT &aliases,
                             const FreedBuffers &freedBuffers,
                             const RetainedBuffers &retainedBuffers) {
  ValueRange results = loop->getResults();
  for (auto [index, result] : llvm::enumerate(results)) {
    if (!isa<BaseMemRefType>(result.getType()) || !aliases.contains(result))
      continue;
    std::optional<unsigned> ownershipIndex = getOwnershipIndex(results, index);
    if (!ownershipIndex)
      return false;
    Value indicator = results[*ownershipIndex];
    // The positions that free the result, from the index rather than from
    // the dealloc's operands: a block's dealloc may free thousands of
    // buffers, and each loop before it asks.
    auto freedAt = freedBuffers.find(result);
    if (freedAt != freedBuffers.end() &&
        llvm::any_of(freedAt->second, [&](auto entry) {
          auto [freeing, entryIndex] = entry;
          return freeing == dealloc && entryIndex != position &&
                 dealloc.getConditions()[entryIndex] == indicator &&
                 getFreedMemRef(dealloc.getMemrefs()[entryIndex]) == result;
        }))
      continue;
    std::optional<unsigned> retainedIndex =
        findRetained(dealloc, result, retainedBuffers);
    if (!retainedIndex ||
        retainsAlias(dealloc, aliases, retainedBuffers, *retainedIndex))
      return false;
    if (!joinsOwnership(dealloc.getUpdatedConditions()[*retainedIndex],
                        indicator))
      return false;
  }
  return true;
}

/// Hands the init buffers of `loop` (an `scf.for` or `scf.while`) that the
/// enclosing block frees right after the loop to the loop, when the loop
/// always yields owned buffers in their place: the loop then frees the init
/// in its first iteration and the buffer's ownership indicator is true in
/// every iteration. The positions of the deallocs that no longer free the
/// buffers are added to `handedOver`; the caller drops them, all at once so
/// that the blocks keep their order and the deallocs are rebuilt once.
/// Returns the number of buffers handed over.
static unsigned transferOwnershipIntoLoop(
    RewriterBase &rewriter, LoopLikeOpInterface loop,
    BufferLifetimeAnalysis &analysis, DominanceInfo &domInfo,
    const FreedBuffers &freedBuffers, const RetainedBuffers &retainedBuffers,
    llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> &handedOver) {
  std::optional<ValueRange> yielded = loop.getYieldedValues();
  if (!yielded)
    return 0;
  unsigned numTransferred = 0;
  for (auto [index, init] : llvm::enumerate(loop.getInits())) {
    if (!isa<BaseMemRefType>(init.getType()))
      continue;
    std::optional<unsigned> ownershipIndex =
        getOwnershipIndex(loop.getInits(), index);
    if (!ownershipIndex ||
        !matchPattern(loop.getInits()[*ownershipIndex], m_Zero()) ||
        !isTrueInEveryIteration((*yielded)[*ownershipIndex],
                                {loop.getRegionIterArgs()[*ownershipIndex]}))
      continue;
    // The block may free the buffer under another type than the loop's, or
    // free the buffer that the init is a view of: the loop frees the base
    // buffer of its state, which is that buffer.
    auto found =
        findDeallocAfterLoop(loop, stripSamePointerViews(init), freedBuffers);
    if (!found)
      continue;
    auto [dealloc, position] = *found;
    Value condition = dealloc.getConditions()[position];
    if (!domInfo.properlyDominates(condition, loop))
      continue;
    BufferLifetimeAnalysis::ValueSetT aliases = analysis.getMayAliases(init);
    if (!isOnlyFreedAfterLoop(loop, init, dealloc, position, aliases, analysis,
                              domInfo) ||
        !resultsCarryInit(loop, dealloc, position, aliases, freedBuffers,
                          retainedBuffers))
      continue;

    // The loop takes over the buffer under the condition the dealloc freed
    // it with. If the loop does not iterate, its result is the buffer with
    // that ownership, which the dealloc (or whoever takes the result) frees.
    rewriter.modifyOpInPlace(loop, [&, ownershipIndex = *ownershipIndex] {
      loop.getInitsMutable()[ownershipIndex].set(condition);
    });
    handedOver[dealloc].insert(position);
    remark::passed(loop.getLoc(),
                   remark::RemarkOpts::name("OwnershipTransferred")
                       .category(kRemarkCategory))
        << ("loop takes over the ownership of init #" + Twine(index)).str();
    ++numTransferred;
  }
  return numTransferred;
}

//===----------------------------------------------------------------------===//
// Ownership transfer into branches
//===----------------------------------------------------------------------===//

/// Returns the memref in the place of `memref`, which `dealloc` frees and
/// which is `buffer` (defined before `insertionPoint`), a cast of it or its
/// base buffer, to free `buffer` with before `insertionPoint`: `memref`
/// itself if it is defined there, else a new base buffer of `buffer`.
static Value getMemRefToFree(RewriterBase &rewriter, Value memref, Value buffer,
                             Operation *insertionPoint,
                             DominanceInfo &domInfo) {
  if (domInfo.properlyDominates(memref, insertionPoint))
    return memref;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(insertionPoint);
  return memref::ExtractStridedMetadataOp::create(rewriter, buffer.getLoc(),
                                                  buffer)
      .getBaseBuffer();
}

/// Returns true if every use of an alias of `result` (the values in
/// `aliases`) that does not exist before `op` is understood and in `op` or
/// before `dealloc`: a result that nothing frees may be freed at `dealloc`.
static bool isOnlyUsedBefore(Operation *op, DeallocOp dealloc,
                             const BufferLifetimeAnalysis::ValueSetT &aliases,
                             BufferLifetimeAnalysis &analysis,
                             DominanceInfo &domInfo) {
  return succeeded(BufferLifetimeAnalysis::getUseRangeInBlock(
      aliases, *op->getBlock(), [&](OpOperand &use, Operation *ancestor) {
        if (domInfo.properlyDominates(use.get(), op))
          return BufferUseAction::Skip;
        if (!analysis.isUnderstoodUse(use))
          return BufferUseAction::Stop;
        if (op->isAncestor(use.getOwner()))
          return BufferUseAction::Skip;
        if (!ancestor || !ancestor->isBeforeInBlock(dealloc))
          return BufferUseAction::Stop;
        return BufferUseAction::Count;
      }));
}

namespace {
/// What a region of a branch op does with a buffer handed over to it.
struct RegionHandOver {
  scf::YieldOp yield;
  /// The position among the yielded values of the buffer, or of the value
  /// that may be it, if any.
  std::optional<unsigned> index;
  /// Whether the region yields the buffer itself rather than a value that
  /// may be it.
  bool yieldsBuffer = false;
};

/// A branch op whose results have no ownership indicators and that takes a
/// buffer over: it gets an indicator for its result `index`, which each
/// region yields as `indicators` says, and a dealloc before `dealloc` frees
/// the result under it.
struct PendingIndicator {
  Operation *op;
  unsigned index;
  SmallVector<Value> indicators;
  DeallocOp dealloc;
};
} // namespace

/// Replaces `op` (an `scf.if` or `scf.index_switch`) with the same op with
/// one more result, an `i1` that each region yields the value of
/// `yielded` for, and returns the new op.
static Operation *appendIndicator(RewriterBase &rewriter, Operation *op,
                                  ArrayRef<Value> yielded) {
  SmallVector<Type> types(op->getResultTypes());
  types.push_back(rewriter.getI1Type());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), types, op->getOperands(),
      NamedAttrList(op->getAttrDictionary()), op->getPropertiesStorage(),
      BlockRange(), op->getNumRegions());
  rewriter.insert(newOp);
  for (auto [oldRegion, newRegion, value] :
       llvm::zip_equal(op->getRegions(), newOp->getRegions(), yielded)) {
    rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());
    auto yield = cast<scf::YieldOp>(newRegion.front().getTerminator());
    rewriter.modifyOpInPlace(
        yield, [&, value = value] { yield.getResultsMutable().append(value); });
  }
  rewriter.replaceOp(op, newOp->getResults().drop_back());
  return newOp;
}

/// Collects the `scf.yield` terminators of the regions of `op` into
/// `yields`. Returns false if a region is empty or ends otherwise.
static bool getRegionYields(Operation *op,
                            SmallVectorImpl<scf::YieldOp> &yields) {
  for (Region &region : op->getRegions()) {
    if (region.empty())
      return false;
    auto yield = dyn_cast<scf::YieldOp>(region.front().getTerminator());
    if (!yield)
      return false;
    yields.push_back(yield);
  }
  return true;
}

/// Returns what each region of `op` (whose terminators are `yields`) does
/// with `buffer`, whose aliases are `aliases`, if the regions may take it
/// over: each region yields the buffer itself as one result, with a false
/// indicator, or a value of its own that may be the buffer, and no other
/// alias of it; or no alias of it. At least one region must yield an alias
/// and one must not yield the buffer itself. The yield operands that are the
/// buffer itself are added to `keptOperands`.
static std::optional<SmallVector<RegionHandOver>>
planRegionHandOvers(Operation *op, ArrayRef<scf::YieldOp> yields, Value buffer,
                    const BufferLifetimeAnalysis::ValueSetT &aliases,
                    bool withoutIndicators, DominanceInfo &domInfo,
                    SmallPtrSetImpl<OpOperand *> &keptOperands) {
  ValueRange results = op->getResults();
  SmallVector<RegionHandOver> plans;
  bool someKeep = false, someFree = false;
  for (scf::YieldOp yield : yields) {
    RegionHandOver plan{yield, std::nullopt, false};
    for (OpOperand &operand : yield->getOpOperands()) {
      if (!aliases.contains(operand.get()))
        continue;
      unsigned index = operand.getOperandNumber();
      std::optional<unsigned> ownershipIndex =
          getOwnershipIndex(results, index);
      bool yieldsBuffer = operand.get() == buffer;
      if (plan.index ||
          (!yieldsBuffer && domInfo.properlyDominates(operand.get(), op)) ||
          (ownershipIndex
               ? yieldsBuffer &&
                     !matchPattern(yield.getOperand(*ownershipIndex), m_Zero())
               : !withoutIndicators))
        return std::nullopt;
      plan.index = index;
      plan.yieldsBuffer = yieldsBuffer;
      if (yieldsBuffer)
        keptOperands.insert(&operand);
    }
    someKeep |= plan.index.has_value();
    someFree |= !plan.yieldsBuffer;
    plans.push_back(plan);
  }
  if (!someKeep || !someFree)
    return std::nullopt;
  return plans;
}

/// Returns the one result of `op`, whose results have no ownership
/// indicators, that may be the buffer of `aliases`, if the regions of
/// `plans` yield no alias of it at another position and no alias of the
/// result is used after `dealloc`: a new dealloc can then free the result
/// there, under a new indicator. Returns null otherwise.
static Value getResultToOwn(Operation *op, ArrayRef<RegionHandOver> plans,
                            DeallocOp dealloc,
                            const BufferLifetimeAnalysis::ValueSetT &aliases,
                            BufferLifetimeAnalysis &analysis,
                            DominanceInfo &domInfo) {
  Value unowned;
  for (Value result : op->getResults()) {
    if (!aliases.contains(result))
      continue;
    if (unowned)
      return Value();
    unowned = result;
  }
  if (!unowned)
    return Value();
  unsigned resultNumber = cast<OpResult>(unowned).getResultNumber();
  if (llvm::any_of(plans, [&](const RegionHandOver &plan) {
        return plan.index && *plan.index != resultNumber;
      }))
    return Value();
  if (!isOnlyUsedBefore(op, dealloc, analysis.getMayAliases(unowned), analysis,
                        domInfo))
    return Value();
  return unowned;
}

/// Returns true if `use`, a use of the ownership indicator of `result`, reads
/// it as the ownership of `result` only, in one of the forms the deallocation
/// and its simplification give a result that leaves the function: the
/// condition of an `scf.if` that yields `result` if it is owned and a clone
/// of it otherwise, or an `arith.ori` that joins it with the ownership
/// `dealloc` updates for `result`, which it retains.
static bool readsAsOwnershipOf(OpOperand &use, Value result,
                               DeallocOp dealloc) {
  Operation *user = use.getOwner();
  if (auto ifOp = dyn_cast<scf::IfOp>(user)) {
    if (&use != &ifOp.getConditionMutable() || ifOp.getNumResults() != 1 ||
        ifOp.getElseRegion().empty())
      return false;
    auto thenYield = cast<scf::YieldOp>(ifOp.thenBlock()->getTerminator());
    auto elseYield = cast<scf::YieldOp>(ifOp.elseBlock()->getTerminator());
    auto clone = elseYield.getOperand(0).getDefiningOp<CloneOp>();
    return thenYield.getOperand(0) == result && clone &&
           clone.getInput() == result;
  }
  if (auto orOp = dyn_cast<arith::OrIOp>(user)) {
    Value other = use.getOperandNumber() == 0 ? orOp.getRhs() : orOp.getLhs();
    auto updated = dyn_cast<OpResult>(other);
    return updated && updated.getOwner() == dealloc.getOperation() &&
           dealloc.getRetained()[updated.getResultNumber()] == result;
  }
  return false;
}

/// Returns true if `dealloc` frees each result of `op` that may be the
/// buffer of `aliases` under the result's ownership indicator, at another
/// position than `position` (the buffer's): where the result is the buffer,
/// `dealloc` then frees it under the condition the region returns. Its other
/// uses must read it as the result's ownership (`readsAsOwnershipOf`), which
/// it remains.
static bool areResultsFreedUnderIndicators(
    Operation *op, DeallocOp dealloc, unsigned position,
    const BufferLifetimeAnalysis::ValueSetT &aliases) {
  ValueRange results = op->getResults();
  OperandRange conditions = dealloc.getConditions();
  unsigned begin = conditions.getBeginOperandIndex();
  return llvm::all_of(results, [&](Value result) {
    if (!isa<BaseMemRefType>(result.getType()) || !aliases.contains(result))
      return true;
    std::optional<unsigned> ownershipIndex =
        getOwnershipIndex(results, cast<OpResult>(result).getResultNumber());
    if (!ownershipIndex)
      return false;
    // The uses tell the position, without a search of the dealloc's
    // conditions.
    std::optional<unsigned> conditionIndex;
    for (OpOperand &use : results[*ownershipIndex].getUses()) {
      Operation *user = use.getOwner();
      if (user != dealloc.getOperation()) {
        if (!readsAsOwnershipOf(use, result, dealloc))
          return false;
        continue;
      }
      if (conditionIndex || use.getOperandNumber() < begin ||
          use.getOperandNumber() >= begin + conditions.size())
        return false;
      conditionIndex = use.getOperandNumber() - begin;
    }
    return conditionIndex && *conditionIndex != position &&
           getFreedMemRef(dealloc.getMemrefs()[*conditionIndex]) == result;
  });
}

/// Rewrites the regions of `op` as `plans` say: the regions that do not
/// yield `buffer` itself free it (unless the value they yield is it), under
/// `condition`, the condition `dealloc` freed it with at `position`; the
/// ownership each region returns for the value it yields includes the
/// buffer's. With `pending`, `op` has no indicators yet: the ownership each
/// region returns is added to `pending` instead.
static void handOverToRegions(RewriterBase &rewriter, Operation *op,
                              ArrayRef<RegionHandOver> plans, Value buffer,
                              DeallocOp dealloc, unsigned position,
                              PendingIndicator *pending,
                              DominanceInfo &domInfo) {
  ValueRange results = op->getResults();
  Value condition = dealloc.getConditions()[position];
  Location loc = dealloc.getLoc();
  for (const RegionHandOver &plan : plans) {
    scf::YieldOp yield = plan.yield;
    // The buffer as the regions that do not yield it free it.
    Value memref;
    if (!plan.yieldsBuffer)
      memref = getMemRefToFree(rewriter, dealloc.getMemrefs()[position], buffer,
                               yield, domInfo);
    rewriter.setInsertionPoint(yield);
    // The ownership of the yielded value after the hand-over.
    Value owned;
    if (plan.yieldsBuffer) {
      owned = condition;
    } else if (!plan.index) {
      DeallocOp::create(rewriter, loc, ValueRange{memref},
                        ValueRange{condition}, ValueRange{});
    } else {
      // Free the buffer unless the yielded value is it, which is then
      // owned as the buffer was.
      owned = DeallocOp::create(rewriter, loc, ValueRange{memref},
                                ValueRange{condition},
                                ValueRange{yield.getOperand(*plan.index)})
                  .getUpdatedConditions()
                  .front();
    }
    if (pending) {
      pending->indicators.push_back(
          owned
              ? owned
              : arith::ConstantIntOp::create(rewriter, loc, 0, 1).getResult());
      continue;
    }
    if (!owned)
      continue;
    unsigned ownershipIndex = *getOwnershipIndex(results, *plan.index);
    Value joined = owned;
    if (!plan.yieldsBuffer)
      joined = arith::OrIOp::create(rewriter, loc,
                                    yield.getOperand(ownershipIndex), owned);
    rewriter.modifyOpInPlace(yield, [&, yield = yield] {
      yield->setOperand(ownershipIndex, joined);
    });
  }
}

/// Returns the buffers from before `op` that the regions of `op` (whose
/// terminators are `yields`) may hand on: those a region yields, then those
/// that a value of a region's own that it yields may be (a loop in the
/// region that may yield its init back) and that a dealloc after `op` frees,
/// in the order of those frees.
static llvm::SmallSetVector<Value, 4>
getHandOverCandidates(Operation *op, ArrayRef<scf::YieldOp> yields,
                      BufferLifetimeAnalysis &analysis, DominanceInfo &domInfo,
                      const FreedBuffers &freedBuffers) {
  llvm::SmallSetVector<Value, 4> candidates;
  SmallVector<Value> ownValues;
  for (scf::YieldOp yield : yields) {
    for (Value operand : yield.getOperands()) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      if (domInfo.properlyDominates(operand, op))
        candidates.insert(operand);
      else
        ownValues.push_back(operand);
    }
  }
  // The alias sets are unordered: order what they give by the frees.
  struct FreedCandidate {
    DeallocOp dealloc;
    unsigned position;
    Value buffer;
  };
  SmallVector<FreedCandidate> freed;
  llvm::SmallPtrSet<Value, 8> seen(candidates.begin(), candidates.end());
  for (Value value : ownValues) {
    for (Value alias : analysis.getMayAliases(value)) {
      if (!isa<BaseMemRefType>(alias.getType()) || stripCasts(alias) != alias ||
          !domInfo.properlyDominates(alias, op) || !seen.insert(alias).second)
        continue;
      if (auto found = findDeallocAfterLoop(op, alias, freedBuffers))
        freed.push_back({found->first, found->second, alias});
    }
  }
  llvm::sort(freed, [](const FreedCandidate &a, const FreedCandidate &b) {
    if (a.dealloc != b.dealloc)
      return a.dealloc->isBeforeInBlock(b.dealloc);
    return a.position < b.position;
  });
  for (const FreedCandidate &candidate : freed)
    candidates.insert(candidate.buffer);
  return candidates;
}

/// Hands the buffers that some regions of `op` (an `scf.if` with an `else`
/// region or an `scf.index_switch`) yield, or may yield, and that the
/// enclosing block owns and frees right after `op`, over to the regions. A
/// region that yields the buffer returns it owned, under the condition the
/// block freed it with; one that yields a value of its own that may be the
/// buffer (the result of a nested branch op) frees the buffer unless that
/// value is it, and returns the value owned where it is; the others free
/// the buffer before their terminator, where `free-buffers-at-last-use`
/// can move the free up to the buffer's last use in the region. This is
/// what the deallocation of `cf` branches does, and what spares the runtime
/// alias check of the buffer against the result: in `x = c ? f(x) : x`, the
/// branch that calls `f` frees `x` and the result is always owned. Where the
/// results of `op` have no ownership indicators (no region owns what it
/// yields), one is added to `pending`. The positions of the deallocs that
/// no longer free the buffers are added to `handedOver`. Returns the number
/// of buffers handed over.
static unsigned transferOwnershipIntoBranches(
    RewriterBase &rewriter, Operation *op, BufferLifetimeAnalysis &analysis,
    DominanceInfo &domInfo, const FreedBuffers &freedBuffers,
    const RetainedBuffers &retainedBuffers,
    llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> &handedOver,
    SmallVectorImpl<PendingIndicator> &pending) {
  SmallVector<scf::YieldOp> yields;
  if (!getRegionYields(op, yields))
    return 0;
  // Without indicators, the regions own none of the buffers they yield.
  bool withoutIndicators = llvm::none_of(
      op->getResultTypes(), [](Type type) { return type.isInteger(1); });
  llvm::SmallSetVector<Value, 4> candidates =
      getHandOverCandidates(op, yields, analysis, domInfo, freedBuffers);

  unsigned numTransferred = 0;
  for (Value buffer : candidates) {
    // An op takes one buffer over at most while it has no indicators.
    if (withoutIndicators && numTransferred != 0)
      break;
    // The block may free the buffer under another type than the op's.
    auto found = findDeallocAfterLoop(op, stripCasts(buffer), freedBuffers);
    if (!found)
      continue;
    auto [dealloc, position] = *found;
    // Not `lookup`, which copies the set: it grows with every hand-over.
    auto handed = handedOver.find(dealloc);
    if (handed != handedOver.end() && handed->second.contains(position))
      continue;
    if (!domInfo.properlyDominates(dealloc.getConditions()[position], op))
      continue;
    BufferLifetimeAnalysis::ValueSetT aliases = analysis.getMayAliases(buffer);

    SmallPtrSet<OpOperand *, 4> keptOperands;
    std::optional<SmallVector<RegionHandOver>> plans = planRegionHandOvers(
        op, yields, buffer, aliases, withoutIndicators, domInfo, keptOperands);
    if (!plans)
      continue;

    // After `op`, the dealloc frees each result that may be the buffer under
    // its indicator. Without indicators, the one result that may be the
    // buffer is freed nowhere and used only before the dealloc: a new
    // dealloc frees it there under a new indicator.
    // A retained alias is a value after `op`: `isOnlyFreedAfter` rules out
    // those from before it. With indicators, it can only be the buffer as a
    // result of `op`, which `dealloc` frees under the result's indicator, so
    // `dealloc` still retains the buffer where it is the alias, with the
    // ownership the region returns. Without, the new dealloc of the result
    // before `dealloc` would free it where it is retained.
    Value unowned;
    if (withoutIndicators) {
      if (retainsAlias(dealloc, aliases, retainedBuffers))
        continue;
      unowned = getResultToOwn(op, *plans, dealloc, aliases, analysis, domInfo);
      if (!unowned)
        continue;
    } else if (!areResultsFreedUnderIndicators(op, dealloc, position,
                                               aliases)) {
      continue;
    }
    if (!isOnlyFreedAfter(op, buffer, dealloc, position, aliases, analysis,
                          domInfo, [&](Value alias, OpOperand &use) {
                            if (keptOperands.contains(&use))
                              return true;
                            Operation *user = use.getOwner();
                            return !(isa<scf::YieldOp>(user) &&
                                     user->getParentOp() == op) &&
                                   analysis.isUnderstoodUse(use);
                          }))
      continue;

    PendingIndicator *added = nullptr;
    if (withoutIndicators) {
      pending.push_back(
          {op, cast<OpResult>(unowned).getResultNumber(), {}, dealloc});
      added = &pending.back();
    }
    handOverToRegions(rewriter, op, *plans, buffer, dealloc, position, added,
                      domInfo);
    handedOver[dealloc].insert(position);
    remark::passed(op->getLoc(),
                   remark::RemarkOpts::name("OwnershipTransferred")
                       .category(kRemarkCategory))
        << "regions take over the ownership of a buffer they yield";
    ++numTransferred;
  }
  return numTransferred;
}

/// Gives each op of `pending` its indicator, and frees the result it is the
/// indicator of under it, before the dealloc that freed the buffer the op
/// took over.
static void addPendingIndicators(RewriterBase &rewriter,
                                 ArrayRef<PendingIndicator> pending) {
  for (const PendingIndicator &entry : pending) {
    Operation *newOp = appendIndicator(rewriter, entry.op, entry.indicators);
    DeallocOp dealloc = entry.dealloc;
    rewriter.setInsertionPoint(dealloc);
    Location loc = dealloc.getLoc();
    Value base = memref::ExtractStridedMetadataOp::create(
                     rewriter, loc, newOp->getResult(entry.index))
                     .getBaseBuffer();
    DeallocOp::create(rewriter, loc, ValueRange{base},
                      ValueRange{newOp->getResults().back()}, ValueRange{});
  }
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

LoopOwnershipSimplificationCounts mlir::bufferization::simplifyLoopOwnership(
    RewriterBase &rewriter, Operation *root, const CalleeBufferFacts *callees) {
  LoopOwnershipSimplificationCounts counts;
  // Fold constant-false indicators first: a loop that never owns a buffer
  // does not need it handed over.
  counts.numFolded +=
      foldConstantIndicators(rewriter, root, /*constant=*/false);

  SmallVector<LoopLikeOpInterface> loops;
  SmallVector<Operation *> branchOps;
  root->walk([&](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp>(op))
      loops.push_back(cast<LoopLikeOpInterface>(op));
    else if (isa<scf::IfOp, scf::IndexSwitchOp>(op) && op->getNumResults())
      branchOps.push_back(op);
  });
  // Nothing to hand over: most functions, now that the pass runs on each.
  if (loops.empty() && branchOps.empty())
    return counts;

  BufferLifetimeAnalysis analysis(root, /*callResultsAreOwned=*/true, callees);
  DominanceInfo domInfo(root);
  RetainedBuffers retainedBuffers;
  FreedBuffers freedBuffers = collectFreedBuffers(root, retainedBuffers);
  llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> handedOver;
  for (LoopLikeOpInterface loop : loops)
    counts.numTransferred +=
        transferOwnershipIntoLoop(rewriter, loop, analysis, domInfo,
                                  freedBuffers, retainedBuffers, handedOver);
  SmallVector<PendingIndicator> pending;
  for (Operation *branches : branchOps)
    counts.numTransferred += transferOwnershipIntoBranches(
        rewriter, branches, analysis, domInfo, freedBuffers, retainedBuffers,
        handedOver, pending);
  addPendingIndicators(rewriter, pending);

  // Drop the handed-over buffers from their deallocs.
  for (auto &[op, positions] : handedOver) {
    auto dealloc = cast<DeallocOp>(op);
    SmallVector<Value> memrefs, conditions;
    for (auto [index, memref, condition] :
         llvm::enumerate(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (positions.contains(index))
        continue;
      memrefs.push_back(memref);
      conditions.push_back(condition);
    }
    rewriter.setInsertionPoint(dealloc);
    rewriter.replaceOpWithNewOp<DeallocOp>(dealloc, memrefs, conditions,
                                           dealloc.getRetained());
  }

  // An indicator that starts true, such as that of a loop that took its
  // init over, and that an iteration that starts with it true keeps true,
  // is true in every iteration.
  counts.numFolded += foldConstantIndicators(rewriter, root, /*constant=*/true);
  return counts;
}

//===----------------------------------------------------------------------===//
// SimplifyLoopOwnershipPass
//===----------------------------------------------------------------------===//

namespace {
/// Simplifies the ownership indicators of loops after the ownership-based
/// buffer deallocation.
struct SimplifyLoopOwnershipPass
    : public bufferization::impl::SimplifyLoopOwnershipPassBase<
          SimplifyLoopOwnershipPass> {
  using Base::Base;

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return isFunctionOrSymbolTable(opName);
  }

  void runOnOperation() override {
    ChangedOpsRecorder recorder;
    IRRewriter rewriter(&getContext(), &recorder);
    LoopOwnershipSimplificationCounts counts = simplifyLoopOwnership(
        rewriter, getOperation(),
        CalleeBufferFacts::getDecided(getOperation(), getAnalysisManager()));
    numIndicatorsFolded += counts.numFolded;
    numBuffersTransferred += counts.numTransferred;
    // Nothing changed: this also spares the verifier's run after the pass.
    if (!recorder.changed) {
      markAllAnalysesPreserved();
      return;
    }
    if (!canonicalize)
      return;
    // The patterns are built on the first function that changed rather than
    // in `initialize`: most inputs give the pass nothing to change, and the
    // patterns cost more than the pass then. Each copy of the pass (one per
    // thread) builds them once, not once per function.
    if (!canonicalizations)
      canonicalizations = getDeallocationCanonicalizations(&getContext());
    canonicalizeChangedOps(recorder.takeChangedOps(), *canonicalizations);
  }

private:
  std::optional<FrozenRewritePatternSet> canonicalizations;
};
} // namespace
