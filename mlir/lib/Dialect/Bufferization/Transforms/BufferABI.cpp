//===- BufferABI.cpp - Function boundaries of the buffer ABI --------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

std::pair<func::FuncOp, func::CallOp>
bufferization::splitOffPrivateBody(RewriterBase &rewriter, func::FuncOp func,
                                   SymbolTable &symbolTable) {
  // The private function takes the body, the name with a suffix, and every
  // attribute but the ones that only a public function needs.
  auto impl = cast<func::FuncOp>(func->cloneWithoutRegions());
  impl.setSymName((func.getSymName() + "_impl").str());
  impl.setPrivate();
  impl->removeAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName());
  // Inserted by the rewriter, then recorded (and renamed if its name is
  // taken) by the symbol table.
  rewriter.setInsertionPointAfter(func);
  rewriter.insert(impl);
  symbolTable.insert(impl);
  rewriter.inlineRegionBefore(func.getBody(), impl.getBody(),
                              impl.getBody().end());

  // The public function forwards its arguments and returns the results.
  Block &implEntry = impl.getBody().front();
  Block *entry = rewriter.createBlock(
      &func.getBody(), func.getBody().end(), implEntry.getArgumentTypes(),
      llvm::map_to_vector(implEntry.getArguments(),
                          [](BlockArgument arg) { return arg.getLoc(); }));
  rewriter.setInsertionPointToEnd(entry);
  auto call = func::CallOp::create(rewriter, func.getLoc(), impl,
                                   entry->getArguments());
  func::ReturnOp::create(rewriter, func.getLoc(), call.getResults());
  return {impl, call};
}
