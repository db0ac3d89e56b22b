//===- AllocationIdentities.cpp - Allocations of buffers at run time ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/AllocationIdentities.h"

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace mlir::bufferization;

static bool isBuffer(Type type) { return isa<BaseMemRefType>(type); }

Value bufferization::AllocationIdentities::getDerivedFrom(Value value) const {
  Operation *def = value.getDefiningOp();
  if (!def)
    return nullptr;
  if (auto view = dyn_cast<ViewLikeOpInterface>(def))
    return view.getViewDest() == value ? view.getViewSource() : Value();
  if (auto distinct = dyn_cast<memref::DistinctObjectsOp>(def))
    return distinct.getOperand(cast<OpResult>(value).getResultNumber());
  if (isa<RegionBranchOpInterface, CallOpInterface, BranchOpInterface>(def) ||
      hasEffect<MemoryEffects::Allocate>(def, value))
    return nullptr;
  // An op that passes on its only buffer operand, such as
  // `memref.transpose`.
  Value derivedFrom;
  for (Value operand : def->getOperands()) {
    if (!isBuffer(operand.getType()))
      continue;
    if (derivedFrom)
      return nullptr;
    derivedFrom = operand;
  }
  return derivedFrom;
}

Value bufferization::AllocationIdentities::get(
    OpBuilder &builder, Value value,
    function_ref<Value(Value)> getAlignedPointer) {
  for (Value current = value; current; current = getDerivedFrom(current)) {
    if (!analysis.mayHaveShiftedPointer(current))
      return getAlignedPointer(current);
    if (Value identity = threaded.lookup(current))
      return identity;
  }
  return nullptr;
}

/// Returns the op that carries `value` from one place to another: an
/// `scf.if` or `scf.index_switch` whose result it is, or an `scf.for` or
/// `scf.while` whose result or region argument (other than an induction
/// variable) it is.
static Operation *getCarrier(Value value) {
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *owner = result.getOwner();
    return isa<scf::IfOp, scf::IndexSwitchOp, scf::ForOp, scf::WhileOp>(owner)
               ? owner
               : nullptr;
  }
  auto arg = cast<BlockArgument>(value);
  Operation *parent = arg.getOwner()->getParentOp();
  if (auto forOp = dyn_cast<scf::ForOp>(parent))
    return arg.getArgNumber() < forOp.getNumInductionVars() ? nullptr : parent;
  return isa<scf::WhileOp>(parent) ? parent : nullptr;
}

namespace {
/// The positions of the buffer values of a carrier (see `getCarrier`) that
/// may have a shifted pointer, and so get an identity when it is rebuilt.
struct ShiftedPositions {
  /// Of an `scf.for`: its iteration arguments whose argument or result may
  /// be shifted. Of an `scf.while`: the arguments of its "before" region.
  SmallVector<unsigned> carried;
  /// Of an `scf.while`: the arguments of its "after" region whose argument
  /// or result may be shifted. Of an `scf.if` or `scf.index_switch`: its
  /// results.
  SmallVector<unsigned> forwarded;
};
} // namespace

static ShiftedPositions
getShiftedPositions(Operation *carrier,
                    const BufferLifetimeAnalysis &analysis) {
  auto isShifted = [&](Value value) {
    return isBuffer(value.getType()) && analysis.mayHaveShiftedPointer(value);
  };
  ShiftedPositions positions;
  if (auto forOp = dyn_cast<scf::ForOp>(carrier)) {
    for (auto [index, arg] : llvm::enumerate(forOp.getRegionIterArgs()))
      if (isShifted(arg) || isShifted(forOp.getResult(index)))
        positions.carried.push_back(index);
  } else if (auto whileOp = dyn_cast<scf::WhileOp>(carrier)) {
    for (auto [index, arg] : llvm::enumerate(whileOp.getBeforeArguments()))
      if (isShifted(arg))
        positions.carried.push_back(index);
    for (auto [index, arg] : llvm::enumerate(whileOp.getAfterArguments()))
      if (isShifted(arg) || isShifted(whileOp.getResult(index)))
        positions.forwarded.push_back(index);
  } else {
    for (OpResult result : carrier->getResults())
      if (isShifted(result))
        positions.forwarded.push_back(result.getResultNumber());
  }
  return positions;
}

