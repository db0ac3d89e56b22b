//===- BufferLifetimeAnalysis.cpp - Aliases and escapes of buffers --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::bufferization;

/// How deep calls of calls are followed to decide whether a callee keeps the
/// address of a buffer.
static constexpr unsigned kMaxCallDepth = 4;

static bool isBuffer(Type type) { return isa<BaseMemRefType>(type); }

/// Returns true if `BufferViewFlowAnalysis` links the operands of `op` to its
/// results, or to the values they flow to, itself.
static bool isKnownToViewFlow(Operation *op) {
  return isa<ViewLikeOpInterface, BufferViewFlowOpInterface, BranchOpInterface,
             RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
             CallOpInterface>(op);
}

/// Returns true if `result`, a buffer result of `op`, is one the analysis
/// links to every buffer operand of `op` by assumption: `op` is not known to
/// `BufferViewFlowAnalysis` and does not allocate `result`.
static bool isAssumedAlias(Operation *op, Value result) {
  return !isKnownToViewFlow(op) &&
         !hasEffect<MemoryEffects::Allocate>(op, result);
}

bool bufferization::makesAssumedAliases(Operation *op) {
  return llvm::any_of(op->getResults(), [&](Value result) {
    return isBuffer(result.getType()) && isAssumedAlias(op, result);
  });
}

/// Returns true if `op` is a `memref.view` whose byte shift is not known to
/// be zero: the aligned pointer of its result points into the middle of the
/// source's allocation.
static bool isShiftingView(Operation *op) {
  auto view = dyn_cast<memref::ViewOp>(op);
  return view && !matchPattern(view.getByteShift(), m_Zero());
}

bool bufferization::hasShiftingView(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isShiftingView(op) ? WalkResult::interrupt()
                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Adds to `reached` the values reachable from `seeds` over `links`, the
/// seeds included.
template <typename SetT>
static void addReachable(ArrayRef<Value> seeds,
                         const DenseMap<Value, SmallVector<Value, 2>> &links,
                         SetT &reached) {
  SmallVector<Value, 8> worklist(seeds);
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!reached.insert(current).second)
      continue;
    if (auto it = links.find(current); it != links.end())
      llvm::append_range(worklist, it->second);
  }
}

/// Returns true if `dependent` is a result of a call that `value` is an
/// operand of.
static bool isCallResultOf(Value dependent, Value value) {
  auto result = dyn_cast<OpResult>(dependent);
  return result && isa<CallOpInterface>(result.getOwner()) &&
         llvm::is_contained(result.getOwner()->getOperands(), value);
}

/// Adds to `sources` the values that `selected` may take where `flag` holds,
/// if both are arguments of the entry block of a region of a
/// `RegionBranchOpInterface` op and every edge into that region is known: the
/// values forwarded to `selected` on the edges on which the value forwarded
/// to `flag` is not the constant `false`. An edge that forwards another such
/// pair of the op (as `scf.condition` passes the state of a loop and its
/// indicator on to the `after` region) adds that pair's values in turn;
/// `visited` ends the cycles of a loop. A block argument is fixed for the
/// activation of its block, so an op of the region that reads `selected` only
/// where `flag` holds reads one of these values. Sets `excluded` if an edge
/// was left out. Returns false if an edge is not understood.
static bool
addSourcesWhereFlagMayHold(BlockArgument selected, BlockArgument flag,
                           SmallVectorImpl<Value> &sources, bool &excluded,
                           DenseSet<std::pair<Value, Value>> &visited) {
  if (!visited.insert({selected, flag}).second)
    return true;
  Block *block = selected.getOwner();
  Region *region = block->getParent();
  auto op = dyn_cast_or_null<RegionBranchOpInterface>(region->getParentOp());
  if (!op || flag.getOwner() != block || !block->isEntryBlock())
    return false;
  // Looks at the edges from `point` into the region.
  auto addEdges = [&](RegionBranchPoint point,
                      function_ref<OperandRange(RegionSuccessor)> getOperands) {
    SmallVector<RegionSuccessor> successors;
    op.getSuccessorRegions(point, successors);
    for (RegionSuccessor &successor : successors) {
      if (successor.getSuccessor() != region)
        continue;
      ValueRange inputs = successor.getSuccessorInputs();
      OperandRange operands = getOperands(successor);
      auto selectedIt = llvm::find(inputs, selected);
      auto flagIt = llvm::find(inputs, flag);
      if (selectedIt == inputs.end() || flagIt == inputs.end() ||
          operands.size() != inputs.size())
        return false;
      Value flagOperand = operands[flagIt - inputs.begin()];
      Value selectedOperand = operands[selectedIt - inputs.begin()];
      if (matchPattern(flagOperand, m_Zero())) {
        excluded = true;
        continue;
      }
      auto passedSelected = dyn_cast<BlockArgument>(selectedOperand);
      auto passedFlag = dyn_cast<BlockArgument>(flagOperand);
      if (passedSelected && passedFlag &&
          passedSelected.getOwner() == passedFlag.getOwner() &&
          passedSelected.getOwner()->getParentOp() == op.getOperation()) {
        if (!addSourcesWhereFlagMayHold(passedSelected, passedFlag, sources,
                                        excluded, visited))
          return false;
        continue;
      }
      sources.push_back(selectedOperand);
    }
    return true;
  };
  if (!addEdges(RegionBranchPoint::parent(), [&](RegionSuccessor successor) {
        return op.getEntrySuccessorOperands(successor);
      }))
    return false;
  for (Region &other : op->getRegions()) {
    for (Block &otherBlock : other) {
      if (!otherBlock.mightHaveTerminator())
        return false;
      Operation *blockTerminator = otherBlock.getTerminator();
      auto terminator =
          dyn_cast<RegionBranchTerminatorOpInterface>(blockTerminator);
      // A branch to another block of its region does not leave it; any other
      // terminator may enter the region in a way the interface does not say.
      if (!terminator) {
        if (isa<BranchOpInterface>(blockTerminator))
          continue;
        return false;
      }
      if (!addEdges(RegionBranchPoint(terminator),
                    [&](RegionSuccessor successor) {
                      return terminator.getSuccessorOperands(successor);
                    }))
        return false;
    }
  }
  return true;
}

