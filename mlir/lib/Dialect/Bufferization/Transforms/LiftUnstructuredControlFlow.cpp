//===- LiftUnstructuredControlFlow.cpp - cf loops to scf for deallocation -===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements a pass that lifts the regions whose control flow the
// ownership-based buffer deallocation rejects (loops built from branches and
// branches with more than two successors) to structured control flow, with
// the upstream CFG-to-SCF transformation. Regions the deallocation handles
// as they are stay untouched.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SCCIterator.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_LIFTUNSTRUCTUREDCONTROLFLOWPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;

/// Returns true if the blocks of `region` reachable from its entry form a
/// cycle through their terminators' successors.
static bool hasCycle(Region &region) {
  for (auto scc = llvm::scc_begin(&region); !scc.isAtEnd(); ++scc)
    if (scc.hasCycle())
      return true;
  return false;
}

/// Returns the first terminator of `region` with more than one successor
/// that the ownership-based deallocation rejects (all but `cf.cond_br`).
static Operation *findMultiWayBranch(Region &region) {
  for (Block &block : region) {
    Operation *terminator = block.getTerminator();
    if (terminator && terminator->getNumSuccessors() > 1 &&
        !isa<cf::CondBranchOp>(terminator))
      return terminator;
  }
  return nullptr;
}

/// Returns the first terminator with successors in `region` that the
/// CFG-to-SCF transformation for the `cf` dialect cannot lift.
static Operation *findNonCFBranch(Region &region) {
  for (Block &block : region) {
    Operation *terminator = block.getTerminator();
    if (terminator && terminator->getNumSuccessors() != 0 &&
        !isa<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp>(terminator))
      return terminator;
  }
  return nullptr;
}

/// Returns true if an op nested in `region` is a `memref.alloc`.
static bool allocates(Region &region) {
  return region.walk([](memref::AllocOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Returns true if an op nested in `region` stores a memref descriptor into
/// memory. Lifted, a store in a branch would sit in a nested region, where
/// `prepare-buffer-deallocation` can no longer make the slot an SSA value.
static bool storesDescriptor(Region &region) {
  return region
      .walk([](memref::StoreOp store) {
        return isa<BaseMemRefType>(store.getValue().getType())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Returns true if `region` is in the body of a loop of its function (or of
/// the nearest op isolated from above): a loop op, or blocks that form a loop
/// and become one when their region is lifted. `cycles` caches whether a
/// region's blocks form a loop.
static bool isInLoop(Region &region, DenseMap<Region *, bool> &cycles) {
  for (Operation *op = region.getParentOp(); op; op = op->getParentOp()) {
    auto branch = dyn_cast<RegionBranchOpInterface>(op);
    if (isa<LoopLikeOpInterface>(op) || (branch && branch.hasLoop()))
      return true;
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
    Region *around = op->getParentRegion();
    if (!around)
      return false;
    auto [it, inserted] = cycles.try_emplace(around, false);
    if (inserted)
      it->second = hasCycle(*around);
    if (it->second)
      return true;
  }
  return false;
}

namespace {
/// The `cf`-to-`scf` lifting, except that a memref that is undefined on some
/// path is a valid, empty stack buffer instead of `ub.poison`. The
/// deallocation compares the base addresses of the memrefs it may free, and
/// an address read from poison may equal any buffer's.
struct DeallocationCFGToSCFTransformation
    : public ControlFlowToSCFTransformation {
  Value getUndefValue(Location loc, OpBuilder &builder, Type type) override {
    if (Value empty = bufferization::createEmptyMemRef(loc, builder, type))
      return empty;
    return ControlFlowToSCFTransformation::getUndefValue(loc, builder, type);
  }
};

/// Lifts the regions that ownership-based deallocation rejects to `scf`,
/// and with `lift-allocating-branches` those of branches that allocate.
struct LiftUnstructuredControlFlowPass
    : public bufferization::impl::LiftUnstructuredControlFlowPassBase<
          LiftUnstructuredControlFlowPass> {
  using Base::Base;

  void runOnOperation() override {
    // Inner regions first: lifting an outer region moves the ops that hold
    // them, but never erases one.
    SmallVector<Region *> regions;
    getOperation()->walk<WalkOrder::PostOrder>([&](Operation *op) {
      for (Region &region : op->getRegions())
        if (!region.empty() && !region.hasOneBlock())
          regions.push_back(&region);
    });

    IRRewriter rewriter(&getContext());
    DeallocationCFGToSCFTransformation transformation;
    DominanceInfo dominance;
    DenseMap<Region *, bool> cycles;
    bool anyFailed = false;
    bool changed = false;
    for (Region *region : regions) {
      // The lifting expects every block to be reachable from the entry, and
      // the cycle search only visits those; the canonicalizer would drop
      // the others anyway.
      changed |= succeeded(eraseUnreachableBlocks(rewriter, *region));
      Operation *multiWay = findMultiWayBranch(*region);
      if (!hasCycle(*region) && !multiWay) {
        // Branches that the deallocation supports as they are: lifted only
        // on request, where they allocate, only `cf` ops branch, and no
        // loop is around them. In a loop, `hoist-alloc-dealloc-pairs` would
        // hold the buffers of the lifted arms over the loop even in the
        // iterations that take no such arm (fuzz seed 30006: 160 bytes at
        // once instead of 128). Nor where a branch stores a descriptor.
        if (!liftAllocatingBranches || findNonCFBranch(*region) ||
            !allocates(*region) || isInLoop(*region, cycles) ||
            storesDescriptor(*region))
          continue;
      }
      Operation *branch = multiWay && !isa<cf::SwitchOp>(multiWay)
                              ? multiWay
                              : findNonCFBranch(*region);
      if (branch) {
        InFlightDiagnostic diag = branch->emitOpError();
        if (branch->getNumSuccessors() > 1)
          diag << "has " << branch->getNumSuccessors()
               << " successors, which ownership-based deallocation supports "
                  "only on 'cf.cond_br'";
        else
          diag << "branches in a region with "
               << (multiWay ? "a multi-way branch" : "a loop of blocks")
               << ", which ownership-based deallocation does not support";
        diag << "; lift-unstructured-control-flow lifts only 'cf' branches to "
                "'scf': lower this op to the 'cf' dialect first";
        anyFailed = true;
        continue;
      }
      FailureOr<bool> lifted =
          transformCFGToSCF(*region, transformation, dominance);
      dominance.invalidate(region);
      changed |= failed(lifted) || *lifted;
      if (failed(lifted) || hasCycle(*region) || findMultiWayBranch(*region)) {
        region->getParentOp()->emitOpError()
            << "has a region whose control flow could not be lifted to "
               "'scf', which ownership-based deallocation needs";
        anyFailed = true;
      }
    }
    if (anyFailed)
      return signalPassFailure();
    // Nothing changed: this also spares the verifier's run after the pass.
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
