//===- BufferDeallocationOpInterfaceImpl.cpp - Async dealloc models -------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The body of an `async.execute` may run concurrently with the code after
// it, until a matching `async.await`. The ownership-based deallocation treats
// it as follows:
//
// * `async.yield` behaves like the return of a public function: every memref
//   it yields is owned by whoever awaits it (cloned if the body does not own
//   it), and the buffers the body owns are freed before it, except the
//   yielded ones. No ownership indicators are added, since the execute's
//   `!async.value` results cannot carry them.
// * `async.await` of a memref therefore acquires ownership of its result,
//   which is freed in the awaiting block like a call result.
// * `async.execute` is accepted only where this is sound: every memref it
//   yields is awaited exactly once, in the same block (otherwise the buffer
//   leaks or is freed twice), and if its body uses memrefs defined outside,
//   it is awaited in the same block (the deallocation frees those buffers at
//   the end of a block, which must not happen while the body runs). Memrefs
//   passed as `!async.value` body operands are not supported.
//
// `BufferViewFlowAnalysis` cannot see a memref through the `!async.value`
// between `async.yield` and `async.await`. A `BufferViewFlowOpInterface`
// model of `async.await` links the values the matching `async.execute`
// yields to the awaited result, so that analyses built on it (such as the
// one that recognizes buffers freed by hand) know where the result comes
// from.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Async/Transforms/BufferDeallocationOpInterfaceImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::bufferization;

static bool isMemRef(Value value) {
  return isa<BaseMemRefType>(value.getType());
}

/// Returns true if `value`, a result of an `async.execute`, holds a memref.
static bool holdsMemRef(Value value) {
  auto type = dyn_cast<async::ValueType>(value.getType());
  return type && isa<BaseMemRefType>(type.getValueType());
}

/// Returns true if `user` is an `async.await` in `block`.
static bool isAwaitIn(Operation *user, Block *block) {
  return isa<async::AwaitOp>(user) && user->getBlock() == block;
}

namespace {
/// Checks that the deallocation is sound around an `async.execute` (see the
/// file comment); the body has already been processed.
struct ExecuteOpInterface
    : public BufferDeallocationOpInterface::ExternalModel<ExecuteOpInterface,
                                                          async::ExecuteOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    auto executeOp = cast<async::ExecuteOp>(op);
    Block *block = op->getBlock();
    for (Value operand : executeOp.getBodyOperands())
      if (holdsMemRef(operand))
        return op->emitOpError()
               << "takes a memref as an '!async.value' body operand, which "
                  "ownership-based deallocation does not support; await it "
                  "before the 'async.execute' and use the memref directly";

    for (OpResult result : executeOp.getBodyResults()) {
      if (!holdsMemRef(result))
        continue;
      if (!result.hasOneUse() || !isAwaitIn(*result.user_begin(), block))
        return op->emitOpError()
               << "result #" << result.getResultNumber()
               << " holds a memref, which ownership-based deallocation frees "
                  "where it is awaited; it must be awaited exactly once, by "
                  "an 'async.await' in the same block";
    }

    SetVector<Value> captured;
    getUsedValuesDefinedAbove(executeOp.getBodyRegion(), captured);
    if (llvm::any_of(captured, isMemRef) &&
        llvm::none_of(op->getUsers(),
                      [&](Operation *user) { return isAwaitIn(user, block); }))
      return op->emitOpError()
             << "uses a memref defined outside of it, which ownership-based "
                "deallocation may free at the end of the enclosing block "
                "while the body still runs; await its token or one of its "
                "values in the same block";
    return op;
  }
};

