//===-- BufferOptimizationPasses.td - Buffer optimizations -*- tablegen -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Passes that make memory cheap around buffer deallocation: preparing tensor
// IR for bufferization, reusing, hoisting and eliding buffers after the
// ownership-based deallocation has run, and lowering deallocations.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES

include "mlir/Pass/PassBase.td"

def SplitAllocTensorsPass : Pass<"split-alloc-tensors"> {
  let summary = "Give every use of an allocating tensor op its own allocation";
  let description = [{
    This pass runs before One-Shot Bufferize. It looks for
    `bufferization.alloc_tensor` ops (and, unless disabled, `tensor.empty`
    ops) whose result has more than one use and gives each use its own copy
    of the op. The copies are placed right after the original op, so every
    operand of the op still dominates them.

    One-Shot Bufferize materializes each such op as one buffer. When a single
    op feeds several unrelated computations, bufferization may decide to
    write all of them into the same buffer, which keeps that buffer alive
    from the first use to the last one and hides from later passes that the
    computations are independent. With one op per use, every computation gets
    a buffer whose live range is exactly its own, which the reuse stages of
    the deallocation pipeline can free early and reuse. On its own, while
    deallocations are placed at the end of their block, the split can raise
    the number of allocations and the peak memory.

    The contents of a `bufferization.alloc_tensor` without `copy` operand and
    of a `tensor.empty` are undefined, so giving each use a distinct value is
    a refinement; an `alloc_tensor` with a `copy` operand is cloned with it,
    so each use still sees the copied contents.

    Note that `tensor.empty` has no side effects, so CSE merges the copies
    again: run this pass after the last CSE before bufferization.

    Example:

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %0 = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %1 = linalg.fill ins(%c1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    ```

    becomes

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %e_0 = tensor.empty() : tensor<4xf32>
    %0 = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %1 = linalg.fill ins(%c1 : f32) outs(%e_0 : tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let options = [
    Option<"splitEmptyTensors", "split-empty-tensors", "bool",
           /*default=*/"true",
           "Also split `tensor.empty` ops, which One-Shot Bufferize turns "
           "into allocations as well">
  ];
  let dependentDialects = ["bufferization::BufferizationDialect",
                           "tensor::TensorDialect"];
}

def MarkManualDeallocationsPass
    : Pass<"mark-manual-deallocations", "ModuleOp"> {
  let summary = "Mark the buffers that the input already frees as managed "
                "by hand";
  let description = [{
    Runs first in `buffer-deallocation-pipeline` under `manual-deallocation`,
    so that IR that already frees some buffers (IR that went through the
    pipeline before, or hand-written `memref.dealloc` ops next to buffers
    left to the pipeline) is deallocated without errors, leaks or double
    frees. Upstream's `ownership-based-buffer-deallocation` rejects any
    `memref.dealloc` that does not carry `bufferization.manual_deallocation`,
    and gives an allocation that carries it no ownership, so that it is never
    freed automatically.

    For each function that contains a `memref.dealloc`:

    * If every buffer it frees comes, by the buffer view flow analysis, only
      from heap allocations in the function (`memref.alloc`,
      `bufferization.clone`, ...) none of whose aliases the function returns,
      those frees and allocations get `bufferization.manual_deallocation`:
      they are managed by hand, and the deallocation frees every other buffer
      of the function as usual.
    * Otherwise (the function frees a call result or an argument, or a buffer
      it may also return, as the output of the pipeline does), the function
      as a whole is managed by hand and gets the unit attribute
      `buffer_abi.manual_deallocation`:
      `manual-aware-ownership-based-deallocation` and the passes after it
      leave it alone. That is only sound if the function frees or returns
      every buffer it allocates or receives from a call; the pass stops with
      an error at the first that it does not. Under
      `private-function-dynamic-ownership`, a private function cannot be left
      alone (its callers would expect its ownership results), which is an
      error too.

    A `memref.realloc` in a function that frees buffers by hand is an error:
    the pipeline expands it without freeing its operand, leaving that to the
    deallocation, which would then free a buffer managed by hand a second
    time. Run `expand-realloc` (which frees the operand) before the pipeline.

    The buffer lifetime passes of the pipeline (`double-buffer-loops`,
    `hoist-alloc-dealloc-pairs`, `free-buffers-at-last-use`,
    `elide-buffer-copies`, `reuse-freed-buffers`) leave every function that
    frees buffers by hand alone, and `merge-alloc` never merges a buffer that
    is freed.
  }];
  let options = [
    Option<"privateFunctionDynamicOwnership",
           "private-function-dynamic-ownership", "bool", /*default=*/"false",
           "The deallocation gives private functions dynamic ownership "
           "results, so none of them can be left alone">
  ];
}

def ManualAwareOwnershipBasedDeallocationPass
    : Pass<"manual-aware-ownership-based-deallocation", "ModuleOp"> {
  let summary = "Run ownership-based buffer deallocation on the functions "
                "that are not managed by hand";
  let description = [{
    Upstream's `ownership-based-buffer-deallocation` on every `func.func`
    with a body, except those that `mark-manual-deallocations` marked with
    `buffer_abi.manual_deallocation`, which are left as they are. Takes the
    place of the upstream pass in `buffer-deallocation-pipeline` under
    `manual-deallocation`.
  }];
  let options = [
    Option<"privateFunctionDynamicOwnership",
           "private-function-dynamic-ownership", "bool", /*default=*/"false",
           "Allows to add additional arguments and results to private "
           "functions to dynamically pass ownership of memrefs to callees "
           "and back (upstream's option)">
  ];
  let dependentDialects = ["arith::ArithDialect",
                           "bufferization::BufferizationDialect",
                           "cf::ControlFlowDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def CheckBufferDeallocationInputPass
    : Pass<"check-buffer-deallocation-input", "ModuleOp"> {
  let summary = "Reject input that ownership-based deallocation would "
                "mishandle, with a diagnostic instead of a crash";
  let description = [{
    Runs right before `ownership-based-buffer-deallocation` in
    `buffer-deallocation-pipeline` (after `prepare-buffer-deallocation`) and
    stops the pipeline with an error on input for which the upstream pass is
    known to crash, to produce invalid IR or to free a buffer before its
    last use. The error names the op and the way out. The pass does not
    change the IR.

    Checks:

    * An op that takes or returns a memref but implements neither
      `MemoryEffectOpInterface` (nor has recursive memory effects) nor
      `BufferDeallocationOpInterface`, nor one of the call and control-flow
      interfaces the deallocation handles itself. The upstream pass stops
      on some of these with "ops with unknown memory side effects are not
      supported", which names neither the op nor a remedy, and accepts
      others assuming that their results alias their operands, which is
      wrong for an op that frees or keeps a buffer.
    * A `memref.store` of a memref descriptor whose buffer the deallocation
      could free before a use of the descriptor loaded back: the memory is
      not a `memref.alloca` that only loads and stores use, or stores in
      two blocks fill it, or a load of it is not after the first store in
      the stores' block (or nested in an op of it), or the loaded memref (or
      a view of it, or a result it flows into) is used outside of that block
      or by its terminator. The
      deallocation frees a buffer at the end of a block that holds its last
      SSA use, or later, so such loads are safe and the others are not.
    * With `private-function-dynamic-ownership`: a result of a call to a
      private function with a body that is used in another block than the
      call's. The upstream pass replaces such calls to add ownership
      results, but its liveness still holds the erased call's values: for a
      memref result it fails to verify or reads freed memory (found by the
      deallocation fuzzer), for any result it may crash.
      `prepare-buffer-deallocation`, which runs before this check in
      `buffer-deallocation-pipeline`, gives such uses a cast in the call's
      block, so the pipeline accepts these calls.
  }];
  let options = [
    Option<"privateFunctionDynamicOwnership",
           "private-function-dynamic-ownership", "bool", /*default=*/"false",
           "Check for the limitations of `ownership-based-buffer-"
           "deallocation{private-function-dynamic-ownership=true}`">
  ];
}

def LiftUnstructuredControlFlowPass
    : Pass<"lift-unstructured-control-flow"> {
  let summary = "Lift loops of blocks and multi-way branches, which "
                "ownership-based deallocation rejects, to `scf` ops";
  let description = [{
    Runs first in `buffer-deallocation-pipeline`. The upstream
    `ownership-based-buffer-deallocation` rejects a region whose blocks
    form a loop ("Only structured control-flow loops are supported") and
    any branch with more than two successors, such as `cf.switch`.

    This pass finds those regions, in any op, and lifts each of them as a
    whole to structured control flow with the upstream CFG-to-SCF
    transformation (the one behind `lift-cf-to-scf`): loops become
    `scf.while`, `cf.cond_br` becomes `scf.if` and `cf.switch` becomes
    `scf.index_switch`. Buffers that the blocks pass to each other become
    iteration values and results of those ops, which the deallocation
    handles. No buffer is copied. A memref that is undefined on some path
    of the lifted code is a view of an empty `memref.alloca`, never freed,
    rather than `ub.poison`: the deallocation compares the addresses of the
    buffers it may free, and one read from poison may equal any other. Other
    undefined values are `ub.poison`; the canonicalizer removes most of
    them, and `convert-ub-to-llvm` lowers the rest. Regions the deallocation
    supports as they are, including diamonds of `cf.cond_br` and `cf.br`,
    are left alone, except that blocks unreachable from the entry of a
    region with several blocks are dropped, as the canonicalizer would.

    Only `cf.br`, `cf.cond_br` and `cf.switch` can be lifted. A region that
    needs lifting and branches with any other op, and a multi-way branch of
    another dialect such as `llvm.cond_br`, get an error that names the op.

    Example:

    ```mlir
      cf.br ^head(%c0, %a : index, memref<4xf32>)
    ^head(%i: index, %buf: memref<4xf32>):
      %lt = arith.cmpi slt, %i, %n : index
      cf.cond_br %lt, ^body, ^exit
    ^body:
      %t = memref.alloc() : memref<4xf32>
      ...
      cf.br ^head(%i2, %t : index, memref<4xf32>)
    ^exit:
      ...
    ```

    becomes an `scf.while` that carries `%i` and `%buf`, in which an
    `scf.if` on `%lt` either allocates `%t` and continues or leaves the
    loop.

    With `lift-allocating-branches`, a region of branches without a loop is
    lifted too when an op in it, at any depth, is a `memref.alloc`: its
    diamonds become `scf.if` and `scf.index_switch` ops, whose regions
    `merge-alloc` plans, so that allocations in exclusive branches share
    memory. The pipeline option of the same name sets it under
    `merge-alloc`. Such a region that branches with an op other than the
    `cf` ones is left alone; so is one inside a loop:
    `hoist-alloc-dealloc-pairs` would hold the buffers of its lifted arms
    over the loop, even in iterations that take no such arm; and so is one
    in which an op stores a memref descriptor: the store would sit in a
    nested region, where `prepare-buffer-deallocation` can no longer make
    the slot an SSA value.
  }];
  let options = [
    Option<"liftAllocatingBranches", "lift-allocating-branches", "bool",
           /*default=*/"false",
           "Also lift regions of branches without loops, outside of loops, "
           "in which an op allocates with memref.alloc">,
  ];
  let dependentDialects = ["arith::ArithDialect", "cf::ControlFlowDialect",
                           "memref::MemRefDialect", "scf::SCFDialect",
                           "ub::UBDialect"];
}

def PrepareBufferDeallocationPass : Pass<"prepare-buffer-deallocation"> {
  let summary = "Give results of ops the deallocation replaces that are "
                "used in other blocks a use in their own block";
  let description = [{
    Runs right before `ownership-based-buffer-deallocation` in
    `buffer-deallocation-pipeline`, after the last canonicalization.

    The upstream pass replaces every op with regions that returns memrefs
    (`scf.if`, `scf.index_switch`, `scf.execute_region`, loops) with a copy
    that also returns ownership indicators, but decides which memrefs a
    branch must keep alive from a liveness analysis of the IR before those
    replacements. A memref result of such an op that is used after a
    `cf.cond_br` or `cf.br` is therefore not kept alive, and the buffers it
    aliases are freed before their last use: a use after free (found by
    the deallocation fuzzer; the stock pipeline does the same).

    This pass inserts an identity `memref.cast` of each such result right
    after its op and lets the uses in other blocks use the cast. The cast is
    an ordinary view that the deallocation tracks across blocks; the
    canonicalizer folds it away afterwards. No buffer is copied.

    The upstream pass also crashes on a result of any other type that is used
    in another block, because it replaces the op whatever its results
    (llvm-project issue #119863). Such results, and unranked memrefs, whose
    identity `memref.cast` is invalid, get an identity
    `builtin.unrealized_conversion_cast` instead, which the canonicalizer
    folds as well.

    Calls to private functions with a body get the same casts: under
    `private-function-dynamic-ownership` the upstream pass replaces them to
    add an ownership result per memref result, and a result used in another
    block then crashes it or is freed before that use, as above. Without the
    option the casts change nothing but are folded all the same.

    Example:

    ```mlir
    %r = scf.if %c -> memref<4xf32> { ... }
    cf.cond_br %d, ^bb1, ^bb2
    ^bb1:
      "test.use"(%r) : (memref<4xf32>) -> ()
    ```

    becomes

    ```mlir
    %r = scf.if %c -> memref<4xf32> { ... }
    %0 = memref.cast %r : memref<4xf32> to memref<4xf32>
    cf.cond_br %d, ^bb1, ^bb2
    ^bb1:
      "test.use"(%0) : (memref<4xf32>) -> ()
    ```

    It also promotes the stack slots of memref descriptors (a
    `memref.alloca` of a memref element type that only `memref.load` and
    `memref.store` use) to SSA values with upstream's mem2reg, as a front
    end's mutable local that holds an array is emitted. The deallocation
    follows SSA values only: a buffer stored into a slot and loaded back in a
    later block was freed at the end of the block of its last SSA use,
    before the load (found by the deallocation fuzzer; the stock pipeline
    does the same). A load that no store reaches on some path gets an empty
    stack buffer there rather than `ub.poison`, as the lifting gives an
    undefined memref. Slots of plain data are left alone, and so are slots
    that mem2reg cannot promote, such as one loaded in a nested region;
    `check-buffer-deallocation-input` then decides whether the deallocation
    handles them.

    The pass also attaches the series' `BufferDeallocationOpInterface`
    models to the context (for `affine.for` with memref `iter_args`, and for
    `async.execute`, `async.yield` and `async.await`), so that the
    deallocation after it handles these ops in any tool that runs the
    pipeline, including a stock `mlir-opt` that loads the plugin.
  }];
  let dependentDialects = ["memref::MemRefDialect"];
}

def ExpandReallocsForDeallocationPass
    : Pass<"expand-reallocs-for-deallocation"> {
  let summary = "Expand `memref.realloc` into allocation, copy and free, "
                "visiting only the reallocations";
  let description = [{
    Expands each `memref.realloc` with upstream's patterns
    (`memref::populateExpandReallocPatterns`), as `expand-realloc` does: an
    `scf.if` that keeps the buffer when the new size is not larger, and
    otherwise allocates a buffer of the new size, copies the old contents
    into it and, with `emit-deallocs`, frees the old buffer.

    The output is that of `expand-realloc`. The difference is the cost:
    `expand-realloc` runs a dialect conversion over every op nested in the
    op it runs on, also when there is no `memref.realloc` to expand (most
    programs); on the benchmark's programs, that costs about two thirds of
    a canonicalizer run. This pass converts only the `memref.realloc` ops, and leaves
    the IR and its analyses untouched when there is none.
    `buffer-deallocation-pipeline` runs it, without `emit-deallocs`, before
    the ownership-based deallocation, which does not model the free that a
    `memref.realloc` implies and frees the old buffer itself.

    Example:

    ```mlir
    %new = memref.realloc %old(%size) : memref<?xf32> to memref<?xf32>
    ```

    becomes (without `emit-deallocs`)

    ```mlir
    %c0 = arith.constant 0 : index
    %dim = memref.dim %old, %c0 : memref<?xf32>
    %grows = arith.cmpi ult, %dim, %size : index
    %new = scf.if %grows -> (memref<?xf32>) {
      %alloc = memref.alloc(%size) : memref<?xf32>
      %part = memref.subview %alloc[0] [%dim] [1]
          : memref<?xf32> to memref<?xf32, strided<[1]>>
      memref.copy %old, %part : memref<?xf32> to memref<?xf32, strided<[1]>>
      scf.yield %alloc : memref<?xf32>
    } else {
      %same = memref.reinterpret_cast %old to offset: [0], sizes: [%size],
          strides: [1] : memref<?xf32> to memref<?xf32>
      scf.yield %same : memref<?xf32>
    }
    ```
  }];
  let options = [
    Option<"emitDeallocs", "emit-deallocs", "bool", /*default=*/"true",
           "Free the old buffer after copying it into the new one "
           "(as `expand-realloc`'s option of the same name)">,
  ];
  let dependentDialects = [
    "arith::ArithDialect", "memref::MemRefDialect", "scf::SCFDialect"
  ];
}

def LowerDeallocationsToSCFPass : Pass<"lower-deallocations-to-scf"> {
  let summary = "Lower `bufferization.dealloc` ops to guarded `memref.dealloc` "
                "ops with inline alias checks";
  let description = [{
    Lowers `bufferization.dealloc` ops to `memref.dealloc` ops guarded by
    `scf.if`, computing the guards with inline pointer comparisons instead of
    the `dealloc_helper` library function that `bufferization-lower-
    deallocations` calls for ops with more than one memref. The helper costs
    five heap allocations per call for its metadata; the inline checks cost
    none.

    For `n` memrefs and `m` retained memrefs, memref `i` is freed iff its
    condition holds, it aliases no retained memref, and it aliases no earlier
    memref `j < i` whose condition holds (that one is freed instead, or, if
    retained, neither is). The updated condition of a retained memref is the
    disjunction of the conditions of the memrefs that alias it. Pairs that
    `BufferOriginAnalysis` decides statically (two different allocations, or
    views of the same one) need no comparison; the results of calls marked
    with `buffer_abi.no_alias_results` (see `unalias-function-results`) count
    as fresh allocations there. A retained memref that an `scf.if` or an
    `arith.select` on the condition of memref `i` makes memref `i` whenever
    that condition holds needs no comparison with it either: memref `i` is
    then never freed, and it makes the retained memref owned under its
    condition. That is how the ownership-based deallocation returns a buffer
    it may not own (`%r = scf.if %owned { yield %m } else { clone %m }`,
    then a dealloc of `%m` under `%owned` that retains `%r`); the ops that
    select such memrefs are canonicalized afterwards, which usually merges
    the two branches into one that returns a clone of the argument or a new
    buffer, so that the analyses of the calls that follow see a function
    that only reads its argument.

    A condition that is a constant, or an expression of `arith.select`,
    `arith.andi`, `arith.ori` and `arith.xori` ops over at most two other
    values that has the same value whatever theirs (up to 16 ops), needs no
    guard: a plain `memref.dealloc`, or nothing. The deallocation computes
    the ownership of a buffer of the block of a `cf.cond_br` on `%c` in its
    successors as `select %c, %c, (xori %c, true)`, which is true on both
    paths. The path to the op counts too: in a block whose only predecessor
    ends in a `cf.cond_br` on `%c` (and so on up, through blocks of one
    predecessor, up to 8 blocks), `%c` holds if the block is the branch's
    true successor and not if it is its false one. A memref whose condition
    is false is compared with nothing (nor counted against
    `max-alias-checks`), and a comparison that a later pair
    made irrelevant is erased with the addresses only it read: the stages
    after this one take an address read for a use of its buffer.

    The code is quadratic in the number of operands, so an op that needs more
    than `max-alias-checks` runtime comparisons is left alone, for
    `bufferization-lower-deallocations` to lower with the helper. Run this pass
    before that one, or set `lower-rest-with-helper=true`: the pass then
    lowers the ops it leaves with upstream's helper-based pattern itself
    (adding the `dealloc_helper` function to the symbol table, as upstream's
    pass does), converting only those ops, where a run of
    `bufferization-lower-deallocations` converts every op of the module, also
    when no dealloc is left.

    Example:

    ```mlir
    bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%ca, %cb)
    ```

    becomes

    ```mlir
    scf.if %ca {
      memref.dealloc %a : memref<f32>
    }
    %pa = memref.extract_aligned_pointer_as_index %a : memref<f32> -> index
    %pb = memref.extract_aligned_pointer_as_index %b : memref<f32> -> index
    %same = arith.cmpi eq, %pb, %pa : index
    %freed_as_a = arith.andi %same, %ca : i1
    %not_freed_as_a = arith.xori %freed_as_a, %true : i1
    %free_b = arith.andi %cb, %not_freed_as_a : i1
    scf.if %free_b {
      memref.dealloc %b : memref<f32>
    }
    ```
  }];
  let options = [
    Option<"maxAliasChecks", "max-alias-checks", "unsigned",
           /*default=*/"32",
           "Largest number of runtime pointer comparisons one op may need to "
           "be lowered inline; larger ops are left to the helper-based "
           "lowering">,
    Option<"lowerRestWithHelper", "lower-rest-with-helper", "bool",
           /*default=*/"false",
           "Lower the ops left to the helper-based lowering with upstream's "
           "pattern of `bufferization-lower-deallocations`, so that the "
           "`bufferization.dealloc` ops are all lowered">,
    Option<"onlyShiftedViews", "only-shifted-views", "bool",
           /*default=*/"false",
           "Lower only the ops with an operand that may be a `memref.view` "
           "at a byte shift (which the helper-based lowering would free "
           "twice), and leave every other op to the helper-based lowering">
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect",
                           "scf::SCFDialect", "func::FuncDialect"];
}

def ExpandStridedClonesPass : Pass<"expand-strided-clones"> {
  let summary = "Expand the `bufferization.clone` ops of strided memrefs that "
                "`convert-bufferization-to-memref` cannot lower";
  let description = [{
    `convert-bufferization-to-memref` lowers a `bufferization.clone` to an
    allocation with the identity layout, cast to the clone's type. A type
    with a static offset other than zero, or static strides other than those
    of the identity layout, cannot be reached by that cast, and the lowering
    fails ("failed to legalize operation 'bufferization.clone'"). The
    ownership-based deallocation creates such clones wherever a buffer of
    unknown ownership leaves a function or a region, for example a
    `memref.subview` of a buffer that is either an argument or a fresh
    allocation, returned from a function.

    This pass expands each such clone into a one-dimensional allocation that
    holds every element the layout reaches (the offset, plus one past the
    largest linear index of an element), a `memref.reinterpret_cast` of it to
    the clone's type, and a `memref.copy` of the cloned buffer into that
    view. The view owns the allocation as the clone owned its buffer: a
    `memref.dealloc` of it, or of the base buffer that
    `memref.extract_strided_metadata` gives, frees the allocation. Dynamic
    sizes are read from the cloned buffer with `memref.dim`.

    Clones of an unranked memref, and of a layout with a dynamic offset or a
    dynamic or negative stride that the identity layout cannot be cast to,
    are left alone.

    Example:

    ```mlir
    %c = bufferization.clone %v
        : memref<8xf32, strided<[1], offset: 8>>
        to memref<8xf32, strided<[1], offset: 8>>
    ```

    becomes

    ```mlir
    %buffer = memref.alloc() : memref<16xf32>
    %c = memref.reinterpret_cast %buffer to offset: [8], sizes: [8],
        strides: [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
    memref.copy %v, %c : memref<8xf32, strided<[1], offset: 8>>
        to memref<8xf32, strided<[1], offset: 8>>
    ```
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

def FreshBufferResultsToOutParamsPass
    : Pass<"fresh-buffer-results-to-out-params", "ModuleOp"> {
  let summary = "Let callers allocate the fresh buffers that functions return";
  let description = [{
    Runs after bufferization and before the buffer deallocation. A memref
    result of a function that is always a buffer the function allocates,
    and whose allocation could as well happen right before the call, becomes
    an argument: each call allocates the buffer right before it and passes
    it in, and uses it in place of the result. The caller then owns a buffer
    it allocated itself, which the rest of the pipeline can hoist out of its
    loops, reuse and merge with its other buffers; a result stays a malloc
    per call that no caller can plan.

    A result of a function is converted when:

    * the function is a `func.func` with a body of one block, private or
      public, that no function managed by hand, with an `async` region, or
      freeing a buffer contains;
    * every use of its symbol is a direct `func.call` of it from such a
      function, and there is at least one;
    * the value the function returns there is a `memref.alloc` of a static
      shape and the identity layout, of exactly the result's type, returned
      at that position only and not aliased by another result; either
      returned as it is from the entry block, or through the regions of
      `scf.if` and `scf.index_switch` ops, where each path yields a buffer
      of its own, allocated or cloned (`bufferization.clone`) in the block
      of its yield, or an argument of the function. The new argument
      replaces each allocation; a clone becomes a copy into it. A path that
      yields an argument copies it into the new argument where it yields
      it, which is what the deallocation does for the caller (it clones an
      argument that a function returns). No op after such a copy may write
      to the argument; under `private-function-dynamic-ownership`, where the
      deallocation returns the argument of a private function itself,
      private functions take no such copy;
    * no op before that allocation in the entry block (or before the op of
      the entry block that holds the buffers, and nothing in that op but
      them) may
      allocate heap memory (no heap allocation, no call of a function that
      may allocate or cannot be seen, no op of unknown effects): the
      buffer is then held from the call's start without holding it over
      memory that the function allocates and frees before it, so the peak
      does not change.

    A public function keeps its name, signature and attributes for callers
    outside the module: a private function named after it with the suffix
    `_impl` takes its body and the new arguments, the module's calls call
    it, and the public function becomes a wrapper that allocates the buffers
    and calls it.

    Example:

    ```mlir
    func.func private @scaled(%x: memref<64xf32>) -> memref<64xf32> {
      %out = memref.alloc() : memref<64xf32>
      linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>)
                 outs(%out : memref<64xf32>)
      return %out : memref<64xf32>
    }
    func.func @caller(%x: memref<64xf32>) -> f32 {
      %r = func.call @scaled(%x) : (memref<64xf32>) -> memref<64xf32>
      ...
    }
    ```

    becomes

    ```mlir
    func.func private @scaled(%x: memref<64xf32>, %out: memref<64xf32>) {
      linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>)
                 outs(%out : memref<64xf32>)
      return
    }
    func.func @caller(%x: memref<64xf32>) -> f32 {
      %r = memref.alloc() : memref<64xf32>
      func.call @scaled(%x, %r) : (memref<64xf32>, memref<64xf32>) -> ()
      ...
    }
    ```

    Each converted function is reported as a `passed` optimization remark
    of category `fresh-buffer-results-to-out-params`.
  }];
  let statistics = [
    Statistic<"numResultsConverted", "num-results-converted",
              "Number of function results that became arguments">,
    Statistic<"numArgumentsCopied", "num-arguments-copied",
              "Number of returned arguments copied into a new argument">
  ];
  let options = [
    Option<"privateFunctionDynamicOwnership",
           "private-function-dynamic-ownership", "bool", /*default=*/"false",
           "The deallocation returns an argument of a private function "
           "without a clone, so such a result of a private function that may "
           "be an argument stays a result">
  ];
  let dependentDialects = ["func::FuncDialect", "memref::MemRefDialect"];
}

def UnaliasFunctionResultsPass
    : Pass<"unalias-function-results", "ModuleOp"> {
  let summary = "Make the memref results of functions distinct buffers, so "
                "that callers free them without runtime alias checks";
  let description = [{
    Implements the no-alias function boundary ABI. Runs after
    `ownership-based-buffer-deallocation` and before the deallocations are
    lowered, in `buffer-deallocation-pipeline` under
    `no-alias-function-results` (on by default).

    Under the ownership ABI of the deallocation, each memref result of a
    function is owned by the caller, so it is no argument of the callee and no
    view of one, but two results may be the same buffer (`return %a, %a`, or
    two calls of the same callee). The caller then frees them behind runtime
    comparisons of their addresses. Under the no-alias ABI, each result is a
    buffer that the caller owns alone:

    * In each function with memref results, a result that is the same
      buffer as an earlier result gets a `bufferization.clone`; if that is
      known only at run time, the clone is taken behind a comparison of the
      aligned pointers, so the copy is made only when they do alias.
    * The function and every `func.call` of it get the unit attribute
      `buffer_abi.no_alias_results`. The `BufferViewFlowOpInterface` model of
      `func.call` and `lower-deallocations-to-scf` take the results of a
      marked call for fresh allocations, so the caller frees them without
      alias checks, and the buffer lifetime passes no longer take them for
      aliases of the call's operands.

    A clone changes what a program computes if a caller writes through one
    result and reads another that was the same buffer. By default the pass
    therefore applies the ABI to a function that may need a clone only where
    no caller can tell: the function is private and only called, every
    caller only reads its memref results (no writes, no calls, no extracted
    addresses, no uses of unknown effect, through any alias), and the
    function keeps no other reference to a buffer it returns. Other
    functions that may need a clone keep the ownership ABI and are reported
    as a `missed` remark; `allow-observable-copies` applies the ABI to them
    too, which changes the meaning of programs that observe the aliasing. A
    function whose results are never the same buffer follows the ABI in
    either case.

    A function with several memref results of which one has a type that a
    clone cannot be lowered to (an unranked memref, or a layout with a static
    offset or strides that a fresh buffer cannot have) keeps the ownership
    ABI and is not marked.

    A declaration is trusted to follow the ABI only if it carries the
    attribute itself: put it on the declarations of functions compiled
    under the same ABI. Private functions keep the dynamic ownership ABI
    when `private-function-dynamic-ownership` is set, and calls of them are
    not marked.

    Example:

    ```mlir
    func.func @f(%c: i1) -> (memref<4xf32>, memref<4xf32>) {
      %a = memref.alloc() : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      %s = arith.select %c, %a, %b : memref<4xf32>
      bufferization.dealloc (%b : memref<4xf32>) if (%true)
          retain (%a, %s : memref<4xf32>, memref<4xf32>)
      return %a, %s : memref<4xf32>, memref<4xf32>
    }
    ```

    becomes

    ```mlir
    func.func @f(%c: i1) -> (memref<4xf32>, memref<4xf32>)
        attributes {buffer_abi.no_alias_results} {
      ...
      %pa = memref.extract_aligned_pointer_as_index %a
      %ps = memref.extract_aligned_pointer_as_index %s
      %same = arith.cmpi eq, %ps, %pa : index
      %r = scf.if %same -> (memref<4xf32>) {
        %clone = bufferization.clone %s : memref<4xf32> to memref<4xf32>
        scf.yield %clone : memref<4xf32>
      } else {
        scf.yield %s : memref<4xf32>
      }
      return %a, %r : memref<4xf32>, memref<4xf32>
    }
    ```

    Each return with results that are or may be cloned is reported as a
    `passed` optimization remark of category `unalias-function-results`.
  }];
  let options = [
    Option<"privateFunctionDynamicOwnership",
           "private-function-dynamic-ownership", "bool", /*default=*/"false",
           "Leave private functions, which the deallocation gave dynamic "
           "ownership results, to that ABI">,
    Option<"allowObservableCopies", "allow-observable-copies", "bool",
           /*default=*/"false",
           "Also clone results where a caller may tell the clone from the "
           "result (by writing through one result and reading another): "
           "this changes what such programs compute">
  ];
  let statistics = [
    Statistic<"numResultsUnaliased", "num-results-unaliased",
              "Number of function results that are or may be cloned">
  ];
  let dependentDialects = ["arith::ArithDialect",
                           "bufferization::BufferizationDialect",
                           "func::FuncDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def SimplifyBufferDeallocationsPass : Pass<"simplify-buffer-deallocations"> {
  let summary = "Simplify `bufferization.dealloc` ops with alias information, "
                "in time near-linear in their operands";
  let description = [{
    Performs the rewrites of upstream's `buffer-deallocation-simplification`
    with the same notion of "same allocation" (`BufferOriginAnalysis`, plus
    the rule that a buffer allocated inside a block differs from the
    arguments of that block and of the blocks around it, and that each
    result of `memref.distinct_objects` is the buffer of its operand, where
    upstream's analysis takes it for a buffer of unknown origin), and the
    dealloc canonicalization patterns:

    - a memref that is the same allocation as a retained memref, and may
      alias no other retained one, leaves the memref list; its condition is
      or-ed into the updated condition of that retained memref;
    - a retained memref that may alias no memref of the list leaves the
      retained list; its updated condition is `false`;
    - a memref that may alias no other memref of the list gets a dealloc of
      its own (no runtime alias check among the memrefs), and the updated
      conditions of the parts are or-ed;
    - a retained memref that is the same allocation as a memref freed under a
      constant `true` condition has the updated condition `true`.

    Upstream asks the analysis about every pair of operands of an op, and
    each question walks the view flow graph again, so a dealloc of `n`
    memrefs, as the deallocation emits at the end of a function with `n`
    temporaries, costs `O(n^2)` walks (llvm-project issue #219740: a dealloc
    of 2,547 memrefs in DenseNet-121). This pass computes the origin of each
    value once (its view base, its terminal buffers, whether those are all
    allocations or function arguments), and indexes the operands of each op
    by terminal buffer and by kind: two values with disjoint terminal
    buffers are different allocations exactly when their kinds say so, so
    only the operands that share a terminal buffer with a value are looked
    at one by one, and the others are counted. A dealloc of `n` memrefs
    with distinct allocations costs `O(n)` (times the nesting depth of the
    allocations).

    Only the deallocs and the ops the rewrites create are rewritten: unlike
    upstream's pass, this one folds no other op and simplifies no region, so
    that the origins it has computed stay those of the IR. After
    `canonicalize`, the output is that of
    `buffer-deallocation-simplification`, but where the rule for
    `memref.distinct_objects` tells buffers apart.
    The `buffer-deallocation-pipeline` runs this pass in place of upstream's
    unless `stock-dealloc-simplification` is set.

    Example, where `%a` and `%b` are distinct `memref.alloc`s:

    ```mlir
    %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>)
                            if (%ca, %cb) retain (%arg : memref<2xf32>)
    ```

    becomes

    ```mlir
    %r0 = bufferization.dealloc (%a : memref<2xf32>) if (%ca)
                             retain (%arg : memref<2xf32>)
    %r1 = bufferization.dealloc (%b : memref<2xf32>) if (%cb)
                             retain (%arg : memref<2xf32>)
    %r = arith.ori %r0, %r1 : i1
    ```

    and the retained `%arg`, a function argument that is neither `%a` nor
    `%b`, then leaves both ops with a `false` result.

    The walk from a value to its terminal buffers visits at most
    `max-origin-walk` values. A value with more, such as the result of the
    last of `n` chained calls (the analysis lets each call's result be any of
    its operands), is then taken for a value that may alias any other, so
    that its dealloc keeps its runtime checks; without the bound, the walks
    of such a chain cost `O(n^2)`.

    With `confined-allocations` (set by `buffer-deallocation-pipeline`), the
    pass also knows the allocations that nothing lets out: every value
    derived from the allocation along the view flow is only read, written,
    freed, asked for its sizes, viewed, forwarded along the view flow, or
    returned from the function; no call gets it, no op stores its descriptor
    or extracts its address. No callee can return such a buffer, and no load
    can produce it, so it differs from every value it is not derived from:
    a call result of a function that keeps upstream's ABI, a loaded
    descriptor, an argument. Upstream's analysis takes a call result for a
    buffer that may be any other, and keeps a runtime check between it and
    every temporary of the caller.
  }];
  let options = [
    Option<"maxOriginWalk", "max-origin-walk", "unsigned",
           /*default=*/"256",
           "Largest number of values the walk from a value to its terminal "
           "buffers visits; a value with more may alias any other">,
    Option<"confinedAllocations", "confined-allocations", "bool",
           /*default=*/"false",
           "Take an allocation that no call, store or address extraction can "
           "reach for different from every value not derived from it">
  ];
  let dependentDialects = ["arith::ArithDialect"];
}

def SimplifyLoopOwnershipPass : Pass<"simplify-loop-ownership"> {
  let summary = "Fold the ownership indicators of `scf.for` and `scf.while` "
                "loops to constants, and hand buffers over to loops and "
                "branches";
  let description = [{
    Runs after `ownership-based-buffer-deallocation` (and best after
    `canonicalize` and `buffer-deallocation-simplification`), while the frees
    are still `bufferization.dealloc` ops. The deallocation threads an `i1`
    ownership indicator through every loop for every memref the loop carries,
    and computes it in each iteration, often with runtime alias checks.
    Three rewrites make these indicators constant:

    * **False indicators.** An indicator that starts false and is only ever
      combined (`arith.andi`, `arith.ori`, `arith.select`, the updated
      conditions of `bufferization.dealloc`) from false values stays false in
      every iteration: the loop only passes buffers around that belong to
      someone else. Its uses, in the loop and after it, are replaced with
      `false`. The frees of the loop's results then vanish, and only the
      frees of the init buffers remain: this covers the loop simplification
      of MLIR-HLO's buffer reuse pass (a loop whose results are a permutation
      of its inits frees the inits), without having to know which result is
      which init. The fixed point is computed optimistically over all
      indicators of a loop, so indicators that depend on each other (the
      buffers of a swap) fold together.

    * **Ownership transfer.** When an `scf.for` or `scf.while` always yields
      an owned buffer in place of a memref iteration argument, and the only
      use of the init buffer after the loop is a `bufferization.dealloc` that
      frees it, the loop takes the buffer over under the condition the
      dealloc freed it with. The init may also be a view of the freed buffer
      whose descriptor keeps the buffer's pointers and that lies within the
      buffer (`memref.cast`, `memref.collapse_shape`, `memref.expand_shape`,
      `memref.subview`, as One-Shot Bufferize emits for a reshape or a slice
      feeding `iter_args`): the loop frees the base buffer of its old state,
      which is the whole buffer. No other alias of the buffer may be used in
      the loop or after it.
      "Always" is proved by induction: the yielded indicator is true
      whenever the loop's indicator is. That holds for a fresh buffer per
      iteration, and for an iteration that keeps the buffer it received (an
      `scf.if` branch or `scf.index_switch` case that yields it with a false
      indicator) when the dealloc in the body retains it while freeing it
      under the loop's indicator and joins the updated ownership in with
      `arith.ori`, and for an `arith.select` of the buffer it received and
      a fresh one, which two deallocs retain. The loop then frees the init in
      the iteration that replaces it.

    * **Ownership transfer into branches.** When some regions of an
      `scf.if` or `scf.index_switch` yield a buffer from before the op (the
      buffer itself, as one result, with a false indicator, and no other
      alias of it) and the others yield no alias of it, and the only use of
      the buffer after the op is a `bufferization.dealloc` that frees it
      together with each result that may be the buffer, under that result's
      indicator (which may also choose between the result and a clone of it,
      or join the ownership the dealloc updates for the retained result:
      the forms of a result the function returns), the regions take the
      buffer over: those that yield it return it owned, under the condition the
      dealloc freed it with, and the others free it before their
      terminator, where `free-buffers-at-last-use` moves the free up to the
      buffer's last use in the region. This is `x = c ? f(x) : x`: the
      branch that computes `f(x)` frees `x`, as the deallocation of the same
      `cf` diamond does, instead of holding it over what the branch
      allocates, and the result is always owned, without a runtime alias
      check of `x` against it. The transfer is skipped when an alias of the
      buffer that exists before the op is used after it other than by the
      dealloc, or in a way that may keep the buffer reachable. A region may
      also yield a value of its own that may be the buffer (the result of a
      nested `scf.if`, of a loop that takes the buffer as its init and may
      run no iteration, a cast of the buffer): it frees the buffer unless
      that value is it, with a `bufferization.dealloc` that retains the
      value, and yields the value owned where it is the buffer; such a
      buffer is taken over even where no region yields it itself. Where the op has no ownership
      indicators (no region owns what it yields, as when one yields a stack
      buffer), the op gets one for the result, and a new dealloc after the
      op frees the result under it.

    * **True indicators.** Dually, an indicator that starts true (such as
      that of a loop that took its init over) and that an iteration starting
      with it true keeps true is true in every iteration: its uses, in the
      loop and after it, are replaced with `true`, which lets
      `double-buffer-loops` recognize the loop. The
      transfer is skipped when the buffer, or an alias of it that exists
      before the loop, is used by the loop other than as that init, after
      the loop other than by the dealloc, or is retained by the dealloc.
      When the loop's result leaves the block (returned, passed on, yielded
      further), the transfer needs the dealloc to account for the result in
      the init's place, since a loop that does not iterate hands the init on
      as its result: the dealloc frees the result under the loop's indicator,
      or retains it and its updated ownership is joined with that indicator
      by `arith.ori`. The clone of a returned result then goes away.

    The pass relies on the structure the ownership-based deallocation
    produces: the ownership indicators of a loop's memref inits are its last
    inits, in the order of the memrefs. Run `canonicalize` afterwards to drop
    the folded loop-carried values and the emptied dealloc operands, or set
    `canonicalize=true`: the pass then applies the canonicalization patterns
    of the `arith`, `bufferization`, `memref` and `scf` ops, and the folders
    of all ops, to the ops it changed and to what that uncovers, instead of
    a canonicalizer run over all of the input, which costs as much where the
    pass changed one loop as where it changed all of them (and builds the
    patterns of every loaded dialect first). Upstream's propagation of
    `scf.if` conditions into their regions is left out, as in
    `buffer-deallocation-pipeline`'s canonicalizations.

    Example:

    ```mlir
    %r:2 = scf.for %i = %lb to %ub step %s iter_args(%m = %a, %own = %false)
        -> (memref<4xf32>, i1) {
      %new = memref.alloc() : memref<4xf32>
      ...
      %base, ... = memref.extract_strided_metadata %m : ...
      bufferization.dealloc (%base : memref<f32>) if (%own)
      scf.yield %new, %true : memref<4xf32>, i1
    }
    %rb, ... = memref.extract_strided_metadata %r#0 : ...
    bufferization.dealloc (%a, %rb : memref<4xf32>, memref<f32>) if (%true, %r#1)
    ```

    becomes (after canonicalization)

    ```mlir
    %r = scf.for %i = %lb to %ub step %s iter_args(%m = %a) -> (memref<4xf32>) {
      %new = memref.alloc() : memref<4xf32>
      ...
      %base, ... = memref.extract_strided_metadata %m : ...
      bufferization.dealloc (%base : memref<f32>) if (%true)
      scf.yield %new : memref<4xf32>
    }
    %rb, ... = memref.extract_strided_metadata %r : ...
    bufferization.dealloc (%rb : memref<f32>) if (%true)
    ```

    Each rewrite is reported as a `passed` optimization remark of category
    `simplify-loop-ownership`.
  }];
  let statistics = [
    Statistic<"numIndicatorsFolded", "num-indicators-folded",
              "Number of loop ownership indicators folded to constants">,
    Statistic<"numBuffersTransferred", "num-buffers-transferred",
              "Number of buffers handed over to the loop or the branches "
              "that free them">
  ];
  let options = [
    Option<"canonicalize", "canonicalize", "bool", /*default=*/"false",
           "Canonicalize the ops the pass changed, and what that uncovers, "
           "instead of leaving the clean-up to a `canonicalize` run over the "
           "whole input">
  ];
  let dependentDialects = ["arith::ArithDialect"];
}

def DoubleBufferLoopsPass : Pass<"double-buffer-loops"> {
  let summary = "Recycle the buffers that sequential loops free instead of "
                "allocating new ones";
  let description = [{
    Runs after deallocations have been lowered to `memref.dealloc`. A loop
    that yields a fresh buffer in every iteration and frees the buffer of the
    previous iteration needs only two buffers at any time, but allocates one
    per iteration. This pass carries the freed buffer to the next iteration
    as a spare, where it replaces the allocation:

    * In the body of an `scf.for`, a `memref.alloc` of an identity-layout
      type is paired with an unconditional `memref.dealloc` in the same
      block that frees a buffer received as an iteration argument (directly
      or through the base buffer of `memref.extract_strided_metadata`) of
      the same type, or of a static identity-layout type of as many elements
      of the same element type and memory space, as a loop whose body
      computes on an `expand_shape` of its state and yields a
      `collapse_shape` of the result frees. Dynamic sizes must be computed
      before the loop, and every buffer the argument may hold (the init and
      what the loop yields) must be allocated with the same size operands,
      so that the freed buffer is exactly as large as the allocation.
      Allocations that outlive the iteration (it does not free them) take
      the freed buffers first, in block order, then the temporaries that the
      iteration frees itself, which `hoist-alloc-dealloc-pairs` can take out
      of the loop without a spare.
    * The pair gets a new iteration argument, initialized with one
      allocation before the loop. The allocation is replaced with that
      argument, the deallocation goes away and the freed buffer is yielded
      as the spare of the next iteration, collapsed and expanded to the
      allocation's type where its own differs. The last spare is freed
      after the loop.
    * In an `scf.while`, pairs are found in both regions, and each spare is
      threaded through both: the region that owns the pair uses the spare
      and hands on the buffer it freed, the other region passes the spare
      on. When both regions allocate, the loop needs one spare per region,
      so that the loop uses two buffers where two suffice.

    * **Conditional recycling.** Where a loop frees a buffer only in
      some iterations (a free under an ownership indicator or a runtime alias
      check, lowered to an `scf.if`) or allocates one only in some (in a
      branch of an `scf.if` or a case of an `scf.index_switch`), the loop
      (an `scf.for`, or an `scf.while` through both regions) carries a slot
      per static footprint (the allocations of static identity-layout types
      of as many elements of the same element type and memory space share
      one, and reshape its spare) instead: a spare buffer and an `i1`
      that says whether it holds one, initially `ub.poison` and false. The
      allocations and deallocations that run at most once per iteration (in
      the body, or nested only in `scf.if` and `scf.index_switch` regions,
      which get the slot's state as two more results) use the slot in
      program order: an allocation takes the spare when there is one
      (`scf.if` on the flag) and allocates otherwise; a deallocation gives
      its buffer to an empty slot and frees it when the slot is full. After
      the loop, the spare is freed if there is one. A buffer allocated and
      freed in the same block is a temporary and is left to
      `hoist-alloc-dealloc-pairs`.

    The freed buffer is dead after the deallocation, and the contents of a
    fresh allocation are undefined, so no iteration can tell that it gets a
    recycled buffer. Every buffer that can reach the deallocation, following
    `memref.cast`, `memref.collapse_shape`, `memref.expand_shape`,
    `arith.select`, loop arguments and results and the results of `scf.if`
    and `scf.index_switch`, must be an allocation of the same type (a slot's
    deallocations may free it under a more general layout, cast back to the
    type), or a static identity-layout allocation with as many elements of
    the same element type in the same memory space (a reshape of it reaches
    the deallocation, as One-Shot Bufferize emits for a
    `tensor.collapse_shape` that starts a loop's state), with at least the
    `alignment` the allocation asks for: a buffer of unknown origin, such
    as a function argument or a call result, may be smaller or less aligned
    than its type says, and is not recycled. Where a deallocation in a loop
    body frees an iteration argument only when another `i1` iteration
    argument is true (it is in the "then" region of an `scf.if` whose
    condition is that argument, or an `arith.andi` of it), as the
    deallocation frees a state under its ownership indicator, only the
    buffers that enter the loop with an indicator that is not constant
    false are asked about, following the two arguments pairwise along the
    loop's edges (also from an `scf.while`'s "after" region through its
    `scf.condition`). So a loop whose state starts as a function argument,
    which it does not own, still recycles the buffers it allocates. Such a
    freed state joins a slot only where nothing may allocate (an allocation,
    a call, an op that nests one) while the spare waits for the slot's next
    allocation, so that holding it cannot raise the peak. A reshape keeps the allocated
    and aligned pointers of its source and covers all of it; subviews,
    `memref.view` and `memref.reinterpret_cast` are not followed. A loop that runs zero times still allocates
    and frees the first spare of a pair; a slot allocates nothing ahead.

    Allocations that are freed in the same iteration are not paired: they
    are the business of `hoist-alloc-dealloc-pairs`, which runs after this
    pass and also hoists the first spares of inner loops out of outer loops.

    Example:

    ```mlir
    %r = scf.for %i = %lb to %ub step %s iter_args(%m = %a) -> (memref<4xf32>) {
      %new = memref.alloc() : memref<4xf32>
      "some.op"(%m, %new) : (memref<4xf32>, memref<4xf32>) -> ()
      memref.dealloc %m : memref<4xf32>
      scf.yield %new : memref<4xf32>
    }
    ```

    becomes

    ```mlir
    %spare = memref.alloc() : memref<4xf32>
    %r:2 = scf.for %i = %lb to %ub step %s iter_args(%m = %a, %sp = %spare)
        -> (memref<4xf32>, memref<4xf32>) {
      "some.op"(%m, %sp) : (memref<4xf32>, memref<4xf32>) -> ()
      scf.yield %sp, %m : memref<4xf32>, memref<4xf32>
    }
    memref.dealloc %r#1 : memref<4xf32>
    ```

    Each loop rewritten is reported as a `passed` optimization remark of
    category `double-buffer-loops`.

    Functions that contain an `async.execute` are left alone: its body may
    run concurrently with the ops after it until it is awaited, which the
    pass's reasoning on program order does not model.
  }];
  let statistics = [
    Statistic<"numAllocsRemoved", "num-allocs-removed",
              "Number of allocations moved out of loops by recycling the "
              "buffers freed in the previous iteration, or served by a spare "
              "when the loop holds one">
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect",
                           "scf::SCFDialect", "ub::UBDialect"];
}

def BoundDynamicAllocationsPass : Pass<"bound-dynamic-allocations"> {
  let summary = "Allocate loop buffers of bounded dynamic size at their bound";
  let description = [{
    A `memref.alloc` in a loop whose dynamic sizes change from iteration to
    iteration cannot be recycled or hoisted: no buffer of an earlier
    iteration is known to be large enough. When every dynamic size has a
    constant upper bound that MLIR can prove, from the integer ranges of
    `arith` and `index` values (`IntegerRangeAnalysis`, which knows the
    ranges of loop induction variables) or from `ValueBoundsOpInterface`
    (which knows `affine.min` and `affine.apply`), this pass allocates the
    buffer at that bound, with a static shape, and views it at the actual
    sizes with a `memref.reinterpret_cast` of the identity layout:

    ```mlir
    scf.for %i = %c0 to %c1000 step %c1 {
      %r = arith.remui %i, %c64 : index
      %n = arith.addi %r, %c8 : index
      %m = memref.alloc(%n) : memref<?xf32>
      ...
    }
    ```

    becomes

    ```mlir
    scf.for %i = %c0 to %c1000 step %c1 {
      %r = arith.remui %i, %c64 : index
      %n = arith.addi %r, %c8 : index
      %b = memref.alloc() : memref<71xf32>
      %m = memref.reinterpret_cast %b to offset: [0], sizes: [%n], strides: [1]
          : memref<71xf32> to memref<?xf32>
      ...
    }
    ```

    The view keeps the type and the contents of the original buffer, and its
    base is the whole allocation, so the deallocation frees the bounded
    buffer; `double-buffer-loops` and `hoist-alloc-dealloc-pairs` then treat
    it like any static buffer. The price is memory: every instance takes the
    bound, so the peak may grow up to the bound times the buffers live at
    once. Only allocations whose bounded size is at most `max-bytes` are
    rewritten; above it, nothing changes.

    Runs before the deallocation. An allocation that the input frees or
    reallocates is left alone, and so are functions with buffers managed by
    hand (marked by `mark-manual-deallocations`) or with an `async.execute`,
    as by the other lifetime passes; so are allocations outside loops (where
    a bound only costs memory), with symbol operands, a non-identity layout
    or an element type other than an integer, index or float. The new
    allocation keeps the discardable attributes of the old one.
    Each allocation rewritten is reported as a `passed` optimization remark
    of category `bound-dynamic-allocations`.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "uint64_t", /*default=*/"65536",
           "Largest size in bytes, at the bound, of an allocation that is "
           "rewritten">
  ];
  let statistics = [
    Statistic<"numAllocsBounded", "num-allocs-bounded",
              "Number of dynamically sized allocations made static at their "
              "upper bound">
  ];
  let dependentDialects = ["memref::MemRefDialect"];
}

def SummarizeCalleeBuffersPass
    : Pass<"summarize-callee-buffers", "ModuleOp"> {
  let summary = "Decide what the functions of a module do with the buffers "
                "passed to them, for the passes nested per function";
  let description = [{
    The lifetime and loop passes of the series (`simplify-loop-ownership`,
    `double-buffer-loops`, `hoist-alloc-dealloc-pairs`,
    `free-buffers-at-last-use`, `elide-buffer-copies` and
    `reuse-freed-buffers`) run on a function (`FunctionOpInterface`) or on
    an op with a symbol table, whose functions they then process one after
    the other; the pipeline nests them per function, so that the pass
    manager may run them on several functions at once. Run on a function,
    such a pass must not look into the functions it calls, which another
    thread may be transforming. Yet some of them need to know whether a
    callee keeps or frees a buffer passed to it (a free may move past a call
    that only reads the buffer), and whether it may allocate (a call between
    a free and an allocation that could take the freed buffer may raise the
    peak).

    This pass decides both for every function of the module that has a
    body: for each buffer argument, whether every use of it in the function
    reads or writes its memory, takes a view that does the same, clones it
    (`bufferization.clone` reads it into a new buffer), asks for a size,
    passes it to a function that releases it in turn, or passes it on along
    the edges of a region op (`scf.yield`, a loop's init operand) or to an
    `arith.select` to values whose uses do no more, or compares its address
    (`memref.extract_aligned_pointer_as_index` into `arith.cmpi`); a function whose results follow the no-alias ABI
    (`buffer_abi.no_alias_results`) returns none of its arguments, so its
    return is no such use either; nor is any use in a region of an `scf.if`
    that never runs while the value is the argument (the deallocation frees
    a value of unknown ownership that way: under its ownership indicator,
    which the edge that forwards the argument sets to `false`, or under the
    condition it was folded into; `double-buffer-loops` hands an old state
    over to its spare that way; the edges carry such facts on, so that they
    hold for a loop's state and its indicator from iteration to iteration),
    nor an `arith.select` that those facts decide to pick its other operand.
    And it decides
    whether
    the function, or a function it calls, may allocate. It leaves the
    answers (`CalleeBufferFacts`) in the analysis manager, where the
    function passes nested right after it read them, and changes no IR.
    Without it, those passes take every call of another function for one
    that may keep its buffers and allocate.

    The answers stay true while the nested passes transform the callees:
    they describe what a function does when it runs, which those passes
    keep. Any other pass on the module drops them, so the pass goes right
    before each group of nested passes that reads them, as the deallocation
    pipeline places it:

    ```
    mlir-opt --pass-pipeline='builtin.module(summarize-callee-buffers,
        func.func(free-buffers-at-last-use, reuse-freed-buffers))'
    ```

    With `frees-follow-ownership`, the pass trusts that every free of the
    module is one that the ownership-based deallocation inserted, without
    ownership passed to private functions: no function then owns or frees
    its arguments, and a free of a value that may hold an argument (a
    loop's state that starts as one, an `scf.if` result that may be one)
    frees the buffer that the value holds at other times, whatever guards
    it. The deallocation pipeline sets it unless `manual-deallocation` or
    `private-function-dynamic-ownership` is on. Without it, the pass reads
    a free as keeping the argument unless a guard rules it out, as above.
  }];
  let options = [
    Option<"freesFollowOwnership", "frees-follow-ownership", "bool",
           /*default=*/"false",
           "Trust that no function frees a buffer passed to it: every free "
           "was inserted by the ownership-based deallocation, without "
           "ownership passed to private functions">
  ];
  let statistics = [
    Statistic<"numFunctionsSummarized", "num-functions-summarized",
              "Number of functions whose buffer arguments were decided">,
  ];
}

def FreeBuffersAtLastUsePass : Pass<"free-buffers-at-last-use"> {
  let summary = "Move each `memref.dealloc` up to right after the last use "
                "of its buffer";
  let description = [{
    Runs after deallocations have been lowered to `memref.dealloc`. The
    ownership-based deallocation frees buffers at the end of their block, so
    temporaries that are used one after the other are all alive until then
    and a later allocation cannot take the memory of an earlier temporary.
    This pass moves each `memref.dealloc` up to right after the last op of
    its block that uses the buffer or an alias of it (ops with regions count
    as a whole), together with the `memref.extract_strided_metadata` that
    provides the base buffer it frees.

    Frees under runtime alias checks move too: an `scf.if` without results
    or `else` whose body only frees buffers, as the lowering of
    `bufferization.dealloc` emits it, moves as a whole with the ops of its
    block that only compute its condition from addresses of buffers and
    constants (`memref.extract_strided_metadata`,
    `memref.extract_aligned_pointer_as_index`, `arith.cmpi`, `arith.andi`,
    `arith.ori`, `arith.xori`, `arith.constant`, each used by nothing else),
    to right after the last use of the buffers it may free. Those address
    computations are no use for the guard's own buffers, but every other
    free waits for the ones that read its buffer's address: once freed, the
    memory could come back from a later allocation and compare equal. A
    guarded free whose buffers' addresses another guarded free reads does
    not move. Uses outside of its block hold a guarded free where they hold
    a plain free of the same buffers: it frees them on the runs where its
    condition holds, which a plain free would on every run.

    A free whose buffer's last use is an op that runs exactly one of its
    regions (an `scf.index_switch`, an `scf.if` with an `else` or without
    results), none of whose results may alias the buffer, goes into each
    region instead when a region may allocate (an op with an allocation
    effect, or a call) after the buffer is dead in it: anywhere in a region
    that does not use the buffer, after the last use in one that does. The
    free goes to the start of a region that does not use the buffer (an
    `else` it adds to an `scf.if` without one) and after the last use in a
    region that uses it. Where that last use is such an op in turn (an
    `scf.index_switch` in an `scf.if`, say), or the region allocates in
    it after the buffer is dead there, the free goes on into its regions
    the same way. That is what the deallocation does for a `cf`
    diamond; after an `scf.if` the buffer was held over what the regions
    allocate. Where no region allocates after the buffer is dead in it, the
    free stays after the op, where a later allocation may take the buffer
    over. `promote-temporaries-to-stack` still takes a small buffer freed
    this way. With `into-regions=false`, every free stays in its block, after
    the op that is its buffer's last use there (the pipeline runs the pass
    so before `double-buffer-loops`: a buffer of a loop body freed in the
    regions of a branch could no longer leave the loop with hoisting).

    A free in a block of a region with several blocks also moves past uses
    of the buffer in other blocks of the region that can never come after
    it: blocks the freeing block does not reach, where the freeing block
    runs at most once per run of the function (in no loop-like op and in no
    cycle of blocks). Such a use must be understood, or only free the buffer
    or read its address, as the deallocation's frees under the negated
    condition in the block of a branch do. So the free at the end of an arm
    of a `cf` diamond moves up to the last use in the arm. The blocks a
    block reaches are searched once per freeing block, up to 1024 blocks;
    beyond that, uses in other blocks keep the free where it is.

    The aliases are those of `BufferViewFlowAnalysis`, taken from every
    buffer the freed one may be derived from, plus the base buffers of
    `memref.extract_strided_metadata`. A deallocation stays where it is when
    an alias is used:

    * in another block than the deallocation, or by the block's terminator
      (the buffer escapes);
    * after the deallocation;
    * by an op that might keep the address for later: a call of a function
      that might (a declaration, a function that `summarize-callee-buffers`
      did not decide on before the pass, or one whose body does more with
      the argument than reading and writing its memory, directly, through
      views or through such calls), a
      `builtin.unrealized_conversion_cast`, a
      `memref.extract_aligned_pointer_as_index` (whose integer could later be
      compared with the address of a new allocation), an op with results
      that are neither buffers nor plain data, or an op whose memory effects
      are unknown.

    Unlike upstream's `optimize-allocation-liveness`, the pass works on the
    deallocations rather than the allocations, so it also moves the frees
    of buffers that a block receives (a function argument it owns, a loop's
    iteration argument), and it never crashes on IR it does not understand:
    it leaves it alone.

    Example:

    ```mlir
    %a = memref.alloc() : memref<64xf32>
    "test.produce"(%a) : (memref<64xf32>) -> ()
    %b = memref.alloc() : memref<64xf32>
    "test.consume"(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
    %c = memref.alloc() : memref<64xf32>
    "test.consume"(%b, %c) : (memref<64xf32>, memref<64xf32>) -> ()
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    ```

    becomes

    ```mlir
    %a = memref.alloc() : memref<64xf32>
    "test.produce"(%a) : (memref<64xf32>) -> ()
    %b = memref.alloc() : memref<64xf32>
    "test.consume"(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
    memref.dealloc %a : memref<64xf32>
    %c = memref.alloc() : memref<64xf32>
    "test.consume"(%b, %c) : (memref<64xf32>, memref<64xf32>) -> ()
    memref.dealloc %b : memref<64xf32>
    ```

    Each deallocation moved is reported as a `passed` optimization remark of
    category `free-buffers-at-last-use`.

    Functions that contain an `async.execute` are left alone: its body may
    run concurrently with the ops after it until it is awaited, which the
    pass's reasoning on program order does not model.
  }];
  let options = [
    Option<"intoRegions", "into-regions", "bool", /*default=*/"true",
           "Free a buffer whose last use is an `scf.if` or "
           "`scf.index_switch` in the regions of that op where a region "
           "allocates after the buffer is dead in it; false keeps each free "
           "in its block">,
  ];
  let statistics = [
    Statistic<"numDeallocsMoved", "num-deallocs-moved",
              "Number of deallocations moved up to the last use">
  ];
}

def ElideBufferCopiesPass : Pass<"elide-buffer-copies"> {
  let summary = "Remove copies from a buffer that dies at the copy";
  let description = [{
    Runs after deallocations have been lowered to `memref.dealloc`, best
    after `free-buffers-at-last-use`. A `memref.copy %s, %t` followed in its
    block by the `memref.dealloc` of `%s`, with no other use of `%s` (or an
    alias) after the copy, moves data from a buffer that dies into another
    one. When the two buffers have the same type, one of them can take the
    place of the other and the copy, one allocation and one deallocation go
    away:

    * **Reuse the source** (MLIR-HLO's copy elision, the first case of the
      CopyRemoval pass): `%t` is a `memref.alloc` in the block of the copy
      with no use of it or an alias between the allocation and the copy.
      `%s` replaces `%t`.
    * **Reuse the target** (the second case of CopyRemoval): `%s` is a
      `memref.alloc` in the block of the copy, `%t` is defined before it,
      no alias of `%t` is used between the allocation and the copy, and
      every other buffer the ops in between use is known not to share
      memory with `%t` (`BufferOriginAnalysis`), since `%t` is now written
      earlier. `%t` replaces `%s`.

    The buffer that takes over must have been allocated with at least the
    alignment the replaced allocation asks for.

    Example:

    ```mlir
    %t = memref.alloc() : memref<4xf32>
    memref.copy %s, %t : memref<4xf32> to memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    "test.use"(%t) : (memref<4xf32>) -> ()
    memref.dealloc %t : memref<4xf32>
    ```

    becomes

    ```mlir
    "test.use"(%s) : (memref<4xf32>) -> ()
    memref.dealloc %s : memref<4xf32>
    ```

    Each copy removed is reported as a `passed` optimization remark of
    category `elide-buffer-copies`.

    Functions that contain an `async.execute` are left alone: its body may
    run concurrently with the ops after it until it is awaited, which the
    pass's reasoning on program order does not model.
  }];
  let statistics = [
    Statistic<"numCopiesElided", "num-copies-elided",
              "Number of copies removed together with an allocation">
  ];
}

def ReuseFreedBuffersPass : Pass<"reuse-freed-buffers"> {
  let summary = "Let an allocation take over a buffer freed before it in the "
                "same block";
  let description = [{
    Runs after deallocations have been lowered to `memref.dealloc`, best
    after `free-buffers-at-last-use`. When a block frees the whole buffer of
    a `memref.alloc` and later allocates a buffer with the same number of
    elements, element type and memory space, the later allocation takes over
    the freed buffer: the deallocation and the allocation both go away. The
    free does not have to be adjacent to the allocation; any free earlier in
    the block qualifies, as long as no alias of the freed buffer is used
    after it (with the rules of `free-buffers-at-last-use`). A buffer of the
    same type is preferred, the most recently freed one first; a buffer of
    another shape is reinterpreted with `memref.reinterpret_cast`.

    The freed buffer must come from a `memref.alloc` of a static,
    identity-layout type with at least the alignment the new allocation asks
    for. Allocations with dynamic sizes are left alone. The state of an
    `scf.for` or `scf.while` that its body frees in every iteration counts
    as such a buffer where every buffer it may hold comes from such an
    allocation of the same footprint (through the loop's init and yielded
    values, casts, reshapes, selects and the results of `scf` ops), and no
    alias of it but the buffers the body creates is used after the free
    (outside of the body: only the loop's init operand, uses before an
    `scf.for` and uses of its results).

    Example:

    ```mlir
    "test.consume"(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
    memref.dealloc %a : memref<64xf32>
    %c = memref.alloc() : memref<8x8xf32>
    ```

    becomes

    ```mlir
    "test.consume"(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
    %c = memref.reinterpret_cast %a to offset: [0], sizes: [8, 8],
        strides: [8, 1] : memref<64xf32> to memref<8x8xf32>
    ```

    Each allocation removed is reported as a `passed` optimization remark of
    category `reuse-freed-buffers`.

    A freed buffer is held from its deallocation until the allocation that
    takes it over, so reuse could raise the peak: with the gap spanning a
    larger allocation, both buffers would be held at once where before only
    one was. The pass therefore takes a buffer over only where it can show
    that this does not happen: at every op of the gap, the most the block
    may hold plus the reused buffer stays within what the block surely held
    at an earlier op. Buffers allocated before the block are only freed
    while it runs, so that bounds the peak on every path. The block's own
    static allocations are counted; a gap with a dynamic allocation, a call
    that may allocate, or an op with regions that may, is left alone, and so
    is a comparison across one. The pass runs on each function and does not
    look into other functions, which other threads may be rewriting: a call
    of another function counts as one that may allocate unless
    `summarize-callee-buffers` decided otherwise before the pass.
    `allow-peak-increase` turns the check off and takes over any freed
    buffer.

    `skip-branch-last-uses` leaves alone a buffer whose deallocation follows
    an `scf.if` or `scf.index_switch` that uses it in its regions, where
    `free-buffers-at-last-use` (with `into-regions`) would free it in the
    regions instead, before what they allocate. `buffer-deallocation-pipeline`
    sets it where it runs the pass before that: a takeover after the op would
    keep the buffer alive through the regions that no longer use it.

    Functions that contain an `async.execute` are left alone: its body may
    run concurrently with the ops after it until it is awaited, which the
    pass's reasoning on program order does not model.
  }];
  let options = [
    Option<"allowPeakIncrease", "allow-peak-increase", "bool",
           /*default=*/"false",
           "Take over a freed buffer even where holding it until the "
           "allocation may raise the peak">,
    Option<"skipBranchLastUses", "skip-branch-last-uses", "bool",
           /*default=*/"false",
           "Leave alone a buffer last used in the regions of an scf.if or "
           "scf.index_switch right before its deallocation, which "
           "free-buffers-at-last-use frees in those regions">
  ];
  let statistics = [
    Statistic<"numAllocsReused", "num-allocs-reused",
              "Number of allocations replaced with a freed buffer">,
    Statistic<"numBytesReused", "num-bytes-reused",
              "Number of bytes of the allocations replaced with a freed "
              "buffer">
  ];
  let dependentDialects = ["memref::MemRefDialect"];
}

def PromoteTemporariesToStackPass
    : Pass<"promote-temporaries-to-stack"> {
  let summary = "Turn small buffers that die in the block that allocates "
                "them into stack allocations";
  let description = [{
    Runs last in `buffer-deallocation-pipeline`, after the deallocations are
    lowered to `memref.dealloc` and moved to the last use of their buffers.
    A `memref.alloc` becomes a `memref.alloca` at the start of the enclosing
    function (or `memref.alloca_scope`), and its `memref.dealloc` goes away,
    when:

    * its type has a static shape, no layout symbols and the default memory
      space, and its bytes (elements times the data-layout size of the
      element type) are at most `max-buffer-bytes`;
    * one `memref.dealloc` later in the same block frees it (directly or
      through the base buffer of its `memref.extract_strided_metadata`), or
      one in each region of an `scf.if` or `scf.index_switch` later in the
      block, directly in the region's block (where
      `free-buffers-at-last-use` sinks the free of a buffer whose last use is
      that op) or, in turn, in each region of one such op of the region's
      block (where it sinks the free on, into the regions of the last use
      in the region), or, where the block ends in a branch, one in some of its
      successors whose only predecessor the block is, directly in it, and at
      most one in the block under a condition (an `scf.if` without results
      and `else` that only frees the buffer), as the deallocation frees a
      buffer of the block of a `cf` branch in the arms that use it and, for
      the other paths, in the block; and nothing else frees it or a value
      that may alias it;
    * every use of the buffer and of every value that may alias it
      (`BufferLifetimeAnalysis`) is in an op between the allocation and the
      deallocation (or the op in whose regions it is freed, or in a region
      of that op before the region's free, or before the nested op that
      frees it, or in that op before its free in turn, or in a successor
      before the
      successor's free; the branch itself may not pass the buffer on), and
      is understood: a read or write with declared
      effects, a view, a size query, or a call of a function whose body
      only reads or writes the buffer. A descriptor that is stored, turned
      into a pointer or an integer, or passed to an external function keeps
      the buffer on the heap;
    * every op between the block and the function (or scope) implements
      `RegionBranchOpInterface`, and every loop among them runs its
      iterations one after the other (`scf.for`, `scf.while`,
      `affine.for`): the iterations of a parallel loop may each need the
      buffer at the same time;
    * the function is not recursive (in the call graph of the root) and
      calls no function outside of the root (run per function, the pass may
      not look into other functions, which may call back), and the buffers
      promoted in it so far take at most `max-frame-bytes`;
    * the allocation is not a callee's workspace (marked
      `merge_alloc.workspace`): merge-alloc planned it as held during the
      call only, and on the stack the frame would hold it throughout.

    A `memref.alloca` is only released when its function returns (or its
    `memref.alloca_scope` ends). Placing it at the start of the function
    gives the buffer one slot of the stack frame, which every run of its
    block takes again: the buffer dies within each run, so the stack does
    not grow with the iterations of a loop around it. Buffers of one type
    and alignment share a slot where their lifetimes are disjoint: each
    lives from its allocation to the op of its block at which it dies, and a
    buffer whose stretch of ops (with their regions) is disjoint from those
    of the buffers of a slot takes that slot instead of one of its own,
    adding nothing to the frame (`max-frame-bytes` counts the slots). A
    buffer freed in the successors of its block takes a slot of its own; at
    most 16 slots of a type are tried per buffer. The pass does not wrap
    loop bodies in new `memref.alloca_scope` ops: upstream's
    `convert-scf-to-cf` cannot lower an `scf.for` inside one (the scope's
    region must keep a single block).

    Example:

    ```mlir
    func.func @f(%lb: index, %ub: index, %s: index) {
      scf.for %i = %lb to %ub step %s {
        %t = memref.alloc() : memref<16xf32>
        "test.use"(%t) : (memref<16xf32>) -> ()
        memref.dealloc %t : memref<16xf32>
      }
      return
    }
    ```

    becomes

    ```mlir
    func.func @f(%lb: index, %ub: index, %s: index) {
      %t = memref.alloca() : memref<16xf32>
      scf.for %i = %lb to %ub step %s {
        "test.use"(%t) : (memref<16xf32>) -> ()
      }
      return
    }
    ```

    Unlike upstream's `promote-buffers-to-stack`, which runs before the
    deallocation and counts elements, this pass counts bytes, needs the
    free to prove that the buffer dies in its block, and never places an
    allocation in a loop. Each promoted buffer is reported as a `passed`
    optimization remark of category `promote-temporaries-to-stack`.

    Functions that contain an `async.execute` or buffers managed by hand are
    left alone, as by the other lifetime passes.
  }];
  let options = [
    Option<"maxBufferBytes", "max-buffer-bytes", "uint64_t",
           /*default=*/"1024",
           "Largest buffer, in bytes, that is moved to the stack">,
    Option<"maxFrameBytes", "max-frame-bytes", "uint64_t",
           /*default=*/"16384",
           "Most bytes moved to the stack in one function">
  ];
  let statistics = [
    Statistic<"numBuffersPromoted", "num-buffers-promoted",
              "Number of allocations turned into stack allocations">,
    Statistic<"numBytesPromoted", "num-bytes-promoted",
              "Number of bytes of the allocations turned into stack "
              "allocations">,
    Statistic<"numSlotsShared", "num-slots-shared",
              "Number of those allocations that took the stack slot of "
              "buffers of their type that are dead whenever they are alive">
  ];
  let dependentDialects = ["memref::MemRefDialect"];
}

def HoistAllocDeallocPairsPass : Pass<"hoist-alloc-dealloc-pairs"> {
  let summary = "Hoist allocations that are freed in the same loop iteration "
                "out of sequential loops";
  let description = [{
    Runs after deallocations have been inserted and lowered. A `memref.alloc`
    and the `memref.dealloc` that frees it in the same iteration of an
    `scf.for` body or of either region of an `scf.while` become one
    allocation before the loop and one deallocation after it, so that the
    loop reuses one buffer instead of allocating one per iteration. Nested
    loops are left one level at a time, as long as the sizes of the buffer
    are defined outside of the loop.

    Since the contents of a fresh buffer are undefined and the buffer is freed
    before the next iteration starts, no iteration can observe that it gets
    the buffer of the previous one. The pass only moves a pair when:

    * both ops are in the body block of the loop (so they execute once per
      iteration), the deallocation after the allocation;
    * the deallocation is the only op that frees the buffer or any alias of
      it (`BufferViewFlowAnalysis`);
    * no alias of the buffer is yielded by the loop body or used outside of
      the loop;
    * the dynamic sizes are defined outside of the loop.

    The branches of an `scf.if` and the cases of an `scf.index_switch` are
    left the same way, with the deallocation after the op, when it pays off:
    when the other branch of an `scf.if` allocates a buffer of the same type
    and sizes, which then shares the hoisted buffer (one allocation either
    way), or when the op is in the body of a sequential loop that the buffer
    can leave next. In the first case, which saves no allocation, the buffer
    moves only if held over the whole op it raises no branch's peak: no op
    before either allocation in its branch may free a buffer, no op after
    either deallocation may allocate one (among the 64 ops on each side),
    and no buffer of the block around that is last used by the op is dead
    in either branch when it allocates (among the deallocations of the 64
    ops after the op): `free-buffers-at-last-use` frees such a buffer in
    the branch, before the allocation. An allocation marked
    `merge_alloc.workspace`, which
    merge-alloc made for a callee's workspace right before the call, stays
    in its branch, and in its loop unless merge-alloc also marked it
    `merge_alloc.hoistable`: held over a loop, it adds to what the rest of
    the loop allocates, where the callee held those bytes only during the
    call, and merge-alloc marks it only where that keeps the peak. Out of an
    `scf.for` that may run no iteration, such a workspace is allocated
    before the loop with a size of zero bytes unless the loop runs
    (`memref.alloc(%size) : memref<?xi8>`, cast back to its type in the
    loop), and leaves no further loop.

    Two buffers of one loop body with the same type, sizes and attributes
    need not both leave the loop: when the second is allocated after the
    last op of the body that uses the first or an alias of it, and every
    use of either is understood (no stored descriptor, no callee that keeps
    it), the second takes the buffer hoisted for the first, and its free
    goes away. The loop then holds one buffer for both, as each iteration
    did before hoisting, instead of two.

    Parallel loops (`scf.forall`, `scf.parallel`, `affine.parallel`) run
    iterations concurrently, each of which needs its own buffer: they are
    never hoisted out of, unlike with upstream's `buffer-loop-hoisting`.
    In a `scf.while` loop, hoisting keeps the buffer alive for the whole loop,
    which may raise the peak memory when the loop body allocates other
    buffers. A loop that runs zero times still allocates (and frees) the
    hoisted buffer, with the sizes it was given: a dynamic size that is only
    meaningful when the loop runs is evaluated anyway.

    Example:

    ```mlir
    scf.for %i = %lb to %ub step %s {
      %t = memref.alloc(%n) : memref<?xf32>
      "some.use"(%t) : (memref<?xf32>) -> ()
      memref.dealloc %t : memref<?xf32>
    }
    ```

    becomes

    ```mlir
    %t = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %lb to %ub step %s {
      "some.use"(%t) : (memref<?xf32>) -> ()
    }
    memref.dealloc %t : memref<?xf32>
    ```

    Functions that contain an `async.execute` are left alone: its body may
    run concurrently with the ops after it until it is awaited, which the
    pass's reasoning on program order does not model.
  }];
}

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_BUFFEROPTIMIZATIONPASSES
