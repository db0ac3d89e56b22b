//===- LowerDeallocationsToSCF.cpp - Inline lowering of deallocs ----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a lowering of `bufferization.dealloc` ops to
// `scf.if`-guarded `memref.dealloc` ops whose guards are computed with inline
// pointer comparisons, so that no `dealloc_helper` call (and none of the heap
// allocations for its arguments) is needed for ops with a few operands.
//
//===----------------------------------------------------------------------===//

#include "AllocationOrigins.h"
#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/AllocationIdentities.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Bufferization/Transforms/CallAwareBufferOriginAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_LOWERDEALLOCATIONSTOSCFPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns the op that makes `retained` the memref whose memory `memref`
/// is (see `getFreedMemRef`) whenever `condition` holds: an `scf.if` on
/// `condition` whose `then` region yields that memref in the place of
/// `retained`, or an `arith.select` on `condition` that picks it. Null if
/// there is none. This is how the ownership-based deallocation returns a
/// buffer that it may not own, `%r = scf.if %owned { yield %m } else { clone
/// %m }`, before a dealloc of `%m` under `%owned` that retains `%r`.
static Operation *getSelectionWhenOwned(Value retained, Value condition,
                                        Value memref) {
  Value freed = getFreedMemRef(memref);
  if (auto select = retained.getDefiningOp<arith::SelectOp>())
    return select.getCondition() == condition &&
                   llvm::is_contained({memref, freed}, select.getTrueValue())
               ? select.getOperation()
               : nullptr;
  auto ifOp = retained.getDefiningOp<scf::IfOp>();
  if (!ifOp || ifOp.getCondition() != condition)
    return nullptr;
  Value yielded =
      ifOp.thenYield().getOperand(cast<OpResult>(retained).getResultNumber());
  return llvm::is_contained({memref, freed}, yielded) ? ifOp.getOperation()
                                                      : nullptr;
}

/// Returns the value of `value`, an i1 expression of `arith.constant`,
/// `arith.select`, `arith.andi`, `arith.ori` and `arith.xori` ops over at
/// most two other values (its leaves) besides those whose value `facts`
/// gives, if it is the same for every value of its leaves; looks at no more
/// than 16 ops. The ownership indicators of the deallocation are often such
/// expressions over one branch condition that hold on both paths:
/// `select %c, %c, (xori %c, true)` is true; or that the path to the block
/// decides: `%c` in the successor that a `cf.cond_br` on `%c` goes to when
/// it holds.
static std::optional<bool> getConstantI1(Value value,
                                         const DenseMap<Value, bool> &facts) {
  constexpr unsigned kMaxOps = 16;
  constexpr unsigned kMaxLeaves = 2;
  auto isExpressionOp = [](Operation *op) {
    return isa_and_present<arith::ConstantOp, arith::SelectOp, arith::AndIOp,
                           arith::OrIOp, arith::XOrIOp>(op) &&
           llvm::all_of(op->getResultTypes(),
                        [](Type type) { return type.isInteger(1); });
  };
  // The leaves and the ops of the expression.
  SmallVector<Value, kMaxLeaves> leaves;
  llvm::SmallPtrSet<Operation *, kMaxOps> ops;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    Operation *def = next.getDefiningOp();
    if (facts.contains(next))
      continue;
    if (!isExpressionOp(def)) {
      if (!llvm::is_contained(leaves, next)) {
        if (leaves.size() == kMaxLeaves)
          return std::nullopt;
        leaves.push_back(next);
      }
      continue;
    }
    if (!ops.insert(def).second)
      continue;
    if (ops.size() > kMaxOps)
      return std::nullopt;
    llvm::append_range(worklist, def->getOperands());
  }
  if (ops.empty() && !facts.contains(value))
    return std::nullopt;
  // Evaluates the expression for each value of the leaves.
  std::optional<bool> result;
  for (unsigned bits = 0; bits < (1u << leaves.size()); ++bits) {
    DenseMap<Value, bool> known(facts);
    for (auto [i, leaf] : llvm::enumerate(leaves))
      known[leaf] = (bits >> i) & 1;
    std::function<std::optional<bool>(Value)> evaluate =
        [&](Value v) -> std::optional<bool> {
      if (auto it = known.find(v); it != known.end())
        return it->second;
      Operation *def = v.getDefiningOp();
      std::optional<bool> out;
      if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
        auto attr = dyn_cast<IntegerAttr>(constant.getValue());
        if (!attr)
          return std::nullopt;
        out = !attr.getValue().isZero();
      } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
        std::optional<bool> cond = evaluate(select.getCondition());
        if (!cond)
          return std::nullopt;
        out = evaluate(*cond ? select.getTrueValue() : select.getFalseValue());
      } else {
        std::optional<bool> lhs = evaluate(def->getOperand(0));
        std::optional<bool> rhs = evaluate(def->getOperand(1));
        if (!lhs || !rhs)
          return std::nullopt;
        if (isa<arith::AndIOp>(def))
          out = *lhs && *rhs;
        else if (isa<arith::OrIOp>(def))
          out = *lhs || *rhs;
        else
          out = *lhs != *rhs;
      }
      if (out)
        known[v] = *out;
      return out;
    };
    std::optional<bool> here = evaluate(value);
    if (!here || (result && *result != *here))
      return std::nullopt;
    result = here;
  }
  return result;
}

