//===- ManualDeallocation.cpp - Buffers freed in the input ----------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the deallocation of IR that already frees some
// buffers: IR that went through the deallocation pipeline before, or that
// mixes hand-written `memref.dealloc` ops with buffers left to the pipeline.
// Upstream's ownership-based deallocation rejects such IR unless the
// allocations and frees managed by hand carry
// `bufferization.manual_deallocation`; `mark-manual-deallocations` finds and
// marks them, and `manual-aware-ownership-based-deallocation` runs the
// deallocation on every function except those that are managed by hand as a
// whole.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_MARKMANUALDEALLOCATIONSPASS
#define GEN_PASS_DEF_MANUALAWAREOWNERSHIPBASEDDEALLOCATIONPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

/// Returns true if `value` is a heap buffer that its defining op allocates,
/// as opposed to a call result or a stack buffer.
static bool isHeapAllocation(Value value) {
  auto effectOp = value.getDefiningOp<MemoryEffectOpInterface>();
  if (!effectOp)
    return false;
  std::optional<MemoryEffects::EffectInstance> allocation =
      effectOp.getEffectOnValue<MemoryEffects::Allocate>(value);
  return allocation && !isa<SideEffects::AutomaticAllocationScopeResource>(
                           allocation->getResource());
}

namespace {
/// What a function does with the buffers that flow to `memref.dealloc` ops
/// and to its returns.
class FunctionFrees {
public:
  explicit FunctionFrees(func::FuncOp func) : func(func), flow(func) {
    func.walk([&](memref::DeallocOp dealloc) { deallocs.push_back(dealloc); });
    for (Block &block : func.getBody())
      if (auto returnOp = dyn_cast<func::ReturnOp>(block.getTerminator()))
        for (Value operand : returnOp.getOperands())
          returned.insert(operand);
  }

  ArrayRef<memref::DeallocOp> getDeallocs() const { return deallocs; }

  /// Returns the allocations that `dealloc` may free, if they are all heap
  /// allocations in the function none of whose aliases is returned, and
  /// nullopt otherwise.
  std::optional<SmallVector<Value>>
  getOwnAllocations(memref::DeallocOp dealloc) {
    SmallVector<Value> origins;
    for (Value origin :
         flow.resolveReverse(getFreedMemRef(dealloc.getMemref()))) {
      if (!isa<BaseMemRefType>(origin.getType()) ||
          !flow.mayBeTerminalBuffer(origin))
        continue;
      if (!isHeapAllocation(origin) || escapes(origin))
        return std::nullopt;
      origins.push_back(origin);
    }
    if (origins.empty())
      return std::nullopt;
    return origins;
  }

