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
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::memref;

LifetimeTrace::~LifetimeTrace() = default;

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

/// Returns true if the regions of `op` may run after `op` itself has
/// finished, as those of `async.execute` do.
static bool isAsynchronous(Operation *op) {
  return op->getName().getDialectNamespace() == "async";
}

namespace {
/// Finds the mergeable allocations nested in a root op and their lifetimes.
class TickCollector {
public:
  TickCollector(const BufferViewFlowAnalysis &aliases,
                const MergeAllocationOptions &options)
      : aliases(aliases), options(options) {}

  MemoryTraceScopes collect(Operation *root);

private:
  /// Gives `op` and every op nested in it a tick, in pre-order.
  void assignTicks(Operation *op);

  /// Finds the scope of `alloc`, or says why it has none it can be merged
  /// into.
  FailureOr<Block *> findScope(AllocOp alloc, std::string &reason);

  /// Returns the bytes of `alloc`, or says why they are unknown.
  FailureOr<uint64_t> getSize(AllocOp alloc, std::string &reason);

  /// Finds the first and last tick at which `alloc` or an alias is accessed,
  /// or says why an alias escapes the analysis.
  LogicalResult getLifetime(AllocOp alloc, int64_t &firstTick,
                            int64_t &lastTick, std::string &reason);

