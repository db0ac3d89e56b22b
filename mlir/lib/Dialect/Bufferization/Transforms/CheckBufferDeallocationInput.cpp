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

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// Returns the first use of a result of `op` outside the op's block (and
/// outside the regions of ops in that block), if any.
static OpOperand *findUseInOtherBlock(Operation *op) {
  for (OpResult result : op->getResults())
    for (OpOperand &use : result.getUses())
      if (bufferization::isUseInOtherBlock(use))
        return &use;
  return nullptr;
}

/// Checks that no result of a call to a private function with a body is used
/// in another block than the call's. Returns failure after emitting an error
/// at each such call.
static LogicalResult
checkPrivateCallResults(ModuleOp module, SymbolTableCollection &symbolTables) {
  bool failed = false;
  module.walk([&](CallOpInterface call) {
    SymbolOpInterface callee =
        bufferization::getPrivateCalleeWithBody(call, symbolTables);
    if (!callee || isLeftAlone(call->getParentOfType<func::FuncOp>()))
      return;
    OpOperand *use = findUseInOtherBlock(call);
    if (!use)
      return;
    InFlightDiagnostic diag =
        call->emitOpError()
        << "result #" << cast<OpResult>(use->get()).getResultNumber()
        << " of a call to private function @" << callee.getName()
        << " is used in another block, which ownership-based deallocation "
           "with private-function-dynamic-ownership=true does not support; "
           "run prepare-buffer-deallocation first or set "
           "private-function-dynamic-ownership=false";
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

/// Returns the first use of `loaded` or of a value that may alias it that is
/// not in `block` (or nested in an op of it) or is its terminator, if any.
/// The aliases are the memref results of the ops that use an alias, the
/// memref results of the op of `block` that holds a nested terminator using
/// one, and the memref arguments of the blocks a branch passes one to.
static OpOperand *findUseLeavingBlock(Value loaded, Block *block) {
  SmallVector<Value> worklist = {loaded};
  DenseSet<Value> seen = {loaded};
  auto add = [&](Value value) {
    if (isa<BaseMemRefType>(value.getType()) && seen.insert(value).second)
      worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value alias = worklist.pop_back_val();
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || ancestor == block->getTerminator())
        return &use;
      for (Value result : user->getResults())
        add(result);
      if (user != ancestor && user->hasTrait<OpTrait::IsTerminator>())
        for (Value result : ancestor->getResults())
          add(result);
      for (Block *successor : user->getSuccessors())
        for (Value argument : successor->getArguments())
          add(argument);
    }
  }
  return nullptr;
}

/// Checks that the buffers whose descriptors are stored into memory live as
/// long as ownership-based deallocation, which follows SSA values only, lets
/// them. `prepare-buffer-deallocation` turns the stack slots it can into SSA
/// values; what is left must be a `memref.alloca` used only by loads and
/// stores, all stores of descriptors into it in one block, and each load of
/// it after the first of them, in that block or nested in an op of it, with
/// the loaded memref used in that block only: the deallocation frees a
/// buffer at the end of a block that holds its last SSA use, or later.
/// Returns failure after emitting an error at each store that does not
/// hold. Each slot is looked at once, and each load with it.
static LogicalResult checkStoredDescriptors(ModuleOp module) {
  bool failed = false;
  DenseSet<Value> checkedSlots;
  module.walk([&](memref::StoreOp store) {
    if (!isa<BaseMemRefType>(store.getValue().getType()) ||
        isLeftAlone(store->getParentOfType<func::FuncOp>()))
      return;
    Value slot = store.getMemRef();
    if (!checkedSlots.insert(slot).second)
      return;
    // The stores of descriptors into the slot, and its loads.
    SmallVector<memref::StoreOp> stores;
    SmallVector<memref::LoadOp> loads;
    bool onlyLoadsAndStores = true;
    for (OpOperand &use : slot.getUses()) {
      if (auto load = dyn_cast<memref::LoadOp>(use.getOwner());
          load && use.get() == load.getMemRef()) {
        loads.push_back(load);
        continue;
      }
      auto other = dyn_cast<memref::StoreOp>(use.getOwner());
      if (!other || use.getOperandNumber() != 1)
        onlyLoadsAndStores = false;
      else
        stores.push_back(other);
    }
    if (!slot.getDefiningOp<memref::AllocaOp>() || !onlyLoadsAndStores) {
      store.emitOpError()
          << "stores a memref descriptor into memory other than a stack slot "
             "that only loads and stores use, so ownership-based deallocation "
             "cannot tell how long the buffer must live; pass the memref as an "
             "SSA value instead";
      failed = true;
      return;
    }
    Block *block = store->getBlock();
    memref::StoreOp first = store;
    for (memref::StoreOp other : stores) {
      if (other->getBlock() != block) {
        other.emitOpError()
            << "stores a memref descriptor into a stack slot that a store in "
               "another block fills too, so ownership-based deallocation "
               "cannot tell which buffer a load of it yields; pass the memref "
               "as an SSA value instead";
        failed = true;
        return;
      }
      if (other->isBeforeInBlock(first))
        first = other;
    }
    for (memref::LoadOp load : loads) {
      Operation *ancestor = block->findAncestorOpInBlock(*load);
      OpOperand *leaving = ancestor && first->isBeforeInBlock(ancestor)
                               ? findUseLeavingBlock(load.getResult(), block)
                               : &load.getMemrefMutable();
      if (!leaving)
        continue;
      InFlightDiagnostic diag =
          first.emitOpError()
          << "stores a memref descriptor that is loaded back, or used, where "
             "ownership-based deallocation cannot follow it (before the store "
             "or outside of its block), so the buffer could be freed before "
             "that use; pass the memref as an SSA value instead";
      diag.attachNote(leaving->getOwner()->getLoc()) << "used here";
      failed = true;
      return;
    }
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
    if (failed(checkUnknownBufferOps(getOperation())) ||
        failed(checkStoredDescriptors(getOperation())))
      return signalPassFailure();
    SymbolTableCollection symbolTables;
    if (privateFunctionDynamicOwnership &&
        failed(checkPrivateCallResults(getOperation(), symbolTables)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