  /// Returns the op that creates the first buffer (an allocation or a call
  /// result) of the function none of whose aliases is freed or returned, if
  /// any.
  Operation *findUnfreedBuffer() {
    llvm::SmallPtrSet<Value, 16> freed;
    for (memref::DeallocOp dealloc : deallocs)
      freed.insert(getFreedMemRef(dealloc.getMemref()));
    Operation *unfreed = nullptr;
    func.walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        if (!isa<BaseMemRefType>(result.getType()) ||
            (!isHeapAllocation(result) && !isa<CallOpInterface>(op)))
          continue;
        if (llvm::none_of(flow.resolve(result), [&](Value alias) {
              return freed.contains(alias) || returned.contains(alias);
            })) {
          unfreed = op;
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    return unfreed;
  }

private:
  /// Returns true if an alias of `buffer` is returned.
  bool escapes(Value buffer) {
    return llvm::any_of(flow.resolve(buffer),
                        [&](Value alias) { return returned.contains(alias); });
  }

  func::FuncOp func;
  BufferViewFlowAnalysis flow;
  SmallVector<memref::DeallocOp> deallocs;
  llvm::SmallPtrSet<Value, 8> returned;
};
} // namespace

LogicalResult mlir::bufferization::markManualDeallocations(
    Operation *module, bool privateFunctionDynamicOwnership) {
  MLIRContext *ctx = module->getContext();
  StringAttr manual =
      StringAttr::get(ctx, BufferizationDialect::kManualDeallocation);
  UnitAttr unit = UnitAttr::get(ctx);
  IRRewriter rewriter(ctx);
  auto mark = [&](Operation *op, StringRef name) {
    rewriter.modifyOpInPlace(op, [&] { op->setAttr(name, unit); });
  };
  bool failed = false;
  module->walk([&](func::FuncOp func) {
    if (func.isExternal() || func->hasAttr(kManualFunctionAttrName))
      return;
    FunctionFrees frees(func);
    if (frees.getDeallocs().empty())
      return;

    // The pipeline expands `memref.realloc` without freeing its operand,
    // leaving that to the deallocation, which cannot tell whether the
    // operand is managed by hand.
    WalkResult realloc = func.walk([&](memref::ReallocOp op) {
      op.emitOpError()
          << "in a function that frees buffers by hand: the deallocation "
             "cannot tell whether its operand is managed by hand; expand it "
             "first with expand-realloc, which frees the operand";
      return WalkResult::interrupt();
    });
    if (realloc.wasInterrupted()) {
      failed = true;
      return;
    }

    // Each buffer freed in the input is managed by hand if it comes from
    // allocations in the function that are not returned. Not so where a
    // buffer crosses from an `async.execute` to an `async.await`: the
    // deallocation would take a buffer yielded there for one it does not
    // own, and clone it again; such a function is managed as a whole.
    bool yieldsBuffers =
        func.walk([](async::YieldOp yield) {
              return llvm::any_of(yield.getOperandTypes(),
                                  llvm::IsaPred<BaseMemRefType>)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
    SmallVector<SmallVector<Value>> allocations;
    for (memref::DeallocOp dealloc : frees.getDeallocs()) {
      std::optional<SmallVector<Value>> own;
      if (!yieldsBuffers)
        own = frees.getOwnAllocations(dealloc);
      if (!own) {
        allocations.clear();
        break;
      }
      allocations.push_back(std::move(*own));
    }
    if (!allocations.empty()) {
      for (auto [dealloc, own] : llvm::zip(frees.getDeallocs(), allocations)) {
        mark(dealloc, manual);
        for (Value allocation : own)
          mark(allocation.getDefiningOp(), manual);
      }
      return;
    }

    // Otherwise the function as a whole is: it frees a buffer it received
    // (from a call or an argument) or one that it also returns. That is only
    // sound if it frees or returns every buffer it allocates.
    if (Operation *unfreed = frees.findUnfreedBuffer()) {
      unfreed->emitOpError()
          << "creates a buffer that is never freed, in a function that frees "
             "buffers by hand which do not all come from its own allocations "
             "or which it also returns, so that the deallocation leaves the "
             "whole function alone; free this buffer by hand as well";
      failed = true;
      return;
    }
    if (privateFunctionDynamicOwnership && func.isPrivate()) {
      func.emitOpError()
          << "frees buffers by hand which do not all come from its own "
             "allocations or which it also returns, so that the deallocation "
             "would leave it alone, which private-function-dynamic-ownership "
             "does not support for private functions; make the function "
             "public or set private-function-dynamic-ownership=false";
      failed = true;
      return;
    }
    mark(func, kManualFunctionAttrName);
  });
  return failure(failed);
}

namespace {
/// Marks the buffers and functions that the input frees by hand.
struct MarkManualDeallocationsPass
    : public bufferization::impl::MarkManualDeallocationsPassBase<
          MarkManualDeallocationsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(markManualDeallocations(getOperation(),
                                       privateFunctionDynamicOwnership)))
      signalPassFailure();
  }
};

/// Runs the ownership-based deallocation on the functions not managed by
/// hand as a whole.
struct ManualAwareOwnershipBasedDeallocationPass
    : public bufferization::impl::ManualAwareOwnershipBasedDeallocationPassBase<
          ManualAwareOwnershipBasedDeallocationPass> {
  using Base::Base;

  void runOnOperation() override {
    DeallocationOptions options;
    options.privateFuncDynamicOwnership = privateFunctionDynamicOwnership;
    SymbolTableCollection symbolTables;
    WalkResult result = getOperation()->walk([&](func::FuncOp func) {
      if (func.isExternal() || func->hasAttr(kManualFunctionAttrName))
        return WalkResult::skip();
      if (failed(deallocateBuffersOwnershipBased(func, options, symbolTables)))
        return WalkResult::interrupt();
      return WalkResult::skip();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
