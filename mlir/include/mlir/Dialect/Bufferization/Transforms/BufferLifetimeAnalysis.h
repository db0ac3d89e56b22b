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
// with a buffer, which uses may keep a buffer reachable, and which ops of a
// block use a buffer.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERLIFETIMEANALYSIS_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFERLIFETIMEANALYSIS_H

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace memref {
class AllocOp;
class DeallocOp;
} // namespace memref

namespace bufferization {

/// What the functions nested in a root do with the buffers passed to them,
/// and whether they may allocate: the facts about callees that the passes
/// over a caller need.
///
/// An instance answers about the functions nested in its root as asked and
/// remembers its answers. A pass nested per function must not look into the
/// functions its function calls, which other threads may be transforming at
/// the same time: it asks an instance built on the symbol table around the
/// functions, which `decideAll` answered for every function up front and
/// which a pass on that symbol table left in the analysis manager
/// (`summarize-callee-buffers`); such an instance is only read. Its answers
/// stay true while the callees are transformed after it: each describes
/// what a function does when it runs (whether a buffer passed in is still
/// reachable or freed when it returns, whether it allocates), which the
/// series' transformations keep, even where a rewrite makes the fact harder
/// to prove from the IR.
class CalleeBufferFacts {
public:
  /// Answers about the functions nested in `root`, and about the others
  /// from `outer` if given (which must have decided all its answers), or
  /// conservatively.
  explicit CalleeBufferFacts(Operation *root,
                             const CalleeBufferFacts *outer = nullptr);

  /// Returns true if the callee of `call` provably neither frees nor keeps
  /// the address of the buffer of `use`, an argument operand of `call`, once
  /// the call returns: every use of the argument reads or writes its memory,
  /// takes a view that does the same, clones it into a new buffer, asks for
  /// a size, or passes it to a function that releases it.
  bool isReleasedAfterCall(CallOpInterface call, OpOperand &use) {
    return isReleasedAfterCall(call, use, /*depth=*/0);
  }

  /// Returns the answer of `decideAll` to whether the callee of `call`, a
  /// function directly in the root, may allocate heap memory while it runs
  /// (itself or through its callees); std::nullopt for a callee the instance
  /// has no answer for.
  std::optional<bool> mayAllocate(CallOpInterface call) const;

  /// Decides every answer about the functions directly in the root, which
  /// must be a symbol table: afterwards the instance may be shared by the
  /// passes nested in those functions.
  void decideAll();

  /// Returns true if `decideAll` ran.
  bool isDecided() const { return decided; }

  /// Returns the instance that answers about callees outside of the root.
  const CalleeBufferFacts *getOuter() const { return outer; }

  /// Returns the instance that `summarize-callee-buffers` decided on the
  /// symbol table around `function`, if `analyses`, the analysis manager of
  /// a pass on `function`, still has it as an analysis of that parent; null
  /// otherwise.
  static const CalleeBufferFacts *getDecided(Operation *function,
                                             AnalysisManager analyses);

  /// Returns the number of functions `decideAll` answered for.
  unsigned getNumDecidedFunctions() const { return decidedFunctions.size(); }

  /// Tells the instance that the bodies of functions may have changed, so
  /// that what it found out about the arguments of callees no longer holds.
  void notifyBodiesChanged() { released.clear(); }

  /// Tells the instance that `symbol`, a new op, was inserted into the
  /// symbol table of its parent, so that calls of it resolve.
  void notifySymbolInserted(Operation *symbol);

  /// Tells the instance that every free in the functions of the root
  /// follows the ownership of the deallocation, under which a function owns
  /// none of its arguments (the ownership-based deallocation without
  /// ownership passed to private functions, on IR that had no free): a
  /// free of a value that may hold an argument then frees a buffer the
  /// value holds at other times, and keeps no argument. Must be called
  /// before any answer.
  void assumeFreesFollowOwnership() {
    assert(released.empty() && !decided && "expected no answer yet");
    freesFollowOwnership = true;
  }

private:
  /// The answers of `decideAll` about one function.
  struct FunctionFacts {
    bool mayAllocate = true;
    /// Per argument, whether it is released after a call.
    SmallVector<bool> releasedArguments;
  };

  bool isReleasedAfterCall(CallOpInterface call, OpOperand &use,
                           unsigned depth);

  /// Returns true if `argument`, of a function in the root, is released
  /// after every call of the function (`onlyAccessesMemory`), remembering
  /// the answer.
  bool isArgumentReleased(BlockArgument argument, unsigned depth);

  /// Returns true if every use of `buffer`, an argument of a callee, reads
  /// or writes its memory, takes a view that does the same, clones it into a
  /// new buffer, asks for a size, passes it to a function that releases it,
  /// passes it on along a region branch edge to values that do no more, or
  /// returns it from a function whose results follow the no-alias ABI (so
  /// that what it returns is another buffer).
  /// A free of such a value is no such use where it runs only when the
  /// value is not the argument: under an `scf.if` on a condition known to
  /// have the other value whenever it is, or anywhere if frees follow
  /// ownership. Nor is an `arith.select` whose result does no more, nor a
  /// comparison of its address.
  bool onlyAccessesMemory(Value buffer, unsigned depth);