/// A guard of the lowering: a boolean that is either known at compile time or
/// an i1 value computed at run time.
struct Guard {
  /// Wraps `value`, recognizing constants.
  static Guard of(Value value) {
    APInt constantValue;
    if (matchPattern(value, m_ConstantInt(&constantValue)))
      return constant(!constantValue.isZero());
    return Guard{value, std::nullopt};
  }
  static Guard constant(bool known) { return Guard{Value(), known}; }
  /// Returns true if the guard is known not to hold.
  bool isKnownFalse() const { return known && !*known; }

  Value value;
  std::optional<bool> known;
};

/// Builds the boolean expressions of the lowering. Known operands are folded
/// right away, so that pairs decided statically leave no trace in the IR, and
/// each comparison of two pointers is emitted once. What a later fold left
/// unused is erased by `eraseUnused`.
class GuardBuilder {
public:
  GuardBuilder(RewriterBase &rewriter, Location loc,
               AllocationIdentities *identities)
      : rewriter(rewriter), loc(loc), identities(identities) {}

  /// Records the conditions that the paths into `block` decide: going up
  /// the blocks that have one predecessor (up to `kMaxFactBlocks`), the
  /// condition of a `cf.cond_br` of the predecessor holds in its true
  /// successor and not in its false one (where they differ).
  void assumePathTo(Block *block) {
    constexpr unsigned kMaxFactBlocks = 8;
    for (unsigned i = 0; block && i < kMaxFactBlocks; ++i) {
      Block *predecessor = block->getSinglePredecessor();
      if (!predecessor)
        return;
      auto branch = dyn_cast<cf::CondBranchOp>(predecessor->getTerminator());
      if (branch && branch.getTrueDest() != branch.getFalseDest())
        facts.try_emplace(branch.getCondition(), branch.getTrueDest() == block);
      block = predecessor;
    }
  }

  /// Wraps the condition `value` of the op being lowered: a constant, or an
  /// expression whose value is the same whatever the values it is computed
  /// from, given what the path to the op decides (`getConstantI1`), is known.
  Guard of(Value value) {
    Guard guard = Guard::of(value);
    if (!guard.known)
      if (std::optional<bool> known = getConstantI1(value, facts))
        return Guard::constant(*known);
    return guard;
  }

  Guard logicalAnd(Guard lhs, Guard rhs) {
    return combine<arith::AndIOp>(lhs, rhs, /*absorbing=*/false);
  }

  Guard logicalOr(Guard lhs, Guard rhs) {
    return combine<arith::OrIOp>(lhs, rhs, /*absorbing=*/true);
  }

  Guard logicalNot(Guard guard) {
    if (guard.known)
      return Guard::constant(!*guard.known);
    return Guard::of(Value(track(arith::XOrIOp::create(
        rewriter, loc, guard.value, materialize(Guard::constant(true))))));
  }

