//===-- MergeAllocPasses.td - Merge allocations -------------*- tablegen -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOCPASSES
#define MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOCPASSES

include "mlir/Pass/PassBase.td"

def MergeAllocPass : Pass<"merge-alloc", "ModuleOp"> {
  let summary = "Plan the temporary buffers of each allocation scope into one "
                "buffer at compile time";
  let description = [{
    Runs after bufferization and before the buffer deallocation. The
    mergeable `memref.alloc` ops of each allocation scope and memory space
    are replaced with `memref.view` ops of an `i8` buffer, allocated right
    before the first op of the scope's block that holds one of them, at byte
    offsets that a static memory planner chose so that two buffers in use at
    the same time never share a byte. Buffers
    whose lifetimes do not overlap share memory, so the merged buffer is
    usually smaller than the sum of the buffers, and one allocation replaces
    many.

    Lifetimes are measured in ticks: each op gets a number in a pre-order
    walk, and a buffer lives from the first to the last op that accesses it
    or an alias of it (`BufferViewFlowAnalysis`). Creating a view is not an
    access; using the view is. Ops without memory effects (`memref.dim`, for
    example) do not access the buffer. An access inside a region op counts
    as an access during the whole region op, and during every region op
    around it up to the block of the allocation, so a buffer used in a loop
    does not share memory with another buffer of the same loop. A buffer
    allocated inside a loop body and used only there keeps its exact ticks:
    its contents do not outlive one iteration.

    The allocation scope of an allocation is the nearest ancestor with the
    `AutomaticAllocationScope` trait other than `scf.for`: allocations in
    `scf.for` bodies move out of the loop, and each `scf.forall` or
    `scf.parallel` body has a buffer of its own.

    An allocation is mergeable when its type has a static shape, the identity
    layout and an integer, index or float element type (sizes come from the
    data layout); it sits in a single-block region with only `RegionBranchOpInterface` ops between it
    and its scope; and neither it nor an alias is returned, yielded, passed
    to a call, freed, turned into a pointer or tensor, carried by a region
    op, or used by an op with unknown memory effects, by an `async` op, or
    inside a region op without `RegionBranchOpInterface`. Every other
    allocation is left exactly as it was.

    Merging must not raise the peak: a merged buffer is held from its first
    buffer's allocation to its last buffer's last use, and may hold more
    bytes than the buffers it replaces in between. Unless
    `allow-peak-increase` is set, the mergeable buffers of a scope are split
    into groups, one merged buffer each, so that at every tick the scope holds
    no more than the most it holds without merging. The bound counts the
    other buffers of the scope as the rest of the pipeline frees them (after
    their last use, hoisted out of loops), a call as the most its callee may
    hold, and a call to an external function or an op with unknown effects as
    an unknown amount, over which a merged buffer may hold no more than the
    buffers it replaces. A buffer that fits no group of two or more is left
    alone.

    Which peak merging keeps is `keep-peak`. By default (`every-run`), the
    merged buffers may hold more than the buffers they replace only up to
    what every run of the scope surely holds at once at some point: the
    buffers of its block, and, in each op that runs exactly one of its
    single-block regions (`scf.if` with an `else`, `scf.index_switch`), the
    least over the regions of what a run of each holds, buffers allocated in
    it included. No run of the scope then holds more than without merging.
    With `worst-run`, it is up to the most over those regions instead: a run
    that takes a cheaper branch may hold more than without merging, but never
    more than the most that a run taking the costliest branches holds
    without merging. That lets buffers of exclusive branches of unequal cost
    share one merged buffer with the rest of the scope.

    Offsets are aligned as the buffers' element types and `alignment`
    attributes need (at least `alignment`, if set), and the merged allocation
    carries an `alignment` attribute only if a buffer has one, an element
    needs more than `malloc` gives, or `alignment` is set.

    Example:

    ```mlir
    %a = memref.alloc() : memref<128x128xf32>
    linalg.matmul ins(%x, %y : ...) outs(%a : memref<128x128xf32>)
    %b = memref.alloc() : memref<128x128xf32>
    linalg.matmul ins(%a, %y : ...) outs(%b : memref<128x128xf32>)
    %c = memref.alloc() : memref<128x128xf32>
    linalg.matmul ins(%b, %y : ...) outs(%c : memref<128x128xf32>)
    ```

    becomes

    ```mlir
    %buffer = memref.alloc() : memref<131072xi8>
    %a = memref.view %buffer[%c0][] : memref<131072xi8> to memref<128x128xf32>
    linalg.matmul ins(%x, %y : ...) outs(%a : memref<128x128xf32>)
    %b = memref.view %buffer[%c65536][] : memref<131072xi8> to memref<128x128xf32>
    linalg.matmul ins(%a, %y : ...) outs(%b : memref<128x128xf32>)
    %c = memref.view %buffer[%c0][] : memref<131072xi8> to memref<128x128xf32>
    linalg.matmul ins(%b, %y : ...) outs(%c : memref<128x128xf32>)
    ```

    The planner reads the lifetimes as a stream of allocation and free
    events. In the online modes it works like `malloc` over the merged
    buffer: it splits free chunks, merges neighbouring free chunks, and,
    since every placement is logical until the end, grows a free chunk that
    is too small instead of opening a new one. `cost-model` weighs the fit
    of a free chunk against how recently it was freed; `size-first` takes
    the best fit. `greedy-by-size` sees all lifetimes first and places the
    largest buffers first, each in the smallest gap that fits. `smallest`
    runs all three and keeps the smallest plan.

    With `assume-hoisting`, the check takes the buffers of `scf.for` and
    `scf.while` bodies for what `hoist-alloc-dealloc-pairs` makes of them
    after the deallocation: buffers allocated before the outermost such loop
    around them in their scope, whether or not it runs, and freed after it.
    Merging the temporaries of a loop body then takes no more than hoisting
    them apart. The series' pipeline sets it when it hoists.

    With `callee-workspace`, the functions are merged one at a time, callees
    first, and the temporaries of a function whose every call is visible
    are planned into a workspace instead: one buffer that each caller
    allocates right before the call and passes in as a new last argument,
    marked `merge_alloc.workspace` (with the alignment it needs, if any).
    A caller then plans its callees' workspaces with its own temporaries,
    recursively up the call graph, and the rest of the pipeline hoists them
    out of the caller's loops like any temporary. A function takes a
    workspace when it is private (or public, under
    `public-function-workspace`, or a public `func.func` under
    `wrap-public-functions`, see below), not recursive, frees no buffer by hand,
    and is only called directly, from functions that free no buffer by
    hand, outside of `async` regions and of ops without
    `RegionBranchOpInterface`; and when holding the workspace for the
    whole call does not raise the function's peak, by the check above with
    the merged buffer held over every tick of the function. Otherwise its
    temporaries are merged as without the option. Each workspace is
    reported as a `passed` remark `CalleeWorkspace`:

    ```mlir
    func.func private @kernel(%x: memref<512xf32>) {
      %t = memref.alloc() : memref<512xf32>
      ...
    }
    func.func @main(%x: memref<512xf32>) {
      call @kernel(%x) : (memref<512xf32>) -> ()
    }
    ```

    becomes

    ```mlir
    func.func private @kernel(%x: memref<512xf32>,
                              %ws: memref<2048xi8> {merge_alloc.workspace}) {
      %t = memref.view %ws[%c0][] : memref<2048xi8> to memref<512xf32>
      ...
    }
    func.func @main(%x: memref<512xf32>) {
      %ws = memref.alloc() : memref<2048xi8>
      call @kernel(%x, %ws) : (memref<512xf32>, memref<2048xi8>) -> ()
    }
    ```

    A public function may have callers outside the module, which pass no
    workspace. Under `wrap-public-functions` (the default), a new private
    function named after a public `func.func` with the suffix `_impl` takes
    its body and the workspace, the module's calls call it, and the public
    function keeps its name, signature and attributes as a wrapper that
    allocates the workspace and calls the private one.

    With `analysis-only`, the IR is not rewritten; each allocation is
    annotated instead: `merge_alloc.scope`, `merge_alloc.ticks` and
    `merge_alloc.offset` on mergeable ones (the scope op carries
    `merge_alloc.scope_id` and `merge_alloc.total`), `merge_alloc.skipped`
    with the reason on the others. `plan-file` writes the plan of every
    scope as JSON; `utils/merge-alloc/plan_to_svg.py` draws it.

    Each merged scope is reported as a `passed` optimization remark of
    category `merge-alloc`.
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"0",
           "Least alignment in bytes of each merged buffer and of every "
           "offset in it, zero or a power of two; by default, what the "
           "buffers' types and alignment attributes need">,
    Option<"stackPromotionMaxBytes", "stack-promotion-max-bytes", "int64_t",
           /*default=*/"0",
           "Leave apart the buffers of at most this many bytes that a stack "
           "promotion after merge-alloc (promote-temporaries-to-stack with "
           "this limit) is expected to take, and count them as stack memory; "
           "0 expects no stack promotion">,
    Option<"allowPeakIncrease", "allow-peak-increase", "bool",
           /*default=*/"false",
           "Merge the buffers of a scope even where the merged allocation "
           "makes the scope hold more bytes at once than without merging">,
    Option<"keepPeak", "keep-peak", "::mlir::memref::PeakToKeep",
           /*default=*/"::mlir::memref::PeakToKeep::EveryRun",
           "Which peak merging keeps",
           [{::llvm::cl::values(
             clEnumValN(::mlir::memref::PeakToKeep::EveryRun, "every-run",
                        "No run of a scope holds more at once than "
                        "without merging"),
             clEnumValN(::mlir::memref::PeakToKeep::WorstRun, "worst-run",
                        "No run of a scope holds more at once than the "
                        "costliest branches of it hold without merging"))}]>,
    Option<"plannerMode", "planner", "::mlir::memref::MemoryPlannerMode",
           /*default=*/"::mlir::memref::MemoryPlannerMode::CostModel",
           "How the planner places the buffers",
           [{::llvm::cl::values(
             clEnumValN(::mlir::memref::MemoryPlannerMode::CostModel,
                        "cost-model",
                        "Online; weighs fit against recently freed chunks"),
             clEnumValN(::mlir::memref::MemoryPlannerMode::SizeFirst,
                        "size-first", "Online; the best-fitting free chunk"),
             clEnumValN(::mlir::memref::MemoryPlannerMode::GreedyBySize,
                        "greedy-by-size",
                        "Offline; largest buffers first, smallest gap"),
             clEnumValN(::mlir::memref::MemoryPlannerMode::Smallest,
                        "smallest",
                        "The smallest plan of the other modes"))}]>,
    Option<"assumeHoisting", "assume-hoisting", "bool", /*default=*/"false",
           "Plan with the lifetimes hoist-alloc-dealloc-pairs gives: a "
           "buffer allocated in scf.for and scf.while bodies is held over "
           "the outermost of those loops in its scope, whether or not it "
           "runs">,
    Option<"calleeWorkspace", "callee-workspace", "bool", /*default=*/"false",
           "Plan the temporaries of each function whose every call is "
           "visible into a workspace buffer that its callers allocate and "
           "pass in">,
    Option<"publicFunctionWorkspace", "public-function-workspace", "bool",
           /*default=*/"false",
           "With callee-workspace, let public functions take a workspace "
           "too: every call of them must be in the module">,
    Option<"wrapPublicFunctions", "wrap-public-functions", "bool",
           /*default=*/"true",
           "With callee-workspace, let the module's calls of a public "
           "func.func pass a workspace to a private function that takes its "
           "body, and keep the public one as a wrapper that allocates the "
           "workspace, for callers outside the module">,
    Option<"analysisOnly", "analysis-only", "bool", /*default=*/"false",
           "Annotate the allocations with their scope, ticks and offset "
           "instead of rewriting them">,
    Option<"planFile", "plan-file", "std::string", /*default=*/"\"\"",
           "Write the plan of every scope as JSON to this file ('-' for "
           "stdout)">,
  ];
  let statistics = [
    Statistic<"numAllocsMerged", "num-allocs-merged",
              "Number of allocations replaced with views of a merged buffer">,
    Statistic<"numMergedBuffers", "num-merged-buffers",
              "Number of merged buffers created">,
    Statistic<"numWorkspaces", "num-workspaces",
              "Number of functions that take a workspace from their "
              "callers">,
    Statistic<"numBytesSaved", "num-bytes-saved",
              "Bytes of the merged allocations minus those of the merged "
              "buffers">,
  ];
}

#endif // MLIR_DIALECT_MEMREF_TRANSFORMS_MERGEALLOCPASSES
