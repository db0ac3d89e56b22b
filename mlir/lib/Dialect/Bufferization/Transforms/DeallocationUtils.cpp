//===- DeallocationUtils.cpp - Helpers on lowered deallocations -----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/FoldUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::bufferization;

void ChangedOpsRecorder::record(Operation *op) {
  if (live.insert(op).second)
    order.push_back(op);
}

void ChangedOpsRecorder::notifyOperationInserted(
    Operation *op, OpBuilder::InsertPoint previous) {
  ChangeRecorder::notifyOperationInserted(op, previous);
  record(op);
}

void ChangedOpsRecorder::notifyOperationModified(Operation *op) {
  ChangeRecorder::notifyOperationModified(op);
  record(op);
}

void ChangedOpsRecorder::notifyOperationErased(Operation *op) {
  ChangeRecorder::notifyOperationErased(op);
  // A later op may take the address; it is recorded anew then.
  live.erase(op);
  // What the op used may be dead now: an op, or an argument of an op with
  // regions (the iteration argument of a loop). Not a function's argument:
  // canonicalization keeps those, and the function's parent holds ops that
  // other threads may be transforming.
  for (Value operand : op->getOperands()) {
    if (!operand)
      continue;
    if (Operation *def = operand.getDefiningOp())
      record(def);
    else if (Operation *owner = operand.getParentBlock()->getParentOp();
             owner && !owner->hasTrait<OpTrait::IsIsolatedFromAbove>())
      record(owner);
  }
}

SmallVector<Operation *> ChangedOpsRecorder::takeChangedOps() {
  SmallVector<Operation *> ops;
  for (Operation *op : order)
    if (live.erase(op))
      ops.push_back(op);
  order.clear();
  return ops;
}

FrozenRewritePatternSet
bufferization::getDeallocationCanonicalizations(MLIRContext *context) {
  StringRef dialects[] = {arith::ArithDialect::getDialectNamespace(),
                          BufferizationDialect::getDialectNamespace(),
                          memref::MemRefDialect::getDialectNamespace(),
                          scf::SCFDialect::getDialectNamespace()};
  RewritePatternSet patterns(context);
  // In the canonicalizer's order (the order of patterns of equal benefit
  // decides which one applies), from the list of all registered ops:
  // `MLIRContext::getRegisteredOperationsByDialect` gives no op of `scf`,
  // `memref` and `bufferization` in MLIR 22 (only `arith`'s). An op whose
  // dialect is not loaded is not registered either.
  SmallVector<Dialect *, 4> loaded;
  for (StringRef name : dialects)
    if (Dialect *dialect = context->getLoadedDialect(name)) {
      dialect->getCanonicalizationPatterns(patterns);
      loaded.push_back(dialect);
    }
  for (RegisteredOperationName op : context->getRegisteredOperations())
    if (llvm::is_contained(loaded, &op.getDialect()))
      op.getCanonicalizationPatterns(patterns, context);
  return FrozenRewritePatternSet(
      std::move(patterns),
      /*disabledPatternLabels=*/{kIfConditionPropagationPattern.str()});
}

/// Appends the ops nested in `scope` whose results are all unused and that
/// have no effect to `ops`.
static void collectDeadOps(Operation *scope,
                           SmallVectorImpl<Operation *> &ops) {
  scope->walk([&](Operation *op) {
    if (op != scope && op->getNumResults() && op->use_empty() &&
        isOpTriviallyDead(op))
      ops.push_back(op);
  });
}

