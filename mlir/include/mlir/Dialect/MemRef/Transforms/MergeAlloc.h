//===- MergeAlloc.h - Merge allocations into one buffer ---------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// merge-alloc plans the temporary buffers of each allocation scope into one
// buffer at compile time. It runs in three replaceable stages:
//
//   1. a trace collector finds the mergeable `memref.alloc` ops, groups them
//      by allocation scope and memory space, and records their lifetimes;
//   2. a planner gives each buffer of a group an offset in one merged buffer;
//   3. a mutator rewrites the IR: one allocation per group, and a view of it
//      in place of each merged allocation.
//
// The default stages are tick-based: every op gets a number in pre-order,
// and a buffer lives from the first to the last tick at which it or an
// alias of it is accessed.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOC_H
#define MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOC_H

#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/StaticMemoryPlanner.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <memory>
#include <optional>

namespace mlir {
namespace memref {
struct MergeAllocationOptions;
class CalleeWorkspaceCandidates;

/// The mark of a callee's workspace (see the lifetime analysis, which the
/// rest of the pipeline shares).
using bufferization::kWorkspaceAttrName;

/// The lifetimes of the buffers that are merged into one allocation: those of
/// one allocation scope and memory space. What a lifetime is depends on the
/// collector that made the trace.
class LifetimeTrace {
public:
  /// Lets a planner recognise the traces of the collector it works with.
  enum class TraceKind { Tick, Custom };

  explicit LifetimeTrace(TraceKind kind = TraceKind::Custom) : kind(kind) {}
  virtual ~LifetimeTrace();

  TraceKind getTraceKind() const { return kind; }

  /// Whether the merged buffer is the workspace of the function whose body
  /// is the scope: the callers allocate it and pass it in.
  bool isWorkspace() const { return workspace; }
  void setWorkspace(bool value = true) { workspace = value; }

