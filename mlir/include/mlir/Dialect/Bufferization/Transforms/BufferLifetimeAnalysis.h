//===- BufferLifetimeAnalysis.h - Buffer aliases and escapes ----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one place where the passes that move, reuse or elide the frees and
// copies of buffers after deallocation learn which values may share memory
// with a buffer and which uses may keep a buffer reachable.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERLIFETIMEANALYSIS_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERLIFETIMEANALYSIS_H

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace arith {
class SelectOp;
} // namespace arith
namespace memref {
class AllocOp;
class DeallocOp;
} // namespace memref
namespace scf {
class ForOp;
class WhileOp;
} // namespace scf

namespace bufferization {

/// Answers, for the buffers of the ops nested in a root, which values may
/// share memory with a buffer and which uses of a buffer are understood. It
/// builds on `BufferViewFlowAnalysis` and closes two of its gaps, which the
/// passes that free buffers earlier or hand them to other allocations cannot
/// afford:
///
/// * An op that `BufferViewFlowAnalysis` does not know (neither a view, nor a
///   branch, region branch, call or `BufferViewFlowOpInterface` op) gets no
///   link from its operands to its results there, so its buffer results look
///   like fresh buffers (`memref.transpose`, `memref.distinct_objects` and any
///   out-of-tree op in MLIR 22). Here each buffer result of such an op that
///   the op does not allocate may alias each of its buffer operands.
/// * A use that passes a buffer to an op without a declared read or write
///   effect on it, and without buffer results that would carry it on as an
///   alias, may keep its address: `memref.store %a, %box[]` stores the
///   descriptor of `%a`, which a later load brings back. Such a use is not
///   understood, and the buffer may escape.
///
/// The analysis describes the IR at construction; a pass rebuilds it after
/// rewrites that create or erase aliases.
class BufferLifetimeAnalysis {
public:
  using ValueSetT = BufferViewFlowAnalysis::ValueSetT;

  /// Builds the analysis for the ops nested in `root`. With
  /// `callResultsAreOwned`, the result of a call is not taken for an alias of
  /// its operands: after the ownership-based deallocation, the caller owns
  /// every buffer a call returns, which is never an argument or a view of one
  /// (the deallocation frees call results on that assumption). Either way,
  /// two results of one call may be the same buffer, unless the call is
  /// marked as returning distinct ones (`buffer_abi.no_alias_results`).
  explicit BufferLifetimeAnalysis(Operation *root,
                                  bool callResultsAreOwned = false);

  /// Returns the buffers that may share memory with `value`, `value`
  /// included: everything derived from a buffer that `value` is derived
  /// from.
  ValueSetT getMayAliases(Value value) const;

  /// Returns true if `use` of a buffer is understood well enough that the
  /// buffer is provably not reachable through its user once the user is
  /// done: the user reads or writes the buffer with declared effects, frees
  /// it, asks for its sizes, forwards it to values that are tracked as its
  /// aliases, or is a call of a function that does not keep it.
  bool isUnderstoodUse(OpOperand &use);

  /// Returns true if an alias of `value` has a use that is not understood,
  /// other than by one of the ops in `ignored`.
  bool mayEscape(Value value, ArrayRef<Operation *> ignored = {});

  /// Returns true if every use of every alias of `value` is understood and
  /// none may write the buffer or observe its address: a reader could not
  /// tell `value` from a copy of it made when `value` was defined. Calls
  /// and uses by the ops in `ignored` do not count as reads.
  bool isOnlyRead(Value value, ArrayRef<Operation *> ignored = {});

  /// Returns true if the aligned pointer of `value` may differ from the
  /// aligned pointer of the allocation it is part of, so that comparing
  /// aligned pointers does not tell whether `value` shares that allocation
  /// with another buffer: `value` may be derived from a `memref.view` at a
  /// byte shift that is not known to be zero, or from an op that may return
  /// a pointer into the middle of a buffer (one this analysis does not know).
  bool mayHaveShiftedPointer(Value value) const;

  /// Tells the analysis that the uses of `from` are about to be replaced
  /// with `to`: `to` takes over the links of `from`.
  void notifyReplaced(Value from, Value to);

  /// Tells the analysis that `view`, a new value, is derived from `source`.
  void notifyDerived(Value source, Value view);

  /// Tells the analysis that the op defining `value` is about to be erased:
  /// the links of `value` go away.
  void notifyErased(Value value);

  /// Tells the analysis that the bodies of functions may have changed, so
  /// that what it found out about the arguments of callees no longer holds.
  void notifyBodiesChanged() { released.clear(); }

  /// Tells the analysis that `symbol`, a new op, was inserted into the
  /// symbol table of its parent, so that calls of it resolve.
  void notifySymbolInserted(Operation *symbol);

private:
  /// Returns true if the callee of `call` provably does not keep the address
  /// of the buffer of `use`, an argument operand, once the call returns.
  bool isReleasedAfterCall(CallOpInterface call, OpOperand &use,
                           unsigned depth);