  /// Returns a guard that holds iff `lhs` and `rhs` are the same buffer: the
  /// statically `known` answer if there is one, a comparison of what
  /// identifies their allocations otherwise (see `AllocationIdentities`). If
  /// that is unknown too, returns `ifUnknown` and notes that the answer was
  /// guessed.
  Guard aliases(Value lhs, Value rhs, std::optional<bool> known,
                bool ifUnknown) {
    if (known)
      return Guard::constant(*known);
    Value &comparison = comparisons[{lhs, rhs}];
    if (!comparison) {
      // Sequenced explicitly: the order of the IR must not depend on the
      // compiler's order of evaluating arguments.
      Value lhsIdentity = getIdentity(lhs);
      Value rhsIdentity = getIdentity(rhs);
      if (!lhsIdentity || !rhsIdentity) {
        guessed = true;
        return Guard::constant(ifUnknown);
      }
      comparison = track(arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, lhsIdentity, rhsIdentity));
    }
    return Guard::of(comparison);
  }

  /// Returns true if `aliases` had to guess an answer.
  bool hasGuessed() const { return guessed; }

  /// Erases the ops built here whose results ended up unused: a comparison
  /// whose guard a known operand decided after it was emitted. An unused
  /// address read would otherwise count as a use of its buffer for the later
  /// stages, which move a free only after the last one. Ends the use of this
  /// builder.
  void eraseUnused() {
    for (Operation *op : llvm::reverse(built))
      if (isOpTriviallyDead(op))
        rewriter.eraseOp(op);
    built.clear();
    pointers.clear();
    comparisons.clear();
    trueValue = falseValue = Value();
  }

  /// Returns `guard` as an i1 value.
  Value materialize(Guard guard) {
    if (!guard.known)
      return guard.value;
    Value &constant = *guard.known ? trueValue : falseValue;
    if (!constant)
      constant = track(arith::ConstantOp::create(
          rewriter, loc, rewriter.getBoolAttr(*guard.known)));
    return constant;
  }

private:
  /// Combines `lhs` and `rhs` with `OpTy`, a boolean operation whose result is
  /// `absorbing` as soon as one operand is and the other operand otherwise.
  template <typename OpTy> Guard combine(Guard lhs, Guard rhs, bool absorbing) {
    if (lhs.known)
      return *lhs.known == absorbing ? lhs : rhs;
    if (rhs.known)
      return *rhs.known == absorbing ? rhs : lhs;
    return Guard::of(
        Value(track(OpTy::create(rewriter, loc, lhs.value, rhs.value))));
  }

  /// Records `op` as built here, for `eraseUnused`.
  template <typename OpTy> OpTy track(OpTy op) {
    built.push_back(op.getOperation());
    return op;
  }

  /// Returns the aligned pointer of `memref` as an index, extracted once.
  Value getPointer(Value memref) {
    Value &pointer = pointers[memref];
    if (!pointer)
      pointer = track(memref::ExtractAlignedPointerAsIndexOp::create(
          rewriter, loc, memref));
    return pointer;
  }

  /// Returns what identifies the allocation of `memref` at run time, or null
  /// if that is unknown.
  Value getIdentity(Value memref) {
    if (!identities)
      return getPointer(memref);
    return identities->get(rewriter, memref,
                           [&](Value buffer) { return getPointer(buffer); });
  }

  RewriterBase &rewriter;
  Location loc;
  AllocationIdentities *identities;
  /// The values of conditions that the path to the op decides.
  DenseMap<Value, bool> facts;
  bool guessed = false;
  Value trueValue, falseValue;
  DenseMap<Value, Value> pointers;
  DenseMap<std::pair<Value, Value>, Value> comparisons;
  /// The ops built here, in the order they were built.
  SmallVector<Operation *> built;
};

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Lowers a `bufferization.dealloc` op whose alias checks that cannot be
/// decided statically number at most `maxAliasChecks`. Memref `i` is freed iff
/// its condition holds, it aliases no retained memref and no earlier memref
/// whose condition holds. The updated condition of retained memref `r` is the
/// disjunction of the conditions of the memrefs that alias it.
///
/// Example:
///
/// ```mlir
/// %0 = bufferization.dealloc (%a : memref<f32>) if (%c) retain (%r : ...)
/// ```
///
/// becomes
///
/// ```mlir
/// %pa = memref.extract_aligned_pointer_as_index %a
/// %pr = memref.extract_aligned_pointer_as_index %r
/// %same = arith.cmpi eq, %pa, %pr : index
/// %not_same = arith.xori %same, %true : i1
/// %free = arith.andi %c, %not_same : i1
/// scf.if %free {
///   memref.dealloc %a : memref<f32>
/// }
/// %0 = arith.andi %same, %c : i1
/// ```
struct LowerDeallocWithInlineAliasChecks : public OpRewritePattern<DeallocOp> {
  LowerDeallocWithInlineAliasChecks(
      MLIRContext *context, CallAwareBufferOriginAnalysis &analysis,
      AllocationIdentities *identities, unsigned maxAliasChecks,
      llvm::SmallSetVector<Operation *, 8> *selectingOps,
      bool onlyShiftedPointers)
      : OpRewritePattern<DeallocOp>(context), analysis(analysis),
        identities(identities), maxAliasChecks(maxAliasChecks),
        selectingOps(selectingOps), onlyShiftedPointers(onlyShiftedPointers) {}