  /// An `i1` value and the constant it has whenever a walked value holds
  /// the argument.
  using Condition = std::pair<Value, bool>;
  /// The sets of conditions each value has been walked under.
  using WalkedValues = DenseMap<Value, SmallVector<SmallVector<Condition>, 1>>;

  /// The recursion of `onlyAccessesMemory`. `conditions` hold whenever
  /// `buffer` holds the argument: they come from the region branch edge that
  /// set `buffer` and from the conditions of the value it passed on, and
  /// hold in the same activation of its block.
  bool onlyAccessesMemory(Value buffer, unsigned depth, WalkedValues &walked,
                          ArrayRef<Condition> conditions);

  /// Returns the answers of `decideAll` about the callee of `call`, or null.
  const FunctionFacts *lookupDecided(CallOpInterface call) const;

  Operation *root;
  const CalleeBufferFacts *outer;
  SymbolTableCollection symbolTables;
  /// The callee arguments whose buffers are known to be released (or not)
  /// when the callee returns; false while one is being decided.
  DenseMap<BlockArgument, bool> released;
  /// The answers of `decideAll`, by the name of the function in the root.
  DenseMap<StringAttr, FunctionFacts> decidedFunctions;
  bool decided = false;
  /// See `assumeFreesFollowOwnership`.
  bool freesFollowOwnership = false;
};

/// What a pass looking for the uses of a buffer in a block makes of one use
/// of the buffer or of an alias, or of the definition of an alias (see
/// `BufferLifetimeAnalysis::getUseRangeInBlock`).
enum class BufferUseAction {
  /// The op of the block that is or contains it uses the buffer.
  Count,
  /// It does not matter where it is.
  Skip,
  /// It rules out what the pass looks for: the walk stops.
  Stop,
};

/// The first and the last op of a block that use a buffer; both null if no
/// op of the block does.
struct BufferUseRange {
  Operation *first = nullptr;
  Operation *last = nullptr;

  /// Widens the range to `op`, an op of the block.
  void include(Operation *op) {
    if (!first || op->isBeforeInBlock(first))
      first = op;
    if (!last || last->isBeforeInBlock(op))
      last = op;
  }
};

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
///   the op does not allocate may alias each of its buffer operands, except
///   that each result of `memref.distinct_objects` is its operand of the
///   same position.
/// * A use that passes a buffer to an op without a declared read or write
///   effect on it, and without buffer results that would carry it on as an
///   alias, may keep its address: `memref.store %a, %box[]` stores the
///   descriptor of `%a`, which a later load brings back. Such a use is not
///   understood, and the buffer may escape.
///
/// It is also more precise in one case that `double-buffer-loops` builds: a
/// loop moves its state into a spare slot only where it owns the state,
/// `%spare2 = arith.select %owned, %state, %spare`, with `%state` and
/// `%owned` arguments of the same region entry block. `%spare2` is `%state`
/// only in the activations of the block entered with an `%owned` other than
/// `false`, so it is linked to the values forwarded to `%state` on those
/// edges instead of to `%state`: a buffer that enters the loop only with a
/// `false` indicator is not taken for an alias of the spare slot. The same
/// holds for an `scf.if` on `%owned` that yields `%state` from one region
/// only. The refinement is made where every edge into the region is known to
/// `RegionBranchOpInterface`; `getMayAliases` answers for all values, and
/// `getDerivedAliases` of such a `%state` leaves the selection out.
///
/// The analysis describes the IR at construction. A rewrite that creates,
/// replaces or erases a buffer value tells it (`notifyReplaced`,
/// `notifyDerived`, `notifyErased`), so that it stays up to date across the
/// rewrites of a pass and, shared through the analysis manager, across the
/// passes nested in a function; a pass that does not keep it up to date
/// does not preserve it. No `notify` function covers a change of the edges
/// into a region or of an ownership indicator's operand: a pass that makes
/// one (as `double-buffer-loops` adds iteration arguments) does not preserve
/// the analysis.
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
  /// Calls of functions outside of `root` are answered by `outerCallees`
  /// if given (see `CalleeBufferFacts`), and conservatively otherwise.
  explicit BufferLifetimeAnalysis(
      Operation *root, bool callResultsAreOwned = false,
      const CalleeBufferFacts *outerCallees = nullptr);

  /// Builds the analysis of `function` that the passes nested per function
  /// share through the analysis manager (`analyses`, the one of a pass on
  /// `function`): call results are not owned, and calls of other functions
  /// are answered by the facts `summarize-callee-buffers` left on the
  /// parent, if any. A pass that keeps the analysis up to date across its
  /// rewrites (the `notify` functions below) marks it preserved, and the
  /// next pass on the function uses it instead of building it again.
  BufferLifetimeAnalysis(Operation *function, AnalysisManager &analyses);

  /// Returns the buffers that may share memory with `value`, `value`
  /// included: everything derived from a buffer that `value` is derived
  /// from.
  ValueSetT getMayAliases(Value value) const;