/// Returns the block arguments `(selected, flag)` if `result` is `selected`
/// only where `flag` holds: an `arith.select` on `flag` whose true value is
/// `selected` (and its false value is not), or a result of an `scf.if` on
/// `flag` whose `then` region yields `selected` and whose `else` region does
/// not.
static std::optional<std::pair<BlockArgument, BlockArgument>>
getSelectionUnderFlag(OpResult result) {
  Operation *op = result.getOwner();
  Value condition, selected, other;
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    condition = select.getCondition();
    selected = select.getTrueValue();
    other = select.getFalseValue();
  } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (ifOp.getElseRegion().empty())
      return std::nullopt;
    condition = ifOp.getCondition();
    selected = ifOp.thenYield().getOperand(result.getResultNumber());
    other = ifOp.elseYield().getOperand(result.getResultNumber());
  } else {
    return std::nullopt;
  }
  auto selectedArg = dyn_cast<BlockArgument>(selected);
  auto flagArg = dyn_cast<BlockArgument>(condition);
  if (!selectedArg || !flagArg || selected == other)
    return std::nullopt;
  return std::make_pair(selectedArg, flagArg);
}

BufferLifetimeAnalysis::BufferLifetimeAnalysis(
    Operation *root, bool callResultsAreOwned,
    const CalleeBufferFacts *outerCallees)
    : callees(root, outerCallees) {
  BufferViewFlowAnalysis viewFlow(root);
  for (const auto &[value, dependents] : viewFlow) {
    for (Value dependent : dependents) {
      if (callResultsAreOwned && isCallResultOf(dependent, value))
        continue;
      derived[value].push_back(dependent);
      derivedFrom[dependent].push_back(value);
    }
  }
  SmallVector<Value> shiftingViews;
  root->walk([&](Operation *op) {
    // Every link below ends at a buffer result; most ops have none, and
    // skip the interface lookups.
    if (llvm::none_of(op->getResultTypes(), isBuffer))
      return;
    if (isShiftingView(op))
      shiftingViews.push_back(op->getResult(0));
    // Two results of one call may be the same buffer (fuzz seed 56545: a
    // function that returns one buffer twice, one of which a loop took over
    // while the other was freed after it), unless the call is marked as
    // returning distinct buffers; the view-flow analysis links them only
    // through the call's operands, and a call without any leaves them apart.
    if (isa<CallOpInterface>(op) &&
        !op->hasAttr(func::kNoAliasResultsAttrName)) {
      Value first;
      for (Value result : op->getResults()) {
        if (!isBuffer(result.getType()))
          continue;
        if (!first) {
          first = result;
          continue;
        }
        derived[first].push_back(result);
        derivedFrom[result].push_back(first);
      }
    }
    // `memref.distinct_objects` returns each operand as the result of its
    // position; linked to all of them, a result would keep every operand
    // alive.
    if (isa<memref::DistinctObjectsOp>(op)) {
      for (auto [operand, result] :
           llvm::zip_equal(op->getOperands(), op->getResults())) {
        derived[operand].push_back(result);
        derivedFrom[result].push_back(operand);
      }
      return;
    }
    // An unknown op may return any of its buffer operands, or a view of one,
    // as any of the buffer results it does not allocate.
    for (Value result : op->getResults()) {
      if (!isBuffer(result.getType()) || !isAssumedAlias(op, result))
        continue;
      for (Value operand : op->getOperands()) {
        if (!isBuffer(operand.getType()))
          continue;
        derived[operand].push_back(result);
        derivedFrom[result].push_back(operand);
      }
    }
    // A value a loop moves into a spare slot only where the value's
    // ownership indicator holds (`select %owned, %state, %spare`, as
    // `double-buffer-loops` builds it) is linked to the values that can
    // enter the loop's block with an indicator other than `false`, not to
    // the block argument: a buffer the loop receives without owning it never
    // reaches the slot, and is not taken to live as long as what the slot
    // becomes.
    if (!isa<arith::SelectOp, scf::IfOp>(op))
      return;
    for (OpResult result : op->getResults()) {
      if (!isBuffer(result.getType()))
        continue;
      std::optional<std::pair<BlockArgument, BlockArgument>> selection =
          getSelectionUnderFlag(result);
      if (!selection)
        continue;
      SmallVector<Value> sources;
      bool excluded = false;
      DenseSet<std::pair<Value, Value>> visited;
      if (!addSourcesWhereFlagMayHold(selection->first, selection->second,
                                      sources, excluded, visited) ||
          !excluded)
        continue;
      Value selected = selection->first;
      auto derivedIt = derived.find(selected);
      if (derivedIt == derived.end() ||
          !llvm::is_contained(derivedIt->second, Value(result)))
        continue;
      llvm::erase(derivedIt->second, Value(result));
      llvm::erase(derivedFrom[result], selected);
      for (Value source : sources) {
        derived[source].push_back(result);
        derivedFrom[result].push_back(source);
      }
    }
  });

  // Everything derived from a shifting view has its shifted aligned pointer.
  addReachable(shiftingViews, derived, shiftedPointers);
}