  LogicalResult matchAndRewrite(DeallocOp deallocOp,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> memrefs(deallocOp.getMemrefs());
    SmallVector<Value> conditions(deallocOp.getConditions());
    SmallVector<Value> retained(deallocOp.getRetained());

    // Upstream's helper-based lowering compares aligned pointers, which does
    // not identify the allocation of a buffer with a shifted pointer: such a
    // deallocation is lowered here, whatever its number of checks.
    bool hasShiftedPointer =
        identities && llvm::any_of(deallocOp->getOperands(), [&](Value v) {
          return identities->mayHaveShiftedPointer(v);
        });
    if (onlyShiftedPointers && !hasShiftedPointer)
      return rewriter.notifyMatchFailure(
          deallocOp, "no operand may have a shifted pointer; left to the "
                     "helper-based lowering");
    GuardBuilder guards(rewriter, deallocOp.getLoc(), identities);
    guards.assumePathTo(deallocOp->getBlock());
    // The ownership of each memref, evaluated once.
    SmallVector<Guard> owned = llvm::map_to_vector(
        conditions, [&](Value condition) { return guards.of(condition); });
    std::optional<AliasPairs> pairs =
        findAliasPairs(memrefs, conditions, owned, retained, hasShiftedPointer);
    if (!pairs)
      return rewriter.notifyMatchFailure(
          deallocOp, "needs more runtime alias checks than allowed; left to "
                     "the helper-based lowering");

    freeUnlessAliased(rewriter, guards, deallocOp.getLoc(), memrefs, owned,
                      retained, *pairs);
    SmallVector<Value> updatedConditions =
        getRetainedOwnership(guards, memrefs, owned, retained, *pairs);
    if (guards.hasGuessed())
      deallocOp.emitWarning()
          << "cannot tell at run time whether buffers of this deallocation "
             "share an allocation: one may be a memref.view at a byte shift "
             "carried through a block argument or an op it cannot see "
             "through; buffers that may share one are not freed here and may "
             "leak";
    rewriter.replaceOp(deallocOp, updatedConditions);
    guards.eraseUnused();
    return success();
  }

private:
  /// A memref or retained memref at a position that may be the same
  /// allocation as another one: true if it is known to be, std::nullopt if
  /// only a runtime check can tell.
  using Pair = std::pair<unsigned, std::optional<bool>>;

  /// The pairs of a deallocation that are not known to be different
  /// allocations: `memrefAliases[i]` has the earlier memrefs `j < i`,
  /// `retainedAliases[i]` the retained memrefs, ascending.
  struct AliasPairs {
    SmallVector<SmallVector<Pair>> memrefAliases;
    SmallVector<SmallVector<Pair>> retainedAliases;
  };

