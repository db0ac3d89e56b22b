//===- TickBasedMergeAlloc.cpp - Tick-based stages of merge-alloc ---------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The default collector, planner and mutator of merge-alloc. Every op gets a
// tick in a pre-order walk, so the ops nested in an op have the ticks right
// after its own, and a buffer lives from the first to the last tick at which
// it or an alias of it is accessed.
//
// Ticks follow execution order only inside a single-block region, which is
// why a mergeable allocation must sit in one. Its lifetime then ends within
// one execution of that block (nothing that aliases it leaves the block), so
// comparing the ticks of two such buffers is enough to tell whether they can
// share memory, wherever in the scope they are.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/MemRef/Transforms/MergeAlloc.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/HeldBytesTree.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"
#include <deque>
#include <functional>
#include <numeric>
#include <queue>
#include <set>

#define DEBUG_TYPE "merge-alloc"

using namespace mlir;
using namespace mlir::memref;

using AliasSet = bufferization::BufferLifetimeAnalysis::ValueSetT;

LifetimeTrace::~LifetimeTrace() = default;

/// The alignment `malloc` gives every allocation on the targets MLIR lowers
/// to, which is why an allocation of scalars needs no `alignment` attribute.
static constexpr uint64_t kMallocAlignment = 16;

/// Bytes that stand for "unknown" in the peak model: more than any sum of
/// buffers it counts.
static constexpr int64_t kUnbounded = int64_t(1) << 60;

/// Buffers of this many bytes or more count as unknown in the peak model, so
/// that its sums cannot overflow.
static constexpr int64_t kLargestModelled = int64_t(1) << 40;

/// A tick after every tick: no op.
static constexpr int64_t kNoTick = std::numeric_limits<int64_t>::max();

/// Returns `a + b`, at most `kUnbounded`; both are at most `kUnbounded`.
static int64_t addBytes(int64_t a, int64_t b) {
  return std::min(kUnbounded, a + b);
}

uint64_t TickLifetimeTrace::getAlignment() const {
  uint64_t alignment = 1;
  for (const TickAllocation &allocation : allocations)
    alignment = std::max(alignment, allocation.alignment);
  return alignment;
}

std::optional<uint64_t> TickLifetimeTrace::getBufferAlignment() const {
  if (llvm::none_of(allocations, [](const TickAllocation &allocation) {
        return allocation.needsAlignedAllocation;
      }))
    return std::nullopt;
  return getAlignment();
}

SmallVector<MemoryTraceEvent> TickLifetimeTrace::getEvents() const {
  // (tick, 0 for an allocation and 1 for a free, buffer id).
  SmallVector<std::tuple<int64_t, unsigned, unsigned>> keys;
  keys.reserve(allocations.size() * 2);
  for (auto [id, allocation] : llvm::enumerate(allocations)) {
    keys.push_back({allocation.firstTick, 0, id});
    keys.push_back({allocation.lastTick, 1, id});
  }
  llvm::sort(keys);
  SmallVector<MemoryTraceEvent> events;
  events.reserve(keys.size());
  for (auto [tick, isFree, id] : keys)
    events.push_back(isFree
                         ? MemoryTraceEvent::free(id)
                         : MemoryTraceEvent::alloc(id, allocations[id].size));
  return events;
}

/// Returns whether every run of `op` runs at most one of its regions, once,
/// and each region hands control back to `op` only, as `scf.if` and
/// `scf.index_switch` do: allocations in two different regions of such an op
/// are never alive at once.
static bool runsAtMostOneRegion(Operation *op) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch || branch.hasLoop() || bufferization::isAsynchronous(op) ||
      op->hasTrait<OpTrait::HasParallelRegion>())
    return false;
  for (Region &region : op->getRegions()) {
    SmallVector<RegionSuccessor> successors;
    branch.getSuccessorRegions(region, successors);
    if (!llvm::all_of(successors, [](const RegionSuccessor &successor) {
          return successor.isParent();
        }))
      return false;
  }
  return true;
}

/// Returns whether every run of `op` runs exactly one of its regions, each of
/// one block: `runsAtMostOneRegion`, and control never passes `op` without
/// entering a region, as for an `scf.if` with an `else` region.
static bool runsExactlyOneRegion(Operation *op) {
  if (!runsAtMostOneRegion(op))
    return false;
  SmallVector<RegionSuccessor> entries;
  cast<RegionBranchOpInterface>(op).getSuccessorRegions(
      RegionBranchPoint::parent(), entries);
  if (entries.empty() || llvm::any_of(entries, [](const RegionSuccessor &e) {
        return e.isParent();
      }))
    return false;
  return llvm::all_of(op->getRegions(),
                      [](Region &region) { return region.hasOneBlock(); });
}

/// Returns the result of the op around the terminator of `use` that receives
/// the used value, if the terminator hands it to the results of an op that
/// `runsAtMostOneRegion` and is no allocation scope (the buffer then lives on
/// in the block of that op); null otherwise.
static Value getYieldedResult(OpOperand &use) {
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(use.getOwner());
  if (!terminator)
    return {};
  Operation *parent = terminator->getParentOp();
  if (!parent || !runsAtMostOneRegion(parent) ||
      parent->hasTrait<OpTrait::AutomaticAllocationScope>() ||
      !terminator->getParentRegion()->hasOneBlock())
    return {};
  SmallVector<RegionSuccessor> successors;
  cast<RegionBranchOpInterface>(parent).getSuccessorRegions(
      *terminator->getParentRegion(), successors);
  if (successors.size() != 1)
    return {};
  OperandRange operands = terminator.getSuccessorOperands(successors.front());
  ValueRange inputs = successors.front().getSuccessorInputs();
  if (operands.empty() || operands.size() != inputs.size())
    return {};
  unsigned begin = operands.getBeginOperandIndex();
  unsigned number = use.getOperandNumber();
  if (number < begin || number >= begin + operands.size())
    return {};
  return inputs[number - begin];
}

/// Returns whether on every run of the scope, `value` is (a view of) one of
/// the buffers that `members` allocate: one of them, a view of such a value,
/// or the result of an op that `runsExactlyOneRegion` and gets such a value
/// from each of them (looked at `depth` ops deep).
static bool isAlwaysOneOf(Value value, const DenseSet<Operation *> &members,
                          unsigned depth = 8) {
  if (Operation *def = value.getDefiningOp(); def && members.contains(def))
    return true;
  if (depth == 0)
    return false;
  if (auto view = value.getDefiningOp<ViewLikeOpInterface>();
      view && view->getNumResults() == 1)
    return isAlwaysOneOf(view.getViewSource(), members, depth - 1);
  auto result = dyn_cast<OpResult>(value);
  if (!result || !runsExactlyOneRegion(result.getOwner()))
    return false;
  Operation *op = result.getOwner();
  auto branch = cast<RegionBranchOpInterface>(op);
  for (Region &region : op->getRegions()) {
    auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(
        region.front().getTerminator());
    if (!terminator)
      return false;
    SmallVector<RegionSuccessor> successors;
    branch.getSuccessorRegions(region, successors);
    if (successors.size() != 1)
      return false;
    OperandRange operands = terminator.getSuccessorOperands(successors.front());
    if (operands.size() != op->getNumResults() ||
        !isAlwaysOneOf(operands[result.getResultNumber()], members, depth - 1))
      return false;
  }
  return true;
}

/// Returns whether no run of the ops around them runs both `a` and `b`: the
/// nearest op around both that `runsAtMostOneRegion` holds them in
/// different regions.
static bool areExclusive(Operation *a, Operation *b) {
  DenseMap<Operation *, Region *> aroundA;
  for (Region *region = a->getParentRegion(); region && region->getParentOp();
       region = region->getParentOp()->getParentRegion())
    aroundA[region->getParentOp()] = region;
  for (Region *region = b->getParentRegion(); region && region->getParentOp();
       region = region->getParentOp()->getParentRegion()) {
    auto it = aroundA.find(region->getParentOp());
    if (it != aroundA.end())
      return it->second != region && runsAtMostOneRegion(it->first);
  }
  return false;
}

/// Returns how many instances of the buffers allocated by `op` may be alive
/// at once while the op of `scope` around it runs: 1, 2 in a loop (the
/// buffer of the last iteration and the new one), or 0 for unbounded, in a
/// parallel region.
static unsigned getInstanceBound(Operation *op, Operation *scopeOp) {
  unsigned bound = 1;
  for (Operation *parent = op->getParentOp(); parent && parent != scopeOp;
       parent = parent->getParentOp()) {
    if (parent->hasTrait<OpTrait::HasParallelRegion>())
      return 0;
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (isa<LoopLikeOpInterface>(parent) || (branch && branch.hasLoop()) ||
        (!branch && parent->getNumRegions() != 0))
      bound = 2;
  }
  return bound;
}

/// Returns the bytes a buffer of `type` defined by `op` takes, or
/// `kUnbounded` when they are not known statically or are too many to model.
static int64_t getModelledBytes(BaseMemRefType type, Operation *op) {
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType || !memrefType.hasStaticShape())
    return kUnbounded;
  std::optional<int64_t> staticBytes =
      bufferization::getStaticByteSize(memrefType, op);
  if (!staticBytes || *staticBytes >= kLargestModelled)
    return kUnbounded;
  int64_t bytes = *staticBytes;
  // An aligned allocation asks `malloc` for the alignment on top.
  if (auto alloc = dyn_cast<AllocOp>(op))
    bytes += static_cast<int64_t>(alloc.getAlignment().value_or(0));
  return bytes;
}

/// Calls `fn` with each value `op` allocates on the heap (the default
/// resource), or with null for a heap allocation that names no value.
static void forEachHeapAllocation(Operation *op, function_ref<void(Value)> fn) {
  auto effectOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effectOp)
    return;
  SmallVector<MemoryEffects::EffectInstance> effects;
  effectOp.getEffects(effects);
  for (const MemoryEffects::EffectInstance &effect : effects)
    if (isa<MemoryEffects::Allocate>(effect.getEffect()) &&
        effect.getResource() == SideEffects::DefaultResource::get())
      fn(effect.getValue());
}

/// Returns the bytes the buffers `op` allocates, `bytes` each, may hold at
/// once while the op of `scopeOp` around it runs.
static int64_t getInstanceBytes(Operation *op, Operation *scopeOp,
                                int64_t bytes) {
  unsigned instances = getInstanceBound(op, scopeOp);
  return instances == 0 ? kUnbounded : std::min(kUnbounded, bytes * instances);
}

/// Returns the bytes of a buffer `op` allocates, `kUnbounded` if unknown.
static int64_t getAllocatedBytes(Value allocated, Operation *op) {
  auto type = allocated ? dyn_cast<BaseMemRefType>(allocated.getType())
                        : BaseMemRefType();
  return type ? getModelledBytes(type, op) : kUnbounded;
}

/// Returns whether `buffer` may take memory for less than from its definition
/// to the last use of an alias: an alias is copied from or into by a
/// `memref.copy` (the rest of the pipeline, `elide-buffer-copies`, may remove
/// the buffer), or freed by an op (`memref.realloc`, whose result the alias
/// analysis takes for an alias, or a free by hand).
static bool
mayEndEarly(Value buffer,
            const bufferization::BufferLifetimeAnalysis &lifetimes) {
  for (Value alias : lifetimes.getDerivedAliases(buffer)) {
    for (Operation *user : alias.getUsers()) {
      if (isa<CopyOp>(user))
        return true;
      auto effectOp = dyn_cast<MemoryEffectOpInterface>(user);
      if (effectOp && effectOp.getEffectOnValue<MemoryEffects::Free>(alias))
        return true;
    }
  }
  return false;
}

/// Returns whether `op` has buffer results.
static bool hasBufferResults(Operation *op) {
  return llvm::any_of(op->getResultTypes(), llvm::IsaPred<BaseMemRefType>);
}

/// Returns whether `op` goes away once its results are unused: it has no
/// regions, is not a terminator, and at most reads memory, as a load.
static bool isRemovableWhenUnused(Operation *op) {
  if (op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (isMemoryEffectFree(op))
    return true;
  auto effectOp = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effectOp)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  effectOp.getEffects(effects);
  return llvm::all_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// Returns whether `use` passes a buffer as the workspace argument of the
/// callee of a call (`kWorkspaceAttrName`): the callee uses it only through
/// views of temporaries that do not outlive the call.
static bool isWorkspaceOperand(OpOperand &use,
                               SymbolTableCollection &symbolTables) {
  auto call = dyn_cast<CallOpInterface>(use.getOwner());
  if (!call)
    return false;
  OperandRange arguments = call.getArgOperands();
  if (arguments.empty())
    return false;
  unsigned begin = arguments.getBeginOperandIndex();
  unsigned number = use.getOperandNumber();
  if (number < begin || number >= begin + arguments.size())
    return false;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&symbolTables));
  if (!callee || callee.isExternal() ||
      number - begin >= callee.getNumArguments())
    return false;
  return static_cast<bool>(
      callee.getArgAttr(number - begin, kWorkspaceAttrName));
}

/// Returns whether `value` may fold to a constant: it is defined by a
/// constant-like op, or by a pure op all of whose operands may (looked at
/// `depth` ops deep).
static bool mayFoldToConstant(Value value, unsigned depth = 8) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (depth == 0)
    return true;
  if (def->getNumRegions() != 0 || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return mayFoldToConstant(operand, depth - 1);
  });
}