BufferLifetimeAnalysis::BufferLifetimeAnalysis(Operation *function,
                                               AnalysisManager &analyses)
    : BufferLifetimeAnalysis(
          function, /*callResultsAreOwned=*/false,
          CalleeBufferFacts::getDecided(function, analyses)) {}

BufferLifetimeAnalysis::ValueSetT
BufferLifetimeAnalysis::getMayAliases(Value value) const {
  // The values `value` is derived from, then everything derived from them.
  ValueSetT origins, aliases;
  addReachable({value}, derivedFrom, origins);
  addReachable(SmallVector<Value>(origins.begin(), origins.end()), derived,
               aliases);
  // `BufferViewFlowAnalysis` also links a call's operands to its scalar
  // results; only buffers can share memory.
  ValueSetT buffers;
  for (Value alias : aliases)
    if (isBuffer(alias.getType()))
      buffers.insert(alias);
  return buffers;
}

BufferLifetimeAnalysis::ValueSetT
BufferLifetimeAnalysis::getDerivedAliases(Value value) const {
  ValueSetT reached, buffers;
  addReachable({value}, derived, reached);
  for (Value alias : reached)
    if (isBuffer(alias.getType()))
      buffers.insert(alias);
  return buffers;
}

FailureOr<BufferUseRange> BufferLifetimeAnalysis::getUseRangeInBlock(
    const ValueSetT &aliases, Block &block,
    function_ref<BufferUseAction(OpOperand &, Operation *)> onUse,
    function_ref<BufferUseAction(Operation *, Operation *)> onDefinition) {
  BufferUseRange range;
  auto note = [&](BufferUseAction action, Operation *ancestor) {
    if (action == BufferUseAction::Stop)
      return failure();
    if (action == BufferUseAction::Count && ancestor)
      range.include(ancestor);
    return success();
  };
  for (Value alias : aliases) {
    if (Operation *def = alias.getDefiningOp(); def && onDefinition) {
      Operation *ancestor = block.findAncestorOpInBlock(*def);
      if (failed(note(onDefinition(def, ancestor), ancestor)))
        return failure();
    }
    for (OpOperand &use : alias.getUses()) {
      Operation *ancestor = block.findAncestorOpInBlock(*use.getOwner());
      if (failed(note(onUse(use, ancestor), ancestor)))
        return failure();
    }
  }
  return range;
}

bool BufferLifetimeAnalysis::mayHaveShiftedPointer(Value value) const {
  return shiftedPointers.contains(value);
}

void BufferLifetimeAnalysis::notifyReplaced(Value from, Value to) {
  moveLinks(derived, derivedFrom, from, to);
  moveLinks(derivedFrom, derived, from, to);
  if (shiftedPointers.erase(from))
    shiftedPointers.insert(to);
}

void BufferLifetimeAnalysis::notifyErased(Value value) {
  auto unlink = [&](DenseMap<Value, SmallVector<Value, 2>> &links,
                    DenseMap<Value, SmallVector<Value, 2>> &backLinks) {
    auto it = links.find(value);
    if (it == links.end())
      return;
    SmallVector<Value, 2> targets = std::move(it->second);
    links.erase(it);
    for (Value target : targets) {
      auto back = backLinks.find(target);
      if (back != backLinks.end())
        llvm::erase(back->second, value);
    }
  };
  unlink(derived, derivedFrom);
  unlink(derivedFrom, derived);
  shiftedPointers.erase(value);
}

