//===- FreshBufferResultsToOutParams.cpp - Callers allocate fresh results -===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file turns the memref results of functions that are always a buffer
// the function allocates into arguments that each call allocates right
// before it, so that the callers plan those buffers with their own.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include <numeric>

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_FRESHBUFFERRESULTSTOOUTPARAMSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

namespace {
/// The results of one function that become arguments.
struct FreshResults {
  func::FuncOp func;
  /// The positions of the results, ascending, and the allocations that the
  /// function returns there.
  SmallVector<unsigned> positions;
  SmallVector<memref::AllocOp> allocs;
  /// Every call of the function.
  SmallVector<func::CallOp> calls;
};

/// Finds the functions whose fresh results may become arguments.
class FreshResultsFinder {
public:
  explicit FreshResultsFinder(ModuleOp module)
      : module(module), users(symbolTables, module), leftAlone(module),
        aliases(module), allocating(module) {}

  /// Returns the fresh results of `func` that may become arguments, if any.
  std::optional<FreshResults> find(func::FuncOp func);

private:
  /// Returns true if the pipeline manages the buffers of the function that
  /// holds `op` (or of `op`, a function): no op in it is freed by hand or
  /// asynchronous.
  bool isManaged(Operation *op);
  /// Returns the calls of `func` if every use of its symbol is a direct call
  /// from a managed function, with only synchronous region branch ops around
  /// it.
  std::optional<SmallVector<func::CallOp>> getCalls(func::FuncOp func);
  /// Returns true if no result of `ret` but the one at `position` may be the
  /// buffer of `alloc`.
  bool isReturnedOnlyAt(memref::AllocOp alloc, func::ReturnOp ret,
                        unsigned position);

  ModuleOp module;
  SymbolTableCollection symbolTables;
  SymbolUserMap users;
  FunctionsLeftAlone leftAlone;
  BufferLifetimeAnalysis aliases;
  /// Which ops may allocate heap memory, calls included.
  AllocatingOps allocating;
  DenseMap<Operation *, bool> managed;
};
} // namespace

bool FreshResultsFinder::isManaged(Operation *op) {
  auto function = isa<FunctionOpInterface>(op)
                      ? cast<FunctionOpInterface>(op)
                      : op->getParentOfType<FunctionOpInterface>();
  if (!function || leftAlone.contains(function))
    return false;
  auto [it, inserted] = managed.try_emplace(function, true);
  if (inserted)
    it->second = !freesBuffers(function);
  return it->second;
}

std::optional<SmallVector<func::CallOp>>
FreshResultsFinder::getCalls(func::FuncOp func) {
  SmallVector<func::CallOp> calls;
  for (Operation *user : users.getUsers(func)) {
    auto call = dyn_cast<func::CallOp>(user);
    if (!call || call.getCallee() != func.getSymName())
      return std::nullopt;
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(user);
    if (!uses || llvm::range_size(*uses) != 1 || !isManaged(call))
      return std::nullopt;
    auto caller = call->getParentOfType<FunctionOpInterface>();
    for (Operation *parent = call->getParentOp(); parent != caller;
         parent = parent->getParentOp())
      if (!isa<RegionBranchOpInterface>(parent) || isAsynchronous(parent))
        return std::nullopt;
    calls.push_back(call);
  }
  return calls;
}

bool FreshResultsFinder::isReturnedOnlyAt(memref::AllocOp alloc,
                                          func::ReturnOp ret,
                                          unsigned position) {
  BufferLifetimeAnalysis::ValueSetT mayAlias =
      aliases.getMayAliases(alloc.getResult());
  for (auto [index, operand] : llvm::enumerate(ret.getOperands()))
    if (index != position && isa<BaseMemRefType>(operand.getType()) &&
        mayAlias.contains(operand))
      return false;
  return true;
}

std::optional<FreshResults> FreshResultsFinder::find(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock() || func.isNested() ||
      !isManaged(func))
    return std::nullopt;
  Block &entry = func.getBody().front();
  auto ret = dyn_cast<func::ReturnOp>(entry.getTerminator());
  if (!ret)
    return std::nullopt;
  // The allocations returned as they are, at one position each.
  DenseMap<Operation *, unsigned> returned;
  for (auto [position, operand] : llvm::enumerate(ret.getOperands())) {
    auto alloc = operand.getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != &entry)
      continue;
    if (!returned.try_emplace(alloc, position).second)
      returned[alloc] = ret.getNumOperands();
  }
  if (returned.empty())
    return std::nullopt;

  FreshResults fresh;
  fresh.func = func;
  // A result allocated before anything that the function may allocate (and
  // free again) is held from the start of the call without holding it over
  // other memory of the function. The results it allocates earlier do not
  // count: the function frees none of them.
  for (Operation &op : entry) {
    auto alloc = dyn_cast<memref::AllocOp>(op);
    auto it = alloc ? returned.find(alloc) : returned.end();
    if (it == returned.end()) {
      if (allocating.mayAllocate(&op))
        break;
      continue;
    }
    unsigned position = it->second;
    MemRefType type = alloc.getType();
    if (position == ret.getNumOperands() || !alloc->getOperands().empty() ||
        !type.hasStaticShape() || !type.getLayout().isIdentity() ||
        type != func.getResultTypes()[position] ||
        !isReturnedOnlyAt(alloc, ret, position))
      break;
    fresh.positions.push_back(position);
    fresh.allocs.push_back(alloc);
  }
  if (fresh.positions.empty())
    return std::nullopt;
  std::optional<SmallVector<func::CallOp>> calls = getCalls(func);
  if (!calls || calls->empty())
    return std::nullopt;
  fresh.calls = std::move(*calls);
  // Ascending positions, with their allocations.
  SmallVector<unsigned> order(fresh.positions.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return fresh.positions[a] < fresh.positions[b];
  });
  FreshResults sorted = fresh;
  for (auto [index, from] : llvm::enumerate(order)) {
    sorted.positions[index] = fresh.positions[from];
    sorted.allocs[index] = fresh.allocs[from];
  }
  return sorted;
}