  /// The block the merged allocation is placed in, right before the first op
  /// of the block that holds one of the merged buffers.
  virtual Block *getAllocScope() const = 0;
  /// The memory space of the merged allocation.
  virtual Attribute getMemorySpace() const = 0;

private:
  TraceKind kind;
  bool workspace = false;
};

/// What a trace collector found in the IR.
struct MemoryTraceScopes {
  /// The traces, one per merged allocation, in IR order: an allocation scope
  /// and memory space may have several.
  SmallVector<std::unique_ptr<LifetimeTrace>> scopeTraces;
  /// The `memref.alloc` ops that are left alone, each with the reason.
  SmallVector<std::pair<Operation *, std::string>> skippedAllocs;
  /// The allocations of callees' workspaces left alone that may leave the
  /// loops around them (`kHoistableWorkspaceAttrName`).
  SmallVector<Operation *> hoistableWorkspaces;
};

/// Where the buffers of one trace go in their merged allocation.
struct MemorySchedule {
  /// Bytes of the merged allocation.
  uint64_t totalSize = 0;
  Attribute memorySpace;
  /// Byte offset of each merged `memref.alloc` op.
  llvm::DenseMap<Operation *, int64_t> allocToOffset;
  /// The `alignment` attribute of the merged allocation, if it needs one.
  std::optional<uint64_t> bufferAlignment;
  /// What made the plan, for reports.
  std::string plannerName;
  /// The merged buffer is the workspace argument of the scope's function
  /// (`LifetimeTrace::isWorkspace`).
  bool workspace = false;
};

using TraceCollectorFunc = std::function<FailureOr<MemoryTraceScopes>(
    Operation *root, bufferization::BufferLifetimeAnalysis &lifetimes,
    const MergeAllocationOptions &options)>;
using MemoryPlannerFunc = std::function<FailureOr<MemorySchedule>(
    Operation *root, const LifetimeTrace &trace,
    const MergeAllocationOptions &options)>;
using MemoryMergeMutatorFunc = std::function<LogicalResult(
    Operation *root, Block *scope, const MemorySchedule &schedule,
    const MergeAllocationOptions &options)>;

/// Options of `mergeAllocations`. Stages left empty use the tick-based
/// implementation.
struct MergeAllocationOptions {
  /// Collect and plan, but do not rewrite the IR.
  bool analysisOnly = false;
  /// The least alignment in bytes of the merged allocation and of every
  /// offset in it: zero or a power of two. Each merged buffer and each offset
  /// are aligned as the buffers' types and `alignment` attributes need, and
  /// at least this much.
  int64_t alignment = 0;
  /// The byte limit of a stack promotion after merge-alloc, 0 for none: the
  /// buffers of at most this many bytes that it is expected to take stay
  /// apart (merged, they would stay on the heap) and hold no heap memory in
  /// the peak check.
  int64_t stackPromotionMaxBytes = 0;
  /// Merge buffers even where the merged allocation raises the most bytes the
  /// scope holds at once (the tick-based collector's peak check).
  bool allowPeakIncrease = false;
  /// Which peak the peak check keeps.
  PeakToKeep keepPeak = PeakToKeep::EveryRun;
  /// How the tick-based planner places the buffers.
  MemoryPlannerMode plannerMode = MemoryPlannerMode::CostModel;
  /// Plan with the lifetimes `hoist-alloc-dealloc-pairs` gives the buffers
  /// after the deallocation: a buffer allocated in the bodies of `scf.for` and
  /// `scf.while` loops up to its scope is held over the outermost of them,
  /// whether or not it runs, so that merging the temporaries of a loop body
  /// takes no more than hoisting them apart. Outside of the pipeline that
  /// runs the hoisting, such a buffer may never be allocated.
  bool assumeHoisting = false;
  /// Plan the temporaries of each function whose every call is visible
  /// (private, non-recursive, called directly and synchronously from
  /// functions that free no buffer by hand) into one workspace that its
  /// callers allocate around each call and pass in, where holding it for the
  /// whole call does not raise the function's peak. The functions are
  /// merged callees first, so a caller plans its callees' workspaces with
  /// its own temporaries.
  bool calleeWorkspaces = false;
  /// With `calleeWorkspaces`, public functions may take a workspace too: the
  /// module is then taken to hold every call of them.
  bool publicFunctionWorkspaces = false;
  /// With `calleeWorkspaces`, a public `func.func` that the root calls takes
  /// a workspace for those calls without changing its signature: its body
  /// moves into a new private function that takes the workspace, which the
  /// root's calls call instead, and the public function becomes a wrapper
  /// that allocates the workspace and calls the private one, for callers
  /// outside the root.
  bool wrapPublicFunctions = true;
  /// Set by `mergeAllocations` under `calleeWorkspaces` while it merges one
  /// function: the function that may take a workspace, if it may.
  Operation *workspaceFunction = nullptr;
  /// Set by `mergeAllocations` under `calleeWorkspaces`: the calls of the
  /// functions that take a workspace, for the mutator.
  CalleeWorkspaceCandidates *workspaceCandidates = nullptr;
  /// Set by `mergeAllocations` under `calleeWorkspaces`: the most bytes each
  /// callee may hold while it runs, kept across the functions, each of which
  /// is measured only after it was merged.
  DenseMap<Operation *, int64_t> *calleeBoundCache = nullptr;
  /// The analysis the tick-based collector asks whether a callee keeps a
  /// buffer passed to it; by default, the one of the root that the stages
  /// share. `mergeAllocations` sets one of the whole root under
  /// `calleeWorkspaces`, where the stages run on one function at a time.
  bufferization::BufferLifetimeAnalysis *lifetimes = nullptr;
  TraceCollectorFunc tracer;
  MemoryPlannerFunc planner;
  MemoryMergeMutatorFunc mutator;
  /// Called with each trace and its schedule before the IR is rewritten.
  std::function<void(const LifetimeTrace &, const MemorySchedule &)> onSchedule;
  /// Called with each allocation the collector leaves alone and the reason.
  std::function<void(Operation *, StringRef)> onSkippedAlloc;
};

/// The tick-based lifetime of one mergeable allocation.
struct TickAllocation {
  memref::AllocOp alloc;
  /// First and last tick (inclusive) at which the buffer is accessed.
  int64_t firstTick;
  int64_t lastTick;
  /// Bytes of the buffer, from the data layout.
  uint64_t size;
  /// The alignment its offset needs: its `alignment` attribute, the size of
  /// its element, and `MergeAllocationOptions::alignment`, whichever is the
  /// largest.
  uint64_t alignment;
  /// Whether the merged allocation must carry an `alignment` attribute for
  /// this buffer: it has one, or needs more than `malloc` gives.
  bool needsAlignedAllocation;
  /// An allocation that takes the offset of `alloc`.
  struct Sharer {
    memref::AllocOp alloc;
    /// Bytes of its buffer.
    uint64_t size;
  };
  /// Allocations that are never alive together with `alloc`: they sit in
  /// different regions of `scf.if` or `scf.index_switch` ops and are yielded
  /// as the same result, or they are all the allocations of their shape in a
  /// loop the pipeline hoists them out of and are used one after the other.
  /// They take the offset of `alloc`, and `size`, `alignment` and the ticks
  /// cover them all.
  SmallVector<Sharer, 0> sharers;
};

/// The trace of the tick-based collector.
class TickLifetimeTrace : public LifetimeTrace {
public:
  TickLifetimeTrace(Block *scope, Attribute memorySpace)
      : LifetimeTrace(TraceKind::Tick), scope(scope), memorySpace(memorySpace) {
  }

