//===- DeallocationUtils.cpp - Helpers on lowered deallocations -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

bool bufferization::isFunctionEntryArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return func && arg.getOwner() == &func.getFunctionBody().front();
}

bool bufferization::isCloneLowerable(Type type) {
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType)
    return false;
  auto allocType =
      MemRefType::get(memrefType.getShape(), memrefType.getElementType(),
                      MemRefLayoutAttrInterface(), memrefType.getMemorySpace());
  return memref::CastOp::areCastCompatible(allocType, memrefType);
}

Value bufferization::getFreedMemRef(Value memref) {
  auto metadata = memref.getDefiningOp<memref::ExtractStridedMetadataOp>();
  if (metadata && metadata.getBaseBuffer() == memref)
    return metadata.getSource();
  return memref;
}

void bufferization::eraseDeallocAndMetadata(RewriterBase &rewriter,
                                            memref::DeallocOp dealloc) {
  Value memref = dealloc.getMemref();
  rewriter.eraseOp(dealloc);
  auto metadata = memref.getDefiningOp<memref::ExtractStridedMetadataOp>();
  if (metadata && metadata->use_empty())
    rewriter.eraseOp(metadata);
}

scf::WhileOp bufferization::createWhileWithMoreValues(
    RewriterBase &rewriter, scf::WhileOp whileOp, ValueRange extraInits,
    TypeRange extraResultTypes) {
  SmallVector<Value> inits(whileOp.getInits());
  llvm::append_range(inits, extraInits);
  SmallVector<Type> resultTypes(whileOp.getResultTypes());
  llvm::append_range(resultTypes, extraResultTypes);
  rewriter.setInsertionPoint(whileOp);
  auto newWhile =
      scf::WhileOp::create(rewriter, whileOp.getLoc(), resultTypes, inits);
  rewriter.inlineRegionBefore(whileOp.getBefore(), newWhile.getBefore(),
                              newWhile.getBefore().end());
  rewriter.inlineRegionBefore(whileOp.getAfter(), newWhile.getAfter(),
                              newWhile.getAfter().end());
  return newWhile;
}

Value mlir::bufferization::createEmptyMemRef(Location loc, OpBuilder &builder,
                                             Type type) {
  if (auto unranked = dyn_cast<UnrankedMemRefType>(type)) {
    auto ranked =
        MemRefType::get({0}, unranked.getElementType(),
                        MemRefLayoutAttrInterface(), unranked.getMemorySpace());
    Value empty = memref::AllocaOp::create(builder, loc, ranked);
    return memref::CastOp::create(builder, loc, type, empty);
  }
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType || !memrefType.isStrided())
    return nullptr;
  auto emptyType =
      MemRefType::get({0}, memrefType.getElementType(),
                      MemRefLayoutAttrInterface(), memrefType.getMemorySpace());
  Value empty = memref::AllocaOp::create(builder, loc, emptyType);
  auto [strides, offset] = memrefType.getStridesAndOffset();
  // Dynamic sizes, strides and offsets are all 0: nothing is ever read.
  Value zero;
  auto fold = [&](int64_t value) -> OpFoldResult {
    if (ShapedType::isStatic(value))
      return builder.getIndexAttr(value);
    if (!zero)
      zero = arith::ConstantIndexOp::create(builder, loc, 0);
    return zero;
  };
  SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
      memrefType.getShape(), [&](int64_t size) { return fold(size); });
  SmallVector<OpFoldResult> strideValues =
      llvm::map_to_vector(strides, [&](int64_t s) { return fold(s); });
  return memref::ReinterpretCastOp::create(builder, loc, memrefType, empty,
                                           fold(offset), sizes, strideValues);
}