/// Adds to `sources` the values that flow into the buffer values of
/// `carrier` that may have a shifted pointer: the values yielded by the
/// regions of an `scf.if` or `scf.index_switch`, the inits and yielded values
/// of a loop, and the values an `scf.while` forwards to its "after" region.
static void getShiftedSources(Operation *carrier,
                              const BufferLifetimeAnalysis &analysis,
                              SmallVectorImpl<Value> &sources) {
  ShiftedPositions positions = getShiftedPositions(carrier, analysis);
  if (auto forOp = dyn_cast<scf::ForOp>(carrier)) {
    Operation *yield = forOp.getBody()->getTerminator();
    for (unsigned position : positions.carried)
      sources.append(
          {forOp.getInitArgs()[position], yield->getOperand(position)});
    return;
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(carrier)) {
    scf::YieldOp yield = whileOp.getYieldOp();
    for (unsigned position : positions.carried)
      sources.append(
          {whileOp.getInits()[position], yield.getOperand(position)});
    scf::ConditionOp condition = whileOp.getConditionOp();
    for (unsigned position : positions.forwarded)
      sources.push_back(condition.getArgs()[position]);
    return;
  }
  for (unsigned position : positions.forwarded)
    for (Region &region : carrier->getRegions())
      for (Block &block : region)
        sources.push_back(block.getTerminator()->getOperand(position));
}

bool bufferization::AllocationIdentities::canIdentify(
    Value value, llvm::SmallPtrSetImpl<Operation *> &visiting) const {
  for (Value current = value; current; current = getDerivedFrom(current)) {
    if (!analysis.mayHaveShiftedPointer(current) || threaded.contains(current))
      return true;
    // A select picks the identity of the buffer it picks.
    if (auto select = current.getDefiningOp<arith::SelectOp>())
      return canIdentify(select.getTrueValue(), visiting) &&
             canIdentify(select.getFalseValue(), visiting);
    Operation *carrier = getCarrier(current);
    if (!carrier)
      continue;
    // A carrier being decided is assumed to carry identities: by induction
    // over the iterations, they are known if everything else is.
    if (!visiting.insert(carrier).second)
      return true;
    SmallVector<Value> sources;
    getShiftedSources(carrier, analysis, sources);
    return llvm::all_of(
        sources, [&](Value source) { return canIdentify(source, visiting); });
  }
  return false;
}

void bufferization::AllocationIdentities::notifyRebuilt(
    Operation *op, Operation *newOp,
    ArrayRef<std::pair<Value, Value>> replaced) {
  // A new op or value may take the memory of one erased before: an entry
  // under its key is stale.
  rebuiltOps.erase(newOp);
  rebuiltOps[op] = newOp;
  for (auto [from, to] : replaced) {
    replacedValues.erase(to);
    replacedValues[from] = to;
  }
}

Value bufferization::AllocationIdentities::getReplacement(Value value) const {
  for (auto it = replacedValues.find(value); it != replacedValues.end();
       it = replacedValues.find(value))
    value = it->second;
  return value;
}

Value bufferization::AllocationIdentities::thread(RewriterBase &rewriter,
                                                  Value value) {
  // The rebuilds are tracked within one outermost call, where every key was
  // alive when it began.
  if (threadDepth++ == 0) {
    rebuiltOps.clear();
    replacedValues.clear();
  }
  llvm::scope_exit leave([&] { --threadDepth; });
  for (Value current = value;
       current && analysis.mayHaveShiftedPointer(current) &&
       !threaded.contains(current);
       current = getDerivedFrom(current)) {
    if (auto select = current.getDefiningOp<arith::SelectOp>()) {
      llvm::SmallPtrSet<Operation *, 4> visiting;
      if (!canIdentify(current, visiting))
        return value;
      threadSelect(rewriter, select);
      return getReplacement(value);
    }
    Operation *carrier = getCarrier(current);
    if (!carrier)
      continue;
    // Rebuild nothing unless every identity the carrier needs is known.
    llvm::SmallPtrSet<Operation *, 4> visiting;
    if (!canIdentify(current, visiting))
      return value;
    if (auto forOp = dyn_cast<scf::ForOp>(carrier))
      return threadLoop(rewriter, forOp, value);
    if (auto whileOp = dyn_cast<scf::WhileOp>(carrier))
      return threadWhileLoop(rewriter, whileOp, value);
    return threadRegionResults(rewriter, carrier, value);
  }
  return value;
}

void bufferization::AllocationIdentities::threadSelect(RewriterBase &rewriter,
                                                       arith::SelectOp select) {
  // Threading the operands may rebuild the ops that define them, which
  // replaces the select's operands but not the select.
  thread(rewriter, select.getTrueValue());
  thread(rewriter, select.getFalseValue());
  rewriter.setInsertionPointAfter(select);
  Value trueId = getWithNewPointers(rewriter, select.getTrueValue());
  Value falseId = getWithNewPointers(rewriter, select.getFalseValue());
  if (!trueId || !falseId)
    return;
  threaded[select.getResult()] = arith::SelectOp::create(
      rewriter, select.getLoc(), select.getCondition(), trueId, falseId);
}