void BufferLifetimeAnalysis::notifyDerived(Value source, Value view) {
  derived[source].push_back(view);
  derivedFrom[view].push_back(source);
  if (shiftedPointers.contains(source))
    shiftedPointers.insert(view);
}

void CalleeBufferFacts::notifySymbolInserted(Operation *symbol) {
  Operation *tableOp = symbol->getParentOp();
  if (!tableOp || !tableOp->hasTrait<OpTrait::SymbolTable>())
    return;
  // Inserting an op that is already in the table's region only records its
  // name, unless the cached table was built after the op was inserted.
  symbolTables.getSymbolTable(tableOp).insert(symbol);
}

/// Returns true if `use` is one of the operands of `range`.
static bool isInRange(OperandRange range, OpOperand &use) {
  unsigned begin = range.getBeginOperandIndex();
  return !range.empty() && begin <= use.getOperandNumber() &&
         use.getOperandNumber() < begin + range.size();
}

/// Returns true if `use` forwards its buffer to values that the alias sets
/// track: a view of it, a successor block's argument, a region's argument or
/// the results of the enclosing region op.
static bool isForwardedToAlias(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto view = dyn_cast<ViewLikeOpInterface>(user))
    return view.getViewSource() == use.get();
  if (auto branch = dyn_cast<BranchOpInterface>(user)) {
    for (unsigned i = 0, e = user->getNumSuccessors(); i < e; ++i)
      if (isInRange(branch.getSuccessorOperands(i).getForwardedOperands(), use))
        return true;
    return false;
  }
  if (auto regionOp = dyn_cast<RegionBranchOpInterface>(user)) {
    SmallVector<RegionSuccessor> successors;
    regionOp.getSuccessorRegions(RegionBranchPoint::parent(), successors);
    return llvm::any_of(successors, [&](const RegionSuccessor &successor) {
      return isInRange(regionOp.getEntrySuccessorOperands(successor), use);
    });
  }
  // The results of the parent are tracked; a `func.return` is a terminator
  // too, but its operands leave the function.
  return isa<RegionBranchTerminatorOpInterface>(user) &&
         isa_and_present<RegionBranchOpInterface>(user->getParentOp());
}

std::optional<SmallVector<Operation *>>
BufferLifetimeAnalysis::getAddressComparisons(Operation *user) {
  if (!isa<memref::ExtractAlignedPointerAsIndexOp>(user))
    return std::nullopt;
  SmallVector<Operation *> comparisons;
  SmallVector<Value> addresses = {user->getResult(0)};
  DenseSet<Value> seen(addresses.begin(), addresses.end());
  while (!addresses.empty()) {
    Value address = addresses.pop_back_val();
    for (OpOperand &use : address.getUses()) {
      Operation *owner = use.getOwner();
      Value next;
      if (isa<arith::CmpIOp>(owner)) {
        comparisons.push_back(owner);
        continue;
      }
      if (auto select = dyn_cast<arith::SelectOp>(owner)) {
        if (use.get() == select.getCondition())
          return std::nullopt;
        next = select.getResult();
      } else if (isa<scf::YieldOp>(owner) &&
                 isa<scf::IfOp, scf::IndexSwitchOp>(owner->getParentOp())) {
        next = owner->getParentOp()->getResult(use.getOperandNumber());
      } else {
        return std::nullopt;
      }
      if (seen.insert(next).second)
        addresses.push_back(next);
    }
  }
  return comparisons;
}

bool BufferLifetimeAnalysis::isUnderstoodUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto call = dyn_cast<CallOpInterface>(user))
    return callees.isReleasedAfterCall(call, use);
  // Frees, and the deallocations of the ownership-based deallocation, which
  // free owned buffers and only compare the retained ones.
  if (isa<memref::DeallocOp, bufferization::DeallocOp, memref::DimOp>(user))
    return true;
  // A pointer extracted as an integer may be compared with the addresses of
  // later allocations, which may then reuse the memory.
  if (isa<memref::ExtractAlignedPointerAsIndexOp, UnrealizedConversionCastOp>(
          user))
    return false;
  if (isForwardedToAlias(use))
    return true;
  // Results other than buffers (aliases) and plain data could carry the
  // address.
  if (!llvm::all_of(user->getResultTypes(), isDataOrBuffer))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return false;
  if (std::optional<bool> readsOrWrites = onlyReadsOrWrites(effects, use.get()))
    return *readsOrWrites;
  // No effect on the buffer: the op can only pass it on, to its buffer
  // results, which are aliases (see the constructor).
  return llvm::any_of(user->getResultTypes(), isBuffer);
}

