//===- CheckBufferDeallocationInput.cpp - Guard the deallocation pass -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a pass that rejects, with a diagnostic, input on which
// the upstream ownership-based buffer deallocation is known to crash or to
// produce invalid IR.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_CHECKBUFFERDEALLOCATIONINPUTPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;

/// Returns true if `func` is managed by hand as a whole, so the deallocation
/// leaves it alone.
static bool isLeftAlone(func::FuncOp func) {
  return func && func->hasAttr(bufferization::kManualFunctionAttrName);
}

/// Returns the first use of a memref result of `call` outside the call's
/// block (and outside the regions of ops in that block), if any.
static OpOperand *findUseInOtherBlock(func::CallOp call) {
  Block *block = call->getBlock();
  for (OpResult result : call->getResults()) {
    if (!isa<BaseMemRefType>(result.getType()))
      continue;
    for (OpOperand &use : result.getUses())
      if (!block->findAncestorOpInBlock(*use.getOwner()))
        return &use;
  }
  return nullptr;
}

/// Checks that no memref result of a call to a private function with a body
/// is used in another block than the call's. Returns failure after emitting
/// an error at each such call.
static LogicalResult
checkPrivateCallResults(ModuleOp module, SymbolTableCollection &symbolTables) {
  bool failed = false;
  module.walk(
      [&](func::CallOp call) {
        auto callee = symbolTables.lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || !callee.isPrivate() || callee.isExternal() ||
            isLeftAlone(call->getParentOfType<func::FuncOp>()))
          return;
        OpOperand *use = findUseInOtherBlock(call);
        if (!use)
          return;
        InFlightDiagnostic diag =
            call.emitOpError()
            << "result #" << cast<OpResult>(use->get()).getResultNumber()
            << " of a call to private function @" << callee.getSymName()
            << " is used in another block, which ownership-based deallocation "
               "with private-function-dynamic-ownership=true does not support; "
               "set private-function-dynamic-ownership=false";
        diag.attachNote(use->getOwner()->getLoc()) << "used here";
        failed = true;
      });
  return failure(failed);
}

/// Returns true if ownership-based deallocation knows what `op` does with the
/// buffers it takes or returns: through its memory effects (or those of the
/// ops nested in it), a deallocation model, or the call and control-flow
/// interfaces the deallocation handles itself.
static bool hasKnownBufferSemantics(Operation *op) {
  return isa<MemoryEffectOpInterface,
             bufferization::BufferDeallocationOpInterface, CallOpInterface,
             BranchOpInterface, RegionBranchOpInterface,
             RegionBranchTerminatorOpInterface>(op) ||
         op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
}

/// Checks that every op in a function (the ops the deallocation processes)
/// that takes or returns a memref has known buffer semantics. Returns failure
/// after emitting an error at the first that does not.
static LogicalResult checkUnknownBufferOps(ModuleOp module) {
  auto isMemRef = [](Type type) { return isa<BaseMemRefType>(type); };
  WalkResult result = module.walk([&](func::FuncOp func) {
    if (isLeftAlone(func))
      return WalkResult::skip();
    return func.walk([&](Operation *op) {
      if (op == func.getOperation() || hasKnownBufferSemantics(op) ||
          (llvm::none_of(op->getOperandTypes(), isMemRef) &&
           llvm::none_of(op->getResultTypes(), isMemRef)))
        return WalkResult::advance();
      op->emitOpError()
          << "takes or returns a memref but implements neither "
             "MemoryEffectOpInterface nor BufferDeallocationOpInterface, so "
             "ownership-based deallocation cannot tell whether it frees, keeps "
             "or forwards a buffer; declare its memory effects "
             "(MemoryEffectOpInterface) or attach a "
             "BufferDeallocationOpInterface model";
      return WalkResult::interrupt();
    });
  });
  return failure(result.wasInterrupted());
}

namespace {
/// Rejects input that ownership-based deallocation would mishandle.
struct CheckBufferDeallocationInputPass
    : public bufferization::impl::CheckBufferDeallocationInputPassBase<
          CheckBufferDeallocationInputPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(checkUnknownBufferOps(getOperation())))
      return signalPassFailure();
    SymbolTableCollection symbolTables;
    if (privateFunctionDynamicOwnership &&
        failed(checkPrivateCallResults(getOperation(), symbolTables)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