  static bool classof(const LifetimeTrace *trace) {
    return trace->getTraceKind() == TraceKind::Tick;
  }

  Block *getAllocScope() const override { return scope; }
  Attribute getMemorySpace() const override { return memorySpace; }

  /// The allocations in IR order; the index is the buffer id of the events.
  SmallVector<TickAllocation> allocations;

  /// The alignment of every offset: the largest that a buffer needs.
  uint64_t getAlignment() const;
  /// The `alignment` attribute of the merged allocation, if it needs one.
  std::optional<uint64_t> getBufferAlignment() const;

  /// Returns the linearized trace: in tick order, the allocation of each
  /// buffer at its first tick and its free after its last one. At the same
  /// tick, allocations come before frees, so that two buffers accessed by
  /// one op never share memory.
  SmallVector<MemoryTraceEvent> getEvents() const;

private:
  Block *scope;
  Attribute memorySpace;
};

/// The tick-based collector. A `memref.alloc` is mergeable if its type has a
/// static shape, the identity layout and an integer, index or float element
/// type; it sits in a
/// single-block region; between it and its allocation scope (the nearest
/// `AutomaticAllocationScope` ancestor other than `scf.for`) there are only
/// ops with `RegionBranchOpInterface` and no parallel region; and neither it
/// nor any alias of it is yielded (other than by the branches of ops that run
/// at most one of their regions, such as `scf.if` and `scf.index_switch`,
/// where the buffer lives on in the op's block, and those yielded as the
/// same result from different branches share an offset), returned, passed to
/// a call, freed,
/// converted to a pointer or tensor, made into a memref by an op the alias
/// analysis does not know (`bufferization::makesAssumedAliases`), carried by
/// a region op, or used by an op with unknown memory effects, an
/// asynchronous op, or an op without `RegionBranchOpInterface` around the
/// use. The aliases are those `lifetimes` derives from the buffer.
///
/// Unless `options.allowPeakIncrease` is set, the mergeable allocations of a
/// scope are then split into groups, each of which becomes one merged
/// allocation, such that at no tick the scope holds more bytes than the most
/// it holds without merging; an allocation that fits no group of two or more
/// is left alone.
FailureOr<MemoryTraceScopes>
collectTickLifetimeTraces(Operation *root,
                          bufferization::BufferLifetimeAnalysis &lifetimes,
                          const MergeAllocationOptions &options);

/// The planner for `TickLifetimeTrace`s: the static memory planner in
/// `options.plannerMode`.
FailureOr<MemorySchedule>
planTickLifetimeTrace(Operation *root, const LifetimeTrace &trace,
                      const MergeAllocationOptions &options);

/// The default mutator: allocates `schedule.totalSize` bytes of `i8` (with
/// `schedule.bufferAlignment`) in `scope`, right before the first op of the
/// block that holds a scheduled `memref.alloc`, and replaces each scheduled
/// `memref.alloc` with a `memref.view` of it at the scheduled offset. For a
/// workspace schedule, the buffer is instead a new last argument of the
/// scope's function, marked `kWorkspaceAttrName`, and every call of the
/// function allocates it right before the call.
LogicalResult mergeScheduledAllocations(Operation *root, Block *scope,
                                        const MemorySchedule &schedule,
                                        const MergeAllocationOptions &options);

/// Returns true if `func`, if it takes a workspace under `options`, takes it
/// through a private function with its body (`wrapPublicFunctions`): it is a
/// public `func.func`, and public functions may not change their signature.
bool takesWorkspaceThroughWrapper(FunctionOpInterface func,
                                  const MergeAllocationOptions &options);

/// The functions of a root that may take a workspace under
/// `MergeAllocationOptions::calleeWorkspaces`, and their calls. The users of
/// every symbol, and which functions free buffers by hand, are found once
/// for the root, a symbol table.
class CalleeWorkspaceCandidates {
public:
  CalleeWorkspaceCandidates(Operation *root,
                            const MergeAllocationOptions &options);

