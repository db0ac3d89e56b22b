//===- DeallocationPipeline.cpp - Buffer deallocation pipeline ------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the buffer deallocation pipeline of the series and its
// registration under upstream's name and under a name of its own.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Pipelines/DeallocationPipeline.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/ReuseDyingInputsPasses.h"
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include <limits>

using namespace mlir;
using namespace mlir::bufferization;

/// The canonicalizations of the pipeline, with upstream's defaults but
/// without the propagation of `scf.if` conditions into their regions
/// (`kIfConditionPropagationPattern`).
static std::unique_ptr<Pass> createPipelineCanonicalizerPass() {
  GreedyRewriteConfig config;
  config.setUseTopDownTraversal(true);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal);
  return createCanonicalizerPass(
      config,
      /*disabledPatterns=*/{kIfConditionPropagationPattern.str()});
}

void mlir::bufferization::buildDeallocationPipeline(
    OpPassManager &pm, const DeallocationPipelineOptions &options) {
  // Buffers the input frees already are managed by hand; mark them before
  // any stage looks at allocations.
  if (options.manualDeallocation) {
    MarkManualDeallocationsPassOptions markOptions;
    markOptions.privateFunctionDynamicOwnership =
        options.privateFunctionDynamicOwnership;
    pm.addPass(createMarkManualDeallocationsPass(markOptions));
  }

  // Loops of blocks and multi-way branches become scf ops, which the
  // deallocation supports; before merge-alloc, which plans per block. Under
  // merge-alloc, branches that allocate are lifted too, so that it plans
  // the buffers of their arms together.
  if (options.liftUnstructuredControlFlow) {
    LiftUnstructuredControlFlowPassOptions liftOptions;
    liftOptions.liftAllocatingBranches =
        options.liftAllocatingBranches && options.mergeAlloc;
    pm.addPass(createLiftUnstructuredControlFlowPass(liftOptions));
  }

  // Let elementwise ops write into inputs that die at them, before
  // merge-alloc plans the buffers that are left: merge-alloc does not know
  // that an op may write into its input, and would hold both.
  if (options.reuseDyingInputs)
    pm.addPass(linalg::createLinalgReuseDyingInputsPass());

  // `memref.realloc` frees its operand, which the ownership-based deallocation
  // does not model; expand it into alloc + copy first. The deallocation pass
  // frees the old buffer. Upstream's `expand-realloc` does the same, but
  // converts every op of the module to do it.
  ExpandReallocsForDeallocationPassOptions expandOptions;
  expandOptions.emitDeallocs = false;
  pm.addPass(createExpandReallocsForDeallocationPass(expandOptions));
  pm.addPass(createPipelineCanonicalizerPass());

  // Fresh buffers that functions return become buffers their callers
  // allocate, which the callers plan with their own: before merge-alloc,
  // which merges them, and before the deallocation, which frees them in the
  // callers.
  if (options.freshResultsToOutParams) {
    FreshBufferResultsToOutParamsPassOptions freshOptions;
    freshOptions.privateFunctionDynamicOwnership =
        options.privateFunctionDynamicOwnership;
    pm.addPass(createFreshBufferResultsToOutParamsPass(freshOptions));
  }

  // Merge the temporaries while they are still plain allocations; the
  // deallocation then frees each merged buffer once. After the
  // canonicalization, so that merge-alloc plans the lifetimes of the program
  // the later stages see: a loop that never runs, the branch of an `scf.if`
  // on a constant that never runs, and the uses in them are gone, and would
  // otherwise keep buffers alive in its plan (fuzz seeds 5348, 5750).
  if (options.mergeAlloc) {
    memref::MergeAllocPassOptions mergeOptions;
    mergeOptions.assumeHoisting = options.hoistAllocDeallocPairs;
    // The buffers that stack promotion is expected to take stay apart:
    // merged, they would be on the heap.
    mergeOptions.stackPromotionMaxBytes = static_cast<int64_t>(
        std::min<uint64_t>(options.stackPromotionMaxBytes,
                           std::numeric_limits<int64_t>::max()));
    if (options.mergeAllocWorstRun)
      mergeOptions.keepPeak = memref::PeakToKeep::WorstRun;
    mergeOptions.calleeWorkspace = options.calleeWorkspace;
    mergeOptions.publicFunctionWorkspace = options.publicFunctionWorkspace;
    mergeOptions.wrapPublicFunctions = options.wrapPublicFunctions;
    pm.addPass(memref::createMergeAllocPass(mergeOptions));
  }

  // Loop buffers of bounded dynamic size become static, so that the stages
  // after the deallocation can recycle and hoist them.
  if (options.boundDynamicAllocations) {
    BoundDynamicAllocationsPassOptions boundOptions;
    boundOptions.maxBytes = options.dynamicAllocationMaxBytes;
    pm.addPass(createBoundDynamicAllocationsPass(boundOptions));
  }

  // Work around the deallocation's liveness of replaced region ops, after
  // the last canonicalization, which would fold the casts away; and turn
  // descriptors kept in stack slots into SSA values, which it follows.
  pm.addPass(createPrepareBufferDeallocationPass());

  // Stop with a diagnostic where the upstream pass is known to fail, on
  // what the preparation left.
  CheckBufferDeallocationInputPassOptions checkOptions;
  checkOptions.privateFunctionDynamicOwnership =
      options.privateFunctionDynamicOwnership;
  pm.addPass(createCheckBufferDeallocationInputPass(checkOptions));

  if (options.manualDeallocation) {
    ManualAwareOwnershipBasedDeallocationPassOptions deallocOptions;
    deallocOptions.privateFunctionDynamicOwnership =
        options.privateFunctionDynamicOwnership;
    pm.addPass(createManualAwareOwnershipBasedDeallocationPass(deallocOptions));
  } else {
    OwnershipBasedBufferDeallocationPassOptions deallocOptions;
    deallocOptions.privateFuncDynamicOwnership =
        options.privateFunctionDynamicOwnership;
    pm.addPass(createOwnershipBasedBufferDeallocationPass(deallocOptions));
  }
  pm.addPass(createPipelineCanonicalizerPass());

  // Every free from here on is one the deallocation inserted, and, without
  // ownership passed to private functions, no function frees its arguments.
  SummarizeCalleeBuffersPassOptions summarizeOptions;
  summarizeOptions.freesFollowOwnership =
      !options.manualDeallocation && !options.privateFunctionDynamicOwnership;

  if (options.stockDeallocSimplification)
    pm.addPass(createBufferDeallocationSimplificationPass());
  else
    pm.addPass(createSimplifyBufferDeallocationsPass(
        SimplifyBufferDeallocationsPassOptions{/*maxOriginWalk=*/256,
                                               /*confinedAllocations=*/true}));

  // Make the ownership of loop-carried buffers static where it is, and drop
  // the loop-carried indicators and emptied deallocs that leaves: the pass
  // canonicalizes what it changed, where a canonicalizer run would visit
  // every op of the module again.
  if (options.simplifyLoopOwnership) {
    SimplifyLoopOwnershipPassOptions loopOptions;
    loopOptions.canonicalize = true;
    pm.addPass(createSummarizeCalleeBuffersPass(summarizeOptions));
    pm.nestAny().addPass(createSimplifyLoopOwnershipPass(loopOptions));
  }

  // Make function results distinct buffers and mark the calls, whose results
  // then need no alias checks in the lowering below.
  if (options.noAliasFunctionResults) {
    UnaliasFunctionResultsPassOptions unaliasOptions;
    unaliasOptions.privateFunctionDynamicOwnership =
        options.privateFunctionDynamicOwnership;
    unaliasOptions.allowObservableCopies = options.allowObservableResultCopies;
    pm.addPass(createUnaliasFunctionResultsPass(unaliasOptions));
  }

  // Lower what needs few alias checks inline; the helper-based lowering takes
  // the rest (inside the same pass, which converts only what is left, where
  // upstream's pass would convert every op of the module).
  // Without it, upstream's helper-based lowering takes every op but those
  // with an operand that may be a `memref.view` at a byte shift: the helper
  // compares aligned pointers, which differ for a buffer and such a view of
  // it, and would free their allocation twice (fuzz seed 330309).
  LowerDeallocationsToSCFPassOptions lowerOptions;
  lowerOptions.lowerRestWithHelper = true;
  lowerOptions.onlyShiftedViews = !options.lowerDeallocationsToSCF;
  pm.addPass(createLowerDeallocationsToSCFPass(lowerOptions));

  // The lifetime and loop stages run on one function at a time, in parallel
  // where the pass manager may; they may not look into the functions they
  // call, and learn what those do with buffers from the summary before them.
  bool anyFunctionStage =
      options.doubleBufferLoops || options.hoistAllocDeallocPairs ||
      options.freeAtLastUse || options.elideCopies || options.reuseFreedBuffers;
  if (anyFunctionStage)
    pm.addPass(createSummarizeCalleeBuffersPass(summarizeOptions));
  OpPassManager *functionPm = anyFunctionStage ? &pm.nestAny() : nullptr;

  // Under `reuse-before-loop-stages`, once every free is a plain
  // `memref.dealloc`, free each buffer after its last use in its block and
  // let later allocations of the block take the freed buffers over, among
  // them the state that a loop's body frees in every iteration: a buffer
  // reused within an iteration is held for less time than one carried to the
  // next iteration or hoisted out of the loop, which the next stages do with
  // what is left. Frees go into the regions of a branch op only later: here,
  // that would keep a buffer of the block from leaving the loop with
  // hoisting.
  if (options.reuseBeforeLoopStages && options.freeAtLastUse &&
      options.reuseFreedBuffers) {
    FreeBuffersAtLastUsePassOptions inBlockOptions;
    inBlockOptions.intoRegions = false;
    functionPm->addPass(createFreeBuffersAtLastUsePass(inBlockOptions));
    // A buffer that the later stage frees in the regions of its last use is
    // left to it.
    ReuseFreedBuffersPassOptions earlyReuseOptions;
    earlyReuseOptions.skipBranchLastUses = true;
    functionPm->addPass(createReuseFreedBuffersPass(earlyReuseOptions));
  }

  // Buffers freed by a loop in every iteration can be recycled, and
  // per-iteration buffers (including the spares of inner loops) can leave
  // their loops.
  if (options.doubleBufferLoops)
    functionPm->addPass(createDoubleBufferLoopsPass());
  if (options.hoistAllocDeallocPairs)
    functionPm->addPass(createHoistAllocDeallocPairsPass());

  // Free temporaries as soon as they are dead, drop copies out of dying
  // buffers, and let later allocations of the same size take them over.
  if (options.freeAtLastUse)
    functionPm->addPass(createFreeBuffersAtLastUsePass());
  if (options.elideCopies)
    functionPm->addPass(createElideBufferCopiesPass());
  if (options.reuseFreedBuffers)
    functionPm->addPass(createReuseFreedBuffersPass());

  // Buffers that now die in the block that allocates them can live on the
  // stack, once every free sits where its buffer's lifetime ends.
  if (options.stackPromotionMaxBytes > 0) {
    PromoteTemporariesToStackPassOptions promoteOptions;
    promoteOptions.maxBufferBytes = options.stackPromotionMaxBytes;
    pm.addPass(createPromoteTemporariesToStackPass(promoteOptions));
  }

  // The deallocation clones buffers of unknown ownership that leave a
  // function or a region; a clone of a view with a static offset or strides
  // does not lower, so give it an allocation that the view fits in.
  if (options.expandStridedClones)
    pm.addPass(createExpandStridedClonesPass());
  pm.addPass(createCSEPass());
  pm.addPass(createPipelineCanonicalizerPass());
}

/// The description shared by both registrations.
static constexpr llvm::StringLiteral kPipelineDescription =
    "Inserts buffer deallocations after One-Shot Bufferize with the "
    "ownership-based deallocation, simplifies and lowers them. Deallocation "
    "operations (except `memref.realloc`) may be present already only under "
    "manual-deallocation.";

void mlir::bufferization::registerBufferDeallocationPipeline() {
  PassPipelineRegistration<DeallocationPipelineOptions>(
      "buffer-deallocation-pipeline", kPipelineDescription,
      buildDeallocationPipeline);
}

void mlir::bufferization::registerOptimizedBufferDeallocationPipeline() {
  PassPipelineRegistration<DeallocationPipelineOptions>(
      "optimized-buffer-deallocation-pipeline", kPipelineDescription,
      buildDeallocationPipeline);
}
