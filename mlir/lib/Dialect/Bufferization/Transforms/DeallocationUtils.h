//===- DeallocationUtils.h - Helpers on lowered deallocations ---*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Helpers shared by the passes that work on the deallocations the
// ownership-based deallocation produces, which free the base buffer that
// `memref.extract_strided_metadata` extracts from a memref.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_DIALECT_BUFFERIZATION_TRANSFORMS_DEALLOCATIONUTILS_H
#define LIB_DIALECT_BUFFERIZATION_TRANSFORMS_DEALLOCATIONUTILS_H

#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <optional>

namespace mlir {
namespace bufferization {

/// A listener that records whether a rewriter it listens to changed the IR,
/// so that a pass that changed nothing can preserve every analysis (and spare
/// the verifier's run after it).
struct ChangeRecorder : public RewriterBase::Listener {
  void notifyOperationInserted(Operation *, OpBuilder::InsertPoint) override {
    changed = true;
  }
  void notifyBlockInserted(Block *, Region *, Region::iterator) override {
    changed = true;
  }
  void notifyOperationModified(Operation *) override { changed = true; }
  void notifyOperationErased(Operation *) override { changed = true; }
  void notifyBlockErased(Block *) override { changed = true; }

  bool changed = false;
};

/// A `ChangeRecorder` that also records the ops the rewriter inserted or
/// modified and the ops that defined the operands of the ops it erased, so
/// that a clean-up can start from them instead of from every op.
class ChangedOpsRecorder : public ChangeRecorder {
public:
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override;
  void notifyOperationModified(Operation *op) override;
  void notifyOperationErased(Operation *op) override;

  /// Returns the recorded ops that still exist, each once, in the order they
  /// were first recorded.
  SmallVector<Operation *> takeChangedOps();

private:
  void record(Operation *op);

  SmallVector<Operation *> order;
  llvm::SmallPtrSet<Operation *, 16> live;
};

/// Returns the canonicalization patterns of the dialects whose ops the
/// deallocation creates and the passes after it change (`arith`,
/// `bufferization`, `memref`, `scf`) and of their ops, without
/// `kIfConditionPropagationPattern`, as `buffer-deallocation-pipeline`'s
/// canonicalizer runs. Ops of other dialects still fold and go away when
/// dead: the greedy driver does that without patterns. A fraction of the
/// cost of building the patterns of every loaded dialect, as the
/// canonicalizer does on each run.
FrozenRewritePatternSet getDeallocationCanonicalizations(MLIRContext *context);

/// Applies `patterns` and the folders greedily to the ops `changed`, to the
/// ops that define their operands and to the ops that enclose them below the
/// nearest op that is isolated from above, and on to what that changes: the
/// clean-up after a pass that changed these ops, for what a canonicalizer
/// run over all ops would do to them, at a cost that follows what changed.
void canonicalizeChangedOps(ArrayRef<Operation *> changed,
                            const FrozenRewritePatternSet &patterns);

/// Returns true if `value` is an argument of the entry block of a function.
bool isFunctionEntryArgument(Value value);

/// Returns true if a value of `type` is a buffer or plain data (integers,
/// indices, floats, vectors and complex numbers), which holds no address.
inline bool isDataOrBuffer(Type type) {
  return isa<BaseMemRefType, IntegerType, IndexType, FloatType, VectorType,
             ComplexType>(type);
}

/// Returns whether every effect that `op` declares on `value` is a read or a
/// write, or std::nullopt if it declares none.
std::optional<bool> onlyReadsOrWrites(MemoryEffectOpInterface op, Value value);

/// Returns the memref type of the shape, element type and memory space of
/// `type` with the identity layout: the type of an allocation that a value of
/// `type` may be a cast of.
MemRefType getIdentityLayoutType(MemRefType type);

/// Returns the values that the region argument `arg` of an `scf.for` or
/// `scf.while` takes, or std::nullopt for other arguments (such as an
/// induction variable).
std::optional<SmallVector<Value, 2>> getIncomingValues(BlockArgument arg);

/// Returns the values that may flow into `result`, a result of an `scf`
/// loop, `scf.if` or `scf.index_switch`; std::nullopt for other ops.
std::optional<SmallVector<Value, 2>> getIncomingValues(OpResult result);

/// Returns true if buffers of the static identity-layout types `lhs` and
/// `rhs` take the same memory: the same element type, memory space and
/// number of elements.
bool haveSameFootprint(MemRefType lhs, MemRefType rhs);

/// Collects in `allocs` the `memref.alloc` ops whose whole buffer `value`
/// may hold, following values through `memref.cast`, reshapes
/// (`memref.collapse_shape`, `memref.expand_shape`: a reshape of a whole
/// buffer of identity layout starts where the buffer does and covers it),
/// `arith.select`, the arguments and results of `scf` loops and the results
/// of `scf.if` and `scf.index_switch`; a `ub.poison` holds none. Returns false
/// if `value` may hold any other buffer. Values in `visited` are not followed
/// (they are being decided elsewhere), and every value followed is added to
/// it. Takes time linear in the values followed.
bool collectWholeAllocations(Value value,
                             SmallVectorImpl<memref::AllocOp> &allocs,
                             llvm::SmallDenseSet<Value> &visited);

/// Returns true if `convert-bufferization-to-memref` lowers a
/// `bufferization.clone` of type `type`: to an allocation with the identity
/// layout, cast to `type`. That rules out unranked memrefs and layouts with a
/// static offset or static strides that a fresh buffer cannot have (which
/// `expand-strided-clones` expands where it can).
bool isCloneLowerable(Type type);

/// In a graph of values stored as links (each value to the values it is
/// linked to) and the reverse links, gives the links of `from` to `to`:
/// `from` is about to be replaced with `to`.
template <typename LinkMap>
void moveLinks(LinkMap &links, LinkMap &backLinks, Value from, Value to) {
  auto it = links.find(from);
  if (it == links.end())
    return;
  auto targets = std::move(it->second);
  links.erase(it);
  for (Value target : targets) {
    std::replace(backLinks[target].begin(), backLinks[target].end(), from, to);
    links[to].push_back(target);
  }
}

/// Creates, before `whileOp`, an `scf.while` with the inits of `whileOp`
/// followed by `extraInits` and the result types of `whileOp` followed by
/// `extraResultTypes`, and moves the regions of `whileOp` into it, with their
/// arguments, terminators and all. The caller adds the region arguments and
/// terminator operands that match, and replaces `whileOp`.
scf::WhileOp createWhileWithMoreValues(RewriterBase &rewriter,
                                       scf::WhileOp whileOp,
                                       ValueRange extraInits,
                                       TypeRange extraResultTypes);

/// Which ops may allocate memory while they run, other than a
/// `memref.alloc` of a static shape directly in the block being looked at:
/// allocations nested in regions, dynamic ones, calls whose callees may
/// allocate (or cannot be seen), and ops whose effects are unknown. Answers
/// about ops with regions and about functions are remembered, so that every
/// op is looked at a bounded number of times.
class AllocatingOps {
public:
  /// Answers for the ops nested in `root`. Only functions nested in `root`
  /// are looked into: a function outside of it may be transformed
  /// concurrently by another instance of the pass (the pass nested per
  /// function), so a call of it may allocate unless `outer` decided that it
  /// does not (see `CalleeBufferFacts`).
  explicit AllocatingOps(Operation *root,
                         const CalleeBufferFacts *outer = nullptr)
      : root(root), outer(outer) {}