/// Returns the ops a round of `canonicalizeChangedOps` starts from, in the
/// order the driver takes them from the end of its worklist: the ops in
/// `changed` and the terminators of their blocks, then the ops that enclose
/// them (inner ones first; a loop whose iteration argument lost its uses is
/// not among the changed ops, but its users in the body are), then the ops
/// that define their operands, which their changes may have left unused, or
/// which are constants that the enclosing ops' patterns want hoisted. Adds
/// the nearest enclosing ops that are isolated from above to `scopes`.
static SmallVector<Operation *>
getRoundRoots(ArrayRef<Operation *> changed,
              llvm::SetVector<Operation *> &scopes) {
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Operation *> ops;
  for (Operation *op : changed) {
    // An op isolated from above (a function) bounds the round: its parent
    // holds ops that other threads may be transforming.
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      scopes.insert(op);
    else if (seen.insert(op).second)
      ops.push_back(op);
  }
  for (Operation *op : changed) {
    Block *block = op->getBlock();
    if (block->mightHaveTerminator() &&
        seen.insert(block->getTerminator()).second)
      ops.push_back(block->getTerminator());
  }
  SmallVector<Operation *> enclosing, definitions;
  for (Operation *op : ops) {
    Operation *parent = op->getParentOp();
    for (; parent && !parent->hasTrait<OpTrait::IsIsolatedFromAbove>();
         parent = parent->getParentOp())
      if (seen.insert(parent).second)
        enclosing.push_back(parent);
    if (parent)
      scopes.insert(parent);
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (seen.insert(def).second)
          definitions.push_back(def);
  }
  // Outer enclosing ops first in the list, so that the driver takes them
  // after the ops they enclose.
  auto depth = [](Operation *op) {
    unsigned numParents = 0;
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp())
      ++numParents;
    return numParents;
  };
  SmallVector<std::pair<unsigned, Operation *>> byDepth;
  for (Operation *op : enclosing)
    byDepth.emplace_back(depth(op), op);
  llvm::stable_sort(byDepth, llvm::less_first());
  enclosing.clear();
  for (auto &[opDepth, op] : byDepth)
    enclosing.push_back(op);
  SmallVector<Operation *> roots = std::move(definitions);
  llvm::append_range(roots, enclosing);
  llvm::append_range(roots, llvm::reverse(ops));
  return roots;
}

/// Sorts `ops` into the order of a pre-order walk: an op before the ops
/// nested in it, the ops of a block in their order, the blocks of a region in
/// theirs and the regions of an op by their number. Ops without a common
/// ancestor keep their relative order. An op may be in `ops` more than once
/// (a changed op that is also dead).
static void sortInProgramOrder(SmallVectorImpl<Operation *> &ops) {
  // Each op's ancestors, outermost first, the op itself last.
  DenseMap<Operation *, SmallVector<Operation *, 8>> chains;
  for (Operation *op : ops) {
    auto [it, inserted] = chains.try_emplace(op);
    if (!inserted)
      continue;
    SmallVector<Operation *, 8> &chain = it->second;
    for (Operation *current = op; current; current = current->getParentOp())
      chain.push_back(current);
    std::reverse(chain.begin(), chain.end());
  }
  DenseMap<Block *, unsigned> blockNumbers;
  auto getBlockNumber = [&](Block *block) {
    auto it = blockNumbers.find(block);
    if (it != blockNumbers.end())
      return it->second;
    for (auto [number, sibling] : llvm::enumerate(*block->getParent()))
      blockNumbers[&sibling] = number;
    return blockNumbers.lookup(block);
  };
  llvm::stable_sort(ops, [&](Operation *a, Operation *b) {
    ArrayRef<Operation *> chainA = chains.find(a)->second;
    ArrayRef<Operation *> chainB = chains.find(b)->second;
    size_t i = 0, e = std::min(chainA.size(), chainB.size());
    while (i < e && chainA[i] == chainB[i])
      ++i;
    // One contains the other, or they are the same op.
    if (i == e)
      return chainA.size() < chainB.size();
    // Separate trees.
    if (i == 0)
      return false;
    Operation *x = chainA[i], *y = chainB[i];
    if (x->getBlock() == y->getBlock())
      return x->isBeforeInBlock(y);
    if (x->getParentRegion() == y->getParentRegion())
      return getBlockNumber(x->getBlock()) < getBlockNumber(y->getBlock());
    return x->getParentRegion()->getRegionNumber() <
           y->getParentRegion()->getRegionNumber();
  });
}

