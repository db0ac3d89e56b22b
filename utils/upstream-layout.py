#!/usr/bin/env python3
"""Shows the series as upstream patches: files and in-tree edits per capability.

The project builds out of tree, but every file under mlir/ sits at the path it
would have in llvm-project. What differs in tree is the glue: upstream keeps
the passes of a dialect in one Passes.td, registers them in Passes.h, builds
them into the dialect's existing libraries, registers external models in
RegisterAllDialects.cpp, and lists sources in the Bazel overlay. This script
splits the tree into the capabilities of the series, in patch order, and for
each one lists the files it adds and the edits an in-tree version needs,
derived from the sources (pass declarations, registration functions,
libraries), so that the list cannot go stale silently.

Usage:
  upstream-layout.py [--root DIR] [--json] [--check]

--check exits with 1 if a file under mlir/ or a pass belongs to no
capability; the test suite runs it.
"""

import argparse
import json
import os
import re
import subprocess
import sys

# Where upstream declares the passes of each dialect, and the library that
# builds the sources of each directory in tree.
PASSES_TD = {
    "Bufferization": "mlir/include/mlir/Dialect/Bufferization/Transforms/Passes.td",
    "MemRef": "mlir/include/mlir/Dialect/MemRef/Transforms/Passes.td",
    "Linalg": "mlir/include/mlir/Dialect/Linalg/Passes.td",
}
LIBRARIES = {
    "mlir/lib/Dialect/Affine/Transforms": ("MLIRAffineTransforms", "AffineTransforms"),
    "mlir/lib/Dialect/Async/Transforms": ("MLIRAsyncTransforms", "AsyncTransforms"),
    "mlir/lib/Dialect/Func/Transforms": ("MLIRFuncTransforms", "FuncTransforms"),
    "mlir/lib/Dialect/Bufferization/Transforms": (
        "MLIRBufferizationTransforms",
        "BufferizationTransforms",
    ),
    "mlir/lib/Dialect/Bufferization/Pipelines": (
        "MLIRBufferizationPipelines",
        "BufferizationPipelines",
    ),
    "mlir/lib/Dialect/MemRef/Transforms": ("MLIRMemRefTransforms", "MemRefTransforms"),
    "mlir/lib/Dialect/Linalg/Transforms": ("MLIRLinalgTransforms", "LinalgTransforms"),
}
OVERLAY = "utils/bazel/llvm-project-overlay/mlir/BUILD.bazel"