  /// Returns `value` and the buffers derived from it: its views and casts,
  /// and the values it flows into through branches, region ops, calls and
  /// ops this analysis does not know. They keep the memory of `value` in use
  /// after it; for a buffer that is derived from nothing, as a new
  /// allocation, they are all of its may-aliases. For a value derived from
  /// others, such as a block argument, ask `getMayAliases`: a selection under
  /// an ownership indicator (see above) is linked to the values the argument
  /// receives, not to the argument.
  ValueSetT getDerivedAliases(Value value) const;

  /// Returns the range of ops of `block` that use a buffer of `aliases`: the
  /// first and the last op of `block` that is or contains the owner of a use
  /// of such a buffer that `onUse` counts, or the op that defines such a
  /// buffer if `onDefinition` is given and counts it. Each callback gets, as
  /// `ancestor`, the op of `block` that is or contains the op it is asked
  /// about, or null if there is none (the use or definition is then in no
  /// op of the range, whatever the callback answers). Returns failure as
  /// soon as a callback stops the walk.
  static FailureOr<BufferUseRange> getUseRangeInBlock(
      const ValueSetT &aliases, Block &block,
      function_ref<BufferUseAction(OpOperand &use, Operation *ancestor)> onUse,
      function_ref<BufferUseAction(Operation *definition, Operation *ancestor)>
          onDefinition = nullptr);

  /// Returns the range of ops of `block` that use `value` or a buffer that
  /// may alias it (see the overload on a set of aliases).
  FailureOr<BufferUseRange> getUseRangeInBlock(
      Value value, Block &block,
      function_ref<BufferUseAction(OpOperand &use, Operation *ancestor)> onUse,
      function_ref<BufferUseAction(Operation *definition, Operation *ancestor)>
          onDefinition = nullptr) const {
    return getUseRangeInBlock(getMayAliases(value), block, onUse, onDefinition);
  }

  /// Returns the comparisons that the address `user` extracts reaches, if
  /// `user` is a `memref.extract_aligned_pointer_as_index` whose address
  /// reaches nothing but `arith.cmpi`s: directly, or as a value that an
  /// `arith.select` picks or that the regions of an `scf.if` or
  /// `scf.index_switch` yield (an allocation identity, see
  /// `AllocationIdentities`). The runtime alias checks of the deallocation
  /// compute ownership so, and the `i1` results of the comparisons carry no
  /// address, so the buffer is used until the last of them and not beyond.
  /// Returns none otherwise.
  static std::optional<SmallVector<Operation *>>
  getAddressComparisons(Operation *user);

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
  void notifyBodiesChanged() { callees.notifyBodiesChanged(); }

  /// Returns what the analysis knows about callees.
  const CalleeBufferFacts &getCallees() const { return callees; }

  /// Tells the analysis that `symbol`, a new op, was inserted into the
  /// symbol table of its parent, so that calls of it resolve.
  void notifySymbolInserted(Operation *symbol) {
    callees.notifySymbolInserted(symbol);
  }

private:
  /// Immediate links from a value to the values derived from it, and back:
  /// those of `BufferViewFlowAnalysis` and those of the ops it does not know.
  DenseMap<Value, SmallVector<Value, 2>> derived, derivedFrom;
  /// Values whose aligned pointer may point into the middle of a buffer.
  DenseSet<Value> shiftedPointers;
  /// What the callees of calls do with the buffers passed to them.
  CalleeBufferFacts callees;
};

/// Returns true if `op` has a buffer result that `BufferLifetimeAnalysis`
/// takes for an alias of each of its buffer operands because nothing more is
/// known of it: `op` is not known to `BufferViewFlowAnalysis` (neither a
/// view, nor a branch, region branch, call or `BufferViewFlowOpInterface` op)
/// and does not allocate the result. Such an op may also rely on how its
/// operands were allocated, as `memref.distinct_objects` does, which tells
/// LLVM that they are separate allocations.
bool makesAssumedAliases(Operation *op);

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
/// after `op`: `op` runs exactly one of its regions each time (an
/// `scf.index_switch`, an `scf.if` with an `else` or without results, to
/// which the pass adds an `else`), none of its results is an alias of the
/// buffer (`isAlias`), and a region may allocate (an op with an allocation
/// effect, or a call) after its last use of an alias there
/// (`getLastUseIn`: the last op of the region's block that uses an alias, or
/// null; not called for a region without a block), or its last use is an op
/// of the same kind that allocates and for which this holds in turn. The
/// buffer then dies at the start of a region that does not use it and right
/// after its last use in one that does, in the regions of that use where
/// this holds for it. merge-alloc plans with the same test. `lastAllocating`,
/// if given, caches the last op of a region's block that may allocate (null
/// if none does).
bool isFreedInRegions(
    Operation *op, function_ref<bool(Value)> isAlias,
    function_ref<Operation *(Region &)> getLastUseIn,
    DenseMap<Region *, Operation *> *lastAllocating = nullptr);

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
