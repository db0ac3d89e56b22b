//===- TestInstrumentBufferUses.cpp - Report buffer uses to the tracker ---===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a test pass that reports every use of a buffer to the
// allocation tracker of the execution tests, so that the tracker can work out
// the live-bytes lower bound of a program's peak.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

/// The tracker's entry point: it takes the aligned pointer of a buffer.
static constexpr llvm::StringLiteral kUseFunctionName =
    "_mlir_alloc_tracker_use";

/// Returns true if `op` reads or writes the memory of `buffer`, one of its
/// operands, or takes a view of it. A call may do either. A terminator only
/// passes the buffer on, a free is not a use, and an op with recursive
/// effects uses the buffer through the ops in its regions, which report
/// their own uses.
static bool usesMemory(Operation *op, Value buffer) {
  if (op->hasTrait<OpTrait::IsTerminator>() || isa<memref::DeallocOp>(op))
    return false;
  if (isa<CallOpInterface, ViewLikeOpInterface>(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> onBuffer;
  effects.getEffectsOnValue(buffer, onBuffer);
  return llvm::any_of(onBuffer, [](MemoryEffects::EffectInstance &effect) {
    return isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect());
  });
}

namespace {
/// Inserts, before every op in a function body that uses the memory of a
/// ranked buffer (see `usesMemory`), a call of `_mlir_alloc_tracker_use`
/// with the buffer's aligned pointer.
struct TestInstrumentBufferUsesPass
    : public PassWrapper<TestInstrumentBufferUsesPass,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestInstrumentBufferUsesPass)

  StringRef getArgument() const final { return "test-instrument-buffer-uses"; }
  StringRef getDescription() const final {
    return "Report every read, write and view of a buffer to the allocation "
           "tracker (_mlir_alloc_tracker_use), for its live-bytes bound";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect,
                    memref::MemRefDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The uses, collected first, so that the inserted ops are not visited.
    SmallVector<std::pair<Operation *, Value>> uses;
    for (auto function : module.getOps<FunctionOpInterface>()) {
      if (function.isExternal())
        continue;
      function->walk([&](Operation *op) {
        SetVector<Value> buffers;
        for (Value operand : op->getOperands())
          if (isa<MemRefType>(operand.getType()) && usesMemory(op, operand))
            buffers.insert(operand);
        for (Value buffer : buffers)
          uses.emplace_back(op, buffer);
      });
    }
    if (uses.empty())
      return;

    OpBuilder builder(module.getBodyRegion());
    Location loc = module.getLoc();
    auto use = module.lookupSymbol<func::FuncOp>(kUseFunctionName);
    if (!use) {
      use = func::FuncOp::create(
          builder, loc, kUseFunctionName,
          builder.getFunctionType({builder.getI64Type()}, {}));
      use.setPrivate();
    }
    for (auto [op, buffer] : uses) {
      builder.setInsertionPoint(op);
      Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(
          builder, op->getLoc(), buffer);
      Value address = arith::IndexCastOp::create(builder, op->getLoc(),
                                                 builder.getI64Type(), pointer);
      func::CallOp::create(builder, op->getLoc(), use, ValueRange{address});
    }
  }
};
} // namespace

namespace mlir {
namespace test {
void registerTestInstrumentBufferUsesPass() {
  PassRegistration<TestInstrumentBufferUsesPass>();
}
} // namespace test
} // namespace mlir