# The capabilities, in the order of the patch series. A file belongs to the
# first capability one of whose patterns matches its path.
CAPABILITIES = [
    {
        "name": "deallocation-models",
        "title": "BufferDeallocationOpInterface models for affine.for and async",
        "files": [
            r"^mlir/(include/mlir|lib)/Dialect/(Affine|Async)/Transforms/BufferDeallocationOpInterfaceImpl\.(h|cpp)$",
            r"/OwnershipBasedBufferDeallocation/dealloc-(affine|async|alloca-scope)",
            r"^mlir/test/Integration/.*/dealloc-(affine|async)",
        ],
        "passes": [],
        "notes": [
            "Out of tree, prepare-buffer-deallocation attaches these models to "
            "the context so that a stock mlir-opt with the plugin gets them; in "
            "tree, drop that and register them in "
            "mlir/lib/RegisterAllDialects.cpp only.",
        ],
    },
    {
        "name": "deallocation-input",
        "title": "Accept and check the input of the deallocation",
        "files": [
            r"/(CheckBufferDeallocationInput|LiftUnstructuredControlFlow|PrepareBufferDeallocation|SplitAllocTensors)\.cpp$",
            r"/(check-buffer-deallocation-input|expand-reallocs-for-deallocation|lift-unstructured-control-flow|prepare-buffer-deallocation|split-alloc-tensors)[\w-]*\.mlir$",
            r"^mlir/test/Integration/.*/dealloc-(cf-|region-result|unranked-region|stored-descriptor|realloc|private-call)",
            r"^mlir/test/Dialect/Bufferization/Pipelines/buffer-deallocation-pipeline-upstream-crashes\.mlir$",
            r"^mlir/docs/BufferDeallocationInput\.md$",
        ],
        "passes": [
            "split-alloc-tensors",
            "check-buffer-deallocation-input",
            "lift-unstructured-control-flow",
            "prepare-buffer-deallocation",
            "expand-reallocs-for-deallocation",
        ],
        "notes": [],
    },
    {
        "name": "deallocation-lowering",
        "title": "Lower bufferization.dealloc with inline alias checks",
        "files": [
            r"/LowerDeallocationsToSCF\.cpp$",
            r"/ExpandStridedClones\.cpp$",
            r"/BufferLifetimeAnalysis(Test)?\.(cpp|h)$",
            r"^mlir/test/Unit/buffer-lifetime-analysis\.test$",
            r"/AllocationOrigins\.(cpp|h)$",
            r"/AllocationIdentities\.(cpp|h)$",
            r"/CallAwareBufferOriginAnalysis\.h$",
            r"/lower-deallocations-to-scf[\w-]*\.mlir$",
            r"/expand-strided-clones[\w-]*\.mlir$",
            r"^mlir/test/Integration/.*/dealloc-(runtime-alias-checks|scf-if|function-result|shifted-views|strided-result-clone)",
            r"^mlir/docs/DeallocationLowering\.md$",
        ],
        "passes": ["lower-deallocations-to-scf", "expand-strided-clones"],
        "notes": [
            "Add Dialect/Bufferization/BufferLifetimeAnalysisTest.cpp to "
            "mlir/unittests/Dialect/Bufferization/CMakeLists.txt; the lit "
            "wrapper test/Unit/buffer-lifetime-analysis.test is then not "
            "needed.",
        ],
    },
    {
        "name": "buffer-lifetimes",
        "title": "Loop ownership, double buffering, hoisting, early frees, "
        "copy elision and reuse",
        "files": [
            r"/(SimplifyLoopOwnership|DoubleBufferLoops|BoundDynamicAllocations|HoistAllocDeallocPairs|BufferLifetimes|DeallocationUtils|HeldBytesTree)\.(cpp|h)$",
            r"/(simplify-loop-ownership|double-buffer-loops|bound-dynamic-allocations|hoist-alloc-dealloc-pairs|free-buffers-at-last-use|elide-buffer-copies|reuse-freed-buffers|summarize-callee-buffers|async-functions-left-alone|buffer-lifetimes-hidden-aliases)[\w-]*\.mlir$",
            r"^mlir/test/Integration/.*/(double-buffer|hoist-|elide-|free-at-last-use|dealloc-scf-for-fresh-buffer|lifetimes-hidden-aliases)",
            r"^mlir/docs/BufferReuse\.md$",
        ],
        "passes": [
            "simplify-loop-ownership",
            "double-buffer-loops",
            "bound-dynamic-allocations",
            "hoist-alloc-dealloc-pairs",
            "free-buffers-at-last-use",
            "elide-buffer-copies",
            "reuse-freed-buffers",
            "summarize-callee-buffers",
        ],
        "notes": [],
    },
    {
        "name": "reuse-dying-inputs",
        "title": "Elementwise linalg ops write into inputs that die at them",
        "files": [
            r"^mlir/(include/mlir|lib)/Dialect/Linalg/Transforms/ReuseDyingInputs",
            r"^mlir/test/Dialect/Linalg/reuse-dying-inputs[\w-]*\.mlir$",
            r"^mlir/test/Integration/.*/reuse-dying-inputs",
        ],
        "passes": ["linalg-reuse-dying-inputs"],
        "notes": [
            "In tree, the entry point reuseDyingInputs joins "
            "mlir/include/mlir/Dialect/Linalg/Transforms/Transforms.h; "
            "MLIRLinalgTransforms already links MLIRBufferizationTransforms, "
            "whose public BufferLifetimeAnalysis.h the pass uses.",
        ],
    },
    {
        "name": "no-alias-function-results",
        "title": "The no-alias function boundary ABI",
        "files": [
            r"/UnaliasFunctionResults\.cpp$",
            r"/FreshBufferResultsToOutParams\.cpp$",
            r"^mlir/(include/mlir|lib)/Dialect/Bufferization/Transforms/BufferABI\.(h|cpp)$",
            r"/fresh-buffer-results-[\w-]*\.mlir$",
            r"^mlir/(include/mlir|lib)/Dialect/Func/Transforms/BufferViewFlowOpInterfaceImpl\.(h|cpp)$",
            r"/unalias-function-results[\w-]*\.mlir$",
            r"^mlir/test/Integration/.*/(dealloc-no-alias-results|dealloc-loop-state-call-results|free-call-arguments-early|free-after-releasing-calls)",
            r"^mlir/docs/FunctionBoundaryABI\.md$",
        ],
        "passes": ["unalias-function-results", "fresh-buffer-results-to-out-params"],
        "notes": [
            "The attribute buffer_abi.no_alias_results would become a "
            "discardable attribute of the bufferization dialect "
            "(bufferization.no_alias_results), which its verifier must then "
            "accept.",
        ],
    },
    {
        "name": "manual-deallocation",
        "title": "Buffers freed by hand, and a re-entrant pipeline",
        "files": [
            r"/ManualDeallocation\.cpp$",
            r"/mark-manual-deallocations[\w-]*\.mlir$",
            r"^mlir/test/Dialect/Bufferization/Pipelines/buffer-deallocation-pipeline-twice\.mlir$",
            r"^mlir/test/Integration/.*/dealloc-manual-and-twice",
            r"^mlir/docs/ManualDeallocation\.md$",
        ],
        "passes": [
            "mark-manual-deallocations",
            "manual-aware-ownership-based-deallocation",
        ],
        "notes": [
            "In tree, manual-aware-ownership-based-deallocation would rather be "
            "an option of ownership-based-buffer-deallocation that skips "
            "functions marked buffer_abi.manual_deallocation.",
        ],
    },
    {
        "name": "stack-promotion",
        "title": "Small temporaries on the stack",
        "files": [
            r"/PromoteTemporariesToStack\.cpp$",
            r"/promote-temporaries-to-stack[\w-]*\.mlir$",
            r"^mlir/docs/StackPromotion\.md$",
        ],
        "passes": ["promote-temporaries-to-stack"],
        "notes": [
            "In tree, this pass would replace promote-buffers-to-stack's "
            "implementation or sit next to it under the name used here.",
        ],
    },
    {
        "name": "merge-alloc",
        "title": "merge-alloc: temporaries planned into one buffer per scope",
        "files": [
            r"^mlir/(include/mlir|lib)/Dialect/MemRef/Transforms/(MergeAlloc|StaticMemoryPlanner|TickBasedMergeAlloc)",
            r"^mlir/include/mlir/Dialect/MemRef/Transforms/MergeAllocPasses\.td$",
            r"^mlir/unittests/Dialect/MemRef/",
            r"^mlir/test/Dialect/MemRef/Transforms/merge-alloc",
            r"^mlir/test/Integration/Dialect/MemRef/",
            r"^mlir/test/Unit/static-memory-planner\.test$",
            r"^mlir/docs/MergeAlloc\.md$",
            r"^mlir/docs/images/merge-alloc-plan\.",
        ],
        "passes": ["merge-alloc"],
        "notes": [
            "Add Dialect/MemRef/StaticMemoryPlannerTest.cpp to "
            "mlir/unittests/Dialect/MemRef/CMakeLists.txt "
            "(add_mlir_unittest(MLIRMemRefTests ...)); the lit wrapper "
            "test/Unit/static-memory-planner.test is then not needed.",
            "The collector asks the series' BufferLifetimeAnalysis whether a "
            "callee keeps a buffer passed to it, so MLIRMemRefTransforms "
            "links MLIRBufferizationTransforms, which depends on the MemRef "
            "dialect only.",
        ],
    },
    {
        "name": "dealloc-simplification",
        "title": "Simplify bufferization.dealloc in near-linear time",
        "files": [
            r"/SimplifyBufferDeallocations\.cpp$",
            r"/simplify-buffer-deallocations[\w-]*\.mlir$",
            r"^mlir/test/Dialect/Bufferization/Transforms/Inputs/wide-dealloc\.py$",
            r"^mlir/test/Integration/.*/dealloc-split-wide-dealloc",
        ],
        "passes": ["simplify-buffer-deallocations"],
        "notes": [
            "In tree, this is a fix of llvm-project issue #219740 rather than "
            "a new pass: the origin index replaces the pair-wise queries of "
            "the patterns in "
            "mlir/lib/Dialect/Bufferization/Transforms/"
            "BufferDeallocationSimplification.cpp, the pass keeps upstream's "
            "name buffer-deallocation-simplification, and the pipeline option "
            "stock-dealloc-simplification is not needed.",
        ],
    },
    {
        "name": "pipeline",
        "title": "buffer-deallocation-pipeline with a switch per stage",
        "files": [
            r"^mlir/(include/mlir|lib)/Dialect/Bufferization/Pipelines/DeallocationPipeline\.(h|cpp)$",
            r"^mlir/test/Dialect/Bufferization/Pipelines/",
            r"^mlir/docs/BufferDeallocationPipeline\.md$",
        ],
        "passes": [],
        "notes": [
            "Merge DeallocationPipelineOptions into upstream's "
            "BufferDeallocationPipelineOptions "
            "(mlir/include/mlir/Dialect/Bufferization/Pipelines/Passes.h) and "
            "the stages into buildBufferDeallocationPipeline "
            "(mlir/lib/Dialect/Bufferization/Pipelines/BufferizationPipelines.cpp); "
            "registerBufferDeallocationPipeline and the plugin's "
            "optimized-buffer-deallocation-pipeline are then not needed.",
        ],
    },
    {
        "name": "execution-testing",
        "title": "Allocation tracker, execution tests, fuzzer and benchmarks",
        "files": [
            r"^mlir/lib/ExecutionEngine/AllocTracker\.cpp$",
            r"^mlir/test/mlir-runner/",
            r"^mlir/test/(fuzz|bench)/",
            r"^mlir/test/lib/Dialect/Bufferization/TestInstrumentBufferUses\.cpp$",
            r"/test-instrument-buffer-uses\.mlir$",
            r"^mlir/test/Integration/.*/live-bytes-bound\.mlir$",
            r"^mlir/docs/DeallocationFuzzer\.md$",
        ],
        "passes": [],
        "notes": [
            "Build the tracker as mlir_alloc_tracker next to mlir_runner_utils "
            "in mlir/lib/ExecutionEngine/CMakeLists.txt and add it to "
            "MLIR_TEST_DEPENDS; give mlir/test/lit.cfg.py the substitutions "
            "%alloc_tracker, %lower-to-llvm and %run-tracked.",
            "The fuzzer and benchmark runner (utils/fuzz, utils/bench) would go "
            "to mlir/utils/.",
            "TestInstrumentBufferUses.cpp joins MLIRBufferizationTestPasses in "
            "mlir/test/lib/Dialect/Bufferization, registered by "
            "registerTestPasses() in mlir/tools/mlir-opt/mlir-opt.cpp.",
        ],
    },
    {
        "name": "out-of-tree-glue",
        "title": "Out-of-tree glue, not part of the patches",
        "files": [
            r"(^|/)CMakeLists\.txt$",
            r"^mlir/include/mlir/Dialect/Bufferization/Transforms/BufferOptimization(Passes\.td|Passes\.h|\.h)$",
            r"^mlir/tools/",
            r"^mlir/test/(lit\.cfg\.py|lit\.site\.cfg\.py\.in)$",
            r"^mlir/test/Plugin/",
            r"^mlir/test/mlir-opt/",
            r"^mlir/test/docs/",
            r"^mlir/test/Sanitizers/",
            r"^mlir/docs/SanitizerBuild\.md$",
        ],
        "passes": [],
        "notes": [
            "The checking build (BUFFER_OPT_ENABLE_SANITIZERS, "
            "mlir/docs/SanitizerBuild.md) stands in for upstream's sanitizer "
            "and assertion bots (LLVM_USE_SANITIZER, LLVM_ENABLE_ASSERTIONS), "
            "which instrument all of MLIR.",
            "BufferOptimizationPasses.td, MergeAllocPasses.td, "
            "ReuseDyingInputsPasses.td and the pass declarations in "
            "BufferOptimizationPasses.h, MergeAllocPasses.h and "
            "ReuseDyingInputsPasses.h move into upstream's Passes.td and "
            "Passes.h (edits listed per capability); the entry points of "
            "BufferOptimization.h join upstream's Transforms.h.",
            "tools/mlir-opt: upstream's mlir-opt registers the passes through "
            "registerAllPasses() and the models through registerAllDialects(); "
            "the plugin is for stock tools only.",
        ],
    },
]


