//===- PromoteTemporariesToStack.cpp - Small buffers on the stack ---------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the promotion of small buffers that die in the block
// that allocates them to stack allocations, after deallocations have been
// inserted, lowered and moved to the last use of their buffers.
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SCCIterator.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_PROMOTETEMPORARIESTOSTACKPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

static constexpr llvm::StringLiteral kRemarkCategory =
    "promote-temporaries-to-stack";

/// Returns the functions nested in `root` that may call themselves, directly
/// or through other functions of `root`: a stack buffer in one of them is
/// held once per active call. A function that calls a function outside of
/// `root` (the pass run per function) counts as recursive too: the pass may
/// not look into that function, which may call back.
static DenseSet<Operation *> findRecursiveFunctions(Operation *root) {
  DenseSet<Operation *> recursive;
  CallGraph callGraph(root);
  const CallGraph *graph = &callGraph;
  for (auto scc = llvm::scc_begin(graph); !scc.isAtEnd(); ++scc) {
    if (!scc.hasCycle())
      continue;
    for (const CallGraphNode *node : *scc)
      if (!node->isExternal())
        recursive.insert(node->getCallableRegion()->getParentOp());
  }
  SymbolTableCollection symbolTables;
  root->walk([&](CallOpInterface call) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    if (!callee || root->isAncestor(callee))
      return;
    if (auto function = call->getParentOfType<FunctionOpInterface>())
      recursive.insert(function);
  });
  return recursive;
}

/// Returns true if the iterations of `op`, a loop, run one after the other,
/// so that a buffer that dies within an iteration may take the same memory
/// in every iteration.
static bool isSequentialLoop(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, affine::AffineForOp>(op);
}

Region *bufferization::getStackScopeRegion(Operation *alloc) {
  for (Region *region = alloc->getParentRegion(); region;
       region = region->getParentOp()->getParentRegion()) {
    Operation *parent = region->getParentOp();
    if (isa<FunctionOpInterface, memref::AllocaScopeOp>(parent))
      return region;
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (!branch)
      return nullptr;
    bool isLoop = isa<LoopLikeOpInterface>(parent) ||
                  branch.isRepetitiveRegion(region->getRegionNumber());
    if (isLoop && !isSequentialLoop(parent))
      return nullptr;
  }
  return nullptr;
}

/// Returns true if every use of `alloc` and of every value that may alias it
/// is in an op strictly between `alloc` and `dealloc` in their block (or in
/// `dealloc`, or in `metadata`, the op that gives `dealloc` the base buffer)
/// and is understood (see `BufferLifetimeAnalysis::isUnderstoodUse`), and
/// none other than `dealloc` may free the buffer.
static bool diesInBlock(memref::AllocOp alloc, memref::DeallocOp dealloc,
                        Operation *metadata, BufferLifetimeAnalysis &analysis) {
  return succeeded(analysis.getUseRangeInBlock(
      alloc.getResult(), *alloc->getBlock(),
      [&](OpOperand &use, Operation *ancestor) {
        Operation *user = use.getOwner();
        if (user == dealloc || user == metadata)
          return BufferUseAction::Skip;
        if (!ancestor || !alloc->isBeforeInBlock(ancestor) ||
            !ancestor->isBeforeInBlock(dealloc))
          return BufferUseAction::Stop;
        if (isa<memref::DeallocOp, memref::ReallocOp, bufferization::DeallocOp>(
                user))
          return BufferUseAction::Stop;
        auto effects = dyn_cast<MemoryEffectOpInterface>(user);
        if (effects && effects.getEffectOnValue<MemoryEffects::Free>(use.get()))
          return BufferUseAction::Stop;
        if (!analysis.isUnderstoodUse(use))
          return BufferUseAction::Stop;
        return BufferUseAction::Count;
      }));
}

/// Returns the buffer that a `memref.dealloc` of `memref` frees: the source
/// of the `memref.extract_strided_metadata` that gives its base buffer, and
/// of the `memref.cast` and `memref.reinterpret_cast` ops it is a view of
/// (`reuse-freed-buffers` frees a buffer it took over through the view it
/// made), whose allocation is the same.
static Value getFreedBuffer(Value memref) {
  Value freed = getFreedMemRef(memref);
  while (Operation *def = freed.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      freed = cast.getSource();
    else if (auto view = dyn_cast<memref::ReinterpretCastOp>(def))
      freed = view.getSource();
    else
      break;
  }
  return freed;
}

