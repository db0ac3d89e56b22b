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

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_CHECKBUFFERDEALLOCATIONINPUTPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;

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
        if (!callee || !callee.isPrivate() || callee.isExternal())
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

namespace {
/// Rejects input that ownership-based deallocation would mishandle.
struct CheckBufferDeallocationInputPass
    : public bufferization::impl::CheckBufferDeallocationInputPassBase<
          CheckBufferDeallocationInputPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbolTables;
    if (privateFunctionDynamicOwnership &&
        failed(checkPrivateCallResults(getOperation(), symbolTables)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