  /// Decides every pair statically where possible and counts the rest. A
  /// retained memref that is a memref whenever the memref's condition holds
  /// (`getSelectionWhenOwned`) counts as the same allocation: the lowering
  /// only asks whether they are where the condition holds (to free the
  /// memref, or to make the retained memref owned). A memref known not to
  /// be `owned` is in no pair: it is neither freed nor an owned alias of
  /// another memref, so no check is needed or counted for it.
  /// The indexes find the pairs that may alias without looking at the other
  /// pairs, so that a deallocation of many distinct buffers costs linear
  /// time. Returns std::nullopt, after the first memref whose pairs exceed
  /// the budget (so that a deallocation of many buffers is left alone after
  /// a few rows, not all of them), if the runtime checks exceed it and no
  /// operand may have a shifted pointer.
  std::optional<AliasPairs> findAliasPairs(ArrayRef<Value> memrefs,
                                           ArrayRef<Value> conditions,
                                           ArrayRef<Guard> owned,
                                           ArrayRef<Value> retained,
                                           bool hasShiftedPointer) const {
    AllocationOrigins &origins = analysis.getOrigins();
    OriginIndex memrefIndex(origins, memrefs);
    OriginIndex retainedIndex(origins, retained);
    unsigned numRuntimeChecks = 0;
    SmallVector<unsigned> candidates;
    auto decide = [&](const OriginIndex &index, const Origin &origin,
                      unsigned limit, SmallVectorImpl<Pair> &pairs,
                      function_ref<bool(unsigned)> isNeverOwned,
                      function_ref<bool(unsigned)> isSameWhenOwned) {
      candidates.clear();
      index.collectCandidates(origin, limit, candidates);
      for (unsigned pos : candidates) {
        if (isNeverOwned && isNeverOwned(pos))
          continue;
        std::optional<bool> known =
            AllocationOrigins::isSameAllocation(origin, index[pos]);
        // The simplification's block-argument rule, which the origins alone
        // do not give: it separates the results of marked calls from the
        // arguments of the blocks around them, as it separates allocations.
        if (!known &&
            AllocationOrigins::allocInsideArgBlock(origin, index[pos]))
          known = false;
        if (!known && isSameWhenOwned && isSameWhenOwned(pos))
          known = true;
        if (!known)
          ++numRuntimeChecks;
        if (!known || *known)
          pairs.emplace_back(pos, known);
      }
    };
    AliasPairs pairs;
    pairs.memrefAliases.resize(memrefs.size());
    pairs.retainedAliases.resize(memrefs.size());
    auto isNeverOwned = [&](unsigned pos) { return owned[pos].isKnownFalse(); };
    for (unsigned i : llvm::seq<unsigned>(memrefs.size())) {
      if (isNeverOwned(i))
        continue;
      decide(memrefIndex, memrefIndex[i], i, pairs.memrefAliases[i],
             isNeverOwned, /*isSameWhenOwned=*/nullptr);
      decide(retainedIndex, memrefIndex[i], retained.size(),
             pairs.retainedAliases[i], /*isNeverOwned=*/nullptr,
             [&](unsigned pos) {
               Operation *selecting = getSelectionWhenOwned(
                   retained[pos], conditions[i], memrefs[i]);
               if (selecting && selectingOps)
                 selectingOps->insert(selecting);
               return selecting != nullptr;
             });
      if (numRuntimeChecks > maxAliasChecks && !hasShiftedPointer)
        return std::nullopt;
    }
    return pairs;
  }

