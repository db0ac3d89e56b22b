//===- UnaliasFunctionResults.cpp - The no-alias function boundary ABI ----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the callee's side of the no-alias function boundary
// ABI: a pass that makes the memref results of a function distinct buffers.
// On the caller's side, `CallAwareBufferOriginAnalysis` takes the results of
// calls of such functions for fresh allocations, so that freeing them needs
// no runtime alias checks.
//
// Under the ownership ABI of the ownership-based deallocation, every memref
// result is owned by the caller, so it is not an argument of the callee (the
// callee owns none of them) nor a view of one. Two results may still be the
// same buffer, which is what this pass rules out.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/Transforms/BufferABI.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h"
#include "mlir/Dialect/Bufferization/Transforms/CallAwareBufferOriginAnalysis.h"

#include "mlir/Dialect/Bufferization/Transforms/AllocationIdentities.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"

#include "AllocationOrigins.h"
#include "DeallocationUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace bufferization {
#define GEN_PASS_DEF_UNALIASFUNCTIONRESULTSPASS
#include "mlir/Dialect/Bufferization/Transforms/BufferOptimizationPasses.h.inc"
} // namespace bufferization
} // namespace mlir

using namespace mlir;
using namespace mlir::bufferization;

//===----------------------------------------------------------------------===//
// unaliasFunctionResults
//===----------------------------------------------------------------------===//

/// Returns true if `type` has a memref among its results.
static bool hasMemRefResult(FunctionType type) {
  return llvm::any_of(type.getResults(), llvm::IsaPred<BaseMemRefType>);
}

/// Returns true if the pass can make the memref results of a function of
/// type `type` distinct: with a single memref result there is nothing to do;
/// with several, each may have to be cloned.
static bool canUnalias(FunctionType type) {
  auto memrefResults =
      llvm::make_filter_range(type.getResults(), llvm::IsaPred<BaseMemRefType>);
  if (llvm::hasNItemsOrLess(memrefResults, 1))
    return true;
  return llvm::all_of(memrefResults, isCloneLowerable);
}

/// Returns `memref`, or a clone of it if `condition` holds at run time.
static Value cloneIf(OpBuilder &builder, Location loc, Value condition,
                     Value memref) {
  auto ifOp = scf::IfOp::create(
      builder, loc, condition,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, Value(CloneOp::create(b, l, memref)));
      },
      [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, memref); });
  return ifOp.getResult(0);
}

/// The memref operands of a `func.return`, in order, with an index over
/// their origins: for each, the earlier ones that the origins may not tell
/// apart from it are found without looking at the others. A function that
/// returns thousands of buffers would otherwise ask about every pair.
class ReturnedMemRefs {
public:
  ReturnedMemRefs(CallAwareBufferOriginAnalysis &analysis, ValueRange operands)
      : memrefs(llvm::to_vector(llvm::make_filter_range(
            operands,
            [](Value v) { return isa<BaseMemRefType>(v.getType()); }))),
        index(analysis.getOrigins(), memrefs) {}

  Value operator[](unsigned pos) const { return memrefs[pos]; }

  /// The positions, ascending, of the memrefs before the one at `pos` that
  /// `isSameAllocation` may not answer false for.
  ArrayRef<unsigned> getEarlierCandidates(unsigned pos) {
    candidates.clear();
    index.collectCandidates(index[pos], pos, candidates);
    return candidates;
  }

private:
  SmallVector<Value> memrefs;
  OriginIndex index;
  SmallVector<unsigned> candidates;
};

