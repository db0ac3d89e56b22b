//===- DeallocationUtils.cpp - Helpers on lowered deallocations -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

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
