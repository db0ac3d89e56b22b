//===- MergeAlloc.cpp - Merge allocations into one buffer -----------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The driver of merge-alloc's three stages and the `merge-alloc` pass.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/MemRef/Transforms/MergeAlloc.h"
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir {
namespace memref {
#define GEN_PASS_DEF_MERGEALLOCPASS
#include "mlir/Dialect/MemRef/Transforms/MergeAllocPasses.h.inc"
} // namespace memref
} // namespace mlir

using namespace mlir;
using namespace mlir::memref;

/// Runs the three stages on `root`.
static LogicalResult runStages(Operation *root,
                               const MergeAllocationOptions &options) {
  TraceCollectorFunc tracer =
      options.tracer ? options.tracer : collectTickLifetimeTraces;
  MemoryPlannerFunc planner =
      options.planner ? options.planner : planTickLifetimeTrace;
  MemoryMergeMutatorFunc mutator =
      options.mutator ? options.mutator : mergeScheduledAllocations;

  // The aliases, uses and escapes of the buffers under `root`, as the IR is
  // now: the functions merged before allocate their workspaces in their
  // callers.
  bufferization::BufferLifetimeAnalysis lifetimes(root);
  FailureOr<MemoryTraceScopes> scopes = tracer(root, lifetimes, options);
  if (failed(scopes))
    return failure();
  if (options.onSkippedAlloc)
    for (auto &[op, reason] : scopes->skippedAllocs)
      options.onSkippedAlloc(op, reason);

  // Plan every scope before the IR changes under the traces.
  SmallVector<MemorySchedule> schedules;
  for (const std::unique_ptr<LifetimeTrace> &trace : scopes->scopeTraces) {
    FailureOr<MemorySchedule> schedule = planner(root, *trace, options);
    if (failed(schedule))
      return failure();
    if (options.onSchedule)
      options.onSchedule(*trace, *schedule);
    schedules.push_back(std::move(*schedule));
  }
  if (options.analysisOnly)
    return success();
  IRRewriter rewriter(root->getContext());
  for (Operation *alloc : scopes->hoistableWorkspaces)
    rewriter.modifyOpInPlace(alloc, [&] {
      alloc->setAttr(bufferization::kHoistableWorkspaceAttrName,
                     rewriter.getUnitAttr());
    });
  for (auto [trace, schedule] : llvm::zip_equal(scopes->scopeTraces, schedules))
    if (failed(mutator(root, trace->getAllocScope(), schedule, options)))
      return failure();
  return success();
}

LogicalResult
mlir::memref::mergeAllocations(Operation *root,
                               const MergeAllocationOptions &options) {
  if (options.alignment < 0 ||
      (options.alignment > 0 &&
       !llvm::isPowerOf2_64(static_cast<uint64_t>(options.alignment))))
    return root->emitError("merge-alloc: the alignment must be zero or a "
                           "power of two, got ")
           << options.alignment;
  if (!options.calleeWorkspaces)
    return runStages(root, options);

  // One function at a time, callees first (the strongly connected components
  // of the call graph come in post-order), so that a function's callees
  // have taken their workspaces, which it allocates around the calls, and
  // their bounds do not change after they are measured. A function nested
  // in another one is merged with it.
  const CallGraph callGraph(root);
  DenseMap<Operation *, int64_t> calleeBounds;
  // Asked only whether callees keep their arguments: the functions merged
  // so far changed no use of an argument but those of their workspaces.
  bufferization::BufferLifetimeAnalysis lifetimes(root);
  MergeAllocationOptions functionOptions = options;
  functionOptions.calleeBoundCache = &calleeBounds;
  functionOptions.lifetimes = &lifetimes;
  CalleeWorkspaceCandidates candidates(root, options);
  functionOptions.workspaceCandidates = &candidates;
  for (auto scc = llvm::scc_begin(&callGraph); !scc.isAtEnd(); ++scc) {
    bool recursive = scc.hasCycle();
    for (const CallGraphNode *node : *scc) {
      if (node->isExternal())
        continue;
      Operation *callable = node->getCallableRegion()->getParentOp();
      if (auto outer = callable->getParentOfType<CallableOpInterface>();
          outer && root->isProperAncestor(outer))
        continue;
      auto func = dyn_cast<FunctionOpInterface>(callable);
      functionOptions.workspaceFunction =
          !recursive && func && candidates.canTakeWorkspace(func) ? callable
                                                                  : nullptr;
      if (failed(runStages(callable, functionOptions)))
        return failure();
    }
  }
  return success();
}