bool BufferLifetimeAnalysis::mayEscape(Value value,
                                       ArrayRef<Operation *> ignored) {
  for (Value alias : getMayAliases(value))
    for (OpOperand &use : alias.getUses())
      if (!llvm::is_contained(ignored, use.getOwner()) && !isUnderstoodUse(use))
        return true;
  return false;
}

bool BufferLifetimeAnalysis::isOnlyRead(Value value,
                                        ArrayRef<Operation *> ignored) {
  for (Value alias : getMayAliases(value)) {
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      if (llvm::is_contained(ignored, user))
        continue;
      // A callee may write the buffer, even one that does not keep it.
      if (isa<CallOpInterface>(user) || !isUnderstoodUse(use))
        return false;
      if (hasEffect<MemoryEffects::Write>(user, alias))
        return false;
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// CalleeBufferFacts
//===----------------------------------------------------------------------===//

CalleeBufferFacts::CalleeBufferFacts(Operation *root,
                                     const CalleeBufferFacts *outer)
    : root(root), outer(outer) {
  assert((!outer || outer->isDecided()) && "expected decided outer facts");
}

const CalleeBufferFacts::FunctionFacts *
CalleeBufferFacts::lookupDecided(CallOpInterface call) const {
  if (!decided)
    return nullptr;
  auto callee = llvm::dyn_cast_if_present<FlatSymbolRefAttr>(
      llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee()));
  if (!callee || SymbolTable::getNearestSymbolTable(call) != root)
    return nullptr;
  auto it = decidedFunctions.find(callee.getAttr());
  return it == decidedFunctions.end() ? nullptr : &it->second;
}

const CalleeBufferFacts *
CalleeBufferFacts::getDecided(Operation *function, AnalysisManager analyses) {
  Operation *table = function->getParentOp();
  if (!table)
    return nullptr;
  auto facts = analyses.getCachedParentAnalysis<CalleeBufferFacts>(table);
  if (!facts || !facts->get().isDecided())
    return nullptr;
  return &facts->get();
}

std::optional<bool> CalleeBufferFacts::mayAllocate(CallOpInterface call) const {
  if (const FunctionFacts *facts = lookupDecided(call))
    return facts->mayAllocate;
  return std::nullopt;
}

void CalleeBufferFacts::decideAll() {
  AllocatingOps allocating(root);
  for (Region &region : root->getRegions()) {
    for (auto function : region.getOps<FunctionOpInterface>()) {
      if (function.isExternal())
        continue;
      FunctionFacts &facts =
          decidedFunctions[SymbolTable::getSymbolName(function)];
      facts.mayAllocate = allocating.mayAllocate(function);
      for (BlockArgument argument : function.getArguments())
        facts.releasedArguments.push_back(isBuffer(argument.getType()) &&
                                          isArgumentReleased(argument, 0));
    }
  }
  decided = true;
}

bool CalleeBufferFacts::isReleasedAfterCall(CallOpInterface call,
                                            OpOperand &use, unsigned depth) {
  if (depth >= kMaxCallDepth)
    return false;
  OperandRange args = call.getArgOperands();
  if (args.empty() || use.getOperandNumber() < args.getBeginOperandIndex())
    return false;
  unsigned index = use.getOperandNumber() - args.getBeginOperandIndex();
  // merge-alloc's workspace of the callee, whose views never outlive the
  // call (fuzz seed 54471: a callee that selects between two of them kept
  // the workspace allocated over the rest of the caller).
  if (auto workspace =
          call->getAttrOfType<IntegerAttr>(func::kWorkspaceOperandAttrName);
      workspace && workspace.getInt() == index)
    return true;
  if (index >= args.size())
    return false;
  // Functions outside of the root may be transformed concurrently by
  // another pass: only the answers decided before it ran count.
  if (!isCalleeLookedUpInside(call, root)) {
    const FunctionFacts *facts = outer ? outer->lookupDecided(call) : nullptr;
    return facts && index < facts->releasedArguments.size() &&
           facts->releasedArguments[index];
  }
  // Declarations and recursion are answered conservatively.
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&symbolTables));
  if (!callee || callee.isExternal() || !root->isProperAncestor(callee) ||
      index >= callee.getNumArguments())
    return false;
  return isArgumentReleased(callee.getArgument(index), depth);
}

bool CalleeBufferFacts::isArgumentReleased(BlockArgument argument,
                                           unsigned depth) {
  auto [it, inserted] = released.try_emplace(argument, false);
  if (!inserted)
    return it->second; // Known, or a recursive call being decided.
  bool result = onlyAccessesMemory(argument, depth);
  released[argument] = result;
  return result;
}

using Condition = std::pair<Value, bool>;