  /// Returns true if every use of `buffer`, an argument of a callee, reads
  /// or writes its memory, takes a view that does the same, asks for a size,
  /// or passes it to a function that releases it.
  bool onlyAccessesMemory(Value buffer, unsigned depth);

  Operation *root;
  /// Immediate links from a value to the values derived from it, and back:
  /// those of `BufferViewFlowAnalysis` and those of the ops it does not know.
  DenseMap<Value, SmallVector<Value, 2>> derived, derivedFrom;
  /// Values whose aligned pointer may point into the middle of a buffer.
  DenseSet<Value> shiftedPointers;
  SymbolTableCollection symbolTables;
  /// The callee arguments whose buffers are known to be released (or not)
  /// when the callee returns; false while one is being decided.
  DenseMap<BlockArgument, bool> released;
};

/// Returns the memref whose memory a deallocation of `memref` frees: the
/// source of the `memref.extract_strided_metadata` whose base buffer
/// `memref` is, or `memref` itself.
Value getFreedMemRef(Value memref);

/// Erases `dealloc`, and the `memref.extract_strided_metadata` that provides
/// its operand if nothing else uses it.
void eraseDeallocAndMetadata(RewriterBase &rewriter, memref::DeallocOp dealloc);

/// The mark of a callee's workspace: on a function argument, a buffer the
/// callers allocate and pass in, in which merge-alloc planned the function's
/// temporaries (an integer value is the alignment in bytes it needs); on a
/// `memref.alloc`, the allocation of such a buffer right before a call, which
/// `hoist-alloc-dealloc-pairs` leaves in its branches, and in its loops unless
/// it is also marked `kHoistableWorkspaceAttrName`.
constexpr StringLiteral kWorkspaceAttrName = "merge_alloc.workspace";

/// The mark of an allocation of a callee's workspace that
/// `hoist-alloc-dealloc-pairs` may move out of the loops around it:
/// merge-alloc found that holding the workspace over them keeps the peak.
/// Without the pipeline, the callee holds those bytes only while the call
/// runs; held over a loop, they add to whatever else the loop allocates.
constexpr StringLiteral kHoistableWorkspaceAttrName = "merge_alloc.hoistable";

/// Returns true if the buffer `buffer` allocates may take the place of the
/// one `alloc` allocates as far as alignment goes: `alloc` asks for no
/// alignment, or `buffer` asks for at least as much.
bool isAlignedFor(memref::AllocOp buffer, memref::AllocOp alloc);

/// Returns true if `free-buffers-at-last-use` frees, in the regions of
/// `op`, a buffer of `op`'s block whose last use there is `op`, rather than
/// after `op`: `op` runs exactly one of its regions each time (an `scf.if`
/// with an `else`, an `scf.index_switch`), none of its results is an alias
/// of the buffer (`isAlias`), and a region that uses no alias
/// (`isUsedIn`) may allocate (an op with an allocation effect, or a call).
/// The buffer then dies at the start of such a region. merge-alloc plans
/// with the same test. `allocating`, if given, caches whether a region may
/// allocate.
bool isFreedInRegions(Operation *op, function_ref<bool(Value)> isAlias,
                      function_ref<bool(Region &)> isUsedIn,
                      DenseMap<Region *, bool> *allocating = nullptr);

/// Returns true if the regions of `op` may run after `op` itself has
/// finished, concurrently with the ops after it, as the body of an
/// `async.execute` does until it is awaited.
bool isAsynchronous(Operation *op);

/// The functions under `root` whose lifetimes these passes leave alone: the
/// closest isolated-from-above ancestors (`root` included) of every
/// asynchronous op (`isAsynchronous`), and of every op that carries
/// `bufferization.manual_deallocation`, and the functions marked as managed
/// by hand as a whole. The body of an `async.execute` may run concurrently
/// with the ops after it until it is awaited, which the passes' reasoning on
/// program order within a block does not model; buffers managed by hand are
/// left as the input has them.
class FunctionsLeftAlone {
public:
  explicit FunctionsLeftAlone(Operation *root);

  /// Returns true if `op` is one of the functions or is in one of them.
  bool contains(Operation *op) const;

private:
  llvm::SmallPtrSet<Operation *, 4> functions;
};

/// Returns true if `op`, or an op nested in it, frees a buffer (has a `Free`
/// effect) or carries `bufferization.manual_deallocation`: the pipeline
/// frees no new allocation in such a function, whose buffers are managed by
/// hand.
bool freesBuffers(Operation *op);

/// Returns true if `root` contains a `memref.view` whose byte shift is not
/// known to be zero: only then may a buffer have a shifted aligned pointer.
bool hasShiftingView(Operation *root);

/// Identifies at run time the allocation a buffer is part of, for runtime
/// alias checks. Comparing aligned pointers does that for most buffers, but
/// a `memref.view` at a byte shift has the aligned pointer of its source plus
/// the shift, so a buffer and such a view of it have different aligned
/// pointers. For a value that may carry a shifted pointer (see
/// `BufferLifetimeAnalysis::mayHaveShiftedPointer`), the identity is the
/// aligned pointer of the buffer it was derived from. It is followed through
/// views and ops that return their only buffer operand; through
/// `arith.select`, which gets an `index` select of the identities of its
/// operands; out of the regions of `scf.if` and `scf.index_switch`, which get
/// an extra `index`
/// result per buffer result; and through `scf.for` and `scf.while` loops,
/// which get an extra `index` iteration argument per buffer one (`thread`
/// adds them). Elsewhere (other block arguments, results of other ops) it is
/// unknown.
class AllocationIdentities {
public:
  explicit AllocationIdentities(BufferLifetimeAnalysis &analysis)
      : analysis(analysis) {}