  /// Returns whether `func` may take a workspace: it has a body of one block,
  /// is private (or public, under `publicFunctionWorkspaces`), sits in the
  /// root, frees no buffer by hand, and every op that names it is a direct
  /// call of it, from another function that frees no buffer by hand, with
  /// only synchronous `RegionBranchOpInterface` ops around the call. Whether
  /// it is recursive is the caller's to check.
  bool canTakeWorkspace(FunctionOpInterface func);

  /// Returns the ops that name `func`: under `canTakeWorkspace`, its calls.
  ArrayRef<Operation *> getUsers(FunctionOpInterface func) const;

  /// Returns true if `func`, which may take a workspace, takes it through a
  /// private function of its own (`wrapPublicFunctions`).
  bool needsWrapper(FunctionOpInterface func) const;

  /// Moves the body of `func`, a public `func.func` for which `needsWrapper`
  /// holds, into a new private function with the same signature, redirects
  /// `calls` (all of the calls of `func`) to it, and gives `func` a body
  /// that calls it. Returns the private function and that call. `lifetimes`,
  /// if any, learns the new symbol.
  std::pair<FunctionOpInterface, CallOpInterface>
  wrapPublicFunction(FunctionOpInterface func, ArrayRef<CallOpInterface> calls,
                     bufferization::BufferLifetimeAnalysis *lifetimes);

  /// Records that every run of `func`, which took a workspace, holds at
  /// least `bytes` of its own buffers at some point without merge-alloc.
  void setSurelyHeldBytes(Operation *func, int64_t bytes) {
    surelyHeld[func] = bytes;
  }
  /// Returns the bytes recorded for the callee of `call`, or 0.
  int64_t getSurelyHeldBytes(CallOpInterface call);

private:
  /// Returns whether `function` frees a buffer or is managed by hand.
  bool freesByHand(Operation *function);
  /// Returns whether a memref of `caller` may hide which buffers it aliases
  /// (see `TickCollector::mayHideAliases`); computed once per caller, on the
  /// caller as it is before merge-alloc changes it.
  bool callerMayHideAliases(FunctionOpInterface caller);

  const MergeAllocationOptions &options;
  Operation *symbolTableOp;
  SymbolTableCollection symbolTables;
  std::optional<SymbolUserMap> users;
  DenseMap<Operation *, bool> frees;
  DenseMap<Operation *, bool> hidesAliases;
  DenseMap<Operation *, int64_t> surelyHeld;
};

/// Runs the three stages on `root`; under `options.calleeWorkspaces`, once
/// per function of the call graph of `root`, callees first.
LogicalResult mergeAllocations(Operation *root,
                               const MergeAllocationOptions &options);

} // namespace memref
} // namespace mlir

#endif // MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOC_H