/// Makes the memref operands of `returnOp` distinct buffers: an operand that
/// is the same buffer as an earlier one is cloned, unconditionally if that is
/// known, behind a comparison of their aligned pointers if it may be.
/// Returns the number of operands that may be cloned.
static unsigned unaliasReturnOperands(RewriterBase &rewriter,
                                      func::ReturnOp returnOp,
                                      CallAwareBufferOriginAnalysis &analysis) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(returnOp);
  Location loc = returnOp.getLoc();
  DenseMap<Value, Value> pointers;
  auto getPointer = [&](Value memref) {
    Value &pointer = pointers[memref];
    if (!pointer)
      pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, memref);
    return pointer;
  };

  ReturnedMemRefs returned(analysis, returnOp.getOperands());
  unsigned numCloned = 0, numMaybeCloned = 0, pos = 0;
  for (OpOperand &operand : returnOp->getOpOperands()) {
    Value memref = operand.get();
    if (!isa<BaseMemRefType>(memref.getType()))
      continue;
    bool sameBuffer = false;
    Value mayBeSame;
    for (unsigned otherPos : returned.getEarlierCandidates(pos++)) {
      Value other = returned[otherPos];
      std::optional<bool> known = analysis.isSameAllocation(memref, other);
      if (known && !*known)
        continue;
      if (known) {
        sameBuffer = true;
        break;
      }
      Value equal =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                getPointer(memref), getPointer(other));
      mayBeSame = mayBeSame
                      ? arith::OrIOp::create(rewriter, loc, mayBeSame, equal)
                      : equal;
    }
    if (sameBuffer) {
      Value clone = CloneOp::create(rewriter, loc, memref);
      rewriter.modifyOpInPlace(returnOp, [&] { operand.set(clone); });
      ++numCloned;
      continue;
    }
    if (!mayBeSame)
      continue;
    Value clone = cloneIf(rewriter, loc, mayBeSame, memref);
    rewriter.modifyOpInPlace(returnOp, [&] { operand.set(clone); });
    ++numMaybeCloned;
  }
  if (numCloned + numMaybeCloned != 0)
    remark::passed(loc, remark::RemarkOpts::name("ResultsUnaliased")
                            .category("unalias-function-results"))
        << ("cloned " + Twine(numCloned) +
            " result(s) that are the same buffer as an earlier result, and " +
            Twine(numMaybeCloned) + " that may be, if they are at run time")
               .str();
  return numCloned + numMaybeCloned;
}

/// Makes the memref operands of `returnOp` safe for callers that tell
/// results apart by their aligned pointers, as every caller under the
/// ownership ABI and `dealloc_helper` do: a result that may be part of the
/// allocation of an earlier result with another aligned pointer (a
/// `memref.view` at a byte shift of it) would be freed twice. Such a result
/// is cloned when, at run time, it shares the earlier result's allocation at
/// another address; where that cannot be decided, a warning says that
/// callers may free it twice. Returns the number of results that may be
/// cloned.
///
/// Under dynamic ownership (`hasOwnershipResults`), the `i1` ownership
/// indicators of the memref results follow all other results, in the order
/// of the memrefs: a result is then cloned only if it and the earlier result
/// are both owned, and its indicator becomes true when it is cloned.
static unsigned
protectShiftedReturnOperands(RewriterBase &rewriter, func::ReturnOp returnOp,
                             CallAwareBufferOriginAnalysis &analysis,
                             AllocationIdentities &identities,
                             bool hasOwnershipResults) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(returnOp);
  Location loc = returnOp.getLoc();
  unsigned numMemRefs =
      llvm::count_if(returnOp.getOperandTypes(), llvm::IsaPred<BaseMemRefType>);
  if (hasOwnershipResults && numMemRefs * 2 > returnOp.getNumOperands())
    return 0;
  DenseMap<Value, Value> pointers;
  auto getPointer = [&](Value memref) -> Value {
    Value &pointer = pointers[memref];
    if (!pointer)
      pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, memref);
    return pointer;
  };
  ReturnedMemRefs returned(analysis, returnOp.getOperands());
  // The ownership indicator of each memref operand so far, or null.
  SmallVector<OpOperand *> earlier;
  unsigned numMaybeCloned = 0;
  unsigned firstOwnership = returnOp.getNumOperands() - numMemRefs;
  for (OpOperand &operand : returnOp->getOpOperands()) {
    Value memref = operand.get();
    if (!isa<BaseMemRefType>(memref.getType()))
      continue;
    // The ownership indicator of this memref, or null.
    OpOperand *ownership =
        hasOwnershipResults
            ? &returnOp->getOpOperand(firstOwnership + earlier.size())
            : nullptr;
    Value mustClone;
    for (unsigned otherPos : returned.getEarlierCandidates(earlier.size())) {
      Value other = returned[otherPos];
      OpOperand *otherOwnership = earlier[otherPos];
      if (!identities.mayHaveShiftedPointer(memref) &&
          !identities.mayHaveShiftedPointer(other))
        continue;
      std::optional<bool> same = analysis.isSameAllocation(memref, other);
      if (same && !*same)
        continue;
      Value id = identities.get(rewriter, memref, getPointer);
      Value otherId = identities.get(rewriter, other, getPointer);
      if (!id || !otherId) {
        returnOp.emitWarning()
            << "cannot tell at run time whether result #"
            << operand.getOperandNumber()
            << " shares its allocation with an earlier result at another "
               "address (a memref.view at a byte shift carried through a block "
               "argument or an op it cannot see through); callers may free it "
               "twice";
        continue;
      }
      Value sameAllocation = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, id, otherId);
      Value otherAddress =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                getPointer(memref), getPointer(other));
      Value both =
          arith::AndIOp::create(rewriter, loc, sameAllocation, otherAddress);
      if (ownership) {
        Value owned = arith::AndIOp::create(rewriter, loc, ownership->get(),
                                            otherOwnership->get());
        both = arith::AndIOp::create(rewriter, loc, both, owned);
      }
      mustClone = mustClone
                      ? arith::OrIOp::create(rewriter, loc, mustClone, both)
                      : both;
    }
    earlier.push_back(ownership);
    if (!mustClone)
      continue;
    Value clone = cloneIf(rewriter, loc, mustClone, memref);
    Value owned = ownership ? arith::OrIOp::create(rewriter, loc,
                                                   ownership->get(), mustClone)
                            : Value();
    rewriter.modifyOpInPlace(returnOp, [&] {
      operand.set(clone);
      if (ownership)
        ownership->set(owned);
    });
    ++numMaybeCloned;
  }
  if (numMaybeCloned != 0)
    remark::passed(loc, remark::RemarkOpts::name("ShiftedResultsUnaliased")
                            .category("unalias-function-results"))
        << ("cloned " + Twine(numMaybeCloned) +
            " result(s) if they share the allocation of an earlier result "
            "at another address")
               .str();
  return numMaybeCloned;
}