  const BufferViewFlowAnalysis &aliases;
  const MergeAllocationOptions &options;
  /// First and last tick of each op; the last is the one of the last op
  /// nested in it.
  DenseMap<Operation *, std::pair<int64_t, int64_t>> ticks;
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

FailureOr<Block *> TickCollector::findScope(AllocOp alloc,
                                            std::string &reason) {
  Region *region = alloc->getParentRegion();
  if (!region->hasOneBlock()) {
    reason = "in a region with more than one block";
    return failure();
  }
  for (Operation *parent = alloc->getParentOp(); parent;
       region = parent->getParentRegion(), parent = parent->getParentOp()) {
    if (parent->hasTrait<OpTrait::AutomaticAllocationScope>() &&
        !isa<scf::ForOp>(parent))
      return &region->front();
    if (!isa<RegionBranchOpInterface>(parent) || isAsynchronous(parent)) {
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

FailureOr<uint64_t> TickCollector::getSize(AllocOp alloc, std::string &reason) {
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
  if (std::optional<uint64_t> alignment = alloc.getAlignment();
      alignment && (*alignment == 0 ||
                    static_cast<uint64_t>(options.alignment) % *alignment)) {
    reason = "alignment " + std::to_string(*alignment) +
             " does not divide the merged alignment " +
             std::to_string(options.alignment);
    return failure();
  }
  // An element takes its store size rounded up to a power of two, as in an
  // LLVM array: 1 byte for i1, 4 for i17, the data layout's size for index.
  auto elementSize = static_cast<int64_t>(llvm::PowerOf2Ceil(
      DataLayout::closest(alloc).getTypeSize(elementType).getFixedValue()));
  int64_t size;
  if (llvm::MulOverflow(elementSize, type.getNumElements(), size) ||
      size > std::numeric_limits<int64_t>::max() / 2) {
    reason = "too large";
    return failure();
  }
  return static_cast<uint64_t>(size);
}

LogicalResult TickCollector::getLifetime(AllocOp alloc, int64_t &firstTick,
                                         int64_t &lastTick,
                                         std::string &reason) {
  Block *allocBlock = alloc->getBlock();
  Operation *allocParent = allocBlock->getParentOp();
  BufferViewFlowAnalysis::ValueSetT aliasSet =
      aliases.resolve(alloc.getResult());

  // The reason found at the earliest tick, so that the report does not
  // depend on the order of the alias set.
  std::optional<int64_t> reasonTick;
  auto reject = [&](Operation *user, const Twine &why) {
    int64_t tick = ticks.lookup(user).first;
    if (reasonTick && *reasonTick <= tick)
      return;
    reasonTick = tick;
    reason = (why + " '" + user->getName().getStringRef() + "'").str();
  };

  firstTick = std::numeric_limits<int64_t>::max();
  lastTick = std::numeric_limits<int64_t>::min();
  for (Value alias : aliasSet) {
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      Operation *anchor = allocBlock->findAncestorOpInBlock(*user);
      if (!anchor) {
        reject(user, "an alias is used outside the block of the allocation by");
        continue;
      }
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == alias) {
        if (llvm::any_of(user->getResults(), [&](Value result) {
              return !aliasSet.contains(result);
            }))
          reject(user, "a view the alias analysis does not know is made by");
        continue;
      }
      if (user->hasTrait<OpTrait::IsTerminator>()) {
        reject(user, "yielded or returned by");
        continue;
      }
      if (isa<CallOpInterface>(user)) {
        reject(user, "passed to a call by");
        continue;
      }
      if (isa<ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp,
              bufferization::ToTensorOp, UnrealizedConversionCastOp>(user)) {
        reject(user, "converted by");
        continue;
      }
      if (auto store = dyn_cast<StoreOp>(user);
          store && store.getValueToStore() == alias) {
        reject(user, "stored to memory by");
        continue;
      }
      bool nestedInUnknownOp = false;
      for (Operation *parent = user->getParentOp(); parent != allocParent;
           parent = parent->getParentOp()) {
        if (!isa<RegionBranchOpInterface>(parent) || isAsynchronous(parent)) {
          reject(user, "used inside '" + parent->getName().getStringRef() +
                           "', which is not a synchronous "
                           "RegionBranchOpInterface op, by");
          nestedInUnknownOp = true;
          break;
        }
      }
      if (nestedInUnknownOp)
        continue;

      if (auto effectOp = dyn_cast<MemoryEffectOpInterface>(user)) {
        SmallVector<MemoryEffects::EffectInstance> effects;
        effectOp.getEffects(effects);
        if (llvm::any_of(effects, [&](const MemoryEffects::EffectInstance &e) {
              return isa<MemoryEffects::Free>(e.getEffect()) &&
                     (!e.getValue() || e.getValue() == alias);
            })) {
          reject(user, "freed by");
          continue;
        }
        if (effects.empty()) {
          // Not an access; but a result that may alias the buffer has to be
          // known to the alias analysis.
          if (llvm::any_of(user->getResults(), [&](Value result) {
                return isa<BaseMemRefType>(result.getType()) &&
                       !aliasSet.contains(result);
              }))
            reject(user,
                   "an alias the alias analysis does not know is made by");
          continue;
        }
      } else if (user->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
        reject(user, "carried into the regions of");
        continue;
      } else {
        reject(user, "used by an op with unknown memory effects,");
        continue;
      }

      // An access: it lasts as long as the op of the allocation's block it
      // is nested in, so that a use in a loop covers the whole loop.
      auto [first, last] = ticks.lookup(anchor);
      firstTick = std::min(firstTick, first);
      lastTick = std::max(lastTick, last);
    }
  }
  if (reasonTick)
    return failure();
  if (firstTick > lastTick)
    firstTick = lastTick = ticks.lookup(alloc).first;
  return success();
}

MemoryTraceScopes TickCollector::collect(Operation *root) {
  assignTicks(root);
  MemoryTraceScopes result;
  llvm::MapVector<std::pair<Block *, Attribute>,
                  std::unique_ptr<TickLifetimeTrace>>
      traces;
  root->walk([&](AllocOp alloc) {
    std::string reason;
    FailureOr<uint64_t> size = getSize(alloc, reason);
    FailureOr<Block *> scope = failure();
    if (succeeded(size))
      scope = findScope(alloc, reason);
    int64_t firstTick, lastTick;
    if (failed(size) || failed(scope) ||
        failed(getLifetime(alloc, firstTick, lastTick, reason))) {
      result.skippedAllocs.push_back({alloc, reason});
      return;
    }
    Attribute memorySpace = alloc.getType().getMemorySpace();
    std::unique_ptr<TickLifetimeTrace> &trace =
        traces[std::make_pair(*scope, memorySpace)];
    if (!trace)
      trace = std::make_unique<TickLifetimeTrace>(*scope, memorySpace);
    trace->allocations.push_back({alloc, firstTick, lastTick, *size});
  });
  for (auto &entry : traces)
    result.scopeTraces.push_back(std::move(entry.second));
  return result;
}

FailureOr<MemoryTraceScopes>
mlir::memref::collectTickLifetimeTraces(Operation *root,
                                        const BufferViewFlowAnalysis &aliases,
                                        const MergeAllocationOptions &options) {
  return TickCollector(aliases, options).collect(root);
}

FailureOr<MemorySchedule>
mlir::memref::planTickLifetimeTrace(Operation *root, const LifetimeTrace &trace,
                                    const MergeAllocationOptions &options) {
  const auto *tickTrace = dyn_cast<TickLifetimeTrace>(&trace);
  if (!tickTrace)
    return root->emitError("merge-alloc: the tick-based planner needs the "
                           "traces of the tick-based collector");
  FailureOr<StaticMemoryPlan> plan = planStaticMemory(
      tickTrace->getEvents(), options.alignment, options.plannerMode);
  if (failed(plan))
    return root->emitError("merge-alloc: malformed lifetime trace");
  if (plan->totalSize >
      static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return root->emitError("merge-alloc: merged buffer too large");

  MemorySchedule schedule;
  schedule.totalSize = plan->totalSize;
  schedule.memorySpace = trace.getMemorySpace();
  schedule.plannerName = stringifyMemoryPlannerMode(plan->mode).str();
  for (auto [allocation, offset] :
       llvm::zip_equal(tickTrace->allocations, plan->offsets))
    schedule.allocToOffset[allocation.alloc] = offset;
  return schedule;
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

  OpBuilder builder = OpBuilder::atBlockBegin(scope);
  auto mergedType = MemRefType::get(
      {static_cast<int64_t>(schedule.totalSize)}, builder.getI8Type(),
      MemRefLayoutAttrInterface(), schedule.memorySpace);
  Location loc = allocs.front().getLoc();
  Value merged = AllocOp::create(builder, loc, mergedType,
                                 builder.getI64IntegerAttr(options.alignment));
  // One constant per offset, next to the merged allocation, which dominates
  // every view of it.
  DenseMap<int64_t, Value> offsets;
  for (AllocOp alloc : allocs) {
    int64_t offsetValue = schedule.allocToOffset.lookup(alloc);
    Value &offset = offsets[offsetValue];
    if (!offset)
      offset = arith::ConstantIndexOp::create(builder, loc, offsetValue);
  }
  for (AllocOp alloc : allocs) {
    builder.setInsertionPoint(alloc);
    Value offset = offsets.lookup(schedule.allocToOffset.lookup(alloc));
    Value view = ViewOp::create(builder, alloc.getLoc(), alloc.getType(),
                                merged, offset, ValueRange());
    alloc.getResult().replaceAllUsesWith(view);
    alloc.erase();
  }
  return success();
}