/// Returns whether the canonicalizer may replace `loop` with its body or
/// remove it: an `scf.for` whose bounds may fold to constants, unless they
/// are constants of at least two iterations, or an `scf.while` whose
/// condition may fold to a constant.
static bool mayBeFoldedAway(Operation *loop) {
  if (auto forOp = dyn_cast<scf::ForOp>(loop)) {
    std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(forOp.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
    if (lb && ub && step && *step > 0 && *ub - *lb > *step)
      return false;
    return mayFoldToConstant(forOp.getLowerBound()) &&
           mayFoldToConstant(forOp.getUpperBound()) &&
           mayFoldToConstant(forOp.getStep());
  }
  auto whileOp = cast<scf::WhileOp>(loop);
  return mayFoldToConstant(whileOp.getConditionOp().getCondition());
}

/// Returns whether the deallocation frees the buffers of `block` that do not
/// outlive it only at its end: the block branches to one of several blocks,
/// and the frees before the branch depend on the successor taken, which
/// `free-buffers-at-last-use` does not move (fuzz seed 3620: a merged buffer
/// of the entry block held past a later allocation of the block raised the
/// peak from 96 to 128 bytes).
static bool isFreedAtEnd(Block *block) {
  return block->mightHaveTerminator() &&
         block->getTerminator()->getNumSuccessors() > 1;
}

/// Returns whether an op of `func` makes a memref that
/// `BufferViewFlowAnalysis`, on which the deallocation builds, does not link
/// to the memrefs it is made of: an op without memory effects and regions,
/// with a memref operand that may be a buffer of the function (not only an
/// argument's), none of whose memref operands has the memref result among
/// its aliases (`memref.distinct_objects` in MLIR 22). The deallocation,
/// which cannot tell that memref from the other buffers of the function,
/// frees them only at the end of their block, after comparing their
/// addresses with it. This asks what the deallocation sees, so it builds
/// the view-flow analysis of `func`, only if an op may make such a memref.
static bool mayHideAliases(Operation *func) {
  // Views link their results to their sources.
  auto mayMakeHiddenAlias = [](Operation *op) {
    auto isMemRef = [](Type type) { return isa<BaseMemRefType>(type); };
    return op->getNumRegions() == 0 && !isa<ViewLikeOpInterface>(op) &&
           llvm::any_of(op->getResultTypes(), isMemRef) &&
           llvm::any_of(op->getOperandTypes(), isMemRef) &&
           isMemoryEffectFree(op);
  };
  if (!func->walk([&](Operation *op) {
             return mayMakeHiddenAlias(op) ? WalkResult::interrupt()
                                           : WalkResult::advance();
           })
           .wasInterrupted())
    return false;
  BufferViewFlowAnalysis aliases(func);
  auto isLinked = [&](Value result, Operation *op) {
    return llvm::any_of(op->getOperands(), [&](Value operand) {
      if (!isa<BaseMemRefType>(operand.getType()))
        return false;
      auto it = aliases.find(operand);
      return it != aliases.end() && it->second.contains(result);
    });
  };
  // Only a memref that may be one of the function's own buffers matters; an
  // argument's buffer is neither freed nor compared by the function.
  auto mayBeOwnBuffer = [&](Value operand) {
    for (Value source : aliases.resolveReverse(operand)) {
      auto arg = dyn_cast<BlockArgument>(source);
      bool isArgument = arg && arg.getOwner()->isEntryBlock() &&
                        arg.getOwner()->getParentOp() == func;
      if (!isArgument && aliases.mayBeTerminalBuffer(source))
        return true;
    }
    return false;
  };
  // The cheap test first: most ops link their memref results.
  WalkResult walk = func->walk([&](Operation *op) {
    if (!mayMakeHiddenAlias(op) ||
        llvm::all_of(op->getResults(), [&](Value result) {
          return !isa<BaseMemRefType>(result.getType()) || isLinked(result, op);
        }))
      return WalkResult::advance();
    if (llvm::any_of(op->getOperands(), [&](Value operand) {
          return isa<BaseMemRefType>(operand.getType()) &&
                 mayBeOwnBuffer(operand);
        }))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Returns whether `hoist-alloc-dealloc-pairs` moves `alloc`, a mergeable
/// allocation, out of every op between it and the block of `scopeOp`: each
/// is an `scf.for` or `scf.while`, whose iterations free the buffer they
/// allocate, so that the buffer apart is allocated before the outermost
/// loop, whether or not it runs, and freed after it. A loop that the
/// canonicalizer may fold away (one that runs at most once) is not taken
/// for one: its body may end up in the scope's block, where the buffer apart
/// lives only from its allocation to its last use.
static bool isHoistedToScope(Operation *alloc, Operation *scopeOp) {
  for (Operation *parent = alloc->getParentOp(); parent != scopeOp;
       parent = parent->getParentOp())
    if (!isa<scf::ForOp, scf::WhileOp>(parent) || mayBeFoldedAway(parent))
      return false;
  return true;
}

/// Returns whether `alloc` is merge-alloc's allocation of a callee's
/// workspace, right before the call that takes it.
static bool isWorkspaceAlloc(Operation *alloc) {
  return alloc->hasAttr(bufferization::kWorkspaceAttrName);
}

/// Returns the call that takes the workspace `alloc` allocates: its only
/// user, right after it; null if it has no such user.
static Operation *getWorkspaceCall(AllocOp alloc) {
  Operation *next = alloc->getNextNode();
  if (!next || !isa<CallOpInterface>(next) ||
      !llvm::all_of(alloc->getUsers(),
                    [&](Operation *user) { return user == next; }))
    return nullptr;
  return next;
}

/// Returns whether every loop between `alloc` and the block of `scopeOp`
/// (`isHoistedToScope`) runs the block of `alloc` at least once whenever the
/// loop starts: an `scf.for` of constant bounds and at least one iteration,
/// or the `before` region of an `scf.while`.
static bool runsAtLeastOnce(Operation *alloc, Operation *scopeOp) {
  Region *region = alloc->getParentRegion();
  for (Operation *parent = alloc->getParentOp(); parent != scopeOp;
       region = parent->getParentRegion(), parent = parent->getParentOp()) {
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      std::optional<APInt> tripCount = forOp.getStaticTripCount();
      if (!tripCount || tripCount->isZero())
        return false;
      continue;
    }
    auto whileOp = dyn_cast<scf::WhileOp>(parent);
    if (!whileOp || region != &whileOp.getBefore())
      return false;
  }
  return true;
}

/// Returns whether `hoist-alloc-dealloc-pairs`, hoisting the workspace
/// `alloc` to the block of `scopeOp`, allocates it only in runs of the scope
/// that run its call: every loop on the way is an `scf.for`, whose trip
/// count the hoisting checks before it allocates, or runs `alloc` whenever
/// it starts (the `before` region of an `scf.while`).
static bool isAllocatedOnlyIfCalled(Operation *alloc, Operation *scopeOp) {
  Region *region = alloc->getParentRegion();
  for (Operation *parent = alloc->getParentOp(); parent != scopeOp;
       region = parent->getParentRegion(), parent = parent->getParentOp()) {
    if (isa<scf::ForOp>(parent))
      continue;
    auto whileOp = dyn_cast<scf::WhileOp>(parent);
    if (!whileOp || region != &whileOp.getBefore())
      return false;
  }
  return true;
}

CalleeWorkspaceCandidates::CalleeWorkspaceCandidates(
    Operation *root, const MergeAllocationOptions &options)
    : options(options),
      symbolTableOp(root->hasTrait<OpTrait::SymbolTable>() ? root : nullptr) {
  if (symbolTableOp)
    users.emplace(symbolTables, symbolTableOp);
}

ArrayRef<Operation *>
CalleeWorkspaceCandidates::getUsers(FunctionOpInterface func) const {
  if (!users)
    return {};
  return users->getUsers(func);
}

int64_t CalleeWorkspaceCandidates::getSurelyHeldBytes(CallOpInterface call) {
  Operation *callee = call.resolveCallableInTable(&symbolTables);
  return callee ? surelyHeld.lookup(callee) : 0;
}

bool CalleeWorkspaceCandidates::freesByHand(Operation *function) {
  auto [it, inserted] = frees.try_emplace(function, false);
  if (inserted)
    it->second = bufferization::freesBuffers(function);
  return it->second;
}

bool mlir::memref::takesWorkspaceThroughWrapper(
    FunctionOpInterface func, const MergeAllocationOptions &options) {
  return options.calleeWorkspaces && options.wrapPublicFunctions &&
         !options.publicFunctionWorkspaces && func.isPublic() &&
         isa<func::FuncOp>(func);
}

bool CalleeWorkspaceCandidates::needsWrapper(FunctionOpInterface func) const {
  return takesWorkspaceThroughWrapper(func, options);
}

std::pair<FunctionOpInterface, CallOpInterface>
CalleeWorkspaceCandidates::wrapPublicFunction(
    FunctionOpInterface func, ArrayRef<CallOpInterface> calls,
    bufferization::BufferLifetimeAnalysis *lifetimes) {
  IRRewriter rewriter(func.getContext());
  auto [impl, call] = bufferization::splitOffPrivateBody(
      rewriter, cast<func::FuncOp>(func),
      symbolTables.getSymbolTable(symbolTableOp));
  if (lifetimes)
    lifetimes->notifySymbolInserted(impl);
  auto implName = SymbolRefAttr::get(impl);
  for (CallOpInterface moduleCall : calls)
    moduleCall.setCalleeFromCallable(implName);
  if (auto it = surelyHeld.find(func); it != surelyHeld.end())
    surelyHeld[impl] = it->second;
  return {cast<FunctionOpInterface>(impl.getOperation()),
          cast<CallOpInterface>(call.getOperation())};
}

bool CalleeWorkspaceCandidates::canTakeWorkspace(FunctionOpInterface func) {
  if (!users || func.isExternal() || !func.getFunctionBody().hasOneBlock())
    return false;
  if (!func.isPrivate() &&
      !(options.publicFunctionWorkspaces && func.isPublic()) &&
      !needsWrapper(func))
    return false;
  if (func->getParentOp() != symbolTableOp)
    return false;
  ArrayRef<Operation *> funcUsers = users->getUsers(func);
  if (funcUsers.empty() || freesByHand(func))
    return false;
  for (Operation *user : funcUsers) {
    // Every use calls the function directly, and names it nowhere else, so
    // that each call can pass a workspace.
    auto call = dyn_cast<CallOpInterface>(user);
    if (!call || call.resolveCallableInTable(&symbolTables) != func)
      return false;
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(user);
    if (!uses || llvm::range_size(*uses) != 1)
      return false;
    auto caller = call->getParentOfType<FunctionOpInterface>();
    if (!caller || caller == func)
      return false;
    // The workspace is allocated right before the call and freed after it
    // by the deallocation, which needs structured control flow around it
    // and a caller it manages; a call in an `async` region may run after
    // the op around it.
    for (Operation *parent = call->getParentOp(); parent != caller;
         parent = parent->getParentOp())
      if (!isa<RegionBranchOpInterface>(parent) ||
          bufferization::isAsynchronous(parent))
        return false;
    if (freesByHand(caller))
      return false;
    // In a block that branches to one of several blocks, the deallocation
    // frees the workspace at the branch, after whatever the block allocates
    // after the call, where the callee freed its temporaries before it
    // returned (fuzz seed 31584: 128 bytes at once instead of 96).
    if (isFreedAtEnd(call->getBlock()))
      return false;
    // Nor where a memref of the caller may hide aliases: the deallocation
    // frees every buffer of the call's block at its end then, the workspace
    // among them (fuzz seed 35907: 320 bytes at once instead of 256).
    if (callerMayHideAliases(caller))
      return false;
  }
  return true;
}

bool CalleeWorkspaceCandidates::callerMayHideAliases(
    FunctionOpInterface caller) {
  auto [it, inserted] = hidesAliases.try_emplace(caller, false);
  if (inserted)
    it->second = mayHideAliases(caller);
  return it->second;
}

namespace {
/// What the buffers of a scope other than the mergeable ones of a trace
/// hold at each tick of the scope (index 0 is the scope's first tick): at
/// most `upper` bytes, or an unknown amount where `unknown` is non-zero, and
/// at least `lower` bytes.
struct ScopeBackground {
  SmallVector<int64_t> upper;
  SmallVector<int64_t> unknown;
  SmallVector<int64_t> lower;
};

/// Finds the mergeable allocations nested in a root op and their lifetimes.
class TickCollector {
  friend class PeakKeepingSplit;
  friend class BackgroundBuilder;

public:
  TickCollector(bufferization::BufferLifetimeAnalysis &lifetimes,
                const MergeAllocationOptions &options)
      : lifetimes(lifetimes), options(options) {}

  MemoryTraceScopes collect(Operation *root);

private:
  /// Gives `op` and every op nested in it a tick, in pre-order.
  void assignTicks(Operation *op);

  /// Finds the ops nested in `root` that the canonicalizer removes as dead:
  /// removable when unused, and used only by such ops. Their uses do not
  /// keep a buffer alive, as the rest of the pipeline drops them.
  void findDeadOps(Operation *root);

  /// Finds the scope of `alloc`, or says why it has none it can be merged
  /// into.
  FailureOr<Block *> findScope(AllocOp alloc, std::string &reason);

  /// Returns true if the stack promotion after merge-alloc is expected to
  /// take `alloc`, a small buffer whose lifetime `getLifetime` found.
  bool isExpectedOnStack(AllocOp alloc);

  /// Returns the bytes of `alloc` and the alignment its offset needs, or says
  /// why they are unknown.
  FailureOr<uint64_t> getSize(AllocOp alloc, uint64_t &alignment,
                              std::string &reason);

  /// Finds the first and last tick at which `alloc` or an alias is accessed,
  /// or says why an alias escapes the analysis. A buffer that branches of
  /// `scf.if` or `scf.index_switch` ops yield lives on in the block of the
  /// outermost of them (`yieldedBuffers`).
  LogicalResult getLifetime(AllocOp alloc, int64_t &firstTick,
                            int64_t &lastTick, std::string &reason);

  /// A mergeable allocation whose buffer the branches of `scf.if` or
  /// `scf.index_switch` ops yield: the outermost such op, in whose block the
  /// buffer lives on, and the result of it that is the buffer, or null if it
  /// is several of them.
  struct YieldedBuffer {
    Operation *definer;
    Value result;
  };

  /// Returns the block the buffer of `alloc`, whose aliases are `aliasSet`,
  /// lives in: that of the allocation, or, while the block's terminator
  /// yields an alias to the results of an `scf.if` or `scf.index_switch`, the
  /// block of that op. Sets `yielded` to the outermost such op.
  static Block *getLivingBlock(AllocOp alloc, const AliasSet &aliasSet,
                               YieldedBuffer &yielded);

  /// How a use of an alias of a buffer bounds the buffer's lifetime.
  struct UseSpan {
    /// The op of the buffer's block whose ticks the use spans, or null.
    Operation *anchor = nullptr;
    /// Why the use keeps the buffer out of merges, to be followed by the
    /// name of the user; empty if it does not.
    std::string rejection;
  };

  /// Returns whether the function around `scope` may hide aliases
  /// (`::mayHideAliases`): a merged buffer held across a branch there raised
  /// the peak from 128 to 160 bytes (fuzz seed 6814). Each function is
  /// walked once.
  bool mayHideAliases(Block *scope);

  /// Returns the op of `block` in whose regions `free-buffers-at-last-use`
  /// frees a buffer of the block whose aliases are `aliasSet`, instead of
  /// after it, or null: the last op of the block that uses an alias, if
  /// `bufferization::isFreedInRegions` holds for it. The buffer then dies at
  /// the start of a region that does not use it and after its last use in
  /// one that does, which the ranges of the
  /// model (one interval of ticks per buffer) cannot always say. It may name an
  /// op where the pass does not sink the free (a use it does not understand,
  /// say); the model is then only more careful.
  /// If `lastUses` is given, it gets the last op of each region's block of
  /// an `scf.if` or `scf.index_switch` in the op that uses an alias, for the
  /// regions where one does.
  Operation *
  getRegionFreeingOp(const AliasSet &aliasSet, Block *block,
                     DenseMap<Region *, Operation *> *lastUses = nullptr);

  /// Returns the last tick up to which a buffer whose aliases are
  /// `aliasSet` is surely held, as far as the hand-over to regions goes, or
  /// `kNoTick`. `simplify-loop-ownership` hands a buffer over to the regions
  /// of an `scf.if` or `scf.index_switch` (nested in `block`) one region of
  /// which yields it, from before the op, while another yields no alias of
  /// it or a value of its own that may be it, and the latter free it (unless
  /// it is that value), at its last use there. So the buffer is
  /// surely held up to the op, over the regions that yield it, and in the
  /// first region that frees it up to its last use there; after that, only
  /// on some runs. It may name an op where the pass leaves the buffer alone;
  /// the model is then only more careful.
  int64_t getHandOverTick(const AliasSet &aliasSet, Block *block);

  /// Returns how `use` of an alias of a buffer that lives in `livingBlock`
  /// and whose aliases are `aliasSet` bounds the buffer's lifetime.
  UseSpan getUseSpan(OpOperand &use, const AliasSet &aliasSet,
                     Block *livingBlock);

  /// Gives the allocations of `trace` that are yielded as the same result
  /// and that no run of the scope makes together one offset
  /// (`TickAllocation::sharers`).
  void shareExclusiveBranches(TickLifetimeTrace &trace);

  /// Under `assumeHoisting`, gives the allocations of `trace` that the rest
  /// of the pipeline hoists out of one loop into one buffer one offset: all
  /// allocations of their shape in the loop, used one after the other.
  void shareHoistedSlots(TickLifetimeTrace &trace);

  /// Makes each allocation of `trace` whose `leaderOf` entry is not negative
  /// a sharer of the allocation that entry names.
  static void addSharers(TickLifetimeTrace &trace, ArrayRef<int> leaderOf);

  /// A loop of a scope's block and what `hoist-alloc-dealloc-pairs` matches
  /// for two static allocations hoisted out of it to share a buffer: their
  /// type and attributes.
  using ShapeKey = std::tuple<Operation *, Type, DictionaryAttr>;
  static ShapeKey getShapeKey(Operation *loop, Operation *alloc) {
    return {loop, alloc->getResult(0).getType(), alloc->getAttrDictionary()};
  }

  /// Returns how many static allocations of the shape of `key` its loop
  /// holds; each loop is walked once.
  unsigned getNumAllocationsOfShape(const ShapeKey &key);

  /// Adds to `result` the groups of the allocations of `trace` whose merged
  /// allocations keep the scope's peak, and the others as skipped.
  void splitToKeepPeak(const TickLifetimeTrace &trace,
                       MemoryTraceScopes &result);

  /// Returns what the buffers of `scope` in `memorySpace` other than
  /// `members` hold, as the rest of the pipeline will free them.
  ScopeBackground computeBackground(Block *scope, Attribute memorySpace,
                                    const DenseSet<Operation *> &members);

  /// Returns the most bytes the callee of `call` may hold at once while it
  /// runs, the buffers it returns included, or `kUnbounded`.
  int64_t getCalleeBound(CallOpInterface call);

  /// Returns the functions under `root` that the lifetime passes leave
  /// alone.
  const bufferization::FunctionsLeftAlone &getLeftAlone() {
    if (!leftAlone)
      leftAlone.emplace(root);
    return *leftAlone;
  }

  /// Returns the analysis that tells whether a callee keeps an argument:
  /// the options' (of the whole module, whose functions are the callees of
  /// the one merged), or the collector's.
  bufferization::BufferLifetimeAnalysis &getCallAnalysis() {
    return options.lifetimes ? *options.lifetimes : lifetimes;
  }

  /// The aliases and uses of the buffers under the root.
  bufferization::BufferLifetimeAnalysis &lifetimes;
  const MergeAllocationOptions &options;
  Operation *root = nullptr;
  SymbolTableCollection symbolTables;
  /// The memoized results of `getCalleeBound`; `kUnbounded` while a callee
  /// is being measured, so that recursion is unbounded. The options' cache,
  /// if they have one.
  DenseMap<Operation *, int64_t> ownCalleeBounds;
  DenseMap<Operation *, int64_t> &calleeBounds =
      options.calleeBoundCache ? *options.calleeBoundCache : ownCalleeBounds;
  /// First and last tick of each op; the last is the one of the last op
  /// nested in it.
  DenseMap<Operation *, std::pair<int64_t, int64_t>> ticks;
  /// The result of `findDeadOps`.
  DenseSet<Operation *> deadOps;
  /// The allocations that the stack promotion after merge-alloc is expected
  /// to take (`MergeAllocationOptions::stackPromotionMaxBytes`): they hold
  /// no heap memory in the peak model.
  DenseSet<Operation *> leftToStack;
  /// The results of `mayHideAliases`, per function.
  DenseMap<Operation *, bool> hidesAliases;
  /// The last op of a region's block that may allocate
  /// (`getRegionFreeingOp`).
  DenseMap<Region *, Operation *> lastAllocating;
  /// The mergeable allocations whose buffers branches yield.
  DenseMap<Operation *, YieldedBuffer> yieldedBuffers;
  /// The results of `getNumAllocationsOfShape`, and the loops walked.
  DenseMap<ShapeKey, unsigned> numAllocationsOfShape;
  DenseSet<Operation *> countedLoops;
  /// The functions the lifetime passes leave alone, found on first use.
  std::optional<bufferization::FunctionsLeftAlone> leftAlone;
  int64_t nextTick = 0;
};
} // namespace

void TickCollector::assignTicks(Operation *op) {
  int64_t first = nextTick++;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        assignTicks(&nested);
  ticks[op] = {first, nextTick - 1};
}

void TickCollector::findDeadOps(Operation *root) {
  // The users of a result come after it in pre-order, so a reverse walk sees
  // them first.
  SmallVector<Operation *> preOrder;
  root->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { preOrder.push_back(op); });
  // A stack slot that is only stored into is never read: the canonicalizer
  // erases it with its stores (memref's dead-alloc pattern), so a descriptor
  // stored into it keeps nothing alive (fuzz seed 2132 with --kernels 0.7).
  for (Operation *op : preOrder) {
    if (!isa<AllocaOp>(op))
      continue;
    Value buffer = op->getResult(0);
    if (llvm::all_of(buffer.getUsers(), [&](Operation *user) {
          auto store = dyn_cast<StoreOp>(user);
          return (store && store.getMemRef() == buffer &&
                  store.getValueToStore() != buffer) ||
                 isa<DeallocOp>(user);
        })) {
      deadOps.insert(op);
      for (Operation *user : buffer.getUsers())
        deadOps.insert(user);
    }
  }
  for (Operation *op : llvm::reverse(preOrder)) {
    if (op == root || deadOps.contains(op) || !isRemovableWhenUnused(op))
      continue;
    if (llvm::all_of(op->getUsers(),
                     [&](Operation *user) { return deadOps.contains(user); }))
      deadOps.insert(op);
  }
}

FailureOr<Block *> TickCollector::findScope(AllocOp alloc,
                                            std::string &reason) {
  if (!alloc->getParentRegion()->hasOneBlock()) {
    reason = "in a region with more than one block";
    return failure();
  }
  // The scope's block is the one that holds the allocation or the op around
  // it: in a region with several blocks, each block gets merged buffers of
  // its own, as the ticks follow the execution order only inside a block.
  Operation *child = alloc;
  for (Operation *parent = alloc->getParentOp(); parent;
       child = parent, parent = parent->getParentOp()) {
    if (parent->hasTrait<OpTrait::AutomaticAllocationScope>() &&
        !isa<scf::ForOp>(parent))
      return child->getBlock();
    if (!isa<RegionBranchOpInterface>(parent) ||
        bufferization::isAsynchronous(parent)) {
      reason = ("nested in '" + parent->getName().getStringRef() +
                "', which is not a synchronous RegionBranchOpInterface op")
                   .str();
      return failure();
    }
    if (parent->hasTrait<OpTrait::HasParallelRegion>()) {
      reason = ("nested in the parallel region of '" +
                parent->getName().getStringRef() + "'")
                   .str();
      return failure();
    }
  }
  reason = "no allocation scope around it";
  return failure();
}

bool TickCollector::isExpectedOnStack(AllocOp alloc) {
  // As `promote-temporaries-to-stack` takes a buffer: in the default memory
  // space (`MemRefType` drops an integer 0 one), with a stack scope it can
  // take a slot of, and freed unconditionally in the block that allocates
  // it, which a buffer that a branch yields on, or one in a region of
  // several blocks, whose ownership the deallocation tracks at runtime, is
  // not. Only the regions from the allocation up to the stack scope count:
  // a buffer of a loop body that dies in it is freed there whatever the
  // blocks of the function around the loop are, and the promotion takes it.
  // A callee's workspace stays on the heap, held only during the call.
  if (alloc.getType().getMemorySpace() || alloc->getNumOperands() != 0 ||
      yieldedBuffers.contains(alloc) || isWorkspaceAlloc(alloc))
    return false;
  Region *scope = bufferization::getStackScopeRegion(alloc);
  if (!scope)
    return false;
  if (alloc->getParentRegion() == scope)
    return scope->hasOneBlock();
  for (Region *region = alloc->getParentRegion(); region != scope;
       region = region->getParentOp()->getParentRegion())
    if (!region->hasOneBlock() ||
        bufferization::isAsynchronous(region->getParentOp()))
      return false;
  return true;
}

FailureOr<uint64_t> TickCollector::getSize(AllocOp alloc, uint64_t &alignment,
                                           std::string &reason) {
  MemRefType type = alloc.getType();
  if (!type.hasStaticShape()) {
    reason = "dynamic shape";
    return failure();
  }
  if (!type.getLayout().isIdentity()) {
    reason = "non-identity layout";
    return failure();
  }
  Type elementType = type.getElementType();
  if (!isa<IntegerType, IndexType, FloatType>(elementType)) {
    reason = "element type without a known size in memory";
    return failure();
  }
  std::optional<int64_t> elementBytes =
      bufferization::getElementByteSize(elementType, alloc);
  std::optional<int64_t> staticBytes =
      bufferization::getStaticByteSize(type, alloc);
  if (!elementBytes || !staticBytes ||
      *staticBytes > std::numeric_limits<int64_t>::max() / 2) {
    reason = "too large";
    return failure();
  }
  int64_t elementSize = *elementBytes, size = *staticBytes;
  // The offset of the buffer is aligned as its element and its attribute
  // need, and at least as much as the option says.
  alignment = std::max<uint64_t>(
      {static_cast<uint64_t>(elementSize), alloc.getAlignment().value_or(1),
       static_cast<uint64_t>(std::max<int64_t>(options.alignment, 1))});
  return static_cast<uint64_t>(size);
}

Block *TickCollector::getLivingBlock(AllocOp alloc, const AliasSet &aliasSet,
                                     YieldedBuffer &yielded) {
  // Only one run of such an op's regions runs, so the buffer still lives
  // within one run of that op's block.
  Block *block = alloc->getBlock();
  yielded = {alloc, Value()};
  while (block->mightHaveTerminator()) {
    Operation *terminator = block->getTerminator();
    SmallVector<Value> results;
    bool yieldsAlias = false;
    for (OpOperand &operand : terminator->getOpOperands()) {
      if (!aliasSet.contains(operand.get()))
        continue;
      yieldsAlias = true;
      Value result = getYieldedResult(operand);
      if (!result || !aliasSet.contains(result)) {
        results.clear();
        break;
      }
      results.push_back(result);
    }
    if (!yieldsAlias || results.empty())
      break;
    Operation *parent = terminator->getParentOp();
    yielded = {parent, results.size() == 1 ? results.front() : Value()};
    block = parent->getBlock();
  }
  return block;
}

TickCollector::UseSpan TickCollector::getUseSpan(OpOperand &use,
                                                 const AliasSet &aliasSet,
                                                 Block *livingBlock) {
  Value alias = use.get();
  Operation *user = use.getOwner();
  auto rejected = [](const Twine &why) { return UseSpan{nullptr, why.str()}; };
  Operation *anchor = livingBlock->findAncestorOpInBlock(*user);
  if (!anchor)
    return rejected("an alias is used outside the block of the allocation by");

  // Uses that are no accesses: views, yields, conversions and stores of the
  // descriptor.
  if (auto view = dyn_cast<ViewLikeOpInterface>(user);
      view && view.getViewSource() == alias) {
    if (llvm::any_of(user->getResults(),
                     [&](Value result) { return !aliasSet.contains(result); }))
      return rejected("a view the alias analysis does not know is made by");
    return {};
  }
  if (user->hasTrait<OpTrait::IsTerminator>()) {
    // A branch of an `scf.if` or `scf.index_switch` in the block yields an
    // alias, whose uses are those of the op's result.
    if (Value result = getYieldedResult(use);
        !result || !aliasSet.contains(result))
      return rejected("yielded or returned by");
    return {};
  }
  // The callee uses its workspace only while the call runs.
  if (isWorkspaceOperand(use, symbolTables))
    return {anchor, ""};
  if (isa<CallOpInterface>(user)) {
    // The alias analysis takes the buffer results of a call for aliases of
    // its operands, which would stretch the lifetime past where the rest of
    // the pipeline frees the buffer. Without such results, a callee that
    // keeps no alias reads or writes the buffer while it runs.
    if (!hasBufferResults(user) && getCallAnalysis().isUnderstoodUse(use))
      return {anchor, ""};
    return rejected("passed to a call by");
  }
  if (isa<ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp,
          bufferization::ToTensorOp, UnrealizedConversionCastOp>(user))
    return rejected("converted by");
  if (auto store = dyn_cast<StoreOp>(user);
      store && store.getValueToStore() == alias)
    return rejected("stored to memory by");
  // An op that makes memrefs the alias analysis only assumes to alias the
  // buffer may rely on how the buffer was allocated:
  // `memref.distinct_objects` tells LLVM that its operands are separate
  // allocations, which views of one merged buffer are not.
  if (bufferization::makesAssumedAliases(user))
    return rejected(
        "made into a memref by an op the alias analysis does not know,");

  // An access: only under ops whose regions run where they are.
  Operation *livingParent = livingBlock->getParentOp();
  for (Operation *parent = user->getParentOp(); parent != livingParent;
       parent = parent->getParentOp()) {
    if (!isa<RegionBranchOpInterface>(parent) ||
        bufferization::isAsynchronous(parent))
      return rejected("used inside '" + parent->getName().getStringRef() +
                      "', which is not a synchronous "
                      "RegionBranchOpInterface op, by");
  }
  auto effectOp = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effectOp) {
    if (user->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return rejected("carried into the regions of");
    return rejected("used by an op with unknown memory effects,");
  }
  SmallVector<MemoryEffects::EffectInstance> effects;
  effectOp.getEffects(effects);
  if (llvm::any_of(effects, [&](const MemoryEffects::EffectInstance &e) {
        return isa<MemoryEffects::Free>(e.getEffect()) &&
               (!e.getValue() || e.getValue() == alias);
      }))
    return rejected("freed by");
  if (effects.empty()) {
    // Not an access; but a result that may alias the buffer has to be known
    // to the alias analysis.
    if (llvm::any_of(user->getResults(), [&](Value result) {
          return isa<BaseMemRefType>(result.getType()) &&
                 !aliasSet.contains(result);
        }))
      return rejected("an alias the alias analysis does not know is made by");
    return {};
  }
  // It lasts as long as the op of the buffer's block it is nested in, so
  // that a use in a loop covers the whole loop.
  return {anchor, ""};
}

Operation *
TickCollector::getRegionFreeingOp(const AliasSet &aliasSet, Block *block,
                                  DenseMap<Region *, Operation *> *lastUses) {
  using bufferization::BufferUseAction;
  FailureOr<bufferization::BufferUseRange> uses =
      bufferization::BufferLifetimeAnalysis::getUseRangeInBlock(
          aliasSet, *block, [&](OpOperand &use, Operation *anchor) {
            if (deadOps.contains(use.getOwner()))
              return BufferUseAction::Skip;
            return anchor ? BufferUseAction::Count : BufferUseAction::Stop;
          });
  if (failed(uses))
    return nullptr;
  Operation *last = uses->last;
  if (!isa_and_present<scf::IfOp, scf::IndexSwitchOp>(last))
    return nullptr;
  // The last op of each region's block of `last`, and of the ops of the
  // same kind in it, that uses an alias: the regions `isFreedInRegions` may
  // ask about.
  DenseMap<Region *, Operation *> ownLastUses;
  if (!lastUses)
    lastUses = &ownLastUses;
  for (Value alias : aliasSet) {
    for (Operation *user : alias.getUsers()) {
      if (!last->isProperAncestor(user))
        continue;
      for (Operation *anchor = user; anchor != last;
           anchor = anchor->getParentOp()) {
        if (!isa<scf::IfOp, scf::IndexSwitchOp>(anchor->getParentOp()))
          continue;
        Operation *&lastUse = (*lastUses)[anchor->getParentRegion()];
        if (!lastUse || lastUse->isBeforeInBlock(anchor))
          lastUse = anchor;
      }
    }
  }
  if (!bufferization::isFreedInRegions(
          last, [&](Value value) { return aliasSet.contains(value); },
          [&](Region &region) { return lastUses->lookup(&region); },
          &lastAllocating))
    return nullptr;
  return last;
}

int64_t TickCollector::getHandOverTick(const AliasSet &aliasSet, Block *block) {
  // The last tick at which a run of `op`, which hands `kept` over, surely
  // holds the buffer, or `kNoTick` if `op` does not hand it over: each
  // region yields `kept` once and no other alias, or no alias, and at least
  // one does the latter.
  auto getLastHeldTick = [&](Operation *op, Value kept) -> int64_t {
    std::optional<int64_t> last;
    for (Region &region : op->getRegions()) {
      auto yield = dyn_cast<scf::YieldOp>(region.front().getTerminator());
      if (!yield)
        return kNoTick;
      // The region yields the buffer, or a value of its own that may be it
      // (which frees the buffer unless it is that value), or no alias.
      unsigned numAliases = 0;
      bool yieldsKept = false;
      for (Value value : yield->getOperands()) {
        if (!aliasSet.contains(value))
          continue;
        bool ownValue = op->isAncestor(value.getParentRegion()->getParentOp());
        if ((value != kept && !ownValue) || ++numAliases > 1)
          return kNoTick;
        yieldsKept |= value == kept;
      }
      if (yieldsKept || last)
        continue;
      // The first region that may free it: up to its last use there.
      Block &body = region.front();
      last = ticks.lookup(&body.front()).first - 1;
      for (Value alias : aliasSet)
        for (Operation *user : alias.getUsers())
          if (!deadOps.contains(user))
            if (Operation *anchor = body.findAncestorOpInBlock(*user))
              last = std::max(*last, ticks.lookup(anchor).second);
    }
    return last ? std::max(*last, ticks.lookup(op).first) : kNoTick;
  };
  int64_t first = kNoTick;
  for (Value alias : aliasSet) {
    for (Operation *user : alias.getUsers()) {
      // The op frees the buffer after it only if the buffer is its block's:
      // defined there.
      Operation *op = user->getParentOp();
      if (!isa<scf::YieldOp>(user) || !isa<scf::IfOp, scf::IndexSwitchOp>(op) ||
          alias.getParentBlock() != op->getBlock())
        continue;
      int64_t last = getLastHeldTick(op, alias);
      if (last == kNoTick)
        continue;
      // Nested deeper, it is surely held up to the op of `block` around it.
      Operation *anchor = block->findAncestorOpInBlock(*op);
      if (anchor != op)
        last = anchor ? ticks.lookup(anchor).first
                      : ticks.lookup(&block->front()).first;
      first = std::min(first, last);
    }
  }
  return first;
}

LogicalResult TickCollector::getLifetime(AllocOp alloc, int64_t &firstTick,
                                         int64_t &lastTick,
                                         std::string &reason) {
  AliasSet aliasSet = lifetimes.getDerivedAliases(alloc.getResult());
  YieldedBuffer yielded;
  Block *livingBlock = getLivingBlock(alloc, aliasSet, yielded);

  // The reason found at the earliest tick, so that the report does not
  // depend on the order of the alias set.
  std::optional<int64_t> reasonTick;
  firstTick = std::numeric_limits<int64_t>::max();
  lastTick = std::numeric_limits<int64_t>::min();
  for (Value alias : aliasSet) {
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      if (deadOps.contains(user))
        continue;
      UseSpan span = getUseSpan(use, aliasSet, livingBlock);
      if (!span.rejection.empty()) {
        int64_t tick = ticks.lookup(user).first;
        if (reasonTick && *reasonTick <= tick)
          continue;
        reasonTick = tick;
        reason =
            span.rejection + " '" + user->getName().getStringRef().str() + "'";
        continue;
      }
      if (!span.anchor)
        continue;
      auto [first, last] = ticks.lookup(span.anchor);
      firstTick = std::min(firstTick, first);
      lastTick = std::max(lastTick, last);
    }
  }
  if (reasonTick)
    return failure();
  // Freed in the regions of the op it dies at: the buffer lives up to its
  // last use in the regions that use it, which is one interval of ticks if
  // they all come before the regions that do not. Otherwise the plan cannot
  // follow it. Where its last use in a region is such an op in turn, the
  // pass frees it in that op's regions, and the same holds there.
  DenseMap<Region *, Operation *> lastUses;
  std::function<FailureOr<int64_t>(Operation *)> getLastInRegions =
      [&](Operation *op) -> FailureOr<int64_t> {
    bool unusedSeen = false;
    int64_t lastInRegions = std::numeric_limits<int64_t>::min();
    for (Region &region : op->getRegions()) {
      // The `else` the pass adds to an `scf.if` without one.
      if (region.empty()) {
        unusedSeen = true;
        continue;
      }
      Block &body = region.front();
      int64_t lastHere = std::numeric_limits<int64_t>::min();
      for (Value alias : aliasSet)
        for (Operation *user : alias.getUsers())
          if (!deadOps.contains(user))
            if (Operation *anchor = body.findAncestorOpInBlock(*user))
              lastHere = std::max(lastHere, ticks.lookup(anchor).second);
      if (lastHere == std::numeric_limits<int64_t>::min()) {
        unusedSeen = true;
        continue;
      }
      if (unusedSeen) {
        reason = ("freed in the regions of '" + op->getName().getStringRef() +
                  "', at the start of one before a region that uses it")
                     .str();
        return failure();
      }
      Operation *nested = lastUses.lookup(&region);
      if (isa_and_present<scf::IfOp, scf::IndexSwitchOp>(nested) &&
          ticks.lookup(nested).second == lastHere &&
          bufferization::isFreedInRegions(
              nested, [&](Value value) { return aliasSet.contains(value); },
              [&](Region &inner) { return lastUses.lookup(&inner); },
              &lastAllocating)) {
        FailureOr<int64_t> lastNested = getLastInRegions(nested);
        if (failed(lastNested))
          return failure();
        lastHere = *lastNested;
      }
      lastInRegions = std::max(lastInRegions, lastHere);
    }
    return lastInRegions;
  };
  if (Operation *op = getRegionFreeingOp(aliasSet, livingBlock, &lastUses)) {
    FailureOr<int64_t> lastInRegions = getLastInRegions(op);
    if (failed(lastInRegions))
      return failure();
    lastTick = *lastInRegions;
  }
  if (firstTick > lastTick)
    firstTick = lastTick = ticks.lookup(alloc).first;
  if (yielded.definer != alloc)
    yieldedBuffers[alloc] = yielded;
  return success();
}

int64_t TickCollector::getCalleeBound(CallOpInterface call) {
  Operation *callee = call.resolveCallableInTable(&symbolTables);
  auto callable = dyn_cast_or_null<CallableOpInterface>(callee);
  if (!callable)
    return kUnbounded;
  if (auto it = calleeBounds.find(callee); it != calleeBounds.end())
    return it->second;
  Region *body = callable.getCallableRegion();
  if (!body || body->empty())
    return kUnbounded;
  // Recursion (a call back to this callee while it is measured) is unbounded.
  calleeBounds[callee] = kUnbounded;

  int64_t bound = 0;
  body->walk([&](Operation *op) {
    if (bound >= kUnbounded)
      return WalkResult::interrupt();
    if (auto nestedCall = dyn_cast<CallOpInterface>(op)) {
      bound = addBytes(
          bound, getInstanceBytes(op, callee, getCalleeBound(nestedCall)));
      return WalkResult::advance();
    }
    if (!isa<MemoryEffectOpInterface>(op) &&
        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      bound = kUnbounded;
    forEachHeapAllocation(op, [&](Value allocated) {
      bound =
          addBytes(bound, getInstanceBytes(op, callee,
                                           getAllocatedBytes(allocated, op)));
    });
    return WalkResult::advance();
  });
  calleeBounds[callee] = bound;
  return bound;
}

bool TickCollector::mayHideAliases(Block *scope) {
  Operation *func = scope->getParentOp();
  while (func != root && !isa<FunctionOpInterface>(func))
    func = func->getParentOp();
  auto [it, inserted] = hidesAliases.try_emplace(func, false);
  if (inserted)
    it->second = ::mayHideAliases(func);
  return it->second;
}

namespace {
/// Builds the `ScopeBackground` of a scope block for the trace of a memory
/// space: the bytes the buffers of the scope other than the trace's members
/// hold at each tick, as the rest of the pipeline will free them. Each
/// buffer adds its bytes over a range of ticks to difference arrays, which
/// `finish` sums.
class BackgroundBuilder {
public:
  BackgroundBuilder(TickCollector &collector, Block *scope,
                    Attribute memorySpace)
      : collector(collector), scope(scope), memorySpace(memorySpace) {
    begin = collector.ticks.lookup(&scope->front()).first;
    end = collector.ticks.lookup(&scope->back()).second;
    auto numTicks = static_cast<size_t>(end - begin + 1);
    background.upper.assign(numTicks + 1, 0);
    background.unknown.assign(numTicks + 1, 0);
    background.lower.assign(numTicks + 1, 0);
    terminator =
        scope->mightHaveTerminator() ? scope->getTerminator() : nullptr;
    hiddenAliases = collector.mayHideAliases(scope);
    freedAtEnd = hiddenAliases || isFreedAtEnd(scope);
  }

  /// Adds the buffers that the ops of the scope allocate or get from calls,
  /// other than those `members` allocate, and what calls and ops with
  /// unknown effects may hold while they run.
  void addScopeOps(const DenseSet<Operation *> &members);

  /// Adds, over the whole scope, the buffers of the other blocks of its
  /// region, which may be alive while it runs.
  void addOtherBlocks();

  /// Sums the difference arrays and returns the background.
  ScopeBackground finish() {
    for (SmallVector<int64_t> *diff :
         {&background.upper, &background.unknown, &background.lower}) {
      for (size_t i = 1; i < diff->size(); ++i)
        (*diff)[i] += (*diff)[i - 1];
      diff->pop_back();
    }
    return std::move(background);
  }

private:
  void addRange(SmallVector<int64_t> &diff, int64_t first, int64_t last,
                int64_t bytes) {
    diff[first - begin] += bytes;
    diff[last - begin + 1] -= bytes;
  }

  /// Adds at most `bytes` over the ticks from `first` to `last`, an unknown
  /// amount if it is `kUnbounded`.
  void addUpper(int64_t first, int64_t last, int64_t bytes) {
    if (bytes >= kUnbounded)
      addRange(background.unknown, first, last, 1);
    else
      addRange(background.upper, first, last, bytes);
  }

  /// Adds `buffer`, if it is in the memory space. A buffer lives from its
  /// definition (or the start of the op of the scope around it) to the last
  /// use of an alias, or to the end of the scope if an alias leaves it; it
  /// lives surely from its definition to its last use if it is defined in
  /// the scope's block.
  void addBuffer(Value buffer);

  TickCollector &collector;
  Block *scope;
  Attribute memorySpace;
  /// The first and last ticks of the scope.
  int64_t begin, end;
  Operation *terminator;
  bool hiddenAliases, freedAtEnd;
  ScopeBackground background;
};
} // namespace

void BackgroundBuilder::addBuffer(Value buffer) {
  auto type = dyn_cast<BaseMemRefType>(buffer.getType());
  if (!type || type.getMemorySpace() != memorySpace)
    return;
  const DenseMap<Operation *, std::pair<int64_t, int64_t>> &ticks =
      collector.ticks;
  Operation *def = buffer.getDefiningOp();
  Operation *anchor = scope->findAncestorOpInBlock(*def);
  int64_t first = ticks.lookup(anchor).first;
  int64_t last =
      anchor == def ? ticks.lookup(def).first : ticks.lookup(anchor).second;
  // The lower bound ends at the last use of the buffer itself where an
  // alias is a call result, which the alias analysis links to every
  // operand of the call, though the callee may return another buffer.
  int64_t lowerLast = last;
  bool callResultAlias = false;
  for (Value alias : collector.lifetimes.getDerivedAliases(buffer)) {
    if (alias != buffer &&
        isa_and_present<CallOpInterface>(alias.getDefiningOp()))
      callResultAlias = true;
    for (Operation *user : alias.getUsers()) {
      if (collector.deadOps.contains(user))
        continue;
      Operation *userAnchor = scope->findAncestorOpInBlock(*user);
      int64_t userLast = !userAnchor || userAnchor == terminator
                             ? end
                             : ticks.lookup(userAnchor).second;
      last = std::max(last, userLast);
      if (alias == buffer)
        lowerLast = std::max(lowerLast, userLast);
    }
  }
  if (!callResultAlias)
    lowerLast = last;
  // Freed in the regions of the op it dies at, it is surely held only up
  // to that op.
  if (anchor == def) {
    AliasSet aliasSet = collector.lifetimes.getDerivedAliases(buffer);
    if (Operation *op = collector.getRegionFreeingOp(aliasSet, scope))
      lowerLast = std::min(lowerLast, ticks.lookup(op).first);
    // Handed over to the regions of an op that may free it.
    lowerLast = std::min(lowerLast, collector.getHandOverTick(aliasSet, scope));
  }
  if (hiddenAliases || (freedAtEnd && anchor == def))
    last = end;
  int64_t bytes = getModelledBytes(type, def);
  addUpper(first, last, getInstanceBytes(def, scope->getParentOp(), bytes));
  if (anchor == def && bytes < kUnbounded &&
      !mayEndEarly(buffer, collector.lifetimes))
    addRange(background.lower, first, lowerLast, bytes);
}

void BackgroundBuilder::addScopeOps(const DenseSet<Operation *> &members) {
  scope->walk([&](Operation *op) {
    auto [first, last] = collector.ticks.lookup(op);
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      // The callee's buffers while it runs; those it returns live on.
      addUpper(first, first, collector.getCalleeBound(call));
      for (Value result : op->getResults())
        addBuffer(result);
      return;
    }
    // An op that may do anything may also allocate.
    if (!isa<MemoryEffectOpInterface>(op) &&
        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      addUpper(first, last, kUnbounded);
      return;
    }
    forEachHeapAllocation(op, [&](Value allocated) {
      auto result = dyn_cast_or_null<OpResult>(allocated);
      if (!result || result.getOwner() != op)
        addUpper(first, last, kUnbounded);
      else if (!members.contains(op) && !collector.leftToStack.contains(op))
        addBuffer(result);
    });
  });
}

void BackgroundBuilder::addOtherBlocks() {
  Region *region = scope->getParent();
  if (region->hasOneBlock())
    return;
  for (Block &other : *region) {
    if (&other == scope)
      continue;
    other.walk([&](Operation *op) {
      if (isa<CallOpInterface>(op)) {
        for (Value result : op->getResults())
          if (auto type = dyn_cast<BaseMemRefType>(result.getType()))
            addUpper(begin, end, getModelledBytes(type, op));
        return;
      }
      forEachHeapAllocation(op, [&](Value allocated) {
        addUpper(begin, end,
                 getInstanceBytes(op, region->getParentOp(),
                                  getAllocatedBytes(allocated, op)));
      });
    });
  }
}

ScopeBackground
TickCollector::computeBackground(Block *scope, Attribute memorySpace,
                                 const DenseSet<Operation *> &members) {
  BackgroundBuilder builder(*this, scope, memorySpace);
  builder.addScopeOps(members);
  builder.addOtherBlocks();
  return builder.finish();
}

/// Why `PeakKeepingSplit::dropConditionalBuffers` leaves a buffer apart.
static constexpr StringLiteral kConditionalReason =
    "held on some runs only, which the peak check counts apart so that the "
    "other buffers may merge";

namespace {
/// Splits the mergeable allocations of one scope into groups whose merged
/// allocations keep the scope's peak (`TickCollector::splitToKeepPeak`), in
/// named steps: model the lifetimes the rest of the pipeline gives the
/// buffers, bound what the scope holds without merging, then sweep the
/// buffers in the order of their first access into groups.
class PeakKeepingSplit {
public:
  PeakKeepingSplit(TickCollector &collector, const TickLifetimeTrace &trace,
                   MemoryTraceScopes &result)
      : collector(collector), trace(trace), result(result),
        candidates(trace.allocations), scope(trace.getAllocScope()),
        scopeOp(scope->getParentOp()) {}

  void run();

private:
  /// Where a candidate lives, in ticks from the start of the scope's block.
  /// `range` is where it lives without merging, `hull` the ticks of the
  /// scope's block a merged allocation holding it spans, `exact` where it
  /// surely lives whenever the scope runs that tick (empty if first is after
  /// last), and `cost` the bytes it asks `malloc` for on its own.
  struct Candidate {
    int64_t rangeFirst, rangeLast, hullFirst, hullLast, exactFirst, exactLast,
        cost;
    /// Whether every run of the scope allocates it and it lives surely over
    /// `exact`: it is in the scope's block or hoisted there.
    bool inScopeBlock;
    /// For a callee's workspace hoisted to the scope's block, the call that
    /// takes it.
    Operation *workspaceCall = nullptr;
    /// For such a workspace that is not surely held but that the hoisting
    /// allocates only in runs that call it (`isAllocatedOnlyIfCalled`): the
    /// most the scope surely holds at once in those runs without merging,
    /// at least `floor`; otherwise 0.
    int64_t floorIfCalled = 0;
  };

  // The steps of `run`.
  /// Fills `model`, `hoisted` and `members`.
  void buildModel();
  /// Returns the model of `allocation`, and whether it is hoisted to the
  /// scope's block.
  Candidate modelCandidate(const TickAllocation &allocation, bool mayHoist,
                           bool &isHoisted);
  /// Sets where `candidate`, the model of `allocation` whose definer (the
  /// allocation, or the outermost op that yields it) is `definer` under the
  /// op `anchor` of the scope's block, lives without merging (`range`), and
  /// the ticks a merged allocation holding it spans (`hull`).
  void setRangeAndHull(Candidate &candidate, const TickAllocation &allocation,
                       Operation *definer, Operation *anchor, bool isHoisted);
  /// Sets where `candidate` surely lives (`exact`), for an allocation that a
  /// branch yields (`definer` is not the allocation) or one of the scope's
  /// block.
  void setExactRange(Candidate &candidate, const TickAllocation &allocation,
                     Operation *definer, Operation *anchor, bool isHoisted);
  /// Models a hoisted workspace of the call `call`: held up to the call,
  /// surely held at it if the loops around it run it.
  void setWorkspaceRanges(Candidate &candidate,
                          const TickAllocation &allocation, Operation *call);
  /// Takes the hoisted candidates that may share a hoisted buffer with an
  /// allocation of their loop for not surely held.
  void dropSharedHoistedSlots();
  /// Bounds what the scope holds without merging and sets up the trees.
  void buildBounds();
  /// Marks the candidates that the rest of the pipeline may remove as
  /// copies (`copied`).
  void markCopiedCandidates();
  /// Returns, per tick, the bytes the candidates hold at most, and in
  /// `surelyHeld` those they surely hold; a candidate whose bytes are not
  /// modelled makes its ticks unknown in `background`.
  SmallVector<int64_t> getHeldBytes(ScopeBackground &background,
                                    SmallVectorImpl<int64_t> &surelyHeld);
  /// Adds to the lower bound of `background`, at the call that a surely held
  /// workspace is passed to, what the callee surely holds beyond it.
  void addCalleesSurelyHeld(ScopeBackground &background);
  /// Sets the floor of the runs that allocate each hoisted workspace only to
  /// call its callee (`floorIfCalled`).
  void setFloorsIfCalled(const ScopeBackground &background,
                         ArrayRef<int64_t> surelyHeld);
  /// Sets up `noMergeBound` and the trees from the bounds without merging.
  void buildTrees(const ScopeBackground &background, ArrayRef<int64_t> held);
  /// Returns the most that every run of the scope surely holds at once (or,
  /// under `PeakToKeep::WorstRun`, the most that some run surely holds),
  /// given that it surely holds `lower[t] + surelyHeld[t]` at each tick `t`
  /// it reaches, counting in the regions of ops that `runsExactlyOneRegion`
  /// (under `WorstRun`, that `runsAtMostOneRegion`) the candidates allocated
  /// in them. Fills `branchExact`, `inBranches` and `regionFloor`.
  int64_t getBranchFloor(ArrayRef<int64_t> lower, ArrayRef<int64_t> surelyHeld);
  /// Ticks over which a run holds bytes.
  struct BranchSpan {
    int64_t first, last, bytes;
  };
  /// The candidates (and sharers) allocated in each block nested in the
  /// scope's regions that run at most one region, with the span over which
  /// a run of that block holds them.
  using BranchHeldMap = DenseMap<Block *, SmallVector<BranchSpan>>;
  /// Fills `branchExact` and `inBranches`, and returns what each block of
  /// the branches of the scope holds.
  BranchHeldMap collectBranchHeld();
  /// Returns the most a run of `block`, on top of `outer` bytes, surely
  /// holds at once, and records it in `regionFloor`; each tick of the scope
  /// is looked at once.
  int64_t getBlockFloor(Block &block, int64_t outer, ArrayRef<int64_t> lower,
                        ArrayRef<int64_t> surelyHeld,
                        const BranchHeldMap &heldIn);
  /// Takes out of `held` (the candidates' bytes per tick) the candidates
  /// that branches yield on some runs only, at the ticks where every run
  /// that holds them reaches at least `floor` plus their bytes, and marks
  /// them `conditional`.
  void dropConditionalBuffers(MutableArrayRef<int64_t> held,
                              ArrayRef<int64_t> unknown);
  /// Under a workspace, plans every buffer that may be merged into it.
  /// Returns true if it did and nothing is left to do.
  bool tryWorkspace();
  /// Sweeps the candidates in the order of their first access into groups.
  void sweep();
  /// Lets the workspaces left out of the groups leave their loops where
  /// holding them over the loops keeps the peak.
  void decideHoistedWorkspaces();
  /// Reports the groups and the skipped allocations.
  void report();

  // Helpers of the sweep. The trees hold the closed groups' merged
  // allocations and not the open group's buffers.
  /// Skips the candidates `ids` and their sharers for `reason`.
  void skipAll(ArrayRef<unsigned> ids, StringRef reason);
  /// Adds (`sign` 1) or takes out (-1) the bytes a candidate holds on its
  /// own: over the range of the model in the bound, and over its exact
  /// lifetime, where it surely holds memory, against the merged buffers.
  void addCandidate(unsigned id, int64_t sign);
  void release(unsigned id) { addCandidate(id, 1); }
  void take(unsigned id) { addCandidate(id, -1); }
  /// Returns whether `bytes` held over `[first, last]` keep the peak.
  bool fitsOver(int64_t first, int64_t last, int64_t bytes) const;
  /// Returns whether the workspace candidate `id`, taken out of the trees,
  /// keeps the peak held over its hull in the runs that call it, which hold
  /// at least `floorIfCalled` bytes at once without merging.
  bool fitsIfCalled(unsigned id) const;
  /// Holds `bytes` over `[first, last]`.
  void hold(int64_t first, int64_t last, int64_t bytes);
  /// Returns the hull of the candidates `group`.
  std::pair<int64_t, int64_t> getHull(ArrayRef<unsigned> group) const;
  /// Plans the first `length` buffers of `group`; returns the merged trace
  /// and the bytes its allocation asks for, or null if it cannot be planned.
  std::pair<std::unique_ptr<TickLifetimeTrace>, int64_t>
  planPrefix(ArrayRef<unsigned> group, size_t length) const;
  /// Returns whether the merged allocation of the first `length` buffers of
  /// `group`, of `cost` bytes, fits over its hull, with only those buffers
  /// taken out of the trees.
  bool fits(ArrayRef<unsigned> group, size_t length, int64_t cost);
  /// Keeps the longest prefix of `group` whose merged allocation fits (the
  /// buffers were added in sweep order, so the prefix holds the earliest
  /// ones) and returns the others, which are swept again. A group without
  /// such a prefix gives up its first buffer.
  SmallVector<unsigned> closeGroup(SmallVector<unsigned> &group);

  TickCollector &collector;
  const TickLifetimeTrace &trace;
  MemoryTraceScopes &result;
  ArrayRef<TickAllocation> candidates;
  Block *scope;
  Operation *scopeOp;
  /// The first and last tick of the scope's block.
  int64_t begin = 0, end = 0;
  /// What the scope surely holds at some point of every run without merging
  /// (see `buildBounds`).
  int64_t floor = 0;
  /// Whether the buffers of the scope's block live to its end
  /// (`isFreedAtEnd`).
  bool freedAtEnd = false;
  SmallVector<Candidate> model;
  /// Where a candidate yielded by a region of ops that run at most one of
  /// their regions, down from the scope's block, surely lives in the runs
  /// that reach those ticks, besides its exact lifetime after the op: from
  /// each allocation it stands for (itself or a sharer) to the end of the
  /// allocation's block, with that allocation's bytes.
  SmallVector<SmallVector<BranchSpan, 1>> branchExact;
  /// Whether every allocation a candidate stands for is in a region of ops
  /// that run at most one of their regions, down from the scope's block.
  SmallVector<bool> inBranches;
  /// For each block of such regions, the most a run of it surely holds at
  /// once (with what the scope holds around it).
  DenseMap<Block *, int64_t> regionFloor;
  /// The candidates `dropConditionalBuffers` took out of the bound, which
  /// are not merged.
  SmallVector<bool> conditional;
  /// The candidates hoisted to the scope's block (under `assumeHoisting`).
  SmallVector<bool> hoisted;
  /// The candidates and their sharers.
  DenseSet<Operation *> members;
  /// The candidates that may be copied from or into (`mayEndEarly`).
  SmallVector<bool> copied;
  size_t numTicks = 0;
  /// See `buildBounds`.
  std::optional<bufferization::HeldBytesTree> boundTree, heldTree;
  /// At each tick, the most the scope may hold without merging, or
  /// `kUnbounded` where that is not known.
  SmallVector<int64_t> noMergeBound;
  /// The candidates in the order of their first access.
  SmallVector<unsigned> order;
  SmallVector<unsigned> leftOut, copiedOut, conditionalOut;
  /// Each group with the IR position of its first buffer.
  SmallVector<std::pair<unsigned, std::unique_ptr<TickLifetimeTrace>>> groups;
};
} // namespace

void PeakKeepingSplit::skipAll(ArrayRef<unsigned> ids, StringRef reason) {
  for (unsigned id : ids) {
    result.skippedAllocs.push_back({candidates[id].alloc, reason.str()});
    for (const TickAllocation::Sharer &sharer : candidates[id].sharers)
      result.skippedAllocs.push_back({sharer.alloc, reason.str()});
  }
}

void PeakKeepingSplit::setRangeAndHull(Candidate &candidate,
                                       const TickAllocation &allocation,
                                       Operation *definer, Operation *anchor,
                                       bool isHoisted) {
  Operation *alloc = allocation.alloc;
  int64_t allocTick = collector.ticks.lookup(definer).first;
  if (isHoisted) {
    std::tie(candidate.hullFirst, candidate.hullLast) =
        collector.ticks.lookup(anchor);
    candidate.rangeFirst = candidate.exactFirst = candidate.hullFirst;
    candidate.rangeLast = candidate.exactLast = candidate.hullLast;
    candidate.inScopeBlock = true;
  } else if (anchor == definer) {
    candidate.rangeFirst = candidate.hullFirst = allocTick;
    candidate.rangeLast = candidate.hullLast = allocation.lastTick;
  } else {
    std::tie(candidate.hullFirst, candidate.hullLast) =
        collector.ticks.lookup(anchor);
    if (getInstanceBound(alloc, scopeOp) == 1) {
      candidate.rangeFirst = allocTick;
      candidate.rangeLast = allocation.lastTick;
    } else {
      candidate.rangeFirst = candidate.hullFirst;
      candidate.rangeLast = candidate.hullLast;
    }
  }
}

void PeakKeepingSplit::setExactRange(Candidate &candidate,
                                     const TickAllocation &allocation,
                                     Operation *definer, Operation *anchor,
                                     bool isHoisted) {
  AllocOp allocOp = allocation.alloc;
  Operation *alloc = allocOp;
  if (definer != alloc) {
    // After the op that yields it, if each run of the op yields one of the
    // allocations that share the offset.
    DenseSet<Operation *> sharing = {alloc};
    for (const TickAllocation::Sharer &sharer : allocation.sharers)
      sharing.insert(sharer.alloc);
    Value yieldedResult = collector.yieldedBuffers.find(alloc)->second.result;
    candidate.exactFirst = collector.ticks.lookup(definer).second + 1;
    candidate.exactLast = allocation.lastTick;
    if (!yieldedResult || !isAlwaysOneOf(yieldedResult, sharing) ||
        candidate.exactFirst > candidate.exactLast) {
      candidate.exactFirst = allocation.lastTick + 1;
      candidate.exactLast = allocation.lastTick;
    }
    candidate.inScopeBlock =
        anchor == definer && candidate.exactFirst <= candidate.exactLast;
  } else if (!isHoisted) {
    candidate.exactFirst = collector.ticks.lookup(definer).first;
    candidate.exactLast = allocation.lastTick;
  }
  // Handed over to the regions of an op that may free it, or freed in the
  // regions of the op it dies at (at the start of a region that does not
  // use it), it is surely held only up to that op (fuzz seed 66123: a
  // buffer taken for held over a region that frees it first, where the
  // region's own buffer then shared no offset with it, 192 bytes at once
  // instead of 144).
  AliasSet aliasSet =
      collector.lifetimes.getDerivedAliases(allocOp.getResult());
  candidate.exactLast =
      std::min(candidate.exactLast, collector.getHandOverTick(aliasSet, scope));
  if (definer == alloc && anchor == definer)
    if (Operation *op = collector.getRegionFreeingOp(aliasSet, scope))
      candidate.exactLast =
          std::min(candidate.exactLast, collector.ticks.lookup(op).first);
}

void PeakKeepingSplit::setWorkspaceRanges(Candidate &candidate,
                                          const TickAllocation &allocation,
                                          Operation *call) {
  // Without merge-alloc, the callee holds these bytes only while the call
  // runs: the bound counts them up to the call. It holds at least as many
  // at some point of every run (its workspace keeps its peak), so they are
  // surely held at the call if the loops around it run it. Held over the
  // loops (`hull`), they add to what the loops allocate (see
  // `decideHoistedWorkspaces`).
  Operation *alloc = allocation.alloc;
  int64_t callTick = collector.ticks.lookup(call).first;
  candidate.rangeFirst = collector.ticks.lookup(alloc).first;
  candidate.rangeLast = callTick;
  candidate.inScopeBlock =
      allocation.sharers.empty() && runsAtLeastOnce(alloc, scopeOp);
  candidate.exactFirst = callTick;
  candidate.exactLast = callTick;
  if (!candidate.inScopeBlock)
    candidate.exactFirst = candidate.exactLast + 1;
}

PeakKeepingSplit::Candidate
PeakKeepingSplit::modelCandidate(const TickAllocation &allocation,
                                 bool mayHoist, bool &isHoisted) {
  AllocOp allocOp = allocation.alloc;
  Operation *alloc = allocOp;
  int64_t alignmentAttr =
      static_cast<int64_t>(allocOp.getAlignment().value_or(0));
  for (const TickAllocation::Sharer &sharer : allocation.sharers)
    alignmentAttr = std::max(
        alignmentAttr,
        static_cast<int64_t>(AllocOp(sharer.alloc).getAlignment().value_or(0)));
  auto yielded = collector.yieldedBuffers.find(alloc);
  Operation *definer = yielded == collector.yieldedBuffers.end()
                           ? alloc
                           : yielded->second.definer;
  Operation *anchor = scope->findAncestorOpInBlock(*definer);
  Candidate candidate;
  candidate.inScopeBlock = anchor == alloc;
  isHoisted = mayHoist && anchor != alloc && definer == alloc &&
              isHoistedToScope(alloc, scopeOp);
  setRangeAndHull(candidate, allocation, definer, anchor, isHoisted);
  candidate.cost = static_cast<int64_t>(allocation.size) + alignmentAttr;
  setExactRange(candidate, allocation, definer, anchor, isHoisted);
  if (isHoisted && isWorkspaceAlloc(alloc)) {
    candidate.workspaceCall = getWorkspaceCall(allocOp);
    if (!candidate.workspaceCall) {
      // Not the shape merge-alloc made: surely held nowhere.
      candidate.inScopeBlock = false;
      candidate.exactFirst = candidate.exactLast + 1;
    }
  }
  if (Operation *call = candidate.workspaceCall)
    setWorkspaceRanges(candidate, allocation, call);
  if (freedAtEnd) {
    // The merged allocation, and a buffer of the block apart, live to the
    // end of the block.
    candidate.hullLast = end;
    if (!isHoisted && anchor == definer)
      candidate.rangeLast = end;
  }
  for (int64_t *tick :
       {&candidate.rangeFirst, &candidate.rangeLast, &candidate.hullFirst,
        &candidate.hullLast, &candidate.exactFirst, &candidate.exactLast})
    *tick -= begin;
  return candidate;
}

void PeakKeepingSplit::buildModel() {
  // The model of the rest of the pipeline: a buffer is allocated at its
  // `memref.alloc` and freed after the last op of its block that uses it;
  // one allocated in a loop is hoisted out of it and lives as long as the
  // loop. A buffer that branches yield is defined by the outermost op that
  // yields it, and surely lives after that op only if each of its runs
  // yields one of the allocations that share its offset.
  begin = collector.ticks.lookup(&scope->front()).first;
  end = collector.ticks.lookup(&scope->back()).second;
  freedAtEnd = isFreedAtEnd(scope) || collector.mayHideAliases(scope);
  // With `assumeHoisting`, a buffer of a loop body that the rest of the
  // pipeline hoists to the scope's block surely lives over the whole loop;
  // `hoist-alloc-dealloc-pairs` leaves the functions of `FunctionsLeftAlone`
  // alone.
  bool mayHoist = collector.options.assumeHoisting &&
                  !collector.getLeftAlone().contains(scopeOp);
  for (const TickAllocation &allocation : candidates) {
    members.insert(allocation.alloc);
    for (const TickAllocation::Sharer &sharer : allocation.sharers)
      members.insert(sharer.alloc);
    bool isHoisted;
    model.push_back(modelCandidate(allocation, mayHoist, isHoisted));
    hoisted.push_back(isHoisted);
  }
}

void PeakKeepingSplit::dropSharedHoistedSlots() {
  // `hoist-alloc-dealloc-pairs` gives allocations of one shape (type and
  // attributes) that a loop body uses one after the other one hoisted
  // buffer. A hoisted candidate surely holds bytes of its own over the loop
  // only if no other allocation of its shape in the loop can share that
  // buffer with it: all of them are candidates whose lifetimes meet at one
  // tick. Otherwise merging some of them could leave another on a hoisted
  // buffer of its own that it shared apart (fuzz seed 3145: two 32-byte
  // temporaries taken for 64 bytes surely held, where the loop apart held
  // 32).
  using ShapeKey = TickCollector::ShapeKey;
  llvm::MapVector<ShapeKey, SmallVector<unsigned, 2>> hoistedShapes;
  DenseMap<ShapeKey, unsigned> numCandidatesOfShape;
  for (auto [id, allocation] : llvm::enumerate(candidates)) {
    // What a workspace surely holds comes from its callee, not from a
    // hoisted buffer.
    if (!hoisted[id] || isWorkspaceAlloc(allocation.alloc))
      continue;
    Operation *alloc = allocation.alloc;
    ShapeKey key =
        collector.getShapeKey(scope->findAncestorOpInBlock(*alloc), alloc);
    hoistedShapes[key].push_back(id);
    // Allocations that share an offset (`shareHoistedSlots`) count apart.
    numCandidatesOfShape[key] += 1 + allocation.sharers.size();
  }
  for (auto &[key, ids] : hoistedShapes) {
    int64_t latestFirst = std::numeric_limits<int64_t>::min();
    int64_t earliestLast = std::numeric_limits<int64_t>::max();
    for (unsigned id : ids) {
      latestFirst = std::max(latestFirst, candidates[id].firstTick);
      earliestLast = std::min(earliestLast, candidates[id].lastTick);
    }
    if (collector.getNumAllocationsOfShape(key) ==
            numCandidatesOfShape.lookup(key) &&
        latestFirst <= earliestLast)
      continue;
    for (unsigned id : ids) {
      model[id].exactFirst = model[id].exactLast + 1;
      model[id].inScopeBlock = false;
    }
  }
}

void PeakKeepingSplit::markCopiedCandidates() {
  // A copied buffer may be removed by the rest of the pipeline: it counts in
  // the upper bound only, and is not merged, since a merged buffer would
  // take memory where the buffer apart may take none.
  const bufferization::BufferLifetimeAnalysis &lifetimes = collector.lifetimes;
  copied.resize(candidates.size());
  for (auto [id, allocation] : llvm::enumerate(candidates)) {
    copied[id] =
        mayEndEarly(AllocOp(allocation.alloc).getResult(), lifetimes) ||
        llvm::any_of(
            allocation.sharers, [&](const TickAllocation::Sharer &sharer) {
              return mayEndEarly(AllocOp(sharer.alloc).getResult(), lifetimes);
            });
  }
}

SmallVector<int64_t>
PeakKeepingSplit::getHeldBytes(ScopeBackground &background,
                               SmallVectorImpl<int64_t> &surelyHeld) {
  // The lower bound counts only the buffers every run of the scope
  // allocates.
  SmallVector<int64_t> held(numTicks + 1, 0);
  surelyHeld.assign(numTicks + 1, 0);
  for (auto [id, candidate] : llvm::enumerate(model)) {
    if (candidate.cost >= kLargestModelled) {
      for (int64_t i = candidate.rangeFirst; i <= candidate.rangeLast; ++i)
        background.unknown[i] = 1;
      continue;
    }
    held[candidate.rangeFirst] += candidate.cost;
    held[candidate.rangeLast + 1] -= candidate.cost;
    // Only a buffer of the scope's own block, or one hoisted to it, is
    // allocated whenever the scope runs; one in a branch or a loop may
    // never be.
    if (copied[id] || !candidate.inScopeBlock)
      continue;
    surelyHeld[candidate.exactFirst] += candidate.cost;
    surelyHeld[candidate.exactLast + 1] -= candidate.cost;
  }
  for (size_t i = 1; i <= numTicks; ++i) {
    held[i] += held[i - 1];
    surelyHeld[i] += surelyHeld[i - 1];
  }
  return held;
}

void PeakKeepingSplit::addCalleesSurelyHeld(ScopeBackground &background) {
  // At the call that a surely held workspace is passed to, the callee surely
  // holds what it holds at once without merging (its workspace fits in
  // that), of which the workspace counts as the candidate's; the buffers it
  // returns are not the scope's yet, since the call is in a loop.
  CalleeWorkspaceCandidates *workspaces = collector.options.workspaceCandidates;
  if (!workspaces)
    return;
  for (const Candidate &candidate : model) {
    if (!candidate.workspaceCall || !candidate.inScopeBlock)
      continue;
    auto call = cast<CallOpInterface>(candidate.workspaceCall);
    background.lower[candidate.exactFirst] += std::max<int64_t>(
        0, workspaces->getSurelyHeldBytes(call) - candidate.cost);
  }
}

void PeakKeepingSplit::setFloorsIfCalled(const ScopeBackground &background,
                                         ArrayRef<int64_t> surelyHeld) {
  // A workspace that the hoisting allocates only in runs that call it is
  // held in those runs only, in which the scope surely holds it at the call,
  // with what the callee surely holds.
  CalleeWorkspaceCandidates *workspaces = collector.options.workspaceCandidates;
  if (!workspaces)
    return;
  for (auto [id, candidate] : llvm::enumerate(model)) {
    if (!candidate.workspaceCall || candidate.inScopeBlock ||
        candidate.cost >= kLargestModelled || !candidates[id].sharers.empty() ||
        !isAllocatedOnlyIfCalled(candidates[id].alloc, scopeOp))
      continue;
    // A hoisted workspace's range ends at its call.
    int64_t callTick = candidate.rangeLast;
    int64_t calleeHeld = std::max(
        candidate.cost, workspaces->getSurelyHeldBytes(
                            cast<CallOpInterface>(candidate.workspaceCall)));
    candidate.floorIfCalled = std::max(
        floor, background.lower[callTick] + surelyHeld[callTick] + calleeHeld);
  }
}

void PeakKeepingSplit::buildTrees(const ScopeBackground &background,
                                  ArrayRef<int64_t> held) {
  // At a tick where the scope's upper bound without merging is below
  // `floor`, the merged buffers may hold more than the buffers they replace,
  // as long as the bound with them stays at most `floor` (`belowFloor`
  // tracks the bound minus `floor`). Elsewhere, including where the bound
  // is unknown (a call, an op that may allocate), they may hold no more than
  // the buffers they replace surely hold there (`elsewhere` tracks the
  // merged buffers minus those). A tick of one kind is far below zero in the
  // other's tree.
  constexpr int64_t kOtherKind = -(int64_t(1) << 61);
  SmallVector<int64_t> belowFloor(numTicks), elsewhere(numTicks);
  noMergeBound.assign(numTicks, kUnbounded);
  for (size_t i = 0; i < numTicks; ++i) {
    int64_t bound = background.upper[i] + held[i];
    if (!background.unknown[i])
      noMergeBound[i] = bound;
    bool below = !background.unknown[i] && bound <= floor;
    belowFloor[i] = below ? bound - floor : kOtherKind;
    elsewhere[i] = below ? kOtherKind : 0;
  }
  boundTree.emplace(belowFloor);
  heldTree.emplace(elsewhere);
}

void PeakKeepingSplit::buildBounds() {
  // What the scope holds without merging: at most `upper + held`, at least
  // `lower + surelyHeld`, and the most of the latter over time, `floor`,
  // which is at most the true peak.
  ScopeBackground background =
      collector.computeBackground(scope, trace.getMemorySpace(), members);
  numTicks = background.upper.size();
  markCopiedCandidates();
  SmallVector<int64_t> surelyHeld;
  SmallVector<int64_t> held = getHeldBytes(background, surelyHeld);
  addCalleesSurelyHeld(background);
  floor = getBranchFloor(background.lower, surelyHeld);
  setFloorsIfCalled(background, surelyHeld);
  dropConditionalBuffers(held, background.unknown);
  buildTrees(background, held);
  LLVM_DEBUG(llvm::dbgs() << "merge-alloc: " << candidates.size()
                          << " buffers in a scope that holds at least " << floor
                          << " bytes at once\n");
}

PeakKeepingSplit::BranchHeldMap PeakKeepingSplit::collectBranchHeld() {
  // A run of the scope's block runs one region of each of its ops that
  // `runsExactlyOneRegion`, and so on down, each region's block from start to
  // end. There it holds, on top of what the scope surely holds, every
  // candidate allocated in that block (and not copied, which the pipeline
  // may remove): from its allocation to its last use in the block, or to the
  // block's end if the block yields it. A workspace holds its bytes at its
  // call only.
  BranchHeldMap heldIn;
  branchExact.assign(candidates.size(), {});
  inBranches.assign(candidates.size(), false);
  auto addHeld = [&](unsigned id, AllocOp alloc, int64_t lastTick) {
    Block *block = alloc->getBlock();
    // What it asks `malloc` for on its own; a sharer may be smaller than
    // the offset it shares.
    int64_t bytes = getModelledBytes(alloc.getType(), alloc);
    if (block == scope || isWorkspaceAlloc(alloc) || bytes >= kUnbounded)
      return false;
    for (Operation *op = block->getParentOp(); op != scopeOp;
         op = op->getParentOp())
      if (!runsAtMostOneRegion(op))
        return false;
    int64_t end = collector.ticks.lookup(&block->back()).second;
    bool yielded = collector.yieldedBuffers.contains(alloc);
    BranchSpan held = {collector.ticks.lookup(alloc).first,
                       yielded ? end : std::min(lastTick, end), bytes};
    heldIn[block].push_back(held);
    // The exact lifetime of an allocation that is not yielded is this span
    // already (see `modelCandidate`).
    if (yielded)
      branchExact[id].push_back(
          {held.first - begin, held.last - begin, held.bytes});
    return true;
  };
  for (auto [id, allocation] : llvm::enumerate(candidates)) {
    if (copied[id] || model[id].cost >= kLargestModelled)
      continue;
    bool all = addHeld(id, allocation.alloc, allocation.lastTick);
    // A sharer other than a branch's is hoisted out of a loop.
    for (const TickAllocation::Sharer &sharer : allocation.sharers)
      all &= collector.yieldedBuffers.contains(sharer.alloc) &&
             addHeld(id, sharer.alloc, allocation.lastTick);
    inBranches[id] = all;
  }
  return heldIn;
}

int64_t PeakKeepingSplit::getBlockFloor(Block &block, int64_t outer,
                                        ArrayRef<int64_t> lower,
                                        ArrayRef<int64_t> surelyHeld,
                                        const BranchHeldMap &heldIn) {
  bool worstRun = collector.options.keepPeak == PeakToKeep::WorstRun;
  auto getFloor = [&](Region &region, int64_t held) {
    return getBlockFloor(region.front(), held, lower, surelyHeld, heldIn);
  };
  // The changes of the block's own held bytes, by tick.
  SmallVector<std::pair<int64_t, int64_t>> changes;
  if (auto it = heldIn.find(&block); it != heldIn.end()) {
    for (const BranchSpan &buffer : it->second) {
      changes.push_back({buffer.first, buffer.bytes});
      changes.push_back({buffer.last + 1, -buffer.bytes});
    }
    llvm::sort(changes);
  }
  const auto *change = changes.begin();
  int64_t held = outer, most = 0;
  for (Operation &op : block) {
    auto [first, last] = collector.ticks.lookup(&op);
    for (; change != changes.end() && change->first <= first; ++change)
      held += change->second;
    if (runsExactlyOneRegion(&op)) {
      // A run takes one of the regions: every run holds at least the least
      // of them, and some run the most.
      int64_t least = std::numeric_limits<int64_t>::max(), costliest = 0;
      for (Region &region : op.getRegions()) {
        int64_t bytes = getFloor(region, held);
        least = std::min(least, bytes);
        costliest = std::max(costliest, bytes);
      }
      most = std::max(most, worstRun ? costliest : least);
      continue;
    }
    if (worstRun && runsAtMostOneRegion(&op) &&
        llvm::all_of(op.getRegions(), [](Region &region) {
          return region.empty() || region.hasOneBlock();
        })) {
      // Some run may take none of the regions (an `scf.if` without an
      // `else`), and some run the costliest.
      for (Region &region : op.getRegions())
        if (!region.empty())
          most = std::max(most, getFloor(region, held));
      most = std::max(most,
                      held + lower[first - begin] + surelyHeld[first - begin]);
      continue;
    }
    for (int64_t tick = first; tick <= last; ++tick)
      most =
          std::max(most, held + lower[tick - begin] + surelyHeld[tick - begin]);
  }
  regionFloor[&block] = most;
  return most;
}

int64_t PeakKeepingSplit::getBranchFloor(ArrayRef<int64_t> lower,
                                         ArrayRef<int64_t> surelyHeld) {
  BranchHeldMap heldIn = collectBranchHeld();
  regionFloor.clear();
  return getBlockFloor(*scope, 0, lower, surelyHeld, heldIn);
}

void PeakKeepingSplit::dropConditionalBuffers(MutableArrayRef<int64_t> held,
                                              ArrayRef<int64_t> unknown) {
  conditional.assign(candidates.size(), false);
  // A buffer that the branches of an op yield on some runs only (not
  // `isAlwaysOneOf`) counts in the bound wherever it may live, also on the
  // runs that never allocate it; the floor, which every run reaches, cannot
  // pay for it there. But a run that holds it took one of its branches and
  // reaches what that branch holds at once (`regionFloor`). Where the
  // buffers of this kind that may live at a tick cost `sum` and each of them
  // is held only by runs that reach at least `floor + sum`, a run that holds
  // some of them holds at most `sum` more than the bound without them, and
  // reaches that much more than `floor`: checked against `floor` without
  // them, merged buffers raise the peak of no run. Such buffers then stay
  // apart, so that the trees never take them out. Only buffers that live on
  // after the op are taken: a temporary of a branch, which might merge with
  // the other temporaries of its branch, is not. Under `WorstRun`, the
  // floor is the most of any run and pays for them already; a workspace
  // held only in runs that call it is checked against what those runs hold,
  // with the bound as it is.
  if (collector.options.keepPeak == PeakToKeep::WorstRun ||
      llvm::any_of(model,
                   [](const Candidate &c) { return c.floorIfCalled > 0; }))
    return;
  // Where each such buffer starts or stops counting, in tick order.
  SmallVector<std::pair<int64_t, int>> changes;
  SmallVector<int64_t> reached(candidates.size(), 0);
  for (auto [id, allocation] : llvm::enumerate(candidates)) {
    const Candidate &candidate = model[id];
    Operation *alloc = allocation.alloc;
    if (!inBranches[id] || copied[id] || hoisted[id] ||
        candidate.inScopeBlock || candidate.workspaceCall ||
        candidate.cost >= kLargestModelled ||
        !collector.yieldedBuffers.contains(alloc))
      continue;
    int64_t least = regionFloor.lookup(alloc->getBlock());
    for (const TickAllocation::Sharer &sharer : allocation.sharers)
      least = std::min(least, regionFloor.lookup(sharer.alloc->getBlock()));
    reached[id] = least;
    int signedId = static_cast<int>(id) + 1;
    changes.push_back({candidate.rangeFirst, signedId});
    changes.push_back({candidate.rangeLast + 1, -signedId});
  }
  if (changes.empty())
    return;
  llvm::sort(changes);
  // The bytes of the buffers that may live at the tick, and the least that
  // the runs that hold one of them reach.
  std::multiset<int64_t> reachedAlive;
  int64_t sum = 0;
  // How many ticks before each one the buffers were taken out at.
  SmallVector<int64_t> dropped(numTicks + 1, 0);
  const auto *change = changes.begin();
  for (size_t tick = 0; tick < numTicks; ++tick) {
    for (;
         change != changes.end() && change->first <= static_cast<int64_t>(tick);
         ++change) {
      unsigned id = std::abs(change->second) - 1;
      if (change->second < 0) {
        sum -= model[id].cost;
        reachedAlive.erase(reachedAlive.find(reached[id]));
      } else {
        sum += model[id].cost;
        reachedAlive.insert(reached[id]);
      }
    }
    bool drop =
        sum > 0 && !unknown[tick] && floor + sum <= *reachedAlive.begin();
    if (drop)
      held[tick] -= sum;
    dropped[tick + 1] = dropped[tick] + (drop ? 1 : 0);
  }
  for (auto [tick, signedId] : changes) {
    if (signedId < 0)
      continue;
    const Candidate &candidate = model[signedId - 1];
    conditional[signedId - 1] =
        dropped[candidate.rangeLast + 1] > dropped[candidate.rangeFirst];
  }
}

void PeakKeepingSplit::addCandidate(unsigned id, int64_t sign) {
  boundTree->add(model[id].rangeFirst, model[id].rangeLast,
                 sign * model[id].cost);
  if (model[id].exactFirst <= model[id].exactLast)
    heldTree->add(model[id].exactFirst, model[id].exactLast,
                  sign * model[id].cost);
  // Where a run holds it in a branch, it holds it whenever it reaches the
  // tick, which is what the other kind of tick asks.
  for (const BranchSpan &span : branchExact[id])
    heldTree->add(span.first, span.last, sign * span.bytes);
}

bool PeakKeepingSplit::fitsOver(int64_t first, int64_t last,
                                int64_t bytes) const {
  return boundTree->getMax(first, last) + bytes <= 0 &&
         heldTree->getMax(first, last) + bytes <= 0;
}

bool PeakKeepingSplit::fitsIfCalled(unsigned id) const {
  const Candidate &candidate = model[id];
  int64_t first = candidate.hullFirst, last = candidate.hullLast;
  // Where the bound is at most `floor`, the bound tree holds it, the merged
  // buffers and the hoisted workspaces included.
  if (boundTree->getMax(first, last) + candidate.cost >
      candidate.floorIfCalled - floor)
    return false;
  for (int64_t i = first; i <= last; ++i) {
    int64_t bound = noMergeBound[i];
    // Where the bound is not known, the workspace fits only in what the
    // buffers merged there surely hold, as `fitsOver` checks.
    if (bound >= kUnbounded) {
      if (heldTree->getMax(i, i) + candidate.cost > 0)
        return false;
      continue;
    }
    if (bound <= floor)
      continue;
    // Elsewhere, the merged buffers and hoisted workspaces hold at most
    // what the held tree holds more than the buffers they replace; the
    // bound counts the workspace itself over its range.
    int64_t own = i >= candidate.rangeFirst && i <= candidate.rangeLast
                      ? candidate.cost
                      : 0;
    if (bound - own + std::max<int64_t>(0, heldTree->getMax(i, i)) +
            candidate.cost >
        candidate.floorIfCalled)
      return false;
  }
  return true;
}

void PeakKeepingSplit::hold(int64_t first, int64_t last, int64_t bytes) {
  boundTree->add(first, last, bytes);
  heldTree->add(first, last, bytes);
}

std::pair<int64_t, int64_t>
PeakKeepingSplit::getHull(ArrayRef<unsigned> group) const {
  int64_t first = std::numeric_limits<int64_t>::max(), last = 0;
  for (unsigned id : group) {
    first = std::min(first, model[id].hullFirst);
    last = std::max(last, model[id].hullLast);
  }
  return {first, last};
}

std::pair<std::unique_ptr<TickLifetimeTrace>, int64_t>
PeakKeepingSplit::planPrefix(ArrayRef<unsigned> group, size_t length) const {
  auto groupTrace =
      std::make_unique<TickLifetimeTrace>(scope, trace.getMemorySpace());
  SmallVector<unsigned> inIROrder(group.take_front(length));
  llvm::sort(inIROrder);
  for (unsigned id : inIROrder)
    groupTrace->allocations.push_back(candidates[id]);
  FailureOr<StaticMemoryPlan> plan =
      planStaticMemory(groupTrace->getEvents(), groupTrace->getAlignment(),
                       collector.options.plannerMode);
  if (failed(plan) ||
      plan->totalSize >= static_cast<uint64_t>(kLargestModelled))
    return {nullptr, 0};
  int64_t cost =
      static_cast<int64_t>(plan->totalSize) +
      static_cast<int64_t>(groupTrace->getBufferAlignment().value_or(0));
  return {std::move(groupTrace), cost};
}

bool PeakKeepingSplit::fits(ArrayRef<unsigned> group, size_t length,
                            int64_t cost) {
  for (unsigned id : group.drop_front(length))
    release(id);
  auto [first, last] = getHull(group.take_front(length));
  bool result = fitsOver(first, last, cost);
  for (unsigned id : group.drop_front(length))
    take(id);
  return result;
}

SmallVector<unsigned>
PeakKeepingSplit::closeGroup(SmallVector<unsigned> &group) {
  SmallVector<unsigned> rest;
  if (group.size() < 2) {
    for (unsigned id : group)
      release(id);
    leftOut.append(group);
    group.clear();
    return rest;
  }
  size_t best = 0;
  std::unique_ptr<TickLifetimeTrace> bestTrace;
  int64_t bestCost = 0;
  auto tryLength = [&](size_t length) {
    auto [groupTrace, cost] = planPrefix(group, length);
    if (!groupTrace || !fits(group, length, cost))
      return false;
    best = length;
    bestTrace = std::move(groupTrace);
    bestCost = cost;
    return true;
  };
  if (!tryLength(group.size())) {
    // Whether a prefix fits is close to monotone in its length.
    size_t lo = 2, hi = group.size() - 1;
    while (lo <= hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (tryLength(mid))
        lo = mid + 1;
      else
        hi = mid - 1;
    }
  }
  for (unsigned id : ArrayRef<unsigned>(group).drop_front(best))
    release(id);
  if (best == 0) {
    leftOut.push_back(group.front());
    rest.append(group.begin() + 1, group.end());
  } else {
    auto [first, last] = getHull(ArrayRef<unsigned>(group).take_front(best));
    LLVM_DEBUG(llvm::dbgs()
               << "merge-alloc: " << best << " buffers over ticks [" << first
               << ", " << last << "] in " << bestCost << " bytes\n");
    hold(first, last, bestCost);
    unsigned firstId =
        *llvm::min_element(ArrayRef<unsigned>(group).take_front(best));
    groups.push_back({firstId, std::move(bestTrace)});
    rest.append(group.begin() + best, group.end());
  }
  group.clear();
  return rest;
}

bool PeakKeepingSplit::tryWorkspace() {
  // The workspace of a function takes every buffer that may be merged, and
  // the callers hold it over every tick of the function.
  SmallVector<unsigned> workspaceMembers;
  for (unsigned id : order)
    if (!copied[id] && !conditional[id] && model[id].cost < kLargestModelled)
      workspaceMembers.push_back(id);
  if (workspaceMembers.empty())
    return false;
  auto [workspace, cost] =
      planPrefix(workspaceMembers, workspaceMembers.size());
  for (unsigned id : workspaceMembers)
    take(id);
  if (!workspace || !fitsOver(0, static_cast<int64_t>(numTicks) - 1, cost)) {
    for (unsigned id : workspaceMembers)
      release(id);
    return false;
  }
  LLVM_DEBUG(llvm::dbgs() << "merge-alloc: a workspace of " << cost
                          << " bytes for " << workspaceMembers.size()
                          << " buffers\n");
  workspace->setWorkspace();
  if (CalleeWorkspaceCandidates *workspaces =
          collector.options.workspaceCandidates)
    workspaces->setSurelyHeldBytes(scopeOp, floor);
  SmallVector<unsigned> others;
  for (unsigned id = 0; id < candidates.size(); ++id)
    if (!copied[id] && model[id].cost >= kLargestModelled)
      others.push_back(id);
  skipAll(others, "too large to model");
  SmallVector<unsigned> copiedIds;
  for (unsigned id = 0; id < candidates.size(); ++id)
    if (copied[id])
      copiedIds.push_back(id);
  skipAll(copiedIds, "copied from or into, so the pipeline may remove "
                     "it; merged, it could raise the peak");
  SmallVector<unsigned> conditionalIds;
  for (unsigned id = 0; id < candidates.size(); ++id)
    if (conditional[id])
      conditionalIds.push_back(id);
  skipAll(conditionalIds, kConditionalReason);
  result.scopeTraces.push_back(std::move(workspace));
  return true;
}

namespace {
/// The group that the sweep of `PeakKeepingSplit` is filling: its buffers,
/// those of them alive at the current tick (by last tick) and their bytes,
/// the most bytes alive at once (a lower bound of its plan), the alignment
/// it needs, and its hull.
struct OpenGroup {
  SmallVector<unsigned> ids;
  std::priority_queue<std::pair<int64_t, uint64_t>,
                      std::vector<std::pair<int64_t, uint64_t>>, std::greater<>>
      alive;
  uint64_t aliveBytes = 0, peak = 0, alignment = 1;
  bool aligned = false;
  int64_t hullFirst = std::numeric_limits<int64_t>::max(), hullLast = 0;

  /// Forgets all but the buffers, which the caller takes.
  void reset() {
    hullFirst = std::numeric_limits<int64_t>::max();
    hullLast = 0;
    alive = {};
    aliveBytes = peak = 0;
    alignment = 1;
    aligned = false;
  }

  /// Forgets the buffers alive before `tick`.
  void dropDeadBefore(int64_t tick) {
    while (!alive.empty() && alive.top().first < tick) {
      aliveBytes -= alive.top().second;
      alive.pop();
    }
  }

  /// Adds the buffer `id`, of `bytes` (aligned) alive until `lastTick`, with
  /// the group's new alignment, and the hull of its candidate.
  void add(unsigned id, int64_t candidateHullFirst, int64_t candidateHullLast,
           int64_t lastTick, uint64_t bytes, uint64_t newAlignment,
           bool newAligned) {
    ids.push_back(id);
    hullFirst = std::min(hullFirst, candidateHullFirst);
    hullLast = std::max(hullLast, candidateHullLast);
    alive.push({lastTick, bytes});
    aliveBytes += bytes;
    peak = std::max(peak, aliveBytes);
    alignment = newAlignment;
    aligned = newAligned;
  }
};
} // namespace

void PeakKeepingSplit::sweep() {
  // The queue of the buffers to sweep, and where the lives of the queued
  // ones start: the ticks before the earliest of them are final for the
  // open group, since no buffer that could still join it lives there.
  llvm::erase_if(order, [&](unsigned id) {
    if (copied[id])
      copiedOut.push_back(id);
    else if (conditional[id])
      conditionalOut.push_back(id);
    else
      return false;
    return true;
  });
  std::deque<unsigned> queue(order.begin(), order.end());
  std::multiset<int64_t> queuedStarts;
  for (unsigned id : order)
    queuedStarts.insert(model[id].rangeFirst);
  auto requeue = [&](ArrayRef<unsigned> ids) {
    for (unsigned id : llvm::reverse(ids)) {
      queue.push_front(id);
      queuedStarts.insert(model[id].rangeFirst);
    }
  };
  // Sweeping a buffer again costs a plan; past this budget, the buffers left
  // in the queue are left alone, so that the split stays near-linear.
  size_t budget = 8 * candidates.size() + 64;

  OpenGroup group;
  auto close = [&]() {
    requeue(closeGroup(group.ids));
    group.reset();
  };
  while (!queue.empty()) {
    unsigned id = queue.front();
    queue.pop_front();
    queuedStarts.erase(queuedStarts.find(model[id].rangeFirst));
    if (budget == 0 || model[id].cost >= kLargestModelled) {
      leftOut.push_back(id);
      continue;
    }
    --budget;
    const TickAllocation &allocation = candidates[id];
    take(id);
    uint64_t alignment = std::max(group.alignment, allocation.alignment);
    bool aligned = group.aligned || allocation.needsAlignedAllocation;
    // Buffers already dead at this tick no longer count.
    group.dropDeadBefore(allocation.firstTick);
    uint64_t bytes =
        llvm::alignTo(std::max<uint64_t>(allocation.size, 1), alignment);
    uint64_t estimate = std::max(group.peak, group.aliveBytes + bytes) +
                        (aligned ? alignment : 0);
    int64_t first = std::min(group.hullFirst, model[id].hullFirst);
    int64_t last = std::max(group.hullLast, model[id].hullLast);
    if (!queuedStarts.empty())
      last = std::min(last, *queuedStarts.begin() - 1);
    if (!group.ids.empty() && first <= last &&
        !fitsOver(first, last, static_cast<int64_t>(estimate))) {
      release(id);
      queue.push_front(id);
      queuedStarts.insert(model[id].rangeFirst);
      close();
      continue;
    }
    group.add(id, model[id].hullFirst, model[id].hullLast, allocation.lastTick,
              bytes, alignment, aligned);
    if (queue.empty())
      close();
  }
}

void PeakKeepingSplit::report() {
  llvm::sort(leftOut);
  skipAll(leftOut, "merging it would raise the most bytes its scope holds");
  llvm::sort(copiedOut);
  skipAll(copiedOut, "copied from or into, so the pipeline may remove it; "
                     "merged, it could raise the peak");
  llvm::sort(conditionalOut);
  skipAll(conditionalOut, kConditionalReason);
  // Report the groups in IR order of their first buffer.
  llvm::sort(groups,
             [](const auto &a, const auto &b) { return a.first < b.first; });
  for (auto &[firstId, groupTrace] : groups)
    result.scopeTraces.push_back(std::move(groupTrace));
}

void PeakKeepingSplit::decideHoistedWorkspaces() {
  // `hoist-alloc-dealloc-pairs` would hold such a workspace over its loops,
  // where the bound counts it at its call only: it leaves them only if it
  // fits there with the groups, which hold their bytes already.
  // One that the hoisting allocates only in runs that call it may use what
  // those runs surely hold (`floorIfCalled`); in the other runs, it holds
  // nothing. That check scans the hull, within a budget linear in the
  // scope's ticks.
  llvm::sort(leftOut);
  int64_t budget = 8 * static_cast<int64_t>(numTicks) + 4096;
  for (unsigned id : leftOut) {
    if (!model[id].workspaceCall || model[id].cost >= kLargestModelled)
      continue;
    take(id);
    bool fits =
        fitsOver(model[id].hullFirst, model[id].hullLast, model[id].cost);
    if (!fits && model[id].floorIfCalled > 0) {
      budget -= model[id].hullLast - model[id].hullFirst + 1;
      fits = budget >= 0 && fitsIfCalled(id);
    }
    if (!fits) {
      release(id);
      continue;
    }
    hold(model[id].hullFirst, model[id].hullLast, model[id].cost);
    result.hoistableWorkspaces.push_back(candidates[id].alloc);
  }
}

void PeakKeepingSplit::run() {
  // A function that may take a workspace holds it for the whole call.
  bool workspaceScope = collector.options.workspaceFunction &&
                        scopeOp == collector.options.workspaceFunction &&
                        scopeOp->getRegion(0).hasOneBlock();
  // A callee's workspace alone in its scope merges with nothing, but whether
  // it may leave its loops is decided here.
  bool single = candidates.size() < 2;
  if (single && !workspaceScope && !isWorkspaceAlloc(candidates[0].alloc)) {
    skipAll({0}, "the only mergeable allocation of its scope");
    return;
  }
  buildModel();
  dropSharedHoistedSlots();
  buildBounds();

  order.resize(candidates.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return candidates[a].firstTick < candidates[b].firstTick;
  });
  if (workspaceScope && tryWorkspace())
    return;
  if (single) {
    leftOut.push_back(0);
    decideHoistedWorkspaces();
    skipAll({0}, "the only mergeable allocation of its scope");
    return;
  }
  sweep();
  decideHoistedWorkspaces();
  report();
}