  /// Frees each memref under its condition, unless it may be a retained
  /// memref or an earlier memref that is owned. Where it is unknown at run
  /// time whether two buffers share an allocation, a buffer is not freed (it
  /// may leak): never free twice, never free what is retained.
  static void freeUnlessAliased(PatternRewriter &rewriter, GuardBuilder &guards,
                                Location loc, ArrayRef<Value> memrefs,
                                ArrayRef<Guard> owned, ArrayRef<Value> retained,
                                const AliasPairs &pairs) {
    for (auto [i, memref] : llvm::enumerate(memrefs)) {
      // A buffer known not to be freed needs no further comparison (the
      // pairs have none with a memref known not to be owned).
      Guard shouldFree = owned[i];
      for (auto [r, known] : pairs.retainedAliases[i]) {
        if (shouldFree.isKnownFalse())
          break;
        shouldFree = guards.logicalAnd(
            shouldFree, guards.logicalNot(guards.aliases(
                            memref, retained[r], known, /*ifUnknown=*/true)));
      }
      for (auto [j, known] : pairs.memrefAliases[i]) {
        if (shouldFree.isKnownFalse())
          break;
        // An earlier alias that is owned takes care of the buffer: it frees
        // it, or it is retained and so is this one.
        Guard ownedEarlierAlias = guards.logicalAnd(
            guards.aliases(memref, memrefs[j], known, /*ifUnknown=*/true),
            owned[j]);
        shouldFree =
            guards.logicalAnd(shouldFree, guards.logicalNot(ownedEarlierAlias));
      }
      if (shouldFree.known) {
        if (*shouldFree.known)
          memref::DeallocOp::create(rewriter, loc, memref);
        continue;
      }
      scf::IfOp::create(rewriter, loc, shouldFree.value,
                        [&](OpBuilder &builder, Location loc) {
                          memref::DeallocOp::create(builder, loc, memref);
                          scf::YieldOp::create(builder, loc);
                        });
    }
  }

  /// Returns the updated condition of each retained memref: owned if it is
  /// an owned memref. Where it is unknown at run time whether they share an
  /// allocation, a retained buffer does not become owned.
  static SmallVector<Value> getRetainedOwnership(GuardBuilder &guards,
                                                 ArrayRef<Value> memrefs,
                                                 ArrayRef<Guard> owned,
                                                 ArrayRef<Value> retained,
                                                 const AliasPairs &pairs) {
    // The memrefs that may alias each retained memref, ascending.
    SmallVector<SmallVector<Pair>> aliasesOfRetained(retained.size());
    for (auto [i, retainedPairs] : llvm::enumerate(pairs.retainedAliases))
      for (auto [r, known] : retainedPairs)
        aliasesOfRetained[r].emplace_back(i, known);
    SmallVector<Value> updatedConditions;
    for (auto [r, kept] : llvm::enumerate(retained)) {
      Guard ownedKept = Guard::constant(false);
      for (auto [i, known] : aliasesOfRetained[r])
        ownedKept = guards.logicalOr(
            ownedKept, guards.logicalAnd(guards.aliases(memrefs[i], kept, known,
                                                        /*ifUnknown=*/false),
                                         owned[i]));
      updatedConditions.push_back(guards.materialize(ownedKept));
    }
    return updatedConditions;
  }

  CallAwareBufferOriginAnalysis &analysis;
  AllocationIdentities *identities;
  unsigned maxAliasChecks;
  llvm::SmallSetVector<Operation *, 8> *selectingOps;
  /// Lower only the ops with an operand that may have a shifted pointer.
  bool onlyShiftedPointers;
};

//===----------------------------------------------------------------------===//
// LowerDeallocationsToSCFPass
//===----------------------------------------------------------------------===//