/// Returns the frees of the small static buffers of their own block under
/// `root`, outside of the functions left alone, with the bytes of each: what
/// the IR alone says, before the analyses are built.
static SmallVector<std::pair<memref::DeallocOp, uint64_t>>
collectSmallBufferFrees(Operation *root, uint64_t maxBufferBytes) {
  FunctionsLeftAlone leftAlone(root);
  SmallVector<std::pair<memref::DeallocOp, uint64_t>> deallocs;
  root->walk([&](memref::DeallocOp dealloc) {
    if (leftAlone.contains(dealloc))
      return;
    auto alloc =
        getFreedBuffer(dealloc.getMemref()).getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != dealloc->getBlock() ||
        !alloc->isBeforeInBlock(dealloc))
      return;
    // Only the default memory space (`MemRefType` drops an integer 0 one)
    // is host memory that `memref.alloca` can take. A buffer with operands
    // (dynamic sizes, layout symbols) would need them defined at the start
    // of the scope.
    MemRefType type = alloc.getType();
    if (type.getMemorySpace() || alloc->getNumOperands() != 0)
      return;
    std::optional<int64_t> bytes = getStaticByteSize(type, alloc);
    if (bytes && static_cast<uint64_t>(*bytes) <= maxBufferBytes)
      deallocs.emplace_back(dealloc, *bytes);
  });
  return deallocs;
}

/// Replaces `alloc`, whose buffer `dealloc` frees and which is dead after
/// it, with a `memref.alloca` in the entry block of `scope`, and erases
/// `dealloc`: one slot of the frame, which every run of the block (each
/// iteration of a loop around it) takes again, as the buffer dies within
/// that run. Buffers moved there keep their order, after those moved before
/// them (`lastMoved`, by entry block). Returns the stack allocation.
static memref::AllocaOp moveToStack(RewriterBase &rewriter,
                                    memref::AllocOp alloc,
                                    memref::DeallocOp dealloc, Region *scope,
                                    DenseMap<Block *, Operation *> &lastMoved,
                                    BufferLifetimeAnalysis &analysis) {
  eraseDeallocAndMetadata(rewriter, dealloc);
  Block *entry = &scope->front();
  if (alloc->getBlock() == entry)
    rewriter.setInsertionPoint(alloc);
  else if (Operation *previous = lastMoved.lookup(entry))
    rewriter.setInsertionPointAfter(previous);
  else
    rewriter.setInsertionPointToStart(entry);
  auto alloca = memref::AllocaOp::create(
      rewriter, alloc.getLoc(), alloc.getType(), alloc.getAlignmentAttr());
  if (alloc->getBlock() != entry)
    lastMoved[entry] = alloca;
  alloca->setDiscardableAttrs(alloc->getDiscardableAttrDictionary());
  analysis.notifyReplaced(alloc.getResult(), alloca.getResult());
  rewriter.replaceOp(alloc, alloca.getResult());
  return alloca;
}

StackPromotionCounts mlir::bufferization::promoteTemporariesToStack(
    RewriterBase &rewriter, Operation *root, uint64_t maxBufferBytes,
    uint64_t maxFrameBytes) {
  StackPromotionCounts counts;
  SmallVector<std::pair<memref::DeallocOp, uint64_t>> deallocs =
      collectSmallBufferFrees(root, maxBufferBytes);
  if (deallocs.empty())
    return counts;

  BufferLifetimeAnalysis analysis(root);
  DenseSet<Operation *> recursive = findRecursiveFunctions(root);
  // The bytes promoted so far in each function.
  DenseMap<Operation *, uint64_t> frameBytes;
  // The last stack allocation moved to the start of each entry block.
  DenseMap<Block *, Operation *> lastMoved;
  for (auto [dealloc, bytes] : deallocs) {
    Value memref = dealloc.getMemref();
    // An earlier promotion may have replaced the allocation.
    auto alloc = getFreedBuffer(memref).getDefiningOp<memref::AllocOp>();
    if (!alloc)
      continue;
    Operation *function = alloc->getParentOfType<FunctionOpInterface>();
    if (!function || recursive.contains(function))
      continue;
    uint64_t &promotedInFunction = frameBytes[function];
    if (promotedInFunction + bytes > maxFrameBytes)
      continue;
    Region *scope = getStackScopeRegion(alloc);
    if (!scope)
      continue;
    Operation *metadata =
        memref.getDefiningOp<memref::ExtractStridedMetadataOp>();
    if (!diesInBlock(alloc, dealloc, metadata, analysis))
      continue;

    // The buffer is dead after the deallocation, so its aliases are too.
    memref::AllocaOp alloca =
        moveToStack(rewriter, alloc, dealloc, scope, lastMoved, analysis);
    promotedInFunction += bytes;
    ++counts.numBuffers;
    counts.numBytes += bytes;
    remark::passed(
        alloca.getLoc(),
        remark::RemarkOpts::name("PromotedToStack").category(kRemarkCategory))
        << ("buffer of " + Twine(bytes) + " bytes moved to the stack").str();
  }
  return counts;
}

namespace {
/// Turns small buffers that die in their block into stack allocations.
struct PromoteTemporariesToStackPass
    : public bufferization::impl::PromoteTemporariesToStackPassBase<
          PromoteTemporariesToStackPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    StackPromotionCounts counts = promoteTemporariesToStack(
        rewriter, getOperation(), maxBufferBytes, maxFrameBytes);
    numBuffersPromoted += counts.numBuffers;
    numBytesPromoted += counts.numBytes;
    if (counts.numBuffers == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace
