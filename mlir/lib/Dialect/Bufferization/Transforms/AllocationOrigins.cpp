//===- AllocationOrigins.cpp - Origins of buffers, computed once ----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "AllocationOrigins.h"

#include "mlir/Dialect/Bufferization/Transforms/CallAwareBufferOriginAnalysis.h"

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::bufferization;

/// Returns the memref that `value` is a view of through a chain of
/// `ViewLikeOpInterface` ops, or `value` itself.
static Value skipViews(Value value) {
  if (auto memref = dyn_cast<TypedValue<BaseMemRefType>>(value))
    return memref::skipViewLikeOps(memref);
  return value;
}

static bool hasAllocateEffect(Value value) {
  Operation *op = value.getDefiningOp();
  return op && hasEffect<MemoryEffects::Allocate>(op, value);
}

bool AllocationOrigins::isFreshBuffer(Value value, bool noAliasCallsAreFresh) {
  if (hasAllocateEffect(value))
    return true;
  auto result = dyn_cast<OpResult>(value);
  return noAliasCallsAreFresh && result &&
         isa<CallOpInterface>(result.getOwner()) &&
         result.getOwner()->hasAttr(func::kNoAliasResultsAttrName);
}

bool AllocationOrigins::isFresh(Value value) const {
  return isFreshBuffer(value, noAliasCallsAreFresh);
}

AllocationOrigins::AllocationOrigins(Operation *root, bool noAliasCallsAreFresh,
                                     unsigned maxWalk, bool trackConfinement)
    : flow(root), noAliasCallsAreFresh(noAliasCallsAreFresh), maxWalk(maxWalk),
      trackConfinement(trackConfinement) {
  for (const auto &[source, targets] : flow) {
    for (Value target : targets) {
      sources[target].push_back(source);
      dependents[source].push_back(target);
    }
  }
  // Each result of `memref.distinct_objects` is its operand of the same
  // position, which the view-flow analysis takes for a terminal buffer of
  // unknown kind.
  root->walk([&](memref::DistinctObjectsOp op) {
    for (auto [operand, result] :
         llvm::zip_equal(op->getOperands(), op->getResults())) {
      sources[result].push_back(operand);
      dependents[operand].push_back(result);
    }
  });
}

/// Returns true if `value` is the same buffer as a value it is linked to, and
/// so never a terminal buffer of its own.
static bool isPassedOn(Value value) {
  return value.getDefiningOp<memref::DistinctObjectsOp>() != nullptr;
}

void AllocationOrigins::notifyReplaced(Value from, Value to) {
  // The origins that may have gone through `from`: those of the values
  // derived from it, and those derived from `to` if `to` takes over values
  // that `from` is derived from.
  SmallVector<Value> stale = {from};
  if (sources.count(from))
    stale.push_back(to);
  llvm::SmallPtrSet<Value, 16> visited;
  while (!stale.empty()) {
    Value value = stale.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    indexOf.erase(value);
    auto it = dependents.find(value);
    if (it != dependents.end())
      llvm::append_range(stale, it->second);
  }

  moveLinks(dependents, sources, from, to);
  moveLinks(sources, dependents, from, to);
}

const Origin &AllocationOrigins::get(Value value) {
  auto it = indexOf.find(value);
  if (it != indexOf.end())
    return origins[it->second];
  Value base = skipViews(value);
  // Views of the same base share its origin but for the view root.
  Origin origin;
  if (base == value) {
    origin = compute(base);
  } else {
    origin = get(base);
    setViewRoot(origin, value);
  }
  indexOf[value] = origins.size();
  origins.push_back(std::move(origin));
  return origins.back();
}

std::optional<bool> AllocationOrigins::isSameAllocation(const Origin &a,
                                                        const Origin &b) {
  if (a.sameAllocationKey == b.sameAllocationKey)
    return true;
  if (!disjointTerminals(a, b))
    return std::nullopt;
  if (distinctByKind(a, b))
    return false;
  return std::nullopt;
}

bool AllocationOrigins::allocInsideArgBlock(const Origin &a, const Origin &b) {
  auto inside = [](const Origin &alloc, const Origin &arg) {
    return alloc.allocOp && arg.argBlock &&
           arg.argBlock->findAncestorOpInBlock(*alloc.allocOp);
  };
  return inside(a, b) || inside(b, a);
}

