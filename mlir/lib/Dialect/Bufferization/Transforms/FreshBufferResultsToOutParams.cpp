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
#include "mlir/Dialect/SCF/IR/SCF.h"
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
/// How one result of a function becomes an argument.
struct ResultConversion {
  unsigned position;
  /// The buffers that the function allocates and returns there, at most one
  /// per path: `memref.alloc`s, which the new argument replaces, and
  /// `bufferization.clone`s, which become copies into it.
  SmallVector<Operation *, 2> buffers;
  /// The operands of `scf.yield`s that yield an argument of the function as
  /// the result. The argument is copied into the new argument there, as the
  /// deallocation would clone it for the caller.
  SmallVector<OpOperand *, 2> copies;
  /// The results of `scf.if` and `scf.index_switch` ops that carry the
  /// result to the return.
  SmallVector<Value, 2> carriers;
};

/// The results of one function that become arguments.
struct FreshResults {
  func::FuncOp func;
  /// The results, by ascending position.
  SmallVector<ResultConversion> results;
  /// Every call of the function.
  SmallVector<func::CallOp> calls;
};

/// Finds the functions whose fresh results may become arguments.
class FreshResultsFinder {
public:
  /// `copyPrivateArguments` tells whether the deallocation clones an
  /// argument that a private function returns (the default ABI): only then
  /// does copying it into the new argument keep what callers see.
  FreshResultsFinder(ModuleOp module, bool copyPrivateArguments)
      : module(module), users(symbolTables, module), leftAlone(module),
        aliases(module), allocating(module),
        copyPrivateArguments(copyPrivateArguments) {}

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
  /// Returns true if no result of `ret` but the one at `position` may be
  /// `buffer`.
  bool isReturnedOnlyAt(Value buffer, func::ReturnOp ret, unsigned position);
  /// Returns how the result of `func` at `position` may become an argument:
  /// the value that `ret` returns there is, through the regions of `scf.if`
  /// and `scf.index_switch` ops, on every path either a static allocation
  /// or clone that the path makes right before it yields it, or an argument
  /// of the function that nothing writes to after the path has chosen it.
  std::optional<ResultConversion> trace(func::FuncOp func, func::ReturnOp ret,
                                        unsigned position);
  /// Returns true if no op after `carriers` writes to memory that may be a
  /// buffer of `values`.
  bool isUnwrittenAfter(ArrayRef<Value> carriers, ArrayRef<Value> values);
  /// Returns true if nothing in `anchor`, an op of the entry block, may
  /// allocate heap memory but the allocations of `conversions`.
  bool allocatesOnly(Operation *anchor, ArrayRef<ResultConversion> conversions);