/// Rebuilds each `scf.if` and `scf.index_switch` of `ops` without its
/// `index` results that have no uses, and erases the ops in its regions that
/// only computed them. These are identities that `AllocationIdentities`
/// threaded out of the regions before the lowering, which then decided the
/// alias checks without them (when every region yields a view of the same
/// buffer, for example). Left in place, an unused identity still takes the
/// address of its buffer in each region and yields it, a use that the
/// passes after this one must assume to outlive the buffer: it would keep
/// `free-buffers-at-last-use` from moving the free of the buffer up. A
/// rebuilt op may leave an identity result of a region op nested in it
/// unused, which is rebuilt in turn. Loops keep theirs (their identity
/// arguments are often used by comparisons in the body); the canonicalizer
/// at the end of the pipeline drops those that are unused. Calls
/// `onRebuilt(op, rebuilt)` before `op` is erased.
static void eraseUnusedIdentityResults(
    RewriterBase &rewriter, ArrayRef<Operation *> ops,
    function_ref<void(Operation *, Operation *)> onRebuilt) {
  auto isUnusedIndex = [](OpResult result) {
    return result.getType().isIndex() && result.use_empty();
  };
  auto isCandidate = [&](Operation *op) {
    return isa<scf::IfOp, scf::IndexSwitchOp>(op) &&
           llvm::any_of(op->getResults(), isUnusedIndex);
  };
  llvm::SetVector<Operation *> worklist;
  for (Operation *op : ops)
    if (isCandidate(op))
      worklist.insert(op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    llvm::BitVector dropped(op->getNumResults());
    SmallVector<Type> types;
    SmallVector<Value> kept;
    for (OpResult result : op->getResults()) {
      if (isUnusedIndex(result)) {
        dropped.set(result.getResultNumber());
        continue;
      }
      types.push_back(result.getType());
    }
    OperationState state(op->getLoc(), op->getName());
    state.addOperands(op->getOperands());
    state.addTypes(types);
    state.addAttributes(op->getDiscardableAttrDictionary().getValue());
    state.propertiesAttr = op->getPropertiesAsAttribute();
    for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
      state.addRegion();
    rewriter.setInsertionPoint(op);
    Operation *rebuilt = rewriter.create(state);
    for (auto [oldRegion, newRegion] :
         llvm::zip_equal(op->getRegions(), rebuilt->getRegions()))
      rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());
    // The ops that computed the values the regions yielded for the dropped
    // results, and what computed their operands, once nothing uses them.
    SmallVector<Operation *> orphans;
    auto addOrphans = [&](ValueRange values) {
      for (Value value : values)
        if (Operation *def = value.getDefiningOp())
          orphans.push_back(def);
    };
    for (Region &region : rebuilt->getRegions()) {
      if (region.empty())
        continue;
      Operation *terminator = region.front().getTerminator();
      SmallVector<Value> yielded;
      for (unsigned position : dropped.set_bits())
        yielded.push_back(terminator->getOperand(position));
      rewriter.modifyOpInPlace(terminator,
                               [&] { terminator->eraseOperands(dropped); });
      addOrphans(yielded);
    }
    unsigned next = 0;
    for (OpResult result : op->getResults())
      kept.push_back(dropped.test(result.getResultNumber())
                         ? Value()
                         : rebuilt->getResult(next++));
    onRebuilt(op, rebuilt);
    rewriter.replaceOp(op, kept);
    // An op may be listed more than once (a value that several regions
    // yield): it is erased the first time.
    llvm::SmallPtrSet<Operation *, 8> erased;
    while (!orphans.empty()) {
      Operation *def = orphans.pop_back_val();
      if (erased.contains(def))
        continue;
      if (isCandidate(def)) {
        worklist.insert(def);
        continue;
      }
      // Region ops are left to the canonicalizer: one may be on the
      // worklist.
      if (def->getNumRegions() == 0 && isOpTriviallyDead(def)) {
        addOrphans(def->getOperands());
        erased.insert(def);
        rewriter.eraseOp(def);
      }
    }
  }
}