  /// Returns true if `op`, or an op nested in it or called by it, may
  /// allocate heap memory.
  bool mayAllocate(Operation *op);

private:
  /// Returns true if `op` itself, not counting its regions or a callee, may
  /// allocate.
  static bool mayAllocateItself(Operation *op);

  /// Returns true if `call` may allocate: its callee cannot be seen, or it
  /// or a function it calls may allocate.
  bool mayAllocate(CallOpInterface call);

  /// Decides `mayAllocate` for `entry` and every function it reaches through
  /// calls, over the call graph rather than by recursion, so that long call
  /// chains need no deep stack.
  void decideFunctions(FunctionOpInterface entry);

  /// Returns the function that `call` calls if it is nested in `root` and
  /// has a body, or null.
  FunctionOpInterface getVisibleCallee(CallOpInterface call);

  /// Returns true if `call`, whose callee is not visible, may allocate.
  bool mayAllocateOutside(CallOpInterface call) const;

  Operation *root;
  const CalleeBufferFacts *outer;
  DenseMap<Operation *, bool> known;
  SymbolTableCollection symbolTables;
};

/// Returns true if the callee of `call` would be looked up in a symbol table
/// nested in `root`. Otherwise the callee is not in `root` either and is not
/// looked up at all: other threads may be transforming the ops of that
/// table (a pass nested per function).
bool isCalleeLookedUpInside(CallOpInterface call, Operation *root);

/// Returns true if the lifetime and loop passes may run on an op of
/// `opName`: a function (`FunctionOpInterface`), or an op with a symbol
/// table (a module), whose functions they process one after the other. The
/// pipeline nests them on every such op of the module (`any(...)`), which
/// gives the functions of the module to the pass manager one by one, and a
/// nested module whole.
bool isFunctionOrSymbolTable(RegisteredOperationName opName);

/// Returns the callee of `call` if it is a private function with a body: the
/// calls that ownership-based deallocation under
/// `private-function-dynamic-ownership` replaces by a copy with an ownership
/// result per memref result. Returns null otherwise.
SymbolOpInterface getPrivateCalleeWithBody(CallOpInterface call,
                                           SymbolTableCollection &symbolTables);

/// Returns true if `use` is in another block than the one that defines its
/// value, outside the regions of that block's ops too.
bool isUseInOtherBlock(OpOperand &use);

/// Returns a memref of `type` that views a stack buffer of no elements, or
/// null for a layout that is not strided: what a value undefined on some path
/// becomes in place of `ub.poison`. The deallocation compares the base
/// addresses of the memrefs it may free, and an address read from poison may
/// equal any buffer's; an empty `memref.alloca` is never freed.
Value createEmptyMemRef(Location loc, OpBuilder &builder, Type type);

} // namespace bufferization
} // namespace mlir

#endif // LIB_DIALECT_BUFFERIZATION_TRANSFORMS_DEALLOCATIONUTILS_H