void TickCollector::splitToKeepPeak(const TickLifetimeTrace &trace,
                                    MemoryTraceScopes &result) {
  PeakKeepingSplit(*this, trace, result).run();
}

void TickCollector::shareExclusiveBranches(TickLifetimeTrace &trace) {
  // The allocations yielded as each result, in IR order.
  llvm::MapVector<Value, SmallVector<unsigned, 2>> byResult;
  for (auto [id, allocation] : llvm::enumerate(trace.allocations)) {
    auto it = yieldedBuffers.find(allocation.alloc);
    if (it != yieldedBuffers.end() && it->second.result)
      byResult[it->second.result].push_back(id);
  }
  // Each allocation joins the first group of its result whose members it is
  // exclusive with. They all reach the result through yields only, so the
  // ops around two of them that decide between them run once per run of the
  // result's op. At most this many allocations of one result are looked at,
  // so that the pairs stay few.
  constexpr size_t kMaxSharers = 8;
  SmallVector<int> leaderOf(trace.allocations.size(), -1);
  for (auto &entry : byResult) {
    ArrayRef<unsigned> ids = entry.second;
    if (ids.size() < 2 || ids.size() > kMaxSharers)
      continue;
    SmallVector<SmallVector<unsigned, 2>> groups;
    for (unsigned id : ids) {
      Operation *alloc = trace.allocations[id].alloc;
      auto *group = llvm::find_if(groups, [&](ArrayRef<unsigned> members) {
        return llvm::all_of(members, [&](unsigned other) {
          return areExclusive(alloc, trace.allocations[other].alloc);
        });
      });
      if (group == groups.end())
        groups.push_back({id});
      else
        group->push_back(id);
    }
    for (ArrayRef<unsigned> group : groups)
      for (unsigned id : group.drop_front())
        leaderOf[id] = static_cast<int>(group.front());
  }
  addSharers(trace, leaderOf);
}

