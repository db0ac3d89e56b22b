//===- BufferLifetimeAnalysisTest.cpp - Tests of the buffer use range -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {
/// A buffer `%a`, a view of it used in an `scf.if`, an op in between that
/// uses neither, and the free of `%a`. The ops the tests look for carry a
/// `name` attribute.
constexpr const char *kProgram = R"mlir(
func.func @f(%cond: i1, %value: f32, %other: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {name = "alloc"} : memref<4xf32>
  memref.store %value, %other[%c0] {name = "unrelated"} : memref<4xf32>
  %view = memref.subview %a[1] [2] [1] {name = "view"}
      : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.store %value, %a[%c0] {name = "store"} : memref<4xf32>
  scf.if %cond {
    memref.store %value, %view[%c0] {name = "nested"}
        : memref<2xf32, strided<[1], offset: 1>>
  } {name = "if"}
  %later = arith.addf %value, %value {name = "later"} : f32
  memref.dealloc %a {name = "free"} : memref<4xf32>
  return
}
)mlir";

class BufferUseRangeTest : public ::testing::Test {
protected:
  void SetUp() override {
    context.loadDialect<arith::ArithDialect, func::FuncDialect,
                        memref::MemRefDialect, scf::SCFDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &context);
    ASSERT_TRUE(module);
    func = *module->getOps<func::FuncOp>().begin();
    func.walk([&](Operation *op) {
      if (auto name = op->getAttrOfType<StringAttr>("name"))
        named[name.getValue()] = op;
    });
    analysis = std::make_unique<BufferLifetimeAnalysis>(func);
  }

  Value buffer() { return named["alloc"]->getResult(0); }
  Block &body() { return func.getBody().front(); }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  llvm::StringMap<Operation *> named;
  std::unique_ptr<BufferLifetimeAnalysis> analysis;
};

/// Counts every use.
BufferUseAction countAll(OpOperand &, Operation *) {
  return BufferUseAction::Count;
}

// The range spans the ops of the block that use the buffer or an alias of
// it; a use nested in an op counts as a use by that op.
TEST_F(BufferUseRangeTest, UsesOfAliasesInTheBlock) {
  FailureOr<BufferUseRange> range =
      analysis->getUseRangeInBlock(buffer(), body(), countAll);
  ASSERT_TRUE(succeeded(range));
  EXPECT_EQ(range->first, named["view"]);
  EXPECT_EQ(range->last, named["free"]);
}

// A skipped use does not widen the range; definitions count only when asked.
TEST_F(BufferUseRangeTest, SkippedUsesAndDefinitions) {
  auto skipFree = [&](OpOperand &use, Operation *) {
    return use.getOwner() == named["free"] ? BufferUseAction::Skip
                                           : BufferUseAction::Count;
  };
  FailureOr<BufferUseRange> range =
      analysis->getUseRangeInBlock(buffer(), body(), skipFree);
  ASSERT_TRUE(succeeded(range));
  EXPECT_EQ(range->first, named["view"]);
  EXPECT_EQ(range->last, named["if"]);

  range = analysis->getUseRangeInBlock(
      buffer(), body(), skipFree,
      [](Operation *, Operation *) { return BufferUseAction::Count; });
  ASSERT_TRUE(succeeded(range));
  EXPECT_EQ(range->first, named["alloc"]);
  EXPECT_EQ(range->last, named["if"]);
}

// A use that stops the walk makes the question fail, wherever it is.
TEST_F(BufferUseRangeTest, StoppedWalk) {
  FailureOr<BufferUseRange> range = analysis->getUseRangeInBlock(
      buffer(), body(), [&](OpOperand &use, Operation *) {
        return use.getOwner() == named["nested"] ? BufferUseAction::Stop
                                                 : BufferUseAction::Count;
      });
  EXPECT_TRUE(failed(range));
}

// Seen from a nested block, uses outside of it have no op there: the
// callback gets a null ancestor and they never widen the range.
TEST_F(BufferUseRangeTest, NestedBlock) {
  Block &thenBlock = cast<scf::IfOp>(named["if"]).getThenRegion().front();
  unsigned outside = 0;
  FailureOr<BufferUseRange> range = analysis->getUseRangeInBlock(
      buffer(), thenBlock, [&](OpOperand &, Operation *ancestor) {
        outside += ancestor == nullptr;
        return BufferUseAction::Count;
      });
  ASSERT_TRUE(succeeded(range));
  EXPECT_EQ(range->first, named["nested"]);
  EXPECT_EQ(range->last, named["nested"]);
  // The view, the store and the free.
  EXPECT_EQ(outside, 3u);
}

// A buffer that nothing in the block uses has an empty range.
TEST_F(BufferUseRangeTest, NoUse) {
  Value other = func.getArgument(2);
  FailureOr<BufferUseRange> range = analysis->getUseRangeInBlock(
      other, body(), [&](OpOperand &use, Operation *) {
        return use.getOwner() == named["unrelated"] ? BufferUseAction::Skip
                                                    : BufferUseAction::Count;
      });
  ASSERT_TRUE(succeeded(range));
  EXPECT_EQ(range->first, nullptr);
  EXPECT_EQ(range->last, nullptr);
}
} // namespace