bool AllocationOrigins::disjointTerminals(const Origin &a, const Origin &b) {
  if (a.unknown || b.unknown)
    return false;
  auto i = a.terminals.begin(), ie = a.terminals.end();
  auto j = b.terminals.begin(), je = b.terminals.end();
  while (i != ie && j != je) {
    if (*i == *j)
      return false;
    if (i->getAsOpaquePointer() < j->getAsOpaquePointer())
      ++i;
    else
      ++j;
  }
  return true;
}

Origin AllocationOrigins::compute(Value base) {
  Origin origin;
  origin.base = base;
  origin.sameAllocationKey = {base, 0};
  setViewRoot(origin, base);

  // The values `base` may be a view or an alias of, as
  // `BufferViewFlowAnalysis::resolveReverse` finds them, up to `maxWalk`.
  llvm::SmallPtrSet<Value, 16> visited;
  SmallVector<Value> worklist = {base};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    if (visited.size() > maxWalk) {
      origin.terminals.clear();
      origin.unknown = true;
      origin.allFresh = origin.allFreshOrArgs = false;
      return origin;
    }
    auto it = sources.find(value);
    if (it != sources.end())
      llvm::append_range(worklist, it->second);
    if (!isa<BaseMemRefType>(value.getType()) || isPassedOn(value) ||
        !flow.mayBeTerminalBuffer(value))
      continue;
    origin.terminals.push_back(value);
    bool fresh = isFresh(value);
    origin.allFresh &= fresh;
    origin.allFreshOrArgs &= fresh || isFunctionEntryArgument(value);
  }
  llvm::sort(origin.terminals, [](Value a, Value b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  });
  // The analysis finds at least one terminal for a value it knows; a value
  // created after it was built is its own, unknown terminal.
  if (origin.terminals.empty()) {
    origin.terminals.push_back(base);
    origin.allFresh = origin.allFreshOrArgs = false;
  }
  origin.allConfined =
      trackConfinement && origin.allFresh &&
      llvm::all_of(origin.terminals, [&](Value t) { return isConfined(t); });
  if (origin.terminals.size() == 1)
    origin.sameAllocationKey = {origin.terminals.front(), 1};
  return origin;
}

bool AllocationOrigins::keepsConfined(OpOperand &use) const {
  Operation *user = use.getOwner();
  Value value = use.get();
  // A callee may keep the buffer and return it from a later call.
  if (isa<CallOpInterface>(user))
    return false;
  if (isa<memref::DeallocOp, DeallocOp, memref::DimOp>(user))
    return true;
  // Branches and region ops forward the buffer to values that the view flow
  // links to it; the function's return hands it to the caller only.
  if (isa<RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
          BranchOpInterface>(user))
    return true;
  if (user->hasTrait<OpTrait::ReturnLike>() &&
      isa_and_nonnull<FunctionOpInterface>(user->getParentOp()))
    return true;
  // Every buffer result is linked to the buffer or a new allocation, and
  // the other results are scalars (the sizes and strides of the metadata).
  auto linked = dependents.find(value);
  for (Value result : user->getResults()) {
    if (!isa<BaseMemRefType>(result.getType()))
      continue;
    bool isLinked = linked != dependents.end() &&
                    llvm::is_contained(linked->second, result);
    if (!isLinked && !hasAllocateEffect(result))
      return false;
  }
  if (isa<ViewLikeOpInterface>(user) &&
      llvm::all_of(user->getResults(), [](Value result) {
        return isa<BaseMemRefType, IndexType>(result.getType());
      }))
    return true;
  if (!llvm::all_of(user->getResultTypes(), isDataOrBuffer))
    return false;
  // Otherwise the op must read or write the buffer and do nothing else with
  // it: an op without effects on it (`memref.store` of its descriptor,
  // `memref.extract_aligned_pointer_as_index`) may let it out.
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return false;
  return onlyReadsOrWrites(effects, value).value_or(false);
}

