//===- BufferDeallocationOpInterfaceImpl.cpp - Affine dealloc models ------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ownership-based deallocation handles an op with regions through the
// RegionBranchOpInterface: it appends one `i1` ownership indicator per
// forwarded memref to the op's operands, to the entry block's arguments, to
// the terminators' operands and to the op's results. `affine.for` keeps its
// bound operands and its `iter_args` in separate operand segments, so the
// generic append leaves a segment-size attribute that does not match and the
// op fails to verify. The model below does the same thing through the
// op's own `inits` segment.
//
// `affine.if` and `affine.parallel` need no model: the generic handling is
// correct for them, since `affine.if` forwards no operands to its regions and
// `affine.parallel` yields no memrefs.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Affine/Transforms/BufferDeallocationOpInterfaceImpl.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {
/// Handles an `affine.for` after the deallocation has processed its body,
/// which by then takes one more `i1` block argument and yields one more `i1`
/// per memref loop-carried value. The loop gets a `false` initial ownership
/// for each memref init (it acquires no ownership of values from outside)
/// and one `i1` result per memref result, which becomes the ownership of that
/// result in the enclosing block.
struct AffineForOpInterface
    : public BufferDeallocationOpInterface::ExternalModel<AffineForOpInterface,
                                                          affine::AffineForOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    auto forOp = cast<affine::AffineForOp>(op);
    auto isMemRef = [](Value value) {
      return isa<BaseMemRefType>(value.getType());
    };
    unsigned numMemRefs = llvm::count_if(forOp.getInits(), isMemRef);
    if (numMemRefs == 0)
      return op;

    Block *block = op->getBlock();
    OpBuilder builder = OpBuilder::atBlockBegin(block);
    Value falseVal = arith::ConstantOp::create(builder, op->getLoc(),
                                               builder.getBoolAttr(false));
    forOp.getInitsMutable().append(SmallVector<Value>(numMemRefs, falseVal));

    // Rebuild the loop with one more `i1` result per memref result. The
    // segment sizes were updated above, so the properties carry over as
    // they are.
    SmallVector<Type> resultTypes(op->getResultTypes());
    resultTypes.append(numMemRefs, builder.getI1Type());
    Operation *newOp = Operation::create(
        op->getLoc(), op->getName(), resultTypes, op->getOperands(),
        op->getAttrDictionary(), op->getPropertiesStorage(),
        op->getSuccessors(), op->getNumRegions());
    for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
      to.takeBody(from);
    builder.setInsertionPoint(op);
    builder.insert(newOp);
    op->replaceAllUsesWith(newOp->getResults().take_front(op->getNumResults()));
    op->erase();

    unsigned indicator = newOp->getNumResults() - numMemRefs;
    for (OpResult result : newOp->getResults().drop_back(numMemRefs)) {
      if (!isMemRef(result))
        continue;
      state.updateOwnership(result, newOp->getResult(indicator++));
      state.addMemrefToDeallocate(result, block);
    }
    return newOp;
  }
};
} // namespace

void mlir::affine::registerBufferDeallocationOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, affine::AffineDialect *dialect) {
    affine::AffineForOp::attachInterface<AffineForOpInterface>(*ctx);
  });
}