  /// Returns true if comparing aligned pointers may not tell whether `value`
  /// and another buffer share an allocation.
  bool mayHaveShiftedPointer(Value value) const {
    return analysis.mayHaveShiftedPointer(value);
  }

  /// Makes the identity of `value` computable after it is defined, by
  /// adding identity results to the region ops it is derived from where
  /// needed. Rebuilt region ops replace the old ones, so `value` may be
  /// replaced too; returns the value that takes its place.
  Value thread(RewriterBase &rewriter, Value value);

  /// Returns an `index` value that identifies the allocation of `value`,
  /// built at the insertion point of `builder`, or a null value if it is
  /// unknown. `getAlignedPointer` extracts the aligned pointer of a buffer.
  Value get(OpBuilder &builder, Value value,
            function_ref<Value(Value)> getAlignedPointer);

private:
  /// Returns the buffer whose allocation `value` is part of and whose
  /// identity is computed the same way, one step down, or null.
  Value getDerivedFrom(Value value) const;

  /// Returns the identities of the inits of `loop` at `positions`, built
  /// before the loop; fewer if one is unknown. Threading an init may rebuild
  /// a loop around `loop` whose yielded values come from `loop`, which
  /// rebuilds `loop` as well: then `loop` is gone, `rebuilt` is set and the
  /// result is empty.
  SmallVector<Value> getInitIdentities(RewriterBase &rewriter,
                                       LoopLikeOpInterface loop,
                                       ArrayRef<unsigned> positions,
                                       bool &rebuilt);

  /// Notes that `op` was rebuilt as `newOp`, its results and region
  /// arguments in `replaced` (old, new) replaced.
  void notifyRebuilt(Operation *op, Operation *newOp,
                     ArrayRef<std::pair<Value, Value>> replaced);

  /// Returns the value that took the place of `value` in the rebuilds of the
  /// current `thread`, or `value`.
  Value getReplacement(Value value) const;

  /// `get`, extracting aligned pointers anew at the insertion point.
  Value getWithNewPointers(RewriterBase &rewriter, Value value);

  /// Rebuilds `op`, an `scf.if` or `scf.index_switch`, with an identity
  /// result per buffer result that may have a shifted pointer. Returns the
  /// value that takes the place of `value`.
  Value threadRegionResults(RewriterBase &rewriter, Operation *op, Value value);

  /// Gives the result of `select` the identity that `select` picks among
  /// those of its operands, if both are known.
  void threadSelect(RewriterBase &rewriter, arith::SelectOp select);

  /// Rebuilds `forOp` with an identity iteration argument per buffer
  /// argument that may have a shifted pointer. Returns the value that takes
  /// the place of `value`.
  Value threadLoop(RewriterBase &rewriter, scf::ForOp forOp, Value value);

  /// Rebuilds `whileOp` with an identity argument per argument of either
  /// region, and an identity result per result, that may have a shifted
  /// pointer. Returns the value that takes the place of `value`.
  Value threadWhileLoop(RewriterBase &rewriter, scf::WhileOp whileOp,
                        Value value);

  /// Returns true if the identity of `value` is known, or can be made known
  /// by `thread`, assuming it for the carriers in `visiting`.
  bool canIdentify(Value value,
                   llvm::SmallPtrSetImpl<Operation *> &visiting) const;

  BufferLifetimeAnalysis &analysis;
  /// The identity results added to rebuilt region ops, by the result whose
  /// identity they carry.
  DenseMap<Value, Value> threaded;
  /// The ops rebuilt, and the values replaced, since the outermost `thread`
  /// began (the keys are erased; see `notifyRebuilt`).
  DenseMap<Operation *, Operation *> rebuiltOps;
  DenseMap<Value, Value> replacedValues;
  unsigned threadDepth = 0;
};

/// Returns the bytes an element of type `elementType` takes in a buffer
/// allocated at `op`: its size in the data layout rounded up to a power of
/// two, as in the LLVM array the lowering allocates (1 for i1, 4 for i17, 16
/// for f80 and vector<3xf32>); std::nullopt if it is not an integer, index,
/// float or vector type, whose sizes the data layout may not know.
std::optional<int64_t> getElementByteSize(Type elementType, Operation *op);

/// Returns the bytes a buffer of `type` allocated at `op` takes: its number of
/// elements times `getElementByteSize`; std::nullopt if the shape is dynamic,
/// the element size unknown or the product does not fit in 63 bits. Every
/// pass of the series counts bytes this way.
std::optional<int64_t> getStaticByteSize(MemRefType type, Operation *op);

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERLIFETIMEANALYSIS_H
