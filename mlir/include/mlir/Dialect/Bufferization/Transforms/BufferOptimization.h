//===- BufferOptimization.h - Buffer optimizations --------------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the transformations behind the series' bufferization passes
// (preparation for the deallocation, lowering of deallocations, buffer reuse
// after the deallocation) as entry points that other pipelines can call, and
// the patterns of the lowering. In tree, these join
// mlir/Dialect/Bufferization/Transforms/Transforms.h; the passes are declared
// in BufferOptimizationPasses.h.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATION_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATION_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
class Operation;
class Region;
class RewritePatternSet;
class RewriterBase;

namespace bufferization {
class AllocationIdentities;
class CallAwareBufferOriginAnalysis;
class BufferLifetimeAnalysis;
class CalleeBufferFacts;

/// Gives every use of a `bufferization.alloc_tensor` op nested in `root` (and
/// of a `tensor.empty` op if `splitEmptyTensors` is set) its own copy of the
/// op, placed right after the original. Returns the number of ops created.
unsigned splitAllocTensors(RewriterBase &rewriter, Operation *root,
                           bool splitEmptyTensors);

/// Inserts an identity cast right after each result that is used in another
/// block of an op nested in `root` that ownership-based deallocation may
/// replace (an op with regions, or a call to a private function with a
/// body), and lets those uses use the cast: the deallocation keeps such a
/// cast alive across blocks, but not the result of a replaced op. Ranked
/// memrefs get a `memref.cast`, any other value a
/// `builtin.unrealized_conversion_cast`. Returns the number of casts
/// inserted.
unsigned castResultsUsedInOtherBlocks(Operation *root);

/// Promotes the stack slots of memref descriptors nested in `root` (a
/// `memref.alloca` of a memref element type that only `memref.load` and
/// `memref.store` use) to SSA values with upstream's mem2reg, so that
/// ownership-based deallocation sees which buffer each load yields. It
/// follows SSA values only: a buffer whose descriptor is stored and loaded
/// back in another block would otherwise be freed before that block runs.
/// Returns true if a slot was promoted.
bool promoteDescriptorSlots(Operation *root);

/// Simplifies the `bufferization.dealloc` ops nested in `root` with the
/// rewrites of upstream's `buffer-deallocation-simplification`, answering
/// each alias question from origins computed once per value, so that a
/// dealloc of `n` memrefs costs time near-linear in `n`. The walk from a
/// value to its terminal buffers visits at most `maxOriginWalk` values; a
/// value with more may alias any other. With `confinedAllocations`, an
/// allocation that no call, store or address extraction can reach differs
/// from every value not derived from it. If `changed` is given, it is set to
/// whether the IR changed.
LogicalResult simplifyBufferDeallocations(Operation *root,
                                          unsigned maxOriginWalk = 256,
                                          bool *changed = nullptr,
                                          bool confinedAllocations = false);

/// The debug name of upstream's canonicalization of `scf.if` that replaces
/// the uses of the condition inside its regions by constants. The
/// canonicalizations of `buffer-deallocation-pipeline` leave it out: it looks
/// at every use of the condition for every `scf.if`, which is quadratic in a
/// function of many `scf.if` ops on one condition (llvm-project issue
/// #166039), and the deallocation needs none of it.
inline constexpr llvm::StringLiteral kIfConditionPropagationPattern =
    "(anonymous namespace)::ConditionPropagation";

/// What `simplifyLoopOwnership` did.
struct LoopOwnershipSimplificationCounts {
  /// Loop-carried ownership indicators (and results) folded to constants.
  unsigned numFolded = 0;
  /// Buffers handed over to the loop or the branches that free them.
  unsigned numTransferred = 0;
};

/// Folds the ownership indicators of the `scf.for` and `scf.while` loops
/// nested in `root` that are false in every iteration, hands init buffers
/// that are freed right after a loop that always yields owned buffers over to
/// the loop, whose indicators then fold to true, and hands buffers that some
/// regions of an `scf.if` or `scf.index_switch` yield and that are freed
/// right after it over to its regions. Expects the IR that the
/// ownership-based deallocation produces, before its `bufferization.dealloc`
/// ops are lowered. Calls of functions outside of `root` are answered by
/// `callees` if given (see `CalleeBufferFacts`), and conservatively
/// otherwise.
LoopOwnershipSimplificationCounts
simplifyLoopOwnership(RewriterBase &rewriter, Operation *root,
                      const CalleeBufferFacts *callees = nullptr);

/// Double-buffers the `scf.for` and `scf.while` loops nested in `root`: a
/// `memref.alloc` in a loop region (static, or with sizes computed before the
/// loop that every buffer of the loop shares) is replaced with a spare buffer
/// carried by the loop, and a `memref.dealloc` in the same block that frees a
/// buffer of the same type from the previous iteration hands that buffer on
/// as the next spare instead. Where a loop frees or allocates such
/// buffers only in some iterations, it carries a spare and whether it holds
/// one, and the allocations take the spare when there is one. Returns the
/// number of allocations replaced or that may take a spare.
unsigned doubleBufferLoops(RewriterBase &rewriter, Operation *root);

/// Allocates the dynamically sized buffers in loops in `root` whose sizes
/// have a constant upper bound of at most `maxBytes` bytes at that bound,
/// viewed at the actual sizes. Returns the number of allocations rewritten.
unsigned boundDynamicAllocations(RewriterBase &rewriter, Operation *root,
                                 uint64_t maxBytes);

/// Moves each `memref.dealloc` nested in `root` up to right after the last
/// op of its block that uses the buffer or an alias of it, unless an alias
/// escapes the block or is used in a way that may keep its address. Returns
/// the number of deallocations moved.
///
/// `analysis`, if given, is an analysis of `root` that the caller shares
/// (see `BufferLifetimeAnalysis(Operation *, AnalysisManager &)`), and the
/// function keeps it up to date; otherwise the function builds its own,
/// which answers calls of functions outside of `root` conservatively. The
/// same holds for the entry points below that take one.
///
/// With `intoRegions` false, a deallocation whose last use is an op with
/// regions stays after that op instead of going into its regions.
unsigned freeBuffersAtLastUse(RewriterBase &rewriter, Operation *root,
                              BufferLifetimeAnalysis *analysis = nullptr,
                              bool intoRegions = true);

/// Removes the `memref.copy` ops nested in `root` whose source is freed after
/// the copy and not used any more, by letting the source serve as the target
/// (when the target is a fresh allocation unused before the copy) or the
/// target serve as the source (when the source is a fresh allocation and
/// nothing between it and the copy touches the target's memory). Returns
/// the number of copies removed.
unsigned elideBufferCopies(RewriterBase &rewriter, Operation *root,
                           BufferLifetimeAnalysis *analysis = nullptr);

/// Replaces each static `memref.alloc` nested in `root` with a buffer of the
/// same size that a `memref.dealloc` earlier in the same block frees and
/// nobody uses afterwards, and drops that deallocation. Unless
/// `allowPeakIncrease`, a buffer is only taken over where holding it until
/// the allocation provably does not raise the most bytes its block holds.
/// If `skipBranchLastUses`, a buffer last used in the regions of an `scf.if`
/// or `scf.index_switch` right before its deallocation, which
/// `free-buffers-at-last-use` would free in those regions, is left to it.
/// Returns the number of allocations replaced and adds their bytes to
/// `numBytesReused`.
unsigned reuseFreedBuffers(RewriterBase &rewriter, Operation *root,
                           uint64_t &numBytesReused,
                           bool allowPeakIncrease = false,
                           bool skipBranchLastUses = false,
                           BufferLifetimeAnalysis *analysis = nullptr);

/// What `promoteTemporariesToStack` did.
struct StackPromotionCounts {
  /// Allocations turned into `memref.alloca` ops.
  unsigned numBuffers = 0;
  /// Their bytes.
  uint64_t numBytes = 0;
  /// Those of them that took the slot of buffers dead whenever they are
  /// alive, adding no bytes to the frame.
  unsigned numShared = 0;
};

/// Returns the region whose entry block can hold the `memref.alloca` that
/// would replace `alloc`, a `memref.alloc` (`promoteTemporariesToStack`): that
/// of the closest function or `memref.alloca_scope` around it, which releases
/// the stack when it ends. Returns nullptr if an op between the two has regions
/// whose execution is not described by `RegionBranchOpInterface`, or is a loop
/// whose iterations may run at the same time (each would need a buffer of
/// its own).
Region *getStackScopeRegion(Operation *alloc);

/// Turns each static `memref.alloc` nested in `root` of at most
/// `maxBufferBytes` bytes that a `memref.dealloc` later in the same block
/// frees, and whose aliases are only used in understood ways between the
/// two, into a `memref.alloca` at the start of the enclosing function (or
/// `memref.alloca_scope`), and drops the deallocation. A buffer in a loop
/// whose iterations may run at the same time, or in an op with regions that
/// `RegionBranchOpInterface` does not describe, is left alone, as are
/// recursive functions; at most `maxFrameBytes` bytes are promoted per
/// function.
StackPromotionCounts promoteTemporariesToStack(RewriterBase &rewriter,
                                               Operation *root,
                                               uint64_t maxBufferBytes,
                                               uint64_t maxFrameBytes);

/// Moves each `memref.alloc` nested in `root` that is freed by a
/// `memref.dealloc` in the same iteration of a sequential loop (`scf.for`,
/// `scf.while`) out of that loop and of as many enclosing sequential loops as
/// its sizes allow, with the deallocation after the outermost of them. Returns
/// the number of loops left by all allocations.
unsigned hoistAllocDeallocPairs(RewriterBase &rewriter, Operation *root,
                                BufferLifetimeAnalysis *analysis = nullptr);

/// Marks the buffers freed by hand in the functions under `module`, and the
/// functions managed by hand as a whole (see `mark-manual-deallocations`).
/// Returns failure after emitting an error for a function that cannot be
/// managed either way.
LogicalResult markManualDeallocations(Operation *module,
                                      bool privateFunctionDynamicOwnership);

/// Makes the memref results of every function under `module` that follows the
/// no-alias ABI alias neither each other nor (by the ownership ABI) the
/// arguments: clones a result that is the same buffer as an earlier one,
/// statically or, if that is unknown, as checked at run time. Marks those
/// functions and the calls of them with `func::kNoAliasResultsAttrName`.
/// Private functions are left to the dynamic ownership ABI if
/// `privateFunctionDynamicOwnership` is set. Unless `allowObservableCopies`
/// is set, a function that may need a clone follows the ABI only if no
/// caller can tell the clone from the result (see
/// `unalias-function-results`). Returns the number of results that may be
/// cloned; if `changed` is given, sets it to whether the IR changed.
unsigned unaliasFunctionResults(Operation *module,
                                bool privateFunctionDynamicOwnership,
                                bool allowObservableCopies = false,
                                bool *changed = nullptr);

/// Adds a pattern that expands each `bufferization.clone` of a memref whose
/// layout has a static offset and static strides that an identity-layout
/// allocation cannot be cast to into an allocation, a
/// `memref.reinterpret_cast` and a `memref.copy` (see `expand-strided-clones`).
void populateExpandStridedClonesPatterns(RewritePatternSet &patterns);

/// Adds a pattern that lowers `bufferization.dealloc` ops to `scf.if`-guarded
/// `memref.dealloc` ops with inline alias checks, for ops that need at most
/// `maxAliasChecks` runtime pointer comparisons. `analysis` decides aliasing
/// statically where it can and must outlive the patterns.
/// `identities`, if given, identifies the allocations of buffers whose
/// aligned pointers may be shifted (`memref.view` at a byte shift); such
/// deallocations are then lowered whatever their number of checks, and a
/// buffer whose allocation cannot be identified is kept rather than freed
/// twice, with a warning. A retained memref that an `scf.if` or
/// `arith.select` on a memref's condition makes that memref whenever the
/// condition holds needs no runtime check against it; `selectingOps`, if
/// given, receives those ops.
void populateLowerDeallocationsToSCFPatterns(
    RewritePatternSet &patterns, CallAwareBufferOriginAnalysis &analysis,
    unsigned maxAliasChecks, AllocationIdentities *identities = nullptr,
    llvm::SmallSetVector<Operation *, 8> *selectingOps = nullptr,
    bool onlyShiftedPointers = false);

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATION_H