def list_files(root):
    """The files under mlir/: tracked ones in a git checkout, else all."""
    try:
        if not os.path.exists(os.path.join(root, ".git")):
            raise OSError("not a git checkout")
        out = subprocess.run(
            ["git", "-C", root, "ls-files", "mlir"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        files = [f for f in out.splitlines() if f]
        if files:
            return sorted(files)
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for directory, _, names in os.walk(os.path.join(root, "mlir")):
        for name in names:
            files.append(os.path.relpath(os.path.join(directory, name), root))
    return sorted(files)


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def parse_passes(root, files):
    """Returns {pass argument: (td file, def name, dialect)}."""
    passes = {}
    for path in files:
        if not path.endswith(".td") or "/Transforms/" not in path:
            continue
        dialect = path.split("/Dialect/")[1].split("/")[0]
        for match in re.finditer(
            r'^def (\w+)\s*:\s*Pass<"([\w-]+)"',
            read(root, path),
            re.MULTILINE,
        ):
            passes[match.group(2)] = (path, match.group(1), dialect)
    return passes


def registration_functions(root, path):
    """The `register...` functions that a header declares."""
    return re.findall(r"^void (register\w+)\(", read(root, path), re.MULTILINE)


def edits_for(capability, files, passes, root):
    edits = []
    for name in capability["passes"]:
        td, def_name, dialect = passes[name]
        edits.append(
            f"{PASSES_TD[dialect]}: add `def {def_name}` (pass `{name}`), "
            f"moved from {td}"
        )
    sources = [f for f in files if f.endswith(".cpp") and f.startswith("mlir/lib/")]
    for source in sources:
        directory, name = os.path.split(source)
        if directory not in LIBRARIES:
            continue
        cmake_lib, bazel_target = LIBRARIES[directory]
        edits.append(f"{directory}/CMakeLists.txt: add {name} to {cmake_lib}")
        edits.append(
            f"{OVERLAY}: {bazel_target} takes {name} through its glob of "
            f"{directory.replace('mlir/', '', 1)}/*.cpp; no edit"
        )
    for header in files:
        if header.endswith("OpInterfaceImpl.h"):
            for function in registration_functions(root, header):
                edits.append(
                    f"mlir/lib/RegisterAllDialects.cpp: call {function}(registry) "
                    f"(declared in {header.replace('mlir/include/', '', 1)})"
                )
            dialect = header.split("/Dialect/")[1].split("/")[0]
            edits.append(
                f"{OVERLAY}: add the Bufferization dialect deps that "
                f"{header.rsplit('/', 1)[1]} includes to {dialect}Transforms"
            )
    if capability["passes"]:
        dialects = sorted({passes[name][2] for name in capability["passes"]})
        for dialect in dialects:
            passes_h = PASSES_TD[dialect].replace(".td", ".h")
            edits.append(
                f"{passes_h}: the "
                "declarations come from GEN_PASS_DECL; registration from "
                "GEN_PASS_REGISTRATION, which registerAllPasses() already calls"
            )
    return edits + capability["notes"]


def assign(files):
    """Returns ({capability name: [files]}, [problems]); first match wins."""
    assigned = {c["name"]: [] for c in CAPABILITIES}
    problems = []
    for path in files:
        owners = [
            c["name"]
            for c in CAPABILITIES
            if any(re.search(pattern, path) for pattern in c["files"])
        ]
        if not owners:
            problems.append(f"{path}: belongs to no capability")
            continue
        assigned[owners[0]].append(path)
    return assigned, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--root",
        default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        help="the project's root (default: this script's)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--check",
        action="store_true",
        help="fail if a file or pass belongs to no capability",
    )
    args = parser.parse_args()

    files = list_files(args.root)
    assigned, problems = assign(files)
    passes = parse_passes(args.root, files)
    claimed = [p for c in CAPABILITIES for p in c["passes"]]
    for name in sorted(passes):
        if name not in claimed:
            problems.append(f"pass {name}: belongs to no capability")
    for name in claimed:
        if name not in passes:
            problems.append(f"pass {name}: claimed but not declared in a .td file")
    if problems and args.check:
        for problem in problems:
            print(f"error: {problem}")
        return 1

    report = []
    for index, capability in enumerate(CAPABILITIES, 1):
        own = assigned[capability["name"]]
        report.append(
            {
                "patch": index,
                "name": capability["name"],
                "title": capability["title"],
                "passes": capability["passes"],
                "files": own,
                "edits": edits_for(capability, own, passes, args.root),
            }
        )

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        for entry in report:
            print(f"## Patch {entry['patch']}: {entry['title']} ({entry['name']})")
            if entry["passes"]:
                print("\nPasses: " + ", ".join(f"-{p}" for p in entry["passes"]))
            print("\nFiles, at their llvm-project paths:\n")
            for path in entry["files"]:
                print(f"    {path}")
            if entry["edits"]:
                print("\nIn-tree edits:\n")
                for edit in entry["edits"]:
                    print(f"  * {edit}")
            print()
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    print(
        f"{len(files)} files and {len(passes)} passes in "
        f"{len(CAPABILITIES)} capabilities",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
