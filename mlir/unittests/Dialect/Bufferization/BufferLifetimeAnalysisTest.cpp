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
#include "mlir/Dialect/UB/IR/UBOps.h"
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

/// Parses a program whose ops of interest carry a `name` attribute, and
/// finds them by name.
class NamedOpsTest : public ::testing::Test {
protected:
  void parse(const char *program) {
    context
        .loadDialect<arith::ArithDialect, func::FuncDialect,
                     memref::MemRefDialect, scf::SCFDialect, ub::UBDialect>();
    module = parseSourceString<ModuleOp>(program, &context);
    ASSERT_TRUE(module);
    module->walk([&](Operation *op) {
      if (auto name = op->getAttrOfType<StringAttr>("name"))
        named[name.getValue()] = op;
    });
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  llvm::StringMap<Operation *> named;
};

class BufferUseRangeTest : public NamedOpsTest {
protected:
  void SetUp() override {
    parse(kProgram);
    func = *module->getOps<func::FuncOp>().begin();
    analysis = std::make_unique<BufferLifetimeAnalysis>(func);
  }

  Value buffer() { return named["alloc"]->getResult(0); }
  Block &body() { return func.getBody().front(); }

  func::FuncOp func;
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

/// Loops that keep a spare buffer as `double-buffer-loops` builds them: the
/// state moves into the spare slot only where the loop owns it. `@for` and
/// `@while` enter with a `false` indicator, `@given` with one that may hold;
/// `@while` selects in the `after` region, on the arguments that
/// `scf.condition` passes on; `@if` selects with an `scf.if` instead of an
/// `arith.select`.
constexpr const char *kSpareSlots = R"mlir(
func.func @for(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %init = memref.alloc() {name = "for.init"} : memref<4xf32>
  %none = ub.poison : memref<4xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1
      iter_args(%s = %init, %owned = %false, %spare = %none)
      -> (memref<4xf32>, i1, memref<4xf32>) {
    %next = memref.alloc() {name = "for.next"} : memref<4xf32>
    %keep = arith.select %owned, %s, %spare {name = "for.select"}
        : memref<4xf32>
    scf.yield %next, %true, %keep : memref<4xf32>, i1, memref<4xf32>
  } {name = "for.loop"}
  return
}
func.func @given(%n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %init = memref.alloc() {name = "given.init"} : memref<4xf32>
  %none = ub.poison : memref<4xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1
      iter_args(%s = %init, %owned = %flag, %spare = %none)
      -> (memref<4xf32>, i1, memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32>
    %keep = arith.select %owned, %s, %spare {name = "given.select"}
        : memref<4xf32>
    scf.yield %next, %true, %keep : memref<4xf32>, i1, memref<4xf32>
  }
  return
}
func.func @while(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %init = memref.alloc() {name = "while.init"} : memref<4xf32>
  %none = ub.poison : memref<4xf32>
  %r:4 = scf.while (%i = %c0, %s = %init, %owned = %false, %spare = %none)
      : (index, memref<4xf32>, i1, memref<4xf32>)
      -> (index, memref<4xf32>, i1, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %s, %owned, %spare
        : index, memref<4xf32>, i1, memref<4xf32>
  } do {
  ^bb0(%j: index, %t: memref<4xf32>, %o: i1, %sp: memref<4xf32>):
    %next = memref.alloc() {name = "while.next"} : memref<4xf32>
    %keep = arith.select %o, %t, %sp {name = "while.select"} : memref<4xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %next, %true, %keep
        : index, memref<4xf32>, i1, memref<4xf32>
  }
  return
}
func.func @if(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %init = memref.alloc() {name = "if.init"} : memref<4xf32>
  %none = ub.poison : memref<4xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1
      iter_args(%s = %init, %owned = %false, %spare = %none)
      -> (memref<4xf32>, i1, memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32>
    %keep = scf.if %owned -> memref<4xf32> {
      scf.yield %s : memref<4xf32>
    } else {
      scf.yield %spare : memref<4xf32>
    } {name = "if.select"}
    scf.yield %next, %true, %keep : memref<4xf32>, i1, memref<4xf32>
  }
  return
}
)mlir";

class IndicatorSelectionTest : public NamedOpsTest {
protected:
  void SetUp() override {
    parse(kSpareSlots);
    analysis = std::make_unique<BufferLifetimeAnalysis>(*module);
  }

  Value result(StringRef name) { return named[name]->getResult(0); }
  bool mayAlias(Value a, Value b) {
    return analysis->getMayAliases(a).contains(b);
  }

  std::unique_ptr<BufferLifetimeAnalysis> analysis;
};

// The init enters with a `false` indicator: it never reaches the spare slot,
// and nothing the slot flows into. What the slot may hold, and the state it
// is selected from, still alias it.
TEST_F(IndicatorSelectionTest, InitWithFalseIndicator) {
  Value init = result("for.init"), next = result("for.next");
  Value keep = result("for.select");
  auto loop = cast<scf::ForOp>(named["for.loop"]);
  Value state = loop.getRegionIterArg(0), spareResult = loop.getResult(2);
  EXPECT_FALSE(mayAlias(init, keep));
  EXPECT_FALSE(mayAlias(init, spareResult));
  EXPECT_FALSE(mayAlias(keep, init));
  EXPECT_TRUE(mayAlias(init, state));
  EXPECT_TRUE(mayAlias(next, keep));
  EXPECT_TRUE(mayAlias(next, spareResult));
  EXPECT_TRUE(mayAlias(state, keep));
  EXPECT_TRUE(mayAlias(keep, state));
}

// An indicator that may hold keeps the link.
TEST_F(IndicatorSelectionTest, InitWithUnknownIndicator) {
  EXPECT_TRUE(mayAlias(result("given.init"), result("given.select")));
}

// The `after` region of an `scf.while` gets the state and its indicator
// from `scf.condition`, which gets them from the `before` region's
// arguments: the edges into `before` decide.
TEST_F(IndicatorSelectionTest, ForwardedThroughCondition) {
  Value keep = result("while.select");
  EXPECT_FALSE(mayAlias(result("while.init"), keep));
  EXPECT_TRUE(mayAlias(result("while.next"), keep));
}

// An `scf.if` on the indicator that yields the state from its `then`
// region only selects as an `arith.select` does.
TEST_F(IndicatorSelectionTest, SelectionByIf) {
  EXPECT_FALSE(mayAlias(result("if.init"), result("if.select")));
}
} // namespace