void TickCollector::shareHoistedSlots(TickLifetimeTrace &trace) {
  Block *scope = trace.getAllocScope();
  Operation *scopeOp = scope->getParentOp();
  if (!options.assumeHoisting || getLeftAlone().contains(scopeOp))
    return;
  // The candidates hoisted out of each loop, by shape, in IR order.
  llvm::MapVector<ShapeKey, SmallVector<unsigned, 2>> byShape;
  for (auto [id, allocation] : llvm::enumerate(trace.allocations)) {
    Operation *alloc = allocation.alloc;
    Operation *loop = scope->findAncestorOpInBlock(*alloc);
    // A callee's workspace surely holds bytes at its call only, which a
    // sharer would lose (see `modelCandidate`).
    if (loop == alloc || yieldedBuffers.contains(alloc) ||
        !allocation.sharers.empty() || isWorkspaceAlloc(alloc) ||
        !isHoistedToScope(alloc, scopeOp))
      continue;
    byShape[getShapeKey(loop, alloc)].push_back(id);
  }
  SmallVector<int> leaderOf(trace.allocations.size(), -1);
  for (auto &[key, ids] : byShape) {
    if (ids.size() < 2 || getNumAllocationsOfShape(key) != ids.size())
      continue;
    // One after the other: each starts after the last one ends.
    SmallVector<unsigned, 2> byStart(ids);
    llvm::sort(byStart, [&](unsigned a, unsigned b) {
      return trace.allocations[a].firstTick < trace.allocations[b].firstTick;
    });
    bool sequential = true;
    for (auto [previous, next] :
         llvm::zip(byStart, ArrayRef(byStart).drop_front()))
      sequential &= trace.allocations[previous].lastTick <
                    trace.allocations[next].firstTick;
    if (!sequential)
      continue;
    for (unsigned id : ArrayRef(ids).drop_front())
      leaderOf[id] = static_cast<int>(ids.front());
  }
  addSharers(trace, leaderOf);
}