/// Lowers the `bufferization.dealloc` ops that need few runtime alias checks.
struct LowerDeallocationsToSCFPass
    : public bufferization::impl::LowerDeallocationsToSCFPassBase<
          LowerDeallocationsToSCFPass> {
  using Base::Base;

  void runOnOperation() override {
    // Buffers with shifted pointers need their allocations identified before
    // the origin analysis is built: that may rebuild region ops.
    std::optional<BufferLifetimeAnalysis> lifetimes;
    std::optional<AllocationIdentities> identities;
    ChangedOpsRecorder recorder;
    bool hasShiftingViews = hasShiftingView(getOperation());
    if (onlyShiftedViews && !hasShiftingViews) {
      if (lowerRestWithHelper && failed(lowerRest(recorder)))
        return signalPassFailure();
      if (!recorder.changed)
        markAllAnalysesPreserved();
      return;
    }
    if (hasShiftingViews) {
      lifetimes.emplace(getOperation());
      identities.emplace(*lifetimes);
      IRRewriter rewriter(&getContext(), &recorder);
      SmallVector<DeallocOp> deallocs;
      getOperation()->walk([&](DeallocOp op) { deallocs.push_back(op); });
      for (DeallocOp dealloc : deallocs)
        for (unsigned i = 0, e = dealloc->getNumOperands(); i < e; ++i)
          if (identities->mayHaveShiftedPointer(dealloc->getOperand(i))) {
            identities->thread(rewriter, dealloc->getOperand(i));
            recorder.changed = true;
          }
    }
    CallAwareBufferOriginAnalysis analysis(getOperation());
    RewritePatternSet patterns(&getContext());
    llvm::SmallSetVector<Operation *, 8> selectingOps;
    populateLowerDeallocationsToSCFPatterns(patterns, analysis, maxAliasChecks,
                                            identities ? &*identities : nullptr,
                                            &selectingOps, onlyShiftedViews);
    walkAndApplyPatterns(getOperation(), std::move(patterns), &recorder);
    if (identities) {
      IRRewriter rewriter(&getContext(), &recorder);
      eraseUnusedIdentityResults(rewriter, recorder.takeChangedOps(),
                                 [&](Operation *op, Operation *rebuilt) {
                                   if (selectingOps.remove(op))
                                     selectingOps.insert(rebuilt);
                                 });
    }
    if (lowerRestWithHelper && failed(lowerRest(recorder)))
      return signalPassFailure();
    // A memref that the lowering found retained whenever it is owned is no
    // longer used by the dealloc: the op that selected it for the retained
    // memref is often left selecting between the memref and a clone of it,
    // which the canonicalizations merge with the op that chose the memref.
    // Then the analyses of the calls of the function that follow see that
    // the function only reads an argument it may have returned.
    if (!selectingOps.empty())
      canonicalizeChangedOps(selectingOps.getArrayRef(),
                             getDeallocationCanonicalizations(&getContext()));
    // Nothing changed: this also spares the verifier's run after the pass.
    if (!recorder.changed)
      markAllAnalysesPreserved();
  }

private:
  /// Lowers the deallocs that are left with upstream's helper-based pattern,
  /// converting only them.
  LogicalResult lowerRest(ChangeRecorder &recorder) {
    SmallVector<Operation *> rest;
    getOperation()->walk([&](DeallocOp op) { rest.push_back(op); });
    if (rest.empty())
      return success();
    recorder.changed = true;
    // One helper per symbol table that has a dealloc of several memrefs, at
    // the start of its body, as upstream's pass adds it. A symbol table
    // outside of the op the pass runs on is not the pass's to change.
    DeallocHelperMap helpers;
    for (Operation *op : rest) {
      if (cast<DeallocOp>(op).getMemrefs().size() < 2)
        continue;
      Operation *symbolTableOp = op->getParentWithTrait<OpTrait::SymbolTable>();
      if (!symbolTableOp || !getOperation()->isAncestor(symbolTableOp))
        return op->emitOpError()
               << "needs the `dealloc_helper` library function, which "
                  "`lower-rest-with-helper` adds only to a symbol table that "
                  "the pass runs on or in: run the pass on the module";
      if (helpers.contains(symbolTableOp))
        continue;
      SymbolTable symbolTable(symbolTableOp);
      auto builder =
          OpBuilder::atBlockBegin(&symbolTableOp->getRegion(0).front());
      helpers[symbolTableOp] = buildDeallocationLibraryFunction(
          builder, symbolTableOp->getLoc(), symbolTable);
    }
    RewritePatternSet patterns(&getContext());
    populateBufferizationDeallocLoweringPattern(patterns, helpers);
    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect, func::FuncDialect,
                           memref::MemRefDialect, scf::SCFDialect>();
    target.addIllegalOp<DeallocOp>();
    return applyPartialConversion(rest, target, std::move(patterns));
  }
};

} // namespace

void mlir::bufferization::populateLowerDeallocationsToSCFPatterns(
    RewritePatternSet &patterns, CallAwareBufferOriginAnalysis &analysis,
    unsigned maxAliasChecks, AllocationIdentities *identities,
    llvm::SmallSetVector<Operation *, 8> *selectingOps,
    bool onlyShiftedPointers) {
  patterns.add<LowerDeallocWithInlineAliasChecks>(
      patterns.getContext(), analysis, identities, maxAliasChecks, selectingOps,
      onlyShiftedPointers);
}