/// Returns a name for `loc` in reports: `file:line:col` where there is one.
static std::string getLocationName(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return nameLoc.getName().str();
  if (auto fused = dyn_cast<FusedLoc>(loc);
      fused && !fused.getLocations().empty())
    return getLocationName(fused.getLocations().front());
  return "";
}

/// Returns the printed form of `attr`, or `default` for no attribute.
static std::string getMemorySpaceName(Attribute attr) {
  if (!attr)
    return "default";
  std::string name;
  llvm::raw_string_ostream os(name);
  attr.print(os);
  return name;
}

namespace {
/// One merged buffer (or workspace) as the pass reports it.
struct ScheduleReport {
  /// The op whose region the buffer serves.
  Operation *scopeOp;
  /// The scope's number, in the order the collector reports scopes, which is
  /// IR order.
  int64_t scopeId;
  /// The buffer's number among those of its scope.
  int64_t bufferId;
  std::string memorySpace;
  /// The allocations merged, sharers included.
  size_t numAllocs = 0;
  /// Their bytes, counting those that share an offset once: they are never
  /// alive at once, and the largest of them counts.
  uint64_t totalBytes = 0;
};

struct MergeAllocPass
    : public memref::impl::MergeAllocPassBase<MergeAllocPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Returns the report of `trace`, numbering its scope and buffer.
  ScheduleReport getReport(const TickLifetimeTrace &trace);
  /// Under `analysis-only`, attaches the plan to the scope op and to the
  /// allocations.
  void annotatePlan(const ScheduleReport &report,
                    const TickLifetimeTrace &trace,
                    const MemorySchedule &schedule);
  /// Counts the merged buffer in the statistics and emits its remark.
  void remarkPlan(const ScheduleReport &report, const MemorySchedule &schedule,
                  const MergeAllocationOptions &options);

  /// The numbers of the scopes reported in this run, and how many buffers
  /// of each.
  llvm::DenseMap<Operation *, int64_t> scopeIds;
  llvm::DenseMap<Operation *, int64_t> numBuffersOfScope;
};
} // namespace

/// Returns the name of the function that holds `op`, or "".
static std::string getFunctionName(Operation *op) {
  auto funcOp = dyn_cast<FunctionOpInterface>(op);
  if (!funcOp)
    funcOp = op->getParentOfType<FunctionOpInterface>();
  return funcOp ? funcOp.getName().str() : "";
}

/// Returns the printed form of `type`.
static std::string getTypeName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