unsigned TickCollector::getNumAllocationsOfShape(const ShapeKey &key) {
  Operation *loop = std::get<0>(key);
  if (countedLoops.insert(loop).second)
    loop->walk([&](AllocOp alloc) {
      if (alloc->getNumOperands() == 0)
        ++numAllocationsOfShape[getShapeKey(loop, alloc)];
    });
  return numAllocationsOfShape.lookup(key);
}

void TickCollector::addSharers(TickLifetimeTrace &trace,
                               ArrayRef<int> leaderOf) {
  if (llvm::all_of(leaderOf, [](int leader) { return leader < 0; }))
    return;

  // The first allocation of a group, in IR order, stands for all of them.
  SmallVector<TickAllocation> shared;
  DenseMap<unsigned, unsigned> position;
  for (auto [id, leader] : llvm::enumerate(leaderOf)) {
    if (leader >= 0)
      continue;
    position[id] = shared.size();
    shared.push_back(std::move(trace.allocations[id]));
  }
  for (auto [id, leader] : llvm::enumerate(leaderOf)) {
    if (leader < 0)
      continue;
    TickAllocation &first = shared[position.lookup(leader)];
    const TickAllocation &member = trace.allocations[id];
    first.firstTick = std::min(first.firstTick, member.firstTick);
    first.lastTick = std::max(first.lastTick, member.lastTick);
    first.size = std::max(first.size, member.size);
    first.alignment = std::max(first.alignment, member.alignment);
    first.needsAlignedAllocation |= member.needsAlignedAllocation;
    first.sharers.push_back({member.alloc, member.size});
  }
  trace.allocations = std::move(shared);
}