Value bufferization::AllocationIdentities::threadWhileLoop(
    RewriterBase &rewriter, scf::WhileOp whileOp, Value value) {
  ShiftedPositions positions = getShiftedPositions(whileOp, analysis);
  ArrayRef<unsigned> beforePositions = positions.carried;
  ArrayRef<unsigned> afterPositions = positions.forwarded;

  bool rebuilt = false;
  SmallVector<Value> initIds =
      getInitIdentities(rewriter, whileOp, beforePositions, rebuilt);
  if (rebuilt)
    return thread(rewriter, getReplacement(value));
  if (initIds.size() != beforePositions.size())
    return value;

  // Rebuild the loop with the identities as extra arguments of both regions
  // and extra results. The regions move as they are, with their arguments.
  unsigned numResults = whileOp.getNumResults();
  scf::WhileOp newWhile = createWhileWithMoreValues(
      rewriter, whileOp, initIds,
      SmallVector<Type>(afterPositions.size(), rewriter.getIndexType()));
  Block *before = newWhile.getBeforeBody();
  Block *after = newWhile.getAfterBody();
  for (unsigned position : beforePositions)
    threaded[before->getArgument(position)] =
        before->addArgument(rewriter.getIndexType(), whileOp.getLoc());
  for (unsigned position : afterPositions)
    threaded[after->getArgument(position)] =
        after->addArgument(rewriter.getIndexType(), whileOp.getLoc());

  // The identities of the values forwarded to the "after" region and of the
  // yielded values; `canIdentify` made sure they are known.
  scf::ConditionOp condition = newWhile.getConditionOp();
  SmallVector<Value> forwardedIds;
  for (unsigned position : afterPositions) {
    thread(rewriter, condition.getArgs()[position]);
    rewriter.setInsertionPoint(condition);
    forwardedIds.push_back(
        getWithNewPointers(rewriter, condition.getArgs()[position]));
  }
  scf::YieldOp yield = newWhile.getYieldOp();
  SmallVector<Value> yieldedIds;
  for (unsigned position : beforePositions) {
    thread(rewriter, yield.getOperand(position));
    rewriter.setInsertionPoint(yield);
    yieldedIds.push_back(
        getWithNewPointers(rewriter, yield.getOperand(position)));
  }
  rewriter.modifyOpInPlace(
      condition, [&] { condition.getArgsMutable().append(forwardedIds); });
  rewriter.modifyOpInPlace(
      yield, [&] { yield.getResultsMutable().append(yieldedIds); });

  for (auto [index, position] : llvm::enumerate(afterPositions))
    threaded[newWhile.getResult(position)] =
        newWhile.getResult(numResults + index);
  SmallVector<std::pair<Value, Value>> replaced;
  for (unsigned i = 0; i < numResults; ++i) {
    analysis.notifyReplaced(whileOp.getResult(i), newWhile.getResult(i));
    replaced.push_back({whileOp.getResult(i), newWhile.getResult(i)});
    if (value == whileOp.getResult(i))
      value = newWhile.getResult(i);
  }
  notifyRebuilt(whileOp, newWhile, replaced);
  rewriter.replaceOp(whileOp, newWhile.getResults().take_front(numResults));
  return value;
}

Value bufferization::AllocationIdentities::getWithNewPointers(
    RewriterBase &rewriter, Value value) {
  return get(rewriter, value, [&](Value buffer) -> Value {
    return memref::ExtractAlignedPointerAsIndexOp::create(
        rewriter, buffer.getLoc(), buffer);
  });
}

SmallVector<Value> bufferization::AllocationIdentities::getInitIdentities(
    RewriterBase &rewriter, LoopLikeOpInterface loop,
    ArrayRef<unsigned> positions, bool &rebuilt) {
  SmallVector<Value> ids;
  Operation *loopOp = loop;
  for (unsigned position : positions) {
    thread(rewriter, loop.getInits()[position]);
    if (rebuiltOps.contains(loopOp)) {
      rebuilt = true;
      return {};
    }
    rewriter.setInsertionPoint(loop);
    Value id = getWithNewPointers(rewriter, loop.getInits()[position]);
    if (!id)
      break;
    ids.push_back(id);
  }
  return ids;
}