/// Writes one merged buffer of the plan to `json`: its scope, size and
/// buffers with their ticks and offsets.
static void writePlan(llvm::json::OStream &json, const ScheduleReport &report,
                      const TickLifetimeTrace &trace,
                      const MemorySchedule &schedule) {
  json.object([&] {
    json.attribute("scope", report.scopeId);
    json.attribute("buffer", report.bufferId);
    json.attribute("op", report.scopeOp->getName().getStringRef());
    json.attribute("function", getFunctionName(report.scopeOp));
    json.attribute("memory_space", report.memorySpace);
    json.attribute("planner", schedule.plannerName);
    if (schedule.workspace)
      json.attribute("workspace", true);
    json.attribute("alignment", static_cast<int64_t>(trace.getAlignment()));
    json.attribute("total", static_cast<int64_t>(schedule.totalSize));
    json.attribute("sum_of_sizes", static_cast<int64_t>(report.totalBytes));
    json.attribute("peak_live", static_cast<int64_t>(computePeakLiveBytes(
                                    trace.getEvents(), trace.getAlignment())));
    json.attributeArray("buffers", [&] {
      for (auto [id, allocation] : llvm::enumerate(trace.allocations)) {
        AllocOp alloc = allocation.alloc;
        json.object([&] {
          json.attribute("id", static_cast<int64_t>(id));
          json.attribute("loc", getLocationName(alloc.getLoc()));
          json.attribute("type", getTypeName(alloc.getType()));
          json.attribute("first_tick", allocation.firstTick);
          json.attribute("last_tick", allocation.lastTick);
          json.attribute("size", static_cast<int64_t>(allocation.size));
          json.attribute("offset", schedule.allocToOffset.lookup(alloc));
          if (allocation.sharers.empty())
            return;
          json.attributeArray("sharers", [&] {
            for (const TickAllocation::Sharer &sharer : allocation.sharers)
              json.object([&] {
                json.attribute("loc",
                               getLocationName(AllocOp(sharer.alloc).getLoc()));
                json.attribute("size", static_cast<int64_t>(sharer.size));
              });
          });
        });
      }
    });
  });
}

ScheduleReport MergeAllocPass::getReport(const TickLifetimeTrace &trace) {
  Operation *scopeOp = trace.getAllocScope()->getParentOp();
  ScheduleReport report;
  report.scopeOp = scopeOp;
  report.scopeId =
      scopeIds.try_emplace(scopeOp, static_cast<int64_t>(scopeIds.size()))
          .first->second;
  report.bufferId = numBuffersOfScope[scopeOp]++;
  report.memorySpace = getMemorySpaceName(trace.getMemorySpace());
  for (const TickAllocation &allocation : trace.allocations) {
    report.totalBytes += allocation.size;
    report.numAllocs += 1 + allocation.sharers.size();
  }
  return report;
}

void MergeAllocPass::annotatePlan(const ScheduleReport &report,
                                  const TickLifetimeTrace &trace,
                                  const MemorySchedule &schedule) {
  Builder builder(&getContext());
  Operation *scopeOp = report.scopeOp;
  scopeOp->setAttr("merge_alloc.scope_id",
                   builder.getI64IntegerAttr(report.scopeId));
  // The bytes of the scope's merged buffers in each memory space.
  NamedAttrList totals;
  if (auto existing =
          scopeOp->getAttrOfType<DictionaryAttr>("merge_alloc.total"))
    totals.append(existing.getValue());
  int64_t total = static_cast<int64_t>(schedule.totalSize);
  if (auto previous =
          dyn_cast_or_null<IntegerAttr>(totals.get(report.memorySpace)))
    total += previous.getInt();
  totals.set(report.memorySpace, builder.getI64IntegerAttr(total));
  scopeOp->setAttr("merge_alloc.total", totals.getDictionary(&getContext()));

  for (const TickAllocation &allocation : trace.allocations) {
    SmallVector<Operation *> allocs = {allocation.alloc};
    for (const TickAllocation::Sharer &sharer : allocation.sharers)
      allocs.push_back(sharer.alloc);
    for (Operation *alloc : allocs) {
      alloc->setAttr("merge_alloc.scope",
                     builder.getI64IntegerAttr(report.scopeId));
      alloc->setAttr("merge_alloc.buffer",
                     builder.getI64IntegerAttr(report.bufferId));
      alloc->setAttr("merge_alloc.ticks",
                     builder.getDenseI64ArrayAttr(
                         {allocation.firstTick, allocation.lastTick}));
      alloc->setAttr(
          "merge_alloc.offset",
          builder.getI64IntegerAttr(schedule.allocToOffset.lookup(alloc)));
    }
  }
}