/// The most `arith.select` ops that `evaluate` looks through in a chain.
static constexpr unsigned kMaxEvaluationDepth = 8;

/// Returns the constant that `value`, an `i1`, has wherever `conditions`
/// hold, if they decide it: a constant, a value of `conditions`, its
/// negation (`arith.xori` with `true`) or a selection between values they
/// decide, by a condition they decide.
static std::optional<bool> evaluate(Value value, ArrayRef<Condition> conditions,
                                    unsigned depth = 0) {
  if (matchPattern(value, m_One()))
    return true;
  if (matchPattern(value, m_Zero()))
    return false;
  for (auto [known, constant] : conditions)
    if (known == value)
      return constant;
  if (depth >= kMaxEvaluationDepth)
    return std::nullopt;
  if (auto negation = value.getDefiningOp<arith::XOrIOp>();
      negation && matchPattern(negation.getRhs(), m_One())) {
    if (std::optional<bool> operand =
            evaluate(negation.getLhs(), conditions, depth + 1))
      return !*operand;
    return std::nullopt;
  }
  if (auto select = value.getDefiningOp<arith::SelectOp>()) {
    std::optional<bool> condition =
        evaluate(select.getCondition(), conditions, depth + 1);
    if (!condition)
      return std::nullopt;
    return evaluate(*condition ? select.getTrueValue() : select.getFalseValue(),
                    conditions, depth + 1);
  }
  return std::nullopt;
}

/// A value that a region branch edge passes a buffer on to, with the `i1`
/// values whose value that same edge decides.
struct ForwardedValue {
  Value value;
  SmallVector<Condition> conditions;
};

/// Adds to `forwarded` what the edge from `terminator` (or, if null, from
/// `op`'s entry) to `successor` decides about the values it sets: those
/// that `operands` sets to an `i1` that `current` (the conditions of the
/// value passed on, which hold where the edge is taken) decides, and the
/// condition of an `scf.if` whose region `terminator` ends.
static void addEdgeConditions(Operation *op, Operation *terminator,
                              RegionSuccessor &successor, OperandRange operands,
                              ArrayRef<Condition> current,
                              ForwardedValue &forwarded) {
  ValueRange inputs = successor.getSuccessorInputs();
  for (auto [operand, input] : llvm::zip(operands, inputs)) {
    if (!operand.getType().isInteger(1))
      continue;
    if (std::optional<bool> constant = evaluate(operand, current))
      forwarded.conditions.push_back({input, *constant});
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op);
      ifOp && terminator && successor.isParent())
    forwarded.conditions.push_back(
        {ifOp.getCondition(),
         terminator->getParentRegion() == &ifOp.getThenRegion()});
}

/// Adds to `forwarded` the values that `use` passes its buffer on to along
/// the edges of a `RegionBranchOpInterface` op: a region's arguments or the
/// op's results, if `use` is an operand that a region branch terminator or
/// the op itself forwards, with the conditions the edges decide under
/// `current`. Returns false if its owner is neither, or no edge forwards the
/// operand.
static bool addForwardedValues(OpOperand &use, ArrayRef<Condition> current,
                               SmallVectorImpl<ForwardedValue> &forwarded) {
  Operation *user = use.getOwner();
  Operation *op = user->getParentOp();
  SmallVector<RegionSuccessor> successors;
  std::function<OperandRange(RegionSuccessor &)> getOperands;
  // A `ReturnLike` op is a region branch terminator too, also one whose
  // parent (a function) has no region branches to describe.
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(user);
  if (terminator && isa<RegionBranchOpInterface>(op)) {
    SmallVector<Attribute> operands(user->getNumOperands());
    terminator.getSuccessorRegions(operands, successors);
    getOperands = [terminator](RegionSuccessor &successor) mutable {
      return terminator.getSuccessorOperands(successor);
    };
  } else if (auto branch = dyn_cast<RegionBranchOpInterface>(user)) {
    // The op itself must do nothing with the buffer but pass it on.
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(user)) {
      SmallVector<MemoryEffects::EffectInstance> onBuffer;
      effects.getEffectsOnValue(use.get(), onBuffer);
      if (!onBuffer.empty())
        return false;
    }
    op = user;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
    getOperands = [branch](RegionSuccessor &successor) mutable {
      return branch.getEntrySuccessorOperands(successor);
    };
  } else {
    return false;
  }
  bool found = false;
  for (RegionSuccessor &successor : successors) {
    OperandRange operands = getOperands(successor);
    ValueRange inputs = successor.getSuccessorInputs();
    if (operands.empty() || operands.size() != inputs.size())
      continue;
    unsigned begin = operands.getBeginOperandIndex();
    unsigned index = use.getOperandNumber();
    if (index < begin || index >= begin + operands.size())
      continue;
    ForwardedValue &value = forwarded.emplace_back();
    value.value = inputs[index - begin];
    addEdgeConditions(op, terminator ? user : nullptr, successor, operands,
                      current, value);
    found = true;
  }
  return found;
}