/// Makes every yielded memref owned by the awaiter and frees the buffers the
/// body owns, except the yielded ones.
struct YieldOpInterface
    : public BufferDeallocationOpInterface::ExternalModel<YieldOpInterface,
                                                          async::YieldOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    // Free what the body owns except the yielded buffers, and learn, from
    // the updated conditions of that dealloc, which yielded buffers the body
    // owned. These are computed at run time from the buffers' addresses, so
    // they are exact also where the ownership is not statically known.
    SmallVector<Value> owned;
    if (failed(deallocation_impl::insertDeallocOpForReturnLike(
            state, op, op->getOperands(), owned)))
      return failure();

    // Hand over the owned ones and clone the others.
    assert(owned.size() == static_cast<size_t>(
                               llvm::count_if(op->getOperands(), isMemRef)) &&
           "expected one updated ownership per yielded memref");
    OpBuilder builder(op);
    auto ownedIt = owned.begin();
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isMemRef(operand.get()))
        continue;
      Value isOwned = *ownedIt++;
      if (matchPattern(isOwned, m_One()))
        continue;
      Value memref = operand.get();
      Location loc = op->getLoc();
      auto ifOp = scf::IfOp::create(
          builder, loc, isOwned,
          [&](OpBuilder &b, Location loc) {
            scf::YieldOp::create(b, loc, memref);
          },
          [&](OpBuilder &b, Location loc) {
            Value copy = CloneOp::create(b, loc, memref);
            scf::YieldOp::create(b, loc, copy);
          });
      operand.set(ifOp.getResult(0));
    }
    return op;
  }
};

/// Gives the awaiting block ownership of an awaited memref.
struct AwaitOpInterface
    : public BufferDeallocationOpInterface::ExternalModel<AwaitOpInterface,
                                                          async::AwaitOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    if (op->getNumResults() == 0 || !isMemRef(op->getResult(0)))
      return op;
    Value awaited = op->getOperand(0);
    auto executeOp = awaited.getDefiningOp<async::ExecuteOp>();
    if (!executeOp || executeOp->getBlock() != op->getBlock() ||
        !awaited.hasOneUse())
      return op->emitOpError()
             << "awaits a memref that does not come from an 'async.execute' "
                "in the same block awaited only here, so ownership-based "
                "deallocation cannot tell who frees it";
    Value result = op->getResult(0);
    OpBuilder builder(op);
    Value trueVal = arith::ConstantOp::create(builder, op->getLoc(),
                                              builder.getBoolAttr(true));
    state.updateOwnership(result, trueVal);
    state.addMemrefToDeallocate(result, op->getBlock());
    return op;
  }
};
/// Returns the `async.execute` whose `!async.value` result `await` awaits,
/// with the position of that value among the execute's body results.
static std::pair<async::ExecuteOp, unsigned>
getAwaitedExecute(async::AwaitOp await) {
  auto awaited = dyn_cast<OpResult>(await.getOperand());
  auto executeOp =
      awaited ? dyn_cast<async::ExecuteOp>(awaited.getOwner()) : nullptr;
  if (!executeOp || awaited == executeOp.getToken())
    return {nullptr, 0};
  // The token comes first, then the body results.
  return {executeOp, awaited.getResultNumber() - 1};
}

/// Links the memref an `async.await` returns to the values that the body of
/// the awaited `async.execute` yields in its place.
struct AwaitOpViewFlowModel
    : public BufferViewFlowOpInterface::ExternalModel<AwaitOpViewFlowModel,
                                                      async::AwaitOp> {
  void
  populateDependencies(Operation *op,
                       RegisterDependenciesFn registerDependenciesFn) const {
    auto await = cast<async::AwaitOp>(op);
    auto [executeOp, position] = getAwaitedExecute(await);
    if (!executeOp || op->getNumResults() == 0 || !isMemRef(op->getResult(0)))
      return;
    executeOp.getBodyRegion().walk([&](async::YieldOp yield) {
      if (yield->getParentOp() == executeOp)
        registerDependenciesFn(yield.getOperand(position), op->getResult(0));
    });
  }

  bool mayBeTerminalBuffer(Operation *op, Value value) const {
    // A value awaited from elsewhere (a block argument, a function
    // argument) may be any buffer.
    return !getAwaitedExecute(cast<async::AwaitOp>(op)).first;
  }
};
} // namespace

void mlir::async::registerBufferDeallocationOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, async::AsyncDialect *dialect) {
    async::ExecuteOp::attachInterface<ExecuteOpInterface>(*ctx);
    async::YieldOp::attachInterface<YieldOpInterface>(*ctx);
    async::AwaitOp::attachInterface<AwaitOpInterface, AwaitOpViewFlowModel>(
        *ctx);
  });
}