/// Returns true if a return of `func` may need a clone to make its memref
/// operands distinct buffers.
static bool mayNeedClone(func::FuncOp func) {
  CallAwareBufferOriginAnalysis analysis(func);
  WalkResult result = func.walk([&](func::ReturnOp returnOp) {
    ReturnedMemRefs returned(analysis, returnOp.getOperands());
    unsigned pos = 0;
    for (Value operand : returnOp.getOperands()) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      for (unsigned otherPos : returned.getEarlierCandidates(pos++)) {
        std::optional<bool> same =
            analysis.isSameAllocation(operand, returned[otherPos]);
        if (!same || *same)
          return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Returns true if no caller of `func` can tell a result that the ABI
/// clones from the buffer it would get without the clone: `func` is private
/// and only called (so every use of it is visible in `module`), no caller
/// writes through a result, passes it on or takes its address, and `func`
/// keeps no reference to a returned buffer that could write it later.
static bool areResultCopiesUnobservable(func::FuncOp func, Operation *module,
                                        BufferLifetimeAnalysis &analysis) {
  if (!func.isPrivate())
    return false;
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, module);
  if (!uses)
    return false;
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<func::CallOp>(use.getUser());
    if (!call || call.getCallee() != func.getSymName())
      return false;
    for (Value result : call.getResults())
      if (isa<BaseMemRefType>(result.getType()) && !analysis.isOnlyRead(result))
        return false;
  }
  WalkResult result = func.walk([&](func::ReturnOp returnOp) {
    for (Value operand : returnOp.getOperands())
      if (isa<BaseMemRefType>(operand.getType()) &&
          analysis.mayEscape(operand, {returnOp}))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Sets the unit attribute `func::kNoAliasResultsAttrName` on `op` if `set`,
/// else removes it. Returns true if that changed `op`.
static bool markNoAliasResults(RewriterBase &rewriter, Operation *op,
                               bool set) {
  if (op->hasAttr(func::kNoAliasResultsAttrName) == set)
    return false;
  rewriter.modifyOpInPlace(op, [&] {
    if (set)
      op->setAttr(func::kNoAliasResultsAttrName, rewriter.getUnitAttr());
    else
      op->removeAttr(func::kNoAliasResultsAttrName);
  });
  return true;
}

/// Marks the calls of `noAliasFunctions` under `module` as following the
/// ABI, and unmarks the others. Returns true if that changed a call.
static bool
markCalls(RewriterBase &rewriter, Operation *module,
          const llvm::SmallPtrSetImpl<Operation *> &noAliasFunctions) {
  SymbolTableCollection symbolTables;
  bool changed = false;
  module->walk([&](func::CallOp call) {
    Operation *callee =
        symbolTables.lookupNearestSymbolFrom(call, call.getCalleeAttr());
    changed |= markNoAliasResults(rewriter, call,
                                  callee && noAliasFunctions.contains(callee));
  });
  return changed;
}

/// Sorts the functions of `module` that return memrefs: those that follow
/// the ABI as they are (declarations and functions managed by hand that say
/// so) go to `noAliasFunctions`; those to rewrite go there and to
/// `toRewrite`; the others (private functions under dynamic ownership, and
/// functions whose results may need a clone that does not lower) keep the
/// ownership ABI and lose any mark that says otherwise. Returns true if a
/// mark was removed.
static bool sortFunctions(RewriterBase &rewriter, Operation *module,
                          bool privateFunctionDynamicOwnership,
                          llvm::SmallPtrSetImpl<Operation *> &noAliasFunctions,
                          SmallVectorImpl<func::FuncOp> &toRewrite) {
  bool changed = false;
  module->walk([&](func::FuncOp func) {
    if (!hasMemRefResult(func.getFunctionType()))
      return;
    // Declarations, and functions managed by hand, which this pass leaves
    // alone, follow the ABI if they say so.
    if (func.isExternal() || func->hasAttr(kManualFunctionAttrName)) {
      if (func->hasAttr(func::kNoAliasResultsAttrName))
        noAliasFunctions.insert(func);
      return;
    }
    // Private functions under dynamic ownership return an ownership
    // indicator with each memref instead. A function whose results may need
    // a clone that does not lower keeps the ownership ABI as well.
    if ((privateFunctionDynamicOwnership && func.isPrivate()) ||
        !canUnalias(func.getFunctionType())) {
      changed |= markNoAliasResults(rewriter, func, /*set=*/false);
      return;
    }
    noAliasFunctions.insert(func);
    toRewrite.push_back(func);
  });
  return changed;
}

/// Makes the results of the functions of `module` that share an allocation
/// at different addresses distinct, in every function that returns owned
/// buffers, whatever its ABI: no caller can tell them apart. Only a module
/// with a view at a byte shift may have such results. Returns the number of
/// results cloned.
static unsigned protectShiftedResults(RewriterBase &rewriter, Operation *module,
                                      bool privateFunctionDynamicOwnership) {
  BufferLifetimeAnalysis lifetimes(module);
  AllocationIdentities identities(lifetimes);
  SmallVector<func::FuncOp> functions;
  module->walk([&](func::FuncOp func) {
    if (hasMemRefResult(func.getFunctionType()) && !func.isExternal() &&
        !func->hasAttr(kManualFunctionAttrName))
      functions.push_back(func);
  });
  // Collected first: threading rebuilds region ops, which a walk in
  // progress must not visit.
  SmallVector<func::ReturnOp> returns;
  for (func::FuncOp func : functions)
    func.walk([&](func::ReturnOp returnOp) { returns.push_back(returnOp); });
  for (func::ReturnOp returnOp : returns)
    for (unsigned i = 0, e = returnOp->getNumOperands(); i < e; ++i)
      if (identities.mayHaveShiftedPointer(returnOp->getOperand(i)))
        identities.thread(rewriter, returnOp->getOperand(i));
  unsigned numCloned = 0;
  for (func::FuncOp func : functions) {
    CallAwareBufferOriginAnalysis analysis(func);
    func.walk([&](func::ReturnOp returnOp) {
      numCloned += protectShiftedReturnOperands(
          rewriter, returnOp, analysis, identities,
          /*hasOwnershipResults=*/privateFunctionDynamicOwnership &&
              func.isPrivate());
    });
  }
  return numCloned;
}

/// Takes the functions of `toRewrite` whose callers could tell a copy of a
/// result from the result out of the ABI (they become null there, and leave
/// `noAliasFunctions`), until none is left: whether a function needs a clone
/// depends on the functions it calls (the results of a call of a function
/// that follows the ABI are distinct). The calls are marked first: the
/// rewrite of a function relies on the guarantee of the functions it calls.
/// Returns true if a mark changed.
static bool
dropObservableCopies(RewriterBase &rewriter, Operation *module,
                     bool allowObservableCopies,
                     MutableArrayRef<func::FuncOp> toRewrite,
                     llvm::SmallPtrSetImpl<Operation *> &noAliasFunctions) {
  bool changed = markCalls(rewriter, module, noAliasFunctions);
  for (bool anyLeft = !allowObservableCopies; anyLeft;) {
    anyLeft = false;
    std::optional<BufferLifetimeAnalysis> analysis;
    for (func::FuncOp &func : toRewrite) {
      if (!func || !mayNeedClone(func))
        continue;
      if (!analysis)
        analysis.emplace(module);
      if (areResultCopiesUnobservable(func, module, *analysis))
        continue;
      noAliasFunctions.erase(func);
      changed |= markNoAliasResults(rewriter, func, /*set=*/false);
      remark::missed(func.getLoc(), remark::RemarkOpts::name("ObservableCopy")
                                        .category("unalias-function-results"))
          << "function keeps the ownership ABI: a caller could tell a copy of "
             "a result from the result";
      func = nullptr;
      anyLeft = true;
    }
    if (anyLeft)
      changed |= markCalls(rewriter, module, noAliasFunctions);
  }
  return changed;
}

unsigned mlir::bufferization::unaliasFunctionResults(
    Operation *module, bool privateFunctionDynamicOwnership,
    bool allowObservableCopies, bool *changed) {
  // The functions that follow the ABI once this function is done: those it
  // rewrites, and the others that say they do.
  llvm::SmallPtrSet<Operation *, 16> noAliasFunctions;
  SmallVector<func::FuncOp> toRewrite;
  IRRewriter rewriter(module->getContext());
  bool anyChange =
      sortFunctions(rewriter, module, privateFunctionDynamicOwnership,
                    noAliasFunctions, toRewrite);

  unsigned numCloned = 0;
  if (hasShiftingView(module)) {
    // Threading and the run-time checks may add ops even where no result
    // ends up cloned; such modules are rare, so take them as changed.
    anyChange = true;
    numCloned += protectShiftedResults(rewriter, module,
                                       privateFunctionDynamicOwnership);
  }

  // A clone changes what a caller computes if it writes through one result
  // and reads another that was the same buffer. Unless that is allowed, a
  // function that may need a clone follows the ABI only where no caller can
  // tell.
  anyChange |= dropObservableCopies(rewriter, module, allowObservableCopies,
                                    toRewrite, noAliasFunctions);

  for (func::FuncOp func : toRewrite) {
    if (!func)
      continue;
    CallAwareBufferOriginAnalysis analysis(func);
    func.walk([&](func::ReturnOp returnOp) {
      numCloned += unaliasReturnOperands(rewriter, returnOp, analysis);
    });
    anyChange |= markNoAliasResults(rewriter, func, /*set=*/true);
  }
  if (changed)
    *changed = anyChange || numCloned != 0;
  return numCloned;
}

//===----------------------------------------------------------------------===//
// UnaliasFunctionResultsPass
//===----------------------------------------------------------------------===//

namespace {
struct UnaliasFunctionResultsPass
    : public bufferization::impl::UnaliasFunctionResultsPassBase<
          UnaliasFunctionResultsPass> {
  using Base::Base;

  /// The passes after this one see through the marked calls with the
  /// `func.call` model of the buffer view flow analysis.
  void getDependentDialects(DialectRegistry &registry) const override {
    UnaliasFunctionResultsPassBase::getDependentDialects(registry);
    func::registerBufferViewFlowOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    bool changed = false;
    numResultsUnaliased +=
        unaliasFunctionResults(getOperation(), privateFunctionDynamicOwnership,
                               allowObservableCopies, &changed);
    // Nothing changed: this also spares the verifier's run after the pass.
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