/// Returns true if `op` runs only where one of `conditions` does not hold:
/// it is nested in a region of an `scf.if` whose condition they decide to
/// the other value.
static bool isExcludedBy(Operation *op, ArrayRef<Condition> conditions) {
  for (Operation *nested = op; !isa<FunctionOpInterface>(nested);
       nested = nested->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(nested->getParentOp());
    if (!ifOp)
      continue;
    bool runsIf = nested->getParentRegion() == &ifOp.getThenRegion();
    if (evaluate(ifOp.getCondition(), conditions) == !runsIf)
      return true;
  }
  return false;
}

/// The most sets of conditions a value is walked under; beyond, it is walked
/// under none, which excuses fewer frees and ends the walk.
static constexpr unsigned kMaxConditionSets = 4;

bool CalleeBufferFacts::onlyAccessesMemory(Value buffer, unsigned depth) {
  WalkedValues walked;
  return onlyAccessesMemory(buffer, depth, walked, {});
}

bool CalleeBufferFacts::onlyAccessesMemory(Value buffer, unsigned depth,
                                           WalkedValues &walked,
                                           ArrayRef<Condition> conditions) {
  // A value walked under a subset of `conditions` (a loop's state reached
  // again) needs no second walk: fewer conditions excuse fewer frees.
  SmallVector<SmallVector<Condition>, 1> &sets = walked[buffer];
  if (llvm::any_of(sets, [&](ArrayRef<Condition> set) {
        return llvm::all_of(set, [&](const Condition &condition) {
          return llvm::is_contained(conditions, condition);
        });
      }))
    return true;
  if (sets.size() >= kMaxConditionSets && !conditions.empty())
    return onlyAccessesMemory(buffer, depth, walked, {});
  sets.emplace_back(conditions.begin(), conditions.end());
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    // A use that never runs while `buffer` holds the argument: a free that
    // the deallocation guards by the buffer's ownership, or the hand-over of
    // an owned state to a double-buffered loop's spare.
    if (isa<memref::DimOp>(user) || isExcludedBy(user, conditions))
      continue;
    // A function whose results follow the no-alias ABI returns buffers that
    // alias none of its arguments: what it returns is not `buffer`.
    if (user->hasTrait<OpTrait::ReturnLike>() &&
        isa<FunctionOpInterface>(user->getParentOp()) &&
        user->getParentOp()->hasAttr(func::kNoAliasResultsAttrName))
      continue;
    // Passed on to a region or the results of a region op: those values
    // must do no more.
    SmallVector<ForwardedValue> forwarded;
    if (addForwardedValues(use, conditions, forwarded)) {
      for (ForwardedValue &value : forwarded)
        if (!onlyAccessesMemory(value.value, depth, walked, value.conditions))
          return false;
      continue;
    }
    // Any free, where the deallocation placed them all and the function owns
    // no argument.
    if (isa<memref::DeallocOp>(user) && freesFollowOwnership)
      continue;
    if (auto dealloc = dyn_cast<DeallocOp>(user);
        dealloc && freesFollowOwnership)
      continue;
    // A selection may hold the argument wherever `buffer` does, unless
    // `conditions` decide that it picks its other operand (as double
    // buffering keeps a loop's old state as its spare only where the loop
    // owns it).
    if (auto select = dyn_cast<arith::SelectOp>(user);
        select && use.getOperandNumber() != 0) {
      std::optional<bool> picksTrue =
          evaluate(select.getCondition(), conditions);
      bool mayHold = !picksTrue || *picksTrue == (use.getOperandNumber() == 1);
      if (mayHold &&
          !onlyAccessesMemory(select.getResult(), depth, walked, conditions))
        return false;
      continue;
    }
    // The address, compared (the deallocation's runtime alias checks).
    if (BufferLifetimeAnalysis::getAddressComparisons(user))
      continue;
    // A clone reads the buffer into a new one.
    if (auto clone = dyn_cast<CloneOp>(user);
        clone && clone.getInput() == buffer)
      continue;
    if (auto view = dyn_cast<ViewLikeOpInterface>(user);
        view && view.getViewSource() == buffer) {
      for (Value result : user->getResults())
        if (isBuffer(result.getType()) &&
            !onlyAccessesMemory(result, depth, walked, conditions))
          return false;
      continue;
    }
    if (auto call = dyn_cast<CallOpInterface>(user)) {
      if (!isReleasedAfterCall(call, use, depth + 1))
        return false;
      continue;
    }
    // Anything else must read or write the memory and do nothing else with
    // the buffer: no buffer results or region arguments that could carry it
    // on, and no effect other than reads and writes (no free).
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects || llvm::any_of(user->getResultTypes(), isBuffer) ||
        llvm::any_of(user->getRegions(), [](Region &region) {
          return llvm::any_of(region.getArgumentTypes(), isBuffer);
        }))
      return false;
    SmallVector<MemoryEffects::EffectInstance> onBuffer;
    effects.getEffectsOnValue(buffer, onBuffer);
    if (onBuffer.empty() ||
        !llvm::all_of(onBuffer, [](MemoryEffects::EffectInstance &effect) {
          return isa<MemoryEffects::Read, MemoryEffects::Write>(
              effect.getEffect());
        }))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// FunctionsLeftAlone