/// Makes the results `fresh.positions` of `fresh.func` new last arguments
/// and lets every call allocate them.
static LogicalResult convert(RewriterBase &rewriter, FreshResults &fresh,
                             SymbolTable &symbolTable) {
  func::FuncOp func = fresh.func;
  // A public function keeps its signature: a private function takes its
  // body, and it calls that one like the module's calls.
  if (func.isPublic()) {
    auto [impl, call] = splitOffPrivateBody(func, symbolTable);
    func = impl;
    fresh.calls.push_back(call);
  }

  // What the callers allocate, taken before the allocations go.
  SmallVector<std::pair<MemRefType, IntegerAttr>> buffers;
  for (memref::AllocOp alloc : fresh.allocs)
    buffers.emplace_back(alloc.getType(), alloc.getAlignmentAttr());

  Block &entry = func.getBody().front();
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  llvm::BitVector converted(func.getNumResults());
  for (auto [position, alloc] :
       llvm::zip_equal(fresh.positions, fresh.allocs)) {
    if (failed(func.insertArgument(func.getNumArguments(), alloc.getType(),
                                   DictionaryAttr(), alloc.getLoc())))
      return func.emitOpError("cannot add an argument for result ") << position;
    rewriter.replaceOp(alloc, entry.getArguments().back());
    converted.set(position);
  }
  rewriter.modifyOpInPlace(ret, [&] { ret->eraseOperands(converted); });
  if (failed(func.eraseResults(converted)))
    return func.emitOpError("cannot remove the results that became arguments");

  for (func::CallOp call : fresh.calls) {
    rewriter.setInsertionPoint(call);
    SmallVector<Value> operands(call.getOperands());
    DenseMap<unsigned, Value> allocated;
    for (auto [position, buffer] : llvm::zip_equal(fresh.positions, buffers)) {
      auto [type, alignment] = buffer;
      Value value =
          memref::AllocOp::create(rewriter, call.getLoc(), type, alignment);
      operands.push_back(value);
      allocated[position] = value;
    }
    auto newCall =
        func::CallOp::create(rewriter, call.getLoc(), func, operands);
    newCall->setDiscardableAttrs(call->getDiscardableAttrDictionary());
    newCall.setNoInline(call.getNoInline());
    SmallVector<Value> replacements;
    unsigned next = 0;
    for (unsigned index = 0; index < call.getNumResults(); ++index) {
      Value buffer = allocated.lookup(index);
      replacements.push_back(buffer ? buffer : newCall.getResult(next++));
    }
    rewriter.replaceOp(call, replacements);
  }
  return success();
}

namespace {
struct FreshBufferResultsToOutParamsPass
    : public bufferization::impl::FreshBufferResultsToOutParamsPassBase<
          FreshBufferResultsToOutParamsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Find first, then rewrite: the finder's analyses see the input.
    SmallVector<FreshResults> conversions;
    {
      FreshResultsFinder finder(module);
      for (auto func : module.getOps<func::FuncOp>())
        if (std::optional<FreshResults> fresh = finder.find(func))
          conversions.push_back(std::move(*fresh));
    }
    if (conversions.empty())
      return markAllAnalysesPreserved();

    // Each call names one function, so no rewrite replaces a call that
    // another one holds.
    IRRewriter rewriter(&getContext());
    SymbolTable symbolTable(module);
    for (FreshResults &fresh : conversions) {
      std::string name = fresh.func.getSymName().str();
      unsigned numResults = fresh.positions.size();
      if (failed(convert(rewriter, fresh, symbolTable)))
        return signalPassFailure();
      numResultsConverted += numResults;
      remark::passed(fresh.func.getLoc(),
                     remark::RemarkOpts::name("ResultsToOutParams")
                         .category("fresh-buffer-results-to-out-params"))
          << ("@" + name + ": " + Twine(numResults) +
              " fresh result(s) allocated by the caller" +
              (fresh.func.isPublic()
                   ? ", through a private function with its body"
                   : ""))
                 .str();
    }
  }
};
} // namespace