void MergeAllocPass::remarkPlan(const ScheduleReport &report,
                                const MemorySchedule &schedule,
                                const MergeAllocationOptions &options) {
  numAllocsMerged += report.numAllocs;
  if (report.totalBytes > schedule.totalSize)
    numBytesSaved += report.totalBytes - schedule.totalSize;
  std::string planned = (Twine(report.numAllocs) + " allocation(s) of " +
                         Twine(report.totalBytes) + " bytes")
                            .str();
  std::string planner = " (" + schedule.plannerName + ")";
  Location loc = report.scopeOp->getLoc();
  if (schedule.workspace) {
    ++numWorkspaces;
    auto func = dyn_cast<FunctionOpInterface>(report.scopeOp);
    std::string wrapper =
        func && takesWorkspaceThroughWrapper(func, options)
            ? "; a private function takes its body and the workspace, and it "
              "keeps its signature as a wrapper that allocates the workspace"
            : "";
    remark::passed(
        loc,
        remark::RemarkOpts::name("CalleeWorkspace").category("merge-alloc"))
        << ("takes a workspace of " + Twine(schedule.totalSize) +
            " bytes from its callers for " + planned + planner + wrapper)
               .str();
    return;
  }
  ++numMergedBuffers;
  remark::passed(
      loc, remark::RemarkOpts::name("AllocsMerged").category("merge-alloc"))
      << ("merged " + planned + " into one buffer of " +
          Twine(schedule.totalSize) + " bytes" + planner)
             .str();
}

void MergeAllocPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (alignment < 0 ||
      (alignment > 0 &&
       !llvm::isPowerOf2_64(static_cast<uint64_t>(alignment)))) {
    module.emitError("merge-alloc: option 'alignment' must be zero or a "
                     "power of two, got ")
        << static_cast<int64_t>(alignment);
    return signalPassFailure();
  }
  // Open the plan file first, so that a bad path stops the pass before it
  // changes anything.
  std::unique_ptr<llvm::ToolOutputFile> planOutput;
  if (!planFile.empty()) {
    std::string error;
    planOutput = openOutputFile(planFile, &error);
    if (!planOutput) {
      module.emitError("merge-alloc: cannot write the plan file: ") << error;
      return signalPassFailure();
    }
  }

  scopeIds.clear();
  numBuffersOfScope.clear();
  std::string planText;
  llvm::raw_string_ostream planStream(planText);
  llvm::json::OStream json(planStream, /*IndentSize=*/2);
  json.objectBegin();
  json.attributeBegin("scopes");
  json.arrayBegin();

  MergeAllocationOptions options;
  options.analysisOnly = analysisOnly;
  options.alignment = alignment;
  options.stackPromotionMaxBytes = stackPromotionMaxBytes;
  options.allowPeakIncrease = allowPeakIncrease;
  options.keepPeak = keepPeak;
  options.plannerMode = plannerMode;
  options.assumeHoisting = assumeHoisting;
  options.calleeWorkspaces = calleeWorkspace;
  options.publicFunctionWorkspaces = publicFunctionWorkspace;
  options.wrapPublicFunctions = wrapPublicFunctions;
  options.onSkippedAlloc = [&](Operation *alloc, StringRef reason) {
    if (analysisOnly)
      alloc->setAttr("merge_alloc.skipped",
                     StringAttr::get(&getContext(), reason));
  };
  options.onSchedule = [&](const LifetimeTrace &trace,
                           const MemorySchedule &schedule) {
    const auto &tickTrace = cast<TickLifetimeTrace>(trace);
    ScheduleReport report = getReport(tickTrace);
    if (analysisOnly)
      annotatePlan(report, tickTrace, schedule);
    else
      remarkPlan(report, schedule, options);
    writePlan(json, report, tickTrace, schedule);
  };

  if (failed(mergeAllocations(module, options)))
    return signalPassFailure();

  json.arrayEnd();
  json.attributeEnd();
  json.objectEnd();
  if (!planOutput)
    return;
  planOutput->os() << planText << "\n";
  planOutput->keep();
}