//===----------------------------------------------------------------------===//

bool bufferization::isAlignedFor(memref::AllocOp buffer,
                                 memref::AllocOp alloc) {
  std::optional<uint64_t> alignment = alloc.getAlignment();
  std::optional<uint64_t> bufferAlignment = buffer.getAlignment();
  return !alignment || (bufferAlignment && *bufferAlignment >= *alignment);
}

bool bufferization::isFreedInRegions(
    Operation *op, function_ref<bool(Value)> isAlias,
    function_ref<Operation *(Region &)> getLastUseIn,
    DenseMap<Region *, Operation *> *lastAllocating) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  bool runsOneRegion =
      ifOp ? !ifOp.getElseRegion().empty() || ifOp.getNumResults() == 0
           : isa<scf::IndexSwitchOp>(op);
  if (!runsOneRegion || llvm::any_of(op->getResults(), isAlias))
    return false;
  auto mayAllocate = [](Operation *nested) {
    return isa<CallOpInterface>(nested) ||
           hasEffect<MemoryEffects::Allocate>(nested);
  };
  auto findLastAllocating = [&](Region &region) -> Operation * {
    if (region.empty())
      return nullptr;
    for (Operation &nested : llvm::reverse(region.front()))
      if (nested
              .walk([&](Operation *inner) {
                return mayAllocate(inner) ? WalkResult::interrupt()
                                          : WalkResult::advance();
              })
              .wasInterrupted())
        return &nested;
    return nullptr;
  };
  return llvm::any_of(op->getRegions(), [&](Region &region) {
    Operation *allocating;
    if (!lastAllocating) {
      allocating = findLastAllocating(region);
    } else {
      auto [it, inserted] = lastAllocating->try_emplace(&region, nullptr);
      if (inserted)
        it->second = findLastAllocating(region);
      allocating = it->second;
    }
    if (!allocating)
      return false;
    Operation *lastUse = getLastUseIn(region);
    if (!lastUse || lastUse->isBeforeInBlock(allocating))
      return true;
    // The last use allocates after it in turn: freed in its regions.
    return lastUse == allocating &&
           isa<scf::IfOp, scf::IndexSwitchOp>(lastUse) &&
           isFreedInRegions(lastUse, isAlias, getLastUseIn, lastAllocating);
  });
}

bool bufferization::isAsynchronous(Operation *op) {
  return isa<async::ExecuteOp>(op);
}

bool bufferization::freesBuffers(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (nested->hasAttr(BufferizationDialect::kManualDeallocation))
      return WalkResult::interrupt();
    auto effectOp = dyn_cast<MemoryEffectOpInterface>(nested);
    if (effectOp && effectOp.hasEffect<MemoryEffects::Free>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bufferization::FunctionsLeftAlone::FunctionsLeftAlone(Operation *root) {
  root->walk([&](Operation *op) {
    if (op->hasAttr(kManualFunctionAttrName))
      functions.insert(op);
    else if (isAsynchronous(op) ||
             op->hasAttr(BufferizationDialect::kManualDeallocation))
      functions.insert(op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>());
  });
}

bool bufferization::FunctionsLeftAlone::contains(Operation *op) const {
  if (functions.empty())
    return false;
  if (!op->hasTrait<OpTrait::IsIsolatedFromAbove>())
    op = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  return functions.contains(op);
}

std::optional<int64_t> bufferization::getElementByteSize(Type elementType,
                                                         Operation *op) {
  // The data layout has no size for other element types, such as memrefs
  // (`memref<4xmemref<8xf32>>`), and asking is a fatal error.
  if (!elementType.isIntOrIndexOrFloat() && !isa<VectorType>(elementType))
    return std::nullopt;
  return static_cast<int64_t>(llvm::PowerOf2Ceil(
      DataLayout::closest(op).getTypeSize(elementType).getFixedValue()));
}

std::optional<int64_t> bufferization::getStaticByteSize(MemRefType type,
                                                        Operation *op) {
  if (!type.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> elementBytes =
      getElementByteSize(type.getElementType(), op);
  int64_t bytes;
  if (!elementBytes ||
      llvm::MulOverflow(*elementBytes, type.getNumElements(), bytes))
    return std::nullopt;
  return bytes;
}
