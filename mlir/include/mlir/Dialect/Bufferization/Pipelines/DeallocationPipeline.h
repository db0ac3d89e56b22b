//===- DeallocationPipeline.h - Buffer deallocation pipeline ----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the buffer deallocation pipeline of the series: upstream's
// ownership-based deallocation with the reuse, hoisting and lowering stages
// around it, each behind a pipeline option.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_PIPELINES_DEALLOCATIONPIPELINE_H
#define MLIR_DIALECT_BUFFERIZATION_PIPELINES_DEALLOCATIONPIPELINE_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace bufferization {

/// Options of the buffer deallocation pipeline. Every stage that the series
/// adds on top of upstream's pipeline gets a switch here, so that
/// `buffer-deallocation-pipeline{<stage>=false}` works in a pass pipeline
/// string. Upstream's option keeps its name and meaning.
struct DeallocationPipelineOptions
    : public PassPipelineOptions<DeallocationPipelineOptions> {
  PassOptions::Option<bool> liftUnstructuredControlFlow{
      *this, "lift-unstructured-control-flow",
      llvm::cl::desc("Lift regions with loops of blocks or multi-way "
                     "branches, which the ownership-based deallocation "
                     "rejects, to scf ops first"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> liftAllocatingBranches{
      *this, "lift-allocating-branches",
      llvm::cl::desc("Under merge-alloc, also lift regions of cf branches "
                     "that allocate and are in no loop to scf ops, so that "
                     "merge-alloc plans the buffers of their arms together; "
                     "the rest of the pipeline frees a buffer that one arm "
                     "passes on later than the branches do, which can raise "
                     "the peak"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> mergeAlloc{
      *this, "merge-alloc",
      llvm::cl::desc("Plan the temporary buffers of each allocation scope "
                     "into one buffer at compile time (merge-alloc) before "
                     "the deallocation"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> freshResultsToOutParams{
      *this, "fresh-results-to-out-params",
      llvm::cl::desc("Let callers allocate the buffers that functions "
                     "return when a function always returns a buffer it "
                     "allocated first (fresh-buffer-results-to-out-params)"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> mergeAllocWorstRun{
      *this, "merge-alloc-worst-run",
      llvm::cl::desc("Under merge-alloc, keep the peak of the costliest runs "
                     "of each scope instead of that of every run "
                     "(merge-alloc{keep-peak=worst-run}): buffers of "
                     "exclusive branches of unequal cost may then share "
                     "one merged buffer"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> calleeWorkspace{
      *this, "callee-workspace",
      llvm::cl::desc("Under merge-alloc, plan the temporaries of each "
                     "function whose every call is visible into a "
                     "workspace that its callers allocate and pass in, so "
                     "that they plan it with their own temporaries"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> publicFunctionWorkspace{
      *this, "public-function-workspace",
      llvm::cl::desc("Under merge-alloc and callee-workspace, let public "
                     "functions take a workspace too: the module must hold "
                     "every call of them"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> wrapPublicFunctions{
      *this, "wrap-public-functions",
      llvm::cl::desc("Under merge-alloc and callee-workspace, let the "
                     "module's calls of a public function pass a workspace "
                     "to a private function that takes its body; the public "
                     "function keeps its signature as a wrapper"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> privateFunctionDynamicOwnership{
      *this, "private-function-dynamic-ownership",
      llvm::cl::desc(
          "Allows to add additional results to private functions to return "
          "ownership of returned memrefs to callers. This can avoid spurious "
          "buffer clones in the callee."),
      llvm::cl::init(false)};

  PassOptions::Option<bool> manualDeallocation{
      *this, "manual-deallocation",
      llvm::cl::desc(
          "Accept input that already frees buffers: buffers freed in the "
          "input are managed by hand and left alone, and so are functions "
          "that free buffers they do not allocate (as the output of this "
          "pipeline does), so that the pipeline can run twice"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> stockDeallocSimplification{
      *this, "stock-dealloc-simplification",
      llvm::cl::desc("Simplify the deallocations with upstream's "
                     "buffer-deallocation-simplification, which is quadratic "
                     "in the operands of an op, instead of "
                     "simplify-buffer-deallocations (for comparison)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> noAliasFunctionResults{
      *this, "no-alias-function-results",
      llvm::cl::desc(
          "Guarantee that no memref result of a function is the same buffer "
          "as another result (cloning it, at run time only if they may "
          "alias), so that callers free results without runtime alias "
          "checks; false keeps the upstream ownership ABI"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> allowObservableResultCopies{
      *this, "allow-observable-result-copies",
      llvm::cl::desc(
          "Under no-alias-function-results, also clone results where a "
          "caller may tell the clone from the result, which changes what "
          "programs that write through one result and read another compute; "
          "by default such functions keep the upstream ownership ABI"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> boundDynamicAllocations{
      *this, "bound-dynamic-allocations",
      llvm::cl::desc("Allocate the dynamically sized buffers of loops at a "
                     "constant upper bound of their sizes, viewed at the "
                     "actual sizes, so that they can be recycled and hoisted "
                     "like static buffers"),
      llvm::cl::init(true)};

  PassOptions::Option<uint64_t> dynamicAllocationMaxBytes{
      *this, "dynamic-allocation-max-bytes",
      llvm::cl::desc("Largest size in bytes, at its bound, of a dynamically "
                     "sized loop buffer that bound-dynamic-allocations "
                     "rewrites"),
      llvm::cl::init(65536)};

  PassOptions::Option<bool> simplifyLoopOwnership{
      *this, "simplify-loop-ownership",
      llvm::cl::desc("Fold the ownership indicators of loops to constants "
                     "where they are the same in every iteration, and hand "
                     "init buffers freed right after a loop to the loop"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> doubleBufferLoops{
      *this, "double-buffer-loops",
      llvm::cl::desc("Carry the buffers that loops free in every iteration "
                     "to the next iteration, where they replace an "
                     "allocation of the same type"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> hoistAllocDeallocPairs{
      *this, "hoist-alloc-dealloc-pairs",
      llvm::cl::desc("Move allocations that are freed in the same iteration "
                     "of a sequential loop out of the loop"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> freeAtLastUse{
      *this, "free-at-last-use",
      llvm::cl::desc("Move each memref.dealloc up to right after the last "
                     "use of its buffer in its block"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> elideCopies{
      *this, "elide-copies",
      llvm::cl::desc("Remove a memref.copy from a buffer that dies at the "
                     "copy by letting one buffer take the place of the other"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> reuseDyingInputs{
      *this, "reuse-dying-inputs",
      llvm::cl::desc("Let an elementwise linalg op write its result into an "
                     "input buffer that dies at the op instead of a fresh "
                     "allocation"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> reuseFreedBuffers{
      *this, "reuse-freed-buffers",
      llvm::cl::desc("Let an allocation take over a buffer of the same size "
                     "freed before it in the same block"),
      llvm::cl::init(true)};

  PassOptions::Option<bool> reuseBeforeLoopStages{
      *this, "reuse-before-loop-stages",
      llvm::cl::desc(
          "Before double-buffer-loops, free each buffer after its last use in "
          "its block and let later allocations of the block take it over "
          "(loop states freed in the body included), so that buffers are "
          "reused within an iteration before the loop stages carry or hoist "
          "what is left; needs free-at-last-use and reuse-freed-buffers"),
      llvm::cl::init(false)};

  PassOptions::Option<bool> expandStridedClones{
      *this, "expand-strided-clones",
      llvm::cl::desc("Give each bufferization.clone of a view with a static "
                     "offset or strides an allocation the view fits in, so "
                     "that convert-bufferization-to-memref lowers it"),
      llvm::cl::init(true)};

  PassOptions::Option<uint64_t> stackPromotionMaxBytes{
      *this, "stack-promotion-max-bytes",
      llvm::cl::desc("Largest buffer, in bytes, that "
                     "promote-temporaries-to-stack moves to the stack when it "
                     "dies in the block that allocates it; 0 turns the stage "
                     "off"),
      llvm::cl::init(1024)};

  PassOptions::Option<bool> lowerDeallocationsToSCF{
      *this, "lower-deallocations-to-scf",
      llvm::cl::desc(
          "Lower deallocations with few operands to guarded memref.dealloc "
          "ops with inline alias checks instead of calls to the "
          "dealloc_helper function, which allocates its arguments on the heap"),
      llvm::cl::init(true)};
};

/// Adds the stages of the buffer deallocation pipeline to `pm`, which must be
/// anchored on a `builtin.module`; each stage of the series runs only under
/// its option (mlir/docs/BufferDeallocationPipeline.md):
///   1. `mark-manual-deallocations` (`manual-deallocation`, off by default),
///   2. `lift-unstructured-control-flow`,
///   3. `linalg-reuse-dying-inputs` (`reuse-dying-inputs`),
///   4. `merge-alloc` (off by default),
///   5. `expand-realloc` (without deallocations) and `canonicalize`,
///   6. `check-buffer-deallocation-input` and `prepare-buffer-deallocation`,
///   7. `ownership-based-buffer-deallocation`, or
///      `manual-aware-ownership-based-deallocation` under
///      `manual-deallocation`,
///   8. `canonicalize` and `buffer-deallocation-simplification`,
///   9. `simplify-loop-ownership` and `canonicalize`,
///   10. `unalias-function-results` (`no-alias-function-results`),
///   11. `lower-deallocations-to-scf`, then
///       `bufferization-lower-deallocations` for what is left,
///   12. `double-buffer-loops`, `hoist-alloc-dealloc-pairs`,
///       `free-buffers-at-last-use`, `elide-buffer-copies` and
///       `reuse-freed-buffers`,
///   13. `promote-temporaries-to-stack` (`stack-promotion-max-bytes`, 1 KiB
///       by default, 0 leaves it out),
///   14. `cse` and `canonicalize`.
void buildDeallocationPipeline(OpPassManager &pm,
                               const DeallocationPipelineOptions &options);

/// Registers the pipeline as `buffer-deallocation-pipeline`. Pass and pipeline
/// names are kept by their first registration, so a tool that wants this
/// pipeline in place of upstream's must call this function before
/// `registerAllPasses()`.
void registerBufferDeallocationPipeline();

/// Registers the pipeline as `optimized-buffer-deallocation-pipeline`, a name
/// that does not collide with upstream's: this is how the pass plugin offers
/// the pipeline to a stock `mlir-opt`.
void registerOptimizedBufferDeallocationPipeline();

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_PIPELINES_DEALLOCATIONPIPELINE_H