MemoryTraceScopes TickCollector::collect(Operation *root) {
  this->root = root;
  assignTicks(root);
  findDeadOps(root);
  MemoryTraceScopes result;
  llvm::MapVector<std::pair<Block *, Attribute>,
                  std::unique_ptr<TickLifetimeTrace>>
      traces;
  root->walk([&](AllocOp alloc) {
    std::string reason;
    uint64_t alignment = 1;
    FailureOr<uint64_t> size = getSize(alloc, alignment, reason);
    FailureOr<Block *> scope = failure();
    if (succeeded(size))
      scope = findScope(alloc, reason);
    int64_t firstTick, lastTick;
    if (failed(size) || failed(scope) ||
        failed(getLifetime(alloc, firstTick, lastTick, reason))) {
      result.skippedAllocs.push_back({alloc, reason});
      return;
    }
    if (static_cast<int64_t>(*size) <= options.stackPromotionMaxBytes &&
        isExpectedOnStack(alloc)) {
      leftToStack.insert(alloc);
      result.skippedAllocs.push_back({alloc, "left to stack promotion"});
      return;
    }
    Attribute memorySpace = alloc.getType().getMemorySpace();
    std::unique_ptr<TickLifetimeTrace> &trace =
        traces[std::make_pair(*scope, memorySpace)];
    if (!trace)
      trace = std::make_unique<TickLifetimeTrace>(*scope, memorySpace);
    // `malloc` aligns every scalar type; an attribute or a wider element
    // needs an aligned allocation.
    bool needsAlignedAllocation = alloc.getAlignment().has_value() ||
                                  options.alignment > 0 ||
                                  alignment > kMallocAlignment;
    trace->allocations.push_back(
        {alloc, firstTick, lastTick, *size, alignment, needsAlignedAllocation});
  });
  for (auto &entry : traces) {
    shareExclusiveBranches(*entry.second);
    shareHoistedSlots(*entry.second);
    if (options.allowPeakIncrease)
      result.scopeTraces.push_back(std::move(entry.second));
    else
      splitToKeepPeak(*entry.second, result);
  }
  return result;
}