void bufferization::canonicalizeChangedOps(
    ArrayRef<Operation *> changed, const FrozenRewritePatternSet &patterns) {
  // As many rounds as the canonicalizer's iterations by default.
  constexpr unsigned kMaxRounds = 10;
  llvm::SetVector<Operation *> scopes;
  SmallVector<Operation *> next(changed);
  for (unsigned round = 0; round < kMaxRounds && !next.empty(); ++round) {
    // The order in which a pass records the ops it changes follows use
    // lists (replacing a value modifies its users in their order), which
    // depend on how earlier passes built the IR and may differ between runs
    // of the same input: in program order, the driver places the constants
    // it folds or hoists the same way every time.
    sortInProgramOrder(next);
    SmallVector<Operation *> roots = getRoundRoots(next, scopes);
    ChangedOpsRecorder recorder;
    // The canonicalizer hoists every constant to the entry of its function
    // (and merges equal ones) before it applies a pattern, so that the
    // patterns of loops see constants from their regions as loop-invariant:
    // do so for the constants among the roots.
    if (!roots.empty()) {
      OperationFolder folder(roots.front()->getContext(), &recorder);
      llvm::erase_if(roots, [&](Operation *op) {
        return op->hasTrait<OpTrait::ConstantLike>() &&
               !folder.insertKnownConstant(op);
      });
    }
    if (!roots.empty()) {
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::AnyOp);
      config.setListener(&recorder);
      (void)applyOpPatternsGreedily(roots, patterns, config);
    }
    // The driver does not revisit an op whose enclosing op or user it
    // changed, nor one whose last use a pattern dropped in place (as the
    // removal of an unused iteration argument of `scf.for` drops the
    // operand of its `scf.yield`): start the next round from what changed
    // and from the ops left dead.
    next = recorder.takeChangedOps();
    for (Operation *scope : scopes)
      collectDeadOps(scope, next);
  }
}

std::optional<bool> bufferization::onlyReadsOrWrites(MemoryEffectOpInterface op,
                                                     Value value) {
  SmallVector<MemoryEffects::EffectInstance> effects;
  op.getEffectsOnValue(value, effects);
  if (effects.empty())
    return std::nullopt;
  return llvm::all_of(effects, [](MemoryEffects::EffectInstance &effect) {
    return isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect());
  });
}

bool bufferization::isFunctionEntryArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return func && arg.getOwner() == &func.getFunctionBody().front();
}

MemRefType bufferization::getIdentityLayoutType(MemRefType type) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         MemRefLayoutAttrInterface(), type.getMemorySpace());
}

std::optional<SmallVector<Value, 2>>
bufferization::getIncomingValues(BlockArgument arg) {
  Operation *parent = arg.getOwner()->getParentOp();
  if (!isa<scf::ForOp, scf::WhileOp>(parent))
    return std::nullopt;
  auto branchOp = cast<RegionBranchOpInterface>(parent);
  // Find how control enters the region of `arg`, to learn the position of
  // `arg` among the values it receives.
  SmallVector<RegionSuccessor> successors;
  branchOp.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  for (Region &region : parent->getRegions())
    branchOp.getSuccessorRegions(region, successors);
  for (const RegionSuccessor &successor : successors) {
    if (successor.getSuccessor() != arg.getParentRegion())
      continue;
    ValueRange inputs = successor.getSuccessorInputs();
    auto it = llvm::find(inputs, arg);
    if (it == inputs.end())
      return std::nullopt;
    SmallVector<Value, 2> values;
    branchOp.getPredecessorValues(successor, std::distance(inputs.begin(), it),
                                  values);
    return values;
  }
  return std::nullopt;
}

std::optional<SmallVector<Value, 2>>
bufferization::getIncomingValues(OpResult result) {
  Operation *op = result.getOwner();
  if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(op))
    return std::nullopt;
  SmallVector<Value, 2> values;
  cast<RegionBranchOpInterface>(op).getPredecessorValues(
      RegionSuccessor(op, op->getResults()), result.getResultNumber(), values);
  return values;
}

bool bufferization::haveSameFootprint(MemRefType lhs, MemRefType rhs) {
  return lhs.hasStaticShape() && rhs.hasStaticShape() &&
         lhs.getLayout().isIdentity() && rhs.getLayout().isIdentity() &&
         lhs.getElementType() == rhs.getElementType() &&
         lhs.getMemorySpace() == rhs.getMemorySpace() &&
         lhs.getNumElements() == rhs.getNumElements();
}