  ModuleOp module;
  SymbolTableCollection symbolTables;
  SymbolUserMap users;
  FunctionsLeftAlone leftAlone;
  BufferLifetimeAnalysis aliases;
  /// Which ops may allocate heap memory, calls included.
  AllocatingOps allocating;
  DenseMap<Operation *, bool> managed;
  bool copyPrivateArguments;
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

bool FreshResultsFinder::isReturnedOnlyAt(Value buffer, func::ReturnOp ret,
                                          unsigned position) {
  BufferLifetimeAnalysis::ValueSetT mayAlias = aliases.getMayAliases(buffer);
  for (auto [index, operand] : llvm::enumerate(ret.getOperands()))
    if (index != position && isa<BaseMemRefType>(operand.getType()) &&
        mayAlias.contains(operand))
      return false;
  return true;
}

std::optional<ResultConversion> FreshResultsFinder::trace(func::FuncOp func,
                                                          func::ReturnOp ret,
                                                          unsigned position) {
  ResultConversion conversion;
  conversion.position = position;
  Block &entry = func.getBody().front();
  SmallVector<Value> arguments;
  DenseSet<Value> visited;
  SmallVector<OpOperand *> worklist = {&ret->getOpOperand(position)};
  while (!worklist.empty()) {
    OpOperand *use = worklist.pop_back_val();
    Value value = use->get();
    Operation *def = value.getDefiningOp();
    if (isa_and_nonnull<scf::IfOp, scf::IndexSwitchOp>(def)) {
      if (!visited.insert(value).second)
        continue;
      conversion.carriers.push_back(value);
      unsigned index = cast<OpResult>(value).getResultNumber();
      for (Region &region : def->getRegions())
        worklist.push_back(
            &region.front().getTerminator()->getOpOperand(index));
      continue;
    }
    // A buffer of the path that yields it: in the block of the yield, so
    // that no other path holds it (each terminator yields one buffer, and
    // the regions the walk reaches are alternatives).
    if (isa_and_nonnull<memref::AllocOp, bufferization::CloneOp>(def)) {
      if (def->getBlock() != use->getOwner()->getBlock())
        return std::nullopt;
      conversion.buffers.push_back(def);
      continue;
    }
    auto argument = dyn_cast<BlockArgument>(value);
    if (!argument || argument.getOwner() != &entry || use->getOwner() == ret ||
        (func.isPrivate() && !copyPrivateArguments))
      return std::nullopt;
    conversion.copies.push_back(use);
    arguments.push_back(argument);
  }

  // Each buffer runs at most once per call (only regions of `scf.if` and
  // `scf.index_switch` hold it), and no path holds two of them or one and
  // an argument that it copies: they all become the new argument.
  auto type = dyn_cast<MemRefType>(func.getResultTypes()[position]);
  if (conversion.buffers.empty() || !type || !type.hasStaticShape() ||
      !type.getLayout().isIdentity())
    return std::nullopt;
  for (Operation *buffer : conversion.buffers)
    if ((isa<memref::AllocOp>(buffer) && buffer->getNumOperands() != 0) ||
        buffer->getResult(0).getType() != type ||
        !isReturnedOnlyAt(buffer->getResult(0), ret, position))
      return std::nullopt;
  // The caller's buffer that the function returned is a copy now, so the
  // function must not write to the argument after the copy.
  if (!arguments.empty() && !isUnwrittenAfter(conversion.carriers, arguments))
    return std::nullopt;
  return conversion;
}

bool FreshResultsFinder::isUnwrittenAfter(ArrayRef<Value> carriers,
                                          ArrayRef<Value> values) {
  DenseSet<Value> mayAlias;
  for (Value value : values)
    for (Value alias : aliases.getMayAliases(value))
      mayAlias.insert(alias);
  for (Value carrier : carriers) {
    Operation *def = carrier.getDefiningOp();
    for (Operation &op : llvm::make_range(std::next(Block::iterator(def)),
                                          def->getBlock()->end())) {
      std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
          getEffectsRecursively(&op);
      if (!effects)
        return false;
      for (const MemoryEffects::EffectInstance &effect : *effects) {
        if (!isa<MemoryEffects::Write>(effect.getEffect()))
          continue;
        Value written = effect.getValue();
        if (!written || mayAlias.contains(written))
          return false;
      }
    }
  }
  return true;
}

bool FreshResultsFinder::allocatesOnly(Operation *anchor,
                                       ArrayRef<ResultConversion> conversions) {
  SmallPtrSet<Operation *, 4> converted;
  for (const ResultConversion &conversion : conversions)
    converted.insert(conversion.buffers.begin(), conversion.buffers.end());
  WalkResult result = anchor->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (converted.contains(op))
      return WalkResult::advance();
    // The ops of `scf` do not allocate themselves; their regions are looked
    // into.
    if (op->getNumRegions() != 0 &&
        isa_and_nonnull<scf::SCFDialect>(op->getDialect()))
      return WalkResult::advance();
    return allocating.mayAllocate(op) ? WalkResult::interrupt()
                                      : WalkResult::skip();
  });
  return !result.wasInterrupted();
}

std::optional<FreshResults> FreshResultsFinder::find(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock() || func.isNested() ||
      !isManaged(func))
    return std::nullopt;
  Block &entry = func.getBody().front();
  auto ret = dyn_cast<func::ReturnOp>(entry.getTerminator());
  if (!ret)
    return std::nullopt;
  // The results that may become arguments, by the op of the entry block
  // that makes them (an allocation, a clone, or the `scf.if` or
  // `scf.index_switch` whose regions do).
  DenseMap<Operation *, SmallVector<ResultConversion>> byAnchor;
  for (auto [position, operand] : llvm::enumerate(ret.getOperands()))
    if (isa<MemRefType>(operand.getType()))
      if (std::optional<ResultConversion> conversion =
              trace(func, ret, position))
        byAnchor[operand.getDefiningOp()].push_back(std::move(*conversion));
  if (byAnchor.empty())
    return std::nullopt;

  FreshResults fresh;
  fresh.func = func;
  // A result allocated before anything that the function may allocate (and
  // free again) is held from the start of the call without holding it over
  // other memory of the function. The results it allocates earlier do not
  // count: the function frees none of them. A result that may be an
  // argument is held where the deallocation would have cloned the argument,
  // so nothing before that may allocate either.
  for (Operation &op : entry) {
    auto it = byAnchor.find(&op);
    if (it == byAnchor.end()) {
      if (allocating.mayAllocate(&op))
        break;
      continue;
    }
    if (!allocatesOnly(&op, it->second))
      break;
    llvm::append_range(fresh.results, it->second);
  }
  if (fresh.results.empty())
    return std::nullopt;
  std::optional<SmallVector<func::CallOp>> calls = getCalls(func);
  if (!calls || calls->empty())
    return std::nullopt;
  fresh.calls = std::move(*calls);
  llvm::sort(fresh.results,
             [](const ResultConversion &a, const ResultConversion &b) {
               return a.position < b.position;
             });
  return fresh;
}

