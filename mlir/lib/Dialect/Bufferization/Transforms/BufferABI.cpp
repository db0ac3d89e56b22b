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
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

std::pair<func::FuncOp, func::CallOp>
bufferization::splitOffPrivateBody(func::FuncOp func,
                                   SymbolTable &symbolTable) {
  // The private function takes the body, the name with a suffix, and every
  // attribute but the ones that only a public function needs.
  auto impl = cast<func::FuncOp>(func->cloneWithoutRegions());
  impl.setSymName((func.getSymName() + "_impl").str());
  impl.setPrivate();
  impl->removeAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName());
  symbolTable.insert(impl, std::next(Block::iterator(func)));
  impl.getBody().takeBody(func.getBody());

  // The public function forwards its arguments and returns the results.
  Block &implEntry = impl.getBody().front();
  Block *entry = func.addEntryBlock();
  for (auto [arg, implArg] :
       llvm::zip_equal(entry->getArguments(), implEntry.getArguments()))
    arg.setLoc(implArg.getLoc());
  auto builder = OpBuilder::atBlockEnd(entry);
  auto call =
      func::CallOp::create(builder, func.getLoc(), impl, entry->getArguments());
  func::ReturnOp::create(builder, func.getLoc(), call.getResults());
  return {impl, call};
}