bool AllocationOrigins::isConfined(Value allocation) {
  auto it = confined.find(allocation);
  if (it != confined.end())
    return it->second;
  // A call may keep what it allocates.
  bool result = hasAllocateEffect(allocation) &&
                !isa<CallOpInterface>(allocation.getDefiningOp());
  llvm::SmallPtrSet<Value, 16> visited;
  SmallVector<Value> worklist = {allocation};
  while (result && !worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    if (visited.size() > maxWalk) {
      result = false;
      break;
    }
    result = llvm::all_of(value.getUses(),
                          [&](OpOperand &use) { return keepsConfined(use); });
    auto derived = dependents.find(value);
    if (derived != dependents.end())
      llvm::append_range(worklist, derived->second);
  }
  confined[allocation] = result;
  return result;
}

void AllocationOrigins::setViewRoot(Origin &origin, Value value) const {
  value = skipViews(value);
  origin.viewRoot = value;
  origin.allocOp = isFresh(value) ? value.getDefiningOp() : nullptr;
  auto arg = dyn_cast<BlockArgument>(value);
  origin.argBlock = arg ? arg.getOwner() : nullptr;
}

//===----------------------------------------------------------------------===//
// OriginIndex
//===----------------------------------------------------------------------===//

OriginIndex::OriginIndex(AllocationOrigins &origins, ValueRange values) {
  entries.reserve(values.size());
  for (Value value : values)
    entries.push_back(&origins.get(value));
  for (auto [pos, entry] : llvm::enumerate(entries)) {
    if (entry->unknown)
      unknownEntries.push_back(pos);
    if (!entry->allFresh)
      notAllFreshEntries.push_back(pos);
    if (!entry->allFreshOrArgs)
      notAllFreshOrArgsEntries.push_back(pos);
    if (!entry->allConfined)
      notAllConfinedEntries.push_back(pos);
    for (Value terminal : entry->terminals)
      byTerminal[terminal].push_back(pos);
    byKey[entry->sameAllocationKey].push_back(pos);
  }
}

ArrayRef<unsigned> OriginIndex::sameAllocation(const Origin &origin) const {
  auto it = byKey.find(origin.sameAllocationKey);
  if (it == byKey.end())
    return {};
  return it->second;
}

void OriginIndex::collectCandidates(const Origin &origin, unsigned limit,
                                    SmallVectorImpl<unsigned> &result) const {
  size_t begin = result.size();
  auto addBelowLimit = [&](ArrayRef<unsigned> positions) {
    for (unsigned pos : positions) {
      if (pos >= limit)
        break;
      result.push_back(pos);
    }
  };
  // Entries with disjoint terminal buffers differ exactly when their kinds
  // say so; all others may share an allocation with `origin`.
  if (origin.unknown) {
    for (unsigned pos : llvm::seq<unsigned>(std::min<size_t>(limit, size())))
      result.push_back(pos);
    return;
  }
  if (origin.allConfined)
    addBelowLimit(unknown());
  else if (origin.allFresh)
    addBelowLimit(notAllFreshOrArgs());
  else if (origin.allFreshOrArgs)
    addBelowLimit(notAllFresh());
  else
    addBelowLimit(notAllConfined());
  addBelowLimit(sameAllocation(origin));
  for (Value terminal : origin.terminals) {
    auto it = byTerminal.find(terminal);
    if (it != byTerminal.end())
      addBelowLimit(it->second);
  }
  auto added = MutableArrayRef<unsigned>(result).drop_front(begin);
  llvm::sort(added);
  result.erase(std::unique(result.begin() + begin, result.end()), result.end());
}

//===----------------------------------------------------------------------===//
// CallAwareBufferOriginAnalysis
//===----------------------------------------------------------------------===//

CallAwareBufferOriginAnalysis::CallAwareBufferOriginAnalysis(Operation *root)
    : origins(std::make_unique<AllocationOrigins>(
          root, /*noAliasCallsAreFresh=*/true)) {}

CallAwareBufferOriginAnalysis::~CallAwareBufferOriginAnalysis() = default;

std::optional<bool> CallAwareBufferOriginAnalysis::isSameAllocation(Value v1,
                                                                    Value v2) {
  const Origin &origin1 = origins->get(v1);
  return AllocationOrigins::isSameAllocation(origin1, origins->get(v2));
}
