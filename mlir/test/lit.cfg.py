# -*- Python -*-
"""lit configuration of the buffer deallocation and reuse series.

Tests run the series' `mlir-opt` under its plain name, as upstream's tests do.
The stock tool of the installed MLIR is `%stock_mlir_opt`.
"""

import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "MLIR_BUFFER_OPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.buffer_opt_obj_root, "mlir", "test")

llvm_config.use_default_substitutions()

stock_mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")

# The checking build (BUFFER_OPT_ENABLE_SANITIZERS): a sanitizer report
# aborts, so that it fails the test even under `not`, and leaks of the
# series' tools are reported. The plugin is instrumented too; the stock tool
# that loads it needs the runtime preloaded.
if config.buffer_opt_sanitizers:
    config.available_features.add("sanitizers")
    config.environment["ASAN_OPTIONS"] = "abort_on_error=1:detect_leaks=1"
    config.environment["UBSAN_OPTIONS"] = "abort_on_error=1:print_stacktrace=1"
    stock_mlir_opt = "env LD_PRELOAD=%s %s" % (config.asan_runtime, stock_mlir_opt)
our_mlir_opt = os.path.join(config.buffer_opt_tools_dir, "mlir-opt")
mlir_runner = os.path.join(config.llvm_tools_dir, "mlir-runner")


def lib(directory, name):
    return os.path.join(directory, name + config.shlib_ext)


runner_utils = lib(config.mlir_lib_dir, "libmlir_runner_utils")
c_runner_utils = lib(config.mlir_lib_dir, "libmlir_c_runner_utils")
async_runtime = lib(config.mlir_lib_dir, "libmlir_async_runtime")
alloc_tracker = lib(config.buffer_opt_lib_dir, "libmlir_alloc_tracker")
plugin = lib(config.buffer_opt_lib_dir, "MLIRBufferOptPlugin")

with open(
    os.path.join(config.buffer_opt_src_root, "utils", "lower-to-llvm.pipeline")
) as f:
    lowering = f.read().strip()

# Lowering to LLVM with the generic allocation functions, which the tracker
# implements, and a run of `main` with the tracker loaded.
lower_to_llvm = "%s --pass-pipeline='%s'" % (our_mlir_opt, lowering)
run_tracked = "%s -e main -entry-point-result=void -shared-libs=%s,%s,%s" % (
    mlir_runner,
    runner_utils,
    c_runner_utils,
    alloc_tracker,
)

# The deallocation fuzzer (utils/fuzz), on the tools of this build.
fuzz = "%s %s --mlir-opt %s --tracker %s --llvm-prefix %s" % (
    sys.executable,
    os.path.join(config.buffer_opt_src_root, "utils", "fuzz", "fuzz.py"),
    our_mlir_opt,
    alloc_tracker,
    os.path.dirname(config.llvm_tools_dir),
)

# The benchmark runner (utils/bench), on the tools of this build.
bench = "%s %s --build-dir %s --llvm-prefix %s" % (
    sys.executable,
    os.path.join(config.buffer_opt_src_root, "utils", "bench", "bench.py"),
    config.buffer_opt_obj_root,
    os.path.dirname(config.llvm_tools_dir),
)

# Draws merge-alloc's JSON plans (utils/merge-alloc).
plan_to_svg = "%s %s" % (
    sys.executable,
    os.path.join(config.buffer_opt_src_root, "utils", "merge-alloc", "plan_to_svg.py"),
)

# Checks mlir/docs against the pass reference generated from TableGen (the
# `mlir-doc` target) and the pipeline's options.
check_docs = "%s %s --pipeline-header %s" % (
    sys.executable,
    os.path.join(config.buffer_opt_src_root, "utils", "check-docs.py"),
    os.path.join(
        config.buffer_opt_src_root,
        "mlir/include/mlir/Dialect/Bufferization/Pipelines/DeallocationPipeline.h",
    ),
)

# Lists the series as upstream patches (utils/upstream-layout.py).
upstream_layout = "%s %s" % (
    sys.executable,
    os.path.join(config.buffer_opt_src_root, "utils", "upstream-layout.py"),
)

config.substitutions.extend(
    [
        ("%upstream_layout", upstream_layout),
        ("%buffer_opt_src_root", config.buffer_opt_src_root),
        ("%check_docs", check_docs),
        ("%docs_src_dir", os.path.join(config.buffer_opt_src_root, "mlir", "docs")),
        ("%docs_gen_dir", os.path.join(config.buffer_opt_obj_root, "docs")),
        ("%plan_to_svg", plan_to_svg),
        ("%fuzz", fuzz),
        ("%bench", bench),
        ("%stock_mlir_opt", stock_mlir_opt),
        ("%mlir_runner_utils", runner_utils),
        ("%mlir_c_runner_utils", c_runner_utils),
        ("%mlir_async_runtime", async_runtime),
        ("%alloc_tracker", alloc_tracker),
        ("%buffer_opt_plugin", plugin),
        ("%lower-and-run-tracked", lower_to_llvm + " | " + run_tracked),
        ("%lower-to-llvm", lower_to_llvm),
        ("%run-tracked", run_tracked),
        ("%shlibext", config.shlib_ext),
    ]
)

llvm_config.with_system_environment(["HOME", "TMPDIR"])
# `not`, `count` and friends are in the LLVM tools directory, which is not on
# PATH on Debian; the series' tools come first.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.buffer_opt_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    [ToolSubst("mlir-opt", our_mlir_opt, unresolved="fatal")], []
)
llvm_config.add_tool_substitutions(
    ["mlir-runner", "split-file"], [config.llvm_tools_dir]
)