FailureOr<MemoryTraceScopes> mlir::memref::collectTickLifetimeTraces(
    Operation *root, bufferization::BufferLifetimeAnalysis &lifetimes,
    const MergeAllocationOptions &options) {
  return TickCollector(lifetimes, options).collect(root);
}

FailureOr<MemorySchedule>
mlir::memref::planTickLifetimeTrace(Operation *root, const LifetimeTrace &trace,
                                    const MergeAllocationOptions &options) {
  const auto *tickTrace = dyn_cast<TickLifetimeTrace>(&trace);
  if (!tickTrace)
    return root->emitError("merge-alloc: the tick-based planner needs the "
                           "traces of the tick-based collector");
  FailureOr<StaticMemoryPlan> plan = planStaticMemory(
      tickTrace->getEvents(), tickTrace->getAlignment(), options.plannerMode);
  if (failed(plan))
    return root->emitError("merge-alloc: malformed lifetime trace");
  if (plan->totalSize >
      static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return root->emitError("merge-alloc: merged buffer too large");

  MemorySchedule schedule;
  schedule.totalSize = plan->totalSize;
  schedule.memorySpace = trace.getMemorySpace();
  schedule.plannerName = stringifyMemoryPlannerMode(plan->mode).str();
  schedule.bufferAlignment = tickTrace->getBufferAlignment();
  schedule.workspace = trace.isWorkspace();
  for (auto [allocation, offset] :
       llvm::zip_equal(tickTrace->allocations, plan->offsets)) {
    schedule.allocToOffset[allocation.alloc] = offset;
    for (const TickAllocation::Sharer &sharer : allocation.sharers)
      schedule.allocToOffset[sharer.alloc] = offset;
  }
  return schedule;
}

/// Replaces each of `allocs` with a `memref.view` of `buffer` at its offset in
/// `schedule`. The offsets are constants, one per value, created at the
/// insertion point of `rewriter`, which must dominate every allocation.
static void replaceWithViews(RewriterBase &rewriter, Location loc,
                             ArrayRef<AllocOp> allocs, Value buffer,
                             const MemorySchedule &schedule) {
  DenseMap<int64_t, Value> offsets;
  for (AllocOp alloc : allocs) {
    int64_t offsetValue = schedule.allocToOffset.lookup(alloc);
    Value &offset = offsets[offsetValue];
    if (!offset)
      offset = arith::ConstantIndexOp::create(rewriter, loc, offsetValue);
  }
  for (AllocOp alloc : allocs) {
    rewriter.setInsertionPoint(alloc);
    Value offset = offsets.lookup(schedule.allocToOffset.lookup(alloc));
    Value view = ViewOp::create(rewriter, alloc.getLoc(), alloc.getType(),
                                buffer, offset, ValueRange());
    rewriter.replaceOp(alloc, view);
  }
}

/// Makes the buffer of `schedule` a new last argument of the function whose
/// entry block is `scope`, replaces each of `allocs` with a view of it, and
/// allocates it right before every call of the function.
static LogicalResult addWorkspace(Operation *root, Block *scope,
                                  const MemorySchedule &schedule,
                                  ArrayRef<AllocOp> allocs,
                                  const MergeAllocationOptions &options) {
  auto func = dyn_cast<FunctionOpInterface>(scope->getParentOp());
  if (!func || &func.getFunctionBody().front() != scope)
    return root->emitError("merge-alloc: a workspace outside the entry block "
                           "of a function");
  if (!options.workspaceCandidates)
    return func.emitError("merge-alloc: the calls of a function that takes a "
                          "workspace are not known");
  CalleeWorkspaceCandidates &candidates = *options.workspaceCandidates;
  SmallVector<CallOpInterface> calls;
  for (Operation *user : candidates.getUsers(func)) {
    auto call = dyn_cast<CallOpInterface>(user);
    if (!call)
      return func.emitError("merge-alloc: a function that takes a workspace "
                            "is used by '")
             << user->getName() << "', which is not a call";
    calls.push_back(call);
  }
  // A public function keeps its signature for callers outside the root: a
  // private function takes its body and the workspace, and the public one
  // calls it with a workspace of its own.
  if (candidates.needsWrapper(func)) {
    auto [impl, wrapperCall] =
        candidates.wrapPublicFunction(func, calls, options.lifetimes);
    func = impl;
    calls.push_back(wrapperCall);
  }

  IRRewriter rewriter(func.getContext());
  auto workspaceType = MemRefType::get(
      {static_cast<int64_t>(schedule.totalSize)}, rewriter.getI8Type(),
      MemRefLayoutAttrInterface(), schedule.memorySpace);
  IntegerAttr alignment;
  Attribute marker = rewriter.getUnitAttr();
  if (schedule.bufferAlignment) {
    alignment = rewriter.getI64IntegerAttr(
        static_cast<int64_t>(*schedule.bufferAlignment));
    marker = alignment;
  }
  unsigned index = func.getNumArguments();
  LogicalResult inserted = failure();
  rewriter.modifyOpInPlace(func, [&] {
    inserted =
        func.insertArgument(index, workspaceType,
                            rewriter.getDictionaryAttr(rewriter.getNamedAttr(
                                kWorkspaceAttrName, marker)),
                            func.getLoc());
  });
  if (failed(inserted))
    return func.emitError("merge-alloc: cannot add a workspace argument");
  Value workspace = scope->getArgument(index);

  rewriter.setInsertionPointToStart(scope);
  replaceWithViews(rewriter, func.getLoc(), allocs, workspace, schedule);
  for (CallOpInterface call : calls) {
    rewriter.setInsertionPoint(call);
    auto buffer =
        AllocOp::create(rewriter, call.getLoc(), workspaceType, alignment);
    // The mark keeps the rest of the pipeline from hoisting the allocation
    // out of a branch, where it would be held on paths without the call.
    buffer->setAttr(kWorkspaceAttrName, rewriter.getUnitAttr());
    // No result of the call aliases its workspace, which the view flow of
    // the deallocation learns from the mark (a view of a merged buffer at a
    // byte shift that a result might alias would keep the caller's frees
    // from comparing the two at run time; fuzz seed 30679).
    rewriter.modifyOpInPlace(call, [&] {
      call->setAttr(func::kWorkspaceOperandAttrName,
                    rewriter.getI64IntegerAttr(call.getArgOperands().size()));
      call.getArgOperandsMutable().append(buffer.getResult());
    });
  }
  return success();
}

LogicalResult
mlir::memref::mergeScheduledAllocations(Operation *root, Block *scope,
                                        const MemorySchedule &schedule,
                                        const MergeAllocationOptions &options) {
  if (schedule.allocToOffset.empty())
    return success();
  // Rewrite in IR order, so that the output does not depend on pointers.
  SmallVector<AllocOp> allocs;
  scope->getParent()->walk([&](AllocOp alloc) {
    if (schedule.allocToOffset.contains(alloc))
      allocs.push_back(alloc);
  });
  if (allocs.size() != schedule.allocToOffset.size())
    return root->emitError("merge-alloc: a scheduled allocation is not in its "
                           "allocation scope");
  if (schedule.workspace)
    return addWorkspace(root, scope, schedule, allocs, options);

  // The merged allocation goes right before the first op of the scope's
  // block that holds a merged buffer, so that it is not held earlier than
  // the first of them would have been.
  Operation *firstHolder = scope->findAncestorOpInBlock(*allocs.front());
  if (!firstHolder)
    return root->emitError("merge-alloc: a scheduled allocation is not in its "
                           "allocation scope");
  IRRewriter rewriter(firstHolder->getContext());
  rewriter.setInsertionPoint(firstHolder);
  auto mergedType = MemRefType::get(
      {static_cast<int64_t>(schedule.totalSize)}, rewriter.getI8Type(),
      MemRefLayoutAttrInterface(), schedule.memorySpace);
  Location loc = allocs.front().getLoc();
  IntegerAttr alignment;
  if (schedule.bufferAlignment)
    alignment = rewriter.getI64IntegerAttr(
        static_cast<int64_t>(*schedule.bufferAlignment));
  Value merged = AllocOp::create(rewriter, loc, mergedType, alignment);
  // The offsets go next to the merged allocation, which dominates every
  // view of it.
  replaceWithViews(rewriter, loc, allocs, merged, schedule);
  return success();
}