/// Makes the results of `fresh.func` that `fresh.results` names new last
/// arguments, and lets every call allocate them.
static LogicalResult convert(RewriterBase &rewriter, FreshResults &fresh,
                             SymbolTable &symbolTable) {
  func::FuncOp func = fresh.func;
  // A public function keeps its signature: a private function takes its
  // body, and it calls that one like the module's calls.
  if (func.isPublic()) {
    auto [impl, call] = splitOffPrivateBody(rewriter, func, symbolTable);
    func = impl;
    fresh.calls.push_back(call);
  }

  // What the callers allocate, taken before the allocations go: the
  // result's type, with the largest alignment that an allocation asks for.
  SmallVector<std::pair<MemRefType, IntegerAttr>> buffers;
  for (ResultConversion &result : fresh.results) {
    IntegerAttr alignment;
    for (Operation *buffer : result.buffers)
      if (auto alloc = dyn_cast<memref::AllocOp>(buffer))
        if (IntegerAttr attr = alloc.getAlignmentAttr();
            attr && (!alignment || attr.getInt() > alignment.getInt()))
          alignment = attr;
    buffers.emplace_back(
        cast<MemRefType>(func.getResultTypes()[result.position]), alignment);
  }

  Block &entry = func.getBody().front();
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  llvm::BitVector converted(func.getNumResults());
  for (auto [result, buffer] : llvm::zip_equal(fresh.results, buffers)) {
    Location loc = result.buffers.front()->getLoc();
    LogicalResult inserted = failure();
    rewriter.modifyOpInPlace(func, [&] {
      inserted = func.insertArgument(func.getNumArguments(), buffer.first,
                                     DictionaryAttr(), loc);
    });
    if (failed(inserted))
      return func.emitOpError("cannot add an argument for result ")
             << result.position;
    Value out = entry.getArguments().back();
    for (OpOperand *copy : result.copies) {
      Operation *yield = copy->getOwner();
      rewriter.setInsertionPoint(yield);
      memref::CopyOp::create(rewriter, yield->getLoc(), copy->get(), out);
      rewriter.modifyOpInPlace(yield, [&] { copy->set(out); });
    }
    for (Value carrier : result.carriers)
      rewriter.replaceAllUsesWith(carrier, out);
    // A clone is an allocation and a copy: the copy goes into the argument.
    for (Operation *op : result.buffers) {
      if (auto clone = dyn_cast<bufferization::CloneOp>(op)) {
        rewriter.setInsertionPoint(clone);
        memref::CopyOp::create(rewriter, clone.getLoc(), clone.getInput(), out);
      }
      rewriter.replaceOp(op, out);
    }
    converted.set(result.position);
  }
  rewriter.modifyOpInPlace(ret, [&] { ret->eraseOperands(converted); });
  if (failed(func.eraseResults(converted)))
    return func.emitOpError("cannot remove the results that became arguments");

  for (func::CallOp call : fresh.calls) {
    rewriter.setInsertionPoint(call);
    SmallVector<Value> operands(call.getOperands());
    DenseMap<unsigned, Value> allocated;
    for (auto [result, buffer] : llvm::zip_equal(fresh.results, buffers)) {
      auto [type, alignment] = buffer;
      Value value =
          memref::AllocOp::create(rewriter, call.getLoc(), type, alignment);
      operands.push_back(value);
      allocated[result.position] = value;
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
      FreshResultsFinder finder(module, !privateFunctionDynamicOwnership);
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
      unsigned numResults = fresh.results.size();
      unsigned numCopies = 0;
      for (const ResultConversion &result : fresh.results)
        numCopies += result.copies.size();
      if (failed(convert(rewriter, fresh, symbolTable)))
        return signalPassFailure();
      numResultsConverted += numResults;
      numArgumentsCopied += numCopies;
      remark::passed(fresh.func.getLoc(),
                     remark::RemarkOpts::name("ResultsToOutParams")
                         .category("fresh-buffer-results-to-out-params"))
          << ("@" + name + ": " + Twine(numResults) +
              " fresh result(s) allocated by the caller" +
              (numCopies ? ", " + Twine(numCopies) +
                               " returned argument(s) copied into them"
                         : Twine()) +
              (fresh.func.isPublic()
                   ? ", through a private function with its body"
                   : ""))
                 .str();
    }
  }
};
} // namespace