bool bufferization::collectWholeAllocations(
    Value value, SmallVectorImpl<memref::AllocOp> &allocs,
    llvm::SmallDenseSet<Value> &visited) {
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!visited.insert(current).second)
      continue;
    if (auto alloc = current.getDefiningOp<memref::AllocOp>()) {
      allocs.push_back(alloc);
      continue;
    }
    if (auto cast = current.getDefiningOp<memref::CastOp>()) {
      worklist.push_back(cast.getSource());
      continue;
    }
    if (isa_and_nonnull<memref::CollapseShapeOp, memref::ExpandShapeOp>(
            current.getDefiningOp())) {
      worklist.push_back(current.getDefiningOp()->getOperand(0));
      continue;
    }
    if (auto select = current.getDefiningOp<arith::SelectOp>()) {
      worklist.push_back(select.getTrueValue());
      worklist.push_back(select.getFalseValue());
      continue;
    }
    if (current.getDefiningOp<ub::PoisonOp>())
      continue;
    std::optional<SmallVector<Value, 2>> incoming;
    if (auto arg = dyn_cast<BlockArgument>(current))
      incoming = getIncomingValues(arg);
    else
      incoming = getIncomingValues(cast<OpResult>(current));
    if (!incoming)
      return false;
    llvm::append_range(worklist, *incoming);
  }
  return true;
}

bool bufferization::isCloneLowerable(Type type) {
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType)
    return false;
  return memref::CastOp::areCastCompatible(getIdentityLayoutType(memrefType),
                                           memrefType);
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

Value mlir::bufferization::createEmptyMemRef(Location loc, OpBuilder &builder,
                                             Type type) {
  if (auto unranked = dyn_cast<UnrankedMemRefType>(type)) {
    auto ranked =
        MemRefType::get({0}, unranked.getElementType(),
                        MemRefLayoutAttrInterface(), unranked.getMemorySpace());
    Value empty = memref::AllocaOp::create(builder, loc, ranked);
    return memref::CastOp::create(builder, loc, type, empty);
  }
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType || !memrefType.isStrided())
    return nullptr;
  auto emptyType =
      MemRefType::get({0}, memrefType.getElementType(),
                      MemRefLayoutAttrInterface(), memrefType.getMemorySpace());
  Value empty = memref::AllocaOp::create(builder, loc, emptyType);
  auto [strides, offset] = memrefType.getStridesAndOffset();
  // Dynamic sizes, strides and offsets are all 0: nothing is ever read.
  Value zero;
  auto fold = [&](int64_t value) -> OpFoldResult {
    if (ShapedType::isStatic(value))
      return builder.getIndexAttr(value);
    if (!zero)
      zero = arith::ConstantIndexOp::create(builder, loc, 0);
    return zero;
  };
  SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
      memrefType.getShape(), [&](int64_t size) { return fold(size); });
  SmallVector<OpFoldResult> strideValues =
      llvm::map_to_vector(strides, [&](int64_t s) { return fold(s); });
  return memref::ReinterpretCastOp::create(builder, loc, memrefType, empty,
                                           fold(offset), sizes, strideValues);
}

bool bufferization::isFunctionOrSymbolTable(RegisteredOperationName opName) {
  return opName.hasInterface<FunctionOpInterface>() ||
         opName.hasTrait<OpTrait::SymbolTable>();
}

bool bufferization::isCalleeLookedUpInside(CallOpInterface call,
                                           Operation *root) {
  Operation *table = SymbolTable::getNearestSymbolTable(call);
  return table && root->isAncestor(table);
}

SymbolOpInterface
bufferization::getPrivateCalleeWithBody(CallOpInterface call,
                                        SymbolTableCollection &symbolTables) {
  auto callee = dyn_cast_or_null<SymbolOpInterface>(
      call.resolveCallableInTable(&symbolTables));
  if (!callee || !callee.isPrivate() || callee.isDeclaration())
    return nullptr;
  return callee;
}

bool bufferization::isUseInOtherBlock(OpOperand &use) {
  return !use.get().getParentBlock()->findAncestorOpInBlock(*use.getOwner());
}