Value bufferization::AllocationIdentities::threadRegionResults(
    RewriterBase &rewriter, Operation *op, Value value) {
  // The yielded values first: threading them may rebuild the region ops
  // they come from.
  SmallVector<unsigned> positions = getShiftedPositions(op, analysis).forwarded;
  SmallVector<Operation *> terminators;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      terminators.push_back(block.getTerminator());
  for (Operation *terminator : terminators) {
    for (unsigned position : positions) {
      thread(rewriter, terminator->getOperand(position));
      // A loop around `op` whose yielded values come from `op` rebuilds it.
      if (rebuiltOps.contains(op))
        return thread(rewriter, getReplacement(value));
    }
  }

  // The identities of the yielded values, before each terminator.
  SmallVector<SmallVector<Value>> identities;
  for (Operation *terminator : terminators) {
    rewriter.setInsertionPoint(terminator);
    SmallVector<Value> &ids = identities.emplace_back();
    for (unsigned position : positions) {
      Value id = getWithNewPointers(rewriter, terminator->getOperand(position));
      if (!id)
        return value;
      ids.push_back(id);
    }
  }

  // Rebuild the op with an identity result per position.
  unsigned numResults = op->getNumResults();
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  state.addTypes(SmallVector<Type>(positions.size(), rewriter.getIndexType()));
  state.addAttributes(op->getDiscardableAttrDictionary().getValue());
  state.propertiesAttr = op->getPropertiesAsAttribute();
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  rewriter.setInsertionPoint(op);
  Operation *rebuilt = rewriter.create(state);
  for (auto [oldRegion, newRegion] :
       llvm::zip_equal(op->getRegions(), rebuilt->getRegions()))
    rewriter.inlineRegionBefore(oldRegion, newRegion, newRegion.end());
  for (auto [terminator, ids] : llvm::zip_equal(terminators, identities))
    rewriter.modifyOpInPlace(terminator, [&, &ids = ids] {
      terminator->insertOperands(terminator->getNumOperands(), ids);
    });
  for (auto [index, position] : llvm::enumerate(positions))
    threaded[rebuilt->getResult(position)] =
        rebuilt->getResult(numResults + index);
  SmallVector<std::pair<Value, Value>> replaced;
  for (unsigned i = 0; i < numResults; ++i) {
    analysis.notifyReplaced(op->getResult(i), rebuilt->getResult(i));
    replaced.push_back({op->getResult(i), rebuilt->getResult(i)});
    if (value == op->getResult(i))
      value = rebuilt->getResult(i);
  }
  notifyRebuilt(op, rebuilt, replaced);
  rewriter.replaceOp(op, rebuilt->getResults().take_front(numResults));
  return value;
}

Value bufferization::AllocationIdentities::threadLoop(RewriterBase &rewriter,
                                                      scf::ForOp forOp,
                                                      Value value) {
  SmallVector<unsigned> positions =
      getShiftedPositions(forOp, analysis).carried;

  bool rebuilt = false;
  SmallVector<Value> initIds =
      getInitIdentities(rewriter, forOp, positions, rebuilt);
  if (rebuilt)
    return thread(rewriter, getReplacement(value));
  if (initIds.size() != positions.size())
    return value;

  // The loop carries an identity per position. The callback runs before
  // the body moves to the new loop: the yielded values are computed in the
  // old body, from the old iteration arguments, which then take the new
  // loop's arguments as their identities; the old arguments are replaced by
  // the new loop's once the body moves.
  SmallVector<Value> oldArgs(forOp.getRegionIterArgs());
  SmallVector<Value> oldResults(forOp.getResults());
  unsigned numInductionVars = forOp.getNumInductionVars();
  bool complete = true;
  SmallVector<std::pair<Value, Value>> replaced;
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, initIds, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> newArgs) {
        for (auto [position, idArg] : llvm::zip_equal(positions, newArgs))
          threaded[oldArgs[position]] = idArg;
        Operation *yield = forOp.getBody()->getTerminator();
        SmallVector<Value> ids;
        for (auto [position, idArg] : llvm::zip_equal(positions, newArgs)) {
          thread(rewriter, yield->getOperand(position));
          rewriter.setInsertionPoint(yield);
          Value id = getWithNewPointers(rewriter, yield->getOperand(position));
          complete &= static_cast<bool>(id);
          ids.push_back(id ? id : Value(idArg));
        }
        BlockArgument firstNewArg = newArgs.front();
        Block *newBody = firstNewArg.getOwner();
        for (auto [index, oldArg] : llvm::enumerate(oldArgs)) {
          Value newArg = newBody->getArgument(numInductionVars + index);
          analysis.notifyReplaced(oldArg, newArg);
          replaced.push_back({oldArg, newArg});
          if (Value id = threaded.lookup(oldArg)) {
            threaded.erase(oldArg);
            if (complete)
              threaded[newArg] = id;
          }
          if (value == oldArg)
            value = newArg;
        }
        return ids;
      });
  auto newFor = cast<scf::ForOp>(newLoop->getOperation());
  for (auto [oldResult, newResult] :
       llvm::zip(oldResults, newFor.getResults())) {
    analysis.notifyReplaced(oldResult, newResult);
    replaced.push_back({oldResult, newResult});
    if (value == oldResult)
      value = newResult;
  }
  notifyRebuilt(forOp, newFor, replaced);
  // If a yielded identity is unknown, so are those of the loop's values.
  if (!complete)
    return value;
  unsigned numResults = oldResults.size();
  for (auto [index, position] : llvm::enumerate(positions))
    threaded[newFor.getResult(position)] = newFor.getResult(numResults + index);
  return value;
}
