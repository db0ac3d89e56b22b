//===- BufferViewFlowOpInterfaceImpl.cpp - func.call view flow ------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `BufferViewFlowAnalysis` knows nothing about callees, so it takes each
// memref result of a call for a possible alias of each operand. Under the
// no-alias function boundary ABI, a result is a fresh buffer instead; the
// model below tells the analysis so for the calls marked as following it,
// and that no result is the workspace merge-alloc passes to a callee.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"

#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {
struct CallOpViewFlowModel
    : public BufferViewFlowOpInterface::ExternalModel<CallOpViewFlowModel,
                                                      func::CallOp> {
  void
  populateDependencies(Operation *op,
                       RegisterDependenciesFn registerDependenciesFn) const {
    if (op->hasAttr(func::kNoAliasResultsAttrName))
      return;
    // The analysis' default for calls, any operand may flow to any result,
    // but for the callee's workspace.
    auto call = cast<func::CallOp>(op);
    std::optional<unsigned> workspace;
    if (auto index =
            op->getAttrOfType<IntegerAttr>(func::kWorkspaceOperandAttrName);
        index && index.getValue().ult(call.getArgOperands().size()))
      workspace = call.getArgOperands().getBeginOperandIndex() +
                  index.getValue().getZExtValue();
    for (OpOperand &operand : op->getOpOperands()) {
      if (operand.getOperandNumber() == workspace)
        continue;
      for (Value result : op->getResults())
        registerDependenciesFn(operand.get(), result);
    }
  }

  bool mayBeTerminalBuffer(Operation *op, Value value) const {
    // A result may be a buffer that the callee allocated.
    return true;
  }
};
} // namespace

void mlir::func::registerBufferViewFlowOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *dialect) {
    func::CallOp::attachInterface<CallOpViewFlowModel>(*ctx);
  });
}
